"""Exact matrices over QQ(i) as Gaussian-integer matrices with one common denominator, with charged arithmetic.

A QMat is (X + i Y) / D with python-flint integer matrices X, Y (Y None when zero) and an integer D >= 1 with
gcd(D, every entry of X and Y) = 1, so each matrix has exactly one representation and == compares values.
A GZ is a Gaussian-integer matrix X + i Y with an upper bound on the bit length of its entries, used to charge work
before it is done. Products run on fmpz_mat (multimodular in python-flint), never on fmpq_mat, whose per-entry
denominators can make a small hostile matrix cost minutes.

Readers accept both written forms of an exact matrix, and normalize on read:
* rows of exact number strings, [["1/2", "3/4-i"], ...] (the original form);
* the compact form {"denominator": "D", "re": [["n", ...], ...], "im": [[...]]} of integer strings with one
  common denominator (entry = (re + i im) / D; "im" optional).

Rank modulo a prime: a Gaussian-integer matrix whose image under Z[i] -> Z/P (i -> S, S^2 = -1 mod P) has rank r
has a nonzero r x r minor over Z[i] (the map is a ring homomorphism), so "rank mod P = full" proves full rank.
"""

from __future__ import annotations

from math import gcd, lcm
from typing import Any, cast

from flint import fmpz, fmpz_mat, nmod_mat

from .errors import KernelError, expect_keys, rectangular_shape
from .limits import MAX_BITS, charge
from .numbers import parse_integer_text, parse_number

__all__ = ["QMat", "GZ", "read_qmat", "gmul", "gadd", "product_units", "mod_p", "rank_mod_p", "P", "S"]

# Work units (1 unit ~ 1 microsecond on the project's 2-core machine). An m x k by k x n fmpz_mat product of a-bit by
# b-bit integers (python-flint 0.9), measured (ms): 256x256x4 16 x 6000 bits 17.5; 256x256x4 2000 x 6000 349;
# 256x4x256 6000 x 6000 425; 16x16x64 and 64x16x16 3000 x 3000 7.5; 64x64x64 64 x 4000 88 and 2000 x 2000 85;
# 128x128x128 16 x 2000 117; 256x256x256 16 x 500 84 and 16 x 16 6. python-flint multiplies thin shapes entry by
# entry (about m*k*n*(0.0004 + 0.0007 wa wb) us, wa, wb the 64-bit limbs) and square ones multimodularly (about
# m*k*n*P*0.0004 + (m*k + k*n + m*n)*P^2*0.002 us with P = (a + b)/60 + 1 primes); product_units charges the first
# for a shape with a side <= 16 and the larger of the two otherwise, times 3/2, which is above every measurement
# (by 1.5x to 6x). An nmod_mat rank of an m x n matrix took 0.00026 us per m*m*n (RANK_DIVISOR = 3000 charges
# 0.00033, plus 0.1 per entry for building it). Reading one exact number string costs about 3 us (READ_UNITS).
RANK_DIVISOR = 3000
READ_UNITS = 3
# Products with at most this many entries get the bit length of their entries measured (cheap) instead of bounded.
MEASURE_ENTRIES = 8192

# The prime of the rank checks: P = 1 mod 4, the largest such prime below 2^62, and S with S^2 = -1 mod P.
P = 4611686018427387817
S = 4490822397581186023


def _bits(m: fmpz_mat | None) -> int:
    """The largest bit length of an entry (0 for None or empty)."""
    if m is None:
        return 0
    return max((int(e).bit_length() for e in m.entries()), default=0)


class QMat:
    """(X + i Y) / D over QQ(i): integer matrices X, Y (Y None when zero), D >= 1, in lowest terms."""

    __slots__ = ("x", "y", "d", "key", "nbits")

    def __init__(self, x: fmpz_mat, y: fmpz_mat | None, d: fmpz | int, nbits: int | None = None) -> None:
        """Store the parts (use QMat.make for lowest terms); key names the text it was read from (memo).

        nbits, the largest bit length of an entry of x and y, is measured when not given.
        """
        self.x, self.y, self.d = x, y, fmpz(d)
        self.key = ""
        self.nbits = max(_bits(x), _bits(y)) if nbits is None else nbits

    @classmethod
    def make(cls, x: fmpz_mat, y: fmpz_mat | None, d: fmpz | int) -> QMat:
        """The value (X + i Y) / D in lowest terms (an all-zero Y is dropped)."""
        if y is not None and y.is_zero():
            y = None
        g = int(d)
        for part in (x, y):
            for e in part.entries() if part is not None else ():
                g = gcd(g, int(e))
        if g != 1:
            x = fmpz_mat(x.nrows(), x.ncols(), [e // g for e in x.entries()])
            y = fmpz_mat(y.nrows(), y.ncols(), [e // g for e in y.entries()]) if y is not None else None
            d = fmpz(d) // g
        return cls(x, y, d)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return self.x.nrows(), self.x.ncols()

    def __eq__(self, other: object) -> bool:
        """Equal values (the representation is unique)."""
        if not isinstance(other, QMat) or self.d != other.d or self.x != other.x:
            return False
        return (self.y is None and other.y is None) or (
            self.y is not None and other.y is not None and self.y == other.y
        )

    __hash__ = None  # type: ignore[assignment]

    def numerator(self) -> GZ:
        """X + i Y as a GZ."""
        return GZ(self.x, self.y, self.nbits)


class GZ:
    """A Gaussian-integer matrix re + i im (im None when zero) with an upper bound `bits` on its entries' bit length."""

    __slots__ = ("re", "im", "bits")

    def __init__(self, re: fmpz_mat, im: fmpz_mat | None = None, bits: int | None = None) -> None:
        """bits is measured when not given."""
        self.re, self.im = re, im
        self.bits = max(_bits(re), _bits(im)) if bits is None else bits

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return self.re.nrows(), self.re.ncols()

    def is_zero(self) -> bool:
        """True exactly when every entry is zero."""
        return self.re.is_zero() and (self.im is None or self.im.is_zero())


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
    if a.im is None and b.im is None:
        re, im = a.re * b.re, None
    elif a.im is None:
        re, im = a.re * b.re, a.re * b.im
    elif b.im is None:
        re, im = a.re * b.re, a.im * b.re
    else:
        re, im = a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re
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
    return image.rank()


def _shape(value: object, where: str, max_rows: int, max_cols: int) -> tuple[int, int]:
    """The shape of a nonempty rectangular list of lists, within the bounds."""
    rows, cols = rectangular_shape(value, where)
    if rows > max_rows or cols > max_cols:
        raise KernelError(where, f"shape {rows}x{cols}; expected at most {max_rows} rows and {max_cols} columns")
    return rows, cols


def read_qmat(value: object, where: str, max_rows: int, max_cols: int) -> QMat:
    """An exact matrix in either written form (rows of number strings, or the compact form), normalized."""
    if isinstance(value, dict):
        return _read_compact(value, where, max_rows, max_cols)
    rows, cols = _shape(value, where, max_rows, max_cols)
    charge(READ_UNITS * rows * cols, f"{where}: reading")
    texts: list[object] = [text for row in cast("list[list[object]]", value) for text in row]  # rectangular
    if set(map(type, texts)) == {str}:  # exact strings only (a FloatSeen or an int is read below, and refused)
        try:
            return _read_distinct(cast("list[str]", texts), rows, cols, where)
        except KernelError:
            pass  # read entry by entry below, so that the error names the first bad entry in row order
    seen: dict[str, object] = {}
    entries = []
    for i, row in enumerate(value):
        for j, text in enumerate(row):
            if not isinstance(text, str) or text not in seen:
                seen[text] = parse_number(text, f"{where}[{i}][{j}]")
            entries.append(seen[text])
    den = 1
    for e in entries:
        den = lcm(den, int(e.re.q), int(e.im.q))
        if den.bit_length() > MAX_BITS:
            raise KernelError(where, f"the common denominator exceeds {MAX_BITS} bits")
    x = fmpz_mat(rows, cols, [int(e.re.p) * (den // int(e.re.q)) for e in entries])
    has_im = any(e.im != 0 for e in entries)
    y = fmpz_mat(rows, cols, [int(e.im.p) * (den // int(e.im.q)) for e in entries]) if has_im else None
    return QMat(x, y, den)  # lowest terms: the lcm of reduced denominators leaves no common factor


def _read_distinct(texts: list[str], rows: int, cols: int, where: str) -> QMat:
    """The matrix of these number strings (row-major), each distinct string parsed once; the same value as the
    entry-by-entry reader (a KernelError here is raised again there, naming the first bad entry)."""
    parsed = {text: parse_number(text, where) for text in dict.fromkeys(texts)}
    den = 1
    for e in parsed.values():
        den = lcm(den, int(e.re.q), int(e.im.q))
        if den.bit_length() > MAX_BITS:
            raise KernelError(where, f"the common denominator exceeds {MAX_BITS} bits")
    re = {text: int(e.re.p) * (den // int(e.re.q)) for text, e in parsed.items()}
    im = {text: int(e.im.p) * (den // int(e.im.q)) for text, e in parsed.items() if e.im != 0}
    nbits = max((abs(v).bit_length() for part in (re, im) for v in part.values()), default=0)
    x = fmpz_mat(rows, cols, [re[text] for text in texts])
    y = fmpz_mat(rows, cols, [im.get(text, 0) for text in texts]) if im else None
    return QMat(x, y, den, nbits)  # lowest terms: the lcm of reduced denominators leaves no common factor


def _read_compact(value: dict[str, Any], where: str, max_rows: int, max_cols: int) -> QMat:
    """{"denominator": "D", "re": rows of integer strings, "im": optional rows of integer strings}."""
    expect_keys(value, where, required=("denominator", "re"), optional=("im",))
    den = parse_integer_text(value["denominator"], f"{where}.denominator")
    if den < 1:
        raise KernelError(f"{where}.denominator", f"found {den}, expected a positive integer")
    rows, cols = _shape(value["re"], f"{where}.re", max_rows, max_cols)
    charge(READ_UNITS * rows * cols * (2 if "im" in value else 1), f"{where}: reading")
    parts = []
    for key in ("re", "im"):
        if key not in value:
            parts.append(None)
            continue
        if _shape(value[key], f"{where}.{key}", max_rows, max_cols) != (rows, cols):
            raise KernelError(f"{where}.{key}", f"expected the shape {rows}x{cols} of re")
        flat = [
            parse_integer_text(x, f"{where}.{key}[{i}][{j}]") for i, r in enumerate(value[key]) for j, x in enumerate(r)
        ]
        parts.append(fmpz_mat(rows, cols, flat))
    return QMat.make(parts[0], parts[1], den)
