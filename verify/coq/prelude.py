"""The Coq text every generated file starts with: imports and the few definitions the goals are stated with.

These definitions are part of what a reviewer trusts (they give the goals their meaning), so they are kept
short and standard: matrices are lists of rows of rationals, products and sums are the textbook ones.
"""

from __future__ import annotations

__all__ = ["prelude", "ALLOWED_AXIOMS", "PRELUDE_IMPORTS", "PRELUDE_INTERVAL", "PRELUDE_DEFINITIONS"]

# Only axioms of Coq's standard library may appear under Print Assumptions: those of its real numbers, excluded
# middle, and the specifications of the primitive 63-bit integers and floats that the Interval library computes
# with. A proof left Admitted shows up as an axiom with another name and fails the check.
ALLOWED_AXIOMS = (
    "ClassicalDedekindReals.",
    "FunctionalExtensionality.functional_extensionality_dep",
    "Classical_Prop.classic",
    "PrimInt63.",
    "Uint63.",
    "PrimFloat.",
    "FloatAxioms.",
)

_IMPORTS = """From Coq Require Import Reals Lra QArith Qring Qabs Qminmax List ZArith.
Import ListNotations.
"""

_INTERVAL = "From Interval Require Import Tactic.\n"

_DEFINITIONS = r"""
(* ===== Prelude: the definitions the goals below are stated with (part of what a reviewer trusts) ===== *)
Local Open Scope Q_scope.
(* A matrix is the list of its rows; a row is a list of rationals. *)
Definition mat := list (list Q).
(* Plain dot product (used on symbolic vectors) and its reduced form (used to compute matrices). *)
Fixpoint dot0 (a b : list Q) : Q :=
  match a, b with x :: a', y :: b' => x * y + dot0 a' b' | _, _ => 0 end.
Definition dot (a b : list Q) : Q := Qred (dot0 a b).
Definition ncols (m : mat) : nat := match m with r :: _ => length r | [] => O end.
Definition Mtr (m : mat) : mat := map (fun j => map (fun r => nth j r 0) m) (seq 0 (ncols m)).
Definition Mmul (a b : mat) : mat := let bt := Mtr b in map (fun r => map (fun c => dot r c) bt) a.
Definition Mscale (c : Q) (a : mat) : mat := map (map (fun x => Qred (c * x))) a.
Definition Madd (a b : mat) : mat :=
  map (fun rs => map (fun xy => Qred (fst xy + snd xy)) (combine (fst rs) (snd rs))) (combine a b).
Definition Msub (a b : mat) : mat := Madd a (Mscale (-1) b).
Definition Meye (n : nat) : mat :=
  map (fun i => map (fun j => if Nat.eqb i j then 1 else 0) (seq 0 n)) (seq 0 n).
Fixpoint Mpow (a : mat) (k : nat) : mat := match k with O => Meye (length a) | S k' => Mmul a (Mpow a k') end.
(* Exact equality of matrices: same shape and equal entries. *)
Fixpoint Req (r s : list Q) : bool :=
  match r, s with [], [] => true | x :: r', y :: s' => Qeq_bool x y && Req r' s' | _, _ => false end.
Fixpoint Meq (a b : mat) : bool :=
  match a, b with [], [] => true | r :: a', s :: b' => Req r s && Meq a' b' | _, _ => false end.
(* Rank: rank m <= r when m = X * (r of its rows); rank m >= r when an r x r submatrix has a right inverse. *)
Definition Mrows (m : mat) (rs : list nat) : mat := map (fun i => nth i m []) rs.
Definition Mcols (m : mat) (cs : list nat) : mat := map (fun r => map (fun j => nth j r 0) cs) m.
Definition rank_at_most (m : mat) (r : nat) : Prop :=
  exists (rs : list nat) (X : mat), length rs = r /\ Meq m (Mmul X (Mrows m rs)) = true.
Definition rank_at_least (m : mat) (r : nat) : Prop :=
  exists (rs cs : list nat) (N : mat), length rs = r /\ length cs = r /\
    Meq (Mmul (Mcols (Mrows m rs) cs) N) (Meye r) = true.
(* Block-diagonal shape: with block sizes s_1, s_2, ... along the diagonal, every entry outside the blocks is 0. *)
Fixpoint owners (sizes : list nat) (k : nat) : list nat :=
  match sizes with [] => [] | s :: rest => repeat k s ++ owners rest (S k) end.
Definition block_diagonal (sizes : list nat) (m : mat) : bool :=
  let own := owners sizes 0 in
  forallb (fun i => forallb (fun j => Nat.eqb (nth i own 0%nat) (nth j own 0%nat) || Qeq_bool (nth j (nth i m []) 0) 0)
    (seq 0 (length m))) (seq 0 (length m)).
Definition square (n : nat) (m : mat) : bool := Nat.eqb (length m) n && forallb (fun r => Nat.eqb (length r) n) m.
(* Vectors: M v and the squared Euclidean norm. *)
Definition Mvec (m : mat) (v : list Q) : list Q := map (fun r => dot0 r v) m.
Definition sqnorm (v : list Q) : Q := dot0 v v.
(* Norms used by floating-point error bounds: ||X||_F^2, max_i sum_j |(X^T X)_ij|, ||X||_inf. *)
Definition sumq (r : list Q) : Q := fold_right Qplus 0 r.
Definition maxq (r : list Q) : Q := fold_right Qmax 0 r.
Definition frob2 (m : mat) : Q := sumq (map (fun r => dot0 r r) m).
Definition gram (m : mat) : Q := maxq (map (fun r => sumq (map Qabs r)) (Mmul (Mtr m) m)).
Definition rowsum (m : mat) : Q := maxq (map (fun r => sumq (map Qabs r)) m).
(* For a size k: ceil(log2 k) (0 for k <= 1), and 1 when k is a power of two, else 0. *)
Definition log2_up (k : Z) : Q := inject_Z (Z.log2_up k).
Definition pow2 (k : Z) : Q := if (0 <? k)%Z && (2 ^ Z.log2 k =? k)%Z then 1 else 0.
(* Helper lemmas for the proofs (not part of any statement). *)
Lemma sq (x : Q) : 0 <= x * x.
Proof. setoid_replace (x * x) with (x ^ 2) by ring. apply Qpower.Qsqr_nonneg. Qed.
Lemma nn_add (a b : Q) : 0 <= a -> 0 <= b -> 0 <= a + b.
Proof.
  intros Ha Hb. apply (Qle_trans _ (0 + 0)); [apply Qle_bool_imp_le; reflexivity | apply Qplus_le_compat; assumption].
Qed.
Ltac decide_closed := vm_compute; repeat split; first [reflexivity | discriminate | intros ?; discriminate].
Local Close Scope Q_scope.
Open Scope R_scope.
(* Real numbers: integer and natural values. *)
Definition is_int (x : R) : Prop := exists z : Z, x = IZR z.
Definition is_nat (x : R) : Prop := exists z : Z, (0 <= z)%Z /\ x = IZR z.
Lemma le_of_sub (a b : R) : 0 <= b - a -> a <= b.
Proof. intros; lra. Qed.
(* ===== End of the prelude ===== *)
"""


def prelude(interval: bool, bigq: bool = False) -> str:
    """The imports (Interval, Bignums only when a goal needs them), the shared definitions and the BigQ lemmas."""
    from .bigq import BIGQ_IMPORT, BIGQ_LIBRARY

    head = _IMPORTS + (_INTERVAL if interval else "") + (BIGQ_IMPORT if bigq else "")
    return head + _DEFINITIONS + (BIGQ_LIBRARY if bigq else "")


PRELUDE_IMPORTS = _IMPORTS  # the first line of every certificate file and of every compiled vocabulary library
PRELUDE_INTERVAL = _INTERVAL  # after PRELUDE_IMPORTS in a file with a proof by the interval tactic
PRELUDE_DEFINITIONS = _DEFINITIONS  # the library Voc_prelude (verify/coq/vocabulary.py)
