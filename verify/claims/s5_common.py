"""Shared builders for the Section 5 claim modules: obligations of each kernel kind from SymPy objects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sympy

from constructions.exact import poly_terms
from verify.certificate import Obligation

__all__ = [
    "syms",
    "identity",
    "rational",
    "positive_sos",
    "counterexample",
    "counterexample_goal",
    "norm_bound",
    "dimension_free",
    "implied",
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


def dimension_free(
    name: str,
    atoms: dict[str, tuple[str, str]],
    scalars: Sequence[str],
    lets: Sequence[tuple[str, str]],
    f: str,
    value: str,
    wrt: str | None = None,
) -> Obligation:
    """A dimension_free_identity: f == value (or d/d wrt f at wrt = 0 == value) for matrices of every size."""
    goal: dict = {
        "atoms": {k: list(v) for k, v in atoms.items()},
        "scalars": list(scalars),
        "lets": [[k, v] for k, v in lets],
        "f": f,
        "value": value,
    }
    if wrt is not None:
        goal["wrt"] = wrt
    return Obligation(name, "dimension_free_identity", goal)


def _sym(text: str, names: Sequence[str]) -> sympy.Expr:
    """A kernel expression of our own (no function calls) as a SymPy polynomial expression."""
    return sympy.sympify(text.replace("^", "**"), locals={n: sympy.Symbol(n) for n in names})


def _monomial_products(expr: sympy.Expr, variables: list, signed: set[str], extra: dict, label: str) -> list[dict]:
    """Split a polynomial into c * (odd-degree atoms) * (monomial)^2 terms with c > 0; `extra` joins each term."""
    out = []
    for monomial, coeff in sorted(sympy.Poly(sympy.expand(expr), *variables, domain="QQ").terms()):
        if coeff == 0:
            continue  # the zero polynomial has one zero term in SymPy
        atoms = [str(v) for v, e in zip(variables, monomial) if e % 2]
        if coeff < 0 or not set(atoms) <= signed:
            raise ValueError(f"{label}: the term {coeff} * {monomial} is not a nonnegative product")
        square = sympy.Mul(*[v ** (e // 2) for v, e in zip(variables, monomial)])
        out.append({"coeff": str(coeff), "atoms": atoms, **extra, "square": poly_terms(square, variables)})
    return out


def implied(
    name: str,
    names: Sequence[str],
    facts: Sequence[tuple[str, str, str]],
    claim: str,
    multiplier: str,
    multipliers: dict[str, str],
    signs: Mapping[str, Sequence[str]],
    exps: dict[str, str] | None = None,
) -> Obligation:
    """An implied_inequality: claim >= 0 from the facts, with the given fact multipliers; the rest of
    multiplier * claim must be a nonnegative combination of products of signed variables (checked here).

    facts: (name, poly, rel) hypotheses; multipliers: fact name (or built-in exp fact) -> its multiplier;
    signs: {"nonneg": [...], "positive": [...]}; exps: E -> exponent for variables that are exp(...).
    """
    exps = exps or {}
    variables = syms(names)
    signed = set(signs.get("nonneg", ())) | set(signs.get("positive", ())) | set(exps)
    polys = {n: (_sym(p, names), rel) for n, p, rel in facts}
    for e, s in exps.items():
        polys[f"exp_tangent:{e}"] = (sympy.Symbol(e) - 1 - _sym(s, names), ">=")
        polys[f"exp_tangent_inv:{e}"] = (1 - sympy.Symbol(e) + sympy.Symbol(e) * _sym(s, names), ">=")
        for e2 in exps:
            for k in range(2, 17):
                if e2 != e and sympy.expand(_sym(s, names) - k * _sym(exps[e2], names)) == 0:
                    polys[f"exp_power:{e}:{e2}:{k}"] = (sympy.Symbol(e) - sympy.Symbol(e2) ** k, "==")
    rest = sympy.expand(_sym(multiplier, names) * _sym(claim, names))
    products, equalities = [], []
    for fact, lam in multipliers.items():
        poly, rel = polys[fact]
        lam_expr = _sym(lam, names)
        rest = sympy.expand(rest - lam_expr * poly)
        if rel == ">=":
            products += _monomial_products(lam_expr, variables, signed, {"facts": [fact]}, f"{name}/{fact}")
        else:
            equalities.append({"fact": fact, "times": poly_terms(lam_expr, variables)})
    products += _monomial_products(rest, variables, signed, {}, f"{name}/rest")
    goal: dict = {"vars": list(names), **{k: sorted(v) for k, v in signs.items()}}
    if exps:
        goal["exps"] = dict(exps)
    goal["facts"] = [{"name": n, "poly": p, "rel": rel} for n, p, rel in facts]
    goal["claim"] = claim
    witness = {"multiplier": poly_terms(_sym(multiplier, names), variables), "products": products}
    if equalities:
        witness["equalities"] = equalities
    return Obligation(name, "implied_inequality", goal, witness)
