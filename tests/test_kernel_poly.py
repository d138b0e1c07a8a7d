"""Kernel polynomials agree with SymPy's expansion (an independent implementation)."""

from __future__ import annotations

import pytest
import sympy
from flint import fmpq
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.kernel.core.errors import KernelError
from verify.kernel.core.poly import Poly, read_poly

VARS = ("x", "y", "z")
X, Y, Z = sympy.symbols("x y z")


expressions = st.recursive(
    st.one_of(st.integers(-5, 5).map(sympy.Integer), st.sampled_from([X, Y, Z])),
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda p: p[0] + p[1]),
        st.tuples(inner, inner).map(lambda p: p[0] * p[1]),
        st.tuples(inner, st.integers(0, 3)).map(lambda p: p[0] ** p[1]),
    ),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None)
@given(expressions)
def test_kernel_expansion_matches_sympy_term_by_term(expr):
    text = str(expr).replace("**", "^")
    mine = read_poly(text, VARS, "p")
    theirs = sympy.Poly(sympy.expand(expr), X, Y, Z, domain="QQ")
    expected = {m: c for m, c in theirs.terms() if c != 0}
    got = {m: c for m, c in mine.terms.items()}
    assert set(got) == set(expected)
    for monomial, coefficient in expected.items():
        assert got[monomial].re == fmpq(int(coefficient.p), int(coefficient.q))
        assert got[monomial].is_real()


def test_term_list_round_trip_is_exact():
    p = read_poly("(1 - x*y)^2 + 3/4*z - 2*i*x", VARS, "p")
    assert read_poly(p.to_terms(), VARS, "q") == p


def test_identity_test_distinguishes_polynomials_differing_in_one_coefficient():
    assert read_poly("(x+y)^2", VARS, "a") == read_poly("x^2 + 2*x*y + y^2", VARS, "b")
    assert read_poly("(x+y)^2", VARS, "a") != read_poly("x^2 + 2*x*y + y^2 + 1/1000000", VARS, "b")


def test_imaginary_unit_squares_to_minus_one():
    assert read_poly("(1+i)^2", VARS, "a") == read_poly("2*i", VARS, "b")


def test_real_only_polynomial_rejects_complex_term_list():
    p = read_poly("i*x", VARS, "a").to_terms()
    with pytest.raises(KernelError, match="non-real coefficient"):
        read_poly(p, VARS, "b", complex_ok=False)


def test_unknown_variable_is_named():
    with pytest.raises(KernelError, match="unknown variable 'w'"):
        read_poly("w + 1", VARS, "field")


def test_division_only_by_nonzero_constants():
    assert read_poly("x/2", VARS, "a") == read_poly("1/2*x", VARS, "b")
    with pytest.raises(KernelError, match="only by a nonzero constant"):
        read_poly("1/x", VARS, "c")
    with pytest.raises(KernelError, match="only by a nonzero constant"):
        read_poly("x/(1-1)", VARS, "d")


def test_term_list_with_wrong_exponent_count_is_rejected():
    with pytest.raises(KernelError, match="exponents"):
        read_poly({"vars": ["x", "y", "z"], "terms": [["1", [1]]]}, VARS, "p")


def test_term_list_must_be_canonical():
    with pytest.raises(KernelError, match="expected exactly the declared"):
        read_poly({"vars": ["x", "y"], "terms": []}, VARS, "p")
    with pytest.raises(KernelError, match="canonical term list"):
        read_poly({"vars": ["x", "y", "z"], "terms": [["0", [1, 0, 0]]]}, VARS, "p")
    with pytest.raises(KernelError, match="canonical term list"):
        read_poly({"vars": ["x", "y", "z"], "terms": [["1", [1, 0, 0]], ["2", [1, 0, 0]]]}, VARS, "p")
    with pytest.raises(KernelError, match="unknown field 'note'"):
        read_poly({"vars": ["x", "y", "z"], "terms": [], "note": "x"}, VARS, "p")


def test_product_term_bound_stops_blowup():
    with pytest.raises(KernelError, match="terms"):
        read_poly("(x + y + z + 1)^200", VARS, "p")


def test_constant_polynomial_value():
    assert Poly.constant(VARS, read_poly("7", VARS, "c").constant_value()).constant_value() is not None
