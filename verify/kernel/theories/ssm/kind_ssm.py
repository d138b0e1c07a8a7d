"""Kernel kinds for Theorem 4.4: interaction rank, the smallest n of condition (7), and the k-head construction.

Every kind reads an exact linear SSM (A, B, C) with entries in QQ(i) and re-derives, from a small witness,

* an annihilating polynomial p of A (monic, degree d <= m), checked by the exact identity sum_j p_j A^j = 0;
  hence W(tau + d) = -sum_{j<d} p_j W(tau + j) for every tau >= 0, so S_target = span{W(0), ..., W(d-1)};
* basis lags t_1 < ... < t_k < d with M_h = W(t_h) linearly independent (a nonzero k x k minor of the rows
  vec M_h), and coefficients c_{tau,h} (tau < d) with W(tau) = sum_h c_{tau,h} M_h; so dim S_target = k;
* the smallest n for (7): c_{tau,k} = 0 for every tau < t_k, so W(0..t_k - 1) lie in a (k-1)-dimensional
  span and (7) fails for n <= t_k, while it holds for n >= t_k + 1; hence n_min = t_k + 1 (1 when k = 0).

Without an annihilator (the full-span witness) the lags must be k = p*d_in independent W(t_h): they span every
p x d_in matrix, hence S_target, so k = dim S_target, c_{tau,.} are the unique coordinates for every tau, (8) holds
by definition, and the lags, coefficients and first nonzero lags are checked for tau <= t_k only (d = t_k + 1).
With an annihilator, the coefficients c_{tau,.} for tau >= d are *defined* by the same recurrence as W; both sides
of (8) satisfy it and agree for tau < d, so (8) holds for every tau by induction and no coefficient beyond d - 1 is
needed.
The sufficiency kind then checks the rank-refined factorization of the lower-triangular Toeplitz A^(h): with
z_h the first lag where c_{.,h} is nonzero (c_{tau,h} = 0 for tau < z_h, c_{z_h,h} != 0, both checked),
rank A^(h) = max(0, n - z_h) and r = max_h rank A^(h). See docs/thm4.4.md.

How the identities are checked at m up to 256 (ssm_span.py): all arithmetic is on Gaussian-integer
matrices with one common denominator (core); p(A) = 0 is checked by Paterson-Stockmeyer, or on a few integer
vectors v ("cyclic") together with a proof (rank modulo a prime) that their Krylov vectors span QQ(i)^m; the
coefficients are optional (left out, they are solved for on the minor), and W(tau) = sum_h c_{tau,h} M_h is then
checked on every entry by one exact integer product. Matrices may be written as rows of number strings or in the
compact form (integers over one common denominator); both are read into the same exact value.
Work bound: about 2 sqrt(d) products of m x m matrices for p(A) (d products of m x r with "cyclic"), d products of
m x m by m x (input dimension) for the lags; every product is charged before it runs (limits.charge). The three
kinds share one span computation per certificate (memoized under the SHA-256 of the exact input text).
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import Establishes, KindTable
from ...core.matrix import QMat
from ...core.numbers import parse_integer
from .ssm_span import MAX_DIMENSION, read_matrix, span

__all__ = ["KINDS", "ESTABLISHES", "MAX_DIMENSION", "MAX_LENGTH"]

# Sequence length n: the check does not depend on n (induction), so n is only bounded to stay a sane integer.
MAX_LENGTH = 10**12


# (A, B, C) of an SSM over QQ(i)
SSM = tuple[QMat, QMat, QMat]
# (SSM, k, n_min) and (SSM, n, k): condition (7) and the necessity of k heads
SizedGoal = tuple[SSM, int, int]
# (SSM, n, k, r): k heads suffice
SufficientGoal = tuple[SSM, int, int, int]


def _read_ssm(goal: JSONObject, where: str, keys: tuple[str, ...]) -> SSM:
    """(A, B, C) with A m x m, B m x d, C p x m; the goal has exactly these and the given keys."""
    expect_keys(goal, where, required=("A", "B", "C", *keys))
    A, B, C = (read_matrix(goal[name], f"{where}.{name}") for name in ("A", "B", "C"))
    m = A.shape[0]
    if A.shape != (m, m):
        raise KernelError(f"{where}.A", f"shape {A.shape}, expected a square matrix")
    if B.shape[0] != m:
        raise KernelError(f"{where}.B", f"has {B.shape[0]} rows, expected m = {m} (the size of A)")
    if C.shape[1] != m:
        raise KernelError(f"{where}.C", f"has {C.shape[1]} columns, expected m = {m} (the size of A)")
    return A, B, C


# --- ssm_condition7: k = dim S_target and n_min = the smallest n for which (7) holds ---------------------------


def _goal_condition7(goal: JSONObject, where: str) -> SizedGoal:
    """(ssm, k, n_min)."""
    ssm = _read_ssm(goal, where, ("k", "n_min"))
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    n_min = parse_integer(_field(goal, "n_min", where), f"{where}.n_min", 1, MAX_DIMENSION + 1)
    return (ssm, k, n_min)


def _check_condition7(goal: SizedGoal, witness: object, where: str) -> None:
    """The witness proves dim S_target = k and that (7) holds exactly for n >= n_min."""
    ssm, k, n_min = goal
    found = span(ssm, witness, where)
    if (found["k"], found["n_min"]) != (k, n_min):
        raise KernelError(where, f"found k = {found['k']}, n_min = {found['n_min']}; expected k = {k}, n_min = {n_min}")


# --- ssm_heads_necessary: (7) holds at n, and k lags t_h < n give k independent W(t_h) ---------------------------


def _goal_necessary(goal: JSONObject, where: str) -> SizedGoal:
    """(ssm, n, k)."""
    ssm = _read_ssm(goal, where, ("n", "k"))
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, MAX_LENGTH)
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    return (ssm, n, k)


def _check_necessary(goal: SizedGoal, witness: object, where: str) -> None:
    """dim S_target = k and (7) holds at n: k independent lags W(t_h), t_h < n."""
    ssm, n, k = goal
    found = span(ssm, witness, where)
    if found["k"] != k:
        raise KernelError(where, f"found interaction rank {found['k']}, expected {k}")
    if n < found["n_min"]:
        raise KernelError(f"{where}.n", f"(7) fails at n = {n}: it first holds at n = {found['n_min']}")


# --- ssm_heads_sufficient: k heads, V^(h) = W(t_h), Toeplitz A^(h), rank-refined feature dimension r ------------


def _goal_sufficient(goal: JSONObject, where: str) -> SufficientGoal:
    """(ssm, n, k, r) with r <= n."""
    ssm = _read_ssm(goal, where, ("n", "k", "r"))
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, MAX_LENGTH)
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    r = parse_integer(_field(goal, "r", where), f"{where}.r", 0, n)
    return (ssm, n, k, r)


def _check_sufficient(goal: SufficientGoal, witness: object, where: str) -> None:
    """Eq. (8) for every tau (induction), k heads, and r = max_h (n - z_h) from the first nonzero lags."""
    ssm, n, k, r = goal
    found = span(ssm, witness, where, ("first_nonzero",))
    if found["k"] != k:
        raise KernelError(where, f"the witness has {found['k']} heads, expected k = {k}")
    here = f"{where}.witness.first_nonzero"
    first = _field(witness, "first_nonzero", f"{where}.witness")
    if not isinstance(first, list) or len(first) != k:
        raise KernelError(here, f"expected one lag z_h per head ({k})")
    zero, ranks = found["zero"], []
    for h, z in enumerate(first):
        z = parse_integer(z, f"{here}[{h}]", 0, found["d"] - 1)
        if zero[z][h] or any(not zero[t][h] for t in range(z)):
            raise KernelError(f"{here}[{h}]", f"c_tau,{h + 1} is not zero before tau = {z} and nonzero at it")
        ranks.append(max(0, n - z))
    if max(ranks, default=0) != r:
        raise KernelError(f"{where}.r", f"max_h rank A^(h) = {max(ranks, default=0)}, expected r = {r}")


KINDS: KindTable = {
    "ssm_condition7": (_goal_condition7, _check_condition7),
    "ssm_heads_necessary": (_goal_necessary, _check_necessary),
    "ssm_heads_sufficient": (_goal_sufficient, _check_sufficient),
}

# Goal fields each passing check determines from the SSM (A, B, C) and, for r, the length n.
ESTABLISHES: Establishes = {
    "ssm_condition7": {"k": ("A", "B", "C"), "n_min": ("A", "B", "C")},
    "ssm_heads_necessary": {"k": ("A", "B", "C")},
    "ssm_heads_sufficient": {"k": ("A", "B", "C"), "r": ("A", "B", "C", "n")},
}
