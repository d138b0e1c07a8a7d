"""numeric/experiments/fig3.py: training H-head students against rotation teachers (quick profile)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from flint import fmpq

from constructions.optimum import optimum_bounds
from numeric.experiments.fig3 import PROFILES, Profile, exact_mse, interaction_spectrum, teacher_tensor, train_students

QUICK = PROFILES["quick"]


@cache
def _students(k: int) -> tuple:
    return tuple(train_students(k, QUICK.heads, QUICK))


def test_teacher_tensor_is_causal_and_starts_with_the_identity():
    full, W = teacher_tensor(4, 6)
    assert np.array_equal(full[0, 0], np.eye(4))
    assert not full[0, 1].any()
    assert np.allclose(full[3, 1], full[2, 0])  # W(2) on both pairs with lag 2
    assert len(W) == 6


@pytest.mark.parametrize("k", [2, 4])
def test_trained_students_never_beat_the_certified_optimum(k):
    _, W = teacher_tensor(k, QUICK.n)
    for heads, student in zip(QUICK.heads, _students(k)):
        assert exact_mse(student, W) >= optimum_bounds(k, heads, QUICK.n)[0]


@pytest.mark.parametrize("k", [2, 4])
def test_exact_and_float_test_mse_agree_within_the_rounding_bound(k):
    # float MSE sums n^2 p d products of H terms: relative error <= gamma_{H + n^2 p d} per term; 1e-9 is far above
    _, W = teacher_tensor(k, QUICK.n)
    for student in _students(k):
        exact = float(exact_mse(student, W))
        assert abs(student["float_mse"] - exact) <= 1e-9 * max(exact, 1.0)


def test_enough_heads_reach_the_low_error_regime_and_too_few_do_not():
    _, W = teacher_tensor(4, QUICK.n)
    by_heads = dict(zip(QUICK.heads, _students(4)))
    assert float(exact_mse(by_heads[4], W)) < 1e-3
    assert exact_mse(by_heads[2], W) > fmpq(1)


def test_learned_interaction_family_has_rank_at_most_h():
    full, _ = teacher_tensor(4, QUICK.n)
    student = dict(zip(QUICK.heads, _students(4)))[2]
    values = interaction_spectrum(student, full)
    assert values[1] > 1e-3 * values[0]
    assert values[2] <= 1e-12 * values[0]  # rank <= 2 up to float rounding of the SVD


def test_teacher_interaction_family_has_rank_k():
    full, _ = teacher_tensor(4, 16)
    values = interaction_spectrum(None, full)
    assert values[3] > 1.0 and values[4] < 1e-12 * values[0]


def test_training_is_reproducible_with_a_fixed_seed():
    tiny = Profile(ranks=(2,), heads=(1,), steps=20, test_samples=16)
    first, second = train_students(2, (1,), tiny), train_students(2, (1,), tiny)
    assert np.array_equal(first[0]["V"], second[0]["V"])
    assert np.array_equal(first[0]["phi"], second[0]["phi"])
