"""Exact SSMs for the numeric checks and a minimal local exact Theorem 4.4 / Appendix A construction.

The state matrix is block diagonal with 2x2 blocks [[a, -b], [b, a]] whose entries are dyadic rationals, so A, B
and C are exactly representable in float64 (the float SSM is the exact one). Block l has the complex eigenvalue
lambda_l = a + i b. The Theorem 4.4 basis M_h is the first k linearly independent W(tau); the coefficients are
c_{tau,h} = <G_h, A^tau> = Re sum_l beta_{hl} lambda_l^tau (Appendix A, eq. (20) with J = 1), all exact rationals.
This is the local construction the issue allows until constructions/ssm.py (Theorem 4.4 owner) exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
from flint import fmpq, fmpq_mat

__all__ = ["ExactSSM", "HeadForm", "builtin", "random_ssm", "head_form", "BUILTINS", "coefficients_exact"]

Gauss = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class ExactSSM:
    """A linear SSM with exact dyadic matrices A (block rotation-scaling), B and C."""

    name: str
    A: tuple[tuple[Fraction, ...], ...]
    B: tuple[tuple[Fraction, ...], ...]
    C: tuple[tuple[Fraction, ...], ...]

    @property
    def dims(self) -> tuple[int, int, int]:
        """(m, p, d): state, output and input dimensions."""
        return len(self.A), len(self.C), len(self.B[0])

    def floats(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A, B, C as float64 arrays (exact, since every entry is a short dyadic)."""
        A, B, C = (np.array([[float(x) for x in row] for row in M], dtype=np.float64) for M in (self.A, self.B, self.C))
        for exact_m in (self.A, self.B, self.C):
            if any(Fraction(float(x)) != x for row in exact_m for x in row):
                raise ValueError(f"{self.name}: an entry is not exactly representable in float64")
        return A, B, C

    def eigenvalues(self) -> list[Gauss]:
        """lambda_l = a + i b of each 2x2 block, checking the block structure."""
        m = len(self.A)
        if m % 2:
            raise ValueError(f"{self.name}: the state dimension must be even (2x2 blocks)")
        out = []
        for blk in range(m // 2):
            r = 2 * blk
            for i in range(m):
                for j in range(m):
                    if i // 2 != j // 2 and self.A[i][j] != 0:
                        raise ValueError(f"{self.name}: A is not block diagonal at ({i}, {j})")
            a, b = self.A[r][r], self.A[r + 1][r]
            if self.A[r + 1][r + 1] != a or self.A[r][r + 1] != -b:
                raise ValueError(f"{self.name}: block {blk} is not of the form [[a, -b], [b, a]]")
            out.append((a, b))
        return out


@dataclass(frozen=True)
class HeadForm:
    """The k-head form of an SSM: V^(h) = M_h = W(tau_h) and the modal coefficients beta_{hl} of c_{tau,h}."""

    pivots: tuple[int, ...]
    V: tuple[tuple[tuple[Fraction, ...], ...], ...]  # k matrices p x d
    beta: tuple[tuple[Gauss, ...], ...]  # k x M Gaussian rationals
    lam: tuple[Gauss, ...]  # M eigenvalues

    @property
    def k(self) -> int:
        """The interaction rank."""
        return len(self.pivots)


def _mat(rows: list[list[Fraction]]) -> fmpq_mat:
    """A python-flint rational matrix."""
    return fmpq_mat(len(rows), len(rows[0]), [fmpq(x.numerator, x.denominator) for row in rows for x in row])


def _frac(x: fmpq) -> Fraction:
    """A Fraction from a python-flint rational."""
    return Fraction(int(x.p), int(x.q))


def _rows(m: fmpq_mat) -> list[list[Fraction]]:
    """Rows of Fractions."""
    return [[_frac(m[i, j]) for j in range(m.ncols())] for i in range(m.nrows())]


def _responses(ssm: ExactSSM, count: int) -> list[fmpq_mat]:
    """W(tau) = C A^tau B exactly for tau < count."""
    A, B, C = _mat([list(r) for r in ssm.A]), _mat([list(r) for r in ssm.B]), _mat([list(r) for r in ssm.C])
    out, power = [], B
    for _ in range(count):
        out.append(C * power)
        power = A * power
    return out


def _pivot_columns(m: fmpq_mat) -> list[int]:
    """Pivot columns of the reduced row echelon form."""
    rref, rank = m.rref()
    cols, row = [], 0
    for c in range(m.ncols()):
        if row < rank and rref[row, c] != 0:
            cols.append(c)
            row += 1
    return cols


@lru_cache(maxsize=32)
def head_form(ssm: ExactSSM, basis: str = "modal") -> HeadForm:
    """The k-head form with basis "lags" (first independent W(tau), as in the proof) or "modal" (Appendix A)."""
    if basis == "modal":
        return _modal_form(ssm)
    if basis != "lags":
        raise ValueError(f"found basis {basis!r}, expected 'lags' or 'modal'")
    m, p, d = ssm.dims
    W = _responses(ssm, m)  # Cayley-Hamilton: W(0..m-1) span every W(tau)
    vecs = fmpq_mat(p * d, m, [W[t][i // d, i % d] for i in range(p * d) for t in range(m)])
    pivots = _pivot_columns(vecs)
    k = len(pivots)
    spanning = fmpq_mat(p * d, k, [vecs[i, t] for i in range(p * d) for t in pivots])
    rows = _pivot_columns(spanning.transpose())
    S = fmpq_mat(k, k, [spanning[r, h] for r in rows for h in range(k)])
    Sinv = S.inv()
    Bm, Cm = _mat([list(r) for r in ssm.B]), _mat([list(r) for r in ssm.C])
    beta = []
    for h in range(k):
        dual = fmpq_mat(p, d)  # the functional L_h as a p x d matrix: c = sum_rc L[r, c] W[r, c]
        for j, row in enumerate(rows):
            dual[row // d, row % d] = Sinv[h, j]
        G = _rows(Cm.transpose() * dual * Bm.transpose())  # c_{tau,h} = <G_h, A^tau>_F
        beta.append(
            tuple(
                (G[2 * blk][2 * blk] + G[2 * blk + 1][2 * blk + 1], G[2 * blk][2 * blk + 1] - G[2 * blk + 1][2 * blk])
                for blk in range(m // 2)
            )
        )
    V = tuple(tuple(tuple(_frac(W[t][i, j]) for j in range(d)) for i in range(p)) for t in pivots)
    return HeadForm(tuple(pivots), V, tuple(beta), tuple(ssm.eigenvalues()))


def _modal_form(ssm: ExactSSM) -> HeadForm:
    """Basis C_l B_l and C_l J B_l per block (J the quarter turn), so c_{tau,h} is Re or Im of lambda_l^tau.

    W(tau) = sum_l Re(lambda_l^tau) C_l B_l + Im(lambda_l^tau) C_l J B_l, so S_target lies in their span; when the
    interaction rank k equals m (checked), the m matrices span exactly S_target and are a basis of it.
    """
    m, p, d = ssm.dims
    lam = ssm.eigenvalues()
    V, beta = [], []
    for blk in range(m // 2):
        Cl = [[ssm.C[r][2 * blk], ssm.C[r][2 * blk + 1]] for r in range(p)]
        Bl = [list(ssm.B[2 * blk]), list(ssm.B[2 * blk + 1])]
        JB = [[-x for x in Bl[1]], list(Bl[0])]
        for Bx, coeff in ((Bl, (Fraction(1), Fraction(0))), (JB, (Fraction(0), Fraction(-1)))):
            V.append(tuple(tuple(Cl[r][0] * Bx[0][c] + Cl[r][1] * Bx[1][c] for c in range(d)) for r in range(p)))
            beta.append(tuple(coeff if j == blk else (Fraction(0), Fraction(0)) for j in range(m // 2)))
    vecs = _mat([[M[r][c] for M in V] for r in range(p) for c in range(d)])
    if vecs.rank() != m or head_form(ssm, "lags").k != m:
        raise ValueError(f"{ssm.name}: the modal matrices are not a basis of S_target (k < m); use basis='lags'")
    return HeadForm(tuple(range(m)), tuple(V), tuple(beta), tuple(lam))


def _gpow(z: Gauss, t: int) -> Gauss:
    """z^t for a Gaussian rational."""
    re, im = Fraction(1), Fraction(0)
    for _ in range(t):
        re, im = re * z[0] - im * z[1], re * z[1] + im * z[0]
    return re, im


def coefficients_exact(form: HeadForm, tau: int) -> list[Fraction]:
    """c_{tau,h} = Re sum_l beta_{hl} lambda_l^tau, exactly."""
    powers = [_gpow(lam, tau) for lam in form.lam]
    return [sum((b[0] * z[0] - b[1] * z[1] for b, z in zip(row, powers)), Fraction(0)) for row in form.beta]


def reconstructs(ssm: ExactSSM, form: HeadForm, count: int) -> bool:
    """Eq. (8): W(tau) = sum_h c_{tau,h} M_h exactly for every tau < count."""
    for t, W in enumerate(_responses(ssm, count)):
        c = coefficients_exact(form, t)
        total = [
            [sum((c[h] * form.V[h][i][j] for h in range(form.k)), Fraction(0)) for j in range(W.ncols())]
            for i in range(W.nrows())
        ]
        if total != _rows(W):
            return False
    return True


__all__ += ["reconstructs"]


def _block_ssm(name: str, blocks: list[Gauss], B: list[list[Fraction]], C: list[list[Fraction]]) -> ExactSSM:
    """Assemble a block rotation-scaling SSM."""
    m = 2 * len(blocks)
    A = [[Fraction(0)] * m for _ in range(m)]
    for blk, (a, b) in enumerate(blocks):
        r = 2 * blk
        A[r][r], A[r][r + 1], A[r + 1][r], A[r + 1][r + 1] = a, -b, b, a
    return ExactSSM(name, tuple(map(tuple, A)), tuple(map(tuple, B)), tuple(map(tuple, C)))


def random_ssm(
    m: int = 16, p: int = 4, d: int = 4, seed: int = 0, radius: tuple[float, float] = (0.5, 0.95)
) -> ExactSSM:
    """A random stable block SSM with dyadic entries (a, b multiples of 2^-12 with a^2 + b^2 < 1)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    blocks = []
    for _ in range(m // 2):
        r = rng.uniform(*radius)
        theta = rng.uniform(0.05, np.pi - 0.05)
        blocks.append(
            (Fraction(round(r * np.cos(theta) * 4096), 4096), Fraction(round(r * np.sin(theta) * 4096), 4096))
        )
    B = [[Fraction(int(v), 8) for v in rng.integers(-8, 9, size=d)] for _ in range(m)]
    C = [[Fraction(int(v), 8) for v in rng.integers(-8, 9, size=m)] for _ in range(p)]
    return _block_ssm(f"random-m{m}-seed{seed}", blocks, B, C)


def _eye(n: int) -> list[list[Fraction]]:
    """The n x n identity as Fractions."""
    return [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]


BUILTINS = ("rotation", "random16", "slow")


def builtin(name: str) -> ExactSSM:
    """The built-in SSMs: Theorem 4.2's rotation, a random m = 16 SSM, and a slow (|lambda| ~ 0.999) one."""
    if name == "rotation":
        return _block_ssm("rotation", [(Fraction(0), Fraction(1))], _eye(2), _eye(2))
    if name == "random16":
        return random_ssm(16, 4, 4, seed=20251215)
    if name == "slow":
        blocks = [(Fraction(4087, 4096), Fraction(205, 4096)), (Fraction(-2045, 2048), Fraction(41, 1024))]
        B = [
            [Fraction(1), Fraction(0)],
            [Fraction(0), Fraction(1)],
            [Fraction(1, 2), Fraction(1)],
            [Fraction(-1), Fraction(1, 4)],
        ]
        C = [
            [Fraction(1), Fraction(1, 2), Fraction(0), Fraction(-1)],
            [Fraction(0), Fraction(1), Fraction(1), Fraction(1, 8)],
        ]
        return _block_ssm("slow", blocks, B, C)
    raise KeyError(f"unknown built-in SSM {name!r}; expected one of {BUILTINS}")


def theorem44_agrees(ssm: ExactSSM, count: int) -> bool | None:
    """Cross-check with constructions.ssm (the Theorem 4.4 owner's construction), when present.

    Its greedy basis lags and exact c_{tau,h} (tau < count) must equal this module's lag basis and modal
    closed form c_{tau,h} = Re sum_l beta_{hl} lambda_l^tau exactly; None when that module is unavailable.
    """
    try:
        from constructions.ssm import coefficients, interaction_basis, make_ssm
    except ImportError:
        return None
    other = interaction_basis(make_ssm([list(r) for r in ssm.A], [list(r) for r in ssm.B], [list(r) for r in ssm.C]))
    mine = head_form(ssm, "lags")
    if list(other.lags) != list(mine.pivots):
        return False
    for tau, row in enumerate(coefficients(other, count)):
        theirs = [Fraction(int(x.numerator), int(x.denominator)) for x in row]
        if theirs != coefficients_exact(mine, tau):
            return False
    return True


__all__ += ["theorem44_agrees"]
