"""Translation of vanishing_order: poly = t^k * Q with Q the exact quotient, a polynomial written out in full.

The kernel checks that every term of the polynomial has degree >= k in t, which is the same as poly = t^k * Q
for a polynomial Q. The statement writes Q (computed from the goal by lowering each term's degree in t by k,
never from the witness) as a sum of monomials, so a reader sees it is a polynomial; the proof is `ring`.
"""

from __future__ import annotations

from verify.kernel.core.poly import read_poly

from .terms import NotMapped, coq_name, real_expr, real_poly

__all__ = ["VANISHING_KINDS", "vanishing_order"]


def vanishing_order(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall vars, poly = var ^ order * (quotient), by ring."""
    names = tuple(sorted(goal["vars"]))
    var, order = goal["var"], int(goal["order"])
    if var not in names or order < 1 or not isinstance(goal["poly"], str):
        raise NotMapped("vanishing_order: malformed goal")
    poly = read_poly(goal["poly"], names, "poly", complex_ok=False)
    k = names.index(var)
    terms = []
    for monomial, c in sorted(poly.terms.items()):
        if monomial[k] < order:
            raise NotMapped(f"vanishing_order: a term of degree {monomial[k]} < {order} in {var} (not divisible)")
        terms.append([str(c.re), [e - order if j == k else e for j, e in enumerate(monomial)]])
    quotient = real_poly({"vars": list(names), "terms": terms}, list(names), "quotient")
    lhs = real_expr(goal["poly"], {v: coq_name(v) for v in names}, "poly")
    binders = " ".join(coq_name(v) for v in names)
    statement = f"forall ({binders} : R),\n    {lhs} =\n    {coq_name(var)} ^ {order} * ({quotient})"
    return "Local Open Scope R_scope.\n", statement, f"intros {binders}. ring.", False


VANISHING_KINDS: dict = {"vanishing_order": vanishing_order}
