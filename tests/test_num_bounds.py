"""Tests of verify/statements/num_bounds.py: the num.* statements' bound formulas, facts and caps."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from verify.statements import num_checks, num_chunked
from verify.statements.num_bounds import FORMULAS, GEO_FACTS, VALUES, _root, caps


def _goals():
    """Every float_bound goal of num_checks.json and num_chunked.json with its parameters at the default scale."""
    out = []
    for module in (num_checks, num_chunked):
        for claim in module.entries().values():
            defaults = {k: v[0] for k, v in claim["param_domains"].items()}
            out += [(g, defaults) for g in claim["certified"] if g["kind"] == "float_bound"]
    return out


def test_formulas_and_values_equal_the_producers():
    # numeric/bounds.py builds the certificates with its own copy (tests/test_numeric_bounds.py checks it against
    # an independent Python evaluation)
    from numeric import bounds

    assert FORMULAS == bounds.FORMULAS and GEO_FACTS == bounds.GEO_FACTS and VALUES == bounds.VALUES


def test_every_goal_has_the_caps_the_producer_derives():
    from numeric.caps import caps_for
    from numeric.claimdata import substituted

    goals = _goals()
    assert len(goals) == 6 + 9 + 12 + 6
    for g, defaults in goals:
        goal = substituted(g["goal"], defaults)
        first, *rest = g["name"].split(":")[0].split("-vs-")  # heads-vs-scan is num.thm4.4's heads_local + scan
        formulas = ({"chunked-heads": "heads_chunked", "heads": "heads_local"}.get(first, first), *rest)
        geo = "isometric" if {"lhs": "geo", "op": ">=", "rhs": "n"} in goal["facts"] else "contractive"
        expected = caps_for(formulas, geo, goal["sizes"], goal["matrices"])
        assert goal["caps"] == expected, g["name"]


@pytest.mark.parametrize("y", [Fraction(0), Fraction(1, 3), Fraction(2), Fraction(4), Fraction(10**6, 7), Fraction(17)])
def test_root_is_an_upper_bound_of_the_square_root(y):
    text = _root("y", y)
    c = Fraction(text.split("/(")[1].split(")")[0])
    cap = (y / c + c) / 2
    assert cap * cap >= y and cap >= 0
    assert float(cap) <= math.sqrt(float(y)) * 1.01 + (1 if y == 0 else 0)  # a near anchor gives a tight cap


def test_feature_caps_grow_with_q():
    assert caps(("stable",), None, (), [], 64, 0) == {"Ybar": "3*2/(1-lam_frob2)^1"}
    assert caps(("raw",), None, (), [], 64, 2) == {"Ybar": "3*16/(1-lam_frob2)^3", "Yraw": "3*(2*n)^2*2/(1-lam_frob2)"}


def test_every_supplied_value_gets_a_cap():
    A = [[Fraction(1, 2), Fraction(0)], [Fraction(0), Fraction(1, 2)]]
    eye = [[Fraction(1), Fraction(0)], [Fraction(0), Fraction(1)]]
    for formulas in (("heads", "scan"), ("heads_chunked", "scan"), ("direct", "recurrence"), ("fft", "recurrence")):
        table = caps(formulas, "contractive", (A, eye, eye), [Fraction(1, 4)], 256, 0)
        assert set(table) == {v for f in formulas for v in VALUES[f]}
