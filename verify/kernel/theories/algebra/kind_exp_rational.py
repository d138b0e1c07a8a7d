"""Kind `exp_rational_identity`: identities of rational functions in variables and exponential symbols.

An exponential symbol E is a variable declared with an exponent s_E (a polynomial free of exponential
symbols); it stands for exp(s_E), so that dE/dv = E * ds_E/dv. The kernel differentiates f = num/den
once (optionally) with this rule, optionally substitutes a point v = subs[v]/den for some variables
(mapping each affected exponential symbol to another symbol or to 1 after checking that the exponents
agree exactly at the point), and checks that the result equals value = num/den as rational functions.
Identities are checked as polynomials in independent symbols, so they hold for every real value of
the symbols at which the denominators do not vanish.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import KindTable
from ...core.numbers import GQ
from ...core.poly import Poly, read_poly, read_variables

__all__ = ["KINDS", "derivative", "substitute"]


def _fraction(value: object, names: tuple[str, ...], where: str) -> tuple[Poly, Poly]:
    """A pair {num, den} of polynomials with a nonzero denominator."""
    expect_keys(value, where, ("num", "den"))
    num = read_poly(_field(value, "num", where), names, f"{where}.num")
    den = read_poly(_field(value, "den", where), names, f"{where}.den")
    if den.is_zero():
        raise KernelError(f"{where}.den", "found the zero polynomial, expected a nonzero denominator")
    return num, den


# (names, exponents (symbol, exponent), f = (num, den), wrt, at = (subs, den, exps) or None, value = (num, den))
At = tuple[tuple[tuple[str, Poly], ...], Poly, tuple[tuple[str, str], ...]]
Goal = tuple[tuple[str, ...], tuple[tuple[str, Poly], ...], tuple[Poly, Poly], str | None, At | None, tuple[Poly, Poly]]


def _goal(goal: JSONObject, where: str) -> Goal:
    """Read the goal into (names, exps, f, wrt, at, value) with exact polynomials."""
    expect_keys(goal, where, ("vars", "f", "value"), ("exps", "wrt", "at"))
    names = tuple(sorted(read_variables(_field(goal, "vars", where), f"{where}.vars")))
    exps_raw = goal.get("exps", {})
    if not isinstance(exps_raw, dict) or not set(exps_raw) <= set(names):
        raise KernelError(f"{where}.exps", "expected an object from declared variables to exponents")
    exps = {e: read_poly(s, names, f"{where}.exps.{e}") for e, s in exps_raw.items()}
    for e, s in exps.items():
        if s.degree_in(set(exps)) > 0:
            raise KernelError(f"{where}.exps.{e}", "an exponent must not contain exponential symbols")
    wrt = goal.get("wrt")
    if wrt is not None and (wrt not in names or wrt in exps):
        raise KernelError(f"{where}.wrt", f"found {wrt!r}, expected a declared variable that is not exponential")
    at = goal.get("at")
    at_t: At | None = None
    if at is not None:
        expect_keys(at, f"{where}.at", ("subs", "den", "exps"))
        subs_raw = _field(at, "subs", f"{where}.at")
        if not isinstance(subs_raw, dict) or not set(subs_raw) <= set(names) - set(exps):
            raise KernelError(f"{where}.at.subs", "expected an object from non-exponential variables to polynomials")
        subs = {v: read_poly(p, names, f"{where}.at.subs.{v}") for v, p in subs_raw.items()}
        den = read_poly(_field(at, "den", f"{where}.at"), names, f"{where}.at.den")
        emap = _field(at, "exps", f"{where}.at")
        if not isinstance(emap, dict) or not set(emap) <= set(exps):
            raise KernelError(f"{where}.at.exps", "expected an object from exponential symbols to a symbol or '1'")
        for p in [*subs.values(), den]:
            if p.degree_in(set(subs) | set(emap)) > 0:
                raise KernelError(f"{where}.at", "substituted values must not contain substituted symbols")
        at_t = (tuple(sorted(subs.items())), den, tuple(sorted(emap.items())))
    f = _fraction(_field(goal, "f", where), names, f"{where}.f")
    value = _fraction(_field(goal, "value", where), names, f"{where}.value")
    return (names, tuple(sorted(exps.items())), f, wrt, at_t, value)


def _partial(p: Poly, name: str) -> Poly:
    """The partial derivative of p in one variable."""
    k = p.variables.index(name)
    out: dict[tuple[int, ...], GQ] = {}
    for m, c in p.terms.items():
        if m[k]:
            out[m[:k] + (m[k] - 1,) + m[k + 1 :]] = c * GQ(m[k])
    return Poly(p.variables, out)


def derivative(p: Poly, name: str, exps: dict[str, Poly]) -> Poly:
    """Total derivative in `name`, with dE/dv = E * ds_E/dv for every exponential symbol E."""
    out = _partial(p, name)
    for e, s in exps.items():
        ds = _partial(s, name)
        if not ds.is_zero():
            out = out + _partial(p, e) * Poly.variable(p.variables, e) * ds
    return out


def substitute(p: Poly, subs: dict[str, Poly], den: Poly, emap: dict[str, str], degree: int) -> Poly:
    """den^degree * p(v = subs[v]/den, E -> emap[E]); `degree` must bound p's degree in the substituted v."""
    names = p.variables
    idx = {v: names.index(v) for v in subs}
    powers: dict[tuple[str, int], Poly] = {}

    def power(key: str, base: Poly, k: int) -> Poly:
        """base^k, cached."""
        if (key, k) not in powers:
            powers[(key, k)] = base**k
        return powers[(key, k)]

    total = Poly(names)
    for m, c in p.terms.items():
        used = sum(m[idx[v]] for v in subs)
        if used > degree:
            raise KernelError("substitution", "degree bound too small")
        rest = list(m)
        for v in subs:
            rest[idx[v]] = 0
        for e, target in emap.items():
            k = names.index(e)
            if rest[k] and target != "1":
                rest[names.index(target)] += rest[k]
            rest[k] = 0
        term = Poly(names, {tuple(rest): c})
        for v in subs:
            if m[idx[v]]:
                term = term * power(v, subs[v], m[idx[v]])
        total = total + term * power("$den", den, degree - used)
    return total


def _check(goal: Goal, witness: object, where: str) -> None:
    """Differentiate, substitute, and compare the two rational functions exactly."""
    names, exps_t, (num, den), wrt, at, (vnum, vden) = goal
    expect_keys(witness, f"{where}.witness")
    exps = dict(exps_t)
    if wrt is not None:
        num, den = derivative(num, wrt, exps) * den - num * derivative(den, wrt, exps), den * den
    if at is not None:
        subs, qden, emap_t = dict(at[0]), at[1], dict(at[2])
        if qden.is_zero():
            raise KernelError(f"{where}.at.den", "found the zero polynomial, expected a nonzero denominator")
        for e, s in exps.items():
            if s.degree_in(set(subs)) > 0 and e not in emap_t:
                raise KernelError(f"{where}.at.exps", f"{e} depends on substituted variables but is not mapped")
        for e, target in emap_t.items():
            if target != "1" and (target not in exps or target in emap_t or exps[target].degree_in(set(subs))):
                raise KernelError(f"{where}.at.exps.{e}", "expected '1' or an unmapped exponential symbol")
            k = exps[e].degree_in(set(subs))
            lhs = substitute(exps[e], subs, qden, {}, k)
            rhs = Poly(names) if target == "1" else exps[target] * qden**k
            if lhs != rhs:
                raise KernelError(f"{where}.at.exps.{e}", f"the exponent of {e} at the point differs from {target}'s")
        degree = max(num.degree_in(set(subs)), den.degree_in(set(subs)))
        num, den = (substitute(p, subs, qden, emap_t, degree) for p in (num, den))
        if den.is_zero():
            raise KernelError(where, "the denominator vanishes identically at the point")
    if num * vden != vnum * den:
        raise KernelError(where, "the rational functions differ: num * value.den != value.num * den")


KINDS: KindTable = {"exp_rational_identity": (_goal, _check)}
