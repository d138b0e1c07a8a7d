"""The Coq vocabulary and lemmas of the Theorem 4.4 kinds (verify/coq/ssm.py), included after the prelude in a
file that holds one of those kinds.

The definitions up to "Proofs" are part of what a reviewer trusts (they give `interaction_rank` and `condition7`
their meaning); the lemmas after it are proved in the file (coqc checks them; no axiom is used).
"""

from __future__ import annotations

__all__ = ["SSM_VOCABULARY"]

SSM_VOCABULARY = r"""
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
(* ===== ssm_heads_sufficient vocabulary (part of what a reviewer trusts) ===== *)
Local Open Scope Q_scope.
(* The n x n lower-triangular Toeplitz matrix with entries f(i - j) for i >= j and 0 above the diagonal. *)
Definition toeplitz (n : nat) (f : nat -> Q) : mat :=
  map (fun i => map (fun j => if Nat.leb j i then f (i - j)%nat else 0) (seq 0 n)) (seq 0 n).
(* Rank through rows: rank M <= r when at most r of its rows span every row; rank M >= r when r of its rows are
   independent (rows as 1 x ncols matrices). *)
Definition row (M : mat) (i : nat) : mat := [nth i M []].
Definition rank_le (M : mat) (r : nat) : Prop :=
  exists rs : list nat, (length rs <= r)%nat /\
    forall i, (i < length M)%nat -> in_span 1 (ncols M) (row M i) (map (row M) rs).
Definition rank_ge (M : mat) (r : nat) : Prop :=
  exists rs : list nat, length rs = r /\ independent 1 (ncols M) (map (row M) rs).
(* Theorem 4.4's k-head construction at length n: value matrices V^(h) = W(t_h) (independent), coefficients
   c(tau) with W(tau) = sum_h c(tau)_h V^(h) for every tau >= 0 (eq. 8), head coefficient matrices
   A^(h) = toeplitz n (c(.)_h), and head dimension r = max_h rank A^(h). *)
Definition heads_construction (A B C : mat) (n k r : nat) : Prop :=
  exists (lags : list nat) (c : nat -> list Q), length lags = k /\
    independent (length C) (ncols B) (map (Wimp A B C) lags) /\
    (forall tau i j, (i < length C)%nat -> (j < ncols B)%nat ->
       ent (Wimp A B C tau) i j == lincomb (c tau) (map (Wimp A B C) lags) i j) /\
    (forall h, (h < k)%nat -> rank_le (toeplitz n (fun tau => nth h (c tau) 0)) r) /\
    (exists h, (h < k)%nat /\ rank_ge (toeplitz n (fun tau => nth h (c tau) 0)) r).
(* ----- Proofs (not part of any statement) ----- *)
Lemma ssm_qsum_single n a g : (a < n)%nat -> (forall b, (b < n)%nat -> b <> a -> g b == 0) -> qsum n g == g a.
Proof.
  intros Ha H. rewrite (ssm_qsum_ext n g (fun b => g b * (if Nat.eqb b a then 1 else 0))).
  - apply ssm_qsum_delta. exact Ha.
  - intros b Hb. destruct (Nat.eqb_spec b a) as [->|Hne]; [ring|]. rewrite (H b Hb Hne). ring.
Qed.
Lemma ssm_toeplitz_length n f : length (toeplitz n f) = n.
Proof. unfold toeplitz. rewrite map_length, seq_length. reflexivity. Qed.
Lemma ssm_toeplitz_ncols n f : ncols (toeplitz (S n) f) = S n.
Proof. unfold toeplitz. simpl. rewrite map_length, seq_length. reflexivity. Qed.
Lemma ssm_toeplitz_ent n f i j : (i < n)%nat -> (j < n)%nat ->
  ent (toeplitz n f) i j = if Nat.leb j i then f (i - j)%nat else 0.
Proof.
  intros Hi Hj. unfold ent, toeplitz. rewrite (ssm_nth_map_seq _ n i [] Hi). rewrite (ssm_nth_map_seq _ n j 0 Hj).
  reflexivity.
Qed.
Lemma ssm_row_ent M i j : ent (row M i) 0 j = ent M i j.
Proof. reflexivity. Qed.
Section Toeplitz.
Variables (n z : nat) (f : nat -> Q).
Hypothesis Hzero : forall tau, (tau < z)%nat -> f tau == 0.
Hypothesis Hfz : ~ f z == 0.
Lemma ssm_toeplitz_rank_le : rank_le (toeplitz (S n) f) (S n - z).
Proof.
  set (T := toeplitz (S n) f). exists (map (fun a => (z + a)%nat) (seq 0 (S n - z))).
  rewrite map_length, seq_length. split; [lia|]. intros i Hi. unfold T in Hi. rewrite ssm_toeplitz_length in Hi.
  unfold T. rewrite ssm_toeplitz_ncols. fold T. rewrite map_map.
  destruct (Nat.lt_ge_cases i z) as [Hiz|Hiz].
  - exists []. intros a j Ha Hj. assert (a = 0%nat) as -> by lia. unfold lincomb. rewrite ssm_row_ent.
    unfold T. rewrite ssm_toeplitz_ent by lia. symmetry. rewrite ssm_qsum_zero; [|intros; destruct l; simpl; ring].
    destruct (Nat.leb j i); [symmetry; apply Hzero; lia | reflexivity].
  - pose proof (ssm_span_seq 1 (S n) (fun a => row T (z + a)%nat) (S n - z) (i - z) ltac:(lia)) as Hs.
    cbv beta in Hs. replace (z + (i - z))%nat with i in Hs by lia. exact Hs.
Qed.
Lemma ssm_toeplitz_rank_ge : (z <= S n)%nat -> rank_ge (toeplitz (S n) f) (S n - z).
Proof.
  intros Hz. set (T := toeplitz (S n) f). set (L := (S n - z)%nat).
  exists (map (fun a => (z + a)%nat) (seq 0 L)). rewrite map_length, seq_length. split; [reflexivity|].
  unfold T. rewrite ssm_toeplitz_ncols. fold T. rewrite map_map. intros cs Hcs.
  rewrite map_length, seq_length.
  assert (Hall : forall b, (b <= L)%nat -> forall a, (L - b <= a < L)%nat -> nth a cs 0 == 0).
  { induction b; intros Hb a Ha; [lia|]. destruct (Nat.eq_dec a (L - S b)%nat) as [->|Hne]; [|apply IHb; lia].
    set (a0 := (L - S b)%nat). pose proof (Hcs 0%nat a0 ltac:(lia) ltac:(unfold a0, L; lia)) as H0.
    unfold lincomb in H0. rewrite map_length, seq_length in H0. fold L in H0.
    rewrite (ssm_qsum_single L a0) in H0.
    - rewrite ssm_nth_map_seq in H0 by (unfold a0; lia). rewrite ssm_row_ent in H0. unfold T in H0.
      rewrite ssm_toeplitz_ent in H0 by (unfold a0, L in *; lia).
      replace (Nat.leb a0 (z + a0)) with true in H0 by (symmetry; apply Nat.leb_le; lia).
      replace (z + a0 - a0)%nat with z in H0 by lia.
      apply Qmult_integral in H0. destruct H0 as [H0|H0]; [exact H0 | contradiction].
    - unfold a0. lia.
    - intros a' Ha' Hne'. rewrite ssm_nth_map_seq by exact Ha'. rewrite ssm_row_ent. unfold T.
      rewrite ssm_toeplitz_ent by (unfold L in *; lia).
      destruct (Nat.lt_ge_cases a' a0) as [Hlt|Hgt].
      + destruct (Nat.leb_spec a0 (z + a')); [rewrite Hzero by lia|]; ring.
      + rewrite (IHb ltac:(lia) a') by (unfold a0 in *; lia). ring. }
  intros h Hh. apply (Hall L); lia.
Qed.
End Toeplitz.
Lemma ssm_rank_le_mono M r s : rank_le M r -> (r <= s)%nat -> rank_le M s.
Proof. intros [rs [H1 H2]] Hrs. exists rs. split; [lia | exact H2]. Qed.
Local Close Scope Q_scope.
(* The coefficients c(tau) for every tau: the witness's rows for tau < deg p, then the recurrence of p. *)
Local Open Scope Q_scope.
Definition ssm_next (poly : list Q) (k : nat) (win : list (list Q)) : list Q :=
  map (fun h => - qsum (pred (length poly)) (fun e => nth e poly 0 * nth h (nth e win []) 0)) (seq 0 k).
Fixpoint ssm_window (poly : list Q) (k : nat) (base : list (list Q)) (t : nat) : list (list Q) :=
  match t with O => base | S t' => let w := ssm_window poly k base t' in tl w ++ [ssm_next poly k w] end.
Lemma ssm_window_length poly k base t :
  length base = pred (length poly) -> (1 < length poly)%nat -> length (ssm_window poly k base t) = pred (length
      poly).
Proof.
  intros Hb Hp. induction t; simpl; [exact Hb|]. rewrite app_length. simpl.
  destruct (ssm_window poly k base t) as [|x w]; simpl in *; lia.
Qed.
Lemma ssm_window_early poly k base t e :
  (t + e < length base)%nat -> length base = pred (length poly) -> (1 < length poly)%nat ->
  nth e (ssm_window poly k base t) [] = nth (t + e) base [].
Proof.
  revert e. induction t; intros e He Hb Hp; [reflexivity|]. simpl. cbv zeta.
  pose proof (ssm_window_length poly k base t Hb Hp) as Hl.
  destruct (ssm_window poly k base t) as [|x w] eqn:Hw; simpl in Hl; [lia|]. simpl tl.
  rewrite app_nth1 by lia. change (nth e w []) with (nth (S e) (x :: w) []).
  rewrite IHt by lia. f_equal. lia.
Qed.
Lemma ssm_spanb_eq p d X Ms cs : ssm_spanb p d X Ms cs = true ->
  forall i j, (i < p)%nat -> (j < d)%nat -> ent X i j == lincomb cs Ms i j.
Proof. intros H i j Hi Hj. unfold lincomb. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff. exact (ssm_allb_ok _ _
    (ssm_allb_ok _ _ H i Hi) j Hj). Qed.
Lemma ssm_window_span (Wt : nat -> mat) p d (Ms : list mat) poly base :
  length base = pred (length poly) -> (1 < length poly)%nat -> nth (pred (length poly)) poly 0 == 1 ->
  (forall t i j, (i < p)%nat -> (j < d)%nat -> qsum (length poly) (fun e => nth e poly 0 * ent (Wt (t + e)%nat)
      i j) == 0) ->
  ssm_coefb Wt p d Ms (pred (length poly)) base = true ->
  forall t e, (e < pred (length poly))%nat -> forall i j, (i < p)%nat -> (j < d)%nat ->
    ent (Wt (t + e)%nat) i j == lincomb (nth e (ssm_window poly (length Ms) base t) []) Ms i j.
Proof.
  intros Hb Hp Hmonic Hrec Hcoef. set (deg := pred (length poly)) in *.
  induction t; intros e He i j Hi Hj.
  - simpl. apply (ssm_spanb_eq p d); [exact (ssm_allb_ok _ _ Hcoef e He)|assumption|assumption].
  - simpl ssm_window. cbv zeta. pose proof (ssm_window_length poly (length Ms) base t Hb Hp) as Hl. fold deg in Hl.
    set (w := ssm_window poly (length Ms) base t) in *.
    destruct (Nat.lt_ge_cases e (pred deg)) as [He'|He'].
    + assert (Hn : nth e (tl w ++ [ssm_next poly (length Ms) w]) [] = nth (S e) w []).
      { destruct w as [|x w']; simpl in Hl; [lia|]. simpl tl. rewrite app_nth1 by (simpl in Hl; lia). reflexivity. }
      rewrite Hn. replace (S t + e)%nat with (t + S e)%nat by lia. apply IHt; [lia|assumption|assumption].
    + assert (He2 : e = pred deg) by lia. subst e.
      assert (Hn : nth (pred deg) (tl w ++ [ssm_next poly (length Ms) w]) [] = ssm_next poly (length Ms) w).
      { destruct w as [|x w']; simpl in Hl; [lia|]. simpl tl. rewrite app_nth2 by (simpl in Hl; lia).
        replace (pred deg - length w')%nat with 0%nat by (simpl in Hl; lia). reflexivity. }
      rewrite Hn. replace (S t + pred deg)%nat with (t + deg)%nat by lia.
      pose proof (Hrec t i j Hi Hj) as Hz. replace (length poly) with (S deg) in Hz by (unfold deg; lia).
      simpl in Hz. rewrite Hmonic in Hz.
      set (S0 := qsum deg (fun e => nth e poly 0 * ent (Wt (t + e)%nat) i j)) in *.
      setoid_replace (ent (Wt (t + deg)%nat) i j) with (- S0) by (setoid_replace (ent (Wt (t + deg)%nat) i j)
        with (S0 + 1 * ent (Wt (t + deg)%nat) i j - S0) by ring; rewrite Hz; ring).
      unfold S0. rewrite (ssm_qsum_ext deg (fun e => nth e poly 0 * ent (Wt (t + e)%nat) i j)
        (fun e => nth e poly 0 * lincomb (nth e w []) Ms i j)).
      2:{ intros e He2. rewrite (IHt e He2 i j Hi Hj). reflexivity. }
      unfold lincomb, ssm_next. change (Init.Nat.pred (length poly)) with deg.
      rewrite (ssm_qsum_ext (length Ms) _ (fun h => (-1) * qsum deg (fun e => nth e poly 0 * (nth h (nth e w []) 0 *
        ent (nth h Ms []) i j)))).
      * rewrite ssm_qsum_scale, ssm_qsum_swap. rewrite <- (ssm_qsum_scale deg (-1)).
        setoid_replace (- qsum deg (fun a => nth a poly 0 * qsum (length Ms) (fun h => nth h (nth a w []) 0 *
          ent (nth h Ms []) i j))) with ((-1) * qsum deg (fun a => nth a poly 0 * qsum (length Ms) (fun h =>
          nth h (nth a w []) 0 * ent (nth h Ms []) i j))) by ring.
        rewrite <- ssm_qsum_scale. apply ssm_qsum_ext. intros e He3. rewrite <- ssm_qsum_scale. reflexivity.
      * intros h Hh. rewrite ssm_nth_map_seq by exact Hh. rewrite <- ssm_qsum_scale.
        setoid_replace (- qsum deg (fun e => nth e poly 0 * nth h (nth e w []) 0) * ent (nth h Ms []) i j) with
          ((-1) * (qsum deg (fun e => nth e poly 0 * nth h (nth e w []) 0) * ent (nth h Ms []) i j)) by ring.
        rewrite ssm_qsum_scale. apply Qmult_comp; [reflexivity|]. rewrite Qmult_comm, <- ssm_qsum_scale.
        apply ssm_qsum_ext. intros. ring.
Qed.
Lemma ssm_rank_ge_zero M : rank_ge M 0.
Proof. exists []. split; [reflexivity|]. intros cs _ h Hh. simpl in Hh. lia. Qed.
Lemma ssm_heads_rank A B C n k r : heads_construction A B C n k r -> interaction_rank A B C k.
Proof.
  intros [lags [c [H1 [H2 [H3 _]]]]]. exists lags. split; [exact H1|]. split; [exact H2|].
  intros t. exists (c t). intros i j Hi Hj. apply H3; assumption.
Qed.
(* The whole sufficiency argument: eq. (8) for every tau by the recurrence, and the head ranks n - z_h. *)
Theorem ssm_heads (A B C : mat) (m p d : nat) (poly : list Q) (lags : list nat) (c : list (list Q))
    (pos : list (nat * nat)) (N : mat) (n : nat) (zs : list nat) (h0 r : nat) :
  p = length C -> d = ncols B -> (0 < m)%nat ->
  ssm_shapeb A m m && ssm_shapeb B m d && ssm_shapeb C p m = true ->
  ssm_annb A B m d poly = true -> Qeq_bool (nth (pred (length poly)) poly 0) 1 = true -> (1 < length poly)%nat ->
  length c = pred (length poly) ->
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) lags) (pred (length poly)) c = true ->
  ssm_minorb (map (Wimp A B C) lags) p d pos N = true ->
  ssm_allb (length lags) (fun h =>
    Nat.ltb (nth h zs 0%nat) (pred (length poly)) &&
    ssm_allb (nth h zs 0%nat) (fun tau => Qeq_bool (nth h (nth tau c []) 0) 0) &&
    negb (Qeq_bool (nth h (nth (nth h zs 0%nat) c []) 0) 0) && Nat.leb (S n - nth h zs 0%nat) r) = true ->
  (h0 < length lags)%nat -> Nat.eqb (S n - nth h0 zs 0%nat) r = true ->
  heads_construction A B C (S n) (length lags) r.
Proof.
  intros Hp Hd Hm Hshape Hann Hmonic Hdeg Hc Hcoef Hminor Hz Hh0 Hr.
  rewrite !andb_true_iff in Hshape. destruct Hshape as [[HA HB] HC].
  apply ssm_shapeb_ok in HA, HB, HC. apply Qeq_bool_iff in Hmonic.
  assert (H0 : forall i j, (i < m)%nat -> (j < d)%nat ->
      qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B e) i j) == 0).
  { intros i j Hi Hj. unfold ssm_annb, ssm_annb_on in Hann.
    pose proof (ssm_allb_ok _ _ (ssm_allb_ok _ _ Hann i Hi) j Hj) as H. apply Qeq_bool_iff in H. rewrite <- H,
        ssm_qsumr_eq.
    apply ssm_qsum_ext. intros e He. rewrite ssm_nth_map_seq by exact He. reflexivity. }
  pose proof (ssm_annihilate_W A B C m p d poly HA HB HC Hm H0) as Hrec.
  set (Ms := map (Wimp A B C) lags) in *.
  set (cf := fun tau => nth 0%nat (ssm_window poly (length Ms) c tau) []).
  assert (H8 : forall tau i j, (i < p)%nat -> (j < d)%nat -> ent (Wimp A B C tau) i j == lincomb (cf tau) Ms i j).
  { intros tau i j Hi Hj.
    pose proof (ssm_window_span (Wimp A B C) p d Ms poly c Hc Hdeg Hmonic Hrec Hcoef tau 0 ltac:(lia) i j Hi
        Hj) as X.
    rewrite Nat.add_0_r in X. exact X. }
  assert (Hpat : forall h, (h < length lags)%nat ->
    (forall tau, (tau < nth h zs 0%nat)%nat -> nth h (cf tau) 0 == 0) /\ ~ nth h (cf (nth h zs 0%nat)) 0 == 0 /\
    (S n - nth h zs 0%nat <= r)%nat).
  { intros h Hh. pose proof (ssm_allb_ok _ _ Hz h Hh) as X. rewrite !andb_true_iff in X.
    destruct X as [[[X1 X2] X3] X4]. apply Nat.ltb_lt in X1. apply Nat.leb_le in X4. rewrite negb_true_iff in X3.
    split; [|split; [|exact X4]].
    - intros tau Htau. unfold cf. rewrite ssm_window_early by lia. rewrite Nat.add_0_r.
      apply Qeq_bool_iff. exact (ssm_allb_ok _ _ X2 tau Htau).
    - intros Heq. unfold cf in Heq. rewrite ssm_window_early in Heq by lia. rewrite Nat.add_0_r in Heq.
      apply Qeq_bool_iff in Heq. rewrite Heq in X3. discriminate X3. }
  exists lags, cf. rewrite <- Hp, <- Hd. split; [reflexivity|]. split; [exact (ssm_minorb_ok _ _ _ _ _ Hminor)|].
  split; [exact H8|]. split.
  - intros h Hh. destruct (Hpat h Hh) as [Hz1 [Hz2 Hz3]].
    apply (ssm_rank_le_mono _ (S n - nth h zs 0%nat)); [|exact Hz3]. apply ssm_toeplitz_rank_le; assumption.
  - exists h0. split; [exact Hh0|]. destruct (Hpat h0 Hh0) as [Hz1 [Hz2 Hz3]]. apply Nat.eqb_eq in Hr. rewrite
      <- Hr.
    destruct (Nat.le_gt_cases (nth h0 zs 0%nat) (S n)) as [Hle|Hgt].
    + apply ssm_toeplitz_rank_ge; assumption.
    + replace (S n - nth h0 zs 0%nat)%nat with 0%nat by lia. apply ssm_rank_ge_zero.
Qed.
Local Close Scope Q_scope.
(* Faster decision: the powers A^t B computed once, by iteration, then shared by every check. *)
Local Open Scope Q_scope.
Fixpoint ssm_iter (A X : mat) (n : nat) : list mat := match n with O => [] | S n' => X :: ssm_iter A (Mmul A X)
    n' end.
Lemma ssm_iter_eq A B s n : ssm_iter A (AtB A B s) n = map (AtB A B) (seq s n).
Proof. revert s. induction n; intros s; [reflexivity|]. simpl. f_equal. apply (IHn (S s)). Qed.
Lemma ssm_allb_intro n f : (forall i, (i < n)%nat -> f i = true) -> ssm_allb n f = true.
Proof. intros H. unfold ssm_allb. apply forallb_forall. intros i Hi. apply in_seq in Hi. apply H. lia. Qed.
Definition ssm_fast (A B C : mat) (m p d : nat) (poly : list Q) (lags0 : list nat) (tk low : nat)
    (c : list (list Q)) (pos : list (nat * nat)) (N : mat) : bool :=
  let Xs := ssm_iter A B (length poly) in
  let Ws := map (Mmul C) Xs in
  let Ms0 := map (fun l => nth l Ws []) lags0 in
  let Ms := Ms0 ++ [nth tk Ws []] in
  forallb (fun l => Nat.ltb l (length poly)) (lags0 ++ [tk]) && Nat.leb low (length poly) &&
  ssm_annb_on Xs m d poly &&
  ssm_allb (pred (length poly)) (fun t => ssm_spanb p d (nth t Ws []) Ms (nth t c [])) &&
  ssm_allb low (fun t => ssm_spanb p d (nth t Ws []) Ms0 (nth t c [])) &&
  ssm_minorb Ms p d pos N.
Lemma ssm_fast_ok A B C m p d poly lags0 tk low c pos N :
  ssm_fast A B C m p d poly lags0 tk low c pos N = true ->
  ssm_annb A B m d poly = true /\
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) (lags0 ++ [tk])) (pred (length poly)) c = true /\
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) lags0) low c = true /\
  ssm_minorb (map (Wimp A B C) (lags0 ++ [tk])) p d pos N = true.
Proof.
  unfold ssm_fast. cbv zeta. set (L := length poly).
  assert (HX : ssm_iter A B L = map (AtB A B) (seq 0 L)) by exact (ssm_iter_eq A B 0 L). rewrite HX.
  assert (HW : map (Mmul C) (map (AtB A B) (seq 0 L)) = map (Wimp A B C) (seq 0 L)) by (rewrite map_map;
      reflexivity).
  rewrite HW. intros H. rewrite !andb_true_iff in H. destruct H as [[[[[Hl Hlow] Hann] Hc1] Hc2] Hmin].
  rewrite forallb_forall in Hl. apply Nat.leb_le in Hlow.
  assert (HMs0 : map (fun l => nth l (map (Wimp A B C) (seq 0 L)) []) lags0 = map (Wimp A B C) lags0).
  { apply map_ext_in. intros l Hin. apply ssm_nth_map_seq. apply Nat.ltb_lt, Hl, in_or_app. left. exact Hin. }
  assert (Htk : nth tk (map (Wimp A B C) (seq 0 L)) [] = Wimp A B C tk).
  { apply ssm_nth_map_seq. apply Nat.ltb_lt, Hl, in_or_app. right. left. reflexivity. }
  rewrite HMs0, Htk in *. rewrite map_app. cbn [map]. split; [exact Hann|]. split; [|split; [|exact Hmin]].
  - apply ssm_allb_intro. intros t Ht. rewrite <- (ssm_nth_map_seq (Wimp A B C) L t []) by (unfold L; lia).
    exact (ssm_allb_ok _ _ Hc1 t Ht).
  - apply ssm_allb_intro. intros t Ht. rewrite <- (ssm_nth_map_seq (Wimp A B C) L t []) by lia.
    exact (ssm_allb_ok _ _ Hc2 t Ht).
Qed.
Theorem ssm_rank_fast (A B C : mat) (m p d : nat) (poly : list Q) (lags0 : list nat) (tk : nat)
    (c : list (list Q)) (pos : list (nat * nat)) (N : mat) :
  p = length C -> d = ncols B -> (0 < m)%nat ->
  ssm_shapeb A m m && ssm_shapeb B m d && ssm_shapeb C p m = true ->
  Qeq_bool (nth (pred (length poly)) poly 0) 1 = true -> (1 < length poly)%nat ->
  ssm_fast A B C m p d poly lags0 tk tk c pos N = true -> forallb (fun l => Nat.ltb l tk) lags0 = true ->
  interaction_rank A B C (S (length lags0)) /\ (forall n, condition7 A B C n <-> (S tk <= n)%nat).
Proof.
  intros Hp Hd Hm Hs Hmon Hdeg Hf Hl. destruct (ssm_fast_ok _ _ _ _ _ _ _ _ _ _ _ _ _ Hf) as [H1 [H2 [H3 H4]]].
  apply (ssm_rank A B C m p d poly lags0 tk c pos N); assumption.
Qed.
Theorem ssm_heads_fast (A B C : mat) (m p d : nat) (poly : list Q) (lags0 : list nat) (tk : nat)
    (c : list (list Q)) (pos : list (nat * nat)) (N : mat) (n : nat) (zs : list nat) (h0 r : nat) :
  p = length C -> d = ncols B -> (0 < m)%nat ->
  ssm_shapeb A m m && ssm_shapeb B m d && ssm_shapeb C p m = true ->
  Qeq_bool (nth (pred (length poly)) poly 0) 1 = true -> (1 < length poly)%nat ->
  length c = pred (length poly) ->
  ssm_fast A B C m p d poly lags0 tk 0 c pos N = true ->
  ssm_allb (length (lags0 ++ [tk])) (fun h =>
    Nat.ltb (nth h zs 0%nat) (pred (length poly)) &&
    ssm_allb (nth h zs 0%nat) (fun tau => Qeq_bool (nth h (nth tau c []) 0) 0) &&
    negb (Qeq_bool (nth h (nth (nth h zs 0%nat) c []) 0) 0) && Nat.leb (S n - nth h zs 0%nat) r) = true ->
  (h0 < length (lags0 ++ [tk]))%nat -> Nat.eqb (S n - nth h0 zs 0%nat) r = true ->
  heads_construction A B C (S n) (length (lags0 ++ [tk])) r.
Proof.
  intros Hp Hd Hm Hs Hmon Hdeg Hc Hf Hz Hh0 Hr.
  destruct (ssm_fast_ok _ _ _ _ _ _ _ _ _ _ _ _ _ Hf) as [H1 [H2 [H3 H4]]].
  apply (ssm_heads A B C m p d poly (lags0 ++ [tk]) c pos N n zs h0 r); assumption.
Qed.
Local Close Scope Q_scope.
(* ===== End of the Theorem 4.4 vocabulary ===== *)
"""
