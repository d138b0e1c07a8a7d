"""Shared helpers of the Coq tests: skip without coqc unless VERIFY_REQUIRE_COQ=1, and run one translation."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from verify.coq.runner import coqc_path

ROOT = Path(__file__).resolve().parent.parent
CERTS = ROOT / "certs"


def need_coqc() -> str:
    """The coqc path, or skip the test (fail instead when VERIFY_REQUIRE_COQ=1)."""
    coqc = coqc_path()
    if coqc is None:
        how = "apt-get install coq libcoq-interval libcoq-bignums"
        if os.environ.get("VERIFY_REQUIRE_COQ") == "1":
            pytest.fail(f"VERIFY_REQUIRE_COQ=1 but coqc is not installed ({how})")
        pytest.skip(f"coqc is not installed ({how})")
    return coqc


def load(name: str) -> dict:
    """A committed certificate as a dictionary."""
    return json.loads((CERTS / name).read_text(encoding="utf-8"))


def run_goals(tmp_path: Path, items: list[tuple[str, str, dict, dict | None]]) -> dict[str, str]:
    """Translate (name, kind, goal, witness) items into one file, run coqc, and return name -> status."""
    from verify.coq.runner import check_translation
    from verify.coq.translate import Translation, _one

    coqc = need_coqc()
    translation = Translation("test.claim", "certified")
    for index, (name, kind, goal, witness) in enumerate(items, start=1):
        translation.items.append(_one(index, {"name": name, "kind": kind}, goal, witness))
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    return {o.name: o.status for o in result.obligations}
