"""The registered statement's formal goal in words (verify/report/formal.py), as `show` and the report print it."""

from __future__ import annotations

from verify.kernel import statements
from verify.report.formal import formal_lines, summarize


def test_summarize_names_parameters_shapes_and_short_literals():
    assert summarize({"$param": "k"}) == "<k>"
    assert summarize([["1", "0"], ["0", "1"], ["2", "3"]]) == "3x2 matrix"
    assert summarize(["n", "s"]) == "[n, s]"
    assert summarize(True) == "true"
    assert summarize(7) == "7"
    assert summarize("x" * 30) == "x" * 30
    assert summarize("x" * 100) == "a formula of 100 characters"
    assert summarize({"Ctab": [["1"]], "lhs": "a"}) == "{Ctab: 1x1 matrix, lhs: a}"


def test_summarize_keeps_any_string_ascii():
    assert summarize("\ud800é") == "\\ud800\\xe9"


def test_formal_lines_of_an_instance_claim_show_its_literal_numbers():
    lines = formal_lines(statements()["thm4.4.stall"])
    assert lines[0] == "s4_heads.json: verdict certified; no inputs"
    assert lines[1] == "condition7 (ssm_condition7): A = 3x3 matrix, B = 3x1 matrix, C = 2x3 matrix, k = 2, n_min = 3"
    assert len(lines) == 4


def test_formal_lines_of_a_template_separate_inputs_from_derived_parameters():
    lines = formal_lines(statements()["thm4.4.heads"])
    assert lines[0] == "s4_heads.json: verdict certified; inputs A, B, C, n; derived by the kernel: k, n_min, r"
    assert "condition7 (ssm_condition7): A = <A>, B = <B>, C = <C>, k = <k>, n_min = <n_min>" in lines


def test_formal_lines_of_a_refuted_claim_name_the_verdict():
    assert formal_lines(statements()["thm5.1.eq11"])[0].startswith("s5_gradients.json: verdict refuted")
