"""Tests of numeric.construction: exact SSMs, the lag and modal bases, and agreement with constructions.ssm."""

from __future__ import annotations

from fractions import Fraction

import pytest

from numeric.construction import (
    BUILTINS,
    builtin,
    coefficients_exact,
    head_form,
    random_ssm,
    reconstructs,
    theorem44_agrees,
)


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("basis", ["modal", "lags"])
def test_head_form_reconstructs_every_impulse_response_exactly(name, basis):
    ssm = builtin(name)
    assert reconstructs(ssm, head_form(ssm, basis), 2 * ssm.dims[0] + 2)


def test_interaction_rank_of_the_rotation_is_two():
    assert head_form(builtin("rotation")).k == 2


def test_lag_basis_coefficients_are_unit_vectors_at_the_pivot_lags():
    form = head_form(builtin("slow"), "lags")
    for h, tau in enumerate(form.pivots):
        assert coefficients_exact(form, tau) == [Fraction(int(g == h)) for g in range(form.k)]


def test_a_corrupted_beta_no_longer_reconstructs():
    ssm = builtin("slow")
    form = head_form(ssm, "modal")
    beta = list(map(list, form.beta))
    beta[0][0] = (beta[0][0][0] + Fraction(1, 2**40), beta[0][0][1])
    bad = type(form)(form.pivots, form.V, tuple(map(tuple, beta)), form.lam)
    assert not reconstructs(ssm, bad, 4)


def test_random_ssm_is_stable_and_exactly_representable():
    ssm = random_ssm(8, 2, 2, seed=5)
    A, _, _ = ssm.floats()
    assert all(a * a + b * b < 1 for a, b in ssm.eigenvalues())
    assert A.shape == (8, 8)


def test_non_block_matrix_is_refused():
    ssm = builtin("slow")
    A = [list(r) for r in ssm.A]
    A[0][3] = Fraction(1, 2)
    broken = type(ssm)("broken", tuple(map(tuple, A)), ssm.B, ssm.C)
    with pytest.raises(ValueError, match="not block diagonal"):
        broken.eigenvalues()


def test_local_construction_agrees_with_the_theorem_4_4_construction():
    assert theorem44_agrees(builtin("slow"), 12) in (True, None)


def test_unknown_builtin_is_named():
    with pytest.raises(KeyError, match="unknown built-in SSM"):
        builtin("nope")


def test_modal_basis_is_refused_when_the_interaction_rank_is_below_m():
    from numeric.construction import _block_ssm

    one = Fraction(1)
    ssm = _block_ssm("k-below-m", [(one / 2, one / 4), (one / 4, one / 2)], [[one], [0], [0], [0]], [[one, 0, 0, 0]])
    assert head_form(ssm, "lags").k < 4
    with pytest.raises(ValueError, match="not a basis of S_target"):
        head_form(ssm, "modal")
