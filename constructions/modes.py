"""Appendix A objects: closed forms of A^tau and W(tau), eq. (20) coefficients, lag features, real forms, (A2).

Polynomials in tau with coefficients in K = QQ[a]/(f) are dicts {power of tau: fmpq_poly in a}. Every
object here is exact and is written out as kernel expressions; the kernel re-checks all of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.blockform import NotBlockable, real_block_form
from constructions.jordan import Eigen, KMat, eigen_structure, format_elem, inverse_elem, kmatmul

__all__ = [
    "ModeForm",
    "SSMModes",
    "analyse",
    "format_kt",
    "trace",
    "power_sums",
    "lag_features",
    "real_lag_features",
    "merged_lag_features",
    "real_merged_lag_features",
    "head_minimum",
    "real_block_form",
    "masked_data",
    "head_coefficients",
    "mode_value",
    "NotBlockable",
]

KT = dict[int, fmpq_poly]


def _binomial_poly(q: int) -> list[fmpq]:
    """Coefficients (in tau) of binom(tau, q) = tau (tau - 1) ... (tau - q + 1) / q!."""
    p = fmpq_poly([1])
    for r in range(q):
        p = p * fmpq_poly([-r, 1])
    p = p / factorial(q)
    return list(p.coeffs())


def format_kt(x: KT) -> str:
    """A K[tau] element as a kernel expression in a and tau."""
    terms = []
    for k in sorted(x):
        if x[k].is_zero():
            continue
        body = format_elem(x[k])
        terms.append(f"({body})" if k == 0 else f"({body})*tau" if k == 1 else f"({body})*tau^{k}")
    return " + ".join(terms) or "0"


def trace(x: fmpq_poly, f: fmpq_poly) -> fmpq:
    """Tr_f(x) = sum_k x_k Tr_f(a^k) for x reduced modulo f, with the power sums Tr_f(a^k) of the roots of f."""
    sums = power_sums(f)
    return sum((c * t for c, t in zip((x % f).coeffs(), sums)), fmpq(0))


@lru_cache(maxsize=256)
def _power_sums(coeffs: tuple[str, ...]) -> tuple[fmpq, ...]:
    """Newton's identities for the monic polynomial with these coefficients (low to high)."""
    c = [fmpq(*map(int, x.split("/"))) if "/" in x else fmpq(int(x)) for x in coeffs]
    d = len(c) - 1
    top = [c[d - i] / c[d] for i in range(d + 1)]  # top[i]: coefficient of a^(d - i), monic
    sums = [fmpq(d)]
    for k in range(1, d):
        sums.append(-(k * top[k] + sum((top[i] * sums[k - i] for i in range(1, k)), fmpq(0))))
    return tuple(sums)


def power_sums(f: fmpq_poly) -> tuple[fmpq, ...]:
    """Tr_f(a^k) for k < deg f: the k-th power sums of the roots of f."""
    return _power_sums(tuple(str(c) for c in f.coeffs()))


@dataclass
class ModeForm:
    """One nonzero eigenvalue modulus: its state closed form M(tau) (n x n) and output form C M(tau) B."""

    eigen: Eigen
    state: list[list[KT]]
    output: list[list[KT]]

    @property
    def size(self) -> int:
        """J_l: the largest Jordan block of each root."""
        return max(self.eigen.sizes)


@dataclass
class SSMModes:
    """The mode decomposition of an SSM (A, B, C over QQ), with the start lag nu (index of the zero part)."""

    A: fmpq_mat
    B: fmpq_mat
    C: fmpq_mat
    eigen: list[Eigen]
    modes: list[ModeForm]
    start: int


def _kmat(m: fmpq_mat, f: fmpq_poly) -> KMat:
    """A rational matrix as a matrix over K."""
    return [[fmpq_poly([m[r, c]]) % f for c in range(m.ncols())] for r in range(m.nrows())]


def _state_form(a: fmpq_mat, e: Eigen) -> list[list[KT]]:
    """M(tau) = V (sum_q binom(tau, q) a^-q N^q) Q' with N the nilpotent part of Q' A V."""
    f = e.modulus
    cols = e.columns
    v = [[cols[j][r] for j in range(len(cols))] for r in range(a.nrows())]
    block = kmatmul(kmatmul(e.dual, _kmat(a, f), f), v, f)
    gen = fmpq_poly([0, 1]) % f
    nil = [[(x - (gen if r == c else 0)) % f for c, x in enumerate(row)] for r, row in enumerate(block)]
    inv_gen = inverse_elem(gen, f)
    n = a.nrows()
    out: list[list[KT]] = [[{} for _ in range(n)] for _ in range(n)]
    power = [[fmpq_poly([1 if r == c else 0]) for c in range(len(cols))] for r in range(len(cols))]
    for q in range(max(e.sizes)):
        g = kmatmul(kmatmul(v, power, f), e.dual, f)
        scale = fmpq_poly([1])
        for _ in range(q):
            scale = (scale * inv_gen) % f
        for k, bc in enumerate(_binomial_poly(q)):
            for r in range(n):
                for c in range(n):
                    term = (g[r][c] * scale * bc) % f
                    out[r][c][k] = (out[r][c].get(k, fmpq_poly([0])) + term) % f
        power = kmatmul(power, nil, f)
    return out


def _kt_matmul(x: list[list[KT]], y: list[list[KT]], f: fmpq_poly) -> list[list[KT]]:
    """Product of matrices over K[tau], reduced modulo f."""
    out = []
    for row in x:
        new = []
        for col in zip(*y):
            acc: KT = {}
            for p, q in zip(row, col):
                for k1, c1 in p.items():
                    for k2, c2 in q.items():
                        acc[k1 + k2] = (acc.get(k1 + k2, fmpq_poly([0])) + c1 * c2) % f
            new.append(acc)
        out.append(new)
    return out


def _const_kt(m: fmpq_mat) -> list[list[KT]]:
    """A rational matrix as constant K[tau] entries."""
    return [[{0: fmpq_poly([m[r, c]])} for c in range(m.ncols())] for r in range(m.nrows())]


def analyse(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> SSMModes:
    """Jordan chains, the closed forms for every nonzero eigenvalue, and the start lag nu."""
    eigen = eigen_structure(a)
    modes, start = [], 0
    for e in eigen:
        if e.modulus == fmpq_poly([0, 1]):
            start = max(e.sizes)
            continue
        state = _state_form(a, e)
        output = _kt_matmul(_kt_matmul(_const_kt(c), state, e.modulus), _const_kt(b), e.modulus)
        modes.append(ModeForm(e, state, output))
    return SSMModes(a, b, c, eigen, modes, start)


def head_coefficients(modes: SSMModes, functionals: list[fmpq_mat]) -> list[list[KT]]:
    """b_{h,l}(tau) = <F_h, C M_l(tau) B> (Frobenius pairing), one K[tau] element per head and mode."""
    out = []
    for fh in functionals:
        row = []
        for mode in modes.modes:
            f = mode.eigen.modulus
            acc: KT = {}
            for r, line in enumerate(mode.output):
                for col, entry in enumerate(line):
                    for k, x in entry.items():
                        acc[k] = (acc.get(k, fmpq_poly([0])) + x * fh[r, col]) % f
            row.append({k: x for k, x in acc.items() if not x.is_zero()})
        out.append(row)
    return out


def lag_features(mode: ModeForm, b: KT) -> list[dict]:
    """Eq. (21) features of one mode: phi = i^t L, psi = binom(q, t) b_q (-j)^(q - t) M, for b_q != 0."""
    out = []
    for q in sorted(b):
        for t in range(q + 1):
            coeff = format_elem(b[q] * comb(q, t) * (-1) ** (q - t))
            out.append({"phi": f"i^{t}*L", "psi": f"({coeff})*j^{q - t}*M"})
    return out


def real_lag_features(index: int, mode: ModeForm, b: KT) -> tuple[list[str], list[str]]:
    """Rational features: phi = i^t X_r, psi = binom(q,t) (-j)^(q-t) sum_s Tr(a^(r+s) b_q) Y_s."""
    f = mode.eigen.modulus
    d = f.degree()
    phis, psis = [], []
    for q in sorted(b):
        shifted, traces = b[q] % f, []  # Tr(a^n b_q) for n = r + s < 2d - 1, each computed once
        for _ in range(2 * d - 1):
            traces.append(trace(shifted, f))
            shifted = (shifted * fmpq_poly([0, 1])) % f
        for t in range(q + 1):
            for r in range(d):
                weights = traces[r : r + d]
                combo = " + ".join(f"({w})*Y{index}_{s}" for s, w in enumerate(weights) if w != 0) or "0"
                phis.append(f"i^{t}*X{index}_{r}")
                psis.append(f"({comb(q, t) * (-1) ** (q - t)})*j^{q - t}*({combo})")
    return phis, psis


def merged_lag_features(mode: ModeForm, b: KT) -> list[dict]:
    """Eq. (21) merged over q: phi_t = i^t L, psi_t = sum_{q >= t} binom(q, t) b_q (-j)^(q - t) M, t <= deg b."""
    out = []
    for t in range(max(b, default=-1) + 1):
        terms = [f"({format_elem(b[q] * comb(q, t) * (-1) ** (q - t))})*j^{q - t}" for q in sorted(b) if q >= t]
        out.append({"phi": f"i^{t}*L", "psi": f"({' + '.join(terms)})*M"})
    return out


def real_merged_lag_features(index: int, mode: ModeForm, b: KT) -> tuple[list[str], list[str]]:
    """Rational merged features: phi = i^t X_r, psi = sum_{q >= t} binom(q,t) (-j)^(q-t) sum_s Tr(a^(r+s) b_q) Y_s."""
    f = mode.eigen.modulus
    d = f.degree()
    phis, psis = [], []
    for t in range(max(b, default=-1) + 1):
        for r in range(d):
            parts = []
            for q in (q for q in sorted(b) if q >= t):
                weights = [trace(b[q] * fmpq_poly([0] * (r + s) + [1]), f) for s in range(d)]
                combo = " + ".join(f"({w})*Y{index}_{s}" for s, w in enumerate(weights) if w != 0) or "0"
                parts.append(f"({comb(q, t) * (-1) ** (q - t)})*j^{q - t}*({combo})")
            phis.append(f"i^{t}*X{index}_{r}")
            psis.append(" + ".join(parts))
    return phis, psis


def head_minimum(modes: SSMModes, head_b: list[KT]) -> int:
    """sum over the modes that reach the head of deg(m_l) (deg_tau b_l + 1): the rank of its lag kernel."""
    return sum(m.eigen.modulus.degree() * (max(b) + 1) for m, b in zip(modes.modes, head_b) if b)


def _power(x: fmpq_poly, k: int, f: fmpq_poly) -> fmpq_poly:
    """a^k modulo f for any integer k (a negative power uses the inverse of x)."""
    base = x if k >= 0 else inverse_elem(x, f)
    out = fmpq_poly([1])
    for _ in range(abs(k)):
        out = (out * base) % f
    return out


def mode_value(b: KT, tau: int, f: fmpq_poly) -> fmpq:
    """Tr_f(a^tau b(tau)) for any integer tau (a is invertible modulo f)."""
    gen = fmpq_poly([0, 1]) % f
    value = sum((x * tau**k for k, x in b.items()), fmpq_poly([0]))
    return trace((_power(gen, tau, f) * value) % f, f)


def masked_data(modes: SSMModes, head_b: list[KT], g: list[fmpq]) -> dict:
    """(A2) data for one head: the invertible part's rank factorization, the residue d, the witnesses (r = n upper)."""
    n = len(g)
    lags = range(-(n - 1), n)
    g_inv = {t: sum((mode_value(b, t, m.eigen.modulus) for m, b in zip(modes.modes, head_b)), fmpq(0)) for t in lags}
    toeplitz = fmpq_mat(n, n, [g_inv[i - j] for i in range(n) for j in range(n)])
    rref, rank = toeplitz.rref()
    pivots = []
    for r in range(rank):
        pivots.append(next(c for c in range(n) if rref[r, c] != 0))
    phi = [[toeplitz[i, c] for c in pivots] for i in range(n)]
    psi = [[rref[r, j] for r in range(rank)] for j in range(n)]
    d = [g[t] - g_inv[t] for t in range(n)]
    support = [t for t in range(n) if d[t] != 0]
    out = {"phi": phi, "psi": psi, "rank": rank, "d": d, "support": support}
    if support:
        t0, span = support[0], support[-1] - support[0] + 1
        rows = [t0 + 1 + k * span for k in range(n) if t0 + 1 + k * span <= n]
        out.update(rows=rows, cols=[r - t0 for r in rows], bound=len(rows) - rank, t0=t0, span=span)
        out["phi_full"] = [[fmpq(1 if k == i else 0) for k in range(n)] for i in range(n)]
        out["psi_full"] = [[g[i - j] if i >= j else fmpq(0) for i in range(n)] for j in range(n)]
    return out
