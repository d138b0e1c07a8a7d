"""Translation of the kind dual_coordinates (eq. 20): the Theorem 4.4 basis M_h = W(t_h) (greedy lags) and the
closed-form coordinates b_{h,l}(tau) with H_l(tau) = sum_h b_{h,l}(tau) M_h, in trace coordinates.

The vocabulary (NFD_VOCABULARY, included after the Theorem 4.4 vocabulary in a file that holds this kind) defines
polynomials over Q as coefficient lists, `nfd_coprime` (a Bezout identity u f + v g = 1), `nfd_moduli_ok` (every
modulus squarefree, the moduli pairwise coprime), `nfd_supp` (the powers of tau with a nonzero coefficient),
`nfd_basis` (the M_h = W(t_h) are independent, every W(t), t >= 0, is in their span, and every W(t) with t < t_h is
in the span of M_0..M_(h-1)), `nfd_mode` (the trace-coordinate identity of one mode) and `nfd_dual`, the whole
statement. The proofs: Bezout witnesses from the extended gcd, the characteristic polynomial of A as annihilator
(span for every t by the recurrence, as in `ssm_rank`), a k x k minor and its inverse, the coordinates of each
W(t) from the witness's dual functionals; every finite fact by vm_compute.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from verify.kernel.core.errors import KernelError
from verify.kernel.theories.modes.kind_dual import _goal_dual

from .terms import NotMapped, q_number

__all__ = ["NFD_KINDS", "NFD_VOCABULARY"]

NFD_VOCABULARY = r"""
(* ===== Dual-coordinates vocabulary (kind dual_coordinates, verify/coq/nf_dual.py) ===== *)
(* Part of what a reviewer trusts: every Definition before the "Proofs" line below. *)
Local Open Scope Q_scope.
(* Polynomials over Q as coefficient lists, constant coefficient first: sum, product, derivative, equality. *)
Fixpoint nfd_padd (f g : list Q) : list Q :=
  match f, g with [], _ => g | _, [] => f | x :: f', y :: g' => (x + y) :: nfd_padd f' g' end.
Fixpoint nfd_pmul (f g : list Q) : list Q :=
  match f with [] => [] | x :: f' => nfd_padd (map (fun y => x * y) g) (0 :: nfd_pmul f' g) end.
Definition nfd_pderiv (f : list Q) : list Q :=
  map (fun i => inject_Z (Z.of_nat (S i)) * nth (S i) f 0) (seq 0 (pred (length f))).
Definition nfd_peq (f g : list Q) : Prop := forall i, nth i f 0 == nth i g 0.
(* f and g have no common complex root: u f + v g = 1 for some polynomials u, v. *)
Definition nfd_coprime (f g : list Q) : Prop := exists u v, nfd_peq (nfd_padd (nfd_pmul u f) (nfd_pmul v g)) [1].
(* Every modulus is squarefree (coprime with its derivative) and the moduli are pairwise coprime. *)
Definition nfd_moduli_ok (ms : list (list Q)) : Prop :=
  (forall l, (l < length ms)%nat -> nfd_coprime (nth l ms []) (nfd_pderiv (nth l ms []))) /\
  (forall l l', (l' < l)%nat -> (l < length ms)%nat -> nfd_coprime (nth l ms []) (nth l' ms [])).
(* An element x(tau) = sum_q x_q tau^q of K[tau], K = Q[a]/(m), is the list of the trace coordinates of x_0, x_1, ...
   (coordinate k of x_q: Tr_m(a^k x_q)); nfd_tc x q k is that coordinate (0 beyond the lists). *)
Definition nfd_tc (x : list (list Q)) (q k : nat) : Q := nth k (nth q x []) 0.
(* The powers q of tau whose coefficient x_q is nonzero. *)
Definition nfd_supp (x : list (list Q)) : list nat :=
  filter (fun q => existsb (fun c => negb (Qeq_bool c 0)) (nth q x [])) (seq 0 (length x)).
(* The lags t_h give the Theorem 4.4 basis M_h = Wimp(t_h): independent, spanning every Wimp(t), t >= 0, and the
   first lags: every Wimp(t) with t < t_h is in the span of M_0, ..., M_(h-1). *)
Definition nfd_basis (A B C : mat) (lags : list nat) : Prop :=
  independent (length C) (ncols B) (map (Wimp A B C) lags) /\
  (forall t, in_span (length C) (ncols B) (Wimp A B C t) (map (Wimp A B C) lags)) /\
  (forall h t, (h < length lags)%nat -> (t < nth h lags 0)%nat ->
     in_span (length C) (ncols B) (Wimp A B C t) (map (Wimp A B C) (firstn h lags))).
(* One mode of degree dm: the p x d matrix Hl of elements of K[tau] equals sum_h bl_h Ms_h, coordinate by coordinate,
   for every power q < top of tau and trace coordinate k < dm (top: the most powers any element lists). *)
Definition nfd_top (Hl : list (list (list (list Q)))) (bl : list (list (list Q))) : nat :=
  fold_right Nat.max 0%nat (map (@length (list Q)) (concat Hl ++ bl)).
Definition nfd_mode (p d dm : nat) (Hl : list (list (list (list Q)))) (bl : list (list (list Q))) (Ms : list mat)
    : Prop :=
  forall i j q k, (i < p)%nat -> (j < d)%nat -> (q < nfd_top Hl bl)%nat -> (k < dm)%nat ->
    nfd_tc (nth j (nth i Hl []) []) q k == qsum (length Ms) (fun h => nfd_tc (nth h bl []) q k * ent (nth h Ms []) i j).
(* The whole goal: moduli (coefficient lists), the support's moduli the same, the support of b (per head, per mode),
   the basis, and for every mode l: H_l = sum_h b_(h,l) Wimp(t_h) in trace coordinates. *)
Definition nfd_dual (A B C : mat) (lags : list nat) (moduli : list (list Q))
    (H : list (list (list (list (list Q))))) (b : list (list (list (list Q)))) (smoduli : list (list Q))
    (sheads : list (list (list nat))) : Prop :=
  nfd_moduli_ok moduli /\
  (length smoduli = length moduli /\ forall l, nfd_peq (nth l smoduli []) (nth l moduli [])) /\
  map (map nfd_supp) b = sheads /\
  nfd_basis A B C lags /\
  forall l, (l < length moduli)%nat -> nfd_mode (length C) (ncols B) (pred (length (nth l moduli [])))
    (nth l H []) (map (fun row => nth l row []) b) (map (Wimp A B C) lags).
(* ----- Proofs (not part of any statement) ----- *)
Definition nfd_peqb (f g : list Q) : bool :=
  forallb (fun i => Qeq_bool (nth i f 0) (nth i g 0)) (seq 0 (Nat.max (length f) (length g))).
Lemma nfd_peqb_ok f g : nfd_peqb f g = true -> nfd_peq f g.
Proof.
  intros H i. destruct (Nat.lt_ge_cases i (Nat.max (length f) (length g))) as [Hi|Hi].
  - apply Qeq_bool_iff. unfold nfd_peqb in H. rewrite forallb_forall in H. apply H. apply in_seq. lia.
  - rewrite !nth_overflow by lia. reflexivity.
Qed.
Definition nfd_bezoutb (f g u v : list Q) : bool := nfd_peqb (nfd_padd (nfd_pmul u f) (nfd_pmul v g)) [1].
Lemma nfd_bezoutb_ok f g u v : nfd_bezoutb f g u v = true -> nfd_coprime f g.
Proof. intros H. exists u, v. apply nfd_peqb_ok. exact H. Qed.
Lemma nfd_moduli_okb (ms : list (list Q)) (w : list (list Q * list Q)) (w2 : list (list (list Q * list Q))) :
  ssm_allb (length ms) (fun l => nfd_bezoutb (nth l ms []) (nfd_pderiv (nth l ms []))
    (fst (nth l w ([], []))) (snd (nth l w ([], [])))) = true ->
  ssm_allb (length ms) (fun l => ssm_allb l (fun l' => nfd_bezoutb (nth l ms []) (nth l' ms [])
    (fst (nth l' (nth l w2 []) ([], []))) (snd (nth l' (nth l w2 []) ([], []))))) = true ->
  nfd_moduli_ok ms.
Proof.
  intros H1 H2. split.
  - intros l Hl. exact (nfd_bezoutb_ok _ _ _ _ (ssm_allb_ok _ _ H1 l Hl)).
  - intros l l' Hl' Hl. exact (nfd_bezoutb_ok _ _ _ _ (ssm_allb_ok _ _ (ssm_allb_ok _ _ H2 l Hl) l' Hl')).
Qed.
Lemma nfd_sameb_ok (s m : list (list Q)) :
  Nat.eqb (length s) (length m) && ssm_allb (length s) (fun l => nfd_peqb (nth l s []) (nth l m [])) = true ->
  length s = length m /\ forall l, nfd_peq (nth l s []) (nth l m []).
Proof.
  rewrite andb_true_iff, Nat.eqb_eq. intros [H1 H2]. split; [exact H1|]. intros l.
  destruct (Nat.lt_ge_cases l (length s)) as [Hl|Hl].
  - apply nfd_peqb_ok. exact (ssm_allb_ok _ _ H2 l Hl).
  - rewrite !nth_overflow by lia. intros i. destruct i; reflexivity.
Qed.
Definition nfd_modeb (p d dm : nat) (Hl : list (list (list (list Q)))) (bl : list (list (list Q))) (Ms : list mat)
    : bool :=
  ssm_allb p (fun i => ssm_allb d (fun j => ssm_allb (nfd_top Hl bl) (fun q => ssm_allb dm (fun k =>
    Qeq_bool (nfd_tc (nth j (nth i Hl []) []) q k)
      (ssm_qsumr (length Ms) (fun h => nfd_tc (nth h bl []) q k * ent (nth h Ms []) i j)))))).
Lemma nfd_modeb_ok p d dm Hl bl Ms : nfd_modeb p d dm Hl bl Ms = true -> nfd_mode p d dm Hl bl Ms.
Proof.
  intros Hb i j q k Hi Hj Hq Hk. rewrite <- ssm_qsumr_eq. apply Qeq_bool_iff.
  exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ (ssm_allb_ok _ _ (ssm_allb_ok _ _ Hb i Hi) j Hj) q Hq) k Hk).
Qed.
Lemma nfd_modes_ok (moduli : list (list Q)) p d H b Ms :
  ssm_allb (length moduli) (fun l => nfd_modeb p d (pred (length (nth l moduli []))) (nth l H [])
    (map (fun row => nth l row []) b) Ms) = true ->
  forall l, (l < length moduli)%nat -> nfd_mode p d (pred (length (nth l moduli []))) (nth l H [])
    (map (fun row => nth l row []) b) Ms.
Proof. intros Hb l Hl. apply nfd_modeb_ok. exact (ssm_allb_ok _ _ Hb l Hl). Qed.
(* The basis from the characteristic polynomial of A (an annihilator), the coordinates c of W(t), t < deg, a minor
   and its inverse (independence), and the coordinates g_h of W(t), t < t_h, on M_0..M_(h-1). *)
Theorem nfd_basis_ok (A B C : mat) (m p d : nat) (poly : list Q) (lags : list nat) (c : list (list Q))
    (g : list (list (list Q))) (pos : list (nat * nat)) (N : mat) :
  p = length C -> d = ncols B -> (0 < m)%nat ->
  ssm_shapeb A m m && ssm_shapeb B m d && ssm_shapeb C p m = true ->
  ssm_annb A B m d poly = true -> Qeq_bool (nth (pred (length poly)) poly 0) 1 = true -> (1 < length poly)%nat ->
  ssm_coefb (Wimp A B C) p d (map (Wimp A B C) lags) (pred (length poly)) c = true ->
  ssm_minorb (map (Wimp A B C) lags) p d pos N = true ->
  ssm_allb (length lags) (fun h => ssm_coefb (Wimp A B C) p d (map (Wimp A B C) (firstn h lags))
    (nth h lags 0%nat) (nth h g [])) = true ->
  nfd_basis A B C lags.
Proof.
  intros Hp Hd Hm Hshape Hann Hmonic Hdeg Hcoef Hminor Hgreedy.
  rewrite !andb_true_iff in Hshape. destruct Hshape as [[HA HB] HC].
  apply ssm_shapeb_ok in HA, HB, HC. unfold nfd_basis. rewrite <- Hp, <- Hd.
  set (Wt := Wimp A B C) in *. set (Ms := map Wt lags) in *.
  set (deg := pred (length poly)) in *.
  split; [apply (ssm_minorb_ok Ms p d pos N); exact Hminor|]. split.
  - assert (H0 : forall i j, (i < m)%nat -> (j < d)%nat ->
        qsum (length poly) (fun e => nth e poly 0 * ent (AtB A B e) i j) == 0).
    { intros i j Hi Hj. unfold ssm_annb, ssm_annb_on in Hann.
      pose proof (ssm_allb_ok _ _ (ssm_allb_ok _ _ Hann i Hi) j Hj) as H. apply Qeq_bool_iff in H.
      rewrite <- H, ssm_qsumr_eq. apply ssm_qsum_ext. intros e He. rewrite ssm_nth_map_seq by exact He.
      reflexivity. }
    pose proof (ssm_annihilate_W A B C m p d poly HA HB HC Hm H0) as Hrec.
    intros t. induction t as [t IH] using (well_founded_induction lt_wf).
    destruct (Nat.lt_ge_cases t deg) as [Ht|Ht].
    + apply (ssm_spanb_ok p d (Wt t) Ms (nth t c [])). exact (ssm_allb_ok _ _ Hcoef t Ht).
    + set (s := (t - deg)%nat).
      apply (ssm_span_trans p d (Wt t) (map (fun e => Wt (s + e)%nat) (seq 0 deg))
               Ms (map (fun e => - nth e poly 0) (seq 0 deg))).
      * intros i j Hi Hj. unfold lincomb. rewrite map_length, seq_length.
        pose proof (Hrec s i j Hi Hj) as Hz.
        assert (Hl : length poly = S deg) by (unfold deg; lia). rewrite Hl in Hz. simpl in Hz.
        assert (Hlast : nth deg poly 0 == 1) by (apply Qeq_bool_iff; exact Hmonic).
        rewrite Hlast in Hz. replace t with (s + deg)%nat by (unfold s; lia).
        rewrite (ssm_qsum_ext _ _ (fun e => (-1) * (nth e poly 0 * ent (Wt (s + e)%nat) i j))).
        -- rewrite ssm_qsum_scale. unfold Wt.
           set (S0 := qsum deg (fun e => nth e poly 0 * ent (Wimp A B C (s + e)%nat) i j)) in *.
           setoid_replace (ent (Wimp A B C (s + deg)%nat) i j)
             with (S0 + 1 * ent (Wimp A B C (s + deg)%nat) i j - S0) by ring.
           rewrite Hz. ring.
        -- intros e He. rewrite !ssm_nth_map_seq by exact He. ring.
      * intros e He. rewrite map_length, seq_length in He. rewrite ssm_nth_map_seq by exact He. apply IH.
        unfold s. lia.
  - intros h t Hh Ht. apply (ssm_spanb_ok p d (Wt t) (map Wt (firstn h lags)) (nth t (nth h g []) [])).
    exact (ssm_allb_ok _ _ (ssm_allb_ok _ _ Hgreedy h Hh) t Ht).
Qed.
Local Close Scope Q_scope.
"""


def _q(x: fmpq) -> str:
    """A rational as a Coq Q literal."""
    return q_number(fmpq(x))


def _qs(values) -> str:
    """A Coq list of rationals."""
    return "[" + "; ".join(_q(x) for x in values) + "]"


def _nats(values) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def _mat(m: fmpq_mat) -> str:
    """A rational matrix as a Coq list of rows."""
    return "[" + "; ".join(_qs(m[i, j] for j in range(m.ncols())) for i in range(m.nrows())) + "]"


def _kt(x) -> str:
    """An element of K[tau] in trace coordinates: the list of coordinate lists of x_0, x_1, ..."""
    return "[" + "; ".join(_qs(coords) for coords in x) + "]"


def _poly(m: fmpq_poly) -> str:
    """A polynomial as its coefficient list, constant first."""
    return _qs(m.coeffs())


def _pair(u: fmpq_poly, v: fmpq_poly) -> str:
    """A Bezout pair (u, v) as Coq lists."""
    return f"({_poly(u)}, {_poly(v)})"


def _bezout(f: fmpq_poly, g: fmpq_poly) -> tuple[fmpq_poly, fmpq_poly]:
    """u, v with u f + v g = 1 (untrusted hint: coqc checks it)."""
    one, u, v = f.xgcd(g)
    if one != 1:
        raise NotMapped("a modulus is not squarefree or two moduli share a root")
    return u, v


def _columns(basis: list[list[fmpq]]) -> list[int]:
    """k entries e of vec W at which the k basis matrices form an invertible minor (untrusted hint)."""
    chosen: list[int] = []
    for e in range(len(basis[0])):
        trial = chosen + [e]
        if fmpq_mat([[row[x] for x in trial] for row in basis]).rank() == len(trial):
            chosen = trial
        if len(chosen) == len(basis):
            return chosen
    raise NotMapped("the basis responses W(t_h) are dependent")


def dual_coordinates(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """The Theorem 4.4 basis at the goal's lags and H_l = sum_h b_(h,l) W(t_h) for every mode, in trace coordinates."""
    try:
        a, b_in, c, moduli, coeffs, lags, table, (smoduli, sheads) = _goal_dual(goal, "goal")
    except KernelError as err:
        raise NotMapped(f"the goal is not well formed: {err}") from err
    m, d, p, k = a.nrows(), b_in.ncols(), c.nrows(), len(lags)
    definitions = "\n".join(
        [
            f"Definition A : mat := {_mat(a)}.",
            f"Definition B : mat := {_mat(b_in)}.",
            f"Definition C : mat := {_mat(c)}.",
            f"Definition lags : list nat := {_nats(lags)}.",
            "(* the moduli m_l(a), coefficient lists with the constant first *)",
            "Definition moduli : list (list Q) := [" + "; ".join(_poly(x) for x in moduli) + "].",
            "(* H: per mode, the p x d matrix of the closed form's coefficients (elements of K_l[tau]) *)",
            "Definition H : list (list (list (list (list Q)))) := ["
            + "; ".join(
                "[" + "; ".join("[" + "; ".join(_kt(x) for x in row) + "]" for row in mat) + "]" for mat in coeffs
            )
            + "].",
            "(* b: per head h, per mode l, the element b_(h,l) of K_l[tau] *)",
            "Definition b : list (list (list (list Q))) := ["
            + "; ".join("[" + "; ".join(_kt(x) for x in row) + "]" for row in table)
            + "].",
            "Definition support_moduli : list (list Q) := [" + "; ".join(_poly(x) for x in smoduli) + "].",
            "Definition support_heads : list (list (list nat)) := ["
            + "; ".join("[" + "; ".join(_nats(cell) for cell in row) + "]" for row in sheads)
            + "].",
        ]
    )
    statement = "nfd_dual A B C lags moduli H b support_moduli support_heads"
    # Proof hints (untrusted): Bezout pairs, the characteristic polynomial, coordinates from the functionals, a minor.
    w1 = [_bezout(x, x.derivative()) for x in moduli]
    w2 = [[_bezout(moduli[r], moduli[j]) for j in range(r)] for r in range(len(moduli))]
    poly = a.charpoly().coeffs()
    funcs = [fmpq_mat(f) for f in witness["functionals"]] if isinstance(witness, dict) else []
    if len(funcs) != k:
        raise NotMapped("witness.functionals: not one functional per lag")
    responses, state = [], b_in
    for _ in range(m):
        w = c * state
        responses.append([w[i, j] for i in range(p) for j in range(d)])
        state = a * state
    flat = [[f[i, j] for i in range(p) for j in range(d)] for f in funcs]
    coords = [[sum((x * y for x, y in zip(row, w)), fmpq(0)) for row in flat] for w in responses]
    greedy = [[coords[t][:h] for t in range(lags[h])] for h in range(k)]
    basis = [responses[t] for t in lags]
    columns = _columns(basis)
    minor = fmpq_mat([[basis[h][e] for e in columns] for h in range(k)])
    inverse = minor.inv()
    proof = (
        "split; [apply (nfd_moduli_okb moduli\n"
        f"    [{'; '.join(_pair(u, v) for u, v in w1)}]\n"
        f"    [{'; '.join('[' + '; '.join(_pair(u, v) for u, v in row) + ']' for row in w2)}]);\n"
        "    vm_compute; reflexivity|].\n"
        "split; [apply nfd_sameb_ok; vm_compute; reflexivity|].\n"
        "split; [vm_compute; reflexivity|].\n"
        f"split; [apply (nfd_basis_ok A B C {m} {p} {d} {_qs(poly)} lags\n"
        f"    [{'; '.join(_qs(row) for row in coords)}]\n"
        f"    [{'; '.join('[' + '; '.join(_qs(row) for row in g) + ']' for g in greedy)}]\n"
        f"    [{'; '.join(f'({e // d}%nat, {e % d}%nat)' for e in columns)}]\n"
        f"    {_mat(inverse)}); try (vm_compute; reflexivity); simpl; lia|].\n"
        "apply nfd_modes_ok. vm_compute. reflexivity."
    )
    return definitions, statement, proof, False


NFD_KINDS = {"dual_coordinates": dual_coordinates}
