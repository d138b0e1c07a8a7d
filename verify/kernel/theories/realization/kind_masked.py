"""Kind real_block_similarity: a real SSM brought to 1x1/2x2 diagonal blocks by an exact rational similarity.

T T^-1 = I exactly and T A T^-1 vanishes outside the stated 1x1/2x2 diagonal blocks, so (T A T^-1, T B, C T^-1)
is block diagonal with the same impulse responses (C T^-1)(T A T^-1)^tau (T B) = C A^tau B for every tau.
(The causal-mask rank bounds of Appendix A are the kind masked_rank_family, kind_masked_family.py.)
"""

from __future__ import annotations

from math import lcm

from flint import fmpq, fmpz_mat

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import GZ, gmul
from ...core.kind import KindTable
from ...core.matrix import Matrix, read_matrix
from ...core.numbers import GQ

__all__ = ["KINDS"]

MAX_LENGTH = 4096  # sequence length n; the paper's experiments use n <= 4096


# (A, B, C), real
Goal = tuple[Matrix, Matrix, Matrix]


def _goal_similarity(goal: JSONObject, where: str) -> Goal:
    """Read a real SSM (A, B, C) with fitting shapes."""
    expect_keys(goal, where, ("A", "B", "C"))
    mats = {k: read_matrix(_field(goal, k, where), f"{where}.{k}") for k in ("A", "B", "C")}
    m = mats["A"].shape[0]
    if mats["A"].shape != (m, m) or mats["B"].shape[0] != m or mats["C"].shape[1] != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    if not all(x.is_real() for mat in mats.values() for row in mat.rows for x in row):
        raise KernelError(where, "expected a real (rational) SSM")
    return (mats["A"], mats["B"], mats["C"])


def _integer(m: Matrix) -> tuple[GZ, int]:
    """A rational matrix as (integer numerators, common denominator): m = X / D."""
    den = lcm(1, *(int(x.re.q) for row in m.rows for x in row))
    rows, cols = m.shape
    return GZ(fmpz_mat(rows, cols, [int(x.re.p) * (den // int(x.re.q)) for row in m.rows for x in row])), den


def _check_similarity(goal: Goal, witness: JSONObject, where: str) -> None:
    """T T^-1 = I exactly and T A T^-1 vanishes outside 1x1/2x2 diagonal blocks (integer products, charged)."""
    a, _, _ = goal
    m = a.shape[0]
    here = f"{where}.witness"
    expect_keys(witness, here, ("T", "T_inv", "blocks"))
    t = read_matrix(_field(witness, "T", here), f"{here}.T")
    t_inv = read_matrix(_field(witness, "T_inv", here), f"{here}.T_inv")
    if not all(x.is_real() for mat in (t, t_inv) for row in mat.rows for x in row):
        raise KernelError(here, "expected a real (rational) similarity T")
    if t.shape != (m, m) or t_inv.shape != (m, m):
        raise KernelError(here, "T * T_inv is not the identity")
    (xt, dt), (xi, di), (xa, da) = _integer(t), _integer(t_inv), _integer(a)
    identity = fmpz_mat(m, m, [dt * di if r == c else 0 for r in range(m) for c in range(m)])
    if gmul(xt, xi, f"{here}: T T_inv").re != identity:
        raise KernelError(here, "T * T_inv is not the identity")
    sizes = _field(witness, "blocks", here)
    if not isinstance(sizes, list) or any(type(s) is not int or s not in (1, 2) for s in sizes) or sum(sizes) != m:
        raise KernelError(f"{here}.blocks", f"expected block sizes in {{1, 2}} summing to {m}")
    owner = [k for k, s in enumerate(sizes) for _ in range(s)]
    d = gmul(gmul(xt, xa, f"{here}: T A"), xi, f"{here}: T A T_inv").re
    for r in range(m):
        for c in range(m):
            if owner[r] != owner[c] and d[r, c] != 0:
                value = GQ(fmpq(d[r, c], dt * da * di))
                raise KernelError(here, f"T A T^-1 has the entry ({r}, {c}) = {value} outside its diagonal blocks")


KINDS: KindTable = {
    "real_block_similarity": (_goal_similarity, _check_similarity),
}
