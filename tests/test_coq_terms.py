"""verify/coq/terms.py: expressions, numbers and polynomials printed as Coq terms."""

from __future__ import annotations

import pytest
from flint import fmpq

from verify.coq.terms import NotMapped, coq_name, q_expr, q_number, rat, real_expr, real_number, real_poly


def test_real_expression_keeps_the_tree_shape() -> None:
    """Parentheses appear exactly where the tree needs them (right operands of - and /, bases of powers)."""
    assert real_expr("a - (b - c)") == "a - (b - c)"
    assert real_expr("(a - b) - c") == "a - b - c"
    assert real_expr("a / (b * c)") == "a / (b * c)"
    assert real_expr("(a + b)^2 * -c") == "(a + b) ^ 2 * - c"
    assert real_expr("exp(x) + log(y) + abs(z) + sqrt(w)") == "exp (x) + ln (y) + Rabs (z) + sqrt (w)"


def test_names_that_clash_with_coq_are_renamed() -> None:
    """Keywords and the functions the goals call cannot be bound variables."""
    assert coq_name("exp") == "exp_" and coq_name("fun") == "fun_" and coq_name("x1") == "x1"
    assert real_expr("in + 1") == "in_ + 1"


def test_numbers() -> None:
    """Rationals in R and in Q; a Gaussian rational is not mapped."""
    assert real_number(fmpq(-3, 4)) == "(-3/4)" and real_number(fmpq(5)) == "5" and real_number(fmpq(-5)) == "(-5)"
    assert q_number(fmpq(-3, 4)) == "(-3#4)"
    assert rat("3/4") == fmpq(3, 4) and rat("-5") == fmpq(-5)
    with pytest.raises(NotMapped):
        rat("1/2+i")
    with pytest.raises(NotMapped):
        real_expr("x + i")


def test_q_expression_has_no_functions() -> None:
    """Exact (Q) expressions reject function calls."""
    assert q_expr("(n/L + 4) * u^2") == "(n / L + (4#1)) * u ^ 2"
    with pytest.raises(NotMapped):
        q_expr("exp(1)")


def test_term_lists() -> None:
    """A canonical term list becomes a sum of monomials."""
    poly = {"vars": ["a", "b"], "terms": [["1", [2, 0]], ["-1", [0, 1]], ["-3/2", [1, 1]], ["7", [0, 0]]]}
    assert real_poly(poly, ["a", "b"]) == "a ^ 2 + - b + (-3/2) * a * b + 7"
    assert real_poly({"vars": ["a"], "terms": []}, ["a"]) == "0"
