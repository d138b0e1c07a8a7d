"""Shared builders for the Section 5 claim modules: obligations of each kernel kind from SymPy objects."""

from __future__ import annotations

from collections.abc import Sequence

import sympy

from verify.certificate import Obligation
from verify.exact import poly_terms

__all__ = [
    "syms",
    "identity",
    "rational",
    "positive_sos",
    "counterexample",
    "counterexample_goal",
    "norm_bound",
]


def syms(names: Sequence[str]) -> list[sympy.Symbol]:
    """SymPy symbols for a list of names."""
    return [sympy.Symbol(n) for n in names]


def identity(name: str, names: Sequence[str], lhs: sympy.Expr, rhs: sympy.Expr) -> Obligation:
    """A polynomial identity lhs == rhs in the named variables."""
    variables = syms(names)
    goal = {"vars": list(names), "lhs": poly_terms(lhs, variables), "rhs": poly_terms(rhs, variables)}
    return Obligation(name, "polynomial_identity", goal)


def rational(
    name: str,
    names: Sequence[str],
    exps: dict[str, sympy.Expr],
    f: tuple[sympy.Expr, sympy.Expr],
    value: tuple[sympy.Expr, sympy.Expr],
    wrt: str | None = None,
    at: dict | None = None,
) -> Obligation:
    """An exp_rational_identity: (d/d wrt) f, at the point, equals value; E symbols stand for exp(exps[E])."""
    variables = syms(names)
    term = lambda e: poly_terms(sympy.sympify(e), variables)  # noqa: E731
    goal: dict = {
        "vars": list(names),
        "exps": {k: term(v) for k, v in exps.items()},
        "f": {"num": term(f[0]), "den": term(f[1])},
        "value": {"num": term(value[0]), "den": term(value[1])},
    }
    if wrt is not None:
        goal["wrt"] = wrt
    if at is not None:
        goal["at"] = {
            "subs": {k: term(v) for k, v in at["subs"].items()},
            "den": term(at["den"]),
            "exps": dict(at["exps"]),
        }
    return Obligation(name, "exp_rational_identity", goal)


def positive_sos(name: str, names: Sequence[str], poly: sympy.Expr, nonneg: Sequence[str]) -> Obligation:
    """poly >= 0 when every variable in nonneg is >= 0: each monomial has a positive coefficient."""
    variables = syms(names)
    expanded = sympy.Poly(sympy.expand(poly), *variables, domain="QQ")
    terms = []
    for monomial, coeff in sorted(expanded.terms()):
        if coeff < 0:
            raise ValueError(f"{name}: negative coefficient {coeff}; not a positive combination")
        atoms = [str(v) for v, e in zip(variables, monomial) if e % 2]
        if not set(atoms) <= set(nonneg):
            raise ValueError(f"{name}: odd power of a variable not declared >= 0")
        square = sympy.Mul(*[v ** (e // 2) for v, e in zip(variables, monomial)])
        terms.append({"coeff": str(coeff), "atoms": atoms, "square": poly_terms(square, variables)})
    goal = {"vars": list(names), "poly": poly_terms(poly, variables), "nonneg": sorted(nonneg)}
    return Obligation(name, "sum_of_squares", goal, {"terms": terms})


def counterexample_goal(names: Sequence[str], assume: list[tuple[str, str, str]], claim: tuple[str, str, str]) -> dict:
    """The goal 'some point of the domains satisfies every assumption and violates lhs op rhs'."""
    relation = lambda r: {"lhs": r[0], "op": r[1], "rhs": r[2]}  # noqa: E731
    domains = {v: "integer" if v == "n" else "real" for v in names}  # n is a position; all else real numbers
    return {"vars": list(names), "domains": domains, "assume": [relation(a) for a in assume], "claim": relation(claim)}


def counterexample(
    name: str, names: Sequence[str], assume: list[tuple[str, str, str]], claim: tuple[str, str, str], point: dict
) -> Obligation:
    """The claim lhs op rhs fails at an exact point where every assumption holds (decided by arb balls)."""
    goal = counterexample_goal(names, assume, claim)
    return Obligation(name, "counterexample", goal, {"point": {k: str(v) for k, v in point.items()}, "precision": 256})


def norm_bound(name: str, matrices: dict, expr: str, op: str, bound: str, witness: dict) -> Obligation:
    """||expr||_2 op bound for exact matrices, with an LDL^T (<=) or vector (>=) witness."""
    goal = {"matrices": matrices, "expr": expr, "op": op, "bound": bound}
    return Obligation(name, "spectral_norm_bound", goal, witness)
