"""verify/coq/scalar.py: the scalar kinds stated over R; coqc accepts true goals and rejects false ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import run_goals

from verify.coq.scalar import counterexample, interval_inequality, poly_bound, polynomial_identity, sum_of_squares


def test_statements_come_from_the_goal_only() -> None:
    """The statement text depends on the goal; the witness only changes the proof."""
    goal = {"vars": ["x", "y"], "lhs": "(x+y)^2", "rhs": "x^2 + 2*x*y + y^2"}
    assert polynomial_identity(goal, {})[0] == "forall (x y : R), (x + y) ^ 2 = x ^ 2 + 2 * x * y + y ^ 2"
    sos = {"vars": ["x", "w"], "poly": "w*x^2 + 2", "nonneg": ["w"]}
    one = {"terms": [{"coeff": "1", "atoms": ["w"], "square": "x"}, {"coeff": "2", "square": "1"}]}
    other = {"terms": [{"coeff": "2", "square": "1"}, {"coeff": "1", "atoms": ["w"], "square": "-x"}]}
    expected = "forall (x w : R), 0 <= w -> 0 <= w * x ^ 2 + 2"
    assert sum_of_squares(sos, one)[0] == sum_of_squares(sos, other)[0] == expected
    bound = {"domains": {"n": "size", "p": "natural"}, "lhs": "n*p", "rhs": "n^2*p + p"}
    assert poly_bound(bound, None)[0] == "forall (n p : R), 1 <= n -> 0 <= p -> n * p <= n ^ 2 * p + p"


def test_counterexample_states_the_negated_claim() -> None:
    """A refutation is stated as ~ (forall x in the domains, hypotheses -> claim)."""
    goal = {"vars": ["x"], "domains": {"x": "integer"}, "claim": {"lhs": "x^2", "op": ">=", "rhs": "2*x"}}
    statement, proof, interval = counterexample(goal, {"point": {"x": "1"}})
    assert statement == "~ (forall (x : R), is_int x -> x ^ 2 >= 2 * x)" and not interval
    assert "(1)" in proof or " 1 " in proof


def test_interval_pieces_are_a_case_split() -> None:
    """Pieces of a one-variable box become one Interval call per piece."""
    goal = {"box": {"t": ["0", "2"]}, "lhs": "exp(t)", "op": "<=", "rhs": "8"}
    statement, proof, interval = interval_inequality(goal, {"precision": 64, "pieces": [["0", "1"], ["1", "2"]]})
    assert statement == "forall (t : R), 0 <= t <= 2 -> exp (t) <= 8" and interval
    assert proof.count("interval with") == 2


_IDENTITY = {"vars": ["x", "y"], "lhs": "(x+y)^2", "rhs": "x^2 + 2*x*y + y^2"}
_REFUTE = {"vars": ["x"], "domains": {"x": "real"}, "claim": {"lhs": "exp(x)", "op": ">", "rhs": "1 + x"}}


def test_coqc_accepts_true_goals_and_rejects_false_ones(tmp_path: Path) -> None:
    """One file with true goals and a false one: the false one is marked failed, every true one checked."""
    wrong = {"vars": ["x", "y"], "lhs": "(x+y)^2", "rhs": "x^2 + x*y + y^2"}
    sos = {"vars": ["x", "w"], "poly": "w*x^2 + 2", "nonneg": ["w"]}
    sos_w = {"terms": [{"coeff": "1", "atoms": ["w"], "square": "x"}, {"coeff": "2", "square": "1"}]}
    box = {"box": {"t": ["0", "2"]}, "lhs": "exp(t)", "op": "<=", "rhs": "8"}
    statuses = run_goals(
        tmp_path,
        [
            ("identity", "polynomial_identity", _IDENTITY, None),
            ("wrong", "polynomial_identity", wrong, None),
            ("sos", "sum_of_squares", sos, sos_w),
            ("refute", "counterexample", _REFUTE, {"point": {"x": "0"}}),
            ("box", "interval_inequality", box, {"precision": 64, "pieces": [["0", "1"], ["1", "2"]]}),
        ],
    )
    assert statuses == {
        "identity": "checked",
        "wrong": "failed",
        "sos": "checked",
        "refute": "checked",
        "box": "checked",
    }


@pytest.mark.slow  # each false goal costs coqc one more run of the whole file
def test_coqc_rejects_a_point_that_is_no_counterexample_and_a_false_box(tmp_path: Path) -> None:
    """A counterexample point where the claim holds, and an interval goal false on its box, are rejected."""
    false_box = {"box": {"t": ["0", "3"]}, "lhs": "exp(t)", "op": "<=", "rhs": "8"}
    statuses = run_goals(
        tmp_path,
        [
            ("identity", "polynomial_identity", _IDENTITY, None),
            ("not-a-counterexample", "counterexample", _REFUTE, {"point": {"x": "1"}}),
            ("false-box", "interval_inequality", false_box, {"precision": 64}),
        ],
    )
    assert statuses == {"identity": "checked", "not-a-counterexample": "failed", "false-box": "failed"}


def test_binomial_expansion_statement() -> None:
    """The binomial sum is stated with Coq's C and sum_f_R0; the nilpotent form is not mapped."""
    from verify.coq.scalar import binomial_expansion
    from verify.coq.terms import NotMapped

    goal = {
        "vars": ["x", "y"],
        "factor": "1",
        "base": "x + y",
        "coeff": "1",
        "powers": [{"base": "x", "exponent": [0, 1, 0]}, {"base": "y", "exponent": [1, -1, 0]}],
    }
    statement, proof, _ = binomial_expansion(goal, {"split": ["x", "y"]})
    assert statement.endswith("= sum_f_R0 (fun t => Binomial.C q t * (1) * (x) ^ t * (y) ^ (q - t)) q")
    with pytest.raises(NotMapped):
        binomial_expansion({**goal, "nilpotent": "y"}, {"split": ["x", "y"]})
