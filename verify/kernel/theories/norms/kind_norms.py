"""Kind `spectral_norm_bound`: ||M||_2 <= c or ||M||_2 >= c for an exact real matrix expression M.

Upper bound: the witness is a Gram form c^2 I - M^T M = L diag(D) L^T with every D_k >= 0, which
proves c^2 I - M^T M is positive semidefinite, i.e. every singular value of M is at most c (c >= 0).
The witness is canonical: each column of L holds its pivot 1, and a column that D_k = 0 multiplies is a
unit vector (this rejects the sign of a column and the free entries of a D_k = 0 column as alternatives).
Lower bound: the witness is a nonzero rational vector v with ||M v||^2 >= c^2 ||v||^2.
Everything is exact rational arithmetic; the bound c is a function-free expression.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.expr import Node, parse_expression
from ...core.intervals import exact_value
from ...core.kind import KindTable
from ...core.matrix import Matrix, evaluate_matrix, read_matrix, read_named_matrices
from ...core.numbers import GQ, parse_number

__all__ = ["KINDS"]


# (named matrices, expression, op, bound)
Goal = tuple[tuple[tuple[str, Matrix], ...], Node, str, GQ]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(env, expression tree, op, bound) with the bound evaluated exactly."""
    expect_keys(goal, where, ("matrices", "expr", "op", "bound"))
    env = read_named_matrices(goal, where)
    node = parse_expression(_field(goal, "expr", where), f"{where}.expr")
    op = _field(goal, "op", where)
    if op not in ("<=", ">="):
        raise KernelError(f"{where}.op", f"found {op!r}, expected '<=' or '>='")
    bound = exact_value(parse_expression(_field(goal, "bound", where), f"{where}.bound"), {}, f"{where}.bound")
    if not bound.is_real() or bound.re < 0:
        raise KernelError(f"{where}.bound", "expected a real bound >= 0")
    return (env, node, op, bound)


def _real_matrix(env: tuple[tuple[str, Matrix], ...], node: Node, where: str) -> Matrix:
    """Evaluate the expression and require real entries."""
    m = evaluate_matrix(node, dict(env), where)
    if not all(x.is_real() for row in m.rows for x in row):
        raise KernelError(where, "expected a real matrix")
    return m


def _check_upper(m: Matrix, bound: GQ, witness: JSONObject, where: str) -> None:
    """c^2 I - M^T M == L diag(D) L^T with D >= 0."""
    n = m.shape[1]
    expect_keys(witness, where, ("L", "D"))
    lower = read_matrix(_field(witness, "L", where), f"{where}.L")
    diag = _field(witness, "D", where)
    if not isinstance(diag, list) or lower.shape != (n, len(diag)):
        raise KernelError(f"{where}.L", f"expected L of shape {n} x len(D)")
    d = [parse_number(x, f"{where}.D[{k}]") for k, x in enumerate(diag)]
    if any(not x.is_real() or x.re < 0 for x in d):
        raise KernelError(f"{where}.D", "found a negative or non-real entry, expected D >= 0")
    _check_canonical(lower, d, where)
    scaled = Matrix([[x * dk for x, dk in zip(row, d)] for row in lower.rows])
    gram = scaled @ lower.transpose()
    target = Matrix.identity(n).scale(bound * bound) - m.transpose() @ m
    if gram != target:
        raise KernelError(where, "L diag(D) L^T differs from c^2 I - M^T M")


def _check_canonical(lower: Matrix, d: list[GQ], where: str) -> None:
    """Each column of L holds its pivot 1; a column that D_k = 0 multiplies is exactly the unit vector."""
    for k, dk in enumerate(d):
        column = [row[k] for row in lower.rows]
        if not any(x == GQ(1) for x in column):
            raise KernelError(f"{where}.L", f"column {k} has no pivot entry 1 (expected a canonical LDL^T)")
        if dk.is_zero() and sum(1 for x in column if not x.is_zero()) != 1:
            raise KernelError(f"{where}.L", f"column {k} multiplies D = 0 and must be a unit vector")


def _check_lower(m: Matrix, bound: GQ, witness: JSONObject, where: str) -> None:
    """||M v||^2 >= c^2 ||v||^2 for a nonzero rational v."""
    expect_keys(witness, where, ("vector",))
    raw = _field(witness, "vector", where)
    if not isinstance(raw, list) or len(raw) != m.shape[1]:
        raise KernelError(f"{where}.vector", f"expected {m.shape[1]} entries")
    v = [parse_number(x, f"{where}.vector[{k}]") for k, x in enumerate(raw)]
    if any(not x.is_real() for x in v) or all(x.is_zero() for x in v):
        raise KernelError(f"{where}.vector", "expected a nonzero real vector")
    mv = Matrix([[x] for x in v])
    image = (m @ mv).rows
    lhs = sum((r[0].re * r[0].re for r in image), start=v[0].re * 0)
    rhs = bound.re * bound.re * sum((x.re * x.re for x in v), start=v[0].re * 0)
    if not lhs >= rhs:
        raise KernelError(where, f"||M v||^2 = {lhs} < c^2 ||v||^2 = {rhs}")


def _check(goal: Goal, witness: object, where: str) -> None:
    """Dispatch on the direction of the bound."""
    env, node, op, bound = goal
    m = _real_matrix(env, node, f"{where}.expr")
    here = f"{where}.witness"
    if not isinstance(witness, dict):
        raise KernelError(here, "expected an object")
    (_check_upper if op == "<=" else _check_lower)(m, bound, witness, here)


KINDS: KindTable = {"spectral_norm_bound": (_goal, _check)}
