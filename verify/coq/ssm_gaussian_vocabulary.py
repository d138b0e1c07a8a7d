"""The Coq vocabulary of the Theorem 4.4 kinds over the Gaussian rationals Q(i) (verify/coq/ssm_gaussian.py).

A Gaussian rational x + y i is the pair (x, y) of rationals with its own sum and product; matrices over Q(i),
impulse responses, spans with coefficients in Q(i), independence over Q(i), `interaction_rank_Qi`,
`condition7_Qi` and `heads_construction_Qi` are written as in verify/coq/ssm_vocabulary.py. The definitions up
to "Proofs" are part of what a reviewer trusts; the lemmas after it are proved in the file (no axiom).
"""

from __future__ import annotations

__all__ = ["GAUSSIAN_VOCABULARY"]

_DEFINITIONS = r"""
(* ===== Theorem 4.4 vocabulary over the Gaussian rationals Q(i) (part of what a reviewer trusts) ===== *)
From Coq Require Import Lia Setoid.
Local Open Scope Q_scope.
(* x + y i as the pair (x, y); equality, zero, one, sum, product and opposite of Q(i). *)
Definition GQ : Type := (Q * Q)%type.
Definition Geq (a b : GQ) : Prop := fst a == fst b /\ snd a == snd b.
Definition G0 : GQ := (0, 0).
Definition G1 : GQ := (1, 0).
(* (sums and products are reduced to lowest terms by Qred, which does not change their value: Qred q == q) *)
Definition Gadd (a b : GQ) : GQ := (Qred (fst a + fst b), Qred (snd a + snd b)).
Definition Gmul (a b : GQ) : GQ := (Qred (fst a * fst b - snd a * snd b), Qred (fst a * snd b + snd a * fst b)).
Definition Gopp (a : GQ) : GQ := (- fst a, - snd a).
(* Matrices over Q(i) as lists of rows; entry (i, j) (0 outside), sum_{l < n} f l, product, A^t B, C A^t B. *)
Definition gmat : Type := list (list GQ).
Definition gent (M : gmat) (i j : nat) : GQ := nth j (nth i M []) G0.
Fixpoint gsum (n : nat) (f : nat -> GQ) : GQ := match n with O => G0 | S n' => Gadd (gsum n' f) (f n') end.
Definition gncols (M : gmat) : nat := length (nth 0 M []).
Definition gMmul (A X : gmat) : gmat :=
  map (fun i => map (fun j => gsum (length X) (fun l => Gmul (gent A i l) (gent X l j))) (seq 0 (gncols X)))
    (seq 0 (length A)).
Fixpoint gAtB (A B : gmat) (t : nat) : gmat := match t with O => B | S t' => gMmul A (gAtB A B t') end.
Definition gWimp (A B C : gmat) (t : nat) : gmat := gMmul C (gAtB A B t).
(* sum_h cs_h Ms_h at (i, j); span with coefficients in Q(i); independence over Q(i) (p x d matrices). *)
Definition glincomb (cs : list GQ) (Ms : list gmat) (i j : nat) : GQ :=
  gsum (length Ms) (fun h => Gmul (nth h cs G0) (gent (nth h Ms []) i j)).
Definition gin_span (p d : nat) (X : gmat) (Ms : list gmat) : Prop :=
  exists cs : list GQ, forall i j, (i < p)%nat -> (j < d)%nat -> Geq (gent X i j) (glincomb cs Ms i j).
Definition gindependent (p d : nat) (Ms : list gmat) : Prop :=
  forall cs : list GQ, (forall i j, (i < p)%nat -> (j < d)%nat -> Geq (glincomb cs Ms i j) G0) ->
    forall h, (h < length Ms)%nat -> Geq (nth h cs G0) G0.
(* k = dim over Q(i) of span{W(t) : t >= 0} (a basis of k of the W(t)); condition (7) at n over Q(i). *)
Definition interaction_rank_Qi (A B C : gmat) (k : nat) : Prop :=
  exists lags : list nat, length lags = k /\ gindependent (length C) (gncols B) (map (gWimp A B C) lags) /\
    forall t, gin_span (length C) (gncols B) (gWimp A B C t) (map (gWimp A B C) lags).
Definition condition7_Qi (A B C : gmat) (n : nat) : Prop :=
  forall t, gin_span (length C) (gncols B) (gWimp A B C t) (map (gWimp A B C) (seq 0 n)).
(* The n x n lower-triangular Toeplitz matrix f(i - j); ranks over Q(i) through rows; the k-head construction. *)
Definition gtoeplitz (n : nat) (f : nat -> GQ) : gmat :=
  map (fun i => map (fun j => if Nat.leb j i then f (i - j)%nat else G0) (seq 0 n)) (seq 0 n).
Definition grow (M : gmat) (i : nat) : gmat := [nth i M []].
Definition grank_le (M : gmat) (r : nat) : Prop :=
  exists rs : list nat, (length rs <= r)%nat /\
    forall i, (i < length M)%nat -> gin_span 1 (gncols M) (grow M i) (map (grow M) rs).
Definition grank_ge (M : gmat) (r : nat) : Prop :=
  exists rs : list nat, length rs = r /\ gindependent 1 (gncols M) (map (grow M) rs).
Definition heads_construction_Qi (A B C : gmat) (n k r : nat) : Prop :=
  exists (lags : list nat) (c : nat -> list GQ), length lags = k /\
    gindependent (length C) (gncols B) (map (gWimp A B C) lags) /\
    (forall tau i j, (i < length C)%nat -> (j < gncols B)%nat ->
       Geq (gent (gWimp A B C tau) i j) (glincomb (c tau) (map (gWimp A B C) lags) i j)) /\
    (forall h, (h < k)%nat -> grank_le (gtoeplitz n (fun tau => nth h (c tau) G0)) r) /\
    (exists h, (h < k)%nat /\ grank_ge (gtoeplitz n (fun tau => nth h (c tau) G0)) r).
"""

_PROOFS = r"""
(* ----- Proofs (not part of any statement) ----- *)
Lemma G_setoid : Setoid_Theory GQ Geq.
Proof.
  split. - intros a. split; reflexivity. - intros a b [H1 H2]. split; symmetry; assumption.
  - intros a b c [H1 H2] [H3 H4]. split; [rewrite H1; exact H3 | rewrite H2; exact H4].
Qed.
Add Parametric Relation : GQ Geq reflexivity proved by (Seq_refl _ _ G_setoid)
  symmetry proved by (Seq_sym _ _ G_setoid) transitivity proved by (Seq_trans _ _ G_setoid) as Geq_rel.
Add Parametric Morphism : Gadd with signature Geq ==> Geq ==> Geq as Gadd_mor.
Proof. intros a b [H1 H2] c d [H3 H4]. split; unfold Gadd; cbn [fst snd]; rewrite !Qred_correct;
    [rewrite H1, H3 | rewrite H2, H4]; reflexivity. Qed.
Add Parametric Morphism : Gmul with signature Geq ==> Geq ==> Geq as Gmul_mor.
Proof. intros a b [H1 H2] c d [H3 H4]. split; unfold Gmul; cbn [fst snd];
    rewrite !Qred_correct, H1, H2, H3, H4; reflexivity. Qed.
Add Parametric Morphism : Gopp with signature Geq ==> Geq as Gopp_mor.
Proof. intros a b [H1 H2]. split; simpl; [rewrite H1 | rewrite H2]; reflexivity. Qed.
Lemma G_ring : ring_theory G0 G1 Gadd Gmul (fun a b => Gadd a (Gopp b)) Gopp Geq.
Proof. split; intros; split; unfold Gadd, Gmul, Gopp, G0, G1; cbn [fst snd]; repeat rewrite Qred_correct; ring.
Qed.
Lemma G_ext : ring_eq_ext Gadd Gmul Gopp Geq.
Proof. split; [exact Gadd_mor_Proper | exact Gmul_mor_Proper | exact Gopp_mor_Proper]. Qed.
Add Ring GRing : G_ring (setoid G_setoid G_ext).
Lemma gsum_ext n f g : (forall l, (l < n)%nat -> Geq (f l) (g l)) -> Geq (gsum n f) (gsum n g).
Proof. induction n; intros H; simpl; [reflexivity|]. rewrite IHn by (intros; apply H; lia). rewrite (H n) by
    lia. reflexivity. Qed.
Lemma gsum_add n f g : Geq (gsum n (fun l => Gadd (f l) (g l))) (Gadd (gsum n f) (gsum n g)).
Proof. induction n; simpl; [ring|]. rewrite IHn. ring. Qed.
Lemma gsum_scale n c f : Geq (gsum n (fun l => Gmul c (f l))) (Gmul c (gsum n f)).
Proof. induction n; simpl; [ring|]. rewrite IHn. ring. Qed.
Lemma gsum_zero n f : (forall l, (l < n)%nat -> Geq (f l) G0) -> Geq (gsum n f) G0.
Proof. intros H. rewrite (gsum_ext n f (fun _ => G0)) by exact H. induction n; simpl; [reflexivity|].
    rewrite IHn by (intros; apply H; lia). ring. Qed.
Lemma gsum_swap n m f : Geq (gsum n (fun a => gsum m (fun b => f a b))) (gsum m (fun b => gsum n (fun a => f a b))).
Proof.
  induction n; simpl. - symmetry. apply gsum_zero. intros. reflexivity.
  - rewrite IHn. rewrite <- gsum_add. reflexivity.
Qed.
Lemma gsum_delta n t f : (t < n)%nat -> Geq (gsum n (fun l => Gmul (f l) (if Nat.eqb l t then G1 else G0))) (f t).
Proof.
  induction n; intros Ht; [lia|]. simpl. destruct (Nat.eq_dec t n) as [<-|Hne].
  - rewrite gsum_zero. + rewrite Nat.eqb_refl. ring.
    + intros l Hl. destruct (Nat.eqb_spec l t); [lia|ring].
  - rewrite IHn by lia. destruct (Nat.eqb_spec n t); [lia|ring].
Qed.
Lemma gnth_map_seq {X : Type} (f : nat -> X) n i dy : (i < n)%nat -> nth i (map f (seq 0 n)) dy = f i.
Proof. intros. rewrite (nth_indep _ dy (f 0%nat)) by (rewrite map_length, seq_length; lia). rewrite map_nth.
    rewrite seq_nth by lia. reflexivity. Qed.
Lemma glincomb_ext cs cs' Ms i j : (forall h, (h < length Ms)%nat -> Geq (nth h cs G0) (nth h cs' G0)) ->
  Geq (glincomb cs Ms i j) (glincomb cs' Ms i j).
Proof. intros H. unfold glincomb. apply gsum_ext. intros h Hh. rewrite H by exact Hh. reflexivity. Qed.
Lemma gspan_sum p d Ms n (a : nat -> GQ) (X : nat -> gmat) : (forall e, (e < n)%nat -> gin_span p d (X e) Ms) ->
  exists cs, forall i j, (i < p)%nat -> (j < d)%nat ->
    Geq (gsum n (fun e => Gmul (a e) (gent (X e) i j))) (glincomb cs Ms i j).
Proof.
  induction n; intros H.
  - exists []. intros. unfold glincomb. simpl. symmetry. apply gsum_zero. intros. destruct l; simpl; ring.
  - destruct IHn as [cs1 H1]; [intros; apply H; lia|]. destruct (H n) as [cs2 H2]; [lia|].
    exists (map (fun h => Gadd (nth h cs1 G0) (Gmul (a n) (nth h cs2 G0))) (seq 0 (length Ms))). intros i j Hi Hj.
    simpl. rewrite H1, H2 by assumption. unfold glincomb.
    rewrite <- gsum_scale, <- gsum_add. apply gsum_ext. intros h Hh. rewrite gnth_map_seq by exact Hh. ring.
Qed.
Lemma gspan_trans p d Y Ns Ms (a : list GQ) :
  (forall i j, (i < p)%nat -> (j < d)%nat -> Geq (gent Y i j) (glincomb a Ns i j)) ->
  (forall e, (e < length Ns)%nat -> gin_span p d (nth e Ns []) Ms) -> gin_span p d Y Ms.
Proof.
  intros HY HN. destruct (gspan_sum p d Ms (length Ns) (fun e => nth e a G0) (fun e => nth e Ns []) HN) as
      [cs Hcs].
  exists cs. intros i j Hi Hj. rewrite HY by assumption. apply Hcs; assumption.
Qed.
Lemma gspan_seq p d (V : nat -> gmat) n t : (t < n)%nat -> gin_span p d (V t) (map V (seq 0 n)).
Proof.
  intros Ht. exists (map (fun l => if Nat.eqb l t then G1 else G0) (seq 0 n)). intros i j Hi Hj. unfold glincomb.
  rewrite map_length, seq_length. symmetry.
  rewrite (gsum_ext _ _ (fun l => Gmul (gent (V l) i j) (if Nat.eqb l t then G1 else G0))).
  - apply (gsum_delta n t (fun l => gent (V l) i j) Ht).
  - intros l Hl. rewrite !gnth_map_seq by exact Hl. ring.
Qed.
(* Decisions computed by vm_compute, and their meaning. *)
Definition Geqb (a b : GQ) : bool := Qeq_bool (fst a) (fst b) && Qeq_bool (snd a) (snd b).
Lemma Geqb_ok a b : Geqb a b = true -> Geq a b.
Proof. unfold Geqb. rewrite andb_true_iff, !Qeq_bool_iff. intros [H1 H2]. split; assumption. Qed.
Definition gallb (n : nat) (f : nat -> bool) : bool := forallb f (seq 0 n).
Lemma gallb_ok n f : gallb n f = true -> forall i, (i < n)%nat -> f i = true.
Proof. unfold gallb. rewrite forallb_forall. intros H i Hi. apply H, in_seq. lia. Qed.
Definition gpos (pos : list (nat * nat)) (e : nat) : nat * nat := nth e pos (O, O).
Definition gpent (M : gmat) (pos : list (nat * nat)) (e : nat) : GQ := gent M (fst (gpos pos e)) (snd (gpos pos e)).
(* G N = I with G_{h e} = Ms_h at pos_e: the Ms are independent. *)
Lemma gindependent_minor p d Ms pos (N : gmat) :
  (forall e, (e < length Ms)%nat -> (fst (gpos pos e) < p)%nat /\ (snd (gpos pos e) < d)%nat) ->
  (forall h g, (h < length Ms)%nat -> (g < length Ms)%nat ->
     Geq (gsum (length Ms) (fun e => Gmul (gpent (nth h Ms []) pos e) (gent N e g)))
       (if Nat.eqb h g then G1 else G0)) ->
  gindependent p d Ms.
Proof.
  intros Hpos HGN cs Hz g Hg. unfold glincomb in Hz.
  rewrite <- (gsum_delta (length Ms) g (fun h => nth h cs G0) Hg).
  rewrite (gsum_ext _ _ (fun h => gsum (length Ms) (fun e => Gmul (nth h cs G0) (Gmul (gpent (nth h Ms []) pos e)
      (gent N e g))))).
  - rewrite gsum_swap. apply gsum_zero. intros e He.
    rewrite (gsum_ext _ _ (fun h => Gmul (gent N e g) (Gmul (nth h cs G0) (gpent (nth h Ms []) pos e)))) by (intros;
        ring).
    rewrite gsum_scale. destruct (Hpos e He) as [H1 H2]. unfold gpent. rewrite (Hz _ _ H1 H2). ring.
  - intros h Hh. rewrite gsum_scale. rewrite HGN by assumption. reflexivity.
Qed.
(* N G = I and the positions list every entry (i < p, j < d): every p x d matrix X is in span(Ms). *)
Definition gcoef (X : gmat) (pos : list (nat * nat)) (N : gmat) (k : nat) : list GQ :=
  map (fun h => gsum k (fun e => Gmul (gpent X pos e) (gent N e h))) (seq 0 k).
Lemma gsum_mul_r n f c : Geq (Gmul (gsum n f) c) (gsum n (fun l => Gmul (f l) c)).
Proof. induction n; simpl; [ring|]. rewrite <- IHn. ring. Qed.
Lemma gfull_span p d Ms pos (N X : gmat) :
  (forall i j, (i < p)%nat -> (j < d)%nat -> exists f, (f < length Ms)%nat /\ gpos pos f = (i, j)) ->
  (forall e f, (e < length Ms)%nat -> (f < length Ms)%nat ->
     Geq (gsum (length Ms) (fun h => Gmul (gent N e h) (gpent (nth h Ms []) pos f)))
       (if Nat.eqb e f then G1 else G0)) ->
  forall i j, (i < p)%nat -> (j < d)%nat -> Geq (gent X i j) (glincomb (gcoef X pos N (length Ms)) Ms i j).
Proof.
  intros Hpos HNG i j Hi Hj. destruct (Hpos i j Hi Hj) as [f [Hf Hpf]].
  replace (gent X i j) with (gpent X pos f) by (unfold gpent; rewrite Hpf; reflexivity).
  replace (glincomb (gcoef X pos N (length Ms)) Ms i j) with
    (gsum (length Ms) (fun h => Gmul (nth h (gcoef X pos N (length Ms)) G0) (gpent (nth h Ms []) pos f)))
    by (unfold gpent; rewrite Hpf; reflexivity).
  rewrite (gsum_ext _ _ (fun h => gsum (length Ms) (fun e => Gmul (gpent X pos e) (Gmul (gent N e h)
      (gpent (nth h Ms []) pos f))))).
  - rewrite gsum_swap. rewrite (gsum_ext _ _ (fun e => Gmul (gpent X pos e) (if Nat.eqb e f then G1 else G0))).
    + rewrite gsum_delta by exact Hf. reflexivity.
    + intros e He. rewrite gsum_scale. rewrite HNG by assumption. reflexivity.
  - intros h Hh. unfold gcoef. rewrite gnth_map_seq by exact Hh. rewrite gsum_mul_r. apply gsum_ext. intros.
    ring.
Qed.
Definition gposb (p d k : nat) (pos : list (nat * nat)) : bool :=
  gallb p (fun i => gallb d (fun j => existsb (fun f => Nat.eqb (fst (gpos pos f)) i && Nat.eqb (snd (gpos pos f)) j)
    (seq 0 k))).
Lemma gposb_ok p d k pos : gposb p d k pos = true ->
  forall i j, (i < p)%nat -> (j < d)%nat -> exists f, (f < k)%nat /\ gpos pos f = (i, j).
Proof.
  intros H i j Hi Hj. pose proof (gallb_ok _ _ (gallb_ok _ _ H i Hi) j Hj) as H1. apply existsb_exists in H1.
  destruct H1 as [f [Hin Hf]]. apply in_seq in Hin. rewrite andb_true_iff, !Nat.eqb_eq in Hf. exists f.
  split; [lia|]. destruct (gpos pos f); simpl in *. destruct Hf; subst; reflexivity.
Qed.
Definition gminorb (Ms : list gmat) (p d : nat) (pos : list (nat * nat)) (N : gmat) : bool :=
  let k := length Ms in
  gallb k (fun e => Nat.ltb (fst (gpos pos e)) p && Nat.ltb (snd (gpos pos e)) d) &&
  gallb k (fun h => gallb k (fun g => Geqb (gsum k (fun e => Gmul (gpent (nth h Ms []) pos e) (gent N e g)))
    (if Nat.eqb h g then G1 else G0))).
Lemma gminorb_ok Ms p d pos N : gminorb Ms p d pos N = true -> gindependent p d Ms.
Proof.
  unfold gminorb. rewrite andb_true_iff. intros [H1 H2]. apply (gindependent_minor p d Ms pos N).
  - intros e He. pose proof (gallb_ok _ _ H1 e He) as H. rewrite andb_true_iff, !Nat.ltb_lt in H. exact H.
  - intros h g Hh Hg. apply Geqb_ok. exact (gallb_ok _ _ (gallb_ok _ _ H2 h Hh) g Hg).
Qed.
Definition gleftb (Ms : list gmat) (pos : list (nat * nat)) (N : gmat) : bool :=
  let k := length Ms in
  gallb k (fun e => gallb k (fun f => Geqb (gsum k (fun h => Gmul (gent N e h) (gpent (nth h Ms []) pos f)))
    (if Nat.eqb e f then G1 else G0))).
Lemma gleftb_ok Ms pos N : gleftb Ms pos N = true -> forall e f, (e < length Ms)%nat -> (f < length Ms)%nat ->
  Geq (gsum (length Ms) (fun h => Gmul (gent N e h) (gpent (nth h Ms []) pos f))) (if Nat.eqb e f then G1 else G0).
Proof. intros H e f He Hf. apply Geqb_ok. exact (gallb_ok _ _ (gallb_ok _ _ H e He) f Hf). Qed.
Definition gspanb (p d : nat) (X : gmat) (Ms : list gmat) (cs : list GQ) : bool :=
  gallb p (fun i => gallb d (fun j => Geqb (gent X i j) (glincomb cs Ms i j))).
Lemma gspanb_ok p d X Ms cs : gspanb p d X Ms cs = true -> gin_span p d X Ms.
Proof. intros H. exists cs. intros i j Hi Hj. apply Geqb_ok. exact (gallb_ok _ _ (gallb_ok _ _ H i Hi) j Hj). Qed.
Lemma glincomb_snoc cs Ms M i j :
  Geq (glincomb cs (Ms ++ [M]) i j) (Gadd (glincomb cs Ms i j) (Gmul (nth (length Ms) cs G0) (gent M i j))).
Proof.
  unfold glincomb. rewrite app_length. simpl. rewrite Nat.add_1_r. simpl. rewrite nth_middle.
  apply Gadd_mor; [|reflexivity]. apply gsum_ext. intros h Hh. rewrite app_nth1 by lia. reflexivity.
Qed.
(* The whole argument when the k basis responses span all p x d matrices (k = p d): the positions list every
   entry, G N = I and N G = I for the minor G; the responses W(e), e < t_k, lie in span(W(lags0)). *)
Theorem gssm_rank (A B C : gmat) (p d : nat) (lags0 : list nat) (tk : nat) (c : list (list GQ))
    (pos : list (nat * nat)) (N : gmat) :
  p = length C -> d = gncols B ->
  gposb p d (S (length lags0)) pos = true ->
  gminorb (map (gWimp A B C) (lags0 ++ [tk])) p d pos N = true ->
  gleftb (map (gWimp A B C) (lags0 ++ [tk])) pos N = true ->
  gallb tk (fun e => gspanb p d (gWimp A B C e) (map (gWimp A B C) lags0) (nth e c [])) = true ->
  forallb (fun l => Nat.ltb l tk) lags0 = true ->
  interaction_rank_Qi A B C (S (length lags0)) /\ (forall n, condition7_Qi A B C n <-> (S tk <= n)%nat) /\
  forall t i j, (i < p)%nat -> (j < d)%nat -> Geq (gent (gWimp A B C t) i j)
    (glincomb (gcoef (gWimp A B C t) pos N (S (length lags0))) (map (gWimp A B C) (lags0 ++ [tk])) i j).
Proof.
  intros Hp Hd Hposb Hminor Hleft Hlow Hlags.
  set (Wt := gWimp A B C) in *. set (Ms := map Wt (lags0 ++ [tk])) in *.
  assert (HMs : length Ms = S (length lags0)) by (unfold Ms; rewrite map_length, app_length; simpl; lia).
  assert (Hind : gindependent p d Ms) by exact (gminorb_ok Ms p d pos N Hminor).
  assert (Hcoef : forall t i j, (i < p)%nat -> (j < d)%nat ->
      Geq (gent (Wt t) i j) (glincomb (gcoef (Wt t) pos N (S (length lags0))) Ms i j)).
  { intros t. rewrite <- HMs. apply gfull_span.
    - intros i j Hi Hj. destruct (gposb_ok _ _ _ _ Hposb i j Hi Hj) as [f [Hf1 Hf2]]. exists f.
      split; [|exact Hf2]. revert Hf1. unfold Ms. rewrite map_length, app_length. simpl. lia.
    - exact (gleftb_ok Ms pos N Hleft). }
  assert (Hspan : forall t, gin_span p d (Wt t) Ms) by (intros t; exists (gcoef (Wt t) pos N (S (length lags0)));
      apply Hcoef).
  split; [|split; [|exact Hcoef]].
  - exists (lags0 ++ [tk]). rewrite app_length, Nat.add_1_r. rewrite <- Hp, <- Hd.
    split; [reflexivity | split; [exact Hind | exact Hspan]].
  - intros n. unfold condition7_Qi. rewrite <- Hp, <- Hd. split.
    + intros H7. destruct (Nat.le_gt_cases (S tk) n) as [Hle|Hgt]; [exact Hle|exfalso].
      destruct (H7 tk) as [a Ha].
      assert (Hlow' : gin_span p d (Wt tk) (map Wt lags0)).
      { apply (gspan_trans p d (Wt tk) (map Wt (seq 0 n)) (map Wt lags0) a Ha).
        intros e He. rewrite map_length, seq_length in He. rewrite gnth_map_seq by exact He.
        apply (gspanb_ok p d (Wt e) (map Wt lags0) (nth e c [])). apply (gallb_ok _ _ Hlow e). lia. }
      destruct Hlow' as [b Hb].
      set (pre := map (fun h => nth h b G0) (seq 0 (length lags0))).
      assert (Hpre : length pre = length lags0) by (unfold pre; rewrite map_length, seq_length; reflexivity).
      assert (Hk : Geq (nth (length lags0) (pre ++ [Gopp G1]) G0) G0).
      { apply Hind.
        - intros i j Hi Hj. unfold Ms. rewrite map_app. simpl (map Wt [tk]). rewrite glincomb_snoc. rewrite
            map_length.
          rewrite app_nth2 by lia. rewrite Hpre, Nat.sub_diag. simpl nth.
          rewrite (glincomb_ext (pre ++ [Gopp G1]) b).
          + rewrite <- Hb by assumption. ring.
          + intros h Hh. rewrite map_length in Hh. rewrite app_nth1 by lia. unfold pre. rewrite gnth_map_seq
              by exact Hh. reflexivity.
        - rewrite HMs. lia. }
      rewrite app_nth2 in Hk by lia. rewrite Hpre, Nat.sub_diag in Hk. simpl in Hk. destruct Hk as [Hk _].
      discriminate Hk.
    + intros Hle t. destruct (Hspan t) as [a Ha]. apply (gspan_trans p d (Wt t) Ms (map Wt (seq 0 n)) a Ha).
      intros e He. unfold Ms in *. rewrite map_length in He.
      rewrite (nth_indep _ [] (Wt 0%nat)) by (rewrite map_length; exact He). rewrite map_nth.
      apply gspan_seq. assert (Hin : In (nth e (lags0 ++ [tk]) 0%nat) (lags0 ++ [tk])) by (apply nth_In;
          exact He).
      apply in_app_or in Hin. destruct Hin as [Hin|[Hin|[]]].
      * rewrite forallb_forall in Hlags. apply Hlags, Nat.ltb_lt in Hin. lia.
      * rewrite <- Hin. lia.
Qed.
"""

_HEADS = r"""
(* The k-head construction when the k basis responses span all p x d matrices: c(tau) = gcoef W(tau), every
   A^(h) has rank <= n (n rows), and the Toeplitz A^(h0) has n independent rows (its inverse T). *)
Lemma grank_le_all M r : (length M <= r)%nat -> grank_le M r.
Proof.
  intros H. exists (seq 0 (length M)). split; [rewrite seq_length; exact H|]. intros i Hi. apply gspan_seq.
  exact Hi.
Qed.
Lemma gtoeplitz_length n f : length (gtoeplitz n f) = n.
Proof. unfold gtoeplitz. rewrite map_length, seq_length. reflexivity. Qed.
Lemma gtoeplitz_ncols n f : (0 < n)%nat -> gncols (gtoeplitz n f) = n.
Proof. intros H. destruct n; [lia|]. unfold gncols, gtoeplitz. simpl. rewrite map_length, seq_length. reflexivity.
Qed.
Theorem gssm_heads (A B C : gmat) (p d : nat) (lags0 : list nat) (tk : nat) (c : list (list GQ))
    (pos : list (nat * nat)) (N : gmat) (n h0 : nat) (T : gmat) :
  p = length C -> d = gncols B ->
  gposb p d (S (length lags0)) pos = true ->
  gminorb (map (gWimp A B C) (lags0 ++ [tk])) p d pos N = true ->
  gleftb (map (gWimp A B C) (lags0 ++ [tk])) pos N = true ->
  gallb tk (fun e => gspanb p d (gWimp A B C e) (map (gWimp A B C) lags0) (nth e c [])) = true ->
  forallb (fun l => Nat.ltb l tk) lags0 = true ->
  (h0 < S (length lags0))%nat -> (0 < n)%nat ->
  gminorb (map (grow (gtoeplitz n (fun tau => nth h0 (gcoef (gWimp A B C tau) pos N (S (length lags0))) G0)))
    (seq 0 n)) 1 n (map (fun e => (O, e)) (seq 0 n)) T = true ->
  heads_construction_Qi A B C n (S (length lags0)) n.
Proof.
  intros Hp Hd Hposb Hminor Hleft Hlow Hlags Hh0 Hn HT.
  destruct (gssm_rank A B C p d lags0 tk c pos N Hp Hd Hposb Hminor Hleft Hlow Hlags) as [_ [_ Hcoef]].
  exists (lags0 ++ [tk]), (fun tau => gcoef (gWimp A B C tau) pos N (S (length lags0))).
  split; [rewrite app_length, Nat.add_1_r; reflexivity|]. split; [|split; [|split]].
  - rewrite <- Hp, <- Hd. exact (gminorb_ok _ _ _ _ _ Hminor).
  - intros tau i j Hi Hj. rewrite <- Hp in Hi. rewrite <- Hd in Hj. exact (Hcoef tau i j Hi Hj).
  - intros h Hh. apply grank_le_all. rewrite gtoeplitz_length. lia.
  - exists h0. split; [exact Hh0|]. exists (seq 0 n). split; [apply seq_length|].
    rewrite gtoeplitz_ncols by exact Hn. exact (gminorb_ok _ _ _ _ _ HT).
Qed.
(* ===== End of the Theorem 4.4 vocabulary over Q(i) ===== *)
Local Close Scope Q_scope.
"""

GAUSSIAN_VOCABULARY = _DEFINITIONS + _PROOFS + _HEADS
