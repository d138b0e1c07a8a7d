"""Tests of numeric/jacobians.py: torch autograd (float64, CPU) against the certified closed forms."""

from __future__ import annotations

import numpy as np
import pytest

from numeric.jacobians import (
    Comparison,
    attention_error_bound,
    attention_jacobian_autograd,
    attention_jacobian_closed,
    compare,
    construction_input,
    construction_jacobian_closed,
    gamma,
    ssm_error_bound,
    ssm_jacobian_autograd,
    ssm_jacobian_closed,
)

pytest.importorskip("torch")


def _random_ssm(rng: np.random.Generator, n: int = 3, d: int = 2, p: int = 2):
    A = rng.normal(size=(n, n)) / np.sqrt(n)
    return A, rng.normal(size=(n, d)), rng.normal(size=(p, n))


@pytest.mark.parametrize("seed", range(5))
def test_ssm_autograd_jacobian_equals_c_a_power_b_within_the_a_priori_bound(seed: int) -> None:
    rng = np.random.default_rng(seed)
    A, B, C = _random_ssm(rng)
    X = rng.normal(size=(8, 2))
    for i, j in ((8, 1), (5, 4), (6, 2)):
        result = compare(
            "ssm",
            ssm_jacobian_autograd(A, B, C, X, i, j),
            ssm_jacobian_closed(A, B, C, i - j),
            ssm_error_bound(A, B, C, i - j),
        )
        assert result.ok, result


def test_ssm_closed_form_with_wrong_power_is_caught() -> None:
    rng = np.random.default_rng(7)
    A, B, C = _random_ssm(rng)
    X = rng.normal(size=(6, 2))
    result = compare(
        "ssm", ssm_jacobian_autograd(A, B, C, X, 6, 2), ssm_jacobian_closed(A, B, C, 3), ssm_error_bound(A, B, C, 4)
    )
    assert not result.ok


@pytest.mark.parametrize("seed", range(5))
def test_attention_autograd_jacobian_equals_equation_13_within_the_a_priori_bound(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    d, r, p, n = 3, 2, 2, 6
    WQ, WK, V = rng.normal(size=(r, d)), rng.normal(size=(r, d)), rng.normal(size=(p, d))
    X = rng.normal(size=(n, d))
    for i, j in ((6, 1), (4, 3), (5, 2)):
        result = compare(
            "attention",
            attention_jacobian_autograd(WQ, WK, V, X, i, j),
            attention_jacobian_closed(WQ, WK, V, X, i, j),
            attention_error_bound(WQ, WK, V, X, i, j),
        )
        assert result.ok, result


@pytest.mark.parametrize("case", ["ones", "random"])
def test_autograd_at_the_construction_matches_the_corrected_equation_14(case: str) -> None:
    rng = np.random.default_rng(3)
    if case == "ones":
        WQ = WK = V = np.ones((1, 1))
        u = np.ones(1)
    else:
        WQ, WK, V, u = rng.normal(size=(2, 3)), rng.normal(size=(2, 3)), rng.normal(size=(2, 3)), rng.normal(size=3)
    for gamma_, i, j in ((1.0, 3, 1), (5.0, 7, 2), (0.25, 3, 1)):
        X = construction_input(WQ, WK, u, gamma_, i, j, i)
        auto = attention_jacobian_autograd(WQ, WK, V, X, i, j)
        result = compare(
            "construction",
            auto,
            construction_jacobian_closed(WQ, WK, V, u, gamma_, i),
            attention_error_bound(WQ, WK, V, X, i, j),
        )
        assert result.ok, result


def test_the_printed_equation_14_is_far_from_autograd_at_the_construction() -> None:
    WQ = WK = V = np.ones((1, 1))
    u = np.ones(1)
    X = construction_input(WQ, WK, u, 1.0, 3, 1, 3)
    alpha = np.exp(1) / (2 * np.exp(1) + 1)
    printed = alpha * V + alpha * (1 - alpha) * (V @ X[0]) * 1.0
    auto = attention_jacobian_autograd(WQ, WK, V, X, 3, 1)
    assert not compare("printed", auto, printed, attention_error_bound(WQ, WK, V, X, 3, 1)).ok


def test_nan_and_inf_always_fail() -> None:
    assert not compare("nan", np.array([np.nan]), np.array([0.0]), 1.0).ok
    assert not compare("inf", np.array([1.0]), np.array([np.inf]), 1.0).ok
    assert not Comparison("bound", 0.0, float("nan")).ok


def test_gamma_grows_with_k_and_refuses_k_u_at_least_one() -> None:
    assert 0 < gamma(1) < gamma(10)
    with pytest.raises(ValueError):
        gamma(2**53)
