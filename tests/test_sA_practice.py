"""verify/claims/sA_practice.py: HiPPO-LegS, S4D-Real and Mamba in practice; checked independently in float64."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from verify.claims.sA_practice import hippo_legs, s4d_real, selective_variants
from verify.claims.sA_practice_goals import legs_rows
from verify.kernel import check_certificate


def _legs(n: int) -> np.ndarray:
    """HiPPO-LegS from its definition (irrational entries), in float64."""
    q = np.arange(n)
    a = -np.sqrt(np.outer(2 * q + 1, 2 * q + 1))
    return np.tril(a, -1) - np.diag(q + 1.0)


def test_practice_certificates_are_valid():
    for build in (hippo_legs, s4d_real, selective_variants):
        assert check_certificate(build()).valid


def test_singular_step_counts_are_n_minus_19():
    cert = hippo_legs()
    assert [len(o["goal"]["bilinear"]) for o in cert["obligations"]] == [45, 109, 237]
    assert cert["obligations"][0]["goal"]["bilinear"][0] == "1/32"  # 2/64


def test_rational_matrix_is_similar_to_the_definition_of_hippo_legs():
    n = 8
    t = np.diag(np.sqrt(2 * np.arange(n) + 1.0))
    m = np.array([[float(Fraction(x)) for x in row] for row in legs_rows(n)])
    assert np.allclose(t @ m @ np.linalg.inv(t), _legs(n), rtol=1e-12, atol=1e-12)


def test_bilinear_legs_transition_has_an_eigenvalue_zero_at_a_singular_step():
    a = _legs(64)
    for step, expect_zero in ((2 / 20, True), (2 / 64, True), (0.05 + 1e-3, False)):
        eye = np.eye(64)
        abar = np.linalg.solve(eye - step / 2 * a, eye + step / 2 * a)
        smallest = np.min(np.abs(np.diag(abar)))  # triangular: the eigenvalues are the diagonal
        assert (smallest < 1e-12) == expect_zero
