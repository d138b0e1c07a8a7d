r"""Translation of response_block_realization: q is the minimal polynomial of W(t) = C A^t B, and the 1x1/2x2 block
SSM of the goal has the impulse response W(t) for every t >= 0.

Statement (from the goal only; vocabulary REALIZATION_VOCABULARY, included after the Theorem 4.4 vocabulary whose
`ent`, `qsum`, `Wimp` it uses): `minimal_polynomial A B C p d q /\ forall t i j, i < p -> j < d ->
block_response blocks t i j == ent (Wimp A B C t) i j`. minimal_polynomial: q monic of degree D = length q - 1,
q annihilates every entry of W (sum_k q_k W(t + k) = 0 for every t), and every r of length D (a polynomial of
degree < D) that annihilates every entry is zero. block_response: entry (i, j) of sum_b C_b D_b^t B_b.

Proof: q annihilates W from q(A) B = 0 (checked by vm_compute; the proof generator handles only this case) and the
Theorem 4.4 vocabulary's ssm_annihilate_W; minimality from D independent Hankel rows (W(t_e + h)[i_e, j_e])_h and the
inverse of their matrix (`rr_minimal`: an annihilating r of length D gives D equations); each block is annihilated by q
from q(D_b) B_b = 0, so the block response is; two sequences annihilated by the same monic q that agree for
t < D agree for every t (`rr_agree`, strong induction); the agreement for t < D by vm_compute.
"""

from __future__ import annotations

from flint import fmpq_mat

from .ssm import _literal, _matrix, _qlist
from .terms import NotMapped, rat

__all__ = ["REALIZATION_KINDS", "REALIZATION_VOCABULARY", "minimality_proof", "response_block_realization"]

REALIZATION_VOCABULARY = r"""
(* ===== response_block_realization vocabulary (uses ent, qsum, Wimp of the Theorem 4.4 vocabulary) ===== *)
(* Part of what a reviewer trusts: every Definition before the "Proofs" line. *)
Local Open Scope Q_scope.
(* Entry (i, j) of sum_b C_b D_b^t B_b for blocks (D_b, B_b, C_b). *)
Definition block_response (blocks : list (mat * mat * mat)) (t i j : nat) : Q :=
  qsum (length blocks) (fun b => let '(D, Bb, Cb) := nth b blocks ([], [], []) in ent (Wimp D Bb Cb t) i j).
(* The polynomial with coefficients q (lowest degree first) annihilates u: sum_k q_k u(t + k) = 0 for every t. *)
Definition annihilates (q : list Q) (u : nat -> Q) : Prop :=
  forall t, qsum (length q) (fun k => nth k q 0 * u (t + k)%nat) == 0.
(* q is the minimal polynomial of W(t) = C A^t B (p x d): monic, annihilates every entry of W, and a polynomial of
   smaller degree (length q - 1 coefficients) that annihilates every entry is zero. *)
Definition minimal_polynomial (A B C : mat) (p d : nat) (q : list Q) : Prop :=
  (0 < length q)%nat /\ nth (length q - 1) q 0 == 1 /\
  (forall i j, (i < p)%nat -> (j < d)%nat -> annihilates q (fun t => ent (Wimp A B C t) i j)) /\
  (forall r : list Q, length r = (length q - 1)%nat ->
     (forall i j, (i < p)%nat -> (j < d)%nat -> annihilates r (fun t => ent (Wimp A B C t) i j)) ->
     forall k, (k < length r)%nat -> nth k r 0 == 0).
(* ----- Proofs (not part of any statement) ----- *)
Lemma rr_agree (q : list Q) (u v : nat -> Q) : (0 < length q)%nat -> nth (length q - 1) q 0 == 1 ->
  annihilates q u -> annihilates q v -> (forall t, (t < length q - 1)%nat -> u t == v t) -> forall t, u t == v t.
Proof.
  intros Hl Hm Hu Hv H0.
  assert (Hs : forall w, annihilates q w -> forall s,
    w (s + (length q - 1))%nat == - qsum (length q - 1) (fun k => nth k q 0 * w (s + k)%nat)).
  { intros w Hw s. specialize (Hw s). replace (length q) with (S (length q - 1)) in Hw at 1 by lia.
    cbn [qsum] in Hw. rewrite Hm in Hw.
    setoid_replace (w (s + (length q - 1))%nat) with
      ((qsum (length q - 1) (fun k => nth k q 0 * w (s + k)%nat) + 1 * w (s + (length q - 1))%nat)
       - qsum (length q - 1) (fun k => nth k q 0 * w (s + k)%nat)) by ring.
    rewrite Hw. ring. }
  intro t. induction t as [t IH] using (well_founded_induction lt_wf).
  destruct (Nat.lt_ge_cases t (length q - 1)) as [Hlt|Hge]; [apply H0; exact Hlt|].
  replace t with ((t - (length q - 1)) + (length q - 1))%nat by lia.
  rewrite (Hs u Hu), (Hs v Hv). apply Qopp_comp. apply ssm_qsum_ext. intros k Hk.
  rewrite IH by lia. reflexivity.
Qed.
Lemma rr_ann_ok A B m d q : ssm_allb m (fun i => ssm_allb d (fun j =>
    Qeq_bool (ssm_qsumr (length q) (fun e => nth e q 0 * ent (AtB A B e) i j)) 0)) = true ->
  forall i j, (i < m)%nat -> (j < d)%nat -> qsum (length q) (fun e => nth e q 0 * ent (AtB A B e) i j) == 0.
Proof.
  intros H i j Hi Hj. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff.
  exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ H i Hi) j Hj).
Qed.
Lemma rr_blocks_ann q blocks p d : (forall b, (b < length blocks)%nat ->
    let '(D, Bb, Cb) := nth b blocks ([], [], []) in
    forall i j, (i < p)%nat -> (j < d)%nat -> annihilates q (fun t => ent (Wimp D Bb Cb t) i j)) ->
  forall i j, (i < p)%nat -> (j < d)%nat -> annihilates q (fun t => block_response blocks t i j).
Proof.
  intros H i j Hi Hj t. unfold block_response.
  rewrite (ssm_qsum_ext _ _ (fun k => qsum (length blocks) (fun b => nth k q 0 *
    (let '(D, Bb, Cb) := nth b blocks ([], [], []) in ent (Wimp D Bb Cb (t + k)%nat) i j)))).
  - rewrite ssm_qsum_swap. apply ssm_qsum_zero. intros b Hb. specialize (H b Hb).
    destruct (nth b blocks ([], [], [])) as [[D Bb] Cb]. exact (H i j Hi Hj t).
  - intros k Hk. symmetry. apply ssm_qsum_scale.
Qed.
Lemma rr_init (blocks : list (mat * mat * mat)) A B C p d n : ssm_allb n (fun t => ssm_allb p (fun i =>
    ssm_allb d (fun j => Qeq_bool (block_response blocks t i j) (ent (Wimp A B C t) i j)))) = true ->
  forall t i j, (t < n)%nat -> (i < p)%nat -> (j < d)%nat -> block_response blocks t i j == ent (Wimp A B C t) i j.
Proof.
  intros H t i j Ht Hi Hj. apply Qeq_bool_iff.
  exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ (ssm_allb_ok _ _ H t Ht) i Hi) j Hj).
Qed.
Lemma rr_minor n (r : list Q) (M : nat -> nat -> Q) (N : mat) :
  (forall h g, (h < n)%nat -> (g < n)%nat -> qsum n (fun e => M e h * ent N e g) == if Nat.eqb h g then 1 else 0) ->
  (forall e, (e < n)%nat -> qsum n (fun h => nth h r 0 * M e h) == 0) -> forall g, (g < n)%nat -> nth g r 0 == 0.
Proof.
  intros HGN Hz g Hg.
  rewrite <- (ssm_qsum_delta n g (fun h => nth h r 0) Hg).
  rewrite (ssm_qsum_ext _ _ (fun h => qsum n (fun e => nth h r 0 * (M e h * ent N e g)))).
  - rewrite ssm_qsum_swap. apply ssm_qsum_zero. intros e He.
    rewrite (ssm_qsum_ext _ _ (fun h => ent N e g * (nth h r 0 * M e h))) by (intros; ring).
    rewrite ssm_qsum_scale. rewrite (Hz e He). ring.
  - intros h Hh. rewrite ssm_qsum_scale. rewrite HGN by assumption. reflexivity.
Qed.
Definition rr_row (rows : list (nat * nat * nat)) (e : nat) : nat * nat * nat := nth e rows (O, O, O).
Lemma rr_minimal A B C p d (rows : list (nat * nat * nat)) (N : mat) n :
  ssm_allb n (fun e => let '(t, i, j) := rr_row rows e in Nat.ltb i p && Nat.ltb j d) = true ->
  ssm_allb n (fun h => ssm_allb n (fun g => Qeq_bool (ssm_qsumr n (fun e =>
    (let '(t, i, j) := rr_row rows e in ent (Wimp A B C (t + h)) i j) * ent N e g)) (if Nat.eqb h g then 1 else 0)))
    = true ->
  forall r : list Q, length r = n ->
    (forall i j, (i < p)%nat -> (j < d)%nat -> annihilates r (fun t => ent (Wimp A B C t) i j)) ->
    forall k, (k < length r)%nat -> nth k r 0 == 0.
Proof.
  intros H1 H2 r Hr H k Hk. rewrite Hr in Hk.
  apply (rr_minor n r (fun e h => let '(t, i, j) := rr_row rows e in ent (Wimp A B C (t + h)) i j) N);
    [| | exact Hk].
  - intros h g Hh Hg. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff.
    exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ H2 h Hh) g Hg).
  - intros e He. pose proof (ssm_allb_ok _ _ H1 e He) as Hv. cbv beta in Hv. revert Hv.
    destruct (rr_row rows e) as [[t i] j]. intro Hv.
    cbv beta iota in Hv. rewrite andb_true_iff, !Nat.ltb_lt in Hv. destruct Hv as [Hi Hj].
    pose proof (H i j Hi Hj t) as Ht. rewrite Hr in Ht. exact Ht.
Qed.
Ltac rr_shape := apply ssm_shapeb_ok; vm_compute; reflexivity.
"""


_ANN = "[rr_shape | rr_shape | rr_shape | lia | apply rr_ann_ok; vm_compute; reflexivity | exact Hi | exact Hj]"


def _responses(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, count: int) -> list[list]:
    """vec W(t) (row-major) for t < count (a proof hint only)."""
    out, state = [], b
    for _ in range(count):
        w = c * state
        out.append([w[i, j] for i in range(w.nrows()) for j in range(w.ncols())])
        state = a * state
    return out


def _q_of(q: list, m: fmpq_mat, x: fmpq_mat) -> fmpq_mat:
    """sum_e q_e M^e X (a proof hint: whether the annihilation proof applies)."""
    out, state = fmpq_mat(x.nrows(), x.ncols()), x
    for coefficient in q:
        out += state * coefficient
        state = m * state
    return out


def minimality_proof(a: list, b: list, c: list, q: list, cname: str = "C") -> tuple[str, str]:
    """(the assert HW: q annihilates every entry of W, a proof of minimal_polynomial A B cname p d q using HW)."""
    m, d, p = len(a), len(b[0]), len(c)
    if len(a[0]) != m or len(b) != m or len(c[0]) != m:
        raise NotMapped("A, B, C have incompatible shapes")
    degree = len(q) - 1
    ma, mb, mc = fmpq_mat(a), fmpq_mat(b), fmpq_mat(c)
    if _q_of(q, ma, mb) != fmpq_mat(m, d):
        raise NotMapped("q(A) B is not 0: the proof generator handles only annihilation through q(A) B = 0")
    w = _responses(ma, mb, mc, m + degree)
    rows: list[tuple[int, int]] = []  # (t, e): the row (W(t + h)[e])_h of the Hankel system; D independent ones
    for t in range(m):
        for e in range(p * d):
            if len(rows) < degree and fmpq_mat(
                [[w[s + h][f] for h in range(degree)] for s, f in [*rows, (t, e)]]
            ).rank() > len(rows):
                rows.append((t, e))
    if len(rows) != degree:
        raise NotMapped("the Hankel rows of W have rank < deg q: q is not minimal")
    if degree:
        inverse = fmpq_mat([[w[t + h][e] for h in range(degree)] for t, e in rows]).transpose().inv()
        inverse_literal = _literal([[inverse[i, j] for j in range(degree)] for i in range(degree)])
    else:
        inverse_literal = "[]"
    rows_literal = "[" + "; ".join(f"({t}%nat, {e // d}%nat, {e % d}%nat)" for t, e in rows) + "]"
    setup = f"""assert (HW : forall i j, (i < {p})%nat -> (j < {d})%nat ->
    annihilates q (fun t => ent (Wimp A B {cname} t) i j)).
  {{ intros i j Hi Hj t. apply (ssm_annihilate_W A B {cname} {m} {p} {d});
      {_ANN}. }}"""
    minimal = f"""split; [unfold q; simpl; lia | split; [vm_compute; reflexivity | split; [exact HW |]]];
    exact (rr_minimal A B {cname} {p} {d} {rows_literal} {inverse_literal} {degree}
      ltac:(vm_compute; reflexivity) ltac:(vm_compute; reflexivity))"""
    return setup, minimal


def response_block_realization(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """minimal_polynomial A B C p d q, and the blocks' response equals C A^t B for every t."""
    a, b, c = (_matrix(goal[name], name) for name in ("A", "B", "C"))
    d, p = len(b[0]), len(c)
    q = [rat(x, "minpoly") for x in goal["minpoly"]]
    setup, minimal = minimality_proof(a, b, c, q)
    blocks = []
    for k, block in enumerate(goal["blocks"]):
        parts = [_matrix(block[name], f"blocks[{k}].{name}") for name in ("D", "B", "C")]
        size = len(parts[0])
        if len(parts[0][0]) != size or len(parts[1]) != size or len(parts[1][0]) != d or len(parts[2]) != p:
            raise NotMapped(f"blocks[{k}]: shapes do not fit")
        if _q_of(q, fmpq_mat(parts[0]), fmpq_mat(parts[1])) != fmpq_mat(size, d):
            raise NotMapped(f"blocks[{k}]: q(D) B is not 0 (the goal is false)")
        blocks.append(parts)
    block_literal = "[" + "; ".join(f"({_literal(x)}, {_literal(y)}, {_literal(z)})" for x, y, z in blocks) + "]"
    definitions = "\n".join(
        [f"Definition {name} : mat := {_literal(x)}." for name, x in (("A", a), ("B", b), ("C", c))]
        + [f"Definition q : list Q := {_qlist(q)}.", f"Definition blocks : list (mat * mat * mat) := {block_literal}."]
    )
    statement = (
        f"minimal_polynomial A B C {p} {d} q /\\\n  forall t i j, (i < {p})%nat -> (j < {d})%nat ->\n"
        "    block_response blocks t i j == ent (Wimp A B C t) i j"
    )
    per_block = "".join(
        f"  destruct b as [|b]; [cbn [nth]; intros i j Hi Hj t; apply (ssm_annihilate_W _ _ _ {len(dk)} {p} {d});\n"
        f"      {_ANN}|].\n"
        for dk, _, _ in blocks
    )
    proof = f"""{setup}
  assert (HB : forall b, (b < length blocks)%nat -> let '(D, Bb, Cb) := nth b blocks ([], [], []) in
    forall i j, (i < {p})%nat -> (j < {d})%nat -> annihilates q (fun t => ent (Wimp D Bb Cb t) i j)).
  {{ intros b Hb. unfold blocks in *.
{per_block}  simpl in Hb; lia. }}
  split; [{minimal} |].
  intros t i j Hi Hj.
  apply (rr_agree q (fun t => block_response blocks t i j) (fun t => ent (Wimp A B C t) i j));
    [unfold q; simpl; lia | vm_compute; reflexivity |
     exact (rr_blocks_ann q blocks {p} {d} HB i j Hi Hj) | apply HW; assumption |].
  intros t0 Ht0. apply (rr_init blocks A B C {p} {d} (length q - 1)); try assumption.
  vm_compute; reflexivity."""
    return definitions, statement, proof, False


REALIZATION_KINDS = {"response_block_realization": response_block_realization}
