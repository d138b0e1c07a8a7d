"""numeric.table1_tracked: operation counts and depths follow the stated model, and the arithmetic is right."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from numeric.table1_tracked import (
    Tracked,
    affine,
    diag_affine,
    fft,
    fft_error_bound,
    matmul,
    scan,
    sum_pair,
    tsum,
)


def _fractions(shape: tuple[int, ...], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = [
        Fraction(int(a), int(b))
        for a, b in zip(rng.integers(-5, 6, math.prod(shape)), rng.integers(1, 4, math.prod(shape)))
    ]
    return np.array(values, dtype=object).reshape(shape)


def test_balanced_sum_of_k_terms_has_depth_ceil_log2_k_and_k_minus_1_additions():
    for k in (1, 2, 3, 8, 9):
        Tracked.ops = 0
        out = tsum(Tracked(np.ones((k, 3))), 0)
        assert Tracked.ops == 3 * (k - 1)
        assert int(out.d.max()) == (math.ceil(math.log2(k)) if k > 1 else 0)


def test_matrix_product_depth_is_one_multiplication_plus_a_tree_of_sums():
    Tracked.ops = 0
    out = matmul(Tracked(np.ones((2, 5))), Tracked(np.ones((5, 3))))
    assert int(out.d.max()) == 1 + 3
    assert Tracked.ops == 6 * (2 * 5 - 1)


def test_scan_of_affine_maps_equals_the_sequential_recurrence_exactly():
    n = 16
    A, b = _fractions((n, 2, 2), 1), _fractions((n, 2, 1), 2)
    _, h = scan((Tracked(A), Tracked(b)), affine)
    state = b[0]
    for t in range(1, n):
        state = A[t] @ state + b[t]
        assert np.array_equal(h.v[t], state)


def test_scan_of_diagonal_maps_and_of_sums_are_exact():
    n = 8
    a, b = _fractions((n, 3), 3), _fractions((n, 3), 4)
    _, h = scan((Tracked(a), Tracked(b)), diag_affine)
    (prefix,) = scan((Tracked(b),), sum_pair)
    state, total = b[0], b[0]
    for t in range(1, n):
        state, total = a[t] * state + b[t], total + b[t]
        assert np.array_equal(h.v[t], state) and np.array_equal(prefix.v[t], total)


def test_scan_depth_grows_by_a_constant_per_doubling_and_work_stays_linear():
    depths, ops = [], []
    for n in (16, 32, 64, 128):
        Tracked.ops = 0
        (out,) = scan((Tracked(np.ones((n, 1))),), sum_pair)
        depths.append(int(out.d.max()))
        ops.append(Tracked.ops)
    steps = np.diff(depths)
    assert len(set(steps.tolist())) == 1 and steps[0] <= 2
    assert all(o <= 2 * n for o, n in zip(ops, (16, 32, 64, 128)))


def test_fft_agrees_with_a_50_digit_dft_within_the_a_priori_bound():
    n = 64
    x = np.random.default_rng(5).standard_normal(n) + 1j * np.random.default_rng(6).standard_normal(n)
    got = fft(Tracked(x), -1).v
    mpmath.mp.dps = 50
    ref = [
        sum(mpmath.mpc(x[t].real, x[t].imag) * mpmath.expjpi(-2 * mpmath.mpf(k * t) / n) for t in range(n))
        for k in range(n)
    ]
    ref_c = np.array([complex(r) for r in ref])
    error = np.linalg.norm(got - ref_c)
    assert np.isfinite(error)
    assert error <= fft_error_bound(n) * np.linalg.norm(ref_c) + 1e-300


def test_fft_depth_is_two_per_stage():
    depth = [int(fft(Tracked(np.ones(n, dtype=complex)), -1).d.max()) for n in (8, 16, 32)]
    assert depth == [6, 8, 10]


@pytest.mark.parametrize("n", [4, 64, 4096])
def test_fft_error_bound_is_small_and_grows_with_log_n(n):
    assert 0 < fft_error_bound(n) < 1e-13
    assert fft_error_bound(2 * n) > fft_error_bound(n)
