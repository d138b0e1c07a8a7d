"""verify/coq/ssm_gaussian.py: the Theorem 4.4 kinds with Q(i) entries, stated over Q(i) (pairs of rationals)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.certificate import reseal
from verify.coq import translate as tr
from verify.coq.runner import check_translation
from verify.coq.ssm_gaussian import ssm_condition7, ssm_heads_necessary, ssm_heads_sufficient
from verify.coq.terms import NotMapped

# The Jordan block at i/2 of thm4.4.gaussian (W(t) in C^2): k = 2 = p d, n_min = 2, r = n.
_SSM = {
    "A": [["1/2*i", "1", "0"], ["0", "1/2*i", "0"], ["0", "0", "1/3+2/3*i"]],
    "B": [["0"], ["1"], ["1"]],
    "C": [["1", "0", "1"], ["0", "1", "0"]],
}
_WITNESS = {
    "annihilator": ["1/12+1/6*i", "-11/12+1/3*i", "-1/3-5/3*i", "1"],
    "coefficients": [["1", "0"], ["0", "1"], ["56/195-7/195*i", "14/195+419/390*i"]],
    "lags": [0, 1],
    "minor_cols": [0, 1],
}
_SUFFICIENT = {**_WITNESS, "first_nonzero": [0, 1]}


def test_statements_are_over_q_i_and_come_from_the_goal() -> None:
    """The theorem names the goal's k, n_min, n, r over Q(i); real goals keep the Q statements of ssm.py."""
    definitions, statement, _, _ = ssm_condition7({**_SSM, "k": 2, "n_min": 2}, _WITNESS)
    assert statement == "interaction_rank_Qi A B C 2 /\\ (forall n : nat, condition7_Qi A B C n <-> (2 <= n)%nat)"
    assert "Definition A : gmat := [[((0#1), (1#2)); ((1#1), (0#1)); ((0#1), (0#1))];" in definitions
    necessary = ssm_heads_necessary({**_SSM, "k": 2, "n": 8}, _WITNESS)[1]
    assert necessary == "interaction_rank_Qi A B C 2 /\\ condition7_Qi A B C 8"
    sufficient = ssm_heads_sufficient({**_SSM, "k": 2, "n": 8, "r": 8}, _SUFFICIENT)[1]
    assert sufficient == "interaction_rank_Qi A B C 2 /\\ heads_construction_Qi A B C 8 2 8"
    other = {**_WITNESS, "coefficients": [["1", "0"], ["0", "1"], ["0", "0"]]}
    assert ssm_condition7({**_SSM, "k": 2, "n_min": 2}, other)[1] == statement
    real = {"A": [["0", "0"], ["1", "0"]], "B": [["1"], ["0"]], "C": [["0", "1"]], "k": 1, "n_min": 2}
    witness = {"annihilator": ["0", "0", "1"], "coefficients": [["0"], ["1"]], "lags": [1], "minor_cols": [0]}
    assert ssm_condition7(real, witness)[1].startswith("interaction_rank A B C 1")


def test_not_mapped_cases_say_why() -> None:
    """Over Q(i), k < p d and r < n are left out with a reason."""
    wide = {**_SSM, "B": [["0", "1"], ["1", "0"], ["1", "0"]], "k": 2, "n_min": 2}
    with pytest.raises(NotMapped, match="k = p d"):
        ssm_condition7(wide, _WITNESS)
    with pytest.raises(NotMapped, match="r = n"):
        ssm_heads_sufficient({**_SSM, "k": 2, "n": 8, "r": 7}, _SUFFICIENT)


def test_coqc_on_gaussian_ssm_kinds(tmp_path: Path) -> None:
    """True goals are checked; a wrong n_min is rejected by coqc (two more false goals: the slow test below)."""
    statuses = run_goals(
        tmp_path,
        [
            ("condition7", "ssm_condition7", {**_SSM, "k": 2, "n_min": 2}, _WITNESS),
            ("wrong-n-min", "ssm_condition7", {**_SSM, "k": 2, "n_min": 3}, _WITNESS),
            ("necessity", "ssm_heads_necessary", {**_SSM, "k": 2, "n": 8}, _WITNESS),
            ("sufficiency", "ssm_heads_sufficient", {**_SSM, "k": 2, "n": 8, "r": 8}, _SUFFICIENT),
        ],
    )
    assert statuses == {
        "condition7": "checked",
        "wrong-n-min": "failed",
        "necessity": "checked",
        "sufficiency": "checked",
    }


@pytest.mark.slow  # each false goal costs coqc one more run of the whole file
def test_coqc_rejects_necessity_below_n_min_and_a_wrong_k(tmp_path: Path) -> None:
    """(7) claimed below n_min and a wrong interaction rank k are rejected by coqc; the true goal still counts."""
    statuses = run_goals(
        tmp_path,
        [
            ("necessity", "ssm_heads_necessary", {**_SSM, "k": 2, "n": 8}, _WITNESS),
            ("below-n-min", "ssm_heads_necessary", {**_SSM, "k": 2, "n": 1}, _WITNESS),
            ("wrong-k", "ssm_heads_sufficient", {**_SSM, "k": 3, "n": 8, "r": 8}, _SUFFICIENT),
        ],
    )
    assert statuses == {"necessity": "checked", "below-n-min": "failed", "wrong-k": "failed"}


@pytest.mark.slow
def test_resealed_parameters_are_rejected(tmp_path: Path) -> None:
    """thm4.4.heads takes k and n_min from its parameters: a wrong one, re-sealed, fails in Coq alone."""
    coqc = need_coqc()
    cert = load("thm4.4.heads.json")
    cases = [(cert, ["checked"] * 3)]
    for key, value in (("k", 1), ("n_min", 3)):
        forged = copy.deepcopy(cert)
        forged["params"][key] = value
        cases.append((reseal(forged), None))
    for source, expected in cases:
        result = check_translation(tr.translate(source), "heads", tmp_path, coqc, 600)
        statuses = [o.status for o in result.obligations]
        if expected is None:
            assert "failed" in statuses and "checked" not in statuses[:1]
        else:
            assert statuses == expected
