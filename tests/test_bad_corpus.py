"""The known-bad corpus: each tampered certificate is rejected with its specific message.

The files are made by tests/data/make_bad_corpus.py from the committed Theorem 4.2 certificates.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from verify.kernel import check_file

DATA = Path(__file__).parent / "data"
MANIFEST = json.loads((DATA / "bad-manifest.json").read_text())


def test_corpus_covers_the_tampering_kinds_the_issue_names():
    names = set(MANIFEST)
    for required in ("flipped-sign", "perturbed-goal-entry", "swapped-claim-id", "dropped-obligation", "float-entry"):
        assert f"{required}.json" in names
    assert "python-code.json" in names


@pytest.mark.parametrize("name", sorted(MANIFEST), ids=lambda n: n.removesuffix(".json"))
def test_bad_certificate_is_rejected_with_its_message(name):
    result = check_file(DATA / "bad" / name)
    assert not result.valid
    assert any(MANIFEST[name]["expect"] in message for message in result.errors), result.errors


def test_python_code_in_a_string_is_not_executed(tmp_path):
    marker = Path("/tmp/hmh_pwned")
    marker.unlink(missing_ok=True)
    check_file(DATA / "bad" / "python-code.json")
    assert not marker.exists()


def test_corpus_sources_are_valid_certificates():
    for entry in MANIFEST.values():
        if entry["from"]:
            assert check_file(DATA.parent.parent / "certs" / f"{entry['from']}.json").valid
