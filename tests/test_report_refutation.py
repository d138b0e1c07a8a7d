"""Both sides of a refuted relation at its counterexample point (verify/report/refutation.py)."""

from __future__ import annotations

import json
from pathlib import Path

from verify.report.refutation import counterexample_values, refutation_summary

ROOT = Path(__file__).resolve().parent.parent


def _goal(lhs: str, op: str, rhs: str) -> dict:
    """A counterexample goal over x and y."""
    return {"vars": ["x", "y"], "domains": {"x": "real", "y": "real"}, "claim": {"lhs": lhs, "op": op, "rhs": rhs}}


def test_function_free_sides_are_computed_exactly():
    values = counterexample_values("p", _goal("x + y", "<=", "1"), {"point": {"x": "1", "y": "1/2"}})
    assert (values.lhs, values.rhs, values.lhs_exact, values.rhs_exact) == ("3/2", "1", True, True)
    assert values.text == "left = 3/2, right = 1: the claimed left ≤ right fails"
    assert values.as_json()["point"] == {"x": "1", "y": "1/2"}


def test_sides_with_functions_are_digits_of_a_rigorous_ball_and_the_other_side_stays_exact():
    values = counterexample_values("p", _goal("exp(x)", "==", "y"), {"point": {"x": "1", "y": "2"}, "precision": 128})
    assert values.lhs == "2.71828182845905" and not values.lhs_exact
    assert values.rhs == "2" and values.rhs_exact
    assert values.text.startswith("left ≈ 2.71828182845905, right = 2")


def test_unusable_data_gives_no_values_instead_of_an_error():
    assert counterexample_values("p", _goal("x", "==", "y"), {"point": {"x": "1"}}) is None  # y has no value
    assert counterexample_values("p", _goal("x/y", "==", "1"), {"point": {"x": "1", "y": "0"}}) is None
    assert counterexample_values("p", {"claim": "x"}, {"point": {}}) is None
    assert counterexample_values("p", _goal("__import__('os')", "==", "1"), {"point": {"x": "1", "y": "1"}}) is None
    assert counterexample_values("p", _goal("x^99999999", "==", "1"), {"point": {"x": "3", "y": "1"}}) is None


def test_every_committed_counterexample_shows_two_sides_that_violate_the_claim():
    shown = 0
    for path in sorted((ROOT / "certs").glob("*.json")):
        cert = json.loads(path.read_text())
        if cert["verdict"] != "refuted":
            continue
        for values in refutation_summary(cert["obligations"]):
            shown += 1
            if values.lhs_exact and values.rhs_exact and values.op == "==":
                assert values.lhs != values.rhs, path.name
    assert shown >= 15
