"""Translation of the kinds lag_features and real_lag_features (eq. 21): for every head, features phi_t, psi_t per
mode whose products sum to the lag kernel's mode part, their number within the bound computed from A.

The vocabulary (NFDF_VOCABULARY, after the dual-coordinates vocabulary) defines m(A) (`nfd_meval`), the exact rank
`nfd_rank`, the index `nfd_index A m J` (the ranks of m(A)^s fall strictly up to s = J and stay equal at J + 1: for
a squarefree m, J is the largest Jordan block of A at the roots of m), `nfd_irreducible` (degree 1, or degree 2 or 3
with no rational root), the bounds, and the feature identities over C (`nfd_cfeatures`, Coquelicot's complex
numbers) and over R (`nfd_rfeatures`). Mapped when every modulus has degree 1, degree 2 with no real root (no
rational root by `nra`), or is a^2 - 2 or a^2 - 3 (a descent lemma proved in the file); other moduli are not
mapped. Proofs: ranks from row bases and minors, the witness's features as functions, each identity by `ring`
(over C on the real and imaginary parts).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.core.matrix import read_rational_matrix
from verify.kernel.core.numbers import parse_integer
from verify.kernel.core.poly import read_poly
from verify.kernel.theories.modes.kind_dual import read_support

from .terms import NotMapped, q_number

__all__ = ["NFDF_KINDS", "NFDF_VOCABULARY"]

NFDF_VOCABULARY = r"""
(* ===== Lag-features vocabulary (kinds lag_features, real_lag_features, verify/coq/nf_dual_features.py) ===== *)
(* Part of what a reviewer trusts: every Definition before the "Proofs" line below. *)
From Coq Require Import Psatz Znumtheory.
Close Scope Z_scope.  (* opened by Znumtheory; the prelude's R_scope stays the default *)
From Coquelicot Require Import Complex.
Local Open Scope Q_scope.
Fixpoint nfd_qeval (p : list Q) (x : Q) : Q := match p with [] => 0 | c :: p' => c + x * nfd_qeval p' x end.
(* m (monic, coefficient list) is irreducible over Q: degree 1, or degree 2 or 3 without a rational root. *)
Definition nfd_irreducible (m : list Q) : Prop :=
  length m = 2%nat \/ ((length m = 3 \/ length m = 4)%nat /\ forall x : Q, ~ nfd_qeval m x == 0).
(* m(A) = sum_e m_e A^e, and rank M = r exactly. *)
Fixpoint nfd_mevalp (m : list Q) (A P : mat) : mat :=
  match m with [] => Mscale 0 P | c :: m' => Madd (Mscale c P) (nfd_mevalp m' A (Mmul A P)) end.
Definition nfd_meval (m : list Q) (A : mat) : mat := nfd_mevalp m A (Meye (length A)).
Definition nfd_rank (M : mat) (r : nat) : Prop := rank_at_most M r /\ rank_at_least M r.
(* J = the index of m's roots in A: rank m(A)^(J-1) > rank m(A)^J = rank m(A)^(J+1), J >= 1. *)
Definition nfd_index (A : mat) (m : list Q) (J : nat) : Prop :=
  (1 <= J)%nat /\ exists r0 r1, nfd_rank (Mpow (nfd_meval m A) (pred J)) r0 /\
    nfd_rank (Mpow (nfd_meval m A) J) r1 /\ nfd_rank (Mpow (nfd_meval m A) (S J)) r1 /\ (r1 < r0)%nat.
Definition nfd_nsum (n : nat) (f : nat -> nat) : nat := fold_right plus 0%nat (map f (seq 0 n)).
(* Every modulus: m(0) <> 0, irreducible, its index J_l in A; every power q of tau in the support is below J_l. *)
Definition nfd_lag_modes (A : mat) (moduli : list (list Q)) (heads : list (list (list nat))) (Js : list nat)
    : Prop :=
  length Js = length moduli /\
  (forall l, (l < length moduli)%nat -> ~ nth 0 (nth l moduli []) 0 == 0 /\ nfd_irreducible (nth l moduli []) /\
     nfd_index A (nth l moduli []) (nth l Js 0%nat)) /\
  (forall h l q, In q (nth l (nth h heads []) []) -> (q < nth l Js 0)%nat).
(* The bound: "paper" sum_l deg(m_l) J_l (J_l + 1) / 2; "merged" sum_l deg(m_l) J_l, and at most the size of A. *)
Definition nfd_bound_ok (A : mat) (moduli : list (list Q)) (Js : list nat) (merged : bool) (bound : nat) : Prop :=
  if merged then bound = nfd_nsum (length moduli) (fun l => (pred (length (nth l moduli [])) * nth l Js 0)%nat)
      /\ (bound <= length A)%nat
  else bound = nfd_nsum (length moduli)
    (fun l => (pred (length (nth l moduli [])) * (nth l Js 0 * S (nth l Js 0) / 2))%nat).
Local Close Scope Q_scope.
Fixpoint nfd_cpow (x : C) (n : nat) : C := match n with O => RtoC 1 | S n' => Cmult x (nfd_cpow x n') end.
Definition nfd_csum (xs : list C) : C := fold_right Cplus (RtoC 0) xs.
(* n features of one mode (lag_features): functions phi_t(i, L), psi_t(j, M, B) of complex values with
   sum_t phi_t psi_t = L M sum_{q in supp} B_q (i - j)^q for all complex i, j, L, M, B. *)
Definition nfd_cfeatures (supp : list nat) (n : nat) : Prop :=
  exists (phi : list (C -> C -> C)) (psi : list (C -> C -> (nat -> C) -> C)), length phi = n /\ length psi = n /\
    forall (i j L M : C) (Bs : nat -> C),
      nfd_csum (map (fun t => Cmult (nth t phi (fun _ _ => RtoC 0) i L) (nth t psi (fun _ _ _ => RtoC 0) j M Bs))
        (seq 0 n)) = Cmult (Cmult L M) (nfd_csum (map (fun q => Cmult (Bs q) (nfd_cpow (Cminus i j) q)) supp)).
(* n features of one mode (real_lag_features): phi_t(i, X), psi_t(j, Z) of real values with
   sum_t phi_t psi_t = X sum_{q in supp} Z_q (i - j)^q for all real i, j, X, Z. *)
Definition nfd_rfeatures (supp : list nat) (n : nat) : Prop :=
  exists (phi : list (R -> R -> R)) (psi : list (R -> (nat -> R) -> R)), length phi = n /\ length psi = n /\
    forall (i j X : R) (Zs : nat -> R),
      fold_right Rplus 0 (map (fun t => nth t phi (fun _ _ => 0) i X * nth t psi (fun _ _ => 0) j Zs) (seq 0 n)) =
      X * fold_right Rplus 0 (map (fun q => Zs q * (i - j) ^ q) supp).
(* The goal: squarefree pairwise coprime moduli, their indices J_l, the bound, and for every head h (a row of the
   support) counts n_l of features per mode with sum_l deg(m_l) n_l <= bound and the identities of the family. *)
Definition nfd_lag_features (complex : bool) (A : mat) (moduli : list (list Q)) (heads : list (list (list nat)))
    (merged : bool) (bound : nat) : Prop :=
  nfd_moduli_ok moduli /\ exists Js, nfd_lag_modes A moduli heads Js /\ nfd_bound_ok A moduli Js merged bound /\
  forall h, (h < length heads)%nat -> exists counts : list nat, length counts = length moduli /\
    (nfd_nsum (length moduli) (fun l => (pred (length (nth l moduli [])) * nth l counts 0)%nat) <= bound)%nat /\
    forall l, (l < length moduli)%nat ->
      if complex then nfd_cfeatures (nth l (nth h heads []) []) (nth l counts 0%nat)
      else nfd_rfeatures (nth l (nth h heads []) []) (nth l counts 0%nat).
(* ----- Proofs (not part of any statement) ----- *)
Lemma nfd_heads_ok (heads : list (list (list nat))) (Js : list nat) :
  forallb (fun row => forallb (fun l => forallb (fun q => Nat.ltb q (nth l Js 0%nat)) (nth l row []))
    (seq 0 (length row))) heads = true ->
  forall h l q, In q (nth l (nth h heads []) []) -> (q < nth l Js 0)%nat.
Proof.
  intros H h l q Hin. destruct (Nat.lt_ge_cases h (length heads)) as [Hh|Hh].
  2: { rewrite (nth_overflow heads) in Hin by lia. destruct l; contradiction. }
  rewrite forallb_forall in H. pose proof (H _ (nth_In _ [] Hh)) as H1. set (row := nth h heads []) in *.
  destruct (Nat.lt_ge_cases l (length row)) as [Hl|Hl].
  2: { rewrite (nth_overflow row) in Hin by lia. contradiction. }
  rewrite forallb_forall in H1. assert (Hs : In l (seq 0 (length row))) by (apply in_seq; lia).
  pose proof (H1 l Hs) as H2. rewrite forallb_forall in H2. apply Nat.ltb_lt, H2, Hin.
Qed.
Local Open Scope Q_scope.
(* a^2 - p (p prime) has no rational root: a^2 = p b^2 gives p | a, p | b and a smaller solution (descent). *)
Lemma nfd_no_sqrt_prime_Z (p : Z) : prime p -> forall (n : nat) (a b : Z), (0 < b)%Z -> (Z.to_nat b <= n)%nat ->
  (a * a <> p * (b * b))%Z.
Proof.
  intros Hp n. induction n as [|n IH]; intros a b Hb Hn Heq; [lia|].
  assert (H2 : (2 <= p)%Z) by (apply prime_ge_2; exact Hp).
  assert (Hpa : (p | a)%Z).
  { destruct (prime_mult p Hp a a) as [H|H]; [exists (b * b)%Z; lia|exact H|exact H]. }
  destruct Hpa as [k Hk]. subst a.
  assert (Hb2 : (b * b = p * (k * k))%Z) by (apply (Z.mul_reg_l _ _ p); [lia|nia]).
  assert (Hpb : (p | b)%Z).
  { destruct (prime_mult p Hp b b) as [H|H]; [exists (k * k)%Z; lia|exact H|exact H]. }
  destruct Hpb as [c Hc]. subst b.
  assert (Hc0 : (0 < c)%Z) by nia.
  assert (Hlt : (c < c * p)%Z) by nia.
  apply (IH k c Hc0); [lia|]. apply (Z.mul_reg_l _ _ p); [lia|nia].
Qed.
Lemma nfd_no_sqrt_prime (p : Z) : prime p -> forall x : Q, ~ x * x == inject_Z p.
Proof.
  intros Hp [a b] Hx. unfold Qeq, Qmult, inject_Z in Hx. simpl in Hx. rewrite Pos2Z.inj_mul in Hx.
  apply (nfd_no_sqrt_prime_Z p Hp (Z.to_nat (Zpos b)) a (Zpos b)); [lia|lia|lia].
Qed.
Local Close Scope Q_scope.
"""


def _rank_proof(m: fmpq_mat) -> tuple[int, str]:
    """(rank, a proof of nfd_rank M r): a row basis, the other rows' combinations, a minor and its inverse."""
    rows: list[int] = []
    for i in range(m.nrows()):
        trial = rows + [i]
        if fmpq_mat([[m[x, j] for j in range(m.ncols())] for x in trial]).rank() == len(trial):
            rows = trial
    r = len(rows)
    if r == 0:
        raise NotMapped("a power of m(A) is zero (rank 0 is not stated)")
    basis = fmpq_mat([[m[x, j] for j in range(m.ncols())] for x in rows])
    cols: list[int] = []
    for j in range(m.ncols()):
        trial = cols + [j]
        if fmpq_mat([[basis[a, x] for x in trial] for a in range(r)]).rank() == len(trial):
            cols = trial
    minor = fmpq_mat([[basis[a, x] for x in cols] for a in range(r)])
    # the coefficients X with M = X * basis: solve against the minor's columns
    full = fmpq_mat([[m[i, x] for x in cols] for i in range(m.nrows())])
    x = full * minor.inv()
    inverse = minor.inv()
    proof = (
        f"split; [exists {_nats(rows)}, {_mat(x)}; decide_closed |\n"
        f"      exists {_nats(rows)}, {_nats(cols)}, {_mat(inverse)}; decide_closed]"
    )
    return r, proof


def _nats(values) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def _mat(m: fmpq_mat) -> str:
    """A rational matrix as a Coq list of rows."""
    return (
        "["
        + "; ".join("[" + "; ".join(q_number(m[i, j]) for j in range(m.ncols())) + "]" for i in range(m.nrows()))
        + "]"
    )


def _evaluate(m, a: fmpq_mat) -> fmpq_mat:
    """m(A) (untrusted, for the rank hints)."""
    n = a.nrows()
    out, power = fmpq_mat(n, n), fmpq_mat(n, n, [fmpq(int(i == j)) for i in range(n) for j in range(n)])
    for c in m.coeffs():
        out = out + power * c
        power = a * power
    return out


def _index(m, a: fmpq_mat) -> tuple[int, str]:
    """J and the proof of nfd_index A m J (untrusted hints; NotMapped when the ranks never fall)."""
    value = _evaluate(m, a)
    n = a.nrows()
    powers = [fmpq_mat(n, n, [fmpq(int(i == j)) for i in range(n) for j in range(n)])]
    for _ in range(n + 1):
        powers.append(value * powers[-1])
    ranks = [p.rank() for p in powers]
    j = next((s for s in range(1, n + 1) if ranks[s - 1] > ranks[s] == ranks[s + 1]), None)
    if j is None:
        raise NotMapped("the roots of a modulus are not eigenvalues of A")
    r0, p0 = _rank_proof(powers[j - 1])
    r1, p1 = _rank_proof(powers[j])
    _, p2 = _rank_proof(powers[j + 1])
    proof = (
        f"split; [vm_compute; lia|]. exists {r0}%nat, {r1}%nat.\n    split; [{p0}|]. split; [{p1}|]. split; [{p2}|lia]"
    )
    return j, proof


def _irreducible(m) -> str:
    """A proof of nfd_irreducible m (degree 1, or degree 2 without a real root); other moduli are not mapped."""
    c = m.coeffs()
    if m.degree() == 1:
        return "left; reflexivity"
    if m.degree() == 2 and c[1] * c[1] - 4 * c[0] * c[2] < 0:
        half = q_number(c[1] / (2 * c[2]))
        return (
            "right; split; [left; reflexivity|]; intros x Hx; unfold moduli in Hx; simpl in Hx;\n"
            f"        pose proof (sq (x + {half})) as Hsq; nra"
        )
    if m.degree() == 2 and c[1] == 0 and c[0] in (-2, -3):
        p = -int(c[0])
        return (
            "right; split; [left; reflexivity|]; intros x Hx; unfold moduli in Hx; simpl in Hx;\n"
            f"        apply (nfd_no_sqrt_prime {p} prime_{p} x); unfold inject_Z; nra"
        )
    raise NotMapped(
        f"modulus of degree {m.degree()} with real roots (other than a^2 - 2, a^2 - 3): its irreducibility is not "
        "proved in Coq"
    )


def _term(poly, names: tuple[str, ...], complex_: bool) -> str:
    """A polynomial of the witness as a Coq term over C or R (integer coefficients only)."""
    out = []
    for monomial, coeff in sorted(poly.terms.items()):
        value = coeff.re
        if not coeff.is_real() or value.q != 1:
            raise NotMapped("a feature with a non-integer coefficient")
        factors = [names[v] for v, e in enumerate(monomial) for _ in range(e)]
        if complex_:
            head = [] if value == 1 else [f"RtoC (IZR ({value.p}))"]
            term = "RtoC 1"
            for f in head + factors:
                term = f if term == "RtoC 1" else f"Cmult {_par(term)} {_par(f)}"
        else:
            term = " * ".join(([] if value == 1 else [f"IZR ({value.p})"]) + factors) or "1"
        out.append(term)
    if not out:
        return "RtoC 0" if complex_ else "0"
    if complex_:
        total = out[0]
        for t in out[1:]:
            total = f"Cplus {_par(total)} {_par(t)}"
        return total
    return " + ".join(f"({t})" for t in out)


def _par(text: str) -> str:
    """Parenthesize a compound term."""
    return text if " " not in text else f"({text})"


def _features(item: dict, terms: tuple[int, ...], complex_: bool, where: str) -> tuple[int, str]:
    """(count, the exists ... proof) of one head's features of one mode."""
    left, right, prefix = ("L", ("M",), "B") if complex_ else ("X", (), "Z")
    symbols = tuple(f"{prefix}{q}" for q in terms)
    phi_vars, psi_vars = ("i", left), ("j", *right, *symbols)
    phi_names = ("i", left)
    psi_names = ("j", *right, *(f"(Bs {q}%nat)" if complex_ else f"(Zs {q}%nat)" for q in terms))
    phis, psis = [], []
    for t, f in enumerate(item):
        try:
            phi = read_poly(f["phi"], phi_vars, f"{where}[{t}].phi", False)
            psi = read_poly(f["psi"], psi_vars, f"{where}[{t}].psi", False)
        except (KernelError, KeyError, TypeError) as err:
            raise NotMapped(f"{where}[{t}]: not a feature pair") from err
        if complex_:
            phis.append(f"fun i L : C => {_term(phi, phi_names, True)}")
            psis.append(f"fun (j M : C) (Bs : nat -> C) => {_term(psi, psi_names, True)}")
        else:
            phis.append(f"fun i X : R => ({_term(phi, phi_names, False)})%R")
            psis.append(f"fun (j : R) (Zs : nat -> R) => ({_term(psi, psi_names, False)})%R")
    close = "apply injective_projections; simpl; ring" if complex_ else "ring"
    intro = "intros i j L M Bs" if complex_ else "intros i j X Zs"
    proof = (
        f"exists [{'; '.join(phis)}],\n        [{'; '.join(psis)}].\n"
        f"      split; [reflexivity|split; [reflexivity|]]. {intro}. simpl. {close}"
    )
    return len(item), "unfold heads; simpl. " + proof


def _lag(goal: dict, witness: dict, complex_: bool) -> tuple[str, str, str, bool]:
    """The statement nfd_lag_features and its proof."""
    try:
        a = read_rational_matrix(goal["A"], "goal.A")
        moduli, heads = read_support(goal["support"], "goal.support")
        bound = parse_integer(goal["bound"], "goal.bound", 0)
    except (KernelError, KeyError, TypeError) as err:
        raise NotMapped(f"the goal is not well formed: {err}") from err
    construction = goal.get("construction")
    if construction not in ("paper", "merged") or a.nrows() != a.ncols():
        raise NotMapped("the goal is not well formed (construction, or A not square)")
    definitions = "\n".join(
        [
            f"Definition A : mat := {_mat(a)}.",
            "Definition moduli : list (list Q) := ["
            + "; ".join("[" + "; ".join(q_number(c) for c in m.coeffs()) + "]" for m in moduli)
            + "].",
            "Definition heads : list (list (list nat)) := ["
            + "; ".join("[" + "; ".join(_nats(cell) for cell in row) + "]" for row in heads)
            + "].",
        ]
    )
    merged = "true" if construction == "merged" else "false"
    kind = "true" if complex_ else "false"
    statement = f"nfd_lag_features {kind} A moduli heads {merged} {bound}"
    from .nf_dual import _bezout, _pair

    w1 = [_bezout(x, x.derivative()) for x in moduli]
    w2 = [[_bezout(moduli[r], moduli[j]) for j in range(r)] for r in range(len(moduli))]
    irreducible = [_irreducible(m) for m in moduli]
    indices = [_index(m, a) for m in moduli]
    js = [j for j, _ in indices]
    k = len(moduli)
    mode_cases = "\n    ".join(
        f"- split; [unfold not; intros Hz; vm_compute in Hz; discriminate Hz|].\n      split; [{irr}|].\n      {proof}."
        for irr, (_, proof) in zip(irreducible, indices)
    )
    given = witness.get("heads") if isinstance(witness, dict) else None
    if not isinstance(given, list) or len(given) != len(heads):
        raise NotMapped("witness.heads: not one entry per head")
    head_cases = []
    for h, (row, item) in enumerate(zip(heads, given)):
        feats = item.get("features") if isinstance(item, dict) else None
        if not isinstance(feats, list) or len(feats) != k:
            raise NotMapped(f"witness.heads[{h}].features: not one list per mode")
        parts = [_features(f, row[r], complex_, f"witness.heads[{h}].features[{r}]") for r, f in enumerate(feats)]
        cases = "\n      ".join(f"- {p}." for _, p in parts)
        head_cases.append(
            f"- exists {_nats([c for c, _ in parts])}. split; [reflexivity|]. split; [vm_compute; lia|].\n"
            f"    intros l Hl. {_cases('l', k, 'Hl')}\n      {cases}\n      - simpl in Hl; lia."
        )
    proof = (
        "split; [apply (nfd_moduli_okb moduli\n"
        f"    [{'; '.join(_pair(u, v) for u, v in w1)}]\n"
        f"    [{'; '.join('[' + '; '.join(_pair(u, v) for u, v in row) + ']' for row in w2)}]);\n"
        "    vm_compute; reflexivity|].\n"
        f"exists {_nats(js)}. split; [split; [reflexivity|split]|split].\n"
        f"- intros l Hl. {_cases('l', k, 'Hl')}\n    {mode_cases}\n    - simpl in Hl; lia.\n"
        "- apply nfd_heads_ok. vm_compute. reflexivity.\n"
        "- unfold nfd_bound_ok. vm_compute. lia.\n"
        f"- intros h Hh. {_cases('h', len(heads), 'Hh')}\n  " + "\n  ".join(head_cases) + "\n  - simpl in Hh; lia."
    )
    return definitions, statement, proof, False


def _cases(var: str, count: int, hyp: str) -> str:
    """destruct var into the cases 0, 1, ..., count - 1 and the rest (count + 1 bullets follow)."""
    text = "|"
    for _ in range(count - 1):
        text = f"|[{text}]"
    return f"destruct {var} as [{text}]."


def lag_features(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """Complex features (L = alpha^i, M = alpha^-j, B_q = b_q(alpha)) within the bound, for every head."""
    return _lag(goal, witness, True)


def real_lag_features(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """Real features (X = a coordinate of a^i, Z_q = a trace) within the bound, for every head."""
    return _lag(goal, witness, False)


NFDF_KINDS = {"lag_features": lag_features, "real_lag_features": real_lag_features}
