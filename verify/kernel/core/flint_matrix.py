"""Charged python-flint matrix routines: integer and rational products, ranks modulo a prime, impulse responses.

The low layer of the kernel's matrices (matrix.py reads and represents them): each routine charges its work before
python-flint does it. Rational matrices are multiplied as integer matrices with one common denominator each
(fmpq_mat.numer_denom, then fmpz_mat, multimodular in python-flint), never entry by entry, since fmpq_mat's
per-entry denominators can make a small hostile matrix cost minutes. A GZ is a Gaussian-integer matrix re + i im.

Rank modulo P: under Z[i] -> Z/P (i -> S, S^2 = -1 mod P) or p/q -> p q^-1 (q prime to P), both ring maps, a
nonzero r x r minor modulo P comes from a nonzero minor over QQ(i), so the rank modulo P is a lower bound.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpz, fmpz_mat, nmod_mat

from .errors import KernelError
from .limits import charge, rational_work

# Work units (1 unit ~ 1 microsecond on the project's 2-core machine). An m x k by k x n fmpz_mat product of a-bit by
# b-bit integers (python-flint 0.9), measured (ms): 256x256x4 16 x 6000 bits 17.5; 256x256x4 2000 x 6000 349;
# 256x4x256 6000 x 6000 425; 16x16x64 and 64x16x16 3000 x 3000 7.5; 64x64x64 64 x 4000 88 and 2000 x 2000 85;
# 128x128x128 16 x 2000 117; 256x256x256 16 x 500 84 and 16 x 16 6. python-flint multiplies thin shapes entry by
# entry (about m*k*n*(0.0004 + 0.0007 wa wb) us, wa, wb the 64-bit limbs) and square ones multimodularly (about
# m*k*n*P*0.0004 + (m*k + k*n + m*n)*P^2*0.002 us with P = (a + b)/60 + 1 primes); product_units charges the first
# for a shape with a side <= 16 and the larger of the two otherwise, times 3/2, which is above every measurement
# (by 1.5x to 6x). An nmod_mat rank of an m x n matrix took 0.00026 us per m*m*n (RANK_DIVISOR = 3000 charges
# 0.00033, plus 0.1 per entry for building it).
RANK_DIVISOR = 3000
# Products with at most this many entries get the bit length of their entries measured (cheap) instead of bounded.
MEASURE_ENTRIES = 8192
# The prime of the rank checks: P = 1 mod 4, the largest such prime below 2^62, and S with S^2 = -1 mod P.
P = 4611686018427387817
S = 4490822397581186023


class GZ:
    """A Gaussian-integer matrix re + i im (im None when zero) with an upper bound `bits` on its entries' bit length."""

    __slots__ = ("re", "im", "bits")

    def __init__(self, re: fmpz_mat, im: fmpz_mat | None = None, bits: int | None = None) -> None:
        """bits is measured when not given."""
        self.re, self.im = re, im
        self.bits = max(numerator_bits(re), numerator_bits(im)) if bits is None else bits

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return self.re.nrows(), self.re.ncols()

    def is_zero(self) -> bool:
        """True exactly when every entry is zero."""
        return bool(self.re.is_zero() and (self.im is None or self.im.is_zero()))


def words(bits: int) -> int:
    """64-bit limbs of a number of the given bit length."""
    return 1 + bits // 64


def product_units(rows: int, inner: int, cols: int, bits_a: int, bits_b: int) -> int:
    """Work units of one fmpz_mat product (see the calibration above)."""
    mkn = rows * inner * cols
    entrywise = mkn * (0.0004 + 0.0007 * words(bits_a) * words(bits_b))
    if min(rows, inner, cols) > 16:
        primes = (bits_a + bits_b) / 60 + 1
        multimodular = mkn * primes * 0.0004 + (rows * inner + inner * cols + rows * cols) * primes**2 * 0.002
        entrywise = max(entrywise, multimodular)
    return int(1.5 * entrywise) + 1


def gmul(a: GZ, b: GZ, what: str) -> GZ:
    """The product of Gaussian-integer matrices, charged before it runs (up to four real products)."""
    (rows, inner), cols = a.shape, b.shape[1]
    if inner != b.shape[0]:
        raise KernelError(what, f"product of shapes {a.shape} and {b.shape}")
    count = 1 + (a.im is not None) + (b.im is not None) + (a.im is not None and b.im is not None)
    charge(count * product_units(rows, inner, cols, a.bits, b.bits), what)
    re, im, a_im, b_im = a.re * b.re, None, a.im, b.im
    if a_im is not None and b_im is not None:
        re, im = re - a_im * b_im, a.re * b_im + a_im * b.re
    elif b_im is not None:
        im = a.re * b_im
    elif a_im is not None:
        im = a_im * b.re
    # The bound a.bits + b.bits + log2(inner) + 2 overestimates a long chain A^tau B badly; a small result is measured.
    bits = None if rows * cols <= MEASURE_ENTRIES else a.bits + b.bits + inner.bit_length() + 2
    return GZ(re, im, bits)


def gadd(a: GZ, b: GZ, what: str, c: tuple[fmpz, fmpz] = (fmpz(1), fmpz(0))) -> GZ:
    """a + c b for a Gaussian integer c (charged as one entrywise product)."""
    rows, cols = a.shape
    cbits = max(int(c[0]).bit_length(), int(c[1]).bit_length())
    charge(4 * product_units(rows, 1, cols, b.bits, cbits), what)
    re, im = b.re * c[0], b.re * c[1] if c[1] != 0 else None
    if b.im is not None:
        re = re - b.im * c[1] if c[1] != 0 else re
        im = b.im * c[0] if im is None else im + b.im * c[0]
    total_im = im if a.im is None else (a.im if im is None else a.im + im)
    return GZ(a.re + re, total_im, max(a.bits, b.bits + cbits + 1) + 1)


def mod_p(m: GZ) -> nmod_mat:
    """The image of re + i im under Z[i] -> Z/P, i -> S."""
    image = nmod_mat(m.re, P)
    return image if m.im is None else image + nmod_mat(m.im, P) * S


def rank_mod_p(image: nmod_mat, what: str) -> int:
    """The rank of a matrix over Z/P (a lower bound of the rank over QQ(i) of any preimage), charged."""
    rows, cols = image.nrows(), image.ncols()
    charge(rows * cols * min(rows, cols) // RANK_DIVISOR + rows * cols // 10 + 1, what)
    return int(image.rank())


def identity(n: int) -> fmpq_mat:
    """The n x n rational identity."""
    return fmpq_mat(n, n, [int(r == c) for r in range(n) for c in range(n)])


def entry_bits(m: fmpq_mat) -> int:
    """The largest bit length of a numerator or denominator of an entry (the size work on m is charged by)."""
    return max((max(x.p.bit_length(), x.q.bit_length()) for x in m.entries()), default=0)


def numerator_bits(m: fmpz_mat | None) -> int:
    """The largest bit length of an entry of an integer matrix (0 for None or empty)."""
    if m is None:
        return 0
    return max((int(e).bit_length() for e in m.entries()), default=0)


def product(x: fmpq_mat, y: fmpq_mat) -> fmpq_mat:
    """x * y, charged as rows * inner * cols multiply-adds of the entries' size (limits.rational_work)."""
    work = x.nrows() * x.ncols() * y.ncols()
    charge(rational_work(work, max(entry_bits(x), entry_bits(y))), "rational matrix product")
    return x * y


def cleared(m: fmpq_mat, what: str) -> tuple[fmpz_mat, int]:
    """(N, D) with m = N / D, D >= 1 the common denominator (charged per entry and word)."""
    charge(m.nrows() * m.ncols() * (2 + words(entry_bits(m))), what)
    num, den = m.numer_denom()
    return num, int(den)


def qmul(x: fmpq_mat, y: fmpq_mat, what: str) -> fmpq_mat:
    """x * y as a product of integer matrices with common denominators, charged (product_units) before it runs."""
    if x.ncols() != y.nrows():
        raise KernelError(what, f"product of shapes {x.nrows()}x{x.ncols()} and {y.nrows()}x{y.ncols()}")
    xn, xd = cleared(x, what)
    yn, yd = cleared(y, what)
    charge(product_units(x.nrows(), x.ncols(), y.ncols(), numerator_bits(xn), numerator_bits(yn)), what)
    return fmpq_mat(xn * yn) / (xd * yd)


def rank_lower_bound(m: fmpq_mat, what: str) -> int:
    """The rank of m's image modulo the prime P (p/q -> p q^-1): a lower bound of its rank over QQ."""
    entries = m.entries()
    charge(len(entries) * (2 + entry_bits(m) // 256), what)
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
    an, ad = cleared(a, "impulse responses")
    bn, bd = cleared(b, "impulse responses")
    cn, cd = cleared(c, "impulse responses")
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
