"""Tests of the kernel kind exp_rational_identity (verify/kernel/theories/algebra/kind_exp_rational.py)."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

KIND = "exp_rational_identity"


def _check(goal: dict) -> None:
    check_obligation(KIND, read_goal(KIND, goal, "t"), None, "t")


def _softmax(value_num: str) -> dict:
    return {
        "vars": ["s", "E", "R"],
        "exps": {"E": "s"},
        "f": {"num": "E", "den": "E + R"},
        "wrt": "s",
        "value": {"num": value_num, "den": "(E + R)^2"},
    }


def test_kernel_accepts_the_softmax_derivative_alpha_times_one_minus_alpha() -> None:
    _check(_softmax("E*R"))


def test_kernel_rejects_a_softmax_derivative_with_the_wrong_sign() -> None:
    with pytest.raises(KernelError, match="differ"):
        _check(_softmax("-E*R"))


def test_kernel_applies_the_chain_rule_through_the_exponent() -> None:
    goal = {
        "vars": ["x", "E"],
        "exps": {"E": "x^2"},
        "f": {"num": "E", "den": "1"},
        "wrt": "x",
        "value": {"num": "2*x*E", "den": "1"},
    }
    _check(goal)
    goal["value"]["num"] = "x*E"
    with pytest.raises(KernelError):
        _check(goal)


def _point(target: str, exponent: str) -> dict:
    return {
        "vars": ["x", "g", "E", "G"],
        "exps": {"E": "x", "G": exponent},
        "f": {"num": "E", "den": "1"},
        "at": {"subs": {"x": "g"}, "den": "1", "exps": {"E": target}},
        "value": {"num": "G", "den": "1"},
    }


def test_kernel_substitutes_a_point_whose_exponents_agree() -> None:
    _check(_point("G", "g"))


def test_kernel_rejects_a_point_whose_exponent_differs_from_the_target_symbol() -> None:
    with pytest.raises(KernelError, match="exponent"):
        _check(_point("G", "2*g"))


def test_kernel_rejects_mapping_a_nonzero_exponent_to_one() -> None:
    goal = _point("1", "g")
    goal["value"]["num"] = "1"
    with pytest.raises(KernelError, match="exponent"):
        _check(goal)


def test_kernel_rejects_an_unmapped_exponential_of_a_substituted_variable() -> None:
    goal = _point("G", "g")
    goal["at"]["exps"] = {}
    with pytest.raises(KernelError, match="not mapped"):
        _check(goal)


def test_kernel_clears_the_denominator_of_a_rational_point() -> None:
    goal = {
        "vars": ["x", "y"],
        "f": {"num": "x^2", "den": "1"},
        "at": {"subs": {"x": "1"}, "den": "y"},
        "value": {"num": "1", "den": "y^2"},
    }
    goal["at"]["exps"] = {}
    _check(goal)
    goal["value"]["den"] = "y"
    with pytest.raises(KernelError):
        _check(goal)


def test_kernel_rejects_an_exponent_that_contains_an_exponential_symbol() -> None:
    goal = _softmax("E*R")
    goal["exps"] = {"E": "R"}
    goal["exps"]["R"] = "s"
    with pytest.raises(KernelError, match="must not contain"):
        read_goal(KIND, goal, "t")


def test_kernel_rejects_a_zero_denominator() -> None:
    goal = _softmax("E*R")
    goal["f"]["den"] = "0"
    with pytest.raises(KernelError, match="nonzero denominator"):
        read_goal(KIND, goal, "t")


def test_kernel_rejects_differentiating_in_an_exponential_symbol() -> None:
    goal = _softmax("E*R")
    goal["wrt"] = "E"
    with pytest.raises(KernelError, match="not exponential"):
        read_goal(KIND, goal, "t")
