"""Each obligation kind accepts a correct witness and rejects a tampered one."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import KINDS, check_obligation, read_goal


def _check(kind: str, goal: dict, witness: dict | None = None) -> None:
    check_obligation(kind, read_goal(kind, goal, "ob"), witness, "ob")


def test_polynomial_identity_accepts_binomial_expansion():
    _check("polynomial_identity", {"vars": ["x", "y"], "lhs": "(x+y)^3", "rhs": "x^3+3*x^2*y+3*x*y^2+y^3"})


def test_polynomial_identity_rejects_and_names_a_differing_term():
    with pytest.raises(KernelError, match="lhs - rhs is not zero"):
        _check("polynomial_identity", {"vars": ["x", "y"], "lhs": "(x+y)^2", "rhs": "x^2+y^2"})


SOS_GOAL = {"vars": ["a", "b"], "poly": "a^2 - 2*a*b + 2*b^2", "nonneg": []}


def test_sum_of_squares_accepts_a_decomposition():
    _check("sum_of_squares", SOS_GOAL, {"terms": [{"coeff": "1", "square": "a-b"}, {"coeff": "1", "square": "b"}]})


def test_sum_of_squares_rejects_wrong_square_and_negative_weight():
    with pytest.raises(KernelError, match="does not equal"):
        _check("sum_of_squares", SOS_GOAL, {"terms": [{"coeff": "1", "square": "a+b"}, {"coeff": "1", "square": "b"}]})
    with pytest.raises(KernelError, match="expected c >= 0"):
        _check("sum_of_squares", {"vars": ["a"], "poly": "-a^2"}, {"terms": [{"coeff": "-1", "square": "a"}]})


def test_sum_of_squares_uses_only_declared_nonnegative_atoms():
    goal = {"vars": ["a", "w"], "poly": "w*a^2", "nonneg": ["w"]}
    _check("sum_of_squares", goal, {"terms": [{"coeff": "1", "atoms": ["w"], "square": "a"}]})
    with pytest.raises(KernelError, match="not declared >= 0"):
        _check(
            "sum_of_squares",
            {"vars": ["a", "w"], "poly": "w*a^2"},
            {"terms": [{"coeff": "1", "atoms": ["w"], "square": "a"}]},
        )


def test_sum_of_squares_rejects_complex_squares():
    with pytest.raises(KernelError, match="non-real|unknown variable 'i'"):
        _check("sum_of_squares", {"vars": ["a"], "poly": "-a^2"}, {"terms": [{"coeff": "1", "square": "i*a"}]})


ATTAIN = {"vars": ["a", "v"], "poly": "(1 - a*v)^2", "point": ["a"], "nonzero": "v"}


def test_attained_accepts_the_rational_point():
    _check("attained", ATTAIN, {"numerators": {"a": "1"}, "denominator": "v", "scale": "1", "power": 1})


def test_attained_rejects_a_wrong_point_and_a_wrong_denominator():
    with pytest.raises(KernelError, match="does not vanish"):
        _check("attained", ATTAIN, {"numerators": {"a": "2"}, "denominator": "v", "scale": "1", "power": 1})
    with pytest.raises(KernelError, match="scale \\* nonzero\\^power"):
        _check("attained", ATTAIN, {"numerators": {"a": "1"}, "denominator": "v+1", "scale": "1", "power": 1})


def test_attained_rejects_a_point_depending_on_itself():
    with pytest.raises(KernelError, match="must not depend on the point variables"):
        _check("attained", ATTAIN, {"numerators": {"a": "a"}, "denominator": "v", "scale": "1", "power": 1})


def test_matrix_identity_compares_entries():
    goal = {"matrices": {"A": [["0", "-1"], ["1", "0"]]}, "lhs": "A^2", "rhs": "-I(2)"}
    _check("matrix_identity", goal)
    with pytest.raises(KernelError, match="entry \\(0, 0\\) differs"):
        _check("matrix_identity", {**goal, "rhs": "I(2)"})


def test_counterexample_exact_point_violates_claim():
    goal = {
        "vars": ["x"],
        "domains": {"x": "real"},
        "assume": [{"lhs": "x", "op": ">", "rhs": "0"}],
        "claim": {"lhs": "x^2", "op": ">=", "rhs": "x"},
    }
    _check("counterexample", goal, {"point": {"x": "1/2"}})
    with pytest.raises(KernelError, match="not violated"):
        _check("counterexample", goal, {"point": {"x": "2"}})
    with pytest.raises(KernelError, match="hypothesis does not hold"):
        _check("counterexample", goal, {"point": {"x": "-1"}})


def test_counterexample_with_exp_is_decided_by_balls():
    claim = {"lhs": "exp(g)/(exp(g)+2)", "op": "==", "rhs": "exp(g)/(exp(g)+1+exp(1))"}
    goal = {"vars": ["g"], "domains": {"g": "real"}, "claim": claim}
    _check("counterexample", goal, {"point": {"g": "1"}, "precision": 64})


def test_counterexample_undecided_equality_is_rejected():
    goal = {"vars": ["g"], "domains": {"g": "real"}, "claim": {"lhs": "exp(g)", "op": "!=", "rhs": "exp(g)"}}
    with pytest.raises(KernelError, match="not violated \\(or undecided\\)"):
        _check("counterexample", goal, {"point": {"g": "1"}})


def test_counterexample_outside_its_domain_is_rejected():
    goal = {"vars": ["x"], "domains": {"x": "real"}, "claim": {"lhs": "x^2", "op": ">=", "rhs": "0"}}
    with pytest.raises(KernelError, match="expected a value in the domain 'real'"):
        _check("counterexample", goal, {"point": {"x": "i"}})
    integer = {"vars": ["n"], "domains": {"n": "natural"}, "claim": {"lhs": "n", "op": "!=", "rhs": "1/2"}}
    with pytest.raises(KernelError, match="expected a value in the domain 'natural'"):
        _check("counterexample", integer, {"point": {"n": "1/2"}})
    with pytest.raises(KernelError, match="expected a domain for each"):
        _check("counterexample", {**goal, "domains": {}}, {"point": {"x": "-1"}})
    with pytest.raises(KernelError, match="expected one of"):
        _check("counterexample", {**goal, "domains": {"x": "complex"}}, {"point": {"x": "-1"}})


def test_interval_inequality_over_a_box_with_pieces():
    goal = {"box": {"x": ["0", "4"]}, "lhs": "exp(x)", "op": ">", "rhs": "x"}
    pieces = [["0", "1/2"], ["1/2", "1"], ["1", "2"], ["2", "4"]]
    _check("interval_inequality", goal, {"precision": 64, "pieces": pieces})
    with pytest.raises(KernelError, match="not decided on piece 0"):
        _check("interval_inequality", goal, {"precision": 64})  # one ball over [0, 4] is too coarse
    with pytest.raises(KernelError, match="piece starts at"):
        _check("interval_inequality", goal, {"precision": 64, "pieces": [["0", "1"], ["2", "4"]]})
    with pytest.raises(KernelError, match="piece \\[3, 2\\] ends before it starts"):
        _check("interval_inequality", goal, {"precision": 64, "pieces": [["0", "3"], ["3", "2"], ["2", "4"]]})
    with pytest.raises(KernelError, match="expected real ends"):
        _check("interval_inequality", goal, {"precision": 64, "pieces": [["0", "2+i"], ["2", "4"]]})


def test_interval_inequality_that_is_false_or_undecided_is_rejected():
    with pytest.raises(KernelError, match="not decided"):
        _check("interval_inequality", {"box": {"x": ["0", "2"]}, "lhs": "x", "op": "<", "rhs": "1"}, {"precision": 64})
    with pytest.raises(KernelError, match="not decided"):
        _check("interval_inequality", {"lhs": "log(0-1)", "op": "<", "rhs": "1"}, {"precision": 64})


def test_unknown_kind_is_rejected_with_the_list_of_kinds():
    with pytest.raises(KernelError, match="expected one of"):
        read_goal("magic", {}, "ob")
    assert {"polynomial_identity", "sum_of_squares", "rank", "counterexample"} <= set(KINDS)
