"""The a-priori rounding-error bounds of the num.* statements and the exact caps of the values a certificate supplies.

Written in the statement, independently of numeric/bounds.py and numeric/caps.py (which build the certificates;
docs/numeric.md explains each bound). A bound is an expression in the kernel's syntax over u, the sizes (n, m, p, d,
k, M, N, L, NL, Q, q; X_log2 = ceil(log2 X), X_pow2 = 1 iff X is a power of two), the norms of the goal's exact
matrices (X_frob2 = ||X||_F^2, X_gram >= ||X||_2^2 by Gershgorin, X_rowsum = ||X||_inf) and the supplied values;
gamma_n = n u/(1 - n u), mu = (3/2) gamma_2 >= sqrt(2) gamma_2 for a complex product. A cap is an exact a-priori bound
of one supplied value; the kernel accepts a value only in [0, cap].
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

__all__ = ["U", "FORMULAS", "GEO_FACTS", "VALUES", "caps"]

U = Fraction(1, 2**53)  # unit roundoff of IEEE binary64, round to nearest
_V = "(1/18446744073709551616)"  # 2^-64, the x87 extended-precision roundoff of the Appendix A reference
_FFT_ETA_UNITS = 8  # relative error per FFT butterfly level, in u (Higham Thm 24.2 with twiddle error <= 2u)
_K = "3"  # a shadow value: <= 2 (safety) (1 + 1/3) (float64 sum) (1 + 2^-7) (rounding up) < 3 times its exact bound
_E = "65/64"  # an exactly computed value rounded up to 8 bits (and read from float64 coefficients)
_N_SQRT_ANCHOR = 64  # sqrt(2 n) <= (2 n/c + c)/2 with c = 64 (exact at n = 2048; n is a parameter)


def _g(n: str) -> str:
    """gamma_n for an integer expression n."""
    return f"(({n})*u/(1-({n})*u))"


_MU = f"(3/2*{_g('2')})"
_MUV = f"(3/2*(2*{_V}/(1-2*{_V})))"
# Recurrence h_i = A h_{i-1} + B x_i, y_i = C h_i: ||e_i||_2 <= geo gamma_{m+d} D (geo >= sum_t ||A||_2^t), plus
# gamma_m Y for the output; ||C e||_inf <= CF ||e||_2 with CF^2 >= ||C||_F^2.
_REC = f"CF*geo*{_g('m+d')}*D + {_g('m')}*Y"
# Chunked scan: local recurrences (eL), the power table A^t (eps), the carried boundary states (eH).
_EL = f"(geo*{_g('m+d')}*Dl)"
_EPS = f"(geo*{_g('m')}*P)"
_EH = f"(geo*({_EPS}*Hm + {_EL} + {_g('m+1')}*Cm))"
_SCAN = f"CF*({_EL} + {_EPS}*Hm + {_EH} + {_g('m+1')}*G) + {_g('m')}*Ys"
# Impulse responses W(tau) = C A^tau B by the power recurrence, then the direct causal convolution.
_EW = f"(CF*geo*{_g('m')}*Psum + {_g('m')}*Ysum)"
_DIRECT = f"d*X*{_EW} + {_g('n*d')}*Z"
# FFT convolution, length N >= 2n a power of two: E = log2(N) eta/(1 - log2(N) eta) per transform, mu per product.
_EF = f"(N_log2*{_FFT_ETA_UNITS}*u/(1-N_log2*{_FFT_ETA_UNITS}*u))"
_DP = f"({_EF}*a2*bF + a1*{_EF}*b2 + {_MU}*aF*(1+{_EF})*b2)"
_FFT = f"((1+u)*({_DP} + {_EF}*(a1*b2 + {_DP})) + u*a1*b2)"
_FFTCONV = f"d*X*{_EW} + d*{_FFT} + {_g('d')}*d*Z"
# k-head form: c_{tau,h} by cumulative products (depth tau + M + 3 in mu), FFT convolutions, the head sum gamma_{kd}.
_DC = f"(2*{_MU}/(1-2*(n+M+3)*{_MU})*(ST + (M+3)*S1))"
_HEADS = f"Vcat_rowsum*(X*{_DC} + {_FFT}) + (u + {_g('k*d')}*(1+u))*Vcat_rowsum*Z"
# Chunked k-head form: a monomial with F rounding factors is off by F mu/(1 - (DM + DL) mu) of its absolute value;
# DL for the local part, F0 + j (2L + 2) for a state carried j + 1 chunks (j <= Q - 2).
_DL = "(3*L+M+12*NL_log2+k+d)"
_F0 = "(5*L+k+d+M+1)"
_DM = f"({_F0}+(Q-2)*(2*L+2))"
_CHUNKED = f"({_MU}/(1-({_DM}+{_DL})*{_MU}))*({_DL}*Vcat_rowsum*A1*2*L*X + {_F0}*Y0 + (2*L+2)*Y1)"
# k-head form by chunks (num.thm4.4): each chunk's own attention is the k-head form of length L (FFT length NL = 2L),
# so its error is _HEADS at n = L, N = NL; the final sum local + carried rounds the local part once more (V rounded
# once, k d products summed: u (1 + u)(1 + gamma_{kd}) Vcat_rowsum Z); the carried modal states are those of the
# chunked form, with its counts F0 + j (2L + 2) (the final sum included).
_DC_L = f"(2*{_MU}/(1-2*(L+M+3)*{_MU})*(ST + (M+3)*S1))"
_EF_L = f"(NL_log2*{_FFT_ETA_UNITS}*u/(1-NL_log2*{_FFT_ETA_UNITS}*u))"
_DP_L = f"({_EF_L}*a2*bF + a1*{_EF_L}*b2 + {_MU}*aF*(1+{_EF_L})*b2)"
_FFT_L = f"((1+u)*({_DP_L} + {_EF_L}*(a1*b2 + {_DP_L})) + u*a1*b2)"
_HEADS_L = f"Vcat_rowsum*(X*{_DC_L} + {_FFT_L}) + (u + {_g('k*d')}*(1+u))*Vcat_rowsum*Z"
_HEADS_LOCAL = (
    f"{_HEADS_L} + u*(1+u)*(1+{_g('k*d')})*Vcat_rowsum*Z + ({_MU}/(1-({_DM}+{_DL})*{_MU}))*({_F0}*Y0 + (2*L+2)*Y1)"
)
# Appendix A: depth DP of the stable chunked evaluation and DR of the raw features (21), in mu units; the reference
# runs at the roundoff 2^-64.
_DEPTH_P = "((n/L+4)*(L+q+3))"
_DEPTH_R = "(3*n+2*q+10)"
_STABLE = f"({_DEPTH_P}*{_MU}/(1-{_DEPTH_P}*{_MU}) + {_DEPTH_P}*{_MUV}/(1-{_DEPTH_P}*{_MUV}))*Ybar"
_RAW = f"{_DEPTH_R}*{_MU}/(1-{_DEPTH_R}*{_MU})*Yraw + {_DEPTH_P}*{_MUV}/(1-{_DEPTH_P}*{_MUV})*Ybar"

_SAFE = [{"lhs": "4*(n*d+n+m+k*d+64)*u", "op": "<=", "rhs": "1"}]  # every gamma used has n u <= 1/4
_CF = [{"lhs": "CF^2", "op": ">=", "rhs": "C_frob2"}]
_POW2 = [{"lhs": "N_pow2", "op": "==", "rhs": "1"}, {"lhs": "N", "op": ">=", "rhs": "2*n"}]
_MU4 = "(3/2*(2*u/(1-2*u)))"
FORMULAS: dict[str, dict] = {
    "recurrence": {"bound": _REC, "facts": _SAFE + _CF},
    "scan": {"bound": _SCAN, "facts": _SAFE + _CF},
    "direct": {"bound": _DIRECT, "facts": _SAFE + _CF},
    "fft": {"bound": _FFTCONV, "facts": _SAFE + _CF + _POW2},
    "heads": {"bound": _HEADS, "facts": _SAFE + _POW2 + [{"lhs": f"4*(n+M+3)*{_MU4}", "op": "<=", "rhs": "1"}]},
    "heads_chunked": {
        "bound": _CHUNKED,
        "facts": _SAFE
        + [
            {"lhs": "NL", "op": "==", "rhs": "2*L"},
            {"lhs": "NL_pow2", "op": "==", "rhs": "1"},
            {"lhs": "Q*L", "op": ">=", "rhs": "n"},
            {"lhs": "Q", "op": ">=", "rhs": "2"},
            {"lhs": f"4*({_DM}+{_DL})*{_MU}", "op": "<=", "rhs": "1"},
        ],
    },
    "heads_local": {
        "bound": _HEADS_LOCAL,
        "facts": _SAFE
        + [
            {"lhs": "NL", "op": "==", "rhs": "2*L"},
            {"lhs": "NL_pow2", "op": "==", "rhs": "1"},
            {"lhs": "Q*L", "op": ">=", "rhs": "n"},
            {"lhs": "Q", "op": ">=", "rhs": "2"},
            {"lhs": f"4*(L+M+3)*{_MU4}", "op": "<=", "rhs": "1"},
            {"lhs": f"4*({_DM}+{_DL})*{_MU}", "op": "<=", "rhs": "1"},
        ],
    },
    "stable": {"bound": _STABLE, "facts": [{"lhs": f"4*{_DEPTH_P}*{_MU4}", "op": "<=", "rhs": "1"}]},
    "raw": {"bound": _RAW, "facts": [{"lhs": f"4*{_DEPTH_R}*{_MU4}", "op": "<=", "rhs": "1"}]},
}
# geo >= sum_{t<n} ||A||_2^t: 2/(1 - A_gram) when A_gram < 1 ("contractive"), n when A_gram = 1 ("isometric").
GEO_FACTS = {
    "contractive": [{"lhs": "geo*(1-A_gram)", "op": ">=", "rhs": "2"}],
    "isometric": [{"lhs": "A_gram", "op": "<=", "rhs": "1"}, {"lhs": "geo", "op": ">=", "rhs": "n"}],
}
_SSM = ("CF", "geo")
# The values a certificate supplies to each formula (each gets a cap).
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


def _round_up(x: Fraction, bits: int = 8) -> Fraction:
    """The smallest dyadic with `bits` significant bits that is >= x > 0."""
    e = x.numerator.bit_length() - x.denominator.bit_length()
    scale = Fraction(2) ** (bits - e)
    return Fraction(math.ceil(x * scale)) / scale


def _root(radicand: str, value: Fraction) -> str:
    """sqrt(y) <= (y/c + c)/2 (AM-GM), c the 8-bit dyadic rounding up of the double nearest sqrt(value)."""
    c = _round_up(Fraction(math.sqrt(float(value)))) if value > 0 else Fraction(1)
    c_text = str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"
    return f"(({radicand})/({c_text}) + {c_text})/2"


def _norms(M: list[list[Fraction]]) -> tuple[Fraction, Fraction, Fraction]:
    """(||M||_F^2, the Gershgorin bound max_i sum_j |(M^T M)_ij| of ||M||_2^2, ||M||_inf)."""
    cols = list(zip(*M))
    zero = Fraction(0)
    gram = max(sum((abs(sum((a * b for a, b in zip(ci, cj)), zero)) for cj in cols), zero) for ci in cols)
    return sum((x * x for row in M for x in row), zero), gram, max(sum((abs(x) for x in row), zero) for row in M)


def _ssm_caps(geo: str, A: list, B: list, C: list, method: str) -> dict[str, str]:
    """Caps of the state-space values, with H = Gamma ||B||_2 sqrt(d) >= ||h||_2 for every (local, carried) state."""
    (a_f2, _, _), (b_f2, b_gram, _), (c_f2, _, _) = _norms(A), _norms(B), _norms(C)
    m, d = len(A), len(B[0])
    gam = "n" if geo == "isometric" else "(2/(1-A_gram))"
    h = f"{gam}*{_root('B_gram*d', b_gram * d)}"
    step = f"{_root('A_frob2', a_f2)}*{h} + {_root('B_frob2*d', b_f2 * d)}"  # || |A||h| + |B||x| ||_2
    w_sum = f"C_rowsum*{_root('B_gram', b_gram)}*{gam}"  # sum_tau |W_rc(tau)|
    out = {
        "X": "1",  # |x| < 1
        "CF": f"{_root('C_frob2', c_f2)}*{_E}",
        "geo": "n" if geo == "isometric" else f"2/(1-A_gram)*{_E}",
        "D": f"{_K}*({step})",
        "Dl": f"{_K}*({step})",
        "Y": f"{_K}*C_rowsum*{h}",
        "Ys": f"{_K}*C_rowsum*{h}",
        "P": f"{_K}*{_root('A_frob2*m', a_f2 * m)}",  # || |A||A^t| ||_F <= ||A||_F sqrt(m)
        "Hm": f"{_K}*{h}",
        "Cm": f"{_K}*({_root('m', Fraction(m))} + 1)*{h}",  # ||A^t||_F H + H
        "G": f"{_K}*({_root('m', Fraction(m))} + 1)*{h}",
        "Psum": f"{_K}*{_root('A_frob2*B_frob2', a_f2 * b_f2)}*{gam}",
        "Ysum": f"{_K}*{w_sum}",
        "bF": f"{_K}*3/2*n",  # |fft(x_c)| <= ||x_c||_1 <= sqrt(2) n
        "b2": f"{_K}*(2*n/{_N_SQRT_ANCHOR} + {_N_SQRT_ANCHOR})/2",  # ||x_c||_2 <= sqrt(2 n)
    }
    if method == "fft":
        out.update({k: f"{_K}*{w_sum}" for k in ("a1", "a2", "aF", "Z")})
    if method == "direct":
        out["Z"] = f"{_K}*C_rowsum*{_root('B_gram*d', b_gram * d)}*{gam}"
    return out


def _modal(r2s: list[Fraction], weight: Callable[[int, Fraction], str]) -> str:
    """sum_l beta{l}_rowsum * weight_l >= max_h sum_l |beta_hl| weight_l."""
    return "(" + " + ".join(f"beta{j}_rowsum*{weight(j, r2)}" for j, r2 in enumerate(r2s, start=1)) + ")"


def _heads_caps(r2s: list[Fraction]) -> dict[str, str]:
    """|c_{tau,h}| <= sum_l |beta_hl| |lambda_l|^tau; sum_tau r^tau <= 2/(1 - r^2), sum_tau tau r^tau <= 4/(1 - r^2)^2."""
    s1 = _modal(r2s, lambda j, r2: "n" if r2 == 1 else f"2/(1-lam{j}_frob2)")
    st = _modal(r2s, lambda j, r2: "n^2/2" if r2 == 1 else f"4/(1-lam{j}_frob2)^2")
    return {**{k: f"{_K}*{s1}" for k in ("S1", "a1", "a2", "aF", "Z")}, "ST": f"{_K}*{st}"}


def _local_caps(r2s: list[Fraction], L: int) -> dict[str, str]:
    """The head form's caps over one chunk (tau < L; the chunk's inputs: |fft(x_c)| <= sqrt(2) L, ||x_c||_2 <=
    sqrt(2 L)) and the carried part's Y0, Y1."""
    s1 = _modal(r2s, lambda j, r2: "L" if r2 == 1 else f"2/(1-lam{j}_frob2)")
    st = _modal(r2s, lambda j, r2: "L^2/2" if r2 == 1 else f"4/(1-lam{j}_frob2)^2")
    out = {**{k: f"{_K}*{s1}" for k in ("S1", "a1", "a2", "aF", "Z")}, "ST": f"{_K}*{st}"}
    out.update(bF=f"{_K}*3/2*L", b2=f"{_K}*(2*L/{_N_SQRT_ANCHOR} + {_N_SQRT_ANCHOR})/2")
    carried = _chunked_caps(r2s, L)
    return {**out, "Y0": carried["Y0"], "Y1": carried["Y1"]}


def _chunked_caps(r2s: list[Fraction], L: int) -> dict[str, str]:
    """A1 = max_h sum_l |beta_hl| B_l and Y0, Y1 = max_r sum_l W_rl B_l sum_j (1 or j) rho_l^j, rho_l = |lambda_l|^L."""

    def local(j: int, r2: Fraction) -> str:
        """B_l >= sum_{t<L} |lambda_l|^t."""
        return "L" if r2 == 1 or L <= 2 / (1 - r2) else f"2/(1-lam{j}_frob2)"

    def carried(j: int, r2: Fraction, weighted: bool) -> str:
        """sum_j rho^j <= 1/(1 - rho), sum_j j rho^j <= 1/(1 - rho)^2, or Q, Q^2/2 when rho = 1."""
        if r2 == 1:
            return "Q^2/2" if weighted else "Q"
        return f"1/(1-lam{j}_frob2^{L // 2})" + ("^2" if weighted else "")

    return {
        "A1": f"{_E}*{_modal(r2s, local)}",
        "Y0": f"{_E}*Vcat_rowsum*{_modal(r2s, lambda j, r2: f'{local(j, r2)}*{carried(j, r2, False)}')}",
        "Y1": f"{_E}*Vcat_rowsum*{_modal(r2s, lambda j, r2: f'{local(j, r2)}*{carried(j, r2, True)}')}",
    }


def _feature_caps(q: int) -> dict[str, str]:
    """Ybar <= sum_tau tau^q r^tau <= q! 2^(q+1)/(1 - r^2)^(q+1); Yraw <= (2n)^q 2/(1 - r^2) (r = |lambda|)."""
    ybar = f"{_K}*{math.factorial(q) * 2 ** (q + 1)}/(1-lam_frob2)^{q + 1}"
    return {"Ybar": ybar, "Yraw": f"{_K}*(2*n)^{q}*2/(1-lam_frob2)"}


def caps(
    formulas: tuple[str, ...], geo: str | None, abc: tuple[list, ...], r2s: list[Fraction], L: int, q: int
) -> dict:
    """The cap of every value the formulas read (sorted by name) for the exact A, B, C and |lambda_l|^2."""
    if formulas[0] in ("stable", "raw"):
        table = _feature_caps(q)
    else:
        A, B, C = abc
        table = _ssm_caps(geo or "", A, B, C, formulas[0])
        if formulas[0] == "heads":
            table.update(_heads_caps(r2s))
        if formulas[0] == "heads_chunked":
            table.update(_chunked_caps(r2s, L))
        if formulas[0] == "heads_local":
            table.update(_local_caps(r2s, L))
    names = sorted({v for f in formulas for v in VALUES[f]})
    return {name: table[name] for name in names}
