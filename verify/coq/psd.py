"""Translation of psd_certificate: poly >= 0 wherever the listed matrices are PSD and the listed atoms >= 0.

The statement (from the goal only) quantifies the variables over R, assumes `psd M` for each listed matrix
(every real vector y of the matrix's size has y^T M y >= 0; PSD_DEFINITIONS, inside the obligation's module)
and 0 <= x for each listed nonnegative variable, and concludes 0 <= poly. The proof rewrites poly as the
witness's nonnegative combination (by `ring`) and shows each factor >= 0: squares, forms y^T M y from the
hypotheses, atoms. With a multiplier m = sum s_k^2 (m * poly = combination) where some s_k is a variable x
(free of the hypotheses), poly >= 0 where x <> 0 (m > 0) and at x = 0 by continuity from x = e > 0; other
multipliers are not mapped.
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


# For a multiplier (proof only): a polynomial >= 0 for every e > 0 is >= 0 at 0 (continuity), and division.
_DENSITY = """Lemma nonneg_at_0 (f : R -> R) : continuity_pt f 0 -> (forall e, 0 < e -> 0 <= f e) -> 0 <= f 0.
Proof.
  intros Hc Hp. destruct (Rle_or_lt 0 (f 0)) as [H|H]; [exact H|].
  destruct (Hc (- f 0 / 2)) as [d [Hd Hx]]; [lra|].
  assert (Hd2 : 0 < d / 2) by lra.
  pose proof (Hp _ Hd2) as Hp2.
  assert (Hdist : R_dist (d / 2) 0 < d) by (unfold R_dist; rewrite Rminus_0_r, Rabs_right; lra).
  assert (HD : D_x no_cond 0 (d / 2)) by (split; [exact I | lra]).
  specialize (Hx (d / 2) (conj HD Hdist)). simpl in Hx. unfold R_dist in Hx.
  apply Rabs_def2 in Hx. lra.
Qed.
Lemma div_nonneg (m p c : R) : 0 < m -> m * p = c -> 0 <= c -> 0 <= p.
Proof. intros Hm E Hc. destruct (Rle_or_lt 0 p) as [H|H]; [exact H|]. nra. Qed.
"""


def _matrix(rows: object, names: dict[str, str], where: str) -> str:
    """A matrix of polynomials as a Coq list of rows of reals."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and len(r) == len(rows) for r in rows):
        raise NotMapped(f"{where}: expected a square matrix")
    return "[" + "; ".join("[" + "; ".join(real_expr(str(x), names, where) for x in r) + "]" for r in rows) + "]"


def psd_certificate(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """forall vars, psd M -> ... -> 0 <= x -> ... -> 0 <= poly, from the witness's terms."""
    if not isinstance(witness, dict):
        raise NotMapped("psd_certificate: expected a witness")
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
    intros = f"intros {binders} {' '.join(f'H{k}' for k in range(len(hyps)))}.\n  "
    if not witness.get("multiplier"):
        proof = (
            f"{intros}replace ({poly}) with ({combination}) by (unfold qform; cbn [dotR map]; ring).\n  nonneg_terms."
        )
        return PSD_DEFINITIONS + _TACTIC, statement, proof, False
    return (
        PSD_DEFINITIONS + _TACTIC + _DENSITY,
        statement,
        intros + _multiplied(goal, witness, names, poly, combination),
        False,
    )


def _multiplied(goal: dict, witness: dict, names: dict, poly: str, combination: str) -> str:
    """m * poly = combination with m = sum s_k^2 and some s_k a free variable x: poly >= 0 where x <> 0 (m > 0),
    and at x = 0 as the limit of poly at x = e > 0 (continuity)."""
    variables = list(names)
    squares = [real_poly(s, variables, "multiplier") for s in witness["multiplier"]]
    single = [q for q in squares if q in names.values()]
    if not single:
        raise NotMapped("psd_certificate: a multiplier without a single variable among its square roots")
    x = single[0]
    m = " + ".join(f"({q}) ^ 2" for q in squares)
    others = "".join(f"pose proof (pow2_ge_0 ({q})); " for q in squares if q != x)
    shifted = real_expr(goal["poly"], {**names, _key(names, x): f"({x} + e_shift)"}, "poly")
    at_zero = real_expr(goal["poly"], {**names, _key(names, x): f"({x} + 0)"}, "poly")
    return (
        f"assert (Hid : forall {x} : R, ({m}) * ({poly}) = {combination})"
        " by (intro; unfold qform; cbn [dotR map]; ring).\n  "
        f"assert (Hc : forall {x} : R, 0 <= {combination}) by (intro; nonneg_terms).\n  "
        f"assert (Hm : forall {x} : R, {x} <> 0 -> 0 < {m})"
        f" by (intros xv Hx; pose proof (Rsqr_pos_lt xv Hx); unfold Rsqr in *; {others}nra).\n  "
        f"assert (Hpos : forall {x} : R, {x} <> 0 -> 0 <= {poly})"
        " by (intros xv Hx; exact (div_nonneg _ _ _ (Hm xv Hx) (Hid xv) (Hc xv))).\n  "
        f"destruct (Req_dec {x} 0) as [Hx0 | Hx0]; [ | exact (Hpos {x} Hx0)].\n  "
        f"assert (L0 : 0 <= (fun e_shift => {shifted}) 0) by (apply (nonneg_at_0 (fun e_shift => {shifted}));"
        " [reg | intros e_shift He; cbv beta; apply Hpos; intro Z; lra]).\n  "
        f"cbv beta in L0. replace ({poly}) with ({at_zero}) by ring. exact L0."
    )


def _key(names: dict, coq: str) -> str:
    """The goal variable printed as `coq`."""
    return next(v for v, n in names.items() if n == coq)


PSD_KINDS: dict = {"psd_certificate": psd_certificate}
