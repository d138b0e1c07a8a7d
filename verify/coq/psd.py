"""Translation of psd_certificate without a multiplier: poly >= 0 wherever the listed matrices are PSD.

The statement (from the goal only) quantifies the variables over R, assumes `psd M` for each listed matrix
(every real vector y of the matrix's size has y^T M y >= 0; PSD_DEFINITIONS, inside the obligation's module)
and 0 <= x for each listed nonnegative variable, and concludes 0 <= poly. The proof rewrites poly as the
witness's nonnegative combination (by `ring`) and shows each factor >= 0: squares, forms y^T M y from the
hypotheses, atoms. A witness with a multiplier (m * poly = combination, poly >= 0 by density and continuity)
is not mapped.
"""

from __future__ import annotations

from .terms import NotMapped, coq_name, rat, real_expr, real_number, real_poly

__all__ = ["PSD_KINDS", "PSD_DEFINITIONS", "psd_certificate"]

PSD_DEFINITIONS = r"""Local Open Scope R_scope.
(* y^T M y for a matrix M given as its list of rows, and M positive semidefinite: y^T M y >= 0 for every y. *)
Fixpoint dotR (a b : list R) : R := match a, b with x :: a', y :: b' => x * y + dotR a' b' | _, _ => 0 end.
Definition qform (M : list (list R)) (y : list R) : R := dotR y (map (fun r => dotR r y) M).
Definition psd (M : list (list R)) : Prop := forall y : list R, length y = length M -> 0 <= qform M y.
"""


# The proof's tactic (not part of the statement): a sum of products of squares, PSD forms and atoms is >= 0.
_TACTIC = """Ltac nonneg_terms := first [apply pow2_ge_0 | assumption
  | match goal with H : psd ?M |- 0 <= qform ?M _ => apply H; reflexivity end
  | apply Rplus_le_le_0_compat; nonneg_terms | apply Rmult_le_pos; nonneg_terms | lra].
"""


def _matrix(rows: object, names: dict[str, str], where: str) -> str:
    """A matrix of polynomials as a Coq list of rows of reals."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and len(r) == len(rows) for r in rows):
        raise NotMapped(f"{where}: expected a square matrix")
    return "[" + "; ".join("[" + "; ".join(real_expr(str(x), names, where) for x in r) + "]" for r in rows) + "]"


def psd_certificate(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall vars, psd M -> ... -> 0 <= x -> ... -> 0 <= poly, from the witness's terms."""
    if not isinstance(witness, dict) or witness.get("multiplier"):
        raise NotMapped("psd_certificate: a witness with a multiplier (density argument) is not translated")
    variables = [str(v) for v in goal["vars"]]
    names = {v: coq_name(v) for v in variables}
    matrices = {k: _matrix(m, names, f"psd.{k}") for k, m in sorted(goal["psd"].items())}
    nonneg = [names[v] for v in goal.get("nonneg", [])]
    hyps = [f"psd {m}" for m in matrices.values()] + [f"0 <= {x}" for x in nonneg]
    poly = real_expr(goal["poly"], names, "poly")
    binders = " ".join(names[v] for v in variables)
    statement = f"forall ({binders} : R),\n    " + " ->\n    ".join([*hyps, f"0 <= {poly}"])
    terms = []
    for k, term in enumerate(witness.get("terms", [])):
        c = rat(term["coeff"], f"terms[{k}].coeff")
        if c < 0:
            raise NotMapped("psd_certificate: a negative coefficient")
        factors = [real_number(c)]
        for item in term["factors"]:
            if "square" in item:
                factors.append(f"({real_poly(item['square'], variables, 'square')}) ^ 2")
            elif "form" in item:
                vector = "; ".join(real_poly(y, variables, "vector") for y in item["vector"])
                factors.append(f"qform {matrices[item['form']]} [{vector}]")
            elif "atom" in item and names.get(item["atom"]) in nonneg:
                factors.append(names[item["atom"]])
            else:
                raise NotMapped("psd_certificate: unknown factor")
        terms.append(" * ".join(factors))
    combination = " + ".join(terms) or "0"
    proof = (
        f"intros {binders} {' '.join(f'H{k}' for k in range(len(hyps)))}.\n  "
        f"replace ({poly}) with ({combination}) by (unfold qform; cbn [dotR map]; ring).\n  "
        "nonneg_terms."
    )
    return PSD_DEFINITIONS + _TACTIC, statement, proof, False


PSD_KINDS: dict = {"psd_certificate": psd_certificate}
