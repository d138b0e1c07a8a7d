"""Jordan structure of a rational matrix: the index of an eigenvalue and the block sizes at an irreducible modulus.

The facts the Appendix A kinds derive from A itself instead of trusting a parameter: the index nu of the
eigenvalue 0 (the smallest s with rank A^s = rank A^(s+1)) with the rank of A^nu, and the index of the roots of an
irreducible modulus m (the size of their largest Jordan block: the smallest s with rank m(A)^s = rank m(A)^(s+1)).
Ranks, products, characteristic polynomials and factorizations are python-flint's (trusted base).
"""

from __future__ import annotations

from flint import fmpq_mat, fmpq_poly

from ...core.errors import KernelError
from ...core.integer_matrix import words
from ...core.limits import charge, charpoly_units, rational_work
from ...core.rational_matrix import cleared as _cleared
from ...core.rational_matrix import entry_bits as _bits
from ...core.rational_matrix import identity, numerator_bits, product

__all__ = ["nilpotent_index", "zero_part", "root_index", "multiplicity", "charpoly", "block_sizes", "is_irreducible"]


def _stable_power(m: fmpq_mat, where: str) -> tuple[int, int]:
    """(s, rank m^s) for the smallest s >= 0 with rank m^s = rank m^(s+1) (s: the index of the eigenvalue 0 of m)."""
    n = m.nrows()
    power, rank = identity(n), n
    for s in range(n + 1):
        following = product(power, m)
        charge(rational_work(n**3, _bits(following)), "rank")
        next_rank = following.rank()
        if next_rank == rank:
            return s, rank
        power, rank = following, next_rank
    raise KernelError(where, "the rank of the powers did not stabilize (impossible for a square matrix)")


def nilpotent_index(a: fmpq_mat, where: str) -> int:
    """nu: the size of the largest Jordan block of the eigenvalue 0 of A (0 when A is invertible)."""
    return _stable_power(a, where)[0]


def zero_part(a: fmpq_mat, where: str) -> tuple[int, int]:
    """(nu, rank A^nu): the index of the eigenvalue 0 and the dimension of the sum of the other generalized
    eigenspaces (range A^nu)."""
    return _stable_power(a, where)


def _evaluate(poly: fmpq_poly, a: fmpq_mat) -> fmpq_mat:
    """poly(A) by Horner's rule."""
    n = a.nrows()
    out = fmpq_mat(n, n)
    for coefficient in reversed(poly.coeffs()):
        out = product(out, a) + identity(n) * coefficient
    return out


def charpoly(a: fmpq_mat) -> fmpq_poly:
    """The characteristic polynomial of A (python-flint), charged by limits.charpoly_units on A's cleared entries.

    Measured (dense random rationals, 15-bit cleared entries): 0.3 ms at n = 16, 5.3 ms at 64, 80 ms at 128; with
    distinct denominators (cleared entries of thousands of bits) far more: 0.41 s at n = 8 (71,837 bits), 4.4 s at
    n = 24 (27,373 bits), which the former charge n^4 * words / 1000 put at 4,600 and 142,000 units.
    """
    num, _ = _cleared(a, "characteristic polynomial")
    charge(charpoly_units(a.nrows(), numerator_bits(num)), "characteristic polynomial")
    return a.charpoly()


def multiplicity(modulus: fmpq_poly, poly: fmpq_poly) -> int:
    """The largest e with modulus^e dividing poly (poly nonzero, modulus of degree >= 1)."""
    count = 0
    while True:
        charge((poly.degree() + 1) * (modulus.degree() + 1), "multiplicity")
        quotient, remainder = divmod(poly, modulus)
        if not remainder.is_zero():
            return count
        poly, count = quotient, count + 1


def root_index(modulus: fmpq_poly, a: fmpq_mat, where: str, chi: fmpq_poly | None = None) -> int:
    """The size of the largest Jordan block of A at the roots of an irreducible modulus (0 if none is one).

    The multiplicity e of the modulus in the characteristic polynomial chi (computed when not given) is each root's
    algebraic multiplicity, so e = 0 means no root is an eigenvalue and e = 1 means blocks of size 1; for e >= 2 the
    index is read off the ranks of modulus(A)^s.
    """
    e = multiplicity(modulus, charpoly(a) if chi is None else chi)
    if e <= 1:
        return e
    return _stable_power(_evaluate(modulus, a), where)[0]


def block_sizes(modulus: fmpq_poly, a: fmpq_mat, e: int, where: str) -> list[int]:
    """The Jordan block sizes (non-increasing) of A at each root of an irreducible modulus of multiplicity e in the
    characteristic polynomial: none for e = 0, [1] for e = 1, else from dim ker modulus(A)^s = deg * sum min(size, s).
    """
    if e <= 1:
        return [1] * e
    n, d = a.nrows(), modulus.degree()
    value = _evaluate(modulus, a)
    dims, power = [0], value
    while dims[-1] < e:
        charge(rational_work(n**3, _bits(power)), "rank")
        dims.append((n - power.rank()) // d)
        if dims[-1] == dims[-2]:
            raise KernelError(where, "the kernels of modulus(A)^s stopped growing before the multiplicity")
        power = product(power, value)
    at_least = [dims[j] - dims[j - 1] for j in range(1, len(dims))] + [0]
    return sorted((j + 1 for j in range(len(dims) - 1) for _ in range(at_least[j] - at_least[j + 1])), reverse=True)


def is_irreducible(modulus: fmpq_poly) -> bool:
    """True when the modulus is irreducible over QQ (python-flint's factorization, van Hoeij's algorithm).

    Charged d^3 / 16 + d^2 words / 4 (d the degree, words the 64-bit limbs of its largest coefficient part).
    Measured: a dense 64-state characteristic polynomial (degree 64, 929 bits) 3 ms, degree 128 (1949 bits) 23 ms,
    degree 256 (4030 bits) 0.1-0.16 s; the Swinnerton-Dyer polynomials, with many factors modulo every prime,
    38 ms at degree 128 and 0.76 s at 256. The charge is 1.4x to 10x above each.
    """
    d = modulus.degree()
    bits = max((max(c.p.bit_length(), c.q.bit_length()) for c in modulus.coeffs()), default=0)
    charge(d**3 // 16 + d * d * words(bits) // 4 + 1, "factorization")
    _, factors = modulus.factor()
    return len(factors) == 1 and factors[0][1] == 1
