"""Tests of constructions/gradients.py: the exact producer-side objects of Theorem 5.1."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy

from constructions.gradients import (
    geometric_pieces,
    ldlt_witness,
    literal_model,
    norm_lower_vector,
    norm_upper,
)
from verify.kernel.core.expr import parse_expression
from verify.kernel.core.intervals import ball_value

R = sympy.Rational
JORDAN = sympy.Matrix([[R(1, 2), 1], [0, R(1, 2)]])


def test_ldlt_witness_reproduces_c_squared_minus_gram_exactly() -> None:
    w = ldlt_witness(JORDAN, R(2))
    L = sympy.Matrix([[sympy.Rational(x) for x in row] for row in w["L"]])
    D = sympy.diag(*[sympy.Rational(x) for x in w["D"]])
    assert L * D * L.T == 4 * sympy.eye(2) - JORDAN.T * JORDAN
    assert all(sympy.Rational(x) >= 0 for x in w["D"])


def test_ldlt_witness_refuses_a_bound_below_the_norm() -> None:
    with pytest.raises(ValueError, match="positive semidefinite"):
        ldlt_witness(JORDAN, R(6, 5))


def test_norm_upper_and_lower_bracket_the_float_norm() -> None:
    true = (1 + np.sqrt(2)) / 2
    assert true <= float(norm_upper(JORDAN)) <= true * (1 + 2e-5)  # 6 digits, rounded up by at most 2 units
    v = sympy.Matrix([sympy.Rational(x) for x in norm_lower_vector(JORDAN, R(6, 5))])
    assert (JORDAN * v).norm() >= R(6, 5) * v.norm()


def test_geometric_pieces_cover_the_range_without_gaps() -> None:
    pieces = geometric_pieces(2, 10**6 + 1, Fraction(11, 10))
    assert pieces[0][0] == "2" and pieces[-1][1] == str(10**6 + 1)
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
    assert all(Fraction(b) <= max(Fraction(a) + 1, Fraction(a) * Fraction(11, 10) + 1) for a, b in pieces)


def test_literal_model_matches_an_independent_mpmath_evaluation() -> None:
    lit = literal_model([["1", "0"], ["0", "1"]], [["1/60", "1/60"], ["-1/60", "-1/60"]],
                        [["1", "0"], ["0", "0"]], ["30", "-30"], "4", "2")  # fmt: skip
    value = ball_value(parse_expression(lit["frobenius_J"], "t"), {}, "t")
    G = mpmath.e**4
    alpha, alpha_ii = G / (G + 1), 1 / (G + 1)
    c = alpha * ((1 - alpha) * 2 - 30 * alpha_ii)
    expected = mpmath.sqrt((alpha + c) ** 2 + c**2)
    assert abs(float(value.mid()) - float(expected)) < 1e-12


def test_literal_model_moves_only_the_chosen_entry_of_x_j_along_the_line() -> None:
    eye = [["1", "0"], ["0", "1"]]
    case = {"WQ": eye, "WK": eye, "V": eye, "u": ["1", "2"]}
    plain = literal_model(**case, g="g", n="n")
    moved = literal_model(**case, g="g", n="n", direction=1)
    assert all(" + t)" in y for y in moved["y"]) and not any(" + t)" in y for y in plain["y"])
    assert [y.replace(" + t)", ")") for y in moved["y"]] == plain["y"]
