"""verify/report/cost_kinds.py: readable views of loop nests, bounds, ratios, discretizations and minima."""

from __future__ import annotations

from verify.claims.s3_costs import build_cell, build_section3
from verify.claims.sA_practice import s4d_real
from verify.report.cost_kinds import program_text
from verify.report.kinds import obligation_lines


def _labels(cert: dict) -> list[str]:
    return [line.label for item in cert["obligations"] for line in obligation_lines(item)]


def test_a_loop_nest_reads_as_one_line_of_pseudo_code():
    program = [{"loop": "par", "var": "t", "from": "1", "to": "n", "body": [{"op": "mul"}]}, {"alloc": "r*p"}]
    assert program_text(program) == "par t=1..n { mul }; alloc r*p"


def test_cost_certificates_show_program_counts_and_bounds():
    labels = _labels(build_cell("ssm", "depth"))
    assert {"program", "depth", "memory (cells)", "bound"} <= set(labels)
    assert "procedure scan(N = 2^K)" in labels
    assert {"not O(rhs)", "along"} <= set(_labels(build_section3("sec3.1.2.cost.summary-matrix")))


def test_discretization_view_lists_the_singular_steps():
    lines = obligation_lines(s4d_real()["obligations"][1])
    notes = {line.label: line.note for line in lines}
    assert notes["bilinear singular at"].endswith("(45 steps)") and notes["zoh singular at"] == "no step"


def test_a_malformed_goal_falls_back_to_the_generic_view():
    lines = obligation_lines({"kind": "loop_nest_cost", "goal": {"program": 3}, "witness": {}})
    assert lines and lines[0].label.startswith("goal.")
