"""Translation of `implied_inequality`: claim >= 0 from named hypotheses, by a Positivstellensatz certificate.

Statement (from the goal only): for all real values of the variables with the declared signs, with every
exponential symbol E equal to exp(s_E), and with every fact (poly >= 0 or poly = 0), 0 <= claim.
Proof (from the witness): the built-in facts of exp are proved from Coq's exp_ineq1_le and exp_plus; the
multiplier q is > 0 term by term; q * claim equals the weighted products plus the multiples of equalities
(by ring); each product is >= 0 factor by factor; hence claim >= 0.
"""

from __future__ import annotations

from verify.kernel.core.poly import read_poly

from .scalar import sum_proof
from .terms import NotMapped, coq_name, rat, real_number, real_poly

__all__ = ["implied_inequality"]


def _power_factor(name: str, exponent: int, signed: set[str]) -> tuple[str, str]:
    """(x ^ e, proof of 0 <= x ^ e): a signed variable, or an even power."""
    x = coq_name(name)
    text = x if exponent == 1 else f"{x} ^ {exponent}"
    if name in signed:
        return text, "lra" if exponent == 1 else "apply pow_le; lra"
    if exponent % 2:
        raise NotMapped(f"{name} occurs to an odd power in the multiplier without a declared sign")
    return text, f"replace ({text}) with (({x} ^ {exponent // 2}) ^ 2) by ring; apply pow2_ge_0"


def _product(items: list[tuple[str, str]]) -> tuple[str, str]:
    """(f1 * (f2 * ...), proof of 0 <= it) from factors and their proofs."""
    text, proof = items[-1]
    for t, p in reversed(items[:-1]):
        text, proof = f"{t} * ({text})", f"apply Rmult_le_pos; [{p} | {proof}]"
    return text, proof


def _multiplier(q: dict, names: list[str], signed: set[str], strict: set[str]) -> tuple[str, str]:
    """(q, proof of 0 < q): a strictly positive term first, then nonnegative ones."""
    poly = read_poly(q, tuple(names), "multiplier", False)
    terms = []
    for monomial, c in sorted(poly.terms.items()):
        if c.re <= 0:
            raise NotMapped("a multiplier coefficient is <= 0")
        used = [(v, e) for v, e in zip(names, monomial) if e]
        is_strict = all(v in strict for v, _ in used)
        factors = [_power_factor(v, e, signed) for v, e in used]
        text, proof = _product([(real_number(c.re), "lra"), *factors])
        strict_proof = _strict(used) if is_strict else None
        terms.append((text, proof, strict_proof))
    terms.sort(key=lambda t: t[2] is None)
    if not terms or terms[0][2] is None:
        raise NotMapped("no multiplier term is a product of strictly positive variables")
    tree = terms[0][2]
    for _, proof, _ in terms[1:]:
        tree = f"apply Rplus_lt_le_0_compat; [{tree} | {proof}]"
    return " + ".join(f"({t})" for t, _, _ in terms), tree


def _strict(used: list[tuple[str, int]]) -> str:
    """Proof of 0 < c * (x1^e1 * (...)) with c > 0 and every x > 0."""
    proofs = ["lra"] + ["lra" if e == 1 else "apply pow_lt; lra" for _, e in used]
    proof = proofs[-1]
    for p in reversed(proofs[:-1]):
        proof = f"apply Rmult_lt_0_compat; [{p} | {proof}]"
    return proof


def implied_inequality(goal: dict, witness: dict) -> tuple[str, str, bool]:
    """The implication stated over R; the Positivstellensatz witness proves it."""
    names = list(goal["vars"])
    nonneg, positive = list(goal.get("nonneg", [])), list(goal.get("positive", []))
    exps = {e: real_poly(s, names, f"exps.{e}") for e, s in goal.get("exps", {}).items()}
    facts = {f["name"]: (real_poly(f["poly"], names, f"facts.{f['name']}"), f["rel"]) for f in goal["facts"]}
    hyps, intro = list[str](), list[str]()
    for v in nonneg:
        hyps.append(f"0 <= {coq_name(v)}")
        intro.append(f"H_n{len(intro)}")
    for v in positive:
        hyps.append(f"0 < {coq_name(v)}")
        intro.append(f"H_p{len(intro)}")
    for e, s in sorted(exps.items()):
        hyps.append(f"{coq_name(e)} = exp ({s})")
        intro.append(f"H_e_{coq_name(e)}")
    fact_hyp = {}
    for k, (name, (poly, rel)) in enumerate(facts.items()):
        hyps.append(f"0 <= {poly}" if rel == ">=" else f"{poly} = 0")
        fact_hyp[name] = f"H_f{k}"
        intro.append(f"H_f{k}")
    claim = real_poly(goal["claim"], names, "claim")
    binders = f"forall ({' '.join(coq_name(v) for v in names)} : R),\n  "
    statement = binders + "".join(f"{h} ->\n  " for h in hyps) + f"0 <= {claim}"
    lines = [f"intros {' '.join(coq_name(v) for v in names)} {' '.join(intro)}."]
    for e in sorted(exps):
        lines.append(f"assert (H_pos_{coq_name(e)} : 0 < {coq_name(e)}) by (rewrite H_e_{coq_name(e)}; apply exp_pos).")
    builtin: dict[str, tuple[str, str]] = {}

    def fact(ref: str, rel: str) -> tuple[str, str]:
        """(text of the fact's polynomial, name of its hypothesis), proving a built-in fact on first use."""
        if ref in facts:
            if facts[ref][1] != rel:
                raise NotMapped(f"fact {ref} used as a {rel} fact")
            return facts[ref][0], fact_hyp[ref]
        if ref in builtin:
            return builtin[ref]
        parts = ref.split(":")
        label = f"H_b{len(builtin)}"
        if parts[0] == "exp_tangent" and len(parts) == 2 and rel == ">=":
            e = parts[1]
            text = f"{coq_name(e)} - 1 - ({exps[e]})"
            lines.append(
                f"assert ({label} : 0 <= {text})\n"
                f"    by (rewrite H_e_{coq_name(e)}; pose proof (exp_ineq1_le ({exps[e]})); lra)."
            )
        elif parts[0] == "exp_tangent_inv" and len(parts) == 2 and rel == ">=":
            e = parts[1]
            x, s = coq_name(e), exps[e]
            text = f"1 - {x} + {x} * ({s})"
            lines.append(
                f"assert ({label} : 0 <= {text}).\n  {{ pose proof (exp_ineq1_le (- ({s}))) as H_t.\n"
                f"    assert (H_i : {x} * exp (- ({s})) = 1) by (rewrite H_e_{x}, <- exp_plus; "
                "replace (_ + _) with 0 by ring; apply exp_0).\n"
                f"    assert (H_m : {x} * (1 + - ({s})) <= {x} * exp (- ({s}))) by (apply Rmult_le_compat_l; lra).\n"
                "    lra. }"
            )
        elif parts[0] == "exp_power" and len(parts) == 4 and rel == "==":
            e, f, k = parts[1], parts[2], int(parts[3])
            text = f"{coq_name(e)} - {coq_name(f)} ^ {k}"
            repeated = " + ".join([f"({exps[f]})"] * k)
            lines.append(
                f"assert ({label} : {text} = 0) by (rewrite H_e_{coq_name(e)}, H_e_{coq_name(f)}; "
                f"replace (exp ({exps[e]})) with (exp ({repeated})) by (f_equal; field); rewrite ?exp_plus; ring)."
            )
        else:
            raise NotMapped(f"built-in fact {ref!r} has no translation")
        builtin[ref] = (text, label)
        return builtin[ref]

    signed = set(nonneg) | set(positive) | set(exps)
    strict = set(positive) | set(exps)
    q_text, q_proof = _multiplier(witness["multiplier"], names, signed, strict)
    terms, proofs = [], []
    for k, term in enumerate(witness["products"]):
        c = rat(term["coeff"], f"products[{k}].coeff")
        square = real_poly(term["square"], names, f"products[{k}].square")
        items = [(real_number(c), "lra")]
        items += [(coq_name(a), "lra") for a in term.get("atoms", [])]
        for ref in term.get("facts", []):
            text, hyp = fact(ref, ">=")
            items.append((f"({text})", f"exact {hyp}"))
        items.append((f"({square}) ^ 2", "apply pow2_ge_0"))
        text, proof = _product(items)
        terms.append(text)
        proofs.append(proof)
    for k, term in enumerate(witness.get("equalities", [])):
        times = real_poly(term["times"], names, f"equalities[{k}].times")
        text, hyp = fact(term["fact"], "==")
        terms.append(f"({times}) * ({text})")
        proofs.append(f"rewrite {hyp}, Rmult_0_r; lra")
    total = " + ".join(f"({t})" for t in terms) or "0"
    lines.append(f"assert (H_q : 0 < {q_text}) by ({q_proof}).")
    lines.append(f"assert (H_s : 0 <= {total}) by ({sum_proof(proofs, 'Rplus_le_le_0_compat', 'lra')}).")
    lines.append(f"assert (H_d : ({q_text}) * ({claim}) = {total}) by field.")
    lines.append("apply (Rmult_le_reg_l _ _ _ H_q). rewrite Rmult_0_r, H_d. exact H_s.")
    return statement, "\n  ".join(lines), False
