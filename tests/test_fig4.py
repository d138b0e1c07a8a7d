"""numeric/experiments/fig4.py: gradient norms of a linear SSM and of multi-head attention (quick profile)."""

from __future__ import annotations

import numpy as np
import pytest
from flint import fmpq, fmpq_mat

from constructions.optimum import dyadic
from numeric.experiments.fig4 import (
    PROFILES,
    attention_jacobians,
    error_bound,
    exact_norm,
    gamma,
    ssm_jacobian,
    ssm_matrices,
)

QUICK = PROFILES["quick"]


def _exact(M: np.ndarray) -> fmpq_mat:
    return fmpq_mat(M.shape[0], M.shape[1], [dyadic(x) for x in M.ravel()])


def test_gamma_is_n_u_over_one_minus_n_u_and_refuses_n_u_at_least_one():
    assert gamma(1) == fmpq(1, 2**53 - 1)
    with pytest.raises(ValueError, match="n u >= 1"):
        gamma(2**53)


def test_standard_initialization_gives_float32_values_and_the_stated_shapes():
    A, B, C = ssm_matrices(QUICK)
    assert A.shape == (16, 16) and B.shape == (16, 8) and C.shape == (8, 16)
    assert np.array_equal(A.astype(np.float32).astype(np.float64), A)


@pytest.mark.parametrize("T", [1, 5, 16])
def test_autograd_jacobian_is_c_a_power_b_within_the_a_priori_bound(T):
    A, B, C = ssm_matrices(QUICK)
    J = ssm_jacobian(A, B, C, T)
    exact = _exact(C) * _exact(A) ** T * _exact(B)
    difference = _exact(J) - exact
    frobenius_sq = sum((x * x for x in difference.entries()), fmpq(0))
    bound = dyadic(error_bound(A, B, C, T))
    assert frobenius_sq <= bound * bound


def test_exact_norm_matches_numpy_within_svd_rounding():
    A, _, _ = ssm_matrices(QUICK)
    ball = exact_norm(A)
    assert abs(float(ball.mid()) - np.linalg.norm(A, 2)) <= 1e-13 * np.linalg.norm(A, 2)


def test_ssm_gradient_decays_and_stays_below_theorem_5_1_bound():
    A, B, C = ssm_matrices(QUICK)
    norms = [float(exact_norm(ssm_jacobian(A, B, C, T)).mid()) for T in (1, 8, 16)]
    bound = [float((exact_norm(C) * exact_norm(B) * exact_norm(A) ** T).mid()) for T in (1, 8, 16)]
    assert norms[0] > norms[1] > norms[2]
    assert all(n < b for n, b in zip(norms, bound))


def test_standard_init_makes_a_contractive_spectrum_but_a_norm_above_one():
    # the reason the plotted bound grows: rho(A) < 1 <= ||A||_2 for nn.Linear's default init here
    A, _, _ = ssm_matrices(QUICK)
    assert max(abs(np.linalg.eigvals(A))) < 1 < np.linalg.norm(A, 2)


def test_attention_jacobians_are_finite_and_decay_slower_than_the_ssm():
    norms = attention_jacobians(QUICK)
    assert all(np.isfinite(v).all() and min(v) > 0 for v in norms.values())
    A, B, C = ssm_matrices(QUICK)
    last = max(QUICK.lengths)
    ssm = float(exact_norm(ssm_jacobian(A, B, C, last)).mid())
    assert np.median(norms[last]) > 10 * ssm
