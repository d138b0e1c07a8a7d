"""Translations of the scalar kinds (over R): polynomial identities, sums of squares, attained points,
polynomial bounds, counterexamples and interval inequalities.

Each function takes the goal (from the frozen statement, parameters substituted) and the certificate's witness
and returns (statement, proof, needs_interval). The statement is written from the goal only; the witness only
ever appears in the proof.
"""

from __future__ import annotations

from flint import arb, ctx

from verify.kernel.core.expr import has_calls, parse_expression
from verify.kernel.core.intervals import NEGATION, ball_value, decide_ball
from verify.kernel.core.poly import read_poly
from verify.kernel.theories.costs.kind_growth import shifted

from .terms import NotMapped, coq_name, rat, real_expr, real_number, real_poly

__all__ = ["SCALAR_KINDS", "sum_proof"]

_REL_R = {"==": "=", "!=": "<>", "<=": "<=", "<": "<", ">=": ">=", ">": ">"}


def _binders(names: list[str]) -> str:
    """'forall (a b : R), ' or '' when there is no variable."""
    return f"forall ({' '.join(coq_name(v) for v in names)} : R), " if names else ""


def sum_proof(proofs: list[str], add: str, zero: str) -> str:
    """A proof of 0 <= t1 + t2 + ... (left-nested sum) from proofs of 0 <= tk, with the lemma `add`."""
    if not proofs:
        return zero
    tree = proofs[0]
    for p in proofs[1:]:
        tree = f"apply {add}; [{tree} | {p}]"
    return tree


def _product(factors: list[tuple[str, str]], coefficient: str | None) -> tuple[str, str]:
    """(term, proof of 0 <= term) for coefficient * f1 * (f2 * ...) from (factor, proof of 0 <= factor)."""
    items = ([(coefficient, "lra")] if coefficient is not None else []) + factors
    if not items:
        return "1", "lra"
    term, proof = items[-1]
    for text, p in reversed(items[:-1]):
        term, proof = f"{text} * ({term})", f"apply Rmult_le_pos; [{p} | {proof}]"
    return term, proof


def polynomial_identity(goal: dict, witness: object) -> tuple[str, str, bool]:
    """lhs = rhs for all real values of the variables; by ring (field when constants are divided)."""
    names = list(goal["vars"])
    lhs, rhs = real_poly(goal["lhs"], names, "lhs"), real_poly(goal["rhs"], names, "rhs")
    statement = f"{_binders(names)}{lhs} = {rhs}"
    tactic = "field" if "/" in lhs + rhs else "ring"
    return statement, f"{'intros. ' if names else ''}{tactic}.", False


def sum_of_squares(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """poly >= 0 whenever the declared atoms are >= 0; the witness rewrites poly as a weighted sum of squares."""
    names, nonneg = list(goal["vars"]), list(goal.get("nonneg", []))
    poly = real_poly(goal["poly"], names, "poly")
    hyps = "".join(f"0 <= {coq_name(a)} -> " for a in nonneg)
    statement = f"{_binders(names)}{hyps}0 <= {poly}"
    terms, proofs = [], []
    for k, term in enumerate(witness["terms"]):
        c = rat(term["coeff"], f"witness.terms[{k}].coeff")
        square = real_poly(term["square"], names, f"witness.terms[{k}].square")
        factors = [(coq_name(a), "assumption") for a in term.get("atoms", [])]
        factors.append((f"({square}) ^ 2", "apply pow2_ge_0"))
        text, proof = _product(factors, None if c == 1 else real_number(c))
        terms.append(text)
        proofs.append(proof)
    body = " + ".join(f"({t})" for t in terms) or "0"
    intro = f"intros {' '.join(coq_name(v) for v in names)} {' '.join(f'H{k}' for k in range(len(nonneg)))}.".replace(
        " .", "."
    )
    proof = (
        f"{intro if names else ''}\n  match goal with |- 0 <= ?e => replace e with ({body}) by field end.\n  "
        f"{sum_proof(proofs, 'Rplus_le_le_0_compat', 'lra')}."
    )
    return statement, proof, False


def attained(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """For all other variables with h <> 0 there is a point (values of the point variables) where poly = 0."""
    names, point = list(goal["vars"]), list(goal["point"])
    others = [v for v in names if v not in point]
    poly = real_poly(goal["poly"], names, "poly")
    nonzero = real_poly(goal.get("nonzero", "1"), names, "nonzero")
    exists = " ".join(coq_name(v) for v in point)
    statement = f"{_binders(others)}{nonzero} <> 0 -> exists ({exists} : R), {poly} = 0"
    den = real_poly(witness["denominator"], names, "witness.denominator")
    scale = real_number(rat(witness["scale"], "witness.scale"))
    power = int(witness["power"])
    values = ", ".join(f"(({real_poly(witness['numerators'][v], names, 'numerator')}) / ({den}))" for v in point)
    proof = (
        f"intros {' '.join(coq_name(v) for v in others)} Hh.\n"
        f"  assert (Hd : {den} <> 0).\n"
        f"  {{ replace ({den}) with ({scale} * ({nonzero}) ^ {power}) by ring.\n"
        "    intro Hz; apply Rmult_integral in Hz; destruct Hz as [Hz | Hz];\n"
        "    [lra | revert Hz; apply pow_nonzero; exact Hh]. }\n"
        f"  exists {values}.\n  field; exact Hd."
    )
    return statement, proof, False


def poly_bound(goal: dict, witness: object) -> tuple[str, str, bool]:
    """lhs <= rhs for all reals x >= 1 (sizes) and x >= 0 (naturals), a superset of the integer domain."""
    domains = dict(goal["domains"])
    names = sorted(domains)
    lhs, rhs = real_poly(goal["lhs"], names, "lhs"), real_poly(goal["rhs"], names, "rhs")
    hyps = "".join(f"{1 if domains[v] == 'size' else 0} <= {coq_name(v)} -> " for v in names)
    statement = f"{_binders(names)}{hyps}{lhs} <= {rhs}"
    where = "poly_bound"
    difference = shifted(
        read_poly(goal["rhs"], tuple(names), where, False) - read_poly(goal["lhs"], tuple(names), where, False),
        domains,
    )
    terms, proofs = [], []
    for monomial, c in sorted(difference.terms.items()):
        if not c.is_real() or c.re < 0:
            raise NotMapped("rhs - lhs has a negative coefficient after the shift (no certificate of this shape)")
        factors = []
        for v, e in zip(names, monomial):
            if e:
                base = f"({coq_name(v)} - 1)" if domains[v] == "size" else coq_name(v)
                factors.append((base if e == 1 else f"{base} ^ {e}", "lra" if e == 1 else "apply pow_le; lra"))
        text, proof = _product(factors, None if c.re == 1 else real_number(c.re))
        terms.append(text)
        proofs.append(proof)
    body = " + ".join(f"({t})" for t in terms) or "0"
    proof = (
        f"intros {' '.join(coq_name(v) for v in names)} {' '.join(f'H{k}' for k in range(len(names)))}.\n"
        f"  apply le_of_sub.\n  match goal with |- 0 <= ?e => replace e with ({body}) by field end.\n  "
        f"{sum_proof(proofs, 'Rplus_le_le_0_compat', 'lra')}."
    )
    return statement, proof, False


def _decide(lhs_node: tuple, op: str, rhs_node: tuple, env: dict, precision: int) -> str:
    """A tactic proving lhs op rhs at a point: lra for exact arithmetic, Interval with functions."""
    if not (has_calls(lhs_node) or has_calls(rhs_node)):
        return "lra"
    return f"interval with (i_prec {max(precision, 60)})"


def _strict_side(lhs_node: tuple, rhs_node: tuple, balls: dict) -> str:
    """'<' or '>' : which way two different values compare (found in ball arithmetic; Coq re-checks it)."""
    a, b = ball_value(lhs_node, balls, "lhs"), ball_value(rhs_node, balls, "rhs")
    if decide_ball(a, "<", b):
        return "<"
    if decide_ball(a, ">", b):
        return ">"
    raise NotMapped("the two sides are not separated in ball arithmetic at the point")


def counterexample(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """The negation of the claim 'for all x in the domains: hypotheses -> lhs op rhs', shown at the point."""
    names = list(goal["vars"])
    domains = goal["domains"]
    if any(domains[v] == "gaussian" for v in names):
        raise NotMapped("a variable ranges over the Gaussian rationals (only real goals are translated)")
    pred = {"real": None, "integer": "is_int", "natural": "is_nat", "positive": "positive"}
    hyps, hyp_proofs = [], []
    point = {v: rat(witness["point"][v], f"witness.point.{v}") for v in names}
    values = {v: real_number(point[v]) for v in names}
    precision = int(witness.get("precision", 128))
    for v in names:
        kind = domains[v]
        if kind in ("integer", "natural"):
            hyps.append(f"{pred[kind]} {coq_name(v)}")
            z = point[v].p
            tail = "split; [lia | lra]" if kind == "natural" else "lra"
            hyp_proofs.append(f"(exists ({z})%Z; {tail})")
        elif kind == "positive":
            hyps.append(f"0 < {coq_name(v)}")
            hyp_proofs.append("lra")
    balls = {v: arb(point[v]) for v in names}
    nodes = []
    for rel in goal.get("assume", []):
        lhs_node, rhs_node = parse_expression(rel["lhs"], "assume"), parse_expression(rel["rhs"], "assume")
        nodes.append((lhs_node, rel["op"], rhs_node))
        hyps.append(f"{real_expr(lhs_node)} {_REL_R[rel['op']]} {real_expr(rhs_node)}")
    claim = goal["claim"]
    c_lhs, c_rhs = parse_expression(claim["lhs"], "claim.lhs"), parse_expression(claim["rhs"], "claim.rhs")
    body = " -> ".join([*hyps, f"{real_expr(c_lhs)} {_REL_R[claim['op']]} {real_expr(c_rhs)}"])
    statement = f"~ ({_binders(names)}{body})"
    interval = False
    lines = ["intro H."]
    args = []
    with ctx.workprec(max(precision, 64)):
        for k, (lhs_node, op, rhs_node) in enumerate(nodes):
            tactic = _decide(lhs_node, op, rhs_node, balls, precision)
            interval |= tactic != "lra"
            text = f"{real_expr(lhs_node, values)} {_REL_R[op]} {real_expr(rhs_node, values)}"
            if op == "!=":
                side = _strict_side(lhs_node, rhs_node, balls)
                text_side = f"{real_expr(lhs_node, values)} {side} {real_expr(rhs_node, values)}"
                lines.append(f"assert (A{k} : {text}) by (assert ({text_side}) by {tactic}; lra).")
            else:
                lines.append(f"assert (A{k} : {text}) by {tactic}.")
            args.append(f"A{k}")
        negated = NEGATION[claim["op"]]
        tactic = _decide(c_lhs, negated, c_rhs, balls, precision)
        interval |= tactic != "lra"
        left, right = real_expr(c_lhs, values), real_expr(c_rhs, values)
        if negated == "!=":
            side = _strict_side(c_lhs, c_rhs, balls)
            lines.append(f"assert (F : {left} {side} {right}) by {tactic}.")
        else:
            lines.append(f"assert (F : {left} {_REL_R[negated]} {right}) by {tactic}.")
    domain_args = [f"ltac:({p})" for p in hyp_proofs]
    lines.append(f"pose proof (H {' '.join(values[v] for v in names)} {' '.join(domain_args + args)}) as C.")
    lines.append("lra.")
    return statement, "\n  ".join(lines), interval


def interval_inequality(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """lhs op rhs for every point of the box (each variable between its bounds); by the Interval library."""
    box = goal.get("box", {})
    names = sorted(box)
    hyps = "".join(
        f"{real_number(rat(box[v][0]))} <= {coq_name(v)} <= {real_number(rat(box[v][1]))} -> " for v in names
    )
    op = goal["op"]
    statement = f"{_binders(names)}{hyps}{real_expr(goal['lhs'])} {_REL_R[op]} {real_expr(goal['rhs'])}"
    precision = max(int(witness.get("precision", 128)), 60)
    tactic = f"interval with (i_prec {precision})"
    pieces = witness.get("pieces")
    lhs_node, rhs_node = parse_expression(goal["lhs"], "lhs"), parse_expression(goal["rhs"], "rhs")
    if not names and not (has_calls(lhs_node) or has_calls(rhs_node)):
        return statement, "lra.", False  # exact rational arithmetic: no need for intervals
    if not names:
        return statement, f"{tactic}.", True
    intro = f"intros {' '.join(coq_name(v) for v in names)} {' '.join(f'[L{k} U{k}]' for k in range(len(names)))}."
    if not pieces:
        return statement, f"{intro}\n  {tactic}.", True
    x = coq_name(names[0])
    lines = [intro]
    for k, (_, high) in enumerate(pieces[:-1]):
        cut = real_number(rat(high))
        lines.append(
            f"destruct (Rle_or_lt {x} {cut}) as [P{k} | P{k}]; [clear U0; {tactic} | "
            f"apply Rlt_le in P{k}; clear L0; rename P{k} into L0]."
        )
    lines.append(f"{tactic}.")
    return statement, "\n  ".join(lines), True


def _exponent(u: int, v: int, w: int) -> str:
    """u q + v t + w as a natural-number expression (nonnegative for 0 <= t <= q, as the kernel requires)."""
    terms = [
        ("q" if u == 1 else f"{u} * q") if u else "",
        str(w) if w else "",
        ("t" if v == 1 else f"{v} * t") if v > 0 else "",
    ]
    text = " + ".join(t for t in terms if t) or "0"
    if v < 0:
        text = f"{text} - {'t' if v == -1 else f'{-v} * t'}"
    return f"({text})" if " " in text else text


def binomial_expansion(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """factor * base^q = sum_{t=0}^{q} C(q, t) * coeff * prod_k b_k^(u_k q + v_k t + w_k) for every natural q."""
    if goal.get("nilpotent"):
        raise NotMapped("the nilpotent form is stated in algebras with N^s = 0 (matrices), not over R")
    names = list(goal["vars"])
    if "q" in names or "t" in names:
        raise NotMapped("a symbol is named q or t (the summation indices)")
    powers = [(real_poly(p["base"], names, "power"), [int(e) for e in p["exponent"]]) for p in goal["powers"]]
    factors = " * ".join(f"({b}) ^ {_exponent(*e)}" for b, e in powers)
    factor, base, coeff = (real_poly(goal[k], names, k) for k in ("factor", "base", "coeff"))
    statement = (
        f"forall (q : nat) ({' '.join(coq_name(v) for v in names)} : R),\n"
        f"  ({factor}) * ({base}) ^ q = sum_f_R0 (fun t => Binomial.C q t * ({coeff}) * {factors}) q"
    )
    up = [b for b, e in powers if e == [0, 1, 0]]
    down = [b for b, e in powers if e == [1, -1, 0]]
    if len(powers) != 2 or len(up) != 1 or len(down) != 1:
        raise NotMapped("only the shape coeff * x^t * y^(q - t) is proved (by Coq's binomial lemma)")
    proof = (
        f"intros q {' '.join(coq_name(v) for v in names)}.\n"
        f"  replace ({base}) with (({up[0]}) + ({down[0]})) by ring.\n"
        "  rewrite binomial, scal_sum. apply sum_eq. intros t Ht. ring."
    )
    return statement, proof, False


SCALAR_KINDS = {
    "binomial_expansion": binomial_expansion,
    "polynomial_identity": polynomial_identity,
    "sum_of_squares": sum_of_squares,
    "attained": attained,
    "poly_bound": poly_bound,
    "counterexample": counterexample,
    "interval_inequality": interval_inequality,
}
