"""Shared fixtures: the repository root and a fresh certificate per claim."""

from __future__ import annotations

import json
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
