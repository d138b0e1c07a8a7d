"""Tests of numeric.caps: every supplied value has an exact cap that honest runs respect, even for extreme inputs."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import numeric.checks as checks_module
from numeric.backends import get_backend
from numeric.bounds import CAP_SAFETY, SHADOW_SAFETY, VALUES, round_up
from numeric.caps import caps_for, evaluate_text, exact_env, sqrt_le, supplied
from numeric.checks import forms_checks, heads_check
from numeric.chunked import chunked_check
from numeric.features import MODES, stable_eval

BK = get_backend()
EXACT = {"X", "geo", "CF", "A1", "Y0", "Y1"}  # computed exactly, not by a shadow pass


def _shadow_ratio(check: checks_module.Check) -> float:
    """The largest value / cap among the shadow values of a check."""
    caps = check.cap_values
    return max((float(check.values[k] / caps[k]) for k in check.caps if k not in EXACT), default=0.0)


@pytest.mark.parametrize("y", [Fraction(0), Fraction(1, 3), Fraction(2), Fraction(10**6 + 7, 3)])
@pytest.mark.parametrize("near", [Fraction(1, 100), Fraction(1), Fraction(5000)])
def test_sqrt_cap_is_at_least_the_square_root_for_any_anchor(y, near):
    cap = evaluate_text(sqrt_le("y", near), {"y": y})
    assert cap >= 0 and cap * cap >= y


def test_sqrt_cap_is_tight_near_its_anchor():
    cap = evaluate_text(sqrt_le("y", Fraction(2)), {"y": Fraction(2)})
    assert cap * cap < 2 * (1 + Fraction(1, 10**4))


def test_every_formula_value_is_supplied_and_capped():
    check = heads_check(BK, "random16", 256, "lags")
    assert sorted(check.caps) == supplied(("heads", "scan")) == sorted(set(VALUES["heads"]) | set(VALUES["scan"]))
    assert sorted(check.witness()["values"]) == sorted(check.caps)


def test_caps_read_only_the_goals_exact_quantities():
    check = heads_check(BK, "slow", 256)
    env = exact_env(check.sizes, check.matrices)
    assert not set(env) & set(check.caps)
    for text in check.caps.values():
        assert evaluate_text(text, env) > 0  # a cap that read a supplied value would raise "no value given"


def test_caps_evaluate_as_the_kernel_evaluates_them():
    from verify.kernel.core.expr import parse_expression
    from verify.kernel.core.intervals import exact_value
    from verify.kernel.core.numbers import GQ

    check = heads_check(BK, "slow", 256)
    env = exact_env(check.sizes, check.matrices)
    point = {k: GQ(v.numerator) / GQ(v.denominator) for k, v in env.items()}
    texts = [*check.caps.values(), "-(2*n)^3/(1-A_gram)^2 + 65/64", "(m + 1)^0"]
    for text in texts:
        kernel = exact_value(parse_expression(text, "cap"), point, "cap")
        assert kernel.is_real() and evaluate_text(text, env) == Fraction(int(kernel.re.p), int(kernel.re.q)), text


@pytest.mark.parametrize(
    "text", ["n +", "__import__('os')", "n.real", "2^(1/2)", "2^-3", "2^n", "1/(n-n)", "nope*2", "n[0]"]
)
def test_a_cap_that_is_not_plain_arithmetic_is_refused(text):
    with pytest.raises(ValueError):
        evaluate_text(text, {"n": Fraction(4)})


@pytest.mark.parametrize("name", ["rotation", "random16", "slow"])
def test_honest_forms_values_stay_well_within_their_caps(name):
    for check in forms_checks(BK, name, 512, 256):
        assert check.within_caps, check.name
        assert _shadow_ratio(check) <= Fraction(SHADOW_SAFETY, CAP_SAFETY) * (1 + Fraction(1, 64))


@pytest.mark.parametrize("pattern", ["ones", "alternating"])
def test_caps_hold_for_extreme_inputs(monkeypatch, pattern):
    def extreme(n: int, d: int, seed: int) -> np.ndarray:
        """Inputs on the boundary of [-1, 1]^d."""
        x = np.ones((n, d))
        return x if pattern == "ones" else x * np.where(np.arange(n) % 2, -1.0, 1.0)[:, None]

    monkeypatch.setattr(checks_module, "_inputs", extreme)
    for name in ("rotation", "random16", "slow"):
        for check in forms_checks(BK, name, 256, 128) + [heads_check(BK, name, 256, "lags")]:
            assert check.within_caps, check.name


@pytest.mark.parametrize("basis", ["modal", "lags"])
def test_chunked_values_are_within_their_caps(basis):
    check = chunked_check(BK, "slow", 1024, basis)
    assert check.within_caps and check.passed
    assert check.bound <= check.bound_at_caps


@pytest.mark.parametrize("q", [0, 2])
def test_feature_cap_holds_for_all_ones_inputs(q):
    mode = MODES[1]
    absl = math.sqrt(float(mode.modulus2)) * (1 + 2**-50)
    ybar = float(np.max(stable_eval(absl, q, np.ones(4096), 64, np.float64)))
    matrices, sizes = {"lam": [[str(mode.a), str(mode.b)]]}, {"n": 4096, "L": 64, "q": q}
    caps = caps_for(("stable",), None, sizes, matrices)
    assert round_up(SHADOW_SAFETY * ybar) <= evaluate_text(caps["Ybar"], exact_env(sizes, matrices))


def test_caps_refuse_a_mode_outside_the_unit_disc():
    check = heads_check(BK, "slow", 64)
    matrices = dict(check.matrices, lam1=[["2", "0"]])
    with pytest.raises(ValueError, match="no geometric cap"):
        caps_for(check.formulas, check.geo, check.sizes, matrices)


def test_bound_at_the_caps_is_at_least_the_bound_at_the_values():
    for check in forms_checks(BK, "random16", 256, 128):
        assert check.bound <= check.bound_at_caps
