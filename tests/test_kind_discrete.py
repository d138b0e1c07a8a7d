"""kind_discrete.py: singular steps of bilinear and ZOH transitions, distinct eigenvalues, Sturm."""

from __future__ import annotations

import json

import pytest
from flint import fmpq, fmpq_poly

from verify.certificate import reseal
from verify.claims.sA_practice import s4d_real
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.parameterizations.kind_discrete import sturm_count


def _check(a: list, steps: list, bilinear: list, distinct: bool = True, zoh: list | None = None) -> None:
    goal = {"A": a, "steps": steps, "bilinear": bilinear, "zoh": zoh or [], "distinct": distinct}
    check_obligation("discretized_transition", read_goal("discretized_transition", goal, "t"), {}, "t")


def test_sturm_counts_the_real_roots_in_an_interval():
    f = fmpq_poly([-2, 0, 1])  # +-sqrt 2
    assert sturm_count(f, fmpq(0), fmpq(2)) == 1
    assert sturm_count(f, fmpq(-2), fmpq(2)) == 2
    assert sturm_count(fmpq_poly([2, 0, 1]), fmpq(-5), fmpq(5)) == 0


def test_kernel_finds_the_singular_bilinear_step_of_a_companion_matrix():
    # eigenvalues -1 and -2 (not triangular): -2/D = -2 at D = 1, -1 at D = 2 (outside [1/1000, 1])
    _check([["0", "1"], ["-2", "-3"]], ["1/1000", "1"], ["1"])


def test_kernel_rejects_a_missing_singular_step():
    with pytest.raises(KernelError, match="found 0 singular steps, expected 1"):
        _check([["-1", "0"], ["5", "-2"]], ["1/1000", "1"], [])


def test_complex_eigenvalues_are_never_singular():
    _check([["0", "1"], ["-2", "-2"]], ["1/1000", "1"], [])  # -1 +- i


def test_kernel_rejects_an_irrational_eigenvalue_in_the_step_range():
    with pytest.raises(KernelError, match="irrational eigenvalue"):
        _check([["0", "1"], ["2", "0"]], ["1/1000", "2"], [])  # -sqrt 2 = -2/D at D = sqrt 2


def test_kernel_rejects_an_undefined_bilinear_transition():
    with pytest.raises(KernelError, match="undefined"):
        _check([["1"]], ["1", "4"], [])  # 2/D = 1 at D = 2


def test_kernel_rejects_a_wrong_distinctness_and_a_singular_zoh():
    with pytest.raises(KernelError, match="expected False"):
        _check([["-1", "0"], ["0", "-1"]], ["1/1000", "1/10"], [], distinct=True)
    with pytest.raises(KernelError, match="never singular"):
        _check([["-1"]], ["1/1000", "1/10"], [], zoh=["1/20"])


def test_certificate_without_a_singular_step_is_rejected_after_resealing():
    cert = json.loads(json.dumps(s4d_real()))
    cert["obligations"][1]["goal"]["bilinear"].pop()
    result = check_certificate(reseal(cert))
    assert not result.valid and any("goal differs" in e for e in result.errors)
