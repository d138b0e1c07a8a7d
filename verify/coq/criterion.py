r"""Translation of response_block_criterion with the verdict "obstructed: a non-real root of multiplicity 2".

Statement (from the goal only): `minimal_polynomial A B C p d q` (the realization vocabulary) /\ no complex w is a
root of multiplicity >= 3 (q(w) = q'(w) = q''(w) = 0 never holds) /\ some non-real z (Im z <> 0) is a root of
multiplicity >= 2 (q(z) = q'(z) = 0), over Coquelicot's C, with `Cpoly`, `pderiv` defined in the obligation's
module (part of the statement). This is the kernel's verdict: no irreducible factor of q has multiplicity >= 3, and
a factor of multiplicity 2 has a non-real root (a root of multiplicity exactly 2 of q, the factors being coprime).
Proof: minimality as for response_block_realization; no triple root from a Bezout identity a q + b q' + c q'' = 1
(python-flint's xgcd, a hint; the identity is proved by `field` on the real and imaginary parts); the double root
from a quadratic factor of multiplicity 2 with a rational imaginary part (other goals and verdicts are not mapped).
"""

from __future__ import annotations

from math import isqrt

from flint import fmpq, fmpq_poly

from .realization import minimality_proof
from .ssm import _matrix, _qlist
from .terms import NotMapped, q_number, rat, real_number

__all__ = ["CRITERION_KINDS", "CRITERION_REQUIRE", "response_block_criterion"]

CRITERION_REQUIRE = (
    'Set Warnings "-ambiguous-paths".\nFrom Coquelicot Require Complex.\nFrom Coq Require Import Qreals.\n'
)
_VERDICT = "obstructed: a non-real root of multiplicity 2"

_DEFINITIONS = r"""Import Coquelicot.Complex.
(* Part of the statement: q(w) for a rational coefficient list (lowest degree first) at a complex w, and q'. *)
Definition Cpoly (c : list Q) (w : C) : C := fold_right (fun a acc => Cplus (RtoC (Q2R a)) (Cmult w acc)) (RtoC 0) c.
Fixpoint pderiv_from (k : nat) (c : list Q) : list Q :=
  match c with [] => [] | a :: c' => (inject_Z (Z.of_nat k) * a)%Q :: pderiv_from (S k) c' end.
Definition pderiv (c : list Q) : list Q := match c with [] => [] | _ :: c' => pderiv_from 1 c' end.
"""


def _unreduced(values: list[fmpq], start: int) -> str:
    """pderiv_from start's result as Coq computes it: (k * p # q) for p/q, not reduced."""
    return "[" + "; ".join(f"({(start + k) * int(x.p)}#{int(x.q)})" for k, x in enumerate(values)) + "]"


def response_block_criterion(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """minimal_polynomial /\\ no root of multiplicity >= 3 /\\ a non-real root of multiplicity 2 (that verdict only)."""
    if goal.get("verdict") != _VERDICT:
        raise NotMapped(f"verdict {str(goal.get('verdict'))[:60]!r}: only {_VERDICT!r} is translated")
    a, b, c = (_matrix(goal[name], name) for name in ("A", "B", "C"))
    q = [rat(x, "minpoly") for x in goal["minpoly"]]
    setup, minimal = minimality_proof(a, b, c, q, "Cout")
    poly = fmpq_poly(q)
    d1 = poly.derivative()
    d2 = d1.derivative()
    g1, s1, t1 = poly.xgcd(d1)
    g2, s2, t2 = g1.xgcd(d2)
    if g2 != 1:
        raise NotMapped("q, q', q'' have a common factor (the goal is false)")
    bezout = [s2 * s1, s2 * t1, t2]
    root = None
    for f, e in poly.factor()[1]:
        if e == 2 and f.degree() == 2:
            c0, c1, c2 = f.coeffs()
            disc = c1 * c1 - 4 * c0 * c2
            if disc < 0:
                square = -disc / (4 * c2 * c2)
                num, den = int(square.p), int(square.q)
                if isqrt(num) ** 2 == num and isqrt(den) ** 2 == den:
                    root = (-c1 / (2 * c2), fmpq(isqrt(num), isqrt(den)))
    if root is None:
        raise NotMapped("no quadratic factor of multiplicity 2 with a rational imaginary part (not translated)")
    p, d = len(c), len(b[0])
    first = _unreduced(q[1:], 1)
    second = "[" + "; ".join(f"({(k + 1) * (k + 2) * int(x.p)}#{int(x.q)})" for k, x in enumerate(q[2:])) + "]"
    statement = (
        f"minimal_polynomial A B Cout {p} {d} q /\\\n"
        "  (forall w : C, ~ (Cpoly q w = RtoC 0 /\\ Cpoly (pderiv q) w = RtoC 0 /\\\n"
        "                    Cpoly (pderiv (pderiv q)) w = RtoC 0)) /\\\n"
        "  (exists z : C, (Im z <> 0)%R /\\ Cpoly q z = RtoC 0 /\\ Cpoly (pderiv q) z = RtoC 0)"
    )
    ca, cb, cc = (_qlist(list(x.coeffs())) for x in bezout)
    za, zb = real_number(root[0]), real_number(root[1])
    compute = "unfold Cpoly, q; cbn [fold_right]; unfold Q2R, Cplus, Cmult, RtoC; cbn [fst snd Qnum Qden]"
    proof = f"""{setup}
  assert (D1 : pderiv q = {first}) by (vm_compute; reflexivity).
  assert (D2 : pderiv (pderiv q) = {second}) by (vm_compute; reflexivity).
  split; [{minimal} |]. rewrite D2, D1. split.
  - intros [x y] [H1 [H2 H3]].
    assert (HB : (Cpoly q (x, y) * Cpoly {ca} (x, y) + Cpoly {first} (x, y) * Cpoly {cb} (x, y) +
                  Cpoly {second} (x, y) * Cpoly {cc} (x, y) = RtoC 1)%C).
    {{ {compute}; apply injective_projections; cbn [fst snd]; field. }}
    rewrite H1, H2, H3 in HB. assert (HZ : (RtoC 0 = RtoC 1)%C) by (rewrite <- HB; ring).
    apply (f_equal fst) in HZ. unfold RtoC in HZ. cbn [fst] in HZ. lra.
  - exists ({za}%R, {zb}%R). split; [unfold Im; simpl; lra |].
    {compute}.
    split; apply injective_projections; cbn [fst snd]; field."""
    definitions = _DEFINITIONS + "\n".join(
        [f"Definition {n} : mat := {_lit(x)}." for n, x in (("A", a), ("B", b), ("Cout", c))]
        + [f"Definition q : list Q := {_qlist(q)}."]
    )
    return definitions, statement, proof, False


def _lit(rows: list[list[fmpq]]) -> str:
    """A rational matrix as a Coq list of rows."""
    return "[" + "; ".join("[" + "; ".join(q_number(x) for x in r) + "]" for r in rows) + "]"


CRITERION_KINDS = {"response_block_criterion": response_block_criterion}
