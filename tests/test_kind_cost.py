"""kind_cost.py of theory costs and loop_sums.py: exact loop sums, the domain check, depth, recursions by induction."""

from __future__ import annotations

import json

import pytest
from flint import fmpq

from verify.certificate import reseal
from verify.claims.s3_costs import build_cell, build_section3
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.costs.loop_sums import faulhaber


def _loop(mode: str, var: str, lo: str, hi: str, *body: dict, width: str | None = None) -> dict:
    out = {"loop": mode, "var": var, "from": lo, "to": hi, "body": list(body)}
    if width is not None:
        out["width"] = width
    return out


MUL = {"op": "mul"}


def _goal(program: list, ops: dict, memory: str = "0", depth: str = "0", **extra) -> dict:
    goal = {"sizes": ["n", "p"], "powers": {}, "model": "fan-in-2", "procedures": {}, "program": program}
    goal.update(ops=ops, memory=memory, depth=depth, **extra)
    return goal


def _check(goal: dict, witness: dict | None = None) -> None:
    check_obligation("loop_nest_cost", read_goal("loop_nest_cost", goal, "t"), witness or {"procedures": {}}, "t")


def test_faulhaber_polynomials_are_the_power_sums():
    for k in range(8):
        for x in range(6):
            assert faulhaber(k)(fmpq(x)) == sum(v**k for v in range(1, x + 1))


def test_kernel_sums_a_triangular_reduction_exactly():
    # for every t: a sum over jj = 1..t of p-vectors of products: p t(t+1)/2 mul, p (t(t+1)/2 - t) add
    body = _loop("sum", "jj", "1", "t", _loop("par", "b", "1", "p", MUL), width="p")
    goal = _goal([_loop("par", "t", "1", "n", body)], {"mul": "p*n*(n + 1)/2", "add": "p*n*(n - 1)/2"}, "0", "1 + lg_n")
    _check(goal)


def test_kernel_rejects_a_wrong_count():
    goal = _goal([_loop("par", "t", "1", "n", MUL)], {"mul": "n + 1"}, "0", "1")
    with pytest.raises(KernelError, match="count of 'mul' differs"):
        _check(goal)


def test_kernel_rejects_an_operation_the_program_does_not_perform():
    goal = _goal([_loop("par", "t", "1", "n", MUL)], {"mul": "n", "add": "n"}, "0", "1")
    with pytest.raises(KernelError, match="performs the operations"):
        _check(goal)


def test_kernel_rejects_a_loop_whose_trip_count_may_be_negative():
    # jj = n .. p runs p - n + 1 times, negative when p < n - 1: the closed form would be wrong there
    goal = _goal([_loop("seq", "jj", "n", "p", MUL)], {"mul": "p - n + 1"}, "0", "p - n + 1")
    with pytest.raises(KernelError, match="trip count is not shown to be >= 0"):
        _check(goal)


def test_kernel_accepts_an_upper_triangle_by_anchoring_at_the_upper_bound():
    body = _loop("par", "jj", "t + 1", "n", MUL)
    _check(_goal([_loop("par", "t", "1", "n", body)], {"mul": "n*(n - 1)/2"}, "0", "1"))


def test_kernel_rejects_a_parallel_body_whose_depth_depends_on_its_variable():
    body = _loop("seq", "jj", "t + 1", "n", MUL)
    with pytest.raises(KernelError, match="only through lg_t"):
        _check(_goal([_loop("par", "t", "1", "n", body)], {"mul": "n*(n - 1)/2"}, "0", "n - 1"))


def test_kernel_rejects_a_reduction_that_does_not_start_at_one():
    with pytest.raises(KernelError, match="reduction runs from 1"):
        _check(_goal([_loop("sum", "t", "2", "n + 1", MUL, width="1")], {"mul": "n", "add": "n - 1"}, "0", "1"))


def test_unbounded_fan_in_counts_a_reduction_as_one_step():
    goal = _goal([_loop("sum", "t", "1", "n", MUL, width="1")], {"mul": "n", "add": "n - 1"}, "0", "2")
    _check({**goal, "model": "unbounded-fan-in"})
    with pytest.raises(KernelError, match="depth differs"):
        _check(goal)


def test_kernel_rejects_a_loop_variable_that_reuses_a_size():
    with pytest.raises(KernelError, match="reuse a declared name"):
        read_goal("loop_nest_cost", _goal([_loop("par", "p", "1", "n", MUL)], {"mul": "n"}), "t")


def test_kernel_rejects_an_unknown_operation_and_an_unknown_model():
    with pytest.raises(KernelError, match="expected one of"):
        read_goal("loop_nest_cost", _goal([{"op": "sqrt"}], {"mul": "1"}), "t")
    with pytest.raises(KernelError, match="model"):
        read_goal("loop_nest_cost", {**_goal([MUL], {"mul": "1"}), "model": "pram"}, "t")


def test_kernel_rejects_a_zero_count_listed_in_the_goal():
    with pytest.raises(KernelError, match="only nonzero counts"):
        read_goal("loop_nest_cost", _goal([MUL], {"mul": "1", "add": "0"}, "0", "1"), "t")


def _scan_goal(ops: dict, memory: str, depth: str) -> dict:
    step = [{"alloc": "N"}, _loop("par", "m", "1", "N", {"op": "add"}), {"call": "scan"}]
    step.append(_loop("par", "m", "1", "N - 1", {"op": "add"}))
    proc = {"scan": {"size": "N", "level": "K", "base": [], "step": step}}
    goal = {"sizes": ["n"], "powers": {"n": "k"}, "model": "fan-in-2", "procedures": proc}
    return {**goal, "program": [{"call": "scan", "size": "n"}], "ops": ops, "memory": memory, "depth": depth}


CLOSED = {"scan": {"ops": {"add": "2*N - 2 - K"}, "memory": "N - 1", "depth": "2*K"}}


def test_kernel_proves_a_scan_closed_form_by_induction():
    _check(_scan_goal({"add": "2*n - 2 - k"}, "n - 1", "2*k"), {"procedures": CLOSED})


def test_kernel_rejects_a_wrong_closed_form_of_a_recursion():
    wrong = {"scan": {**CLOSED["scan"], "ops": {"add": "2*N - 2"}}}
    with pytest.raises(KernelError, match="step, N -> 2N"):
        _check(_scan_goal({"add": "2*n - 2"}, "n - 1", "2*k"), {"procedures": wrong})


def test_kernel_rejects_a_call_in_a_base_case():
    goal = _scan_goal({"add": "2*n - 2 - k"}, "n - 1", "2*k")
    goal["procedures"]["scan"]["base"] = [{"call": "scan"}]
    with pytest.raises(KernelError, match="base case makes no calls"):
        read_goal("loop_nest_cost", goal, "t")


def test_certificate_with_a_changed_closed_form_is_rejected_after_resealing():
    cert = json.loads(json.dumps(build_cell("ssm", "depth")))
    cert["obligations"][0]["witness"]["procedures"]["scan"]["depth"] = "4*K*lg_s + 6*K + 1"
    result = check_certificate(reseal(cert))
    assert not result.valid and any("base, N = 1" in e for e in result.errors)


def test_certificate_with_a_changed_count_is_rejected_after_resealing():
    cert = json.loads(json.dumps(build_section3("sec3.1.2.cost.summary-matrix.corrected")))
    cert["obligations"][0]["goal"]["ops"]["mul"] = "2*n*p*r + 1"
    result = check_certificate(reseal(cert))
    assert not result.valid and any("goal differs from the registered statement" in e for e in result.errors)
