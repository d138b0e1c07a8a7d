"""verify/coq/criterion.py: response_block_criterion with a non-real double root, over Coquelicot's C."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import load, run_goals

from verify.coq.criterion import response_block_criterion
from verify.coq.terms import NotMapped
from verify.coq.translate import translate

KIND = "response_block_criterion"
_CERT = "review.blockdiag.criterion.ssm.json"


def _goal() -> dict:
    """The committed certificate's goal: W with minimal polynomial (x^2 + 1)^2."""
    return load(_CERT)["obligations"][0]["goal"]


def test_statement_is_minimality_no_triple_root_and_a_non_real_double_root() -> None:
    """The statement names minimal_polynomial, q, q', q'' at every complex w, and a double root z with Im z <> 0."""
    definitions, statement, _, _ = response_block_criterion(_goal(), None)
    assert "Definition q : list Q := [(1#1); (0#1); (2#1); (0#1); (1#1)]." in definitions
    assert "Definition Cpoly (c : list Q) (w : C) : C" in definitions
    assert statement.startswith("minimal_polynomial A B Cout 1 1 q /\\")
    assert "(forall w : C, ~ (Cpoly q w = RtoC 0 /\\ Cpoly (pderiv q) w = RtoC 0 /\\" in statement
    assert "(exists z : C, (Im z <> 0)%R /\\ Cpoly q z = RtoC 0 /\\ Cpoly (pderiv q) z = RtoC 0)" in statement
    assert translate(load(_CERT)).items[0].text


def test_other_verdicts_and_false_goals_are_not_mapped() -> None:
    """Only this verdict is stated; a q with a triple root has no Bezout identity for q, q', q''."""
    with pytest.raises(NotMapped, match="only"):
        response_block_criterion({**_goal(), "verdict": "realizable"}, None)
    with pytest.raises(NotMapped):
        response_block_criterion({**_goal(), "minpoly": ["0", "0", "0", "1"]}, None)


@pytest.mark.slow
def test_coqc_checks_the_committed_goal_and_rejects_a_forged_root(tmp_path: Path) -> None:
    """The committed goal is checked (about 70 s of coqc); a statement claiming q''(i) = 0 as well is rejected."""
    from coq_helpers import need_coqc

    from verify.coq.runner import check_translation
    from verify.coq.translate import Translation, _one

    coqc = need_coqc()
    (tmp_path / "a").mkdir()
    assert run_goals(tmp_path / "a", [("criterion", KIND, _goal(), None)]) == {"criterion": "checked"}
    translation = Translation("test.claim", "certified")
    forged = _one(1, {"name": "forged", "kind": KIND}, _goal(), None)
    old = "Cpoly q z = RtoC 0 /\\ Cpoly (pderiv q) z = RtoC 0)."
    assert old in forged.text
    forged.text = forged.text.replace(old, "Cpoly q z = RtoC 0 /\\ Cpoly (pderiv (pderiv q)) z = RtoC 0).")
    translation.items.append(forged)
    (tmp_path / "b").mkdir()
    result = check_translation(translation, "test", tmp_path / "b", coqc, 900)
    assert {o.name: o.status for o in result.obligations} == {"forged": "failed"}
