"""Certificate data as mathematics (verify/report/formulas.py): numbers, expressions, term lists, matrices, records."""

from __future__ import annotations

from verify.report.formulas import (
    MAX_EXPRESSION_SHOWN,
    expression_math,
    matrix_math,
    number_math,
    poly_math,
    value_math,
)


def test_number_math_writes_fractions_and_gaussian_rationals():
    assert number_math("-3/4").latex == "-\\frac{3}{4}"
    assert number_math("1/2+3*i").latex == "\\frac{1}{2}+3\\,i"
    assert number_math("-i").latex == "-i"


def test_poly_math_orders_terms_by_degree_and_omits_unit_coefficients():
    poly = {"vars": ["a", "v1"], "terms": [["1", [0, 0]], ["-2", [1, 1]], ["1", [2, 2]]]}
    shown = poly_math(poly)
    assert shown.text == "a^2*v1^2 - 2*a*v1 + 1"
    assert shown.latex == "a^{2} v_{1}^{2} - 2\\,a v_{1} + 1"


def test_poly_math_elides_long_polynomials_with_a_count():
    poly = {"vars": ["x"], "terms": [["1", [k]] for k in range(30)]}
    assert poly_math(poly, limit=5).text.endswith("... (25 more terms)")


def test_expression_math_renders_transpose_identity_and_fractions():
    assert expression_math("T(A)*A - I(2)").latex == "{A}^{\\top}\\,A - I_{2}"
    assert expression_math("x/3").latex == "\\frac{x}{3}"


def test_expression_math_shows_unparsable_text_as_text():
    assert expression_math("x +* y").text == "x +* y"
    assert expression_math("x +* y").latex.startswith("\\text{")


def test_matrix_math_elides_large_matrices_and_states_the_shape():
    rows = [[str(r * 20 + c) for c in range(20)] for r in range(20)]
    shown = matrix_math(rows, limit=3)
    assert "\\cdots" in shown.latex and "\\vdots" in shown.latex and "20\\times 20" in shown.latex
    assert "(20 x 20 in all)" in shown.text


def test_huge_expression_is_summarised_instead_of_typeset():
    shown = expression_math("+".join(["x"] * MAX_EXPRESSION_SHOWN))
    assert "characters; see the certificate" in shown.text and len(shown.text) < MAX_EXPRESSION_SHOWN


def test_value_math_recognises_polynomials_matrices_and_records():
    assert value_math({"vars": ["x"], "terms": [["3", [2]]]}).text == "3*x^2"
    assert "pmatrix" in value_math([["1", "0"], ["0", "1"]]).latex
    record = value_math({"den": "x+1", "inner": {"k": "2"}})
    assert record.text == "den = x + 1\ninner = {k = 2}"


def test_names_with_digits_get_subscripts_and_greek_names_become_letters():
    assert expression_math("V11*alpha + eps").latex == "V_{11}\\,\\alpha + \\varepsilon"


def test_the_text_form_of_an_expression_has_only_the_parentheses_it_needs_and_keeps_its_value():
    from flint import arb

    from verify.kernel.core.expr import parse_expression
    from verify.kernel.core.intervals import ball_value

    raw = "((exp(((wq*u)*(wk*(g*(wk*wq*u)/(wk*wq*u)^2)))))/(1 + (n-2)))*v - (a - (b + c)) + (-a)^2 + a*(-b)"
    shown = expression_math(raw).text
    assert shown == "exp(wq*u*wk*g*wk*wq*u/(wk*wq*u)^2)/(1 + n - 2)*v - (a - (b + c)) + (-a)^2 + a*(-b)"
    point = {name: arb(k + 2) / 3 for k, name in enumerate(["wq", "u", "wk", "g", "n", "v", "a", "b", "c"])}
    before, after = (
        ball_value(parse_expression(raw, "raw"), point, "raw"),
        ball_value(parse_expression(shown, "shown"), point, "shown"),
    )
    assert (before - after).contains(0) and before.rad() < 1e-10
