"""Producer-side encoders agree with the kernel's readers."""

from __future__ import annotations

import sympy
from sympy.polys.domains import QQ_I

from constructions.exact import number, poly_terms
from verify.kernel.core.numbers import parse_number
from verify.kernel.core.poly import read_poly


def test_number_formats_rationals_and_gaussian_rationals():
    assert number(sympy.Rational(-3, 4)) == "-3/4"
    assert number(QQ_I(1, -2)) == "1-2*i"
    assert number(sympy.I / 2) == "1/2*i"
    assert parse_number(number(QQ_I(sympy.Rational(1, 3), 5)), "x") == parse_number("1/3+5*i", "y")


def test_poly_terms_round_trip_through_the_kernel():
    x, y = sympy.symbols("x y")
    expr = (1 - x * y) ** 2 + sympy.Rational(3, 4) * y + sympy.I * x
    assert read_poly(poly_terms(expr, [x, y]), ("x", "y"), "p") == read_poly("(1-x*y)^2 + 3/4*y + i*x", ("x", "y"), "q")
