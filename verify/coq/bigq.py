"""Fast exact proofs of rational comparisons: the expression is reflected into a small syntax tree that Coq
evaluates with Bignums' BigQ (machine-word big integers) and that is proved to mean the same rational in Q.

Untrusted proof device, not vocabulary: the statements stay written in Q with the prelude's definitions; the
lemmas FB.le, FB.lt and FB.eq below are proved in every file that uses them (their only axioms are the
specifications of Coq's primitive 63-bit integers, which the runner allows). Used by float_bound, whose bounds
reach rationals of 45,000 bits (powers such as lam^128) that Q's binary `positive` arithmetic is too slow for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flint import fmpq

from .terms import NotMapped

__all__ = ["BIGQ_IMPORT", "BIGQ_LIBRARY", "SMALL_BITS", "largest_bits", "reflect", "relation_proof"]

BIGQ_IMPORT = "From Bignums Require BigQ.\n"

BIGQ_LIBRARY = r"""
(* Proof device for exact comparisons of large rationals (not part of any statement): an expression tree e,
   its meaning q in Q, and its value b computed with Bignums' BigQ (unreduced: no gcds); b_q proves they agree. *)
Module FB.
Local Open Scope Q_scope.
Inductive e :=
  C (c : Q) | Add (x y : e) | Sub (x y : e) | Mul (x y : e) | Div (x y : e) | Opp (x : e) | Pow (x : e) (z : Z).
Fixpoint q (x : e) : Q :=
  match x with
  | C c => c | Add x y => q x + q y | Sub x y => q x - q y | Mul x y => q x * q y | Div x y => q x / q y
  | Opp x => - q x | Pow x z => q x ^ z
  end.
Fixpoint b (x : e) : BigQ.BigQ.t :=
  match x with
  | C c => BigQ.BigQ.of_Q c | Add x y => BigQ.BigQ.add (b x) (b y) | Sub x y => BigQ.BigQ.sub (b x) (b y)
  | Mul x y => BigQ.BigQ.mul (b x) (b y) | Div x y => BigQ.BigQ.div (b x) (b y)
  | Opp x => BigQ.BigQ.opp (b x) | Pow x z => BigQ.BigQ.power (b x) z
  end.
Lemma b_q (x : e) : BigQ.BigQ.to_Q (b x) == q x.
Proof.
  induction x; simpl.
  - rewrite BigQ.BigQ.strong_spec_of_Q. reflexivity.
  - rewrite BigQ.BigQ.spec_add, IHx1, IHx2. reflexivity.
  - rewrite BigQ.BigQ.spec_sub, IHx1, IHx2. reflexivity.
  - rewrite BigQ.BigQ.spec_mul, IHx1, IHx2. reflexivity.
  - rewrite BigQ.BigQ.spec_div, IHx1, IHx2. reflexivity.
  - rewrite BigQ.BigQ.spec_opp, IHx. reflexivity.
  - rewrite BigQ.BigQ.spec_power, IHx. reflexivity.
Qed.
Definition cmp (x y : e) : comparison := BigQ.BigQ.compare (b x) (b y).
Lemma cmp_q (x y : e) : cmp x y = (q x ?= q y).
Proof. unfold cmp. rewrite BigQ.BigQ.spec_compare, (b_q x), (b_q y). reflexivity. Qed.
Lemma le (x y : e) : match cmp x y with Gt => false | _ => true end = true -> q x <= q y.
Proof. rewrite cmp_q, Qle_alt. destruct (q x ?= q y); discriminate || (intros _ H; discriminate). Qed.
Lemma lt (x y : e) : cmp x y = Lt -> q x < q y.
Proof. rewrite cmp_q. apply Qlt_alt. Qed.
Lemma eq (x y : e) : cmp x y = Eq -> q x == q y.
Proof. rewrite cmp_q. apply Qeq_alt. Qed.
End FB.
"""

_BINARY = {"add": "Add", "sub": "Sub", "mul": "Mul", "div": "Div"}

SMALL_BITS = 600
"""Below this size (bits of every intermediate value, in lowest terms) plain vm_compute in Q is faster than the
BigQ trees (about 1 to 2 s of coqc per float_bound); above it Q's binary integers are far slower (7 s at 963
bits, 90 s and more at 11,000 bits, measured on the certificates of Theorem 4.4)."""


def largest_bits(node: tuple, env: Mapping[str, fmpq | None]) -> tuple[fmpq | None, int]:
    """(value, largest numerator or denominator in bits over every subexpression); None where undefined."""
    kind = node[0]
    if kind == "num":
        value = fmpq(int(node[1]))
        return value, value.p.bit_length()
    if kind == "var":
        known = env.get(node[1])
        return known, 0 if known is None else max(known.p.bit_length(), known.q.bit_length())
    if kind in ("neg", "pow"):
        inner, bits = largest_bits(node[1], env)
        if inner is None or (kind == "pow" and inner == 0 and node[2] < 0):
            return None, bits
        value = -inner if kind == "neg" else inner ** int(node[2])
        return value, max(bits, value.p.bit_length(), value.q.bit_length())
    (left, lbits), (right, rbits) = largest_bits(node[1], env), largest_bits(node[2], env)
    if left is None or right is None or (kind == "div" and right == 0) or kind not in _BINARY:
        return None, max(lbits, rbits)
    value = {"add": left + right, "sub": left - right, "mul": left * right}[kind] if kind != "div" else left / right
    return value, max(lbits, rbits, value.p.bit_length(), value.q.bit_length())


def reflect(node: tuple, leaf: Callable[[str], str | tuple]) -> str:
    """The FB.e tree of an expression, leaf(name) giving a Q term (or an expression tree to expand)."""
    kind = node[0]
    if kind == "num":
        return f"(FB.C ({node[1]}#1))"
    if kind == "var":
        target = leaf(node[1])
        return reflect(target, leaf) if isinstance(target, tuple) else f"(FB.C {target})"
    if kind == "neg":
        return f"(FB.Opp {reflect(node[1], leaf)})"
    if kind == "pow":
        return f"(FB.Pow {reflect(node[1], leaf)} ({node[2]})%Z)"
    if kind in _BINARY:
        return f"(FB.{_BINARY[kind]} {reflect(node[1], leaf)} {reflect(node[2], leaf)})"
    raise NotMapped(f"expression node {kind!r} in an exact comparison")


def relation_proof(lhs: str, op: str, rhs: str) -> str:
    """A tactic proving `lhs op rhs` (reflected trees) by BigQ computation; >= and > are <= and < swapped."""
    if op in (">=", ">"):
        lhs, rhs, op = rhs, lhs, "<=" if op == ">=" else "<"
    lemma = {"<=": "FB.le", "<": "FB.lt", "==": "FB.eq"}.get(op)
    if lemma is None:
        raise NotMapped(f"relation {op!r}")
    return f"refine ({lemma} {lhs} {rhs} _); vm_compute; reflexivity"
