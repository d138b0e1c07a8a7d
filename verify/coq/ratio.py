"""Translation of unbounded_ratio: the refutation of lhs = O(rhs) jointly in every size, along the family x = t.

The statement (from the goal only) is the negation of the refuted claim, over integer points:
~ (exists K N : R, forall sizes, is_int x -> 1 <= x -> N <= x -> lhs <= K * rhs). The proof picks an integer
T > 1 + |N| + (P_low + |K| Q_abs) / c (Archimedes), where along x = t the goal's sides become P(t) of degree
d + 1 with leading coefficient c > 0 and Q(t) of degree <= d, P_low and Q_abs the sums of the absolute values
of the other coefficients: then P(T) >= T^d (c T - P_low) > |K| Q_abs T^d >= K Q(T). Families other than
x = t for every size are not mapped.
"""

from __future__ import annotations

from flint import fmpq

from verify.kernel.core.poly import read_poly

from .terms import NotMapped, coq_name, real_expr, real_number

__all__ = ["RATIO_KINDS", "RATIO_LEMMAS", "unbounded_ratio"]

# Helper lemmas (not part of any statement), proved in the module of each obligation that uses them.
RATIO_LEMMAS = r"""Lemma ratio_mul_bound (K y B : R) : Rabs y <= B -> K * y <= Rabs K * B.
Proof.
  intros H. apply (Rle_trans _ (Rabs (K * y))); [apply RRle_abs|]. rewrite Rabs_mult.
  apply Rmult_le_compat_l; [apply Rabs_pos | exact H].
Qed.
Lemma ratio_pow_le (T : R) (i d : nat) : 1 <= T -> (i <= d)%nat -> 0 < T ^ i <= T ^ d.
Proof. intros; split; [apply pow_lt; lra | apply Rle_pow; assumption]. Qed.
Lemma ratio_large (M : R) : exists T : R, is_int T /\ M < T.
Proof. exists (IZR (up M)). split; [exists (up M); reflexivity | apply (proj1 (archimed M))]. Qed.
"""


def _along_t(value: object, names: tuple[str, ...], where: str) -> dict[int, fmpq]:
    """The coefficients of the polynomial with every variable replaced by t (degree -> coefficient)."""
    poly = read_poly(value, names, where, complex_ok=False)
    out: dict[int, fmpq] = {}
    for monomial, c in poly.terms.items():
        out[sum(monomial)] = out.get(sum(monomial), fmpq(0)) + c.re
    return {e: c for e, c in out.items() if c != 0}


def _sum(coefficients: dict[int, fmpq], power: str) -> str:
    """sum_i c_i * T ^ i as a term of R."""
    parts = [f"{real_number(c)} * {power} ^ {e}" for e, c in sorted(coefficients.items())]
    return " + ".join(parts) or "0"


def unbounded_ratio(goal: dict, witness: object) -> tuple[str, str, str, bool]:
    """~ (exists K N, lhs <= K * rhs at every integer point with all sizes >= max(N, 1)), proved along x = t."""
    domains = goal["domains"]
    if not isinstance(domains, dict) or not domains or set(domains.values()) != {"size"}:
        raise NotMapped("unbounded_ratio: expected size variables")
    names = tuple(sorted(domains))
    xs = [coq_name(v) for v in names]
    k_name, n_name = "Kc", "Nc"
    if {k_name, n_name, "T"} & set(xs):
        raise NotMapped("unbounded_ratio: a variable is named Kc, Nc or T")
    family = witness.get("family") if isinstance(witness, dict) else None
    if not isinstance(family, dict) or sorted(family) != sorted(names) or set(family.values()) != {"t"}:
        raise NotMapped("unbounded_ratio: only the family x = t for every size is translated")
    p, q = _along_t(goal["lhs"], names, "lhs"), _along_t(goal["rhs"], names, "rhs")
    if not p or not q or max(p) <= max(q) or p[max(p)] <= 0:
        raise NotMapped("unbounded_ratio: along x = t, deg lhs > deg rhs with a positive leading coefficient")
    d = max(p) - 1
    lead = p.pop(d + 1)
    p_low = sum((abs(c) for c in p.values()), fmpq(0))
    q_abs = sum((abs(c) for c in q.values()), fmpq(0))
    if not isinstance(goal["lhs"], str) or not isinstance(goal["rhs"], str):
        raise NotMapped("unbounded_ratio: expected expression strings")
    lhs, rhs = (real_expr(goal[k], {v: coq_name(v) for v in names}, k) for k in ("lhs", "rhs"))
    lhs_t, rhs_t = (real_expr(goal[k], {v: "T" for v in names}, k) for k in ("lhs", "rhs"))
    hyps = [f"is_int {x}" for x in xs] + [f"1 <= {x}" for x in xs] + [f"{n_name} <= {x}" for x in xs]
    statement = (
        f"~ (exists {k_name} {n_name} : R, forall {' '.join(xs)} : R,\n    "
        + " -> ".join(hyps)
        + f" ->\n    {lhs} <= {k_name} * ({rhs}))"
    )
    lc, pl, qa = real_number(lead), real_number(p_low), real_number(q_abs)
    bounds = " ".join(
        f"pose proof (ratio_pow_le T {i} {d} H1 (proj1 (Nat.leb_le {i} {d}) eq_refl)) as P{i}." for i in range(d + 1)
    )
    lines = [
        f"intros [{k_name} [{n_name} H]].",
        f"destruct (ratio_large (1 + Rabs {n_name} + ({pl} + Rabs {k_name} * {qa}) / {lc})) as [T [HT HM]].",
        f"pose proof (Rle_abs {n_name}) as Ha1; pose proof (Rabs_pos {n_name}) as Ha2;"
        f" pose proof (Rabs_pos {k_name}) as Ha3.",
        f"assert (HN : {n_name} <= T) by lra. assert (H1 : 1 <= T) by lra.",
        f"specialize (H {' '.join(['T'] * len(xs))} {' '.join(['HT'] * len(xs))} {' '.join(['H1'] * len(xs))}"
        f" {' '.join(['HN'] * len(xs))}).",
        bounds,
        f"assert (EP : {lhs_t} = {lc} * (T * T ^ {d}) + ({_sum(p, 'T')})) by ring.",
        f"assert (EQ : {rhs_t} = {_sum(q, 'T')}) by ring.",
        f"assert (HQ : Rabs ({_sum(q, 'T')}) <= {qa} * T ^ {d}) by (apply Rabs_le; lra).",
        f"pose proof (ratio_mul_bound {k_name} _ _ HQ) as HK.",
        f"assert (HL : 0 < T ^ {d} * ({lc} * T - {pl} - Rabs {k_name} * {qa})) by (apply Rmult_lt_0_compat; lra).",
        "rewrite EP, EQ in H. lra.",
    ]
    return "Local Open Scope R_scope.\n" + RATIO_LEMMAS, statement, "\n  ".join(lines), False


RATIO_KINDS: dict = {"unbounded_ratio": unbounded_ratio}
