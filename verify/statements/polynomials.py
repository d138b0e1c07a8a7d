"""Polynomials with rational coefficients, read from formulas, for the cost statements (written without SymPy).

`poly("2*(p + r)*n^2")` reads a formula (integers, names, + - * ^ and parentheses); `Poly` adds, multiplies and
substitutes. `text()` prints the kernel expression of the committed statements: terms in descending
lexicographic order of their exponents over the alphabetically sorted names, factors in name order, `^` for
powers, coefficient 1 omitted. `latex()` prints the same terms with `\\lg x` for the symbol lg_x.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

__all__ = ["Poly", "poly", "var"]

Monomial = tuple[tuple[str, int], ...]  # (name, exponent >= 1) in name order
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(.))")


class Poly:
    """A polynomial: monomial -> nonzero rational coefficient."""

    def __init__(self, terms: dict[Monomial, Fraction] | None = None) -> None:
        """The polynomial with the given terms (zero coefficients dropped)."""
        self.terms = {m: Fraction(c) for m, c in (terms or {}).items() if c != 0}

    @staticmethod
    def of(value: Poly | int | Fraction) -> Poly:
        """A number as a constant polynomial; a polynomial as itself."""
        return value if isinstance(value, Poly) else Poly({(): Fraction(value)})

    def __add__(self, other: Poly | int) -> Poly:
        """The sum."""
        out = dict(self.terms)
        for m, c in Poly.of(other).terms.items():
            out[m] = out.get(m, Fraction(0)) + c
        return Poly(out)

    __radd__ = __add__

    def __neg__(self) -> Poly:
        """The negation."""
        return Poly({m: -c for m, c in self.terms.items()})

    def __sub__(self, other: Poly | int) -> Poly:
        """The difference."""
        return self + (-Poly.of(other))

    def __rsub__(self, other: Poly | int) -> Poly:
        """other - self."""
        return Poly.of(other) - self

    def __mul__(self, other: Poly | int | Fraction) -> Poly:
        """The product."""
        out: dict[Monomial, Fraction] = {}
        for m1, c1 in self.terms.items():
            for m2, c2 in Poly.of(other).terms.items():
                powers = dict(m1)
                for name, e in m2:
                    powers[name] = powers.get(name, 0) + e
                m = tuple(sorted(powers.items()))
                out[m] = out.get(m, Fraction(0)) + c1 * c2
        return Poly(out)

    __rmul__ = __mul__

    def __pow__(self, exponent: int) -> Poly:
        """A non-negative integer power."""
        out = Poly.of(1)
        for _ in range(exponent):
            out = out * self
        return out

    def __eq__(self, other: object) -> bool:
        """Equal as polynomials."""
        return isinstance(other, (Poly, int)) and (self - other).terms == {}

    def __hash__(self) -> int:
        """Hash of the terms."""
        return hash(frozenset(self.terms.items()))

    def names(self) -> set[str]:
        """The names that occur."""
        return {name for m in self.terms for name, _ in m}

    def subs(self, values: dict[str, Poly | int]) -> Poly:
        """The polynomial with the named variables replaced (all at once)."""
        out = Poly()
        for m, c in self.terms.items():
            term = Poly.of(c)
            for name, e in m:
                term = term * (Poly.of(values[name]) if name in values else var(name)) ** e
            out = out + term
        return out

    def degree(self, name: str) -> int:
        """The degree in one variable."""
        return max((dict(m).get(name, 0) for m in self.terms), default=0)

    def coefficient(self, name: str, e: int) -> Poly:
        """The coefficient of name^e (a polynomial in the other names)."""
        return Poly(
            {tuple(x for x in m if x[0] != name): c for m, c in self.terms.items() if dict(m).get(name, 0) == e}
        )

    def positive_part(self) -> Poly:
        """The terms with positive coefficients."""
        return Poly({m: c for m, c in self.terms.items() if c > 0})

    def ordered(self) -> list[tuple[Monomial, Fraction]]:
        """The terms in descending lexicographic order of their exponents over the sorted names."""
        names = sorted(self.names())
        return sorted(self.terms.items(), key=lambda t: [dict(t[0]).get(x, 0) for x in names], reverse=True)

    def text(self) -> str:
        """The kernel expression: `2*n*p*r - n*p - p*r`."""
        return self._render("*", lambda name, e: name if e == 1 else f"{name}^{e}", "-")

    def latex(self) -> str:
        """LaTeX: `2 n p r - n p - p r`, `n^{2}`, `\\lg d`."""

        def factor(name: str, e: int) -> str:
            base = "\\lg " + name[3:] if name.startswith("lg_") else name
            return base if e == 1 else f"{base}^{{{e}}}"

        return self._render(" ", factor, "- ")

    def is_monomial(self) -> bool:
        """One term (or zero)."""
        return len(self.terms) <= 1

    def _render(self, times: str, factor: Callable[[str, int], str], lead_minus: str) -> str:
        """The terms joined with ' + ' / ' - ', factors with `times`; integer coefficients only."""
        if not self.terms:
            return "0"
        out = ""
        for k, (m, c) in enumerate(self.ordered()):
            if c.denominator != 1:
                raise ValueError(f"{self.terms}: only integer coefficients are printed")
            size = abs(c.numerator)
            factors = [factor(name, e) for name, e in m]
            body = times.join(([str(size)] if size != 1 or not factors else []) + factors)
            if k == 0:
                out = (lead_minus if c < 0 else "") + body
            else:
                out += (" - " if c < 0 else " + ") + body
        return out


def var(name: str) -> Poly:
    """The variable `name`."""
    return Poly({((name, 1),): Fraction(1)})


def poly(text: str) -> Poly:
    """A formula read as a polynomial (integers, names, + - * ^, parentheses)."""
    tokens = []
    for number, name, other in _TOKEN.findall(text):
        if other and not other.isspace():
            if other not in "+-*^()":
                raise ValueError(f"{text!r}: unexpected {other!r}")
        tokens.append(number or name or other)
    tokens = [t for t in tokens if t.strip()]
    value, rest = _sum(tokens)
    if rest:
        raise ValueError(f"{text!r}: unexpected {rest[0]!r}")
    return value


def _sum(tokens: list[str]) -> tuple[Poly, list[str]]:
    """term (('+' | '-') term)*."""
    value, tokens = _product(tokens)
    while tokens and tokens[0] in "+-":
        sign, (term, tokens) = tokens[0], _product(tokens[1:])
        value = value + term if sign == "+" else value - term
    return value, tokens


def _product(tokens: list[str]) -> tuple[Poly, list[str]]:
    """factor ('*' factor)*, where a factor may be negated."""
    value, tokens = _power(tokens)
    while tokens and tokens[0] == "*":
        factor, tokens = _power(tokens[1:])
        value = value * factor
    return value, tokens


def _power(tokens: list[str]) -> tuple[Poly, list[str]]:
    """'-' factor | atom ('^' integer)?."""
    if tokens and tokens[0] == "-":
        value, tokens = _power(tokens[1:])
        return -value, tokens
    if not tokens:
        raise ValueError("formula ends early")
    head, tokens = tokens[0], tokens[1:]
    if head == "(":
        value, tokens = _sum(tokens)
        if not tokens or tokens[0] != ")":
            raise ValueError("missing ')'")
        tokens = tokens[1:]
    elif head.isdigit():
        value = Poly.of(int(head))
    elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", head):
        value = var(head)
    else:
        raise ValueError(f"unexpected {head!r}")
    if tokens and tokens[0] == "^":
        if len(tokens) < 2 or not tokens[1].isdigit():
            raise ValueError("an exponent is a non-negative integer")
        return value ** int(tokens[1]), tokens[2:]
    return value, tokens
