"""Kinds for the causal mask and the real block form: rank lower bounds, masked factorizations, similarity.

masked_rank_bound: every n x n matrix M with M_ij = g(i - j) for 1 <= j <= i <= n (entries above the
diagonal free) has rank >= bound. Witness: a factorization Phi Psi^T (r0 columns) and rows/columns
i_1 < ... < i_K, j_1 < ... < j_K such that D = M - Phi Psi^T, restricted to them, is upper triangular with a
nonzero diagonal whatever the free entries are; then rank M >= rank D - r0 >= K - r0.
"""

from __future__ import annotations

from math import lcm

from flint import fmpq, fmpz_mat

from .errors import KernelError, expect_keys
from .errors import field as _field
from .limits import charge
from .matrix import Matrix, read_matrix
from .numbers import GQ, ZERO, parse_integer, parse_number
from .zmat import GZ, gmul

__all__ = ["KINDS"]

MAX_LENGTH = 4096  # sequence length n; the paper's experiments use n <= 4096


def _goal_lags(goal: dict, where: str, bound_key: str) -> tuple:
    """Read n, the lag values g(0..n-1) and the integer bound named bound_key."""
    expect_keys(goal, where, ("n", "g", bound_key))
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, MAX_LENGTH)
    g = _field(goal, "g", where)
    if not isinstance(g, list) or len(g) != n:
        raise KernelError(f"{where}.g", f"expected the n = {n} values g(0), ..., g(n - 1)")
    values = tuple(parse_number(x, f"{where}.g[{t}]") for t, x in enumerate(g))
    bound = parse_integer(_field(goal, bound_key, where), f"{where}.{bound_key}", 0, n)
    return (n, values, bound)


def _factor(witness: dict, n: int, where: str) -> tuple[Matrix | None, Matrix | None, int]:
    """The optional factorization Phi, Psi (n x r0 each)."""
    if "phi" not in witness and "psi" not in witness:
        return None, None, 0
    phi = read_matrix(_field(witness, "phi", where), f"{where}.phi")
    psi = read_matrix(_field(witness, "psi", where), f"{where}.psi")
    if phi.shape[0] != n or psi.shape[0] != n or phi.shape[1] != psi.shape[1]:
        raise KernelError(where, f"expected phi and psi of shape {n} x r with the same r")
    return phi, psi, phi.shape[1]


def _inner(phi: Matrix | None, psi: Matrix | None, i: int, j: int) -> GQ:
    """<phi(i), psi(j)> for 1-based positions (zero without a factorization)."""
    if phi is None or psi is None:
        return ZERO
    acc = ZERO
    for x, y in zip(phi.rows[i - 1], psi.rows[j - 1]):
        acc = acc + x * y
    return acc


def _positions(value: object, n: int, where: str) -> list[int]:
    """A strictly increasing list of positions in 1..n."""
    if not isinstance(value, list):
        raise KernelError(where, "expected a list of positions")
    out = [parse_integer(v, where, 1, n) for v in value]
    if any(b <= a for a, b in zip(out, out[1:])):
        raise KernelError(where, "expected strictly increasing positions")
    return out


def _check_rank_bound(goal: tuple, witness: dict, where: str) -> None:
    """The selected submatrix of M - Phi Psi^T is upper triangular with nonzero diagonal for every completion."""
    n, g, bound = goal
    here = f"{where}.witness"
    expect_keys(witness, here, ("rows", "cols"), ("phi", "psi"))
    phi, psi, r0 = _factor(witness, n, here)
    rows = _positions(_field(witness, "rows", here), n, f"{here}.rows")
    cols = _positions(_field(witness, "cols", here), n, f"{here}.cols")
    if len(rows) != len(cols):
        raise KernelError(here, "expected as many rows as columns")
    charge(len(rows) ** 2 * (r0 + 1), "masked rank bound")
    for a, i in enumerate(rows):
        for b, j in enumerate(cols[: a + 1]):
            if i < j:
                raise KernelError(here, f"entry (row {i}, col {j}) is above the diagonal, expected a prescribed one")
            d = g[i - j] - _inner(phi, psi, i, j)
            if a == b and d.is_zero():
                raise KernelError(here, f"diagonal entry (row {i}, col {j}) of M - Phi Psi^T is zero")
            if a != b and not d.is_zero():
                raise KernelError(here, f"entry (row {i}, col {j}) of M - Phi Psi^T is nonzero, expected 0")
    if bound > len(rows) - r0:
        raise KernelError(where, f"the witness proves rank >= {len(rows) - r0}, less than the bound {bound}")


def _check_factorization(goal: tuple, witness: dict, where: str) -> None:
    """<phi(i), psi(j)> = g(i - j) for all 1 <= j <= i <= n with the stated dimension."""
    n, g, dimension = goal
    expect_keys(witness, f"{where}.witness", ("phi", "psi"))
    phi, psi, r = _factor(witness, n, f"{where}.witness")
    charge(n * n * (r + 1), "masked factorization")
    if r != dimension:
        raise KernelError(f"{where}.witness", f"found features of dimension {r}, expected {dimension}")
    for i in range(1, n + 1):
        for j in range(1, i + 1):
            if _inner(phi, psi, i, j) != g[i - j]:
                raise KernelError(where, f"<phi({i}), psi({j})> differs from g({i - j})")


def _goal_similarity(goal: dict, where: str) -> tuple:
    """Read a real SSM (A, B, C) with fitting shapes."""
    expect_keys(goal, where, ("A", "B", "C"))
    mats = {k: read_matrix(_field(goal, k, where), f"{where}.{k}") for k in ("A", "B", "C")}
    m = mats["A"].shape[0]
    if mats["A"].shape != (m, m) or mats["B"].shape[0] != m or mats["C"].shape[1] != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    if not all(x.is_real() for mat in mats.values() for row in mat.rows for x in row):
        raise KernelError(where, "expected a real (rational) SSM")
    return tuple(mats[k] for k in ("A", "B", "C"))


def _integer(m: Matrix) -> tuple[GZ, int]:
    """A rational matrix as (integer numerators, common denominator): m = X / D."""
    den = lcm(1, *(int(x.re.q) for row in m.rows for x in row))
    rows, cols = m.shape
    return GZ(fmpz_mat(rows, cols, [int(x.re.p) * (den // int(x.re.q)) for row in m.rows for x in row])), den


def _check_similarity(goal: tuple, witness: dict, where: str) -> None:
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


KINDS: dict = {
    "masked_rank_bound": (lambda goal, where: _goal_lags(goal, where, "bound"), _check_rank_bound),
    "masked_factorization": (lambda goal, where: _goal_lags(goal, where, "dimension"), _check_factorization),
    "real_block_similarity": (_goal_similarity, _check_similarity),
}
