"""verify/coq/realization.py: response_block_realization (the minimal polynomial and the realization for every t)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.coq.realization import response_block_realization
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one, translate
from verify.kernel.kinds import check_obligation, read_goal

KIND = "response_block_realization"
# W(t) = 1/2^t + 1/3^t (scalar): q = (x - 1/2)(x - 1/3), two 1x1 blocks; minimality needs the Hankel rows t = 0, 1.
_TWO = {
    "A": [["1/2", "0"], ["0", "1/3"]],
    "B": [["1"], ["1"]],
    "C": [["1", "1"]],
    "minpoly": ["1/6", "-5/6", "1"],
    "blocks": [{"D": [["1/3"]], "B": [["1"]], "C": [["1"]]}, {"D": [["1/2"]], "B": [["2"]], "C": [["1/2"]]}],
}
# A rotation by 90 degrees seen through a 2x2 block of its own, with a 2 x 2 output: q = x^2 + 1.
_ROTATION = {
    "A": [["0", "-1"], ["1", "0"]],
    "B": [["1", "0"], ["0", "1"]],
    "C": [["1", "0"], ["0", "2"]],
    "minpoly": ["1", "0", "1"],
    "blocks": [{"D": [["0", "1"], ["-1", "0"]], "B": [["0", "1"], ["1", "0"]], "C": [["0", "1"], ["2", "0"]]}],
}


@pytest.mark.parametrize("goal", [_TWO, _ROTATION])
def test_the_example_goals_are_true_for_the_kernel(goal: dict) -> None:
    """The test goals pass the Python kernel's check (so a Coq rejection would be a translation fault)."""
    check_obligation(KIND, read_goal(KIND, goal, "goal"), {}, "goal")


def test_statement_is_minimality_and_the_realization_for_every_t() -> None:
    """The statement names the vocabulary's minimal_polynomial and block_response, for all t."""
    definitions, statement, _, _ = response_block_realization(_TWO, None)
    assert "Definition q : list Q := [(1#6); (-5#6); (1#1)]." in definitions
    assert statement == (
        "minimal_polynomial A B C 1 1 q /\\\n  forall t i j, (i < 1)%nat -> (j < 1)%nat ->\n"
        "    block_response blocks t i j == ent (Wimp A B C t) i j"
    )


def test_a_non_minimal_polynomial_is_not_mapped() -> None:
    """(x - 1/2)(x - 1/3)(x - 1) annihilates W but is not minimal: no D independent Hankel rows."""
    with pytest.raises(NotMapped, match="not minimal"):
        response_block_realization({**_TWO, "minpoly": ["-1/6", "1", "-11/6", "1"]}, None)


def test_coqc_checks_true_goals_and_rejects_an_edited_block(tmp_path: Path) -> None:
    """Both example goals are checked; a block whose D is edited in the statement is rejected by coqc."""
    coqc = need_coqc()
    translation = Translation("test.claim", "certified")
    translation.items.append(_one(1, {"name": "two", "kind": KIND}, _TWO, None))
    translation.items.append(_one(2, {"name": "rotation", "kind": KIND}, _ROTATION, None))
    forged = _one(3, {"name": "forged", "kind": KIND}, _TWO, None)
    assert "([[(1#3)]], [[(1#1)]], [[(1#1)]])" in forged.text
    forged.text = forged.text.replace("([[(1#3)]], [[(1#1)]], [[(1#1)]])", "([[(1#4)]], [[(1#1)]], [[(1#1)]])")
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {
        "two": "checked",
        "rotation": "checked",
        "forged": "failed",
    }


def test_the_committed_realization_is_checked(tmp_path: Path) -> None:
    """review.blockdiag.realization.ssm, translated from the frozen statement, is checked."""
    items = translate(load("review.blockdiag.realization.ssm.json")).items
    assert [i.kind for i in items] == [KIND] and items[0].text
    goal = load("review.blockdiag.realization.ssm.json")["obligations"][0]["goal"]
    assert run_goals(tmp_path, [("realization", KIND, goal, None)]) == {"realization": "checked"}
