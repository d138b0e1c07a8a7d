"""Readable views of obligations (verify/report/kinds.py): each kind as labelled formulas, never raw JSON."""

from __future__ import annotations

from verify.report.kinds import counterexample_points, obligation_lines


def _labels(obligation: dict) -> list[str]:
    """The labels of an obligation's lines."""
    return [line.label for line in obligation_lines(obligation)]


def test_sum_of_squares_shows_the_claim_and_the_weighted_squares():
    poly = {"vars": ["x", "w"], "terms": [["1", [2, 0]], ["2", [0, 1]]]}
    square = {"vars": ["x", "w"], "terms": [["1", [1, 0]]]}
    one = {"vars": ["x", "w"], "terms": [["1", [0, 0]]]}
    witness = {"terms": [{"coeff": "1", "square": square}, {"coeff": "2", "atoms": ["w"], "square": one}]}
    lines = obligation_lines(
        {
            "name": "s",
            "kind": "sum_of_squares",
            "goal": {"vars": ["x", "w"], "poly": poly, "nonneg": ["w"]},
            "witness": witness,
        }
    )
    assert lines[0].math.text == "x^2 + 2*w >= 0" and "w >= 0" in lines[0].note
    assert lines[1].math.text == "x^2 + 2*w = (x)^2 + 2*w"


def test_rank_shows_the_matrix_the_minor_and_each_dependent_row():
    goal = {"matrix": [["1", "0"], ["2", "0"]], "rank": 1}
    witness = {"rows": [0], "cols": [0], "combinations": [{"row": 1, "coefficients": ["2"]}]}
    lines = obligation_lines({"name": "r", "kind": "rank", "goal": goal, "witness": witness})
    assert [line.label for line in lines] == ["claim", "M", "independent", "dependent"]
    assert lines[-1].math.text == "r1 = (2)*r0"


def test_attained_shows_the_point_as_fractions():
    goal = {"vars": ["a", "v"], "poly": "(a*v - 1)^2", "point": ["a"], "nonzero": "v"}
    witness = {"numerators": {"a": "1"}, "denominator": "v", "scale": "1", "power": 1}
    lines = obligation_lines({"name": "t", "kind": "attained", "goal": goal, "witness": witness})
    assert lines[-1].label == "point" and lines[-1].math.latex == "a = \\frac{1}{v}"


def test_counterexample_shows_hypotheses_claim_and_point():
    goal = {
        "vars": ["x"],
        "assume": [{"lhs": "x", "op": ">", "rhs": "0"}],
        "claim": {"lhs": "x^2", "op": ">=", "rhs": "x"},
    }
    ob = {"name": "c", "kind": "counterexample", "goal": goal, "witness": {"point": {"x": "1/2"}, "precision": 64}}
    assert _labels(ob) == ["variables", "assuming", "claimed", "counterexample", "decided"]
    assert [m.latex for m in counterexample_points(ob["witness"])] == ["x = \\frac{1}{2}"]


def test_interval_inequality_shows_the_box_and_precision():
    goal = {"box": {"t": ["0", "1/2"]}, "lhs": "exp(t)", "op": "<=", "rhs": "2"}
    ob = {"name": "i", "kind": "interval_inequality", "goal": goal, "witness": {"precision": 53, "pieces": [[0, 1]]}}
    lines = obligation_lines(ob)
    assert lines[1].math.text == "t in [0, 1/2]" and "53 bits, 1 sub-intervals" in lines[2].note


def test_matrix_identity_shows_the_equation_and_every_named_matrix():
    goal = {"matrices": {"A": [["0", "-1"], ["1", "0"]]}, "lhs": "A^4", "rhs": "I(2)"}
    lines = obligation_lines({"name": "m", "kind": "matrix_identity", "goal": goal})
    assert lines[0].math.latex == "{A}^{4} = I_{2}" and "pmatrix" in lines[1].math.latex


def test_unknown_kind_is_rendered_generically_by_the_shape_of_its_values():
    lines = obligation_lines(
        {"name": "n", "kind": "future_kind", "goal": {"m": [["1", "0"], ["0", "1"]], "p": "x^2+1"}, "witness": {}}
    )
    assert [line.label for line in lines] == ["goal.m", "goal.p"]
    assert "pmatrix" in lines[0].math.latex and lines[1].math.text == "x^2 + 1"


def test_known_kind_with_unexpected_shape_falls_back_to_the_generic_view():
    lines = obligation_lines({"name": "n", "kind": "rank", "goal": {"rank": 2}})
    assert [line.label for line in lines] == ["goal.rank"]


def test_the_symbolic_index_kinds_show_their_universal_claims():
    from verify.claims.s4_rank_gap import non_collinear
    from verify.claims.sA_modes import eq21_obligation, jordan_block_obligation
    from verify.claims.sA_singular import family_obligations

    eq21 = obligation_lines(eq21_obligation().to_json())[0]
    assert eq21.math.text.endswith("(ii)^(t) * (-jj)^(q - t)") and eq21.note == "for every natural q"
    block = obligation_lines(jordan_block_obligation().to_json())[0]
    assert "sum_{t=0}^{s - 1}" in block.math.text and "N^s = 0" in block.note
    family = obligation_lines(family_obligations()[-1].to_json())[0]
    assert family.math.text == "rank M >= max(floor((n - 0 - 1)/2) + 1, n - 1) - 1" and "every n" in family.note
    psd = obligation_lines(non_collinear()["obligations"][0])
    assert [line.label for line in psd] == ["claim", "Gram >= 0", "Shift >= 0", "certificate"]


def test_dimension_free_identity_shows_symbolic_shapes_definitions_and_the_derivative():
    goal = {
        "atoms": {"u": ["d", "1"], "h": ["d", "1"]},
        "scalars": ["t"],
        "lets": [["x", "u + t*h"]],
        "f": "exp(T(u)*x)",
        "wrt": "t",
        "value": "exp(T(u)*u)*T(u)*h",
    }
    lines = obligation_lines({"name": "j", "kind": "dimension_free_identity", "goal": goal, "witness": {}})
    assert [line.label for line in lines] == ["atoms", "scalars", "let", "identity"]
    assert "u (d x 1)" in lines[0].note and "every size" in lines[-1].note
    assert lines[-1].math.text.startswith("d/dt exp(T(u)*x) at t = 0 = ")


def test_implied_inequality_shows_hypotheses_claim_and_certificate_size():
    goal = {
        "vars": ["x", "y"],
        "nonneg": ["x"],
        "exps": {"y": "x"},
        "facts": [{"name": "big", "poly": "x - 1", "rel": ">="}],
        "claim": "x",
    }
    witness = {"multiplier": "1", "products": [{"coeff": "1", "facts": ["big"], "square": "1"}]}
    lines = obligation_lines({"name": "b", "kind": "implied_inequality", "goal": goal, "witness": witness})
    assert [line.label for line in lines] == ["variables", "exp", "hypothesis", "claim", "certificate"]
    assert lines[2].note == "big" and lines[2].math.text == "x - 1 >= 0" and "1 nonnegative products" in lines[4].note


def test_float_gram_names_each_array_by_size_and_sha256_instead_of_printing_its_bytes():
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "certs" / "exp.fig3.optimum.ssm.float.json"
    cert = json.loads(path.read_text())
    obligation = cert["obligations"][0]
    lines = obligation_lines(obligation)
    arrays = [line for line in lines if line.label.startswith("array ")]
    assert [line.label for line in arrays] == [f"array {name}" for name in sorted(obligation["goal"]["arrays"])]
    assert all("float64 values, sha256:" in line.note for line in arrays)
    base64 = obligation["goal"]["arrays"]["a"]["base64"]
    assert not any(base64[:40] in (line.note or "") + (line.math.text if line.math else "") for line in lines)
    assert lines[-1].label == "smallest H" and str(obligation["goal"]["heads"][0]) in lines[-1].note
