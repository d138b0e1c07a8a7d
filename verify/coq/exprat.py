"""Translation of exp_rational_identity: the derivative of num/den with E = exp(s_E), stated with Coquelicot.

The statement (from the goal only) replaces every exponential symbol E by exp (s_E) and says, for every value of
the other variables at which both denominators are nonzero: is_derive (fun v => num / den) v (value.num /
value.den) (or num / den = value.num / value.den without "wrt"). The kernel's check (a formal identity in
independent symbols) implies exactly this. Goals with a point substitution ("at") are not mapped.
"""

from __future__ import annotations

from .terms import NotMapped, coq_name, rat, real_expr, real_number

__all__ = ["EXPRAT_KINDS", "EXPRAT_REQUIRE", "exp_rational_identity"]

EXPRAT_REQUIRE = 'Set Warnings "-ambiguous-paths".\nFrom Coquelicot Require Coquelicot.\n'


# A helper tactic (not part of the statement): a side condition x <> a from a hypothesis y <> b, x - a = y - b.
_NONZERO = """Ltac nonzero := match goal with
  | |- True => exact I
  | H : ?y <> ?b |- ?x <> ?a =>
      let Z := fresh in intro Z; apply H; assert (x - a = y - b) by ring; lra
  end.
"""


def _term(value: object, names: dict[str, str], where: str) -> str:
    """A polynomial (expression string or canonical term list) as a term of R, variables printed by `names`."""
    if isinstance(value, str):
        return real_expr(value, names, where)
    if (
        not isinstance(value, dict)
        or not isinstance(value.get("terms"), list)
        or not isinstance(value.get("vars"), list)
    ):
        raise NotMapped(f"{where}: expected a polynomial")
    parts = []
    for coefficient, exponents in value["terms"]:
        factors = [
            (names[v] if names[v].isidentifier() else f"({names[v]})") + (f" ^ {e}" if e != 1 else "")
            for v, e in zip(value["vars"], exponents)
            if e
        ]
        c = rat(coefficient, where)
        parts.append(" * ".join(factors) if c == 1 and factors else " * ".join([real_number(c), *factors]))
    return "(" + (" + ".join(parts) or "0") + ")"


def _at(goal: dict) -> tuple[dict, dict]:
    """The point substitution (variable -> value) and the mapping of exponential symbols (to a symbol or '1')."""
    at = goal.get("at")
    if at is None:
        return {}, {}
    if not isinstance(at, dict) or at.get("den") not in ("1", 1):
        raise NotMapped("exp_rational_identity: only a point with denominator 1 is translated")
    return dict(at.get("subs", {})), dict(at.get("exps", {}))


def exp_rational_identity(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall vars, den <> 0 -> value.den <> 0 -> is_derive (fun v => num / den) point (value), by auto_derive."""
    variables = [str(v) for v in goal["vars"]]
    exps = goal.get("exps", {})
    subs, emap = _at(goal)
    wrt = goal.get("wrt")
    plain = [v for v in variables if v not in exps]
    if wrt is not None and wrt not in plain:
        raise NotMapped("exp_rational_identity: 'wrt' is not a plain variable")
    free = {v: coq_name(v) for v in plain}
    at_point = {**free, **{v: f"({_term(x, free, f'at.subs.{v}')})" for v, x in subs.items()}}
    # the function of wrt: other substituted variables take their values, wrt stays the bound variable
    inside = {**at_point, **({wrt: free[wrt]} if wrt is not None else {})}
    canonical = {e: _term(x, at_point, f"exps.{e}") for e, x in exps.items() if e not in emap}
    for e, target in emap.items():
        canonical[e] = "0" if target == "1" else canonical[target]
    for e, x in exps.items():
        inside[e] = f"exp ({_term(x, inside, f'exps.{e}')})"
        at_point[e] = "1" if canonical[e] == "0" else f"exp ({canonical[e]})"
    num, den = (_term(goal["f"][k], inside, f"f.{k}") for k in ("num", "den"))
    den_at = _term(goal["f"]["den"], at_point, "f.den")
    vnum, vden = (_term(goal["value"][k], at_point, f"value.{k}") for k in ("num", "den"))
    binders = " ".join(free[v] for v in plain if v not in subs or (v == wrt and v not in subs))
    hyps = f"({den_at}) <> 0 -> ({vden}) <> 0 ->"
    canon = "".join(
        f"repeat (match goal with |- context [exp ?a] => assert_fails (constr_eq a ({c}));"
        f" replace (exp a) with (exp ({c})) by (f_equal; ring) end); "
        for c in sorted(set(canonical.values()))
    )
    canon = f"({canon}rewrite ?exp_0)"
    if wrt is None:
        if subs:
            raise NotMapped("exp_rational_identity: a point substitution without a derivative")
        claim = f"({num}) / ({den}) = ({vnum}) / ({vden})"
        proof = f"intros {binders} Hd Hv. {canon}. field; repeat split; nonzero."
    else:
        w = free[wrt]
        point = at_point[wrt] if wrt in subs else w
        claim = f"is_derive (fun {w} => ({num}) / ({den})) {point} (({vnum}) / ({vden}))"
        sides = f"[{canon}; repeat split; nonzero |\n   {canon}; field; repeat split; nonzero]"
        proof = f"intros {binders} Hd Hv. auto_derive;\n  {sides}."
    statement = f"forall ({binders} : R),\n    {hyps}\n    {claim}"
    return "Import Coquelicot.Coquelicot.\nLocal Open Scope R_scope.\n" + _NONZERO, statement, proof, False


EXPRAT_KINDS: dict = {"exp_rational_identity": exp_rational_identity}
