"""Exact rational matrices on python-flint's native types: reading, charged products, rank bounds, impulse responses.

W(tau) = C A^tau B is derived from (A, B, C) themselves instead of trusting a parameter (the Jordan indices built on
these products are in theories/modes/jordan_structure.py). Ranks and products are python-flint's (trusted base).

Products of large matrices run on integer matrices with one common denominator each (fmpq_mat.numer_denom, then
fmpz_mat, multimodular in python-flint) and are charged by product_units on the numerators' bit lengths; a
rank lower bound is the rank modulo the prime P of the numerator (integer_matrix.rank_mod_p: a nonzero r x r minor
modulo P is a nonzero minor over QQ).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpz_mat, nmod_mat

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
    "cleared",
    "entry_bits",
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
    """x * y as a product of integer matrices with common denominators, charged (product_units) before it runs."""
    if x.ncols() != y.nrows():
        raise KernelError(what, f"product of shapes {x.nrows()}x{x.ncols()} and {y.nrows()}x{y.ncols()}")
    xn, xd = _cleared(x, what)
    yn, yd = _cleared(y, what)
    charge(product_units(x.nrows(), x.ncols(), y.ncols(), numerator_bits(xn), numerator_bits(yn)), what)
    return fmpq_mat(xn * yn) / (xd * yd)


def rank_lower_bound(m: fmpq_mat, what: str) -> int:
    """The rank of m's image modulo the prime P: a lower bound of its rank over QQ (equal for almost all m).

    Each entry p/q goes to p q^-1 mod P (q must be prime to P); this is the ring map from the rationals with
    denominators prime to P onto Z/P, so a nonzero r x r minor modulo P comes from a nonzero minor over QQ.
    """
    entries = m.entries()
    charge(len(entries) * (2 + _bits(m) // 256), what)
    image = [mod_p_image(x, what) for x in entries]
    return rank_mod_p(nmod_mat(m.nrows(), m.ncols(), image, P), what)


def mod_p_image(x: fmpq, what: str) -> int:
    """p q^-1 modulo P for x = p/q (q prime to P, else a KernelError: the rank would not be decided)."""
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


def cleared(m: fmpq_mat, what: str) -> tuple[fmpz_mat, int]:
    """(numerator matrix, common denominator) of m, charged (the public name of _cleared)."""
    return _cleared(m, what)


def entry_bits(m: fmpq_mat) -> int:
    """The bit size used to charge work on m's entries (the public name of _bits)."""
    return _bits(m)
