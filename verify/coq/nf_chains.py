"""Translation of jordan_chains (Appendix A): A's Jordan structure over C, stated through exact ranks over Q.

The kernel's goal: A (n x n, rational) and, per modulus m_l (monic), the non-increasing Jordan block sizes that
every root of m_l has; the blocks cover n = sum_l deg(m_l) sum(sizes_l). The Coq theorem states, from the goal
alone (never from a witness):
  - A is n x n and the blocks cover n;
  - each m_l is irreducible over Q: degree 1, or degree 2 with no rational root (`nfc_no_rational_root`);
  - the moduli are pairwise distinct (as polynomials; being monic and irreducible, they are then coprime);
  - for s = 1 .. max(sizes_l): rank_Q m_l(A)^s = n - deg(m_l) sum_b min(b, s) (`nfc_rank`).
Why this is A's Jordan form (docs/coq.md, the kernel's argument in kind_modes.py): m_l squarefree, so
ker m_l(A)^s is the direct sum of ker (A - alpha)^s over its deg(m_l) roots alpha, which are Galois conjugate and
so have equal kernel dimensions: dim ker (A - alpha)^s = sum_b min(b, s), i.e. the blocks of size >= s at alpha for
s <= max; the roots of distinct monic irreducible moduli are distinct, and the stated blocks cover n, so there are
no longer blocks and no other eigenvalues. Moduli of degree >= 3, and of degree 2 unless c1^2/4 - c0 is negative
or 2 or 3 times a rational square (no short irreducibility proof here), are not mapped (none in certs/).
The proof: the ranks by row-basis and minor witnesses computed here from the goal (untrusted; coqc checks them by
vm_compute); no rational root by completing the square, or by `nfc_sqrt_prime` (no rational square root of 2 or 3).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly, fmpz

from verify.kernel.theories.modes.kind_modes import read_modulus

from .terms import NotMapped, q_number, rat

__all__ = ["NFC_KINDS", "NFC_VOCABULARY", "jordan_chains"]

NFC_VOCABULARY = r"""
(* ===== Appendix A vocabulary for jordan_chains (part of what a reviewer trusts) ===== *)
Local Open Scope Q_scope.
(* A polynomial is the list of its rational coefficients, constant first: [c0; c1; ...] is c0 + c1 a + ... *)
Definition nfc_qeval (cs : list Q) (q : Q) : Q := fold_right (fun c acc => c + q * acc) 0 cs.
(* cs(A) for a square matrix A, by Horner's rule: c0 I + A (c1 I + A (c2 I + ...)). *)
Definition nfc_peval (A : mat) (cs : list Q) : mat :=
  fold_right (fun c acc => Madd (Mscale c (Meye (length A))) (Mmul A acc)) (Mscale 0 (Meye (length A))) cs.
(* No rational root; for a polynomial of degree 2 (or 3) this is irreducibility over Q. *)
Definition nfc_no_rational_root (cs : list Q) : Prop := forall q : Q, ~ (nfc_qeval cs q == 0).
(* rank over Q of an n x n matrix M is r: M = 0 when r = 0, else the prelude's rank_at_most and rank_at_least. *)
Definition nfc_rank (n : nat) (M : mat) (r : nat) : Prop :=
  match r with
  | O => Meq M (Mscale 0 (Meye n)) = true
  | _ => rank_at_most M r /\ rank_at_least M r
  end.
(* ----- Proofs (not part of any statement): no rational square root of a prime, by descent ----- *)
From Coq Require Import Znumtheory Lia.
Lemma nfc_sqrt_prime_Z (p : Z) : prime p -> forall (m : nat) (d : positive), (Pos.to_nat d <= m)%nat ->
  forall n : Z, (n * n <> p * (Z.pos d * Z.pos d))%Z.
Proof.
  intros Hp m. pose proof (prime_ge_2 p Hp) as P2.
  induction m as [| m IH]; intros d Hd n E; [lia | ].
  destruct (prime_mult p Hp n n) as [[k Hk] | [k Hk]]; try (exists (Z.pos d * Z.pos d)%Z; lia);
  subst n; assert (E2 : (p * (k * k) = Z.pos d * Z.pos d)%Z) by nia;
  (destruct (prime_mult p Hp (Z.pos d) (Z.pos d)) as [[e He] | [e He]]; [exists (k * k)%Z; lia | | ]);
  (assert (Epos : (0 < e)%Z) by nia);
  (assert (Lt : (Pos.to_nat (Z.to_pos e) < Pos.to_nat d)%nat)
     by (rewrite <- !Z2Nat.inj_pos, Z2Pos.id by lia; nia));
  apply (IH (Z.to_pos e) ltac:(lia) k); rewrite Z2Pos.id by lia; nia.
Qed.
Lemma nfc_sqrt_prime (p : Z) : prime p -> forall x : Q, ~ (x * x == inject_Z p).
Proof.
  intros Hp [n d] H. unfold Qeq, Qmult, inject_Z in H. simpl in H.
  apply (nfc_sqrt_prime_Z p Hp (Pos.to_nat d) d (le_n _) n). rewrite Pos2Z.inj_mul in H. lia.
Qed.
Local Close Scope Q_scope.
(* ===== End of the jordan_chains vocabulary ===== *)
"""


def _nat_list(values: list[int]) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def _q_list(values: list[fmpq]) -> str:
    """A Coq list of rationals."""
    return "[" + "; ".join(q_number(v) for v in values) + "]"


def _q_rows(rows: list[list[fmpq]]) -> str:
    """A Coq matrix literal."""
    return "[" + "; ".join(_q_list(r) for r in rows) + "]"


def _rank_proof(m: fmpq_mat, r: int) -> str:
    """The witnesses of nfc_rank n M r (rows spanning M, their combinations, a minor's inverse) as one tactic; for a
    wrong r the witnesses of the true rank, which coqc rejects."""
    n = m.nrows()
    if r == 0:
        return "vm_compute; reflexivity"
    rows: list[int] = []
    for i in range(n):
        candidate = rows + [i]
        if fmpq_mat([[m[k, j] for j in range(m.ncols())] for k in candidate]).rank() == len(candidate):
            rows = candidate
    cols: list[int] = []
    for j in range(m.ncols()):
        candidate = cols + [j]
        if rows and fmpq_mat([[m[k, c] for c in candidate] for k in rows]).rank() == len(candidate):
            cols = candidate
    x: list[list[fmpq]] = [[] for _ in range(n)]
    inv: list[list[fmpq]] = []
    if rows:
        inverse = fmpq_mat([[m[k, c] for c in cols] for k in rows]).inv()
        combos = fmpq_mat([[m[i, c] for c in cols] for i in range(n)]) * inverse
        x = [[combos[i, k] for k in range(len(rows))] for i in range(n)]
        inv = [[inverse[a, b] for b in range(len(rows))] for a in range(len(rows))]
    return (
        f"split; [exists {_nat_list(rows)}, {_q_rows(x)}; decide_closed"
        f" | exists {_nat_list(rows)}, {_nat_list(cols)}, {_q_rows(inv)}; decide_closed]"
    )


_PRIMES = {2: "prime_2", 3: "prime_3"}  # Znumtheory's proofs that 2 and 3 are prime


def _irreducible(m: fmpq_poly, name: str) -> tuple[str, str] | None:
    """(clause, proof) that the degree-2 modulus has no rational root; None for degree 1; NotMapped otherwise.

    At a root q, (q + c1/2)^2 = c1^2/4 - c0 =: D. D < 0: a square is not negative. D = p t^2 with p = 2 or 3 prime:
    ((q + c1/2)/t)^2 = p, which has no rational solution (nfc_sqrt_prime)."""
    if m.degree() == 1:
        return None
    c = m.coeffs()
    clause = f"nfc_no_rational_root {name}"
    if m.degree() == 2:
        half, disc = c[1] / 2, c[1] * c[1] / 4 - c[0]
        h = q_number(half)
        if disc < 0:
            proof = (
                f"intros q H; pose proof (sq (q + {h})) as P; "
                f"setoid_replace ((q + {h}) * (q + {h})) with (nfc_qeval {name} q + {q_number(disc)}) in P"
                f" by (unfold nfc_qeval, {name}; simpl fold_right; ring); "
                "rewrite H in P; apply Qle_bool_iff in P; vm_compute in P; discriminate P"
            )
            return clause, proof
        if disc > 0:
            square_free, root = 1, fmpq(1, disc.q)
            for prime, e in fmpz(disc.p * disc.q).factor():
                square_free *= int(prime) ** (e % 2)
                root *= fmpq(int(prime) ** (e // 2))
            if square_free in _PRIMES:
                t = q_number(root)
                x = f"((q + {h}) / {t})"
                proof = (
                    f"intros q H; apply (nfc_sqrt_prime {square_free} {_PRIMES[square_free]} {x}); "
                    f"setoid_replace ({x} * {x}) with (nfc_qeval {name} q * (1 / ({t} * {t})) + inject_Z {square_free})"
                    f" by (unfold nfc_qeval, {name}; simpl fold_right; field); rewrite H; ring"
                )
                return clause, proof
    raise NotMapped(
        f"jordan_chains: modulus of degree {m.degree()} whose irreducibility over Q is not proved here (degree 2 "
        "is mapped when c1^2/4 - c0 is negative or 2 or 3 times a rational square)"
    )


def jordan_chains(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """Irreducible distinct moduli and rank_Q m_l(A)^s = n - d_l sum_b min(b, s) for s <= max block: the Jordan form."""
    rows = [[rat(x, "A") for x in r] for r in goal["A"]]
    n = len(rows)
    if not n or any(len(r) != n for r in rows):
        raise NotMapped("jordan_chains: A is not a nonempty square matrix")
    a = fmpq_mat(rows)
    eigen = goal["eigen"]
    moduli = [read_modulus(e["modulus"], f"eigen[{k}].modulus") for k, e in enumerate(eigen)]
    sizes = [[int(s) for s in e["chains"]] for e in eigen]
    if any(not s or min(s) < 1 or s != sorted(s, reverse=True) for s in sizes):
        raise NotMapped("jordan_chains: block sizes must be positive and non-increasing")
    names = [f"nfc_m{k + 1}" for k in range(len(moduli))]
    definitions = [f"Definition nfc_A : mat := {_q_rows(rows)}."]
    definitions += [f"Definition {nm} : list Q := {_q_list(m.coeffs())}." for nm, m in zip(names, moduli)]
    cover = " + ".join(f"{m.degree()} * {sum(s)}" for m, s in zip(moduli, sizes))
    clauses = [(f"square {n} nfc_A = true", "vm_compute; reflexivity"), (f"({cover} = {n})%nat", "reflexivity")]
    for k, (m, name) in enumerate(zip(moduli, names)):
        irreducible = _irreducible(m, name)
        if irreducible is not None:
            clauses.append(irreducible)
        for j in range(k):
            clauses.append((f"Req {names[j]} {name} = false", "vm_compute; reflexivity"))
    for m, name, blocks in zip(moduli, names, sizes):
        value = fmpq_mat(n, n)
        for e, c in enumerate(m.coeffs()):
            value += c * a**e
        power = fmpq_mat(n, n, [int(i == j) for i in range(n) for j in range(n)])
        for s in range(1, max(blocks) + 1):
            power = power * value
            r = n - m.degree() * sum(min(b, s) for b in blocks)
            if r < 0:
                raise NotMapped("jordan_chains: the blocks exceed the dimension")
            clauses.append((f"nfc_rank {n} (Mpow (nfc_peval nfc_A {name}) {s}) {r}", _rank_proof(power, r)))
    statement = " /\\\n  ".join(c for c, _ in clauses)
    proof = "\n  ".join(f"split; [{p} | ]." for _, p in clauses[:-1]) + f"\n  {clauses[-1][1]}."
    return "\n".join(definitions), statement, proof, False


NFC_KINDS: dict = {"jordan_chains": jordan_chains}
