"""Line-breaking formulas for the HTML page (verify/report/wrap.py): rows fit their column, LaTeX stays balanced."""

from __future__ import annotations

import pytest

from verify.report.wrap import _parse, estimate_width, wrap_formula


def _rows(latex: str) -> list[str]:
    """The top-level rows of a wrapped formula."""
    return latex.removeprefix("\\begin{array}{l}").removesuffix("\\end{array}").split(" \\\\ ")


def test_a_formula_that_fits_is_returned_unchanged():
    assert wrap_formula("a + b = c", 20) == "a + b = c"


def test_record_fields_stay_whole_and_a_relation_starts_its_row():
    record = ",\\quad ".join(f"x_{{{k}}} = {k} + y" for k in range(12))
    rows = _rows(wrap_formula(record, 30))
    assert len(rows) > 2 and all(row.count("=") >= 1 for row in rows)
    identity = " + ".join(f"a_{{{k}}}" for k in range(30)) + " = " + " + ".join(f"b_{{{k}}}" for k in range(30))
    rows = _rows(wrap_formula(identity, 40))
    assert any(row.startswith("{}= ") for row in rows)


def test_a_long_product_breaks_between_factors_with_a_dot():
    product = "\\,".join(f"\\left(x_{{{k}}} - 1\\right)" for k in range(20))
    rows = _rows(wrap_formula(product, 30))
    assert len(rows) > 1 and all(row.startswith("{}\\cdot ") for row in rows[1:])


def test_a_long_denominator_is_broken_inside_its_braces():
    wrapped = wrap_formula("\\frac{1}{" + " + ".join(f"e_{{{k}}}" for k in range(40)) + "}", 30)
    assert wrapped.startswith("\\frac{1}{\\begin{array}{l}")
    assert all(estimate_width(_parse(row)) <= 30 for row in _rows(wrapped.removeprefix("\\frac{1}{").removesuffix("}")))


def test_an_over_long_number_is_shown_with_its_length():
    assert (
        wrap_formula("\\frac{" + "7" * 160 + "}{3}", 40)
        == "\\frac{777777777\\ldots 777777777\\,[160\\text{ digits}]}{3}"
    )


@pytest.mark.parametrize("width", [12, 30, 80])
def test_wrapped_latex_keeps_braces_and_left_right_pairs_balanced(width):
    latex = "\\left\\{" + ",\\quad ".join(f"k_{{{k}}} = \\frac{{a + {k}}}{{b - {k}}}" for k in range(15)) + "\\right\\}"
    wrapped = wrap_formula(latex, width)
    assert wrapped.count("{") - wrapped.count("\\{") == wrapped.count("}") - wrapped.count("\\}")
    assert wrapped.count("\\left") == wrapped.count("\\right")
    assert wrapped.count("\\begin{array}") == wrapped.count("\\end{array}")


def test_statements_break_at_clause_separators_relations_without_spaces_and_word_spaces():
    # issue 22: statements of paired cards (refuted beside corrected) scrolled, since none of these was a break
    statement = r"2nrp\le\mathrm{ops}=4nrp-np-rp\le 4nrp,\qquad \mathrm{ops}(y_i\mid S)=2rp-p\le 2rp"
    rows = wrap_formula(statement, 24)
    assert rows.startswith(r"\begin{array}{l}") and rows.count(r" \\ ") >= 2
    assert r"\left(a\right)\leftarrow b" in wrap_formula(r"\left(a\right)\leftarrow b = c", 3)  # \left is not \le
    words = r"H\ge k\ \text{for content-dependent weights};\ H\ge k\ \text{for position-only weights}"
    assert all(len(row) < 60 for row in wrap_formula(words, 30).split(r" \\ "))


def test_a_backslash_before_a_line_break_is_a_command_not_a_crash():
    # found by mypy (issue 20): "\\." did not match a backslash followed by a newline, and _parse raised
    # AttributeError on None.group; LaTeX reads "\<newline>" as a control space
    assert _parse("a \\\n b") == ["a \\\n b"]
    assert wrap_formula("x + \\\n" * 40, 30).count("\\\n") >= 39  # wrapped (the trailing one may be trimmed)
