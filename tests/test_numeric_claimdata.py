"""Tests of numeric.claimdata: parameters, substitution, the corruption switch; overflow goals hold."""

from __future__ import annotations

import pytest

from numeric.backends import get_backend
from numeric.claimdata import overflow_obligations, params_of, substituted
from verify.kernel.kinds import check_obligation, read_goal


def test_overflow_obligations_pass_the_kernel():
    for ob in overflow_obligations():
        check_obligation(ob.kind, read_goal(ob.kind, ob.goal, ob.name), ob.witness, ob.name)


def test_overflow_goal_off_by_one_is_not_decided():
    ob = overflow_obligations()[0]
    lhs = ob.goal["lhs"].split("*", 1)
    goal = dict(ob.goal, lhs=f"{int(lhs[0]) - 1}*{lhs[1]}")
    from verify.kernel.core.errors import KernelError

    with pytest.raises(KernelError):
        check_obligation(ob.kind, read_goal(ob.kind, goal, "t"), ob.witness, "t")


def test_params_name_the_backend_and_substitution_fills_sizes():
    params = params_of("default", get_backend(), n=5, N=16)
    assert params == {"scale": "default", "backend": "numpy", "device": "cpu", "n": 5, "N": 16}
    assert substituted({"sizes": {"n": {"$param": "n"}, "m": 2}}, params) == {"sizes": {"n": 5, "m": 2}}


def test_corruption_switch_reads_a_number_and_names_a_bad_value(monkeypatch):
    from numeric.claimdata import corruption_from_env

    monkeypatch.setenv("VERIFY_NUMERIC_CORRUPT", "1e-7")
    assert corruption_from_env() == 1e-7
    monkeypatch.setenv("VERIFY_NUMERIC_CORRUPT", "lots")
    with pytest.raises(ValueError, match="VERIFY_NUMERIC_CORRUPT='lots'"):
        corruption_from_env()
