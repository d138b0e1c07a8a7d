"""Translation of exp_rational_identity: the derivative of num/den with E = exp(s_E), stated with Coquelicot.

The statement (from the goal only) replaces every exponential symbol E by exp (s_E) and says, for every value of
the other variables at which both denominators are nonzero: is_derive (fun v => num / den) v (value.num /
value.den) (or num / den = value.num / value.den without "wrt"). The kernel's check (a formal identity in
independent symbols) implies exactly this. Goals with a point substitution ("at") are not mapped.
"""

from __future__ import annotations

from .terms import NotMapped, coq_name, rat, real_expr, real_number

__all__ = ["EXPRAT_KINDS", "EXPRAT_REQUIRE", "exp_rational_identity"]

EXPRAT_REQUIRE = "Set Warnings \"-ambiguous-paths\".\nFrom Coquelicot Require Coquelicot.\n"


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


def exp_rational_identity(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall vars, den <> 0 -> value.den <> 0 -> is_derive (fun v => num / den) v (value), by auto_derive, field."""
    if goal.get("at") is not None:
        raise NotMapped("exp_rational_identity: a point substitution ('at') is not translated")
    variables = [str(v) for v in goal["vars"]]
    exps = goal.get("exps", {})
    plain = [v for v in variables if v not in exps]
    names = {v: coq_name(v) for v in plain}
    for e, s in exps.items():
        names[e] = f"exp ({_term(s, names, f'exps.{e}')})"
    num, den = (_term(goal["f"][k], names, f"f.{k}") for k in ("num", "den"))
    vnum, vden = (_term(goal["value"][k], names, f"value.{k}") for k in ("num", "den"))
    binders = " ".join(names[v] for v in plain)
    hyps = f"({den}) <> 0 -> ({vden}) <> 0 ->"
    wrt = goal.get("wrt")
    if wrt is None:
        claim = f"({num}) / ({den}) = ({vnum}) / ({vden})"
        proof = f"intros {binders} Hd Hv. field; repeat split; nonzero."
    else:
        if wrt not in plain:
            raise NotMapped("exp_rational_identity: 'wrt' is not a plain variable")
        w = names[wrt]
        claim = f"is_derive (fun {w} => ({num}) / ({den})) {w} (({vnum}) / ({vden}))"
        proof = f"intros {binders} Hd Hv. auto_derive; [repeat split; nonzero | field; repeat split; nonzero]."
    statement = f"forall ({binders} : R),\n    {hyps}\n    {claim}"
    return "Import Coquelicot.Coquelicot.\nLocal Open Scope R_scope.\n" + _NONZERO, statement, proof, False


EXPRAT_KINDS: dict = {"exp_rational_identity": exp_rational_identity}
