"""Exact matrices over QQ and QQ(i) on python-flint's native types, for the constructions at real state sizes.

A matrix over QQ(i) is a pair (re, im) of fmpq_mat (im is None for a rational matrix). Linear algebra over QQ(i)
goes through the realification: a vector u over QQ(i) becomes R(u) = [Re u; Im u], and its QQ(i)-multiples span
the same real space as R(u) and R(i u) = [-Im u; Re u]. So the greedy column basis of a matrix over QQ(i) is read
off the pivots of a rational rref, in pairs, and coordinates c = x + i y come from the two rows of a pair.
The minimal polynomial over QQ(i) is found modulo primes p = 1 mod 4 (i -> a square root of -1) and put together by
the Chinese remainder theorem under an a-priori bound on its coefficients. These are finders: nothing here is
trusted (verify/kernel/theories/ssm/kind_ssm.py re-checks every result exactly).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb, lcm

from flint import fmpq, fmpq_mat, fmpz, fmpz_mat, nmod_mat
from sympy.polys.domains import QQ, QQ_I
from sympy.polys.matrices import DomainMatrix

__all__ = [
    "GMat",
    "Gauss",
    "from_domain",
    "to_domain_elements",
    "integer_form",
    "column_basis",
    "minimal_polynomial",
    "krylov_cyclic",
    "primes_1_mod_4",
    "mod_p_image",
]

Gauss = tuple[fmpq, fmpq]  # (re, im)


class GMat:
    """A matrix over QQ(i): re + i*im with python-flint rational matrices (im is None when the matrix is real)."""

    __slots__ = ("re", "im")

    def __init__(self, re: fmpq_mat, im: fmpq_mat | None = None) -> None:
        """re + i*im; an all-zero imaginary part is dropped."""
        self.re = re
        self.im = None if im is None or all(x == 0 for x in im.entries()) else im

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return self.re.nrows(), self.re.ncols()

    def __matmul__(self, other: GMat) -> GMat:
        """The product over QQ(i)."""
        if self.im is None:
            return GMat(self.re * other.re, None if other.im is None else self.re * other.im)
        if other.im is None:
            return GMat(self.re * other.re, self.im * other.re)
        return GMat(self.re * other.re - self.im * other.im, self.re * other.im + self.im * other.re)

    def entry(self, r: int, c: int) -> Gauss:
        """One entry as (re, im)."""
        return self.re[r, c], (self.im[r, c] if self.im is not None else fmpq(0))


def from_domain(m: DomainMatrix) -> GMat:
    """A DomainMatrix over QQ or QQ_I as a GMat (QQ elements are python-flint rationals already)."""
    rows, cols = m.shape
    flat = [x for row in m.to_list() for x in row]
    if m.domain == QQ:
        return GMat(fmpq_mat(rows, cols, flat))
    return GMat(
        fmpq_mat(rows, cols, [QQ.convert(x.x) for x in flat]), fmpq_mat(rows, cols, [QQ.convert(x.y) for x in flat])
    )


def to_domain_elements(values: list[Gauss], domain: object) -> list:
    """(re, im) pairs as elements of an SSM's domain (QQ or QQ_I)."""
    if domain == QQ:
        return [QQ.convert(re) for re, _ in values]
    return [QQ_I(QQ.convert(re), QQ.convert(im)) for re, im in values]


def integer_form(m: GMat) -> tuple[fmpz_mat, fmpz_mat | None, fmpz]:
    """(X, Y, D) with m = (X + i Y) / D for integer matrices X, Y (Y None when m is real) and D >= 1."""
    xr, dr = m.re.numer_denom()
    if m.im is None:
        return xr, None, fmpz(dr)
    xi, di = m.im.numer_denom()
    den = fmpz(lcm(int(dr), int(di)))
    return xr * (den // dr), xi * (den // di), den


def _realified_columns(m: GMat) -> fmpq_mat:
    """The 2r x 2c rational matrix with columns R(col_j), R(i col_j) for j = 0..c-1."""
    rows, cols = m.shape
    out = fmpq_mat(2 * rows, 2 * cols)
    for r in range(rows):
        for c in range(cols):
            a, b = m.entry(r, c)
            out[r, 2 * c], out[rows + r, 2 * c] = a, b
            out[r, 2 * c + 1], out[rows + r, 2 * c + 1] = -b, a
    return out


def _column_scaled_rref(m: fmpq_mat) -> tuple[list[int], list[list[fmpq]]]:
    """Pivot columns of m and the rref coordinates of every column, via a fraction-free rref of an integer matrix.

    Column c is scaled by s_c, the lcm of its denominators: pivots do not change, and s_c col_c = sum_l x_l
    s_(p_l) col_(p_l) means col_c = sum_l x_l s_(p_l) / s_c col_(p_l).
    """
    rows, cols = m.nrows(), m.ncols()
    if rows == 0 or cols == 0:
        return [], [[] for _ in range(cols)]
    scales = [fmpz(lcm(1, *(int(m[r, c].q) for r in range(rows)))) for c in range(cols)]
    scaled = fmpz_mat(rows, cols, [int(m[r, c] * scales[c]) for r in range(rows) for c in range(cols)])
    rref, den, rank = scaled.rref()
    pivots, row = [], 0
    for c in range(cols):
        if row < rank and rref[row, c] != 0:
            pivots.append(c)
            row += 1
    coords = [[fmpq(rref[r, c] * scales[p], den * scales[c]) for r, p in enumerate(pivots)] for c in range(cols)]
    return pivots, coords


def column_basis(m: GMat) -> tuple[list[int], list[list[Gauss]]]:
    """The greedy column basis (pivot columns) of m over QQ or QQ(i) and every column's coordinates in it.

    Coordinates are those of the reduced row echelon form: column j = sum_l coords[j][l] * column pivots[l].
    """
    if m.im is None:
        pivots, real = _column_scaled_rref(m.re)
        return pivots, [[(x, fmpq(0)) for x in row] for row in real]
    real_pivots, real_coords = _column_scaled_rref(_realified_columns(m))
    pivots = [c // 2 for c in real_pivots[0::2]]  # independent columns give both R(u) and R(i u) as pivots
    coords = [list(zip(real_coords[2 * j][0::2], real_coords[2 * j][1::2])) for j in range(m.shape[1])]
    return pivots, coords


def primes_1_mod_4(count: int) -> list[tuple[int, int]]:
    """The `count` largest primes p = 1 mod 4 below 2^62, each with s such that s^2 = -1 mod p."""
    out: list[tuple[int, int]] = []
    candidate = (1 << 62) - 3
    while len(out) < count:
        if fmpz(candidate).is_prime():
            g = next(g for g in range(2, 1000) if pow(g, (candidate - 1) // 2, candidate) == candidate - 1)
            out.append((candidate, pow(g, (candidate - 1) // 4, candidate)))
        candidate -= 4
    return out


_PRIMES: list[tuple[int, int]] = []


def _prime_stream() -> Iterator[tuple[int, int]]:
    """Primes p = 1 mod 4 with sqrt(-1), from a list that grows on demand."""
    k = 0
    while True:
        if k == len(_PRIMES):
            _PRIMES[:] = primes_1_mod_4(2 * k + 8)
        yield _PRIMES[k]
        k += 1


def mod_p_image(x: fmpz_mat, y: fmpz_mat | None, p: int, s: int) -> nmod_mat:
    """The image of X + i Y under Z[i] -> Z/p, i -> s."""
    out = nmod_mat(x, p)
    return out if y is None else out + nmod_mat(y, p) * s


def minimal_polynomial(a: GMat) -> list[Gauss]:
    """The monic minimal polynomial of a square matrix over QQ or QQ(i), coefficients p_0..p_d as (re, im).

    Over QQ(i): mu of the Gaussian-integer matrix X + iY = D a is monic with Gaussian-integer coefficients, bounded by
    binom(m, j) rho^j with rho the largest row sum of |X| + |Y| (>= every |eigenvalue|). Modulo p it is found at
    i -> s and i -> -s (so real and imaginary parts separate); a prime where the degree drops is skipped (mu mod p
    is then not the minimal polynomial mod p). Then mu_a(x) = D^-d mu(D x).
    """
    if a.im is None:
        return [(c, fmpq(0)) for c in a.re.minpoly().coeffs()]
    x, y, den = integer_form(a)
    assert y is not None  # a.im is not None: the imaginary part is a matrix
    m = a.shape[0]
    rho = max((sum(abs(int(x[r, c])) + abs(int(y[r, c])) for c in range(m)) for r in range(m)), default=0)
    bound = max(comb(m, j) * rho**j for j in range(m + 1))
    residues: list[tuple[int, int]] = []
    modulus, degree, tried = 1, -1, 0
    for p, s in _prime_stream():
        tried += 1
        if tried > 4 * (bound.bit_length() // 60 + 4):
            raise ArithmeticError("too many unlucky primes for the minimal polynomial over QQ(i)")
        f1, f2 = mod_p_image(x, y, p, s).minpoly(), mod_p_image(x, y, p, p - s).minpoly()
        if f1.degree() != f2.degree() or f1.degree() < degree:
            continue
        if f1.degree() > degree:
            residues, modulus, degree = [], 1, f1.degree()
        inv2, inv2s = pow(2, -1, p), pow(2 * s, -1, p)
        pairs = [
            ((int(u) + int(v)) * inv2 % p, (int(u) - int(v)) * inv2s % p) for u, v in zip(f1.coeffs(), f2.coeffs())
        ]
        residues = pairs if not residues else [_crt(old, new, modulus, p) for old, new in zip(residues, pairs)]
        modulus *= p
        if modulus > 2 * bound:
            break
    half = modulus // 2
    sym = [(r - modulus if r > half else r, i - modulus if i > half else i) for r, i in residues]
    d = len(sym) - 1
    scale = [fmpz(den) ** (d - j) for j in range(d + 1)]
    return [(fmpq(re, scale[j]), fmpq(im, scale[j])) for j, (re, im) in enumerate(sym)]


def _crt(old: tuple[int, int], new: tuple[int, int], modulus: int, p: int) -> tuple[int, int]:
    """Residues modulo `modulus` and modulo p combined into residues modulo modulus * p (both parts)."""
    inv = pow(modulus % p, -1, p)
    return tuple(o + modulus * (((n - o) * inv) % p) for o, n in zip(old, new))  # type: ignore[return-value]


def krylov_cyclic(a: GMat, degree: int, limit: int = 64) -> list[list[int]] | None:
    """Integer vectors v_1..v_r whose Krylov vectors a^j v_i (j < degree) span the space, checked modulo a prime.

    Candidates in order: the all-ones vector (cyclic for a generic or a diagonal matrix with distinct eigenvalues),
    then unit vectors, each kept when it raises the rank; None when `limit` candidates do not suffice. A nonzero
    maximal minor modulo p is nonzero over QQ(i), which is how the kernel checks the answer.
    """
    x, y, _ = integer_form(a)
    m = a.shape[0]
    p, s = next(_prime_stream())
    ap = mod_p_image(x, y, p, s)
    candidates = [[1] * m] + [[int(r == i) for r in range(m)] for i in range(m)]
    chosen: list[list[int]] = []
    columns: list[list[int]] = []
    rank = 0
    for candidate in candidates[:limit]:
        vector = nmod_mat(m, 1, candidate, p)
        block = []
        for _ in range(degree):
            block.append([int(x) for x in vector.entries()])
            vector = ap * vector
        trial = columns + block
        new_rank = nmod_mat(len(trial), m, [x for c in trial for x in c], p).rank()
        if new_rank > rank:
            chosen, columns, rank = chosen + [candidate], trial, new_rank
            if rank == m:
                return chosen
    return None
