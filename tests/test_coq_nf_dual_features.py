"""verify/coq/nf_dual_features.py: lag_features and real_lag_features (eq. 21) stated in Coq."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, run_goals

from verify.coq.nf_dual_features import lag_features, real_lag_features
from verify.coq.terms import NotMapped


def _item(cert: str, name: str) -> tuple[dict, dict]:
    """The goal and witness of one obligation of a committed certificate."""
    item = next(o for o in load(cert)["obligations"] if o["name"] == name)
    return copy.deepcopy(item["goal"]), copy.deepcopy(item["witness"])


def test_statement_comes_from_the_goal_only() -> None:
    """The theorem names the family, the construction and the bound of the goal; the witness changes only the proof."""
    goal, witness = _item("appA.features.json", "real")
    definitions, statement, proof, interval = lag_features(goal, witness)
    assert statement == "nfd_lag_features true A moduli heads false 3"
    assert "Definition heads : list (list (list nat)) := [[[0%nat]; [0%nat]; [0%nat]];" in definitions
    assert not interval
    other = copy.deepcopy(witness)
    other["heads"][0]["features"][0] = [{"phi": "L", "psi": "M*B0 + 0*j"}]
    assert lag_features(goal, other)[:2] == (definitions, statement)
    real_goal, real_witness = _item("appA.features.merged.json", "real.realform")
    assert real_lag_features(real_goal, real_witness)[1] == "nfd_lag_features false A moduli heads true 3"


def test_other_moduli_with_real_irrational_roots_are_not_mapped() -> None:
    """a^2 - 5 (eigenvalues +-sqrt 5): irreducibility is proved only for a^2 - 2 and a^2 - 3, so it is left out."""
    goal = {
        "A": [["0", "5", "0"], ["1", "0", "0"], ["0", "0", "1/2"]],
        "bound": 2,
        "construction": "paper",
        "support": {"heads": [[[0]]], "moduli": ["-5 + 1*a^2"]},
    }
    witness = {"heads": [{"features": [[{"phi": "L", "psi": "B0*M"}]]}]}
    with pytest.raises(NotMapped, match="irreducibility"):
        lag_features(goal, witness)


def test_coqc_checks_true_and_rejects_a_wrong_bound(tmp_path: Path) -> None:
    """The certificate's goal is checked; the bound 4 (the paper's count is 3) is rejected by coqc."""
    goal, witness = _item("appA.features.json", "real")
    wrong = {**goal, "bound": 4}
    statuses = run_goals(
        tmp_path,
        [("true", "lag_features", goal, witness), ("wrong-bound", "lag_features", wrong, witness)],
    )
    assert statuses == {"true": "checked", "wrong-bound": "failed"}


@pytest.mark.slow
def test_coqc_on_real_features_and_false_goals(tmp_path: Path) -> None:
    """jordan3's real features (J = 3, powers up to tau^2) and sqrt2's complex ones (a^2 - 2 irreducible) are checked;
    a power q = J in the support, a merged bound above the size of A and a wrong feature identity are rejected."""
    goal, witness = _item("appA.realform.json", "jordan3")
    sqrt2, sqrt2_witness = _item("appA.features.json", "sqrt2")
    support = copy.deepcopy(goal)
    support["support"]["heads"][0][1] = [0, 1]
    merged = {**goal, "construction": "merged", "bound": 7}
    bad = copy.deepcopy(witness)
    bad["heads"][0]["features"][0][0]["psi"] = "Z0 + Z1"
    statuses = run_goals(
        tmp_path,
        [
            ("true", "real_lag_features", goal, witness),
            ("sqrt2", "lag_features", sqrt2, sqrt2_witness),
            ("support", "real_lag_features", support, witness),
            ("merged", "real_lag_features", merged, witness),
            ("identity", "real_lag_features", goal, bad),
        ],
    )
    expected = {"true": "checked", "sqrt2": "checked", "support": "failed", "merged": "failed", "identity": "failed"}
    assert statuses == expected
