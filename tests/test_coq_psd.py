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
    with pytest.raises(NotMapped, match="multiplier"):
        separating = _obligation("separating-token")
        psd_certificate(separating["goal"], separating["witness"])


def test_coqc_checks_the_certificate_and_rejects_a_dropped_hypothesis(tmp_path: Path) -> None:
    """The committed obligation is checked; without 0 <= g (the statement is then false) coqc rejects it."""
    coqc = need_coqc()
    item = _obligation("common-range")
    translation = Translation("test.claim", "certified")
    translation.items.append(_one(1, {"name": "true", "kind": "psd_certificate"}, item["goal"], item["witness"]))
    forged = _one(2, {"name": "forged", "kind": "psd_certificate"}, item["goal"], item["witness"])
    forged.text = forged.text.replace("    0 <= g ->\n", "    0 <= 1 ->\n")
    assert "0 <= 1 ->" in forged.text
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {"true": "checked", "forged": "failed"}
