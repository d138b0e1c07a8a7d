"""Kind response_block_realization: a 1x1/2x2 SSM with the impulse response of (A, B, C), checked via q's recurrence."""

from __future__ import annotations

import copy

import pytest

from verify.certificate import reseal
from verify.claims.sA_realization import JORDAN3_E1, realization_certificate
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.realization.kind_realization import MAX_REALIZATION_BLOCKS

KIND = "response_block_realization"
J2 = [["2", "1"], ["0", "2"]]
# W(tau) = 2^tau tau / 2 read through J_2(2): q = (x - 2)^2; one real Jordan block [[2, 1], [0, 2]] realizes it
J2_GOAL = {
    "A": J2,
    "B": [["0"], ["1"]],
    "C": [["1", "0"]],
    "minpoly": ["4", "-4", "1"],
    "blocks": [{"D": [["2", "1"], ["0", "2"]], "B": [["0"], ["1"]], "C": [["1", "0"]]}],
}


def _check(goal: dict, witness: object = None) -> None:
    check_obligation(KIND, read_goal(KIND, goal, "t"), witness or {}, "t")


def test_a_realization_by_one_real_jordan_block_is_accepted():
    _check(J2_GOAL)


def test_a_zero_response_is_realized_by_no_state():
    goal = {"A": J2, "B": [["0"], ["0"]], "C": [["1", "0"]], "minpoly": ["1"], "blocks": []}
    _check(goal)
    goal["blocks"] = [{"D": [["3"]], "B": [["0"]], "C": [["0"]]}]  # q = 1 does not annihilate [3]
    with pytest.raises(KernelError, match="q\\(D\\) is not zero"):
        _check(goal)


def test_agreement_on_the_first_deg_q_terms_is_checked():
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["C"] = [["2", "0"]]  # the response doubled: q still annihilates it, W'(1) != W(1)
    with pytest.raises(KernelError, match="differs from C A\\^t B at t = 1"):
        _check(goal)
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["B"] = [["1"], ["1"]]  # W'(0) = 1 != 0
    with pytest.raises(KernelError, match="at t = 0"):
        _check(goal)


def test_a_block_that_q_does_not_annihilate_is_rejected_even_if_the_first_terms_agree():
    # D = [[2, 1], [0, 3]] with B' = e_2, C' = e_1^T: W'(0) = 0, W'(1) = 1 like W, but W'(2) = 5 != 4 = W(2)
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["D"] = [["2", "1"], ["0", "3"]]
    with pytest.raises(KernelError, match="q\\(D\\) is not zero"):
        _check(goal)


def test_blocks_larger_than_2x2_and_bad_shapes_are_rejected():
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0] = {
        "D": [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]],
        "B": [["1"]] * 3,
        "C": [["1"] * 3],
    }
    with pytest.raises(KernelError, match="at most 2 rows"):
        read_goal(KIND, goal, "t")
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["D"] = [["1", "2"]]
    with pytest.raises(KernelError, match="1x1 or 2x2"):
        read_goal(KIND, goal, "t")
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["B"] = [["0", "1"], ["1", "0"]]
    with pytest.raises(KernelError, match="expected 2x1"):
        read_goal(KIND, goal, "t")
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["C"] = [["1", "0"], ["0", "1"]]
    with pytest.raises(KernelError, match="expected 1x2"):
        read_goal(KIND, goal, "t")
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"][0]["extra"] = 1
    with pytest.raises(KernelError):
        read_goal(KIND, goal, "t")
    goal = copy.deepcopy(J2_GOAL)
    goal["blocks"] = [goal["blocks"][0]] * (MAX_REALIZATION_BLOCKS + 1)
    with pytest.raises(KernelError, match="at most"):
        read_goal(KIND, goal, "t")


def test_a_wrong_minimal_polynomial_or_a_witness_is_rejected():
    goal = copy.deepcopy(J2_GOAL)
    goal["minpoly"] = ["5", "-4", "1"]
    with pytest.raises(KernelError, match="minimal polynomial of the response has degree 2"):
        _check(goal)
    goal["minpoly"] = ["0", "4", "-4", "1"]  # x q(x) annihilates, but has more coefficients than m + 1
    with pytest.raises(KernelError, match="1 to 3 coefficients"):
        read_goal(KIND, goal, "t")
    with pytest.raises(KernelError, match="no witness"):
        _check(J2_GOAL, {"T": []})


def test_the_work_bound_refuses_a_realization_too_large_to_check():
    goal = copy.deepcopy(J2_GOAL)
    big = "1" * 300
    goal["blocks"] = [{"D": [[big, "1"], ["0", big]], "B": [["0"], ["1"]], "C": [["1", "0"]]}] * 4000
    read = read_goal(KIND, goal, "t")
    with pytest.raises(WorkExceeded, match="q\\(D_b\\) per block"):
        with work_budget():  # the kernel's default budget per certificate
            check_obligation(KIND, read, {}, "t")


def _obligation(cert: dict) -> dict:
    return cert["obligations"][0]["goal"]


@pytest.mark.parametrize(
    "edit",
    [
        lambda g: g["blocks"][0]["D"][0].__setitem__(0, "1/3"),
        lambda g: g["blocks"][0]["B"][0].__setitem__(0, "2"),
        lambda g: g["blocks"][0]["C"][0].__setitem__(0, "-1"),
        lambda g: g["blocks"].append({"D": [["1/2"]], "B": [["1"]], "C": [["1"]]}),
        lambda g: g["A"][0].__setitem__(0, "1/3"),
        lambda g: g["minpoly"].__setitem__(0, "-1/3"),
    ],
)
def test_an_edited_and_resealed_certificate_is_rejected(edit):
    cert = realization_certificate(*JORDAN3_E1)
    assert check_certificate(cert, "t").valid
    mutated = copy.deepcopy(cert)
    edit(_obligation(mutated))
    for key in ("A", "minpoly", "blocks"):
        mutated["params"][key] = _obligation(mutated)[key]
    result = check_certificate(reseal(mutated), "t")
    assert not result.valid, "an edited realization passed"
