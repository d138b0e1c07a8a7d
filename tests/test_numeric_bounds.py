"""Tests of numeric.bounds: the named constants, gamma_n, rounding up, and formula strings vs Python code."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from numeric.bounds import FORMULAS, U, evaluate, exact, gamma, mu, round_up
from verify.kernel.core.expr import parse_expression
from verify.kernel.core.intervals import exact_value
from verify.kernel.core.numbers import GQ


def _env_for(name: str, seed: int) -> dict:
    """Random sizes and nonnegative values for every name the formula uses."""
    rng = random.Random(seed)
    env: dict = {"n": rng.randint(64, 5000), "m": 16, "d": 4, "p": 4, "k": 16, "M": 8, "L": 64, "q": rng.randint(0, 3)}
    env["N"] = 1 << (2 * env["n"] - 1).bit_length()
    env["N_log2"] = env["N"].bit_length() - 1
    env.update(NL=2 * env["L"], NL_log2=(2 * env["L"]).bit_length() - 1, Q=-(-env["n"] // env["L"]))
    for value in "CF geo D Y Dl P Hm Cm G Ys Psum Ysum X Z a1 a2 b2 aF bF S1 ST Vcat_rowsum Ybar Yraw A1 Y0 Y1".split():
        env[value] = Fraction(rng.randint(1, 10**6), rng.randint(1, 1000))
    env["v"] = Fraction(1, 2**64)
    return env


def test_gamma_matches_its_definition():
    assert gamma(3) == 3 * U / (1 - 3 * U)


def test_gamma_refuses_n_u_at_least_one():
    with pytest.raises(ValueError):
        gamma(2**53)


def test_complex_product_constant_exceeds_sqrt2_gamma2():
    assert mu() ** 2 > 2 * gamma(2) ** 2


@pytest.mark.parametrize("x", [1.0, 0.1, 3.7e-300, 123456.789, 2.0**-1074])
def test_round_up_is_an_upper_bound_with_few_bits(x):
    r = round_up(x)
    assert r >= exact(x)
    assert r <= exact(x) * (1 + Fraction(1, 2**7))


def test_round_up_refuses_nan_and_inf():
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError):
            round_up(bad)


@pytest.mark.parametrize("name", sorted(FORMULAS))
def test_kernel_string_and_python_formula_agree_exactly(name):
    for seed in range(3):
        env = _env_for(name, seed)
        point = {k: GQ(Fraction(v).numerator) / GQ(Fraction(v).denominator) for k, v in env.items()}
        point["u"] = GQ(1) / GQ(2**53)
        value = exact_value(parse_expression(FORMULAS[name]["bound"], "test"), point, "test")
        assert Fraction(int(value.re.p), int(value.re.q)) == evaluate(name, env)


@pytest.mark.parametrize("name", sorted(FORMULAS))
def test_each_formula_reads_exactly_its_listed_values(name):
    from numeric.bounds import VALUES

    exact = {"u", "n", "m", "d", "p", "k", "M", "N", "N_log2", "L", "NL", "NL_log2", "Q", "q", "Vcat_rowsum"}
    names, stack = set(), [parse_expression(FORMULAS[name]["bound"], "test")]
    while stack:
        node = stack.pop()
        if node[0] == "var":
            names.add(node[1])
        stack += [c for c in node[1:] if isinstance(c, tuple)]
    assert names - exact == set(VALUES[name])


def test_bounds_grow_with_every_shadow_norm():
    env = _env_for("heads", 0)
    base = evaluate("heads", env)
    for key in ("S1", "ST", "a1", "a2", "b2", "aF", "bF", "Z", "X"):
        bigger = dict(env, **{key: env[key] * 2})
        assert evaluate("heads", bigger) > base
