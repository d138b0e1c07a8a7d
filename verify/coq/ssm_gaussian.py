"""Translations of the Theorem 4.4 kinds (ssm_condition7, ssm_heads_necessary, ssm_heads_sufficient) whose
matrices have Gaussian-rational (Q(i)) entries, stated over Q(i) with GAUSSIAN_VOCABULARY.

Goals with real entries go to verify/coq/ssm.py unchanged. Over Q(i), only the case where the k basis responses
span every p x d matrix (k = p d, the minor's positions list every entry) is proved: then every W(t) is in their
span by the inverse N of the minor (N G = I and G N = I, both checked by vm_compute), with no annihilator
induction; condition (7) fails below t_k + 1 as in ssm.py; the k-head construction is mapped when r = n (one
head's Toeplitz is invertible, its inverse given). Other shapes are not mapped (NotMapped with the reason).
"""

from __future__ import annotations

from verify.kernel.core.numbers import GQ, parse_number

from .ssm import MAX_COQ_LENGTH, SSM_KINDS
from .ssm_gaussian_vocabulary import GAUSSIAN_VOCABULARY
from .terms import NotMapped, q_number

__all__ = ["GAUSSIAN_SSM_KINDS", "GAUSSIAN_VOCABULARY"]

_ZERO, _ONE = GQ(0), GQ(1)
# A premise `b = true` decided by vm_compute, and a premise `a < b` between closed naturals.
_BOOL = " ltac:(vm_compute; reflexivity)"
_LT = " ltac:(apply Nat.ltb_lt; vm_compute; reflexivity)"


def _number(x: GQ) -> str:
    """A Gaussian rational as a Coq pair of rationals (re, im)."""
    return f"({q_number(x.re)}, {q_number(x.im)})"


def _matrix(value: object, where: str) -> list[list[GQ]]:
    """A goal matrix written as rows of numbers, over Q(i)."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise NotMapped(f"{where}: only matrices written as rows of numbers are translated")
    if len({len(r) for r in value}) != 1:
        raise NotMapped(f"{where}: rows of different lengths")
    return [[parse_number(x, where) for x in r] for r in value]


def _literal(rows: list[list[GQ]]) -> str:
    """A Q(i) matrix as a Coq list of rows."""
    return "[" + "; ".join("[" + "; ".join(_number(x) for x in r) + "]" for r in rows) + "]"


def _glist(values: list[GQ]) -> str:
    """A Coq list of Gaussian rationals."""
    return "[" + "; ".join(_number(x) for x in values) + "]"


def _nats(values: list[int]) -> str:
    """A Coq list of naturals."""
    return "[" + "; ".join(f"{v}%nat" for v in values) + "]"


def _mul(x: list[list[GQ]], y: list[list[GQ]]) -> list[list[GQ]]:
    """The product of two Q(i) matrices (untrusted: proof hints only)."""
    out = []
    for row in x:
        out.append([sum((row[s] * y[s][j] for s in range(len(y))), _ZERO) for j in range(len(y[0]))])
    return out


def _inverse(g: list[list[GQ]], where: str) -> list[list[GQ]]:
    """The inverse of a square Q(i) matrix by Gauss-Jordan elimination (NotMapped when singular)."""
    n = len(g)
    rows = [list(r) + [_ONE if i == j else _ZERO for j in range(n)] for i, r in enumerate(g)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if not rows[r][col].is_zero()), None)
        if pivot is None:
            raise NotMapped(f"{where}: singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        inv = rows[col][col].inverse()
        rows[col] = [x * inv for x in rows[col]]
        for r in range(n):
            if r != col and not rows[r][col].is_zero():
                f = rows[r][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col])]
    return [r[n:] for r in rows]


def _parts(goal: dict, witness: dict) -> dict:
    """The goal's Q(i) matrices and the witness's lags, coefficients, positions and the minor's inverse, as Coq."""
    a, b, c = (_matrix(goal[name], name) for name in ("A", "B", "C"))
    m, d, p = len(a), len(b[0]), len(c)
    if len(a[0]) != m or len(b) != m or len(c[0]) != m:
        raise NotMapped("A, B, C have incompatible shapes")
    lags = [int(t) for t in witness["lags"]]
    if not lags or sorted(lags) != lags or len(set(lags)) != len(lags):
        raise NotMapped("witness.lags: not an increasing nonempty list")
    if "coefficients" not in witness:
        raise NotMapped("the witness leaves the coefficients c_tau,h out")
    coefficients = [[parse_number(x, "witness.coefficients") for x in row] for row in witness["coefficients"]]
    if len(coefficients) < lags[-1]:
        raise NotMapped("witness.coefficients: fewer rows than t_k")
    columns = [int(e) for e in witness["minor_cols"]]
    if sorted(columns) != list(range(p * d)) or len(lags) != p * d:
        raise NotMapped(
            "over Q(i) only the case k = p d (the basis responses span every p x d matrix) is proved in Coq"
        )
    responses, state = [], b
    for _ in range(lags[-1] + 1):
        w = _mul(c, state)
        responses.append([w[i][j] for i in range(p) for j in range(d)])
        state = _mul(a, state)
    inverse = _inverse([[responses[t][e] for e in columns] for t in lags], "witness: the minor")
    return {
        "definitions": "\n".join(
            f"Definition {name} : gmat := {_literal(x)}." for name, x in (("A", a), ("B", b), ("C", c))
        ),
        "head": (
            f"A B C {p} {d} {_nats(lags[:-1])} {lags[-1]}\n"
            f"    [{'; '.join(_glist(row) for row in coefficients[: lags[-1]])}]\n"
            f"    [{'; '.join(f'({e // d}%nat, {e % d}%nat)' for e in columns)}]\n"
            f"    {_literal(inverse)}"
        ),
        "lags": lags,
        "matrices": (a, b, c),
        "columns": columns,
        "inverse": inverse,
        "pd": (p, d),
    }


def _gaussian(goal: dict) -> bool:
    """Whether one of A, B, C has a non-real entry (the goal is then stated over Q(i))."""
    for name in ("A", "B", "C"):
        rows = goal.get(name)
        if isinstance(rows, list):
            for row in rows:
                if isinstance(row, list) and any(not parse_number(x, name).is_real() for x in row):
                    return True
    return False


def _rank(parts: dict) -> str:
    """The gssm_rank conclusion as an assert with its proof."""
    k, tk = len(parts["lags"]), parts["lags"][-1]
    return (
        f"assert (H : interaction_rank_Qi A B C {k} /\\ (forall n : nat, condition7_Qi A B C n <-> ({tk + 1} <= n)%nat)"
        f").\n  {{ destruct (gssm_rank {parts['head']}\n      eq_refl eq_refl{_BOOL * 5}) as [H1 [H2 _]].\n"
        "    split; [exact H1 | exact H2]. }\n"
    )


def ssm_condition7(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """Over Q(i): k = dim span{W(t) : t >= 0}, and condition (7) holds at n exactly when n >= n_min."""
    if not _gaussian(goal):
        return SSM_KINDS["ssm_condition7"](goal, witness)
    k, n_min = int(goal["k"]), int(goal["n_min"])
    parts = _parts(goal, witness)
    statement = f"interaction_rank_Qi A B C {k} /\\ (forall n : nat, condition7_Qi A B C n <-> ({n_min} <= n)%nat)"
    return parts["definitions"], statement, _rank(parts) + "  exact H.", False


def ssm_heads_necessary(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """Over Q(i): k = dim span{W(t) : t >= 0}, and condition (7) holds at the goal's n."""
    if not _gaussian(goal):
        return SSM_KINDS["ssm_heads_necessary"](goal, witness)
    k, n = int(goal["k"]), int(goal["n"])
    if not 1 <= n <= MAX_COQ_LENGTH:
        raise NotMapped(f"n = {n} is outside 1..{MAX_COQ_LENGTH} (written as a unary Coq nat)")
    parts = _parts(goal, witness)
    statement = f"interaction_rank_Qi A B C {k} /\\ condition7_Qi A B C {n}"
    proof = (
        _rank(parts)
        + "  destruct H as [H1 H2]. split; [exact H1 | apply H2; apply Nat.leb_le; vm_compute; reflexivity]."
    )
    return parts["definitions"], statement, proof, False


def _coefficients(parts: dict, tau: int) -> list[GQ]:
    """gcoef W(tau): the coefficients of W(tau) in the basis (untrusted: to find the Toeplitz inverse)."""
    a, b, c = parts["matrices"]
    p, d = parts["pd"]
    state = b
    for _ in range(tau):
        state = _mul(a, state)
    w = _mul(c, state)
    vec = [w[e // d][e % d] for e in parts["columns"]]
    k = len(parts["lags"])
    return [sum((vec[e] * parts["inverse"][e][h] for e in range(k)), _ZERO) for h in range(k)]


def ssm_heads_sufficient(goal: dict, witness: dict) -> tuple[str, str, str, bool]:
    """Over Q(i): k = dim S_target, and the k-head construction (eq. 8 for every tau) has r = n at length n."""
    if not _gaussian(goal):
        return SSM_KINDS["ssm_heads_sufficient"](goal, witness)
    k, n, r = int(goal["k"]), int(goal["n"]), int(goal["r"])
    if not 1 <= n <= 64:
        raise NotMapped(f"n = {n}: over Q(i) the n x n Toeplitz inverse is written out only for n <= 64")
    if r != n:
        raise NotMapped("over Q(i) only r = n (one head's Toeplitz matrix invertible) is proved in Coq")
    parts = _parts(goal, witness)
    coefs = [_coefficients(parts, tau) for tau in range(n)]
    for h0 in range(len(parts["lags"])):
        toeplitz = [[coefs[i - j][h0] if j <= i else _ZERO for j in range(n)] for i in range(n)]
        try:
            inverse = _inverse(toeplitz, "the Toeplitz matrix")
        except NotMapped:
            continue
        break
    else:
        raise NotMapped("no head's Toeplitz matrix is invertible: r < n is not proved over Q(i)")
    statement = f"interaction_rank_Qi A B C {k} /\\ heads_construction_Qi A B C {n} {k} {r}"
    proof = (
        _rank(parts)
        + f"  split; [exact (proj1 H)|].\n  exact (gssm_heads {parts['head']}\n    {n} {h0} {_literal(inverse)}\n"
        f"    eq_refl eq_refl{_BOOL * 5}{_LT * 2}{_BOOL})."
    )
    return parts["definitions"], statement, proof, False


GAUSSIAN_SSM_KINDS = {
    "ssm_condition7": ssm_condition7,
    "ssm_heads_necessary": ssm_heads_necessary,
    "ssm_heads_sufficient": ssm_heads_sufficient,
}
