"""Tests of numeric.features: the stable evaluation stays within its bound; the paper's raw features break."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from numeric.features import MODES, OMEGA, Mode, breakdown, longdouble_ok, overflow_index, raw_eval, run, stable_eval

pytestmark = pytest.mark.skipif(not longdouble_ok(), reason="needs x87 extended precision for the reference")


def _direct(lam: complex, q: int, x: np.ndarray) -> np.ndarray:
    """The O(n^2) definition in extended precision."""
    lam = np.clongdouble(lam)
    n = len(x)
    return np.array([sum(lam ** (i - j) * np.longdouble((i - j) ** q) * x[j] for j in range(i + 1)) for i in range(n)])


@pytest.mark.parametrize("q", [0, 1, 3])
def test_stable_and_raw_evaluations_agree_with_the_definition(q):
    x = np.random.default_rng(0).uniform(-1, 1, 50)
    lam = MODES[0].value
    ref = _direct(lam, q, x)
    scale = float(np.max(np.abs(ref)))
    assert float(np.max(np.abs(stable_eval(lam, q, x, 8) - ref))) < 1e-12 * scale
    assert float(np.max(np.abs(raw_eval(lam, q, x) - ref))) < 1e-10 * scale


def test_stable_evaluation_is_within_its_bound():
    r = run(MODES[1], 2, 1024)
    assert r.passed("stable") and r.stable_ratio < 10


def test_raw_features_overflow_where_the_kernel_threshold_says():
    mode = MODES[0]
    N = overflow_index(mode)
    r = run(mode, 0, N + 16)
    # psi(N) itself is Inf (up to 2 roundings of the cumulative product); the running sum of psi(j) x_j, at most
    # |lambda|^-j / (1 - |lambda|), may overflow up to log(1/(1-|l|)) / log(1/|l|) < 22 positions earlier.
    assert r.first_nonfinite is not None and N - 22 <= r.first_nonfinite <= N + 2
    assert not r.passed("raw") and r.passed("stable")
    assert breakdown([r])[(mode.label, 0)][0] <= r.first_nonfinite


def test_overflow_index_is_exact_for_a_power_of_two_modulus():
    # |lambda| = 1/2: 2^j >= 2^1024 - 2^970 first at j = 1024
    assert overflow_index(Mode("half", Fraction(1, 2), Fraction(0))) == 1024
    assert OMEGA < Fraction(2) ** 1024


def test_raw_absolute_pass_bounds_the_raw_outputs():
    x = np.random.default_rng(1).uniform(-1, 1, 200)
    mode = MODES[1]
    assert np.all(np.abs(raw_eval(mode.value, 2, x)) <= raw_eval(abs(mode.value) * 1.0001, 2, np.abs(x), True))
