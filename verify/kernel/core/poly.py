"""Sparse multivariate polynomials over QQ(i) in named variables, and their canonical term lists."""

from __future__ import annotations

from typing import Any

from .errors import KernelError, expect_keys
from .expr import BINARY, Node, left_spine, parse_expression
from .limits import MAX_PRODUCT_WORK, MAX_TERMS, MAX_VARIABLES, bits_factor, charge
from .numbers import GQ, ONE, ZERO, format_number, parse_integer, parse_number, repeated_squaring

__all__ = ["Poly", "read_poly", "read_variables", "poly_from_node", "relabel", "substitute"]

Monomial = tuple[int, ...]


class Poly:
    """A polynomial: a dict from exponent tuples (one entry per variable) to nonzero GQ coefficients."""

    __slots__ = ("variables", "terms")

    def __init__(self, variables: tuple[str, ...], terms: dict[Monomial, GQ] | None = None) -> None:
        self.variables = variables
        self.terms = {m: c for m, c in (terms or {}).items() if not c.is_zero()}
        if len(self.terms) > MAX_TERMS:
            raise KernelError("polynomial", f"more than {MAX_TERMS} terms")

    @classmethod
    def constant(cls, variables: tuple[str, ...], value: GQ) -> Poly:
        """The constant polynomial `value`."""
        return cls(variables, {(0,) * len(variables): value})

    @classmethod
    def variable(cls, variables: tuple[str, ...], name: str) -> Poly:
        """The polynomial consisting of one variable."""
        exps = tuple(1 if v == name else 0 for v in variables)
        return cls(variables, {exps: ONE})

    def bits(self) -> int:
        """The largest bit length of a numerator or denominator among the coefficients."""
        return max((c.bits() for c in self.terms.values()), default=0)

    def __add__(self, other: Poly) -> Poly:
        charge(len(self.terms) + len(other.terms) + 5, "polynomial sum")  # 0.7 us a term, 4 us a call (measured)
        out = dict(self.terms)
        for m, c in other.terms.items():
            out[m] = out.get(m, ZERO) + c
        return Poly(self.variables, out)

    def __neg__(self) -> Poly:
        return Poly(self.variables, {m: -c for m, c in self.terms.items()})

    def __sub__(self, other: Poly) -> Poly:
        return self + (-other)

    def __mul__(self, other: Poly) -> Poly:
        if len(self.terms) * len(other.terms) > MAX_PRODUCT_WORK:
            raise KernelError("polynomial", f"product of {len(self.terms)} by {len(other.terms)} terms is too large")
        # measured (benchmarks/bench_kernel.py, at load 9 on 2 cores): about 3 us a term pair (exponent tuple, product,
        # sum) with small integer coefficients, 3.6 with small fractions, 4.6 with 1,600-bit ones; 25 us a call
        pairs = len(self.terms) * len(other.terms)
        bits = max(self.bits(), other.bits())
        charge(5 * pairs * (1 + bits // 512) * bits_factor(bits) + 25, "polynomial product")
        out: dict[Monomial, GQ] = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in other.terms.items():
                m = tuple(a + b for a, b in zip(m1, m2))
                out[m] = out.get(m, ZERO) + c1 * c2
            if len(out) > MAX_TERMS:
                raise KernelError("polynomial", f"product has more than {MAX_TERMS} terms")
        product = Poly(self.variables, out)
        for c in product.terms.values():
            c.check_size()
        return product

    def scale(self, factor: GQ) -> Poly:
        """Multiply every coefficient by an exact scalar."""
        return Poly(self.variables, {m: c * factor for m, c in self.terms.items()})

    def __pow__(self, k: int) -> Poly:
        return repeated_squaring(self, k, Poly.constant(self.variables, ONE), Poly.__mul__)

    def is_zero(self) -> bool:
        """True when every coefficient is exactly zero (the dict is empty)."""
        return not self.terms

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Poly) and (self - other).is_zero()

    __hash__ = None  # type: ignore[assignment]

    def constant_value(self) -> GQ | None:
        """The value of a constant polynomial, or None when a variable occurs."""
        if self.is_zero():
            return ZERO
        zero = (0,) * len(self.variables)
        return self.terms[zero] if set(self.terms) == {zero} else None

    def degree_in(self, names: set[str]) -> int:
        """The largest total degree in the named variables over all terms."""
        idx = [k for k, v in enumerate(self.variables) if v in names]
        return max((sum(m[k] for k in idx) for m in self.terms), default=0)

    def is_real(self) -> bool:
        """True when all coefficients are rational."""
        return all(c.is_real() for c in self.terms.values())

    def to_terms(self) -> dict[str, Any]:
        """Canonical term list: variables in order, terms sorted by exponent tuple."""
        rows = [[format_number(c), list(m)] for m, c in sorted(self.terms.items())]
        return {"vars": list(self.variables), "terms": rows}


def read_variables(value: object, where: str) -> tuple[str, ...]:
    """Read a list of distinct variable names."""
    if not isinstance(value, list) or not all(isinstance(v, str) and v.isidentifier() and v.isascii() for v in value):
        raise KernelError(where, "expected a list of variable names")
    if len(value) > MAX_VARIABLES or len(set(value)) != len(value) or "i" in value:
        raise KernelError(where, f"expected at most {MAX_VARIABLES} distinct names, none of them 'i'")
    return tuple(value)


def poly_from_node(node: Node, variables: tuple[str, ...], where: str, complex_ok: bool = True) -> Poly:
    """Evaluate an expression tree as a polynomial in `variables` ('i' is the imaginary unit)."""
    kind = node[0]
    if kind == "num":
        return Poly.constant(variables, GQ(node[1]))
    if kind == "var":
        if node[1] in variables:
            return Poly.variable(variables, node[1])
        if node[1] == "i" and complex_ok:
            return Poly.constant(variables, GQ(0, 1))
        raise KernelError(where, f"unknown variable {node[1]!r}; declared: {', '.join(variables)}")
    if kind == "neg":
        return -poly_from_node(node[1], variables, where, complex_ok)
    if kind == "pow":
        exponent: int = node[2]
        return poly_from_node(node[1], variables, where, complex_ok) ** exponent
    if kind in BINARY:
        base, steps = left_spine(node)
        acc = poly_from_node(base, variables, where, complex_ok)
        for op, right in steps:
            acc = _combine(op, acc, poly_from_node(right, variables, where, complex_ok), where)
        return acc
    raise KernelError(where, f"function {node[1]!r} is not allowed in a polynomial")


def _combine(op: str, left: Poly, right: Poly, where: str) -> Poly:
    """left op right for + - * and division by a nonzero constant."""
    if op == "add":
        return left + right
    if op == "sub":
        return left - right
    if op == "mul":
        return left * right
    divisor = right.constant_value()
    if divisor is None or divisor.is_zero():
        raise KernelError(where, "division is allowed only by a nonzero constant in a polynomial")
    return left.scale(divisor.inverse())


def _read_term_list(value: dict[str, Any], variables: tuple[str, ...], where: str) -> Poly:
    """Read {"vars": [...], "terms": [[coef, [exps]], ...]} into a Poly over `variables`."""
    expect_keys(value, where, ("vars", "terms"))
    own = read_variables(value.get("vars"), f"{where}.vars")
    if set(own) != set(variables):
        raise KernelError(f"{where}.vars", f"found {list(own)}, expected exactly the declared {list(variables)}")
    rows = value.get("terms")
    if not isinstance(rows, list) or len(rows) > MAX_TERMS:
        raise KernelError(f"{where}.terms", f"expected a list of at most {MAX_TERMS} [coefficient, exponents] pairs")
    position = [variables.index(v) for v in own]
    out: dict[Monomial, GQ] = {}
    for k, row in enumerate(rows):
        here = f"{where}.terms[{k}]"
        if not isinstance(row, list) or len(row) != 2 or not isinstance(row[1], list) or len(row[1]) != len(own):
            raise KernelError(here, f"expected [coefficient, list of {len(own)} exponents]")
        exps = [0] * len(variables)
        for p, e in zip(position, row[1]):
            exps[p] = parse_integer(e, here, 0, 10_000)
        m = tuple(exps)
        coefficient = parse_number(row[0], here)
        if coefficient.is_zero() or m in out:
            raise KernelError(here, "expected a canonical term list: nonzero coefficients, each monomial once")
        out[m] = coefficient
    return Poly(variables, out)


def read_poly(value: object, variables: tuple[str, ...], where: str, complex_ok: bool = True) -> Poly:
    """Read a polynomial given as an expression string or as a canonical term list."""
    if isinstance(value, str):
        # parsing (about 1 us a character) and building the sums (about 5 us a character for a linear expression,
        # measured), charged before either; products and sums charge their own work besides
        charge(6 * len(value) + 20, "reading a polynomial")
        return poly_from_node(parse_expression(value, where), variables, where, complex_ok)
    if isinstance(value, dict):
        poly = _read_term_list(value, variables, where)
        if not complex_ok and not poly.is_real():
            raise KernelError(where, "found a non-real coefficient, expected a polynomial over QQ")
        return poly
    raise KernelError(where, f"found {type(value).__name__}, expected a polynomial (expression or term list)")


def relabel(poly: Poly, variables: tuple[str, ...]) -> Poly:
    """The same polynomial over another variable list that contains all of its variables."""
    index = [variables.index(v) for v in poly.variables]
    out = {}
    for monomial, c in poly.terms.items():
        exps = [0] * len(variables)
        for k, e in zip(index, monomial):
            exps[k] += e
        out[tuple(exps)] = c
    return Poly(variables, out)


def substitute(poly: Poly, name: str, value: Poly) -> Poly:
    """poly with the variable `name` replaced by the polynomial `value` (same variable list)."""
    k = poly.variables.index(name)
    out = Poly(poly.variables)
    for monomial, c in poly.terms.items():
        rest = tuple(0 if n == k else e for n, e in enumerate(monomial))
        out = out + Poly(poly.variables, {rest: c}) * value ** monomial[k]
    return out
