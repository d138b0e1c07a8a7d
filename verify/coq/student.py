"""Coq translation of the kind student_mse: the exact test MSE of an H-head student (Section 6, eq. (6)).

The statement restates the Python kernel's check (kernel/theories/students/kind_lowrank.py, _check_student): with the
teacher (A, B, C), the length n and the student's value matrices V[h] and positional tables phi[h], psi[h] of the
frozen statement's goal, the shapes are the kernel's and (1/(n p)) sum_{0 <= j <= i < n} ||sum_h (phi[h] psi[h]^T)_ij
V[h] - C A^(i-j) B||_F^2 equals the goal's mse exactly, over Q. The data are the goal's rationals; a dyadic one
(a float64 value, all of the students' weights) is written `dy m e` = m / 2^e with m a signed 63-bit integer.

The proof is untrusted: the same sums computed over big integers (Bignums' BigZ, primitive 63-bit integers)
after scaling every matrix by a common denominator (the translator's hint), with lemmas proved in the file that
the scaled integer sum equals (s^2) times the rational one; vm_compute then compares with mse.
"""

from __future__ import annotations

import math

from .matrices import q_matrix
from .terms import NotMapped, q_number, rat

__all__ = ["STUDENT_KINDS", "STUDENT_PRELUDE", "student_mse"]

# Loaded only by files with a student_mse obligation: Sint63/Uint63 (the dy literals) and BigZ (the proofs).
_IMPORTS = """From Coq Require Sint63 Uint63.
From Bignums Require Import BigQ.
From Coq Require Import Lia.
Local Open Scope Q_scope.
"""

# Trusted: the vocabulary the student_mse statements are written in (listed in docs/coq.md, "What is trusted").
STUDENT_VOCABULARY = r"""
(* ===== student_mse vocabulary ===== *)
(* The dyadic rational m / 2^e: a float64 value written exactly (m a signed 63-bit integer, e >= 0). *)
Definition dy (m e : Uint63.int) : Q := Sint63.to_Z m # Z.to_pos (2 ^ Uint63.to_Z e).
(* f 0 + f 1 + ... + f (k - 1) *)
Definition sum_to (k : nat) (f : nat -> Q) : Q := fold_right Qplus 0 (map f (seq 0 k)).
Definition entry (m : mat) (i j : nat) : Q := nth j (nth i m []) 0.
Definition mmul (a b : mat) : mat :=
  map (fun i => map (fun j => sum_to (ncols a) (fun l => entry a i l * entry b l j)) (seq 0 (ncols b)))
    (seq 0 (length a)).
Fixpoint mpow (a : mat) (k : nat) : mat := match k with O => Meye (length a) | S k' => mmul a (mpow a k') end.
(* The teacher's impulse response W(tau) = C A^tau B. *)
Definition impulse (A B C : mat) (tau : nat) : mat := mmul C (mmul (mpow A tau) B).
(* r rows of c entries. *)
Definition shape (r c : nat) (m : mat) : bool := Nat.eqb (length m) r && forallb (fun row => Nat.eqb (length row) c) m.
(* A m x m, B m x d, C p x m; H >= 1 value matrices V[h] p x d and tables phi[h], psi[h] n x r; all sizes >= 1. *)
Definition student_shapes (A B C : mat) (n : nat) (V phi psi : list mat) : bool :=
  let m := length A in let p := length C in let d := ncols B in let r := ncols (nth 0 phi []) in
  forallb (Nat.ltb 0) [m; p; d; r; n] &&
  shape m m A && shape m d B && shape p m C && Nat.ltb 0 (length V) && Nat.eqb (length phi) (length V) &&
  Nat.eqb (length psi) (length V) && forallb (shape p d) V && forallb (shape n r) phi && forallb (shape n r) psi.
(* sum_{0 <= j <= i < n} ||K_ij - W(i - j)||_F^2 with K_ij = sum_h alpha_h(i, j) V[h], alpha_h = phi[h] psi[h]^T. *)
Definition student_err (A B C : mat) (n : nat) (V phi psi : list mat) : Q :=
  let Ws := map (impulse A B C) (seq 0 n) in
  sum_to n (fun i => sum_to (S i) (fun j =>
    let al := map (fun h =>
        sum_to (ncols (nth h phi [])) (fun l => entry (nth h phi []) i l * entry (nth h psi []) j l))
      (seq 0 (length V)) in
    sum_to (length C) (fun a => sum_to (ncols B) (fun b =>
      let e := sum_to (length V) (fun h => nth h al 0 * entry (nth h V []) a b) - entry (nth (i - j) Ws []) a b in
      e * e)))).
(* The test MSE of the student: the error divided by n p (p = the rows of C). *)
Definition student_mse (A B C : mat) (n : nat) (V phi psi : list mat) : Q :=
  student_err A B C n V phi psi / inject_Z (Z.of_nat (n * length C)).
"""

# Untrusted: helper definitions and lemmas, all proved here (Print Assumptions shows no axiom of theirs).
_PROOF_HELPERS = r"""
(* ----- proof helpers (not part of any statement): the same sums over integers scaled by known factors ----- *)
Definition zmat := list (list bigZ).
Definition SR (s : Q) (z : bigZ) (x : Q) : Prop := inject_Z (BigZ.to_Z z) == s * x.
Definition MSR (s : Q) : zmat -> mat -> Prop := Forall2 (Forall2 (SR s)).
Definition zsum_to (k : nat) (f : nat -> bigZ) : bigZ := fold_right BigZ.add BigZ.zero (map f (seq 0 k)).
Definition zentry (m : zmat) (i j : nat) : bigZ := nth j (nth i m []) BigZ.zero.
Definition zncols (m : zmat) : nat := match m with r :: _ => length r | [] => O end.
Definition zmmul (a b : zmat) : zmat :=
  map (fun i => map (fun j => zsum_to (zncols a) (fun l => BigZ.mul (zentry a i l) (zentry b l j)))
    (seq 0 (zncols b))) (seq 0 (length a)).
Definition zeye (n : nat) : zmat :=
  map (fun i => map (fun j => if Nat.eqb i j then BigZ.one else BigZ.zero) (seq 0 n)) (seq 0 n).
Fixpoint zmpow (a : zmat) (k : nat) : zmat := match k with O => zeye (length a) | S k' => zmmul a (zmpow a k') end.
Definition zscale (c : bigZ) (m : zmat) : zmat := map (map (BigZ.mul c)) m.
(* x * c as an integer when Qden x divides c. *)
Definition zq (c : bigZ) (x : Q) : bigZ := BigZ.mul (BigZ.of_Z (Qnum x)) (BigZ.div c (BigZ.of_Z (Z.pos (Qden x)))).
Definition zmatq (c : Z) (m : mat) : zmat := let bc := BigZ.of_Z c in map (map (zq bc)) m.
Definition zdivides (c : bigZ) (x : Q) : bool := BigZ.eqb (BigZ.modulo c (BigZ.of_Z (Z.pos (Qden x)))) BigZ.zero.
Definition divides (c : Z) (m : mat) : bool := let bc := BigZ.of_Z c in forallb (forallb (zdivides bc)) m.
(* [f t P; f (t + 1) (a P); ...] (k items): each power of a from the previous one. *)
Fixpoint zwalk (a : zmat) (f : nat -> zmat -> zmat) (p : zmat) (t k : nat) : list zmat :=
  match k with O => [] | S k' => f t p :: zwalk a f (zmmul a p) (S t) k' end.
Definition zstudent_err (A B C : mat) (n : nat) (V phi psi : list mat) (cA cB cC cV cphi cpsi : Z) : bigZ :=
  let Sc := (cphi * cpsi * cV)%Z in let L := (cC * cB * cA ^ Z.of_nat (n - 1))%Z in
  let ZA := zmatq cA A in let ZB := zmatq cB B in let ZC := zmatq cC C in
  let ZV := map (zmatq cV) V in let Zphi := map (zmatq cphi) phi in let Zpsi := map (zmatq cpsi) psi in
  let Ws := zwalk ZA (fun t P => zscale (BigZ.of_Z (cA ^ Z.of_nat (n - 1 - t) * Sc)) (zmmul ZC (zmmul P ZB)))
    (zeye (length ZA)) 0 n in
  zsum_to n (fun i => zsum_to (S i) (fun j =>
    let al := map (fun h => zsum_to (zncols (nth h Zphi []))
        (fun l => BigZ.mul (zentry (nth h Zphi []) i l) (zentry (nth h Zpsi []) j l)))
      (seq 0 (length V)) in
    zsum_to (length C) (fun a => zsum_to (ncols B) (fun b =>
      let e := BigZ.sub
        (BigZ.mul (BigZ.of_Z L)
          (zsum_to (length V) (fun h => BigZ.mul (nth h al BigZ.zero) (zentry (nth h ZV []) a b))))
        (zentry (nth (i - j) Ws []) a b) in
      BigZ.mul e e)))).
Lemma map_rel {X Y Z} (R : Y -> Z -> Prop) (f : X -> Y) (g : X -> Z) (l : list X) :
  (forall x, In x l -> R (f x) (g x)) -> Forall2 R (map f l) (map g l).
Proof. intros H; induction l; simpl; constructor; auto with datatypes. Qed.
Lemma nth_rel {Y Z} (R : Y -> Z -> Prop) l l' d d' i : Forall2 R l l' -> R d d' -> R (nth i l d) (nth i l' d').
Proof. intros H Hd; revert i; induction H; intros [|i]; simpl; auto. Qed.
Lemma f2_length {Y Z} {R : Y -> Z -> Prop} {l l'} : Forall2 R l l' -> length l = length l'.
Proof. intros H; induction H; simpl; congruence. Qed.
Lemma SR_ext s s' z x : s == s' -> SR s z x -> SR s' z x.
Proof. unfold SR; intros E H; rewrite H, E; reflexivity. Qed.
Lemma zsum_rel s k f g : (forall x, In x (seq 0 k) -> SR s (f x) (g x)) -> SR s (zsum_to k f) (sum_to k g).
Proof.
  unfold SR, zsum_to, sum_to; induction (seq 0 k) as [|x l IH]; simpl; intros H.
  - rewrite Qmult_0_r; reflexivity.
  - rewrite BigZ.spec_add, inject_Z_plus, IH, (H x (or_introl eq_refl)); [ring | auto].
Qed.
Lemma zsum_rel_len s k k' f g :
  k = k' -> (forall x, In x (seq 0 k) -> SR s (f x) (g x)) -> SR s (zsum_to k f) (sum_to k' g).
Proof. intros <-; apply zsum_rel. Qed.
Lemma zmul_rel s t a b x y : SR s a x -> SR t b y -> SR (s * t) (BigZ.mul a b) (x * y).
Proof. unfold SR; intros Ha Hb; rewrite BigZ.spec_mul, inject_Z_mult, Ha, Hb; ring. Qed.
Lemma zsub_rel s a b x y : SR s a x -> SR s b y -> SR s (BigZ.sub a b) (x - y).
Proof.
  unfold SR; intros Ha Hb; rewrite BigZ.spec_sub; unfold Z.sub; rewrite inject_Z_plus, inject_Z_opp, Ha, Hb; ring.
Qed.
Lemma zentry_rel s a a' i j : MSR s a a' -> SR s (zentry a i j) (entry a' i j).
Proof.
  intros H; unfold zentry, entry.
  apply (nth_rel (SR s) (nth i a []) (nth i a' []) BigZ.zero 0 j);
    [exact (nth_rel (Forall2 (SR s)) a a' [] [] i H (Forall2_nil _)) | unfold SR; rewrite Qmult_0_r; reflexivity].
Qed.
Lemma zncols_rel s a a' : MSR s a a' -> zncols a = ncols a'.
Proof. intros H; destruct H; simpl; [reflexivity | eapply f2_length; eassumption]. Qed.
Lemma zmmul_rel s t a a' b b' : MSR s a a' -> MSR t b b' -> MSR (s * t) (zmmul a b) (mmul a' b').
Proof.
  intros Ha Hb; unfold zmmul, mmul; rewrite (zncols_rel _ _ _ Ha), (zncols_rel _ _ _ Hb), (f2_length Ha).
  apply map_rel; intros i _; apply map_rel; intros j _; apply zsum_rel; intros l _.
  apply zmul_rel; apply zentry_rel; assumption.
Qed.
Lemma zeye_rel n : MSR 1 (zeye n) (Meye n).
Proof.
  apply map_rel; intros i _; apply map_rel; intros j _; unfold SR; destruct (Nat.eqb i j);
  reflexivity.
Qed.
Lemma MSR_ext s s' a a' : s == s' -> MSR s a a' -> MSR s' a a'.
Proof.
  intros E H; induction H as [|r r' a a' Hr _ IH]; constructor; [|exact IH].
  induction Hr; constructor; [eapply SR_ext; eassumption | assumption].
Qed.
Lemma zmpow_rel c a a' k : MSR (inject_Z c) a a' -> MSR (inject_Z (c ^ Z.of_nat k)) (zmpow a k) (mpow a' k).
Proof.
  intros Ha; induction k as [|k IH].
  - simpl; rewrite (f2_length Ha); apply (MSR_ext 1); [reflexivity | apply zeye_rel].
  - change (zmpow a (S k)) with (zmmul a (zmpow a k)); change (mpow a' (S k)) with (mmul a' (mpow a' k)).
    eapply MSR_ext; [|apply zmmul_rel; eassumption].
    rewrite <- inject_Z_mult, Nat2Z.inj_succ, Z.pow_succ_r by lia; reflexivity.
Qed.
Lemma zscale_rel c s a a' : MSR s a a' -> MSR (inject_Z (BigZ.to_Z c) * s) (zscale c a) a'.
Proof.
  intros H; induction H as [|r r' a a' Hr _ IH]; constructor; [|exact IH].
  induction Hr as [|x x' r r' Hx _ IHr]; constructor; [|exact IHr].
  unfold SR in *; rewrite BigZ.spec_mul, inject_Z_mult, Hx; ring.
Qed.
Lemma zq_rel c x : zdivides (BigZ.of_Z c) x = true -> SR (inject_Z c) (zq (BigZ.of_Z c) x) x.
Proof.
  unfold zdivides; intros H; rewrite BigZ.spec_eqb, BigZ.spec_modulo, !BigZ.spec_of_Z, BigZ.spec_0 in H.
  apply Z.eqb_eq in H; unfold SR, zq; rewrite BigZ.spec_mul, BigZ.spec_div, !BigZ.spec_of_Z.
  destruct x as [p q]; unfold Qeq, inject_Z, Qmult; simpl in *.
  rewrite (Z_div_exact_full_2 c (Z.pos q)) at 2 by (lia || exact H); ring.
Qed.
Lemma zmatq_rel c m : divides c m = true -> MSR (inject_Z c) (zmatq c m) m.
Proof.
  unfold divides; intros H; induction m as [|r m IH]; simpl in *; constructor;
    apply andb_true_iff in H; destruct H as [Hr Hm]; [|exact (IH Hm)].
  induction r as [|x r IHr]; simpl in *; constructor; apply andb_true_iff in Hr; destruct Hr;
    [apply zq_rel | apply IHr]; assumption.
Qed.
Lemma zmatqs_rel c ms : forallb (divides c) ms = true -> Forall2 (MSR (inject_Z c)) (map (zmatq c) ms) ms.
Proof.
  induction ms as [|m ms IH]; simpl; intros H; constructor; apply andb_true_iff in H; destruct H;
    [apply zmatq_rel | apply IH]; assumption.
Qed.
Lemma zwalk_rel (R : zmat -> mat -> Prop) a a' f g c p t k :
  MSR (inject_Z c) a a' -> MSR (inject_Z (c ^ Z.of_nat t)) p (mpow a' t) ->
  (forall u q, (t <= u < t + k)%nat -> MSR (inject_Z (c ^ Z.of_nat u)) q (mpow a' u) -> R (f u q) (g u)) ->
  Forall2 R (zwalk a f p t k) (map g (seq t k)).
Proof.
  intros Ha; revert p t; induction k as [|k IH]; intros p t Hp Hf; simpl; constructor.
  - apply Hf; [lia | exact Hp].
  - apply IH; [| intros u q Hu Hq; apply Hf; [lia | exact Hq]].
    change (mpow a' (S t)) with (mmul a' (mpow a' t)).
    eapply MSR_ext; [| apply zmmul_rel; eassumption].
    rewrite <- inject_Z_mult, Nat2Z.inj_succ, Z.pow_succ_r by lia; reflexivity.
Qed.
Lemma zconst_rel t L z x : SR t z x -> SR (inject_Z L * t) (BigZ.mul (BigZ.of_Z L) z) x.
Proof. unfold SR; intros H; rewrite BigZ.spec_mul, BigZ.spec_of_Z, inject_Z_mult, H; ring. Qed.
Definition student_checks (A B C : mat) (V phi psi : list mat) (cA cB cC cV cphi cpsi : Z) : bool :=
  divides cA A && divides cB B && divides cC C && forallb (divides cV) V && forallb (divides cphi) phi &&
  forallb (divides cpsi) psi.
Definition sscale (n : nat) (cA cB cC cV cphi cpsi : Z) : Q :=
  inject_Z (cC * cB * cA ^ Z.of_nat (n - 1)) * (inject_Z cphi * inject_Z cpsi * inject_Z cV).
Lemma zerr_rel A B C n V phi psi cA cB cC cV cphi cpsi :
  student_checks A B C V phi psi cA cB cC cV cphi cpsi = true ->
  let s := sscale n cA cB cC cV cphi cpsi in
  SR (s * s) (zstudent_err A B C n V phi psi cA cB cC cV cphi cpsi) (student_err A B C n V phi psi).
Proof.
  unfold student_checks; intros H; set (s := sscale n cA cB cC cV cphi cpsi).
  repeat (apply andb_true_iff in H; destruct H as [H ?]).
  pose proof (zmatq_rel _ _ H) as HA.
  assert (HB : MSR (inject_Z cB) (zmatq cB B) B) by (apply zmatq_rel; assumption).
  assert (HC : MSR (inject_Z cC) (zmatq cC C) C) by (apply zmatq_rel; assumption).
  assert (HV : Forall2 (MSR (inject_Z cV)) (map (zmatq cV) V) V) by (apply zmatqs_rel; assumption).
  assert (Hphi : Forall2 (MSR (inject_Z cphi)) (map (zmatq cphi) phi) phi) by (apply zmatqs_rel; assumption).
  assert (Hpsi : Forall2 (MSR (inject_Z cpsi)) (map (zmatq cpsi) psi) psi) by (apply zmatqs_rel; assumption).
  unfold zstudent_err, student_err; cbv zeta.
  match goal with |- SR _ (zsum_to _ (fun i => zsum_to _ (fun j => zsum_to _ (fun a => zsum_to _ (fun b =>
      BigZ.mul (BigZ.sub _ (zentry (nth (i - j) ?Wz []) a b)) _))))) _ =>
    assert (HW : Forall2 (MSR s) Wz (map (impulse A B C) (seq 0 n))) end.
  { apply (zwalk_rel (MSR s) _ A _ _ cA); [exact HA | |].
    - unfold zmatq; simpl; rewrite map_length; apply (MSR_ext 1); [reflexivity | apply zeye_rel].
    - intros t q Ht Hq; cbv beta; unfold impulse.
      eapply MSR_ext; [| apply zscale_rel; apply zmmul_rel; [exact HC | apply zmmul_rel; [exact Hq | exact HB]]].
    unfold s, sscale; rewrite BigZ.spec_of_Z, <- !inject_Z_mult; apply inject_Z_injective.
    replace (Z.of_nat (n - 1)) with (Z.of_nat (n - 1 - t) + Z.of_nat t)%Z by lia.
    rewrite Z.pow_add_r by lia; ring. }
  apply zsum_rel; intros i _; apply zsum_rel; intros j _.
  match goal with |- SR _ (zsum_to _ (fun a => zsum_to _ (fun b =>
      BigZ.mul (BigZ.sub (BigZ.mul _ (zsum_to _ (fun h => BigZ.mul (nth h ?alz _) _))) _) _))) _ =>
    assert (Hal : Forall2 (SR (inject_Z cphi * inject_Z cpsi)) alz
      (map (fun h => sum_to (ncols (nth h phi [])) (fun l => entry (nth h phi []) i l * entry (nth h psi []) j l))
        (seq 0 (length V)))) end.
  { apply map_rel; intros h _.
    pose proof (nth_rel _ _ _ [] [] h Hphi (Forall2_nil _)) as Hp.
    pose proof (nth_rel _ _ _ [] [] h Hpsi (Forall2_nil _)) as Hs.
    cbv beta; apply zsum_rel_len; [exact (zncols_rel _ _ _ Hp) | intros l _].
    apply zmul_rel; apply zentry_rel; assumption. }
  apply zsum_rel; intros a _; apply zsum_rel; intros b _.
  apply zmul_rel; apply zsub_rel; (first
    [ apply zentry_rel; exact (nth_rel _ _ _ [] [] (i - j) HW (Forall2_nil _))
    | apply zconst_rel; apply zsum_rel; intros h _; apply zmul_rel;
      [ apply (nth_rel (SR _) _ _ BigZ.zero 0 h Hal); unfold SR; rewrite Qmult_0_r; reflexivity
      | apply zentry_rel; exact (nth_rel _ _ _ [] [] h HV (Forall2_nil _)) ] ]).
Qed.
Lemma student_mse_by_integers A B C n V phi psi cA cB cC cV cphi cpsi mse :
  student_checks A B C V phi psi cA cB cC cV cphi cpsi = true ->
  let s := sscale n cA cB cC cV cphi cpsi in
  negb (Qeq_bool s 0) && Qeq_bool (inject_Z (BigZ.to_Z (zstudent_err A B C n V phi psi cA cB cC cV cphi cpsi)) /
    (s * s) / inject_Z (Z.of_nat (n * length C))) mse = true ->
  student_mse A B C n V phi psi == mse.
Proof.
  intros H; cbv zeta; intros H2; set (s := sscale n cA cB cC cV cphi cpsi) in *.
  apply andb_true_iff in H2; destruct H2 as [Hs H2]; apply Qeq_bool_iff in H2; rewrite <- H2.
  unfold student_mse; apply Qdiv_comp; [|reflexivity].
  pose proof (zerr_rel _ _ _ n _ _ _ _ _ _ _ _ _ H) as Hz; unfold SR in Hz; cbv zeta in Hz; fold s in Hz; rewrite Hz.
  assert (Hs0 : ~ s == 0) by (intros E; apply Qeq_bool_iff in E; rewrite E in Hs; discriminate).
  field; exact Hs0.
Qed.

"""

STUDENT_PRELUDE = _IMPORTS + STUDENT_VOCABULARY + _PROOF_HELPERS + "Local Close Scope Q_scope.\n"

_MAX_MANTISSA = 1 << 62


def _entry(text: object, where: str) -> str:
    """A rational of the goal as a Q term: `dy m e` for m / 2^e with |m| < 2^62, else (p#q)."""
    value = rat(text, where)
    e = value.q.bit_length() - 1
    if value.q == 1 << e and abs(value.p) < _MAX_MANTISSA and e < 63:
        return f"(dy ({value.p})%sint63 {e})"
    return q_number(value)


def _matrix(rows: object, where: str) -> str:
    """A matrix of the goal as a Coq list of rows (dyadic entries as dy m e)."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
        raise NotMapped(f"{where}: expected a nonempty matrix")
    return "[" + "; ".join("[" + "; ".join(_entry(x, where) for x in r) + "]" for r in rows) + "]"


def _matrices(value: object, where: str) -> str:
    """A nonempty list of matrices as a Coq list."""
    if not isinstance(value, list) or not value:
        raise NotMapped(f"{where}: expected a nonempty list of matrices")
    return "[" + "; ".join(_matrix(m, f"{where}[{h}]") for h, m in enumerate(value)) + "]"


def _denominator(groups: list, where: str) -> int:
    """The lcm of the denominators of every entry (a proof hint: the scale that makes them integers)."""
    common = 1
    for m in groups:
        for row in m:
            for x in row:
                common = math.lcm(common, int(rat(x, where).q))
    return common


def student_mse(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """The kernel's shapes hold and the exact test MSE of the goal's student equals the goal's mse."""
    student = goal["student"]
    if not isinstance(student, dict) or sorted(student) != ["V", "phi", "psi"]:
        raise NotMapped("student: expected an object {V, phi, psi}")
    n = int(goal["n"])
    if not 1 <= n <= 4096:
        raise NotMapped(f"n = {n} outside 1..4096")
    lines = ["Import Sint63."]
    lines += [f"Definition {k} : mat := {q_matrix(goal[k], k)}." for k in ("A", "B", "C")]
    lines.append(f"Definition n : nat := {n}.")
    lines += [f"Definition {k} : list mat := {_matrices(student[k], f'student.{k}')}." for k in ("V", "phi", "psi")]
    lines.append(f"Definition mse : Q := {q_number(rat(goal['mse'], 'mse'))}.")
    statement = "student_shapes A B C n V phi psi = true /\\ student_mse A B C n V phi psi == mse"
    scales = [_denominator([goal[k]], k) for k in ("A", "B", "C")]
    scales += [_denominator(student[k], f"student.{k}") for k in ("V", "phi", "psi")]
    hints = " ".join(f"{c}%Z" for c in scales)
    proof = (
        "split; [vm_compute; reflexivity|].\n"
        f"  apply (student_mse_by_integers A B C n V phi psi {hints}); vm_compute; reflexivity."
    )
    return "\n".join(lines), statement, proof, False


STUDENT_KINDS = {"student_mse": student_mse}
