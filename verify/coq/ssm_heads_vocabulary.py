"""The Coq vocabulary and lemmas of ssm_heads_sufficient (Theorem 4.4's k-head construction), and the shared
decision `ssm_fast`; appended to verify/coq/ssm_vocabulary.py's text.

The definitions up to "Proofs" (toeplitz, row, rank_le, rank_ge, heads_construction) are part of what a reviewer
trusts; the lemmas after it are proved in the file (coqc checks them; no axiom is used).
"""

from __future__ import annotations

__all__ = ["HEADS_VOCABULARY"]

HEADS_VOCABULARY = r"""
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
