"""verify/coq/gaussian.py: polynomial identities with the imaginary unit, stated over Coquelicot's C."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.coq.gaussian import gaussian_identity, uses_i
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one, translate

_GOAL = {"vars": ["x", "t", "s"], "lhs": "(x - (t + i*s)/2)*(x - (t - i*s)/2)", "rhs": "x^2 - t*x + (t^2 + s^2)/4"}


def test_statement_is_the_identity_over_c() -> None:
    """Variables range over C, numbers go through RtoC, i is Ci, powers are products; the whole equation in C."""
    definitions, statement, proof, interval = gaussian_identity(_GOAL, None)
    assert definitions == "Import Coquelicot.Complex.\n" and not interval
    assert statement == (
        "forall (x t s : C), ((x - (t + Ci * s) / (RtoC 2)) * (x - (t - Ci * s) / (RtoC 2)) = "
        "x * x - t * x + (t * t + s * s) / (RtoC 4))%C"
    )
    assert "Ci * Ci = - RtoC 1" in proof


def test_only_goals_naming_i_take_this_path_and_false_ones_are_not_mapped() -> None:
    """A real goal is left to the scalar translation; a false Gaussian identity has no quotient by i^2 + 1."""
    assert uses_i(_GOAL) and not uses_i({"vars": ["x"], "lhs": "x*x", "rhs": "x^2"})
    with pytest.raises(NotMapped, match="not a multiple"):
        gaussian_identity({**_GOAL, "rhs": "x^2 - t*x + (t^2 - s^2)/4"}, None)


def test_coqc_checks_the_identity_and_rejects_an_edited_statement(tmp_path: Path) -> None:
    """The true identity is checked; the same file with s^2 turned into -s^2 in the statement is rejected."""
    coqc = need_coqc()
    translation = Translation("test.claim", "certified")
    translation.items.append(_one(1, {"name": "true", "kind": "polynomial_identity"}, _GOAL, None))
    forged = _one(2, {"name": "forged", "kind": "polynomial_identity"}, _GOAL, None)
    assert "(t * t + s * s) / (RtoC 4))%C." in forged.text
    forged.text = forged.text.replace("(t * t + s * s) / (RtoC 4))%C.", "(t * t - s * s) / (RtoC 4))%C.", 1)
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {"true": "checked", "forged": "failed"}


def test_the_committed_fft_goal_is_checked(tmp_path: Path) -> None:
    """sec3.2.duality.convolution's fft-padded goal, from the frozen statement, is checked by coqc."""
    items = {i.name: i for i in translate(load("sec3.2.duality.convolution.json")).items}
    assert "Ci" in items["fft-padded"].text
    goal = next(o["goal"] for o in load("sec3.2.duality.convolution.json")["obligations"] if o["name"] == "fft-padded")
    assert run_goals(tmp_path, [("fft", "polynomial_identity", goal, None)]) == {"fft": "checked"}
