"""LaTeX to MathML for the HTML page (verify/report/mathml.py): safe, self-contained, MathML Core."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from verify.report.formulas import Math, expression_math
from verify.report.mathml import mathml_available, to_mathml, wrap_latex

needs_converter = pytest.mark.skipif(not mathml_available(), reason="latex2mathml is not installed")


def test_mathml_output_never_contains_markup_from_the_certificate():
    markup = to_mathml(expression_math("<script>alert(1)</script>"))
    assert "<script" not in markup


def test_text_inside_latex_cannot_inject_html():
    markup = to_mathml(Math("\\text{<img src=x onerror=alert(1)>}", "<img>"))
    assert "<img" not in markup


@needs_converter
def test_formula_becomes_parsable_mathml():
    markup = to_mathml(Math("\\frac{1}{2}\\,x^{2}", "1/2*x^2"))
    root = ET.fromstring(markup)
    assert root.tag.endswith("math") and root.find(".//{http://www.w3.org/1998/Math/MathML}mfrac") is not None


@needs_converter
def test_blackboard_and_calligraphic_letters_become_unicode_characters():
    markup = to_mathml(Math("\\mathbb R\\,\\mathcal M", "R M"))
    assert "ℝ" in markup and "ℳ" in markup and "double-struck" not in markup


def test_without_a_converter_the_text_form_is_shown_escaped(monkeypatch):
    import verify.report.mathml as module

    monkeypatch.setattr(module, "mathml_available", lambda: False)
    assert module.to_mathml(Math("a<b", "a < b & c")) == '<code class="math-text">a &lt; b &amp; c</code>'


def test_long_formulas_break_into_rows_only_at_top_level_signs():
    latex = "\\left(a + b\\right)^{2} + " + " + ".join(f"x_{{{k}}}" for k in range(60)) + " = 0"
    wrapped = wrap_latex(latex, width=40)
    rows = wrapped.removeprefix("\\begin{array}{l}").removesuffix("\\end{array}").split(" \\\\ ")
    assert len(rows) > 3 and rows[0].startswith("\\left(a + b\\right)^{2}")
    assert all(row.startswith("{}+") or row.startswith("{}=") for row in rows[1:])
    assert wrap_latex("a + b", width=40) == "a + b"


@needs_converter
def test_set_minus_is_written_with_the_common_set_minus_character():
    markup = to_mathml(Math("\\mathbb R^2\\setminus\\{0\\}", "R^2 minus 0"))
    assert "\u2216" in markup and "\u29f5" not in markup
