"""Tests of the kernel kind float_bound: the bound is re-derived exactly and every tampering is rejected."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

GOAL = {
    "u": "1/9007199254740992",
    "sizes": {"n": 100, "N": 256},
    "matrices": {"A": [["1/2", "-1/4"], ["1/4", "1/2"]], "C": [["1", "2"]]},
    "bound": "(n*u/(1-n*u))*Y + C_frob2*u + N_log2*u",
    "facts": [{"lhs": "A_gram", "op": "<", "rhs": "1"}, {"lhs": "N_pow2", "op": "==", "rhs": "1"}],
    "caps": {"Y": "2*n*C_rowsum^2"},  # 2 * 100 * 3^2 = 1800
}


def _check(witness: dict, goal: dict = GOAL) -> None:
    check_obligation("float_bound", read_goal("float_bound", goal, "t"), witness, "t")


def test_kernel_accepts_an_error_within_the_bound():
    _check({"error": "1/1000000000000", "nonfinite": 0, "values": {"Y": "1000"}})


def test_kernel_rejects_an_error_above_the_bound():
    with pytest.raises(KernelError, match="exceeds the a-priori bound"):
        _check({"error": "1/1000", "nonfinite": 0, "values": {"Y": "1000"}})


def test_kernel_rejects_a_nonfinite_count():
    with pytest.raises(KernelError, match="NaN or Inf"):
        _check({"error": "0", "nonfinite": 3, "values": {"Y": "1000"}})


def test_kernel_rejects_a_negative_norm():
    with pytest.raises(KernelError, match="nonnegative"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "-1"}})


def test_kernel_rejects_a_float_error():
    with pytest.raises(KernelError):
        _check({"error": 1e-12, "nonfinite": 0, "values": {"Y": "1"}})


def test_kernel_rejects_a_missing_value():
    with pytest.raises(KernelError, match=r"found values \[\], expected exactly the capped \['Y'\]"):
        _check({"error": "0", "nonfinite": 0, "values": {}})


def test_kernel_rejects_a_value_without_a_cap():
    with pytest.raises(KernelError, match="expected exactly the capped"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1", "Z": "1"}})


def test_kernel_rejects_a_goal_without_caps():
    goal = {k: v for k, v in GOAL.items() if k != "caps"}
    with pytest.raises(KernelError, match="caps"):
        read_goal("float_bound", goal, "t")


def test_kernel_rejects_a_value_that_shadows_a_goal_name():
    goal = dict(GOAL, bound="Y + C_frob2*u", caps={"Y": "1", "C_frob2": "10"})
    with pytest.raises(KernelError, match="already defined"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1", "C_frob2": "5"}}, goal)


def test_kernel_accepts_a_value_equal_to_its_cap():
    _check({"error": "0", "nonfinite": 0, "values": {"Y": "1800"}})


def test_kernel_rejects_a_value_above_its_exact_cap():
    with pytest.raises(KernelError, match="exceeds its exact cap"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1801"}})


def test_kernel_rejects_an_inflated_norm_that_would_cover_a_large_error():
    with pytest.raises(KernelError, match="exceeds its exact cap"):
        _check({"error": "1000", "nonfinite": 0, "values": {"Y": "1000000000000000000000000000000"}})


def test_kernel_rejects_a_cap_that_reads_a_supplied_value():
    goal = dict(GOAL, caps={"Y": "2*Y"})
    with pytest.raises(KernelError, match="no value given for 'Y'"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1"}}, goal)


@pytest.mark.parametrize(
    ("bound", "message"),
    [
        ("1 - Y*u", "subtracted"),
        ("u/Y", "division by a supplied value"),
        ("u*(n - Y)", "subtracted"),
        ("u*Y/(1 - n)", "not positive"),
        ("-u*Y", "negative constant"),
    ],
)
def test_kernel_rejects_a_bound_that_decreases_in_a_supplied_value(bound, message):
    with pytest.raises(KernelError, match=message):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1"}}, dict(GOAL, bound=bound))


def test_kernel_rejects_a_false_fact():
    goal = dict(GOAL, matrices={"A": [["1", "1"], ["0", "1"]], "C": [["1", "2"]]})
    with pytest.raises(KernelError, match="fact does not hold"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1"}}, goal)


def test_kernel_derives_gershgorin_bound_frobenius_and_log2_exactly():
    goal = dict(GOAL, bound="A_gram + C_frob2 + C_rowsum + N_log2 + n_log2", caps={})
    # A^T A = diag(5/16, 5/16); ||C||_F^2 = 5; ||C||_inf = 3; log2 256 = 8; ceil(log2 100) = 7
    _check({"error": "23", "nonfinite": 0, "values": {}}, goal)
    with pytest.raises(KernelError):
        _check({"error": "24", "nonfinite": 0, "values": {}}, goal)


def test_kernel_rejects_a_unit_roundoff_outside_zero_one():
    with pytest.raises(KernelError, match="unit roundoff"):
        read_goal("float_bound", dict(GOAL, u="2"), "t")


def test_goals_with_different_formulas_differ():
    assert read_goal("float_bound", GOAL, "t") != read_goal("float_bound", dict(GOAL, bound="2*Y"), "t")


def test_kernel_refuses_a_matrix_too_large_for_its_norms():
    big = [["1"] * 200 for _ in range(200)]
    with pytest.raises(KernelError, match="too large"):
        _check({"error": "0", "nonfinite": 0, "values": {"Y": "1"}}, dict(GOAL, matrices={"A": big, "C": [["1"]]}))
