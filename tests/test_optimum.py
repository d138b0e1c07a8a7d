"""constructions/optimum.py: the rotation teachers and the exact optimum, checked against independent derivations."""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from flint import fmpq, fmpq_mat
from hypothesis import given, settings
from hypothesis import strategies as st

from constructions.optimum import (
    dyadic,
    exact_student_mse,
    frobenius_gram,
    impulse_responses,
    optimum_ball,
    optimum_bounds,
    rotation_teacher,
)

N = 16


def _float(M: fmpq_mat) -> np.ndarray:
    return np.array([[float(M[r, c]) for c in range(M.ncols())] for r in range(M.nrows())])


def _weighted_family(k: int, n: int = N) -> np.ndarray:
    """Columns sqrt(n - tau) vec W(tau), in float64 (the matrix whose squared singular values are eig(G))."""
    A, B, C = rotation_teacher(k)
    W = impulse_responses(A, B, C, n)
    return np.array([_float(w).ravel() * np.sqrt(n - t) for t, w in enumerate(W)]).T


@pytest.mark.parametrize("k", [2, 4, 8])
def test_teacher_is_orthogonal_with_interaction_rank_k(k):
    A, B, C = rotation_teacher(k)
    identity = fmpq_mat(k, k, [1 if r == c else 0 for r in range(k) for c in range(k)])
    assert A.transpose() * A == identity
    assert fmpq_mat(impulse_responses(A, B, C, N)[0]) == identity
    stacked = fmpq_mat(N, k * k, [x for w in impulse_responses(A, B, C, N) for x in w.entries()])
    assert stacked.rank() == k


def test_teacher_rejects_odd_or_too_large_rank():
    with pytest.raises(ValueError, match="even"):
        rotation_teacher(3)
    with pytest.raises(ValueError, match="even"):
        rotation_teacher(10)


@pytest.mark.parametrize("k", [2, 4, 8])
@pytest.mark.parametrize("heads", range(1, 10))
def test_optimum_agrees_with_numpy_singular_values(k, heads):
    # independent route: SVD of the weighted family in float64; error bound ~ gamma * ||M||_F^2, generous 1e-10
    s = np.linalg.svd(_weighted_family(k), compute_uv=False) ** 2
    expected = s[heads:].sum() / (N * k)
    lower, upper = optimum_bounds(k, heads, N)
    assert float(lower) - 1e-10 <= expected <= float(upper) + 1e-10
    assert upper - lower <= fmpq(1, 2**62)


def test_optimum_for_one_head_and_k2_matches_the_closed_form():
    # k = 2: the 2 x 2 weighted Gram of (cos, sin) coordinates; optimum = smaller eigenvalue * 2 / (n p)
    cos, sin = sympy.Rational(3, 5), sympy.Rational(4, 5)
    rot = sympy.Matrix([[cos, -sin], [sin, cos]])
    G = sympy.zeros(2, 2)
    for t in range(N):
        c, s = (rot**t)[0, 0], (rot**t)[1, 0]
        G += (N - t) * sympy.Matrix([[c * c, c * s], [c * s, s * s]])
    tr, det = G.trace(), G.det()
    smallest = (tr - sympy.sqrt(tr**2 - 4 * det)) / 2  # eigenvalue of G restricted to span{I, J} / sqrt 2
    exact = 2 * smallest / (N * 2)
    lower, upper = optimum_bounds(2, 1, N)
    # decided exactly by SymPy's sign of (algebraic - rational), not by floats
    assert (exact - sympy.Rational(int(lower.p), int(lower.q))).is_nonnegative is True
    assert (sympy.Rational(int(upper.p), int(upper.q)) - exact).is_nonnegative is True


@pytest.mark.parametrize("k", [2, 4, 8])
def test_optimum_is_positive_below_k_and_zero_from_k_on(k):
    for heads in range(1, 10):
        lower, upper = optimum_bounds(k, heads, N)
        if heads < k:
            assert lower > 0
        else:
            assert lower == upper == 0


def test_optimum_decreases_with_every_head():
    values = [optimum_ball(8, h, N) for h in range(1, 9)]
    assert all(a > b for a, b in zip(values, values[1:]))


def _principal_student(k: int, heads: int) -> tuple[list, list, list]:
    """An explicit student: V = rational rounding of the top-H eigenvectors, alpha = best coefficients."""
    A, B, C = rotation_teacher(k)
    W = impulse_responses(A, B, C, N)
    U = np.linalg.svd(_weighted_family(k))[0][:, :heads]
    values = [fmpq_mat(k, k, [dyadic(x) for x in U[:, h]]) for h in range(heads)]
    V = np.array([[float(x) for x in v.entries()] for v in values]).T  # (k*k) x H
    coeff = np.linalg.lstsq(V, np.array([_float(w).ravel() for w in W]).T, rcond=None)[0]  # H x n
    alphas = [
        fmpq_mat(N, N, [dyadic(coeff[h, i - j]) if j <= i else 0 for i in range(N) for j in range(N)])
        for h in range(heads)
    ]
    return values, alphas, W


@pytest.mark.parametrize(("k", "heads"), [(2, 1), (4, 2), (4, 3), (8, 5)])
def test_an_explicit_student_attains_the_optimum_up_to_rounding(k, heads):
    # Eckart-Young attained by a concrete student in the paper's class (exact loss of dyadic weights)
    values, alphas, W = _principal_student(k, heads)
    loss = exact_student_mse(values, alphas, W)
    lower, upper = optimum_bounds(k, heads, N)
    assert loss >= lower
    assert float(loss - upper) < 1e-12


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([(4, 1), (4, 2), (8, 3)]))
def test_no_random_student_beats_the_certified_optimum(seed, case):
    k, heads = case
    rng = np.random.default_rng(seed)
    A, B, C = rotation_teacher(k)
    W = impulse_responses(A, B, C, N)
    values = [fmpq_mat(k, k, [dyadic(x) for x in rng.standard_normal(k * k)]) for _ in range(heads)]
    alphas = [
        fmpq_mat(N, N, [dyadic(rng.standard_normal()) if j <= i else 0 for i in range(N) for j in range(N)])
        for _ in range(heads)
    ]
    assert exact_student_mse(values, alphas, W) >= optimum_bounds(k, heads, N)[0]


def test_gram_in_lag_space_has_the_same_trace_as_the_weighted_family():
    A, B, C = rotation_teacher(4)
    gram = frobenius_gram(impulse_responses(A, B, C, N))
    trace = sum((gram[t, t] for t in range(N)), fmpq(0))
    assert trace == sum(fmpq(4 * (N - t)) for t in range(N))  # ||A^t||_F^2 = k for a rotation


def test_dyadic_reads_a_float_exactly():
    assert dyadic(0.1) == fmpq(3602879701896397, 36028797018963968)
    assert dyadic(-2.5) == fmpq(-5, 2)


@pytest.mark.parametrize("k", [2, 4, 8])
def test_theorem_4_4_construction_finds_interaction_rank_k_and_condition_7_at_n_16(k):
    # independent code (constructions/ssm.py, Theorem 4.4's owner) on the same teacher
    from constructions.ssm import interaction_basis, ssm_from_strings

    A, B, C = rotation_teacher(k)
    rows = [[[str(M[r, c]) for c in range(M.ncols())] for r in range(M.nrows())] for M in (A, B, C)]
    basis = interaction_basis(ssm_from_strings(*rows))
    assert basis.k == k
    assert basis.n_min <= N


@pytest.mark.parametrize(("k", "heads"), [(4, 2), (8, 5)])
def test_optimal_head_weights_factor_with_feature_dimension_k(k, heads):
    # c_h(i - j) = <U_h, A^(i-j)> for all i, j (A^-1 = A^T): a sum of k/2 rotations, so rank <= k; masking it gives
    # the optimal alpha^(h), hence r = k features already attain the optimum (r = n is not needed for these teachers)
    A, _, _ = rotation_teacher(k)
    Af = _float(A)
    U = np.linalg.svd(_weighted_family(k))[0][:, :heads]
    powers = {t: np.linalg.matrix_power(Af if t >= 0 else Af.T, abs(t)) for t in range(-N + 1, N)}
    for h in range(heads):
        table = np.array([[U[:, h] @ powers[i - j].ravel() for j in range(N)] for i in range(N)])
        s = np.linalg.svd(table, compute_uv=False)
        # float error of each entry <= gamma_{k^2 + k N} * ||U_h|| * ||A^t||_F = gamma * sqrt(k); 1e-10 bounds it
        assert s[k] <= 1e-10 * s[0]
