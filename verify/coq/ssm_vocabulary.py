"""The Coq vocabulary and lemmas of the Theorem 4.4 kinds (verify/coq/ssm.py), included after the prelude in a
file that holds one of those kinds.

The definitions up to "Proofs" are part of what a reviewer trusts (they give `interaction_rank` and `condition7`
their meaning); the lemmas after it are proved in the file (coqc checks them; no axiom is used).
"""

from __future__ import annotations

from .ssm_heads_vocabulary import HEADS_VOCABULARY

__all__ = ["SSM_VOCABULARY"]

_RANK_VOCABULARY = r"""
(* ===== Theorem 4.4 vocabulary (kinds ssm_condition7, ssm_heads_necessary, ssm_heads_sufficient) ===== *)
(* Part of what a reviewer trusts: every Definition before a "Proofs" line. *)
From Coq Require Import Lia.
Local Open Scope Q_scope.
(* Entry (i, j) of a matrix (0 outside it), and sum_{l < n} f l. *)
Definition ent (M : mat) (i j : nat) : Q := nth j (nth i M []) 0.
Fixpoint qsum (n : nat) (f : nat -> Q) : Q := match n with O => 0 | S n' => qsum n' f + f n' end.
(* A^t B (A applied t times to B) and the impulse response Wimp(t) = C A^t B. *)
Fixpoint AtB (A B : mat) (t : nat) : mat := match t with O => B | S t' => Mmul A (AtB A B t') end.
Definition Wimp (A B C : mat) (t : nat) : mat := Mmul C (AtB A B t).
(* sum_h cs_h Ms_h at entry (i, j); X in span(Ms) and independence, for p x d matrices (entries i < p, j < d). *)
Definition lincomb (cs : list Q) (Ms : list mat) (i j : nat) : Q :=
  qsum (length Ms) (fun h => nth h cs 0 * ent (nth h Ms []) i j).
Definition in_span (p d : nat) (X : mat) (Ms : list mat) : Prop :=
  exists cs : list Q, forall i j, (i < p)%nat -> (j < d)%nat -> ent X i j == lincomb cs Ms i j.
Definition independent (p d : nat) (Ms : list mat) : Prop :=
  forall cs : list Q, (forall i j, (i < p)%nat -> (j < d)%nat -> lincomb cs Ms i j == 0) ->
    forall h, (h < length Ms)%nat -> nth h cs 0 == 0.
(* k = dim span{Wimp(t) : t >= 0}: some k of the Wimp(t) are independent and every Wimp(t) is in their span
   (a basis of k elements).  Condition (7) at n: span{Wimp(0), ..., Wimp(n-1)} contains every Wimp(t). *)
Definition interaction_rank (A B C : mat) (k : nat) : Prop :=
  exists lags : list nat, length lags = k /\ independent (length C) (ncols B) (map (Wimp A B C) lags) /\
    forall t, in_span (length C) (ncols B) (Wimp A B C t) (map (Wimp A B C) lags).
Definition condition7 (A B C : mat) (n : nat) : Prop :=
  forall t, in_span (length C) (ncols B) (Wimp A B C t) (map (Wimp A B C) (seq 0 n)).
(* ----- Proofs (not part of any statement) ----- *)
Lemma ssm_qsum_ext n f g : (forall l, (l < n)%nat -> f l == g l) -> qsum n f == qsum n g.
Proof. induction n; intros H; simpl; [reflexivity|]. rewrite IHn by (intros; apply H; lia). rewrite (H n) by
    lia. reflexivity. Qed.
Lemma ssm_qsum_add n f g : qsum n (fun l => f l + g l) == qsum n f + qsum n g.
Proof. induction n; simpl; [ring|]. rewrite IHn. ring. Qed.
Lemma ssm_qsum_scale n c f : qsum n (fun l => c * f l) == c * qsum n f.
Proof. induction n; simpl; [ring|]. rewrite IHn. ring. Qed.
Lemma ssm_qsum_zero n f : (forall l, (l < n)%nat -> f l == 0) -> qsum n f == 0.
Proof. intros H. rewrite (ssm_qsum_ext n f (fun _ => 0)) by exact H. induction n; simpl; [reflexivity|].
    rewrite IHn by (intros; apply H; lia). ring. Qed.
Lemma ssm_qsum_swap n m f : qsum n (fun a => qsum m (fun b => f a b)) == qsum m (fun b => qsum n (fun a => f a b)).
Proof.
  induction n; simpl. - symmetry. apply ssm_qsum_zero. intros. reflexivity.
  - rewrite IHn. rewrite <- ssm_qsum_add. reflexivity.
Qed.
Lemma ssm_qsum_shift n f : qsum (S n) f == f 0%nat + qsum n (fun l => f (S l)).
Proof.
  induction n. - simpl. ring.
  - change (qsum (S (S n)) f) with (qsum (S n) f + f (S n)). rewrite IHn. simpl. ring.
Qed.
Lemma ssm_qsum_delta n t f : (t < n)%nat -> qsum n (fun l => f l * (if Nat.eqb l t then 1 else 0)) == f t.
Proof.
  induction n; intros Ht; [lia|]. simpl. destruct (Nat.eq_dec t n) as [<-|Hne].
  - rewrite ssm_qsum_zero. + rewrite Nat.eqb_refl. ring.
    + intros l Hl. destruct (Nat.eqb_spec l t); [lia|ring].
  - rewrite IHn by lia. destruct (Nat.eqb_spec n t); [lia|ring].
Qed.
Lemma ssm_nth_map_in {X Y : Type} (f : X -> Y) l i dx dy : (i < length l)%nat -> nth i (map f l) dy = f (nth i
    l dx).
Proof. intros. rewrite (nth_indep _ dy (f dx)) by (rewrite map_length; lia). apply map_nth. Qed.
Lemma ssm_nth_map_seq {X : Type} (f : nat -> X) n i dy : (i < n)%nat -> nth i (map f (seq 0 n)) dy = f i.
Proof. intros. rewrite (ssm_nth_map_in f _ _ 0%nat) by (rewrite seq_length; lia). rewrite seq_nth by lia.
    reflexivity. Qed.
Lemma ssm_dot0_sum r X (g : list Q -> Q) :
  length r = length X -> dot0 r (map g X) == qsum (length r) (fun l => nth l r 0 * g (nth l X [])).
Proof.
  revert X. induction r as [|a r IH]; intros [|x X] H; simpl in H; try discriminate; [reflexivity|].
  rewrite (ssm_qsum_shift (length r)). simpl. rewrite IH by lia. reflexivity.
Qed.
Definition ssm_shape (M : mat) (r c : nat) : Prop := length M = r /\ forall row, In row M -> length row = c.
Lemma ssm_ncols_shape M r c : ssm_shape M r c -> (0 < r)%nat -> ncols M = c.
Proof. intros [H1 H2] Hr. destruct M as [|row M]; simpl in *; [lia|]. apply H2. left. reflexivity. Qed.
Lemma ssm_Mmul_shape A X m r c : ssm_shape A m r -> ssm_shape X r c -> (0 < r)%nat -> ssm_shape (Mmul A X) m c.
Proof.
  intros [HA1 HA2] HX Hr. unfold Mmul. cbv zeta. split; [rewrite map_length; exact HA1|].
  intros row Hin. apply in_map_iff in Hin. destruct Hin as [r0 [<- _]].
  rewrite map_length. unfold Mtr. rewrite map_length, seq_length. apply (ssm_ncols_shape X r c HX Hr).
Qed.
Lemma ssm_ent_mul A X m r c i j : ssm_shape A m r -> ssm_shape X r c -> (0 < r)%nat -> (i < m)%nat -> (j < c)%nat ->
  ent (Mmul A X) i j == qsum r (fun l => ent A i l * ent X l j).
Proof.
  intros [HA1 HA2] HX Hr Hi Hj. pose proof (ssm_ncols_shape X r c HX Hr) as Hn. destruct HX as [HX1 HX2].
  unfold ent, Mmul. cbv zeta.
  rewrite (ssm_nth_map_in _ _ _ []) by lia.
  unfold Mtr. rewrite Hn. rewrite (ssm_nth_map_in _ _ _ []) by (rewrite map_length, seq_length; lia).
  rewrite ssm_nth_map_seq by lia. unfold dot. rewrite Qred_correct.
  assert (Hlen : length (nth i A []) = r) by (apply HA2, nth_In; lia).
  rewrite ssm_dot0_sum by lia. rewrite Hlen. apply ssm_qsum_ext. intros l Hl. reflexivity.
Qed.
Lemma ssm_AtB_shape A B m d t : ssm_shape A m m -> ssm_shape B m d -> (0 < m)%nat -> ssm_shape (AtB A B t) m d.
Proof. intros HA HB Hm. induction t; simpl; [exact HB|]. apply (ssm_Mmul_shape A _ m m d); assumption. Qed.
(* The annihilator: sum_e p_e A^e B = 0 gives sum_e p_e A^(t+e) B = 0 and sum_e p_e Wimp(t+e) = 0 for every t. *)
Lemma ssm_annihilate A B m d (poly : list Q) : ssm_shape A m m -> ssm_shape B m d -> (0 < m)%nat ->
  (forall i j, (i < m)%nat -> (j < d)%nat -> qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B e) i j)
      == 0) ->
  forall t i j, (i < m)%nat -> (j < d)%nat -> qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B (t + e))
      i j) == 0.
Proof.
  intros HA HB Hm H0. induction t; intros i j Hi Hj; [apply H0; assumption|].
  rewrite (ssm_qsum_ext _ _ (fun e => qsum m (fun l => ent A i l * (nth e poly 0 * ent (AtB A B (t + e)) l j)))).
  - rewrite ssm_qsum_swap. apply ssm_qsum_zero. intros l Hl. rewrite ssm_qsum_scale. rewrite IHt by assumption.
      ring.
  - intros e He. simpl (S t + e)%nat. simpl AtB. rewrite (ssm_ent_mul A _ m m d) by (try apply ssm_AtB_shape;
      assumption).
    rewrite <- ssm_qsum_scale. apply ssm_qsum_ext. intros. ring.
Qed.
Lemma ssm_annihilate_W A B C m p d (poly : list Q) : ssm_shape A m m -> ssm_shape B m d -> ssm_shape C p m ->
    (0 < m)%nat ->
  (forall i j, (i < m)%nat -> (j < d)%nat -> qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B e) i j)
      == 0) ->
  forall t i j, (i < p)%nat -> (j < d)%nat -> qsum (length poly) (fun e => nth e poly 0 * ent (Wimp A B C (t +
      e)) i j) == 0.
Proof.
  intros HA HB HC Hm H0 t i j Hi Hj. unfold Wimp.
  rewrite (ssm_qsum_ext _ _ (fun e => qsum m (fun l => ent C i l * (nth e poly 0 * ent (AtB A B (t + e)) l j)))).
  - rewrite ssm_qsum_swap. apply ssm_qsum_zero. intros l Hl. rewrite ssm_qsum_scale.
    rewrite (ssm_annihilate A B m d poly HA HB Hm H0) by assumption. ring.
  - intros e He. rewrite (ssm_ent_mul C _ p m d) by (try apply ssm_AtB_shape; assumption).
    rewrite <- ssm_qsum_scale. apply ssm_qsum_ext. intros. ring.
Qed.
(* Spans: a combination of members of span(Ms) is in span(Ms). *)
Lemma ssm_lincomb_ext cs cs' Ms i j : (forall h, (h < length Ms)%nat -> nth h cs 0 == nth h cs' 0) ->
  lincomb cs Ms i j == lincomb cs' Ms i j.
Proof. intros H. unfold lincomb. apply ssm_qsum_ext. intros h Hh. rewrite H by exact Hh. reflexivity. Qed.
Lemma ssm_span_sum p d Ms n (a : nat -> Q) (X : nat -> mat) : (forall e, (e < n)%nat -> in_span p d (X e) Ms) ->
  exists cs, forall i j, (i < p)%nat -> (j < d)%nat -> qsum n (fun e => a e * ent (X e) i j) == lincomb cs Ms i j.
Proof.
  induction n; intros H.
  - exists []. intros. unfold lincomb. simpl. symmetry. apply ssm_qsum_zero. intros. destruct l; simpl; ring.
  - destruct IHn as [cs1 H1]; [intros; apply H; lia|]. destruct (H n) as [cs2 H2]; [lia|].
    exists (map (fun h => nth h cs1 0 + a n * nth h cs2 0) (seq 0 (length Ms))). intros i j Hi Hj. simpl.
    rewrite H1, H2 by assumption. unfold lincomb.
    rewrite <- ssm_qsum_scale, <- ssm_qsum_add. apply ssm_qsum_ext. intros h Hh. rewrite ssm_nth_map_seq by
        exact Hh. ring.
Qed.
Lemma ssm_span_trans p d Y Ns Ms (a : list Q) :
  (forall i j, (i < p)%nat -> (j < d)%nat -> ent Y i j == lincomb a Ns i j) ->
  (forall e, (e < length Ns)%nat -> in_span p d (nth e Ns []) Ms) -> in_span p d Y Ms.
Proof.
  intros HY HN. destruct (ssm_span_sum p d Ms (length Ns) (fun e => nth e a 0) (fun e => nth e Ns []) HN) as
      [cs Hcs].
  exists cs. intros i j Hi Hj. rewrite HY by assumption. apply Hcs; assumption.
Qed.
Lemma ssm_span_seq p d (V : nat -> mat) n t : (t < n)%nat -> in_span p d (V t) (map V (seq 0 n)).
Proof.
  intros Ht. exists (map (fun l => if Nat.eqb l t then 1 else 0) (seq 0 n)). intros i j Hi Hj. unfold lincomb.
  rewrite map_length, seq_length. symmetry.
  rewrite (ssm_qsum_ext _ _ (fun l => ent (V l) i j * (if Nat.eqb l t then 1 else 0))).
  - apply (ssm_qsum_delta n t (fun l => ent (V l) i j) Ht).
  - intros l Hl. rewrite !ssm_nth_map_seq by exact Hl. ring.
Qed.
(* Independence from a nonsingular minor: entries pos_e of the Ms and a matrix N with G N = I. *)
Lemma ssm_independent_minor p d Ms (pos : list (nat * nat)) (N : mat) :
  (forall e, (e < length Ms)%nat -> (fst (nth e pos (O, O)) < p)%nat /\ (snd (nth e pos (O, O)) < d)%nat) ->
  (forall h g, (h < length Ms)%nat -> (g < length Ms)%nat ->
     qsum (length Ms) (fun e => ent (nth h Ms []) (fst (nth e pos (O, O))) (snd (nth e pos (O, O))) * ent N e g)
     == if Nat.eqb h g then 1 else 0) ->
  independent p d Ms.
Proof.
  intros Hpos HGN cs Hz g Hg. unfold lincomb in Hz.
  rewrite <- (ssm_qsum_delta (length Ms) g (fun h => nth h cs 0) Hg).
  rewrite (ssm_qsum_ext _ _ (fun h => qsum (length Ms) (fun e => nth h cs 0 * (ent (nth h Ms []) (fst (nth e
      pos (O, O)))
      (snd (nth e pos (O, O))) * ent N e g)))).
  - rewrite ssm_qsum_swap. apply ssm_qsum_zero. intros e He.
    rewrite (ssm_qsum_ext _ _ (fun h => ent N e g * (nth h cs 0 * ent (nth h Ms []) (fst (nth e pos (O, O)))
      (snd (nth e pos (O, O)))))) by (intros; ring).
    rewrite ssm_qsum_scale. destruct (Hpos e He) as [H1 H2]. rewrite (Hz _ _ H1 H2). ring.
  - intros h Hh. rewrite ssm_qsum_scale. rewrite HGN by assumption. reflexivity.
Qed.
(* Decision procedures (computed by vm_compute) and their meaning. *)
Definition ssm_shapeb (M : mat) (r c : nat) : bool := Nat.eqb (length M) r && forallb (fun row => Nat.eqb
    (length row) c) M.
Lemma ssm_shapeb_ok M r c : ssm_shapeb M r c = true -> ssm_shape M r c.
Proof.
  unfold ssm_shapeb. rewrite andb_true_iff, forallb_forall. intros [H1 H2]. split; [apply Nat.eqb_eq, H1|].
  intros row Hin. apply Nat.eqb_eq, H2, Hin.
Qed.
Definition ssm_allb (n : nat) (f : nat -> bool) : bool := forallb f (seq 0 n).
Lemma ssm_allb_ok n f : ssm_allb n f = true -> forall i, (i < n)%nat -> f i = true.
Proof. unfold ssm_allb. rewrite forallb_forall. intros H i Hi. apply H, in_seq. lia. Qed.
Fixpoint ssm_qsumr (n : nat) (f : nat -> Q) : Q := match n with O => 0 | S n' => Qred (ssm_qsumr n' f + f n') end.
Lemma ssm_qsumr_eq n f : ssm_qsumr n f == qsum n f.
Proof. induction n; cbn [ssm_qsumr qsum]; [reflexivity|]. rewrite Qred_correct, IHn. reflexivity. Qed.
Definition ssm_spanb (p d : nat) (X : mat) (Ms : list mat) (cs : list Q) : bool :=
  ssm_allb p (fun i => ssm_allb d (fun j =>
    Qeq_bool (ent X i j) (ssm_qsumr (length Ms) (fun h => nth h cs 0 * ent (nth h Ms []) i j)))).
Lemma ssm_spanb_ok p d X Ms cs : ssm_spanb p d X Ms cs = true -> in_span p d X Ms.
Proof.
  intros H. exists cs. intros i j Hi Hj. unfold lincomb. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff.
  exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ H i Hi) j Hj).
Qed.
Definition ssm_annb_on (Xs : list mat) (m d : nat) (poly : list Q) : bool :=
  ssm_allb m (fun i => ssm_allb d (fun j =>
    Qeq_bool (ssm_qsumr (length poly) (fun e => nth e poly 0 * ent (nth e Xs []) i j)) 0)).
Definition ssm_annb (A B : mat) (m d : nat) (poly : list Q) : bool :=
  ssm_annb_on (map (AtB A B) (seq 0 (length poly))) m d poly.
Definition ssm_coefb (Wt : nat -> mat) (p d : nat) (Ms : list mat) (n : nat) (c : list (list Q)) : bool :=
  ssm_allb n (fun t => ssm_spanb p d (Wt t) Ms (nth t c [])).
Definition ssm_minorb (Ms : list mat) (p d : nat) (pos : list (nat * nat)) (N : mat) : bool :=
  let k := length Ms in
  ssm_allb k (fun e => Nat.ltb (fst (nth e pos (O, O))) p && Nat.ltb (snd (nth e pos (O, O))) d) &&
  ssm_allb k (fun h => ssm_allb k (fun g => Qeq_bool
    (ssm_qsumr k (fun e => ent (nth h Ms []) (fst (nth e pos (O, O))) (snd (nth e pos (O, O))) * ent N e g))
    (if Nat.eqb h g then 1 else 0))).
Lemma ssm_minorb_ok Ms p d pos N : ssm_minorb Ms p d pos N = true -> independent p d Ms.
Proof.
  unfold ssm_minorb. rewrite andb_true_iff. intros [H1 H2]. apply (ssm_independent_minor p d Ms pos N).
  - intros e He. pose proof (ssm_allb_ok _ _ H1 e He) as H. rewrite andb_true_iff, !Nat.ltb_lt in H. exact H.
  - intros h g Hh Hg. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff. exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ H2 h
      Hh) g Hg).
Qed.
Lemma ssm_lincomb_snoc cs Ms M i j :
  lincomb cs (Ms ++ [M]) i j == lincomb cs Ms i j + nth (length Ms) cs 0 * ent M i j.
Proof.
  unfold lincomb. rewrite app_length. simpl. rewrite Nat.add_1_r. simpl. rewrite nth_middle.
  apply Qplus_comp; [|reflexivity]. apply ssm_qsum_ext. intros h Hh. rewrite app_nth1 by lia. reflexivity.
Qed.
(* The whole argument: the witness's annihilator, coefficients and minor decide the rank and the smallest n. *)
Theorem ssm_rank (A B C : mat) (m p d : nat) (poly : list Q) (lags0 : list nat) (tk : nat) (c : list (list Q))
    (pos : list (nat * nat)) (N : mat) :
  p = length C -> d = ncols B -> (0 < m)%nat ->
  ssm_shapeb A m m && ssm_shapeb B m d && ssm_shapeb C p m = true ->
  ssm_annb A B m d poly = true -> Qeq_bool (nth (pred (length poly)) poly 0) 1 = true -> (1 < length poly)%nat ->
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) (lags0 ++ [tk])) (pred (length poly)) c = true ->
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) lags0) tk c = true ->
  forallb (fun l => Nat.ltb l tk) lags0 = true ->
  ssm_minorb (map (Wimp A B C) (lags0 ++ [tk])) p d pos N = true ->
  interaction_rank A B C (S (length lags0)) /\ (forall n, condition7 A B C n <-> (S tk <= n)%nat).
Proof.
  intros Hp Hd Hm Hshape Hann Hmonic Hdeg Hcoef Hlow Hlags Hminor.
  rewrite !andb_true_iff in Hshape. destruct Hshape as [[HA HB] HC].
  apply ssm_shapeb_ok in HA, HB, HC. set (Wt := Wimp A B C) in *. set (Ms := map Wt (lags0 ++ [tk])) in *.
  set (deg := pred (length poly)) in *.
  assert (Hind : independent p d Ms) by (apply (ssm_minorb_ok Ms p d pos N); exact Hminor).
  (* every Wimp(t) is in span(Ms), by strong induction on t with the recurrence of the annihilator *)
  assert (Hspan : forall t, in_span p d (Wt t) Ms).
  { assert (H0 : forall i j, (i < m)%nat -> (j < d)%nat ->
        qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B e) i j) == 0).
    { intros i j Hi Hj. unfold ssm_annb, ssm_annb_on in Hann.
      pose proof (ssm_allb_ok _ _ (ssm_allb_ok _ _ Hann i Hi) j Hj) as H. apply Qeq_bool_iff in H. rewrite <-
          H, ssm_qsumr_eq.
      apply ssm_qsum_ext. intros e He. rewrite ssm_nth_map_seq by exact He. reflexivity. }
    pose proof (ssm_annihilate_W A B C m p d poly HA HB HC Hm H0) as Hrec.
    intros t. induction t as [t IH] using (well_founded_induction lt_wf).
    destruct (Nat.lt_ge_cases t deg) as [Ht|Ht].
    - apply (ssm_spanb_ok p d (Wt t) Ms (nth t c [])). exact (ssm_allb_ok _ _ Hcoef t Ht).
    - set (s := (t - deg)%nat).
      apply (ssm_span_trans p d (Wt t) (map (fun e => Wt (s + e)%nat) (seq 0 deg))
               Ms (map (fun e => - nth e poly 0) (seq 0 deg))).
      + intros i j Hi Hj. unfold lincomb. rewrite map_length, seq_length.
        pose proof (Hrec s i j Hi Hj) as Hz.
        assert (Hl : length poly = S deg) by (unfold deg; lia). rewrite Hl in Hz. simpl in Hz.
        assert (Hlast : nth deg poly 0 == 1) by (apply Qeq_bool_iff; exact Hmonic).
        rewrite Hlast in Hz. replace t with (s + deg)%nat by (unfold s; lia).
        rewrite (ssm_qsum_ext _ _ (fun e => (-1) * (nth e poly 0 * ent (Wt (s + e)%nat) i j))).
        * rewrite ssm_qsum_scale. unfold Wt.
          set (S0 := qsum deg (fun e => nth e poly 0 * ent (Wimp A B C (s + e)%nat) i j)) in *.
          setoid_replace (ent (Wimp A B C (s + deg)%nat) i j) with (S0 + 1 * ent (Wimp A B C (s + deg)%nat) i j
              - S0)
            by ring. rewrite Hz. ring.
        * intros e He. rewrite !ssm_nth_map_seq by exact He. ring.
      + intros e He. rewrite map_length, seq_length in He. rewrite ssm_nth_map_seq by exact He. apply IH.
          unfold s. lia. }
  split.
  - exists (lags0 ++ [tk]). rewrite app_length, Nat.add_1_r. rewrite <- Hp, <- Hd. repeat split; [exact Hind |
      exact Hspan].
  - intros n. unfold condition7. rewrite <- Hp, <- Hd. split.
    + intros H7. destruct (Nat.le_gt_cases (S tk) n) as [Hle|Hgt]; [exact Hle|exfalso].
      destruct (H7 tk) as [a Ha].
      assert (Hlow' : in_span p d (Wt tk) (map Wt lags0)).
      { apply (ssm_span_trans p d (Wt tk) (map Wt (seq 0 n)) (map Wt lags0) a Ha).
        intros e He. rewrite map_length, seq_length in He. rewrite ssm_nth_map_seq by exact He.
        apply (ssm_spanb_ok p d (Wt e) (map Wt lags0) (nth e c [])). apply (ssm_allb_ok _ _ Hlow e). lia. }
      destruct Hlow' as [b Hb].
      set (pre := map (fun h => nth h b 0) (seq 0 (length lags0))).
      assert (Hpre : length pre = length lags0) by (unfold pre; rewrite map_length, seq_length; reflexivity).
      assert (Hk : nth (length lags0) (pre ++ [-1]) 0 == 0).
      { apply Hind.
        - intros i j Hi Hj. unfold Ms. rewrite map_app. simpl (map Wt [tk]). rewrite ssm_lincomb_snoc. rewrite
            map_length.
          rewrite app_nth2 by lia. rewrite Hpre, Nat.sub_diag. simpl nth.
          rewrite (ssm_lincomb_ext (pre ++ [-1]) b).
          + rewrite <- Hb by assumption. ring.
          + intros h Hh. rewrite map_length in Hh. rewrite app_nth1 by lia. unfold pre. rewrite ssm_nth_map_seq
              by exact Hh.
            reflexivity.
        - unfold Ms. rewrite map_length, app_length. simpl. lia. }
      rewrite app_nth2 in Hk by lia. rewrite Hpre, Nat.sub_diag in Hk. simpl in Hk. discriminate Hk.
    + intros Hle t. destruct (Hspan t) as [a Ha]. apply (ssm_span_trans p d (Wt t) Ms (map Wt (seq 0 n)) a Ha).
      intros e He. unfold Ms in *. rewrite map_length in He. rewrite (ssm_nth_map_in _ _ _ 0%nat) by exact He.
      apply ssm_span_seq. assert (Hin : In (nth e (lags0 ++ [tk]) 0%nat) (lags0 ++ [tk])) by (apply nth_In;
          exact He).
      apply in_app_or in Hin. destruct Hin as [Hin|[Hin|[]]].
      * rewrite forallb_forall in Hlags. apply Hlags, Nat.ltb_lt in Hin. lia.
      * rewrite <- Hin. lia.
Qed.
Local Close Scope Q_scope.
"""

SSM_VOCABULARY = _RANK_VOCABULARY + HEADS_VOCABULARY
