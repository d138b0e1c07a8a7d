"""Kind float_bound: a measured float64 error is at most an a-priori bound, re-derived exactly from its inputs.

The kernel re-checks the arithmetic of the bound, not the float computation itself: the certificate carries
the measured error and the inputs of the bound formula (shadow-pass norms) as exact dyadic rationals; the frozen
goal names the formula, the sizes, and for every supplied value an exact cap (an expression in the goal's exact
quantities only). Each value must lie in [0, cap] and the bound must be nondecreasing in every value (monotone.py),
so bound(values) <= bound(caps): a certificate can tighten the bound with its measured norms, never inflate it
beyond the a-priori bound at the caps. The measured error (and the values) are data: the statement says so.
Matrices given in the goal yield exactly computed norms:
X_frob2 = ||X||_F^2, X_gram = max_i sum_j |(X^T X)_ij| (a Gershgorin upper bound of ||X||_2^2) and
X_rowsum = ||X||_inf; each size k yields k_log2 = ceil(log2 k) and k_pow2 (1 when k is a power of two, else 0).
A non-finite value (NaN or Inf) anywhere in the check is a failure.
"""

from __future__ import annotations

from typing import cast

from flint import fmpq

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.expr import Node, parse_expression
from ...core.intervals import RELATIONS, exact_value, holds_exactly
from ...core.kind import KindTable
from ...core.matrix import Matrix, read_matrix
from ...core.numbers import GQ, parse_integer, parse_number
from .monotone import check_nondecreasing

__all__ = ["KINDS"]

_MAX_SIZE = 10**12
# Work of the Gram matrix X^T X (rows * cols^2); the paper's checks use at most 4 x 64 and 16 x 16.
_MAX_GRAM_WORK = 10**6


def _names(table: object, where: str) -> list[str]:
    """The keys of an object, each a plain identifier other than the imaginary unit i."""
    if not isinstance(table, dict):
        raise KernelError(where, "expected an object from names to values")
    for name in table:
        if not (isinstance(name, str) and name.isidentifier() and name.isascii() and name != "i"):
            raise KernelError(where, f"found name {name!r}, expected an identifier other than 'i'")
    return sorted(table)


# lhs op rhs
Relation = tuple[Node, str, Node]
# (u, sizes, matrices, bound, facts, caps of the supplied values)
Goal = tuple[
    fmpq,
    tuple[tuple[str, int], ...],
    tuple[tuple[str, Matrix], ...],
    Node,
    tuple[Relation, ...],
    tuple[tuple[str, Node], ...],
]


def _relation(value: object, where: str) -> Relation:
    """A fact lhs op rhs between expressions."""
    op = _field(value, "op", where)
    if op not in RELATIONS:
        raise KernelError(f"{where}.op", f"found {op!r}, expected one of {RELATIONS}")
    lhs = parse_expression(_field(value, "lhs", where), f"{where}.lhs")
    return (lhs, op, parse_expression(_field(value, "rhs", where), f"{where}.rhs"))


def _goal(goal: JSONObject, where: str) -> Goal:
    """Read u, sizes, exact matrices, the bound expression, the facts and the caps of the supplied values."""
    expect_keys(goal, where, ("u", "sizes", "bound", "caps"), ("matrices", "facts"))
    u = parse_number(_field(goal, "u", where), f"{where}.u")
    if not u.is_real() or not 0 < u.re < 1:
        raise KernelError(f"{where}.u", "expected a unit roundoff 0 < u < 1")
    sizes_in = cast(JSONObject, _field(goal, "sizes", where))  # an object: _names below refuses anything else
    sizes = tuple(
        (k, parse_integer(sizes_in[k], f"{where}.sizes.{k}", 0, _MAX_SIZE)) for k in _names(sizes_in, f"{where}.sizes")
    )
    mats_in = goal.get("matrices", {})
    mats = tuple((k, read_matrix(mats_in[k], f"{where}.matrices.{k}")) for k in _names(mats_in, f"{where}.matrices"))
    facts_in = goal.get("facts", [])
    if not isinstance(facts_in, list):
        raise KernelError(f"{where}.facts", "expected a list of relations")
    facts = tuple(_relation(f, f"{where}.facts[{k}]") for k, f in enumerate(facts_in))
    caps_in = goal["caps"]
    caps = tuple((k, parse_expression(caps_in[k], f"{where}.caps.{k}")) for k in _names(caps_in, f"{where}.caps"))
    return (u.re, sizes, mats, parse_expression(goal["bound"], f"{where}.bound"), facts, caps)


def _real_entries(m: Matrix, where: str) -> list[list[fmpq]]:
    """The entries of a real matrix as rationals."""
    if not all(x.is_real() for row in m.rows for x in row):
        raise KernelError(where, "expected a real matrix")
    return [[x.re for x in row] for row in m.rows]


def _derived(name: str, m: Matrix, where: str) -> dict[str, fmpq]:
    """Exact norms of a goal matrix: squared Frobenius norm, Gershgorin bound of ||X||_2^2, infinity norm."""
    rows = _real_entries(m, where)
    if len(rows) * len(rows[0]) ** 2 > _MAX_GRAM_WORK:
        raise KernelError(where, f"matrix too large for its norms (rows * cols^2 > {_MAX_GRAM_WORK})")
    cols = list(zip(*rows))
    gram_rows = [sum((abs(sum((a * b for a, b in zip(ci, cj)), fmpq(0))) for cj in cols), fmpq(0)) for ci in cols]
    return {
        f"{name}_frob2": sum((x * x for row in rows for x in row), fmpq(0)),
        f"{name}_gram": max(gram_rows),
        f"{name}_rowsum": max(sum((abs(x) for x in row), fmpq(0)) for row in rows),
    }


def _check(goal: Goal, witness: object, where: str) -> None:
    """Re-derive the bound exactly and check error <= bound, every fact, and that nothing was NaN or Inf."""
    u, sizes, mats, bound_node, facts, caps = goal
    here = f"{where}.witness"
    expect_keys(witness, here, ("error", "nonfinite", "values"))
    nonfinite = parse_integer(_field(witness, "nonfinite", here), f"{here}.nonfinite", 0)
    if nonfinite:
        raise KernelError(here, f"{nonfinite} non-finite values (NaN or Inf) occurred; such a check fails")
    env: dict[str, GQ] = {"u": GQ(u)}
    for k, v in sizes:
        env[k] = GQ(v)
        env[f"{k}_log2"] = GQ((v - 1).bit_length() if v > 1 else 0)
        env[f"{k}_pow2"] = GQ(1 if v > 0 and v & (v - 1) == 0 else 0)
    for name, m in mats:
        env.update((k, GQ(v)) for k, v in _derived(name, m, f"{where}.matrices.{name}").items())
    values = cast(JSONObject, _field(witness, "values", here))  # an object: _names below refuses anything else
    names = _names(values, f"{here}.values")
    if names != [k for k, _ in caps]:
        raise KernelError(f"{here}.values", f"found values {names}, expected exactly the capped {[k for k, _ in caps]}")
    limits = {k: exact_value(node, env, f"{where}.caps.{k}") for k, node in caps}
    check_nondecreasing(bound_node, set(names), env, f"{where}.bound")
    for name in names:
        if name in env:
            raise KernelError(f"{here}.values.{name}", "this name is already defined by the goal")
        value = parse_number(values[name], f"{here}.values.{name}")
        if not value.is_real() or value.re < 0:
            raise KernelError(f"{here}.values.{name}", "expected a nonnegative real number (a norm)")
        if not (limits[name].is_real() and value.re <= limits[name].re):
            raise KernelError(f"{here}.values.{name}", f"{float(value.re):.6e} exceeds its exact cap")
        env[name] = value
    for j, (lhs, op, rhs) in enumerate(facts):
        at = f"{where}.facts[{j}]"
        if not holds_exactly(exact_value(lhs, env, at), op, exact_value(rhs, env, at), at):
            raise KernelError(at, "the fact does not hold for the certificate's values")
    error = parse_number(_field(witness, "error", here), f"{here}.error")
    bound = exact_value(bound_node, env, f"{where}.bound")
    if not (error.is_real() and bound.is_real()) or error.re < 0:
        raise KernelError(here, "expected a real nonnegative error and a real bound")
    if not error.re <= bound.re:
        raise KernelError(
            where, f"measured error {float(error.re):.6e} exceeds the a-priori bound {float(bound.re):.6e}"
        )


KINDS: KindTable = {"float_bound": (_goal, _check)}
