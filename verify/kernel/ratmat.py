"""Exact rational matrices on python-flint's fmpq_mat: reading, impulse responses, and Jordan indices.

The facts the Appendix A kinds derive from (A, B, C) themselves instead of trusting a parameter:
W(tau) = C A^tau B, the index nu of the eigenvalue 0 (the smallest s with rank A^s = rank A^(s+1)), and
the index of the roots of an irreducible modulus m (the size of their largest Jordan block: the smallest
s with rank m(A)^s = rank m(A)^(s+1)). Ranks, products and factorizations are python-flint's (trusted base).
"""

from __future__ import annotations

from flint import fmpq_mat, fmpq_poly

from .errors import KernelError
from .limits import charge, rational_work
from .numbers import parse_number

__all__ = [
    "MAX_SIDE",
    "read_rational_matrix",
    "identity",
    "product",
    "impulse_responses",
    "nilpotent_index",
    "root_index",
    "is_irreducible",
]

# Side of the state matrix A in the Appendix A kinds (users' SSMs up to 256 states).
MAX_SIDE = 256


def read_rational_matrix(value: object, where: str, max_side: int = MAX_SIDE) -> fmpq_mat:
    """A nonempty rectangular matrix of exact rational strings (no imaginary part) as an fmpq_mat."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise KernelError(where, "expected a nonempty list of nonempty rows of exact rational strings")
    rows, cols = len(value), len(value[0])
    if any(len(r) != cols for r in value):
        raise KernelError(where, f"rows of different lengths; expected every row to have {cols} entries")
    if rows > max_side or cols > max_side:
        raise KernelError(where, f"shape {rows}x{cols}; expected at most {max_side} rows and columns")
    charge(rows * cols, "reading a matrix")
    entries = []
    for i, row in enumerate(value):
        for j, x in enumerate(row):
            number = parse_number(x, f"{where}[{i}][{j}]")
            if not number.is_real():
                raise KernelError(f"{where}[{i}][{j}]", f"found {x!r}, expected a rational number")
            entries.append(number.re)
    return fmpq_mat(rows, cols, entries)


def identity(n: int) -> fmpq_mat:
    """The n x n identity."""
    return fmpq_mat(n, n, [int(r == c) for r in range(n) for c in range(n)])


def _bits(m: fmpq_mat) -> int:
    """The largest bit length of a numerator or denominator of an entry."""
    return max((max(x.p.bit_length(), x.q.bit_length()) for x in m.entries()), default=0)


def product(x: fmpq_mat, y: fmpq_mat) -> fmpq_mat:
    """x * y, charged as rows * inner * cols multiply-adds of the entries' size (limits.rational_work)."""
    work = x.nrows() * x.ncols() * y.ncols()
    charge(rational_work(work, max(_bits(x), _bits(y))), "rational matrix product")
    return x * y


def impulse_responses(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, count: int) -> list[fmpq_mat]:
    """W(0), ..., W(count - 1) with W(tau) = C A^tau B, computed as C (A^tau B)."""
    out, state = [], b
    for _ in range(count):
        out.append(product(c, state))
        state = product(a, state)
    return out


def _stable_power(m: fmpq_mat, where: str) -> int:
    """The smallest s >= 0 with rank m^s = rank m^(s+1) (the index of the eigenvalue 0 of m)."""
    n = m.nrows()
    power, rank = identity(n), n
    for s in range(n + 1):
        following = product(power, m)
        charge(rational_work(n**3, _bits(following)), "rank")
        next_rank = following.rank()
        if next_rank == rank:
            return s
        power, rank = following, next_rank
    raise KernelError(where, "the rank of the powers did not stabilize (impossible for a square matrix)")


def nilpotent_index(a: fmpq_mat, where: str) -> int:
    """nu: the size of the largest Jordan block of the eigenvalue 0 of A (0 when A is invertible)."""
    return _stable_power(a, where)


def _evaluate(poly: fmpq_poly, a: fmpq_mat) -> fmpq_mat:
    """poly(A) by Horner's rule."""
    n = a.nrows()
    out = fmpq_mat(n, n)
    for coefficient in reversed(poly.coeffs()):
        out = product(out, a) + identity(n) * coefficient
    return out


def root_index(modulus: fmpq_poly, a: fmpq_mat, where: str) -> int:
    """The size of the largest Jordan block of A at the roots of an irreducible modulus (0 if none is one)."""
    return _stable_power(_evaluate(modulus, a), where)


def is_irreducible(modulus: fmpq_poly) -> bool:
    """True when the modulus is irreducible over QQ (python-flint's factorization)."""
    charge(modulus.degree() ** 3 + 1, "factorization")
    _, factors = modulus.factor()
    return len(factors) == 1 and factors[0][1] == 1
