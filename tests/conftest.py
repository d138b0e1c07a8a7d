"""Shared fixtures: the repository root, a fresh certificate per claim, and one `verify all` per test session."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class AllRun:
    """The session's `python -m verify all --out OUT --baseline certs --junit JUNIT`, run once from the checkout."""

    process: subprocess.CompletedProcess
    out: Path  # a fresh folder: every certificate and figure of the run
    junit: Path
    committed_before: dict[str, tuple[int, str]]  # certs/ (relative path -> (mtime_ns, sha256)) before the run
    committed_after: dict[str, tuple[int, str]]  # the same after it


def _snapshot(folder: Path) -> dict[str, tuple[int, str]]:
    """Every file under folder: relative path -> (mtime_ns, sha256)."""
    return {
        str(p.relative_to(folder)): (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="session")
def verify_all(tmp_path_factory) -> AllRun:
    """One full build of every claim per test session (about a minute and a half on 2 cores), shared by the tests
    that need one: the proof regression, the figures written beside certificates, the keep-what-agrees check."""
    base = tmp_path_factory.mktemp("verify-all")
    out, junit = base / "certs", base / "junit.xml"
    before = _snapshot(ROOT / "certs")
    command = [sys.executable, "-m", "verify", "all", "--out", str(out), "--baseline", "certs", "--junit", str(junit)]
    process = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    return AllRun(process, out, junit, before, _snapshot(ROOT / "certs"))


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
