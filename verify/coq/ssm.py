"""Translations of the Theorem 4.4 kinds ssm_condition7 and ssm_heads_necessary: the interaction rank
k = dim span{W(t) : t >= 0} (W(t) = C A^t B) and condition (7), stated over all t and proved once by induction.

The vocabulary (SSM_VOCABULARY, included after the prelude in a file that holds one of these kinds) defines the
impulse responses, spans, independence, `interaction_rank A B C k` (k of the W(t) are independent and span every
W(t)) and `condition7 A B C n` (span{W(0..n-1)} contains every W(t)); its lemmas prove, from a monic p with
sum_e p_e A^e B = 0, W(t) in span(W(t_1..t_k)) for every t (strong induction on the recurrence of p), independence
from a k x k minor and its inverse, and n_min = t_k + 1 from c_{tau,k} = 0 for tau < t_k. Per obligation only
finite facts are left to vm_compute. ssm_heads_sufficient: `heads_construction A B C n k r` (eq. 8 for every tau
with the coefficients c(tau) given by the recurrence, and r = max_h rank of the n x n Toeplitz A^(h), the ranks
proved once for symbolic n from the first nonzero lags z_h).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from .ssm_vocabulary import SSM_VOCABULARY
from .terms import NotMapped, q_number, rat

__all__ = ["SSM_KINDS", "SSM_VOCABULARY"]

# The largest n written as a Coq nat literal (unary): beyond it the statement would be too large to build.
MAX_COQ_LENGTH = 100_000


def _matrix(value: object, where: str) -> list[list[fmpq]]:
    """A goal matrix written as rows of numbers, as rationals (the compact form and Q(i) entries are not mapped)."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise NotMapped(f"{where}: only matrices written as rows of numbers are translated")
    if len({len(r) for r in value}) != 1:
        raise NotMapped(f"{where}: rows of different lengths")
    try:
        return [[rat(x, where) for x in r] for r in value]
    except NotMapped as err:
        raise NotMapped(
            f"{where}: Gaussian-rational (Q(i)) entries; spans over Q(i) are not stated in Coq (only over Q)"
        ) from err


def _literal(rows: list[list[fmpq]]) -> str:
    """A rational matrix as a Coq list of rows."""
    return "[" + "; ".join("[" + "; ".join(q_number(x) for x in r) + "]" for r in rows) + "]"


def _qlist(values: list[fmpq]) -> str:
    """A Coq list of rationals."""
    return "[" + "; ".join(q_number(x) for x in values) + "]"


def _nats(values: list[int]) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def _responses(a: list, b: list, c: list, count: int) -> list[list[fmpq]]:
    """vec W(t) = vec C A^t B (row-major) for t < count (untrusted: only to invert the witness's minor)."""
    ma, mb, mc = fmpq_mat(a), fmpq_mat(b), fmpq_mat(c)
    out, state = [], mb
    for _ in range(count):
        w = mc * state
        out.append([w[i, j] for i in range(w.nrows()) for j in range(w.ncols())])
        state = ma * state
    return out


def _witness_parts(goal: dict, witness: dict) -> dict:
    """The goal's matrices and the witness's annihilator, lags, coefficients, minor positions and inverse, as Coq."""
    a, b, c = (_matrix(goal[name], name) for name in ("A", "B", "C"))
    m, d, p = len(a), len(b[0]), len(c)
    if len(a[0]) != m or len(b) != m or len(c[0]) != m:
        raise NotMapped("A, B, C have incompatible shapes")
    if "annihilator" not in witness:
        raise NotMapped("the full-span witness (no annihilator; verify heads from m = 24 on): not translated")
    poly = [rat(x, "witness.annihilator") for x in witness["annihilator"]]
    lags = [int(t) for t in witness["lags"]]
    if not lags:
        raise NotMapped("k = 0 (no basis lag): not translated")
    if "coefficients" not in witness:
        raise NotMapped("the witness leaves the coefficients c_tau,h out")
    coefficients = [[rat(x, "witness.coefficients") for x in row] for row in witness["coefficients"]]
    columns = [int(e) for e in witness["minor_cols"]]
    if len(columns) != len(lags) or any(not 0 <= e < p * d for e in columns):
        raise NotMapped("witness.minor_cols: not k columns of vec W")
    w = _responses(a, b, c, max(lags) + 1)
    minor = fmpq_mat([[w[t][e] for e in columns] for t in lags])
    if minor.rank() != len(lags):
        raise NotMapped("witness: the minor is singular")
    inverse = minor.inv()
    return {
        "definitions": "\n".join(
            f"Definition {name} : mat := {_literal(x)}." for name, x in (("A", a), ("B", b), ("C", c))
        ),
        "m": m,
        "p": p,
        "d": d,
        "poly": _qlist(poly),
        "lags": lags,
        "coefficients": "[" + "; ".join(_qlist(row) for row in coefficients) + "]",
        "positions": "[" + "; ".join(f"({e // d}%nat, {e % d}%nat)" for e in columns) + "]",
        "inverse": _literal([[inverse[i, j] for j in range(len(lags))] for i in range(len(lags))]),
    }


def _rank_proof(goal: dict, witness: dict) -> tuple[str, str, int]:
    """(definitions, the ssm_rank application proving rank and smallest n, t_k) from the goal and the witness."""
    parts = _witness_parts(goal, witness)
    lags = parts["lags"]
    application = (
        f"apply (ssm_rank_fast A B C {parts['m']} {parts['p']} {parts['d']} {parts['poly']}\n"
        f"    {_nats(lags[:-1])} {lags[-1]}\n"
        f"    {parts['coefficients']}\n    {parts['positions']}\n    {parts['inverse']});\n"
        "    try (vm_compute; reflexivity); simpl; lia"
    )
    return parts["definitions"], application, lags[-1]


def ssm_condition7(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """k = dim span{W(t) : t >= 0}, and condition (7) holds at n exactly when n >= n_min."""
    k, n_min = int(goal["k"]), int(goal["n_min"])
    definitions, application, _ = _rank_proof(goal, witness)
    statement = f"interaction_rank A B C {k} /\\ (forall n : nat, condition7 A B C n <-> ({n_min} <= n)%nat)"
    return definitions, statement, f"{application}.", False


def ssm_heads_necessary(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """k = dim span{W(t) : t >= 0}, and condition (7) holds at the goal's n."""
    k, n = int(goal["k"]), int(goal["n"])
    if not 1 <= n <= MAX_COQ_LENGTH:
        raise NotMapped(f"n = {n} is outside 1..{MAX_COQ_LENGTH} (written as a unary Coq nat)")
    definitions, application, tk = _rank_proof(goal, witness)
    statement = f"interaction_rank A B C {k} /\\ condition7 A B C {n}"
    proof = (
        f"assert (H : interaction_rank A B C {k} /\\ (forall n : nat, condition7 A B C n <-> ({tk + 1} <= n)%nat)).\n"
        f"  {{ {application}. }}\n"
        "  destruct H as [H1 H2]. split; [exact H1 | apply H2; apply Nat.leb_le; vm_compute; reflexivity]."
    )
    return definitions, statement, proof, False


def ssm_heads_sufficient(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """k = dim S_target, and the k-head construction (eq. 8 for every tau) has r = max_h rank A^(h) at length n."""
    k, n, r = int(goal["k"]), int(goal["n"]), int(goal["r"])
    if not 1 <= n <= MAX_COQ_LENGTH:
        raise NotMapped(f"n = {n} is outside 1..{MAX_COQ_LENGTH} (written as a unary Coq nat)")
    parts = _witness_parts(goal, witness)
    zs = [int(z) for z in witness["first_nonzero"]]
    if len(zs) != len(parts["lags"]):
        raise NotMapped("witness.first_nonzero: not one lag per head")
    h0 = max(range(len(zs)), key=lambda h: max(0, n - zs[h]))
    statement = f"interaction_rank A B C {k} /\\ heads_construction A B C {n} {k} {r}"
    proof = (
        f"assert (H : heads_construction A B C {n} {k} {r}).\n"
        f"  {{ apply (ssm_heads_fast A B C {parts['m']} {parts['p']} {parts['d']} {parts['poly']}\n"
        f"      {_nats(parts['lags'][:-1])} {parts['lags'][-1]}\n"
        f"      {parts['coefficients']}\n      {parts['positions']}\n      {parts['inverse']}\n"
        f"      {n - 1} {_nats(zs)} {h0} {r});\n"
        "    try (vm_compute; reflexivity); simpl; lia. }\n"
        "  exact (conj (ssm_heads_rank _ _ _ _ _ _ H) H)."
    )
    return parts["definitions"], statement, proof, False


SSM_KINDS = {
    "ssm_condition7": ssm_condition7,
    "ssm_heads_necessary": ssm_heads_necessary,
    "ssm_heads_sufficient": ssm_heads_sufficient,
}
