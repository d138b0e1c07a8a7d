"""Tests of the kernel kind spectral_norm_bound (verify/kernel/theories/norms/kind_norms.py)."""

from __future__ import annotations

import copy
import json

import pytest

from verify.certificate import certificate_bytes, reseal
from verify.claims.s5_gradients import part1_bound
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

KIND = "spectral_norm_bound"
JORDAN = {"A": [["1/2", "1"], ["0", "1/2"]]}


def _check(expr: str, op: str, bound: str, witness: dict) -> None:
    goal = {"matrices": JORDAN, "expr": expr, "op": op, "bound": bound}
    check_obligation(KIND, read_goal(KIND, goal, "t"), witness, "t")


def test_upper_bound_with_a_diagonal_gram_witness_is_accepted() -> None:
    # 4 I - A^T A = [[15/4, -1/2], [-1/2, 11/4]] = L diag(D) L^T
    _check("A", "<=", "2", {"L": [["1", "0"], ["-2/15", "1"]], "D": ["15/4", "161/60"]})


def test_upper_bound_with_a_tampered_l_is_rejected() -> None:
    with pytest.raises(KernelError, match="differs"):
        _check("A", "<=", "2", {"L": [["1", "0"], ["-1/15", "1"]], "D": ["15/4", "161/60"]})


def test_upper_bound_with_a_negative_pivot_is_rejected() -> None:
    # 1 I - A^T A has a negative pivot: ||A|| > 1, so no witness with D >= 0 exists
    with pytest.raises(KernelError, match="D >= 0"):
        _check("A", "<=", "1", {"L": [["1", "0"], ["-2/3", "1"]], "D": ["3/4", "-7/12"]})


def test_lower_bound_by_a_vector_is_accepted_and_a_too_large_bound_is_rejected() -> None:
    _check("A", ">=", "6/5", {"vector": ["2/5", "1"]})
    with pytest.raises(KernelError, match="<"):
        _check("A", ">=", "11/9", {"vector": ["2/5", "1"]})


def test_lower_bound_with_the_zero_vector_is_rejected() -> None:
    with pytest.raises(KernelError, match="nonzero"):
        _check("A", ">=", "0", {"vector": ["0", "0"]})


def test_matrix_powers_are_evaluated_exactly() -> None:
    # A^2 = [[1/4, 1], [0, 1/4]]; (A^2) e2 = (1, 1/4), so ||A^2|| >= sqrt(17)/4 > 1
    _check("A^2", ">=", "1", {"vector": ["0", "1"]})


def test_goal_with_an_unknown_op_or_negative_bound_is_rejected() -> None:
    for op, bound in (("<", "1"), ("<=", "-1")):
        with pytest.raises(KernelError):
            read_goal(KIND, {"matrices": JORDAN, "expr": "A", "op": op, "bound": bound}, "t")


def test_upper_bound_with_a_column_of_flipped_sign_is_rejected_as_non_canonical() -> None:
    # the same Gram form with the second column of L negated: L diag(D) L^T is unchanged
    with pytest.raises(KernelError, match="no pivot entry 1"):
        _check("A", "<=", "2", {"L": [["1", "0"], ["-2/15", "-1"]], "D": ["15/4", "161/60"]})


def test_resealed_certificate_with_a_free_entry_of_a_zero_pivot_column_is_rejected() -> None:
    cert = json.loads(certificate_bytes(part1_bound()))
    bad = copy.deepcopy(cert)
    ob = next(o for o in bad["obligations"] if o["name"] == "contractive-J1")
    zero = [k for k, dk in enumerate(ob["witness"]["D"]) if dk == "0"][0]
    row = [r for r, line in enumerate(ob["witness"]["L"]) if line[zero] == "0"][0]
    ob["witness"]["L"][row][zero] = "7"  # multiplied by D = 0: the Gram form is unchanged
    result = check_certificate(reseal(bad), "t")
    assert not result.valid and any("must be a unit vector" in e for e in result.errors)
