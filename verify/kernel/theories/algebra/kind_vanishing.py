"""Kernel kind `vanishing_order`: a polynomial is divisible by t^k in one named variable t.

With P(t) = F(x + t u) - F(x) - t * J u this proves that J u is the directional derivative of F
at x (every term of P has degree >= 2 in t), which is how Jacobians are certified without a
differentiation routine in the kernel.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.kind import KindTable
from ...core.numbers import parse_integer
from ...core.poly import Poly, read_poly, read_variables

__all__ = ["KINDS"]


# (names, poly, var, order)
Goal = tuple[tuple[str, ...], Poly, str, int]


def _goal(goal: JSONObject, where: str) -> Goal:
    """Read {vars, poly, var, order} into (names, poly, var, order)."""
    expect_keys(goal, where, ("vars", "poly", "var", "order"))
    names = tuple(sorted(read_variables(goal["vars"], f"{where}.vars")))
    var = goal["var"]
    if not isinstance(var, str) or var not in names:
        raise KernelError(f"{where}.var", f"found {var!r}, expected one of the declared variables")
    order = parse_integer(goal["order"], f"{where}.order", 1, 10_000)
    return (names, read_poly(goal["poly"], names, f"{where}.poly"), var, order)


def _check(goal: Goal, witness: object, where: str) -> None:
    """Every term of the polynomial has degree at least `order` in `var`."""
    names, poly, var, order = goal
    expect_keys(witness, f"{where}.witness")
    position = names.index(var)
    for monomial, coefficient in sorted(poly.terms.items()):
        if monomial[position] < order:
            term = "*".join(f"{v}^{e}" for v, e in zip(names, monomial) if e) or "1"
            raise KernelError(
                where, f"the term ({coefficient}) * {term} has degree {monomial[position]} < {order} in {var}"
            )


KINDS: KindTable = {"vanishing_order": (_goal, _check)}
