"""The kernel kind vanishing_order: divisibility by t^k, the kernel's way to certify derivatives."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _check(poly: str, order: int = 2, names: list[str] | None = None, var: str = "t") -> None:
    goal = read_goal("vanishing_order", {"vars": names or ["t", "x"], "poly": poly, "var": var, "order": order}, "g")
    check_obligation("vanishing_order", goal, None, "g")


def test_kernel_accepts_a_remainder_divisible_by_t_squared():
    # (x + t)^2 - x^2 - t * 2x = t^2: the derivative of x^2 is 2x
    _check("(x + t)^2 - x^2 - t*(2*x)")


def test_kernel_rejects_a_wrong_derivative():
    with pytest.raises(KernelError, match="degree 1 < 2 in t"):
        _check("(x + t)^2 - x^2 - t*(3*x)")


def test_kernel_rejects_a_constant_term():
    with pytest.raises(KernelError, match="degree 0 < 1"):
        _check("x + t", order=1)


def test_kernel_rejects_a_variable_that_is_not_declared():
    with pytest.raises(KernelError, match="expected one of the declared variables"):
        _check("t^2", var="s")


def test_kernel_rejects_order_zero():
    with pytest.raises(KernelError, match="expected an integer in"):
        _check("t^2", order=0)


def test_kernel_rejects_a_goal_without_its_fields():
    with pytest.raises(KernelError, match="missing field"):
        read_goal("vanishing_order", {"vars": ["t"], "poly": "t"}, "g")


def test_goals_compare_as_polynomials():
    a = read_goal("vanishing_order", {"vars": ["t", "x"], "poly": "t^2*(x + 1)", "var": "t", "order": 2}, "g")
    b = read_goal("vanishing_order", {"vars": ["x", "t"], "poly": "t^2*x + t^2", "var": "t", "order": 2}, "g")
    assert a == b
