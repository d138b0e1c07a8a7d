"""verify/coq/psd.py: psd_certificate stated with `psd M` hypotheses (y^T M y >= 0 for every real y)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import load, need_coqc

from verify.coq.psd import psd_certificate
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one


def _obligation(name: str) -> dict:
    """One psd_certificate obligation of rem4.3.non-collinear."""
    return next(o for o in load("rem4.3.non-collinear.json")["obligations"] if o["name"] == name)


def test_statement_has_the_hypotheses_of_the_goal() -> None:
    """The PSD matrix and the nonnegative atom are hypotheses; the witness's terms are only in the proof."""
    item = _obligation("common-range")
    definitions, statement, proof, _ = psd_certificate(item["goal"], item["witness"])
    assert "Definition psd (M : list (list R)) : Prop" in definitions
    assert statement.startswith(
        "forall (z0 z1 al be ka g : R),\n    psd [[al - g; ka]; [ka; be - g]] ->\n    0 <= g ->"
    )
    assert "qform" not in statement and "qform" in proof
    separating = _obligation("separating-token")
    _, statement, proof, _ = psd_certificate(separating["goal"], separating["witness"])
    assert "psd [[A0 - g; C0]; [C0; B0 - g]] ->" in statement and "nonneg_at_0" in proof
    no_single = {**separating["witness"], "multiplier": [{"vars": ["a"], "terms": [["1", [2]]]}]}
    with pytest.raises(NotMapped, match="single variable"):
        psd_certificate(separating["goal"], no_single)


def test_coqc_checks_the_certificate_and_rejects_a_dropped_hypothesis(tmp_path: Path) -> None:
    """The committed obligations are checked (one with a multiplier); without 0 <= g coqc rejects the other."""
    coqc = need_coqc()
    item = _obligation("common-range")
    translation = Translation("test.claim", "certified")
    translation.items.append(_one(1, {"name": "true", "kind": "psd_certificate"}, item["goal"], item["witness"]))
    separating = _obligation("separating-token")
    translation.items.append(
        _one(3, {"name": "multiplier", "kind": "psd_certificate"}, separating["goal"], separating["witness"])
    )
    forged = _one(2, {"name": "forged", "kind": "psd_certificate"}, item["goal"], item["witness"])
    forged.text = forged.text.replace("    0 <= g ->\n", "    0 <= 1 ->\n")
    assert "0 <= 1 ->" in forged.text
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {
        "true": "checked",
        "forged": "failed",
        "multiplier": "checked",
    }
