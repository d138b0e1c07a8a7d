"""verify/coq/nf_dual.py: dual_coordinates (eq. 20) stated in Coq: basis, first lags, trace-coordinate identities."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.coq import translate as tr
from verify.coq.nf_dual import dual_coordinates
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped


def _dual(name: str = "real.dual") -> tuple[dict, dict]:
    """The goal and witness of one dual_coordinates obligation of appA.eq20 (3 x 3 A, three real modes)."""
    cert = load("appA.eq20.json")
    item = next(o for o in cert["obligations"] if o["kind"] == "dual_coordinates" and o["name"] == name)
    return copy.deepcopy(item["goal"]), copy.deepcopy(item["witness"])


def test_statement_comes_from_the_goal_only() -> None:
    """The theorem and its definitions name the goal's data; another witness leaves them unchanged."""
    goal, witness = _dual()
    definitions, statement, proof, interval = dual_coordinates(goal, witness)
    assert statement == "nfd_dual A B C lags moduli H b support_moduli support_heads"
    assert "Definition lags : list nat := [0%nat; 1%nat; 2%nat]." in definitions
    assert "Definition moduli : list (list Q) := [[(-1#2); (1#1)]; [(-3#4); (1#1)]; [(1#3); (1#1)]]." in definitions
    assert not interval
    other = copy.deepcopy(witness)
    other["functionals"][0][0][0] = "7"
    again = dual_coordinates(goal, other)
    assert again[:2] == (definitions, statement) and again[2] != proof
    goal["b"][0][0] = [["5"]]
    assert dual_coordinates(goal, witness)[0] != definitions


def test_bad_goals_are_not_mapped() -> None:
    """A goal the kernel cannot read (a non-squarefree modulus) is left out with the reason."""
    goal, witness = _dual()
    goal["modes"][0]["modulus"] = "1/4 - 1*a + 1*a^2"
    with pytest.raises(NotMapped, match="not well formed"):
        dual_coordinates(goal, witness)


def test_coqc_checks_true_and_rejects_false(tmp_path: Path) -> None:
    """The certificate's goal is checked; one changed coordinate of b is rejected by coqc."""
    goal, witness = _dual()
    wrong = copy.deepcopy(goal)
    wrong["b"][0][0] = [["7/5"]]
    statuses = run_goals(
        tmp_path,
        [("true", "dual_coordinates", goal, witness), ("wrong-b", "dual_coordinates", wrong, witness)],
    )
    assert statuses == {"true": "checked", "wrong-b": "failed"}


@pytest.mark.slow
def test_coqc_rejects_wrong_support_lags_and_moduli(tmp_path: Path) -> None:
    """A wrong support, non-greedy lags, a support modulus that differs, and a wrong functional are all rejected."""
    goal, witness = _dual("sqrt2.dual")
    support = copy.deepcopy(goal)
    support["support"]["heads"][0][0] = support["support"]["heads"][0][0] + [5]
    moduli = copy.deepcopy(goal)
    moduli["support"]["moduli"][0] = moduli["support"]["moduli"][0] + " + 1*a^3"
    bad_witness = copy.deepcopy(witness)
    bad_witness["functionals"][0][0][0] = "12345"
    statuses = run_goals(
        tmp_path,
        [
            ("true", "dual_coordinates", goal, witness),
            ("support", "dual_coordinates", support, witness),
            ("moduli", "dual_coordinates", moduli, witness),
            ("witness", "dual_coordinates", goal, bad_witness),
        ],
    )
    assert statuses == {"true": "checked", "support": "failed", "moduli": "failed", "witness": "failed"}


@pytest.mark.slow
def test_resealed_certificate_with_later_lags_is_rejected(tmp_path: Path) -> None:
    """tests/data/bad/not-the-first-lags.json (lags 0, 1, 3 from its parameters, re-sealed): coqc rejects the dual
    obligation when the Coq path runs alone, and checks the committed appA.ssm's."""
    coqc = need_coqc()
    forged = json.loads((Path(__file__).parent / "data" / "bad" / "not-the-first-lags.json").read_text())
    for source, expected in ((load("appA.ssm.json"), "checked"), (forged, "failed")):
        result = check_translation(tr.translate(source), "appA_ssm", tmp_path, coqc, 600)
        statuses = {o.name: o.status for o in result.obligations}
        assert statuses["dual"] == expected
