"""verify/coq/ssm.py: the Theorem 4.4 kinds stated over all t (interaction rank, condition (7), k-head construction)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.certificate import reseal
from verify.coq import translate as tr
from verify.coq.runner import check_translation
from verify.coq.ssm import ssm_condition7, ssm_heads_necessary, ssm_heads_sufficient
from verify.coq.terms import NotMapped

# The delay SSM of thm4.4.delay (W(0) = 0, W(1) = e_1, W(2) = e_2): k = 2, n_min = 3, r = n - 1.
_SSM = {
    "A": [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]],
    "B": [["1"], ["0"], ["0"]],
    "C": [["0", "1", "0"], ["0", "0", "1"]],
}
_WITNESS = {
    "annihilator": ["0", "0", "0", "1"],
    "coefficients": [["0", "0"], ["1", "0"], ["0", "1"]],
    "lags": [1, 2],
    "minor_cols": [0, 1],
}
_SUFFICIENT = {**_WITNESS, "first_nonzero": [1, 2]}


def test_statements_come_from_the_goal_only() -> None:
    """The theorem names the goal's k, n_min, n, r; another witness leaves it unchanged."""
    _, statement, _, _ = ssm_condition7({**_SSM, "k": 2, "n_min": 3}, _WITNESS)
    assert statement == "interaction_rank A B C 2 /\\ (forall n : nat, condition7 A B C n <-> (3 <= n)%nat)"
    _, necessary, _, _ = ssm_heads_necessary({**_SSM, "k": 2, "n": 8}, _WITNESS)
    assert necessary == "interaction_rank A B C 2 /\\ condition7 A B C 8"
    definitions, sufficient, _, _ = ssm_heads_sufficient({**_SSM, "k": 2, "n": 8, "r": 7}, _SUFFICIENT)
    assert sufficient == "interaction_rank A B C 2 /\\ heads_construction A B C 8 2 7"
    assert "Definition B : mat := [[(1#1)]; [(0#1)]; [(0#1)]]." in definitions
    other = {
        **_WITNESS,
        "annihilator": ["0", "0", "0", "0", "1"],
        "coefficients": _WITNESS["coefficients"] + [["0", "0"]],
    }
    assert ssm_condition7({**_SSM, "k": 2, "n_min": 3}, other)[1] == statement


def test_not_mapped_cases_say_why() -> None:
    """Q(i) entries, k = 0 and a witness without coefficients are left out with a reason."""
    gaussian = {**_SSM, "A": [["i", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]], "k": 2, "n_min": 3}
    with pytest.raises(NotMapped, match="Q\\(i\\)"):
        ssm_condition7(gaussian, _WITNESS)
    with pytest.raises(NotMapped, match="k = 0"):
        ssm_condition7({**_SSM, "k": 0, "n_min": 1}, {**_WITNESS, "lags": [], "minor_cols": []})
    with pytest.raises(NotMapped, match="coefficients"):
        ssm_heads_necessary({**_SSM, "k": 2, "n": 8}, {k: v for k, v in _WITNESS.items() if k != "coefficients"})


def test_coqc_on_ssm_kinds(tmp_path: Path) -> None:
    """True goals are checked; a wrong n_min is rejected by coqc (a wrong head dimension r: the slow test below)."""
    statuses = run_goals(
        tmp_path,
        [
            ("condition7", "ssm_condition7", {**_SSM, "k": 2, "n_min": 3}, _WITNESS),
            ("wrong-n-min", "ssm_condition7", {**_SSM, "k": 2, "n_min": 2}, _WITNESS),
            ("necessity", "ssm_heads_necessary", {**_SSM, "k": 2, "n": 8}, _WITNESS),
            ("sufficiency", "ssm_heads_sufficient", {**_SSM, "k": 2, "n": 8, "r": 7}, _SUFFICIENT),
        ],
    )
    assert statuses == {
        "condition7": "checked",
        "wrong-n-min": "failed",
        "necessity": "checked",
        "sufficiency": "checked",
    }


@pytest.mark.slow  # each false goal costs coqc one more run of the whole file
def test_coqc_rejects_a_wrong_head_dimension(tmp_path: Path) -> None:
    """r = 8 where the Toeplitz ranks give 7 is rejected by coqc; the true goal still counts."""
    statuses = run_goals(
        tmp_path,
        [
            ("sufficiency", "ssm_heads_sufficient", {**_SSM, "k": 2, "n": 8, "r": 7}, _SUFFICIENT),
            ("wrong-r", "ssm_heads_sufficient", {**_SSM, "k": 2, "n": 8, "r": 8}, _SUFFICIENT),
        ],
    )
    assert statuses == {"sufficiency": "checked", "wrong-r": "failed"}


@pytest.mark.slow
def test_false_goals_through_resealed_parameters_are_rejected(tmp_path: Path) -> None:
    """thm4.4.heads takes k, n, r from its parameters: a wrong k, or (7) claimed below n_min, fails in Coq alone."""
    coqc = need_coqc()
    cert = load("eq7.json")  # the stall SSM: n_min = 3
    cases = [(cert, "checked")]
    for key, value in (("k", 1), ("n_min", 2)):
        forged = copy.deepcopy(cert)
        forged["params"][key] = value
        cases.append((reseal(forged), "failed"))
    for source, expected in cases:
        result = check_translation(tr.translate(source), "eq7", tmp_path, coqc, 600)
        assert [o.status for o in result.obligations] == [expected]
    necessity = run_goals(
        tmp_path,
        [("below-n-min", "ssm_heads_necessary", {**_SSM, "k": 2, "n": 2}, _WITNESS)],
    )
    assert necessity == {"below-n-min": "failed"}
