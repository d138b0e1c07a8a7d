"""Elements of K = QQ[a]/(m) in trace coordinates, and the values Tr(a^tau x(tau)) of closed forms (no kind here).

An element x of K is written by its trace coordinates t_k = Tr_m(a^k x), k < d = deg m. For a squarefree m the
trace form (x, y) -> Tr_m(x y) is nondegenerate (its Gram matrix on 1, a, ..., a^(d-1) is V^T V for the
Vandermonde matrix V of the distinct roots), so the d rationals determine x, and every d rationals are the
coordinates of exactly one x. The sequence s_k = Tr_m(a^k x), k >= 0, satisfies the recurrence of m: for monic
m = a^d + c_(d-1) a^(d-1) + ... + c_0, a^k m(a) = 0 in K and Tr_m is QQ-linear, so
s_(k+d) = -(c_0 s_k + c_1 s_(k+1) + ... + c_(d-1) s_(k+d-1)). The kernel therefore computes Tr_m(a^tau x) for every
tau >= 0 from the coordinates alone, with no arithmetic in K.

An element of K[tau], x(tau) = sum_q x_q tau^q, is written as the list of the coordinate lists of x_0, x_1, ...,
x_J (each exactly d exact rational strings, the last list not all zero; the zero element is []), or in the compact
form {"denominator": "D", "numerators": [[integer strings]]} with one common denominator D >= 1 in lowest terms
(gcd of D and every numerator 1), the same lists of numerators, the last one nonzero. Its closed form is the
sequence Tr_m(a^tau x(tau)) = sum_q tau^q Tr_m(a^tau x_q) (tau >= 0).
"""

from __future__ import annotations

from math import gcd
from typing import cast

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys, rectangular_shape
from ...core.flint_matrix import numerator_bits, product_units
from ...core.limits import bits_factor, charge
from ...core.numbers import parse_integer_text, parse_number

__all__ = [
    "KT",
    "MAX_TAU_DEGREE",
    "monic",
    "read_rational",
    "read_kt",
    "read_kt_matrix",
    "support",
    "extend",
    "closed_form_values",
    "SCALAR_DEGREE",
]

# The degree in tau of a closed form is below the largest Jordan block, so at most the state dimension (256).
MAX_TAU_DEGREE = 256

KT = tuple[tuple[fmpq, ...], ...]  # trace coordinates of x_0, x_1, ... (the last one nonzero); () is zero


def monic(m: fmpq_poly) -> tuple[fmpq, ...]:
    """(c_0, ..., c_(d-1)): the lower coefficients of m divided by its leading coefficient."""
    coeffs = m.coeffs()
    lead = coeffs[-1]
    return tuple(c / lead for c in coeffs[:-1])


def read_rational(value: object, where: str) -> fmpq:
    """One exact rational string (charged by its length: python's int parsing grows with the digits)."""
    if isinstance(value, str):
        charge(3 + len(value) // 200, "reading a number")
    number = parse_number(value, where)
    if not number.is_real():
        raise KernelError(where, f"found {str(value)[:40]!r}, expected a rational number")
    return number.re


def _integer(value: object, where: str) -> int:
    """An integer written as a decimal string (numbers.parse_integer_text), charged by its length."""
    number = parse_integer_text(value, where)
    charge(3 + len(cast(str, value)) // 200, "reading a number")  # parse_integer_text accepted a string
    return number


def _read_compact(value: JSONObject, d: int, where: str) -> KT:
    """{"denominator": "D", "numerators": [[...]]}: coordinates n / D, D >= 1, in lowest terms, last list nonzero."""
    expect_keys(value, where, ("denominator", "numerators"))
    den = _integer(value["denominator"], f"{where}.denominator")
    if den < 1:
        raise KernelError(f"{where}.denominator", f"found {den}, expected a positive integer")
    lists = value["numerators"]
    if not isinstance(lists, list) or not lists or len(lists) > MAX_TAU_DEGREE + 1:
        raise KernelError(f"{where}.numerators", f"expected 1 to {MAX_TAU_DEGREE + 1} lists of numerators")
    numerators = []
    for q, row in enumerate(lists):
        if not isinstance(row, list) or len(row) != d:
            raise KernelError(f"{where}.numerators[{q}]", f"expected {d} numerators of Tr(a^k x_{q}), k < {d}")
        numerators.append([_integer(x, f"{where}.numerators[{q}][{k}]") for k, x in enumerate(row)])
    common = den
    for row in numerators:
        for x in row:
            common = gcd(common, x)
    if common != 1:
        raise KernelError(where, f"not in lowest terms: {common} divides the denominator and every numerator")
    if all(x == 0 for x in numerators[-1]):
        raise KernelError(f"{where}.numerators[{len(numerators) - 1}]", "the last list is zero (leave it out)")
    return tuple(tuple(fmpq(x, den) for x in row) for row in numerators)


def read_kt(value: object, d: int, where: str) -> KT:
    """An element of K[tau] in trace coordinates: lists of exactly d rationals (the last one nonzero) or the compact
    form with one common denominator."""
    if isinstance(value, dict):
        return _read_compact(value, d, where)
    if not isinstance(value, list) or len(value) > MAX_TAU_DEGREE + 1:
        raise KernelError(where, f"expected a list of at most {MAX_TAU_DEGREE + 1} coordinate lists (one per tau^q)")
    out = []
    for q, coords in enumerate(value):
        if not isinstance(coords, list) or len(coords) != d:
            raise KernelError(f"{where}[{q}]", f"expected the {d} trace coordinates Tr(a^k x_{q}), k < {d}")
        out.append(tuple(read_rational(x, f"{where}[{q}][{k}]") for k, x in enumerate(coords)))
    if out and all(x == 0 for x in out[-1]):
        raise KernelError(f"{where}[{len(out) - 1}]", "the last coordinate list is zero (leave it out)")
    return tuple(out)


def read_kt_matrix(value: object, d: int, where: str) -> tuple[tuple[KT, ...], ...]:
    """A nonempty rectangular matrix whose entries are elements of K[tau] in trace coordinates."""
    rows, cols = rectangular_shape(value, where)
    if rows * cols > 65_536:
        raise KernelError(where, "more than 65536 entries")
    grid = cast(list[list[object]], value)  # rectangular_shape accepted a list of lists
    return tuple(tuple(read_kt(x, d, f"{where}[{r}][{c}]") for c, x in enumerate(row)) for r, row in enumerate(grid))


def support(x: KT) -> tuple[int, ...]:
    """The powers q of tau whose coefficient x_q is nonzero."""
    return tuple(q for q, coords in enumerate(x) if any(c != 0 for c in coords))


# Up to this degree of m a term of the recurrence is a short sum of rational products; above it, one integer product.
SCALAR_DEGREE = 4


def _words(x: fmpq) -> int:
    """64-bit limbs of the larger of a rational's numerator and denominator."""
    return 1 + max(x.p.bit_length(), x.q.bit_length()) // 64


def extend(rows: list[tuple[fmpq, ...]], m: fmpq_poly, count: int, what: str) -> list[list[fmpq]]:
    """For each row of trace coordinates (s_0, ..., s_(d-1)) of some x: s_0, ..., s_(count-1), s_k = Tr_m(a^k x).

    Each row is extended by the recurrence of m, one term at a time (rows are extended one by one: their
    denominators differ, and a common one would multiply the sizes). For deg m <= SCALAR_DEGREE a term is d rational
    products, each charged 1 + w_x + w_c + w_x w_c / 1000 units (w the 64-bit limbs; multiplication and the gcds of
    the reduction); above it the window's integer numerators times the cleared recurrence, charged by
    flint_matrix.product_units.
    """
    d = m.degree()
    out = [list(r) for r in rows]
    if count <= d or not rows:
        return [r[:count] for r in out]
    coefficients = [-c for c in monic(m)]
    if d <= SCALAR_DEGREE:
        limbs = [_words(c) for c in coefficients]
        for r in out:
            for k in range(d, count):
                window = r[k - d : k]
                charge(sum(1 + w + v + w * v // 1000 for w, v in zip(map(_words, window), limbs)), what)
                r.append(sum((c * x for c, x in zip(coefficients, window)), fmpq(0)))
        return out
    step, step_den = fmpq_mat(d, 1, coefficients).numer_denom()
    step_bits = numerator_bits(step)
    for r in out:
        for k in range(d, count):
            window_mat = fmpq_mat(1, d, r[k - d : k])
            charge(d * (1 + bits_factor(max(max(x.p.bit_length(), x.q.bit_length()) for x in r[k - d : k]))), what)
            num, den = window_mat.numer_denom()
            charge(product_units(1, d, 1, numerator_bits(num), step_bits), what)
            r.append(fmpq((num * step)[0, 0], den * step_den))
    return out


def closed_form_values(elements: list[KT], m: fmpq_poly, start: int, count: int, what: str) -> list[list[fmpq]]:
    """For each element x of K[tau]: sum_q tau^q Tr_m(a^tau x_q) for tau = start, ..., start + count - 1."""
    rows = [coords for x in elements for coords in x]
    if count <= 0:
        return [[] for _ in elements]
    if m.degree() == 1:
        return _rational_values(elements, -monic(m)[0], start, count, what)
    sequences = iter(extend(rows, m, start + count, what))
    out = []
    for x in elements:
        total = [fmpq(0)] * count
        for q, seq in zip(range(len(x)), sequences):
            charge(count, what)
            for k in range(count):
                tau = start + k
                total[k] += seq[tau] * tau**q if q else seq[tau]
        out.append(total)
    return out


def _rational_values(elements: list[KT], root: fmpq, start: int, count: int, what: str) -> list[list[fmpq]]:
    """closed_form_values for a modulus a - root: K = QQ, Tr(a^tau x_q) = root^tau x_q, so the value at tau is
    root^tau sum_q x_q tau^q (the polynomial evaluated at the integer tau, then one product)."""
    top = (start + count) * max(root.p.bit_length(), root.q.bit_length())  # bits of root^tau, tau < start + count
    charge(count * (1 + bits_factor(top)), f"{what}: powers of the root")
    powers, power = [], root**start
    for _ in range(count):
        powers.append(power)
        power *= root
    out = []
    for x in elements:
        coefficients = [coords[0] for coords in x]
        bits = max((max(c.p.bit_length(), c.q.bit_length()) for c in coefficients), default=0)
        bits += len(coefficients) * (start + count).bit_length()
        charge(count * (len(coefficients) + 1) * (1 + bits_factor(bits + top)), what)
        poly = fmpq_poly(coefficients) if coefficients else fmpq_poly([])
        out.append([powers[k] * poly(start + k) for k in range(count)])
    return out
