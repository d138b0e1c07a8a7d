"""Monotonicity of an expression in some of its names, decided syntactically with exact constants.

Used by the float_bound kind: a bound formula may use values the certificate supplies (measured norms) only if
each value lies in [0, cap] with an exact cap and the formula is nondecreasing in every such value on that box.
Then bound(values) <= bound(caps), so the certificate can never obtain more than the a-priori bound at the caps.

Rules (W = the supplied names, E = every other name, with exact values): a subtree without W is a constant (its
exact value is computed); W itself is nondecreasing and >= 0; a + b is nondecreasing when both are; a - b when a
is and b is constant; c * f with a constant c >= 0; f * g when both are nondecreasing and >= 0 at W = 0 (hence
>= 0 on the box); f / c with a constant c > 0; f ^ k with f >= 0 at W = 0. Anything else is rejected.
"""

from __future__ import annotations

from ...core.errors import KernelError
from ...core.expr import BINARY, Node, left_spine
from ...core.intervals import exact_value
from ...core.numbers import GQ

__all__ = ["check_nondecreasing"]


def _uses(node: Node, names: frozenset[str]) -> bool:
    """True when the expression mentions one of the names (an explicit stack, no recursion)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if item[0] == "var" and item[1] in names:
            return True
        if item[0] in BINARY:
            stack += [item[1], item[2]]
        elif item[0] in ("neg", "pow"):
            stack.append(item[1])
        elif item[0] == "call":
            stack += list(item[2])
    return False


def _sign_ok(value: GQ, strict: bool) -> bool:
    """value is real and >= 0 (> 0 when strict)."""
    return value.is_real() and (value.re > 0 if strict else value.re >= 0)


def _check(node: Node, names: frozenset[str], at_zero: dict[str, GQ], where: str) -> None:
    """Raise unless node is nondecreasing in `names` (see the module docstring)."""
    if not _uses(node, names) or node[0] == "var":
        return
    kind = node[0]
    if kind == "pow":
        _check(node[1], names, at_zero, where)
        if not _sign_ok(exact_value(node[1], at_zero, where), strict=False):
            raise KernelError(where, "a power of a supplied value whose base may be negative")
        return
    if kind not in BINARY:
        raise KernelError(where, f"a supplied value inside {kind!r}: the bound must be nondecreasing in it")
    base, steps = left_spine(node)
    left: Node = base
    _check(base, names, at_zero, where)
    for op, right in steps:
        _step(op, left, right, names, at_zero, where)
        left = (op, left, right)


def _step(op: str, left: Node, right: Node, names: frozenset[str], at_zero: dict[str, GQ], where: str) -> None:
    """One binary step of a chain whose left part is already known to be nondecreasing."""
    uses_left, uses_right = _uses(left, names), _uses(right, names)
    if uses_right:
        _check(right, names, at_zero, where)
    if op == "add":
        return
    if op == "sub":
        if uses_right:
            raise KernelError(where, "a supplied value is subtracted: the bound must be nondecreasing in it")
        return
    if op == "div":
        if uses_right or not _sign_ok(exact_value(right, at_zero, where), strict=True):
            raise KernelError(where, "division by a supplied value or by a constant that is not positive")
        return
    for factor, other, uses in ((left, right, uses_left), (right, left, uses_right)):
        value = exact_value(factor, at_zero, where)
        if not uses and not _sign_ok(value, strict=False):
            raise KernelError(where, "a supplied value multiplied by a negative constant")
        if uses and _uses(other, names) and not _sign_ok(value, strict=False):
            raise KernelError(where, "a product of supplied values that may be negative")


def check_nondecreasing(node: Node, names: set[str], env: dict[str, GQ], where: str) -> None:
    """Raise a KernelError unless the expression is nondecreasing in every name of `names` on [0, cap]."""
    frozen = frozenset(names)
    _check(node, frozen, {**env, **{name: GQ(0) for name in frozen}}, where)
