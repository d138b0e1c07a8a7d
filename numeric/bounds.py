"""The one module of named floating-point constants and a-priori error-bound formulas, each with its reason.

Every bound is written twice on purpose: as a Python function over exact Fractions (used by numeric/ to
decide a verdict) and as an expression string in the kernel's syntax (frozen in verify/kernel/specs/num_checks.json
and re-evaluated exactly by the kernel kind float_bound). tests/test_numeric_bounds.py checks they agree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

__all__ = [
    "U",
    "U_LONGDOUBLE",
    "SHADOW_SAFETY",
    "FFT_ETA_UNITS",
    "CMUL_GAMMA2_FACTOR",
    "ACCURACY_LOST",
    "CERT_BITS",
    "CAP_SAFETY",
    "EXACT_CAP_SLACK",
    "VALUES",
    "gamma",
    "mu",
    "round_up",
    "exact",
    "FORMULAS",
    "evaluate",
]

# Unit roundoff of IEEE binary64 (round to nearest): |fl(x) - x| <= u |x| for normal results.
U = Fraction(1, 2**53)
# Unit roundoff of x87 80-bit extended precision (numpy.longdouble on x86-64, 64-bit significand), used only for
# the reference evaluation of the Appendix A study; numeric.features refuses to run where longdouble is narrower.
U_LONGDOUBLE = Fraction(1, 2**64)
# Shadow passes (norms of absolute values) are themselves computed in float64; a sum of N nonnegative terms has
# relative error at most gamma_N, and every check asserts N u <= 1/4 (so gamma_N <= 1/3), so doubling a shadow value
# makes it an upper bound of the exact quantity.
SHADOW_SAFETY = 2
# Relative error added per butterfly level of an FFT (Higham, Accuracy and Stability, Thm 24.2): eta = mu + gamma_4
# (sqrt 2 + mu), mu the twiddle error. With mu <= 2u (pocketfft in numpy/torch-CPU rounds exactly computed twiddles,
# mu <= u; cuFFT does not document its twiddle accuracy, 2u is assumed) eta < 7.66 u; 8 u rounds it up. The FFT length
# is a power of two, so the transform is log2 N such levels (pocketfft's radix-4 passes are two levels each).
FFT_ETA_UNITS = 8
# A complex product computed with real arithmetic has |fl(xy) - xy| <= sqrt(2) gamma_2 |xy| (Higham Lemma 3.5);
# 3/2 > sqrt(2) keeps the constant rational.
CMUL_GAMMA2_FACTOR = Fraction(3, 2)
# The study of the paper's raw features calls accuracy "lost" once the error exceeds 2^-26 of the output scale:
# half of the 53 significant bits are gone.
ACCURACY_LOST = 2.0**-26
# Certificates carry measured errors and shadow norms rounded UP to this many significant bits, so that last-bit
# differences between BLAS/FFT builds rarely change a certificate; rounding up keeps every inequality valid.
CERT_BITS = 8
# Caps (numeric/caps.py): a shadow value in a certificate is SHADOW_SAFETY times a float64 sum of nonnegative terms
# (relative error <= gamma_N <= 1/3, and in practice far less) rounded up to CERT_BITS bits (< 2^-7), taken over
# computed intermediates (states, powers, transforms) that differ from the exact ones by at most their own, tiny,
# rounding-error bound; 2 (1 + 1/3)(1 + 2^-7) < 2.7, so CAP_SAFETY = 3 times an exact a-priori bound of the exact
# quantity bounds every honest value with room to spare.
CAP_SAFETY = 3
# A value computed exactly (from the exact construction: A1, Y0, Y1, CF, geo) and rounded up to CERT_BITS bits is at
# most (1 + 2^-7)(1 + u) times its exact expression (u for a float64 coefficient read from the goal instead of the
# exact rational): 65/64 bounds that factor.
EXACT_CAP_SLACK = Fraction(65, 64)


def gamma(n: int, u: Fraction = U) -> Fraction:
    """gamma_n = n u / (1 - n u), the standard bound for n successive roundings (requires n u < 1)."""
    if n * u >= 1:
        raise ValueError(f"gamma_{n} undefined: n u >= 1")
    return n * u / (1 - n * u)


def mu(u: Fraction = U) -> Fraction:
    """Relative error bound of one complex multiplication, (3/2) gamma_2 >= sqrt(2) gamma_2."""
    return CMUL_GAMMA2_FACTOR * gamma(2, u)


def round_up(x: float | Fraction, bits: int = CERT_BITS) -> Fraction:
    """The smallest dyadic with `bits` significant bits that is >= x >= 0 (NaN, Inf and negatives are refused)."""
    if not isinstance(x, Fraction):
        if not math.isfinite(x) or x < 0:
            raise ValueError(f"cannot round {x!r} up to an exact dyadic")
        x = exact(x)
    if x < 0:
        raise ValueError(f"cannot round {x} up: negative")
    if x == 0:
        return Fraction(0)
    e = x.numerator.bit_length() - x.denominator.bit_length()  # 2^(e-1) < x < 2^(e+1)
    scale = Fraction(2) ** (bits - e)
    return Fraction(math.ceil(x * scale)) / scale


def exact(x: float) -> Fraction:
    """The exact rational value of a finite float."""
    if not math.isfinite(x):
        raise ValueError(f"{x!r} is not finite")
    return Fraction(*float(x).as_integer_ratio())


def _g(n: str) -> str:
    """gamma_n in kernel syntax for an integer expression n."""
    return f"(({n})*u/(1-({n})*u))"


_MU = f"(3/2*{_g('2')})"
_GEO_FACTS = {
    "contractive": [{"lhs": "geo*(1-A_gram)", "op": ">=", "rhs": "2"}],
    "isometric": [{"lhs": "A_gram", "op": "<=", "rhs": "1"}, {"lhs": "geo", "op": ">=", "rhs": "n"}],
}

# Recurrence h_i = A h_{i-1} + B x_i, y_i = C h_i (Thm 4.4 setting). With rho = ||A||_2 (rho^2 <= A_gram) and
# geo >= sum_{t<n} rho^t: ||e_i||_2 <= geo * gamma_{m+d} * D, D >= max_i || |A||h_{i-1}| + |B||x_i| ||_2, and the
# output adds gamma_m |C||h_i| (<= Y); ||C e||_inf <= CF ||e||_2 with CF^2 >= ||C||_F^2.
_REC = f"CF*geo*{_g('m+d')}*D + {_g('m')}*Y"
# Chunked scan: local recurrences (eL), a power table A^t for t <= Lc (error eps), carried boundary states (eH).
_EL = f"(geo*{_g('m+d')}*Dl)"
_EPS = f"(geo*{_g('m')}*P)"
_EH = f"(geo*({_EPS}*Hm + {_EL} + {_g('m+1')}*Cm))"
_SCAN = f"CF*({_EL} + {_EPS}*Hm + {_EH} + {_g('m+1')}*G) + {_g('m')}*Ys"
# Impulse responses W(tau) = C A^tau B from the power recurrence: sum_tau max|W^(tau) - W(tau)| <= EW.
_EW = f"(CF*geo*{_g('m')}*Psum + {_g('m')}*Ysum)"
_DIRECT = f"d*X*{_EW} + {_g('n*d')}*Z"
# One FFT convolution of a (real, length n) with b (complex, packed pairs of columns), FFT length N >= 2n a power
# of two: per transform ||fft^(v) - fft(v)||_2 <= E ||fft(v)||_2, E = log2(N) eta / (1 - log2(N) eta); the pointwise
# product adds mu. Norms a1 = ||a||_1 >= ||fft a||_inf, a2 = ||a||_2, b2 = ||b||_2 and the computed transforms' maxima
# aF = ||fft^ a||_inf, bF = ||fft^ b||_inf; every term is divided by sqrt(N) already (Parseval), so s is not needed.
_E = f"(N_log2*{FFT_ETA_UNITS}*u/(1-N_log2*{FFT_ETA_UNITS}*u))"
_DP = f"({_E}*a2*bF + a1*{_E}*b2 + {_MU}*aF*(1+{_E})*b2)"
_FFT = f"((1+u)*({_DP} + {_E}*(a1*b2 + {_DP})) + u*a1*b2)"
_FFTCONV = f"d*X*{_EW} + d*{_FFT} + {_g('d')}*d*Z"
# k-head form: c_{tau,h} = Re sum_l beta_{hl} lambda_l^tau from a cumulative product (depth tau + M + 3 in mu units);
# sum_tau |c^ - c| <= 2 mu / (1 - 2 (n+M+3) mu) (ST + (M+3) S1); FFT convolutions per head; the head sum adds
# gamma_{kd}.
_DC = f"(2*{_MU}/(1-2*(n+M+3)*{_MU})*(ST + (M+3)*S1))"
_HEADS = f"Vcat_rowsum*(X*{_DC} + {_FFT}) + (u + {_g('k*d')}*(1+u))*Vcat_rowsum*Z"
# Appendix A stable chunked evaluation (no cancellation, nonnegative combinations): ((1+mu)^Dp - 1) ybar for the
# float64 run and the same with the longdouble roundoff v = 2^-64 for the reference; ybar >= the absolute-value
# evaluation. v is a constant of the formula (it is subtracted in gamma_2(v), so it cannot be a supplied value).
_V = f"(1/{U_LONGDOUBLE.denominator})"
_MUV = f"(3/2*(2*{_V}/(1-2*{_V})))"
_STABLE = f"(DP*{_MU}/(1-DP*{_MU}) + DP*{_MUV}/(1-DP*{_MUV}))*Ybar"
_RAW = f"DR*{_MU}/(1-DR*{_MU})*Yraw + DP*{_MUV}/(1-DP*{_MUV})*Ybar"

# Chunked k-head form (numeric.ssm.heads_chunked, chunks of L, FFT length NL = 2L): every operation rounds as
# fl(a op b) = (a op b)(1 + delta) with |delta| <= mu (complex products, Higham Lemma 3.5; u <= mu for additions
# and real products; a computed twiddle counts twice, an input rounded from an exact rational (beta, lambda) once).
# Expanding the computation into monomials in its inputs, a monomial carrying F such factors is off by at most
# ((1 + mu)^F - 1) |monomial| <= F mu/(1 - (DM + DL) mu) |monomial| (DM + DL >= every F). Factor counts:
# lambda^t by cumulative
# products 2t; c_{tau,h} (tau < L) 2L + M - 1; per FFT level 4 (twiddle 2, product, sum); the local part y_loc
# DL = (2L + M - 1) + 12 log2(NL) + k + d + 1; the carried part from a chunk j + 1 chunks back
# F0 + j(2L + 2), F0 = 5L + k + d + M + 1 (chunk-end sums 3L - 2, one more addition, readout 2L + k + d + M + 1,
# the final sum), j <= Q - 2. Summing |monomials| (an FFT convolution of a with b gives ||a||_1 ||b||_1 on absolute
# values): |error| <= mu/(1 - (DM + DL) mu) (DL Vcat_rowsum A1 2 L X + F0 Y0 + (2L + 2) Y1), with A1 >= max_h
# sum_{tau<L} sum_l |lambda_l|^tau |beta_hl|, Y0 >= X max_r sum_l W_rl B_l sum_j rho_l^j, Y1 >= X max_r sum_l W_rl
# B_l sum_j j rho_l^j (W_rl = sum_h |beta_hl| sum_c |V^(h)_rc|, B_l >= sum_{t<L} |lambda_l|^t, rho_l = |lambda_l|^L,
# j < Q - 1), computed exactly from the exact construction by numeric.chunked.
_DL = "(3*L+M+12*NL_log2+k+d)"
_F0 = "(5*L+k+d+M+1)"
_DM = f"({_F0}+(Q-2)*(2*L+2))"
_CHUNKED = f"({_MU}/(1-({_DM}+{_DL})*{_MU}))*({_DL}*Vcat_rowsum*A1*2*L*X + {_F0}*Y0 + (2*L+2)*Y1)"

# k-head form by chunks (numeric.heads_local.heads_local, num.thm4.4): inside each chunk of L positions the heads
# attend exactly as the full-length k-head form run on that chunk alone (c_{tau,h} for tau < L, one FFT convolution
# of length NL = 2L per head and packed input pair, the k d-term head sum), so its error is _HEADS with n -> L, N -> NL
# and the values taken as maxima over the chunks (_HEADS_AT_L); the earlier chunks' part is the carried modal states
# of heads_chunked, same operations, so its monomials keep the factor counts F0 + j (2L + 2) (the final sum local +
# carried included) and its error is the carried terms of _CHUNKED; the final sum rounds the local part once more:
# u |y_loc^| <= u (1 + u)(1 + gamma_{kd}) Vcat_rowsum Z (V rounded once, k d products summed).
_HEADS_AT_L = _HEADS.replace("(n+M+3)", "(L+M+3)").replace("N_log2", "NL_log2")
_LOCAL_SUM = f"u*(1+u)*(1+{_g('k*d')})*Vcat_rowsum*Z"
_CARRIED = f"({_MU}/(1-({_DM}+{_DL})*{_MU}))*({_F0}*Y0 + (2*L+2)*Y1)"
_HEADS_LOCAL = f"{_HEADS_AT_L} + {_LOCAL_SUM} + {_CARRIED}"

_DEPTHS = {"DP": "((n/L+4)*(L+q+3))", "DR": "(3*n+2*q+10)"}
_SAFE = [{"lhs": "4*(n*d+n+m+k*d+64)*u", "op": "<=", "rhs": "1"}]
# The chunk grid (NL = 2L a power of two, Q chunks covering n) and the carried-state safety fact, shared by the two
# chunk-by-chunk bounds (heads_chunked, heads_local).
_CHUNK_GRID = [
    {"lhs": "NL", "op": "==", "rhs": "2*L"},
    {"lhs": "NL_pow2", "op": "==", "rhs": "1"},
    {"lhs": "Q*L", "op": ">=", "rhs": "n"},
    {"lhs": "Q", "op": ">=", "rhs": "2"},
]
_CARRIED_SAFE = {"lhs": f"4*({_DM}+{_DL})*{_MU}", "op": "<=", "rhs": "1"}
FORMULAS: dict[str, dict] = {
    "recurrence": {"bound": _REC, "facts": _SAFE + [{"lhs": "CF^2", "op": ">=", "rhs": "C_frob2"}]},
    "scan": {"bound": _SCAN, "facts": _SAFE + [{"lhs": "CF^2", "op": ">=", "rhs": "C_frob2"}]},
    "direct": {"bound": _DIRECT, "facts": _SAFE + [{"lhs": "CF^2", "op": ">=", "rhs": "C_frob2"}]},
    "fft": {
        "bound": _FFTCONV,
        "facts": _SAFE
        + [
            {"lhs": "CF^2", "op": ">=", "rhs": "C_frob2"},
            {"lhs": "N_pow2", "op": "==", "rhs": "1"},
            {"lhs": "N", "op": ">=", "rhs": "2*n"},
        ],
    },
    "heads": {
        "bound": _HEADS,
        "facts": _SAFE
        + [
            {"lhs": "N_pow2", "op": "==", "rhs": "1"},
            {"lhs": "N", "op": ">=", "rhs": "2*n"},
            {"lhs": "4*(n+M+3)*(3/2*(2*u/(1-2*u)))", "op": "<=", "rhs": "1"},
        ],
    },
    "heads_chunked": {
        "bound": _CHUNKED,
        "facts": _SAFE + _CHUNK_GRID + [_CARRIED_SAFE],
    },
    "heads_local": {
        "bound": _HEADS_LOCAL,
        "facts": _SAFE
        + _CHUNK_GRID
        + [{"lhs": "4*(L+M+3)*(3/2*(2*u/(1-2*u)))", "op": "<=", "rhs": "1"}, _CARRIED_SAFE],
    },
    "stable": {"bound": _STABLE, "facts": [{"lhs": "4*DP*(3/2*(2*u/(1-2*u)))", "op": "<=", "rhs": "1"}]},
    "raw": {"bound": _RAW, "facts": [{"lhs": "4*DR*(3/2*(2*u/(1-2*u)))", "op": "<=", "rhs": "1"}]},
}
for _f in ("stable", "raw"):
    for _k, _v in _DEPTHS.items():
        FORMULAS[_f]["bound"] = FORMULAS[_f]["bound"].replace(_k, _v)
        for _fact in FORMULAS[_f]["facts"]:
            _fact["lhs"] = _fact["lhs"].replace(_k, _v)
GEO_FACTS = _GEO_FACTS
__all__ += ["GEO_FACTS"]
_SSM = ("CF", "geo")
# The values a certificate supplies to each formula (each needs an exact cap in the goal, numeric/caps.py).
VALUES: dict[str, tuple[str, ...]] = {
    "recurrence": (*_SSM, "D", "Y"),
    "scan": (*_SSM, "Dl", "P", "Hm", "Cm", "G", "Ys"),
    "direct": (*_SSM, "X", "Psum", "Ysum", "Z"),
    "fft": (*_SSM, "X", "Psum", "Ysum", "a1", "a2", "b2", "aF", "bF", "Z"),
    "heads": ("X", "S1", "ST", "a1", "a2", "b2", "aF", "bF", "Z"),
    "heads_chunked": ("X", "A1", "Y0", "Y1"),
    "heads_local": ("X", "S1", "ST", "a1", "a2", "b2", "aF", "bF", "Z", "Y0", "Y1"),
    "stable": ("Ybar",),
    "raw": ("Ybar", "Yraw"),
}


def evaluate(name: str, env: Mapping[str, Fraction | int]) -> Fraction:
    """The bound `name` as an exact Fraction, computed by Python code written independently of the string form."""
    e = {k: Fraction(v) for k, v in env.items()}
    u = e.get("u", U)

    def g(n: Fraction) -> Fraction:
        """gamma_n at the unit roundoff u of this evaluation."""
        return n * u / (1 - n * u)

    m_mu = CMUL_GAMMA2_FACTOR * g(Fraction(2))
    if name in ("recurrence", "scan", "direct", "fft"):
        m, d, geo, cf = e["m"], e["d"], e.get("geo", 0), e.get("CF", 0)
    if name == "recurrence":
        return cf * geo * g(m + d) * e["D"] + g(m) * e["Y"]
    if name == "scan":
        el = geo * g(m + d) * e["Dl"]
        eps = geo * g(m) * e["P"]
        eh = geo * (eps * e["Hm"] + el + g(m + 1) * e["Cm"])
        return cf * (el + eps * e["Hm"] + eh + g(m + 1) * e["G"]) + g(m) * e["Ys"]
    if name in ("direct", "fft"):
        ew = cf * geo * g(m) * e["Psum"] + g(m) * e["Ysum"]
        if name == "direct":
            return d * e["X"] * ew + g(e["n"] * d) * e["Z"]
        return d * e["X"] * ew + d * _fft(e, u, m_mu) + g(d) * d * e["Z"]
    if name == "heads":
        dc = 2 * m_mu / (1 - 2 * (e["n"] + e["M"] + 3) * m_mu) * (e["ST"] + (e["M"] + 3) * e["S1"])
        vrow = e["Vcat_rowsum"]
        return vrow * (e["X"] * dc + _fft(e, u, m_mu)) + (u + g(e["k"] * e["d"]) * (1 + u)) * vrow * e["Z"]
    if name == "heads_local":  # the full-length k-head form at length L (FFT length NL), then the carried part
        at_l = {**e, "n": e["L"], "N": e["NL"], "N_log2": e["NL_log2"]}
        local = evaluate("heads", at_l)
        kd = e["k"] * e["d"]
        local_sum = u * (1 + u) * (1 + g(kd)) * e["Vcat_rowsum"] * e["Z"]
        L, Q, M, k, d = e["L"], e["Q"], e["M"], e["k"], e["d"]
        depth_loc = 3 * L + M + 12 * e["NL_log2"] + k + d
        f0 = 5 * L + k + d + M + 1
        depth_max = f0 + (Q - 2) * (2 * L + 2)
        carried = m_mu / (1 - (depth_max + depth_loc) * m_mu) * (f0 * e["Y0"] + (2 * L + 2) * e["Y1"])
        return local + local_sum + carried
    if name == "heads_chunked":
        L, Q, M, k, d = e["L"], e["Q"], e["M"], e["k"], e["d"]
        depth_loc = 3 * L + M + 12 * e["NL_log2"] + k + d
        f0 = 5 * L + k + d + M + 1
        depth_max = f0 + (Q - 2) * (2 * L + 2)
        local = depth_loc * e["Vcat_rowsum"] * e["A1"] * 2 * L * e["X"]
        return m_mu / (1 - (depth_max + depth_loc) * m_mu) * (local + f0 * e["Y0"] + (2 * L + 2) * e["Y1"])
    mv = CMUL_GAMMA2_FACTOR * (2 * U_LONGDOUBLE / (1 - 2 * U_LONGDOUBLE))
    dp = (e["n"] / e["L"] + 4) * (e["L"] + e["q"] + 3)  # depth of the stable evaluation, in mu units
    dr = 3 * e["n"] + 2 * e["q"] + 10  # depth of the raw evaluation
    tp, tv = dp * m_mu / (1 - dp * m_mu), dp * mv / (1 - dp * mv)
    if name == "stable":
        return (tp + tv) * e["Ybar"]
    if name == "raw":
        tr = dr * m_mu / (1 - dr * m_mu)
        return tr * e["Yraw"] + tv * e["Ybar"]
    raise KeyError(name)


def _fft(e: dict[str, Fraction], u: Fraction, m_mu: Fraction) -> Fraction:
    """The FFT convolution error bound (normwise, hence also for the max norm)."""
    eta = e["N_log2"] * FFT_ETA_UNITS * u
    big_e = eta / (1 - eta)
    a1, a2, b2, a_f, b_f = e["a1"], e["a2"], e["b2"], e["aF"], e["bF"]
    dp = big_e * a2 * b_f + a1 * big_e * b2 + m_mu * a_f * (1 + big_e) * b2
    return (1 + u) * (dp + big_e * (a1 * b2 + dp)) + u * a1 * b2
