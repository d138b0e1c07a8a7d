"""Exact rational matrices on python-flint's native types: reading, charged products, impulse responses, Jordan indices.

The facts the Appendix A kinds derive from (A, B, C) themselves instead of trusting a parameter:
W(tau) = C A^tau B, the index nu of the eigenvalue 0 (the smallest s with rank A^s = rank A^(s+1)) with the rank of
A^nu, and the index of the roots of an irreducible modulus m (the size of their largest Jordan block: the smallest
s with rank m(A)^s = rank m(A)^(s+1)). Ranks, products, characteristic polynomials and factorizations are
python-flint's (trusted base).

Products of large matrices run on integer matrices with one common denominator each (fmpq_mat.numer_denom, then
fmpz_mat, multimodular in python-flint) and are charged by zmat.product_units on the numerators' bit lengths; a
rank lower bound is the rank modulo the prime zmat.P of the numerator (zmat.rank_mod_p: a nonzero r x r minor
modulo P is a nonzero minor over QQ).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly, fmpz_mat, nmod_mat

from .errors import KernelError, rectangular_shape
from .integer_matrix import P, product_units, rank_mod_p, words
from .limits import charge, rational_work
from .numbers import parse_number

__all__ = [
    "MAX_SIDE",
    "read_rational_matrix",
    "identity",
    "product",
    "qmul",
    "numerator_bits",
    "rank_lower_bound",
    "mod_p_image",
    "impulse_responses",
    "nilpotent_index",
    "zero_part",
    "root_index",
    "multiplicity",
    "charpoly",
    "block_sizes",
    "is_irreducible",
]

# Side of the state matrix A in the Appendix A kinds (users' SSMs up to 256 states).
MAX_SIDE = 256


def read_rational_matrix(value: object, where: str, max_side: int = MAX_SIDE) -> fmpq_mat:
    """A nonempty rectangular matrix of exact rational strings (no imaginary part) as an fmpq_mat."""
    rows, cols = rectangular_shape(value, where, " of exact rational strings")
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


def numerator_bits(m: fmpz_mat) -> int:
    """The largest bit length of an entry of an integer matrix."""
    return max((int(e).bit_length() for e in m.entries()), default=0)


def _cleared(m: fmpq_mat, what: str) -> tuple[fmpz_mat, int]:
    """(N, D) with m = N / D, D >= 1 the common denominator (charged per entry and word)."""
    charge(m.nrows() * m.ncols() * (2 + words(_bits(m))), what)
    num, den = m.numer_denom()
    return num, int(den)


def qmul(x: fmpq_mat, y: fmpq_mat, what: str) -> fmpq_mat:
    """x * y as a product of integer matrices with common denominators, charged (zmat.product_units) before it runs."""
    if x.ncols() != y.nrows():
        raise KernelError(what, f"product of shapes {x.nrows()}x{x.ncols()} and {y.nrows()}x{y.ncols()}")
    xn, xd = _cleared(x, what)
    yn, yd = _cleared(y, what)
    charge(product_units(x.nrows(), x.ncols(), y.ncols(), numerator_bits(xn), numerator_bits(yn)), what)
    return fmpq_mat(xn * yn) / (xd * yd)


def rank_lower_bound(m: fmpq_mat, what: str) -> int:
    """The rank of m's image modulo the prime zmat.P: a lower bound of its rank over QQ (equal for almost all m).

    Each entry p/q goes to p q^-1 mod P (q must be prime to P); this is the ring map from the rationals with
    denominators prime to P onto Z/P, so a nonzero r x r minor modulo P comes from a nonzero minor over QQ.
    """
    entries = m.entries()
    charge(len(entries) * (2 + _bits(m) // 256), what)
    image = [mod_p_image(x, what) for x in entries]
    return rank_mod_p(nmod_mat(m.nrows(), m.ncols(), image, P), what)


def mod_p_image(x: fmpq, what: str) -> int:
    """p q^-1 modulo zmat.P for x = p/q (q prime to P, else a KernelError: the rank would not be decided)."""
    q = int(x.q) % P
    if q == 0:
        raise KernelError(what, f"a denominator is divisible by the prime {P}; the rank is not decided")
    return int(x.p) % P * pow(q, -1, P) % P


def impulse_responses(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, count: int) -> list[fmpq_mat]:
    """W(0), ..., W(count - 1) with W(tau) = C A^tau B, from integer products (A = A'/D, A'^tau B' kept integral)."""
    an, ad = _cleared(a, "impulse responses")
    bn, bd = _cleared(b, "impulse responses")
    cn, cd = _cleared(c, "impulse responses")
    a_bits, c_bits = numerator_bits(an), numerator_bits(cn)
    out, state, state_bits, scale = [], bn, numerator_bits(bn), fmpq(1, bd * cd)
    for _ in range(count):
        charge(product_units(c.nrows(), c.ncols(), b.ncols(), c_bits, state_bits), "impulse responses")
        out.append(fmpq_mat(cn * state) * scale)
        charge(product_units(a.nrows(), a.ncols(), b.ncols(), a_bits, state_bits), "impulse responses")
        state = an * state
        state_bits = numerator_bits(state)
        scale = scale / ad
    return out


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
    """The characteristic polynomial of A (python-flint), charged n^4 times the words of A's cleared entries.

    Measured (dense random rationals, 15-bit cleared entries): 0.3 ms at n = 16, 5.3 ms at 64, 80 ms at 128, i.e.
    about 0.0003 us * n^4; the charge n^4 * words / 1000 is 3x above that.
    """
    num, _ = _cleared(a, "characteristic polynomial")
    n = a.nrows()
    charge(n**4 * words(numerator_bits(num)) // 1000 + 1, "characteristic polynomial")
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
