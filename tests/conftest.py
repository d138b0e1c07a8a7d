"""Shared fixtures: the repository root and a fresh certificate per claim."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture
def cert_of():
    """Build a fresh certificate (as parsed JSON) for a claim id."""
    from verify.certificate import certificate_bytes
    from verify.registry import get_claim

    def build(claim_id: str) -> dict:
        return json.loads(certificate_bytes(get_claim(claim_id).build()))

    return build


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001
    """After the run: how many certificate mutations were tried and how many survived (tests/test_mutation.py)."""
    module = sys.modules.get("test_mutation") or sys.modules.get("tests.test_mutation")
    tally = getattr(module, "TALLY", None)
    if tally:
        tried = sum(t for t, _, _ in tally.values())
        survived = sum(s for _, s, _ in tally.values())
        allowed = sum(a for _, _, a in tally.values())
        terminalreporter.write_line(
            f"mutation test: {tried} mutations of {len(tally)} certificates tried, {survived} survived "
            f"({allowed} explained by the allowlist, {survived - allowed} unexplained)"
        )
