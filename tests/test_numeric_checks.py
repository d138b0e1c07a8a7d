"""Tests of numeric.checks: checks pass within their bounds, and a corrupted coefficient makes them fail."""

from __future__ import annotations

import math

import pytest

from numeric.backends import get_backend
from numeric.checks import chunk_for, forms_checks, gram_bound, heads_check, reference_scan, scale_from_env

BK = get_backend()


@pytest.mark.parametrize("basis", ["modal", "lags"])
def test_heads_check_passes_for_the_random_ssm(basis):
    check = heads_check(BK, "random16", 512, basis)
    assert check.passed and check.nonfinite == 0 and check.error > 0


def test_corrupted_coefficient_makes_the_heads_check_fail():
    check = heads_check(BK, "random16", 512, "modal", corrupt=1e-9)
    assert not check.passed
    assert check.error_cert > check.bound


def test_forms_checks_pass_for_the_slow_ssm():
    checks = forms_checks(BK, "slow", 256, 128)
    assert [c.name.split(":")[0] for c in checks] == ["direct-vs-recurrence", "fft-vs-recurrence", "scan-vs-recurrence"]
    assert all(c.passed for c in checks)


def test_nan_makes_a_check_fail():
    check = heads_check(BK, "slow", 64)
    check.error, check.nonfinite = math.nan, 1
    assert not check.passed


def test_gram_bound_of_a_rotation_block_is_its_squared_radius():
    from fractions import Fraction as F

    assert gram_bound(((F(3, 5), F(-4, 5)), (F(4, 5), F(3, 5)))) == 1


def test_goal_template_names_sizes_as_parameters():
    goal = heads_check(BK, "slow", 64).goal_template()
    assert goal["sizes"]["n"] == {"$param": "n"} and goal["sizes"]["N"] == {"$param": "N"}
    assert goal["sizes"]["m"] == 4


def test_scale_from_env_refuses_unknown_scales(monkeypatch):
    monkeypatch.setenv("VERIFY_NUMERIC_SCALE", "huge")
    with pytest.raises(ValueError, match="VERIFY_NUMERIC_SCALE"):
        scale_from_env()


def test_chunk_is_a_power_of_two_near_sqrt_n():
    assert chunk_for(1_000_000) == 1024 and chunk_for(10) == 16


def test_a_shared_reference_scan_gives_the_check_its_own_scan_would():
    bk = get_backend()
    own = heads_check(bk, "slow", 1500, "lags")
    shared = heads_check(bk, "slow", 1500, "lags", scan=reference_scan(bk, "slow", 1500))
    assert shared.error == own.error and shared.values == own.values and shared.passed
    other = heads_check(bk, "slow", 1500, "lags", scan=reference_scan(bk, "slow", 1500, seed=2))
    assert other.error > 1e-3  # a scan of other inputs is not this check's scan: the comparison shows it


def test_the_error_is_measured_in_blocks_as_over_the_whole(monkeypatch):
    import numpy as np

    from numeric import checks, ssm

    rng = np.random.default_rng(3)
    y1, y2 = rng.standard_normal((1000, 3)), rng.standard_normal((1000, 3))
    whole = checks._measure(get_backend(), y1, y2)
    monkeypatch.setattr(ssm, "BLOCK_ROWS", 7)
    assert checks._measure(get_backend(), y1, y2) == whole == (float(np.max(np.abs(y1 - y2))), 0)
    y2[999, 2] = np.nan
    error, bad = checks._measure(get_backend(), y1, y2)
    assert math.isnan(error) and bad == 1
