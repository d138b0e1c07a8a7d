"""Appendix A objects: Jordan chains, closed forms of W(tau), eq. (20) coefficients, lag features, real forms, (A2).

An element x of K = QQ[a]/(f) is written by its trace coordinates (Tr_f(a^k x))_{k < deg f} and an element of
K[tau] as the list of the coordinate lists of its tau^q coefficients (trace_coordinates.py), KT here. A mode's
closed form H_l of W(tau) comes from the part of B in the mode's generalized eigenspace: for J = 1 its trace
coordinates are the first deg f lags of that part, Tr(a^k H_l) = C A^k P_l B; for larger blocks one linear solve.
Features are symbolic (kind_features.py). Every object is exact; the kernel re-checks all of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from math import comb, lcm

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.blockform import NotBlockable, real_block_form
from constructions.jordan import Eigen, eigen_structure

__all__ = [
    "KT",
    "ModeForm",
    "SSMModes",
    "analyse",
    "format_kt",
    "trace",
    "power_sums",
    "sequence",
    "kt_values",
    "kt_support",
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

KT = list[list[fmpq]]  # trace coordinates of the tau^q coefficients, the last one nonzero; [] is zero


def format_kt(x: KT) -> list[list[str]] | dict:
    """A K[tau] element in trace coordinates as the kernel reads it: lists of exact rational strings, or the compact
    form with one common denominator when that is shorter."""
    plain = [[str(c) for c in coords] for coords in x]
    if not x:
        return plain
    den = 1
    for coords in x:
        for c in coords:
            den = lcm(den, int(c.q))
    if den == 1:
        return plain
    compact = {
        "denominator": str(den),
        "numerators": [[str(int(c.p) * (den // int(c.q))) for c in coords] for coords in x],
    }
    return compact if len(json.dumps(compact)) < len(json.dumps(plain)) else plain


def _canonical(x: KT) -> KT:
    """Trailing zero coefficient lists removed."""
    out = [list(c) for c in x]
    while out and all(c == 0 for c in out[-1]):
        out.pop()
    return out


def power_sums(f: fmpq_poly) -> list[fmpq]:
    """Tr_f(a^k) for k < deg f: the k-th power sums of the roots of f (Newton's identities)."""
    d = f.degree()
    top = [f.coeffs()[d - i] / f.coeffs()[d] for i in range(d + 1)]  # top[i]: coefficient of a^(d - i), monic
    sums = [fmpq(d)]
    for k in range(1, d):
        sums.append(-(k * top[k] + sum((top[i] * sums[k - i] for i in range(1, k)), fmpq(0))))
    return sums


def trace(x: fmpq_poly, f: fmpq_poly) -> fmpq:
    """Tr_f(x) = sum_k x_k Tr_f(a^k) for x reduced modulo f."""
    return sum((c * t for c, t in zip((x % f).coeffs(), power_sums(f))), fmpq(0))


def sequence(coords: list[fmpq], f: fmpq_poly, low: int, high: int) -> dict[int, fmpq]:
    """{k: Tr_f(a^k x)} for low <= k < high from x's trace coordinates, by the recurrence of f (both ways)."""
    d = f.degree()
    c = [x / f.coeffs()[-1] for x in f.coeffs()[:-1]]
    out = dict(enumerate(coords))
    for k in range(d, high):
        out[k] = -sum((c[i] * out[k - d + i] for i in range(d)), fmpq(0))
    for k in range(-1, low - 1, -1):  # c_0 s_k = -(s_(k+d) + c_(d-1) s_(k+d-1) + ... + c_1 s_(k+1))
        out[k] = -(out[k + d] + sum((c[i] * out[k + i] for i in range(1, d)), fmpq(0))) / c[0]
    return {k: v for k, v in out.items() if low <= k < high}


def kt_values(x: KT, f: fmpq_poly, low: int, high: int) -> dict[int, fmpq]:
    """{tau: Tr_f(a^tau x(tau))} for low <= tau < high."""
    out = {tau: fmpq(0) for tau in range(low, high)}
    for q, coords in enumerate(x):
        for tau, value in sequence(coords, f, low, high).items():
            out[tau] += value * tau**q if q else value
    return out


def mode_value(b: KT, tau: int, f: fmpq_poly) -> fmpq:
    """Tr_f(a^tau b(tau)) for any integer tau (a is invertible modulo f)."""
    return kt_values(b, f, tau, tau + 1)[tau]


@dataclass
class ModeForm:
    """One nonzero eigenvalue modulus: its Jordan chains and the closed form H(tau) of W (p x d, trace coordinates)."""

    eigen: Eigen
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


def _coefficient_matrix(e: Eigen, n: int) -> fmpq_mat:
    """The rational n x (s deg f) matrix of the power-basis coefficients of every chain vector."""
    d, columns = e.modulus.degree(), e.columns
    pad = lambda x: list(x.coeffs()) + [fmpq(0)] * (d - len(x.coeffs()))  # noqa: E731
    rows = [[c for v in columns for c in pad(v[r])] for r in range(n)]
    return fmpq_mat(n, len(columns) * d, [x for row in rows for x in row])


def _mode_parts(a: fmpq_mat, b: fmpq_mat, eigen: list[Eigen], nonzero: list[Eigen]) -> list[fmpq_mat]:
    """P_l B for each nonzero mode: the part of B in the mode's rational generalized eigenspace.

    The chains' coefficient columns of all moduli are a basis of QQ^n; B's coordinates in it, restricted to a mode's
    columns, give that part. With one nonzero mode and no zero eigenvalue the part is B itself.
    """
    if len(nonzero) == len(eigen) == 1:
        return [b]
    n = a.nrows()
    blocks = [_coefficient_matrix(e, n) for e in eigen]
    basis = fmpq_mat(n, n, [x for r in range(n) for blk in blocks for x in [blk[r, c] for c in range(blk.ncols())]])
    coords, offset, parts = basis.solve(b), 0, {}
    for e, blk in zip(eigen, blocks):
        width = blk.ncols()
        part = fmpq_mat(width, b.ncols(), [coords[offset + i, j] for i in range(width) for j in range(b.ncols())])
        parts[id(e)] = blk * part
        offset += width
    return [parts[id(e)] for e in nonzero]


def _output_form(a: fmpq_mat, c: fmpq_mat, part: fmpq_mat, e: Eigen) -> list[list[KT]]:
    """The closed form H(tau) of C A^tau P_l B in trace coordinates: Tr(a^tau H(tau)) = C A^tau P_l B, tau >= 0."""
    f, size = e.modulus, max(e.sizes)
    d = f.degree()
    lags, state = [], part
    for _ in range(d * size):
        lags.append(c * state)
        state = a * state
    p, q_cols = c.nrows(), part.ncols()
    if size == 1:
        return [[_canonical([[lags[k][r, j] for k in range(d)]]) for j in range(q_cols)] for r in range(p)]
    # W(tau) = sum_q tau^q sum_k P[k][tau] t_(q,k), with a^tau = sum_k P[k][tau] a^k modulo f: one solve, all entries.
    powers, x = [], fmpq_poly([1])
    for _ in range(d * size):
        powers.append(list(x.coeffs()) + [fmpq(0)] * (d - len(x.coeffs())))
        x = (x * fmpq_poly([0, 1])) % f
    system = fmpq_mat(
        d * size, d * size, [tau**q * powers[tau][k] for tau in range(d * size) for q in range(size) for k in range(d)]
    )
    values = fmpq_mat(
        d * size, p * q_cols, [lags[tau][r, j] for tau in range(d * size) for r in range(p) for j in range(q_cols)]
    )
    solution = system.solve(values)
    return [
        [
            _canonical([[solution[q * d + k, r * q_cols + j] for k in range(d)] for q in range(size)])
            for j in range(q_cols)
        ]
        for r in range(p)
    ]


def analyse(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> SSMModes:
    """Jordan chains, the closed forms of W for every nonzero eigenvalue, and the start lag nu."""
    eigen = eigen_structure(a)
    start = max((max(e.sizes) for e in eigen if e.modulus == fmpq_poly([0, 1])), default=0)
    nonzero = [e for e in eigen if e.modulus != fmpq_poly([0, 1])]
    parts = _mode_parts(a, b, eigen, nonzero) if nonzero else []
    modes = [ModeForm(e, _output_form(a, c, part, e)) for e, part in zip(nonzero, parts)]
    return SSMModes(a, b, c, eigen, modes, start)


def head_coefficients(modes: SSMModes, functionals: list[fmpq_mat]) -> list[list[KT]]:
    """b_{h,l}(tau) = <F_h, H_l(tau)> (Frobenius pairing) in trace coordinates, one element per head and mode."""
    out = []
    for fh in functionals:
        row = []
        for mode in modes.modes:
            d = mode.eigen.modulus.degree()
            top = max((len(x) for line in mode.output for x in line), default=0)
            acc = [[fmpq(0)] * d for _ in range(top)]
            for r, line in enumerate(mode.output):
                for col, entry in enumerate(line):
                    weight = fh[r, col]
                    if weight != 0:
                        for q, coords in enumerate(entry):
                            acc[q] = [s + weight * v for s, v in zip(acc[q], coords)]
            row.append(_canonical(acc))
        out.append(row)
    return out


def kt_support(b: KT) -> list[int]:
    """The powers q of tau with a nonzero coefficient b_q."""
    return [q for q, coords in enumerate(b) if any(x != 0 for x in coords)]


def _term(coefficient: int, factors: list[str]) -> str:
    """coefficient * factors as an expression (a unit coefficient and j^0 left out)."""
    parts = [f for f in factors if f]
    body = "*".join(parts) or "1"
    if coefficient == 1:
        return body
    return f"-{body}" if coefficient == -1 else f"{coefficient}*{body}"


def _power(name: str, k: int) -> str:
    """name^k, name or nothing."""
    return "" if k == 0 else name if k == 1 else f"{name}^{k}"


def _features(b: KT, left: str, right: str, prefix: str, merged: bool) -> list[dict]:
    """Symbolic features of one mode: phi = i^t left, psi = sum_q binom(q, t) (-j)^(q - t) prefix_q right."""
    support = kt_support(b)
    if merged:
        groups = [(t, [q for q in support if q >= t]) for t in range(max(support, default=-1) + 1)]
    else:
        groups = [(t, [q]) for q in support for t in range(q + 1)]
    out = []
    for t, qs in groups:
        terms = [_term(comb(q, t) * (-1) ** (q - t), [_power("j", q - t), f"{prefix}{q}", right]) for q in qs]
        out.append({"phi": _term(1, [_power("i", t), left]), "psi": " + ".join(terms)})
    return out


def lag_features(b: KT) -> list[dict]:
    """Eq. (21) features of one mode: phi = i^t L, psi = binom(q, t) B_q (-j)^(q - t) M, for b_q != 0."""
    return _features(b, "L", "M", "B", merged=False)


def merged_lag_features(b: KT) -> list[dict]:
    """Eq. (21) merged over q: phi_t = i^t L, psi_t = sum_{q >= t} binom(q, t) B_q (-j)^(q - t) M."""
    return _features(b, "L", "M", "B", merged=True)


def real_lag_features(b: KT) -> list[dict]:
    """Rational features (deg f each): phi = i^t X, psi = binom(q, t) (-j)^(q - t) Z_q (X = coordinates of a^i)."""
    return _features(b, "X", "", "Z", merged=False)


def real_merged_lag_features(b: KT) -> list[dict]:
    """Rational merged features: phi_t = i^t X, psi_t = sum_{q >= t} binom(q, t) (-j)^(q - t) Z_q."""
    return _features(b, "X", "", "Z", merged=True)


def head_minimum(modes: SSMModes, head_b: list[KT]) -> int:
    """sum over the modes that reach the head of deg(m_l) (deg_tau b_l + 1): the rank of its lag kernel."""
    return sum(m.eigen.modulus.degree() * len(b) for m, b in zip(modes.modes, head_b) if b)


def masked_data(modes: SSMModes, head_b: list[KT], g: list[fmpq]) -> dict:
    """(A2) data for one head: the invertible part's rank factorization, the residue d, the witnesses (r = n upper)."""
    n = len(g)
    g_inv = {t: fmpq(0) for t in range(-(n - 1), n)}
    for m, b in zip(modes.modes, head_b):
        for t, value in kt_values(b, m.eigen.modulus, -(n - 1), n).items():
            g_inv[t] += value
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
