"""Kind masked_rank_family (kind_masked_family.py): t0, s, R0 derived from (A, B, C), for every n."""

from __future__ import annotations

import pytest

from verify.certificate import reseal
from verify.claims.sA_modes import INSTANCES
from verify.claims.sA_singular import DELTA
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _goal(rows: tuple, head: int, t0: int, span: int, r0: int) -> dict:
    return {"A": rows[0], "B": rows[1], "C": rows[2], "head": head, "t0": t0, "span": span, "r0": r0}


def _check(goal: dict, witness: dict | None = None) -> None:
    check_obligation("masked_rank_family", read_goal("masked_rank_family", goal, "t"), witness or {}, "t")


def test_the_delta_and_the_singular_heads_are_accepted():
    _check(_goal(DELTA, 1, 0, 1, 0))
    for head, (t0, span, r0) in enumerate([(0, 1, 0), (1, 1, 0), (0, 2, 1)], start=1):
        _check(_goal(INSTANCES["singular"], head, t0, span, r0))


@pytest.mark.parametrize("wrong", [(1, 1, 1), (0, 1, 1), (0, 2, 0), (0, 3, 1), (0, 2, 2)])
def test_wrong_derived_values_are_refused(wrong):
    with pytest.raises(KernelError, match="found \\(t0, span, r0\\) = \\(0, 2, 1\\)"):
        _check(_goal(INSTANCES["singular"], 3, *wrong))


def test_a_head_the_nilpotent_part_does_not_reach_is_refused():
    invertible = ([["1/2"]], [["1"]], [["1"]])
    with pytest.raises(KernelError, match="does not reach"):
        _check(_goal(invertible, 1, 0, 1, 0))


def test_a_nilpotent_a_has_no_invertible_part():
    shift = ([["0", "1"], ["0", "0"]], [["0"], ["1"]], [["1", "0"]])  # W(0) = 0, W(1) = 1: d = [0, 1]
    _check(_goal(shift, 1, 1, 1, 0))


def test_an_invertible_part_is_subtracted_with_its_recurrence_order():
    mixed = ([["0", "0"], ["0", "1/2"]], [["1"], ["1"]], [["1", "1"]])  # g = 2, 1/2, 1/4, ...: d = [1]
    _check(_goal(mixed, 1, 0, 1, 1))


def test_a_head_beyond_k_and_a_witness_are_refused():
    with pytest.raises(KernelError, match="k = 1 heads"):
        _check(_goal(DELTA, 2, 0, 1, 0))
    with pytest.raises(KernelError, match="unknown field"):
        _check(_goal(DELTA, 1, 0, 1, 0), {"rows": [1]})


def test_shapes_and_entries_are_read_strictly():
    with pytest.raises(KernelError, match="expected A m x m"):
        _check(_goal(([["0", "1"]], [["1"]], [["1"]]), 1, 0, 1, 0))
    with pytest.raises(KernelError, match="rational"):
        _check(_goal(([["i"]], [["1"]], [["1"]]), 1, 0, 1, 0))
    with pytest.raises(KernelError):
        _check({**_goal(DELTA, 1, 0, 1, 0), "head": True})


def test_a_resealed_certificate_with_another_ssm_is_rejected(cert_of):
    cert = cert_of("appA.A2.corrected")
    cert["obligations"][0]["goal"]["A"] = [["1/2"]]
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("goal differs" in e for e in result.errors)


def test_the_last_lag_family_gives_n_minus_one_for_two_nonzero_lags():
    """g = (1, 1, 0, ...): d_h has lags 0 and 1, so t0 = 0, s = 2 and the bound is n - 1 (Woerdeman's minimum)."""
    pair = ([["0", "1"], ["0", "0"]], [["1"], ["1"]], [["1", "0"]])
    _check(_goal(pair, 1, 0, 2, 0))
    assert [max((n - 0 - 1) // 2 + 1, n - 1) for n in (4, 9)] == [3, 8]
