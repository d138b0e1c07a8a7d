"""Shared fixtures: the repository root, a fresh certificate per claim, and one `verify all` per test session."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
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


def _jobs() -> int:
    """Worker processes for the session's `verify all`: the machine's cores, at most 2 (under pytest-xdist the other
    test workers are usually waiting for this build, so it should use their share of the machine)."""
    return max(1, min(2, os.cpu_count() or 1))


def _run_verify_all(base: Path) -> dict:
    """Run `verify all` into base/certs once and describe the run as JSON-ready data."""
    out, junit = base / "certs", base / "junit.xml"
    before = _snapshot(ROOT / "certs")
    command = [sys.executable, "-m", "verify", "all", "--out", str(out), "--baseline", "certs", "--junit", str(junit)]
    command += ["--jobs", str(_jobs())]
    process = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    after = _snapshot(ROOT / "certs")
    return {
        "args": command,
        "returncode": process.returncode,
        "stdout": process.stdout,
        "stderr": process.stderr,
        "before": before,
        "after": after,
    }


def _as_all_run(base: Path, data: dict) -> AllRun:
    """The AllRun a recorded run describes."""
    process = subprocess.CompletedProcess(data["args"], data["returncode"], data["stdout"], data["stderr"])
    before = {k: tuple(v) for k, v in data["before"].items()}
    after = {k: tuple(v) for k, v in data["after"].items()}
    return AllRun(process, base / "certs", base / "junit.xml", before, after)


def pytest_configure(config) -> None:  # noqa: ANN001
    """On the controller (or a run without xdist): let the suite's own Python processes (xdist workers, `python -m
    verify` and pytest subprocesses, spawned build workers) keep the project's compiled bytecode, Python's default,
    even where PYTHONDONTWRITEBYTECODE is set: else each of them compiles the project again (about 0.3 s of CPU
    each, several seconds per xdist worker). The files go to __pycache__/ folders, which git ignores and the
    install test leaves out of its copy; Python re-validates each against its source's mtime and size, so this
    checks nothing less."""
    if hasattr(config, "workerinput"):
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False


@pytest.fixture(scope="session")
def verify_all(tmp_path_factory) -> AllRun:
    """One full build of every claim per test session (about a minute and a half on 2 cores), shared by the tests
    that need one: the proof regression, the figures written beside certificates, the keep-what-agrees check.

    Under pytest-xdist the workers share it: the first one to need it runs it under a file lock in the session's
    common temporary folder, the others wait for it and read its record."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        base = tmp_path_factory.mktemp("verify-all")
        return _as_all_run(base, json.loads(json.dumps(_run_verify_all(base))))
    shared = tmp_path_factory.getbasetemp().parent  # .../pytest-N, common to this session's workers
    base, record = shared / "verify-all", shared / "verify-all.json"
    with open(shared / "verify-all.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not record.exists():
            base.mkdir(exist_ok=True)
            temporary = shared / "verify-all.json.tmp"
            temporary.write_text(json.dumps(_run_verify_all(base)))
            temporary.replace(record)
    return _as_all_run(base, json.loads(record.read_text()))


@pytest.fixture(scope="session")
def coq_vocabulary(tmp_path_factory) -> Path:
    """One folder of compiled Coq vocabulary libraries per test session (verify/coq/vocabulary.py): each library is
    compiled the first time a test needs it, under the folder's file lock, and reused by every later test; under
    pytest-xdist the folder is in the session's common temporary folder, so the workers share it too."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return tmp_path_factory.mktemp("coq-vocabulary")
    shared = tmp_path_factory.getbasetemp().parent / "coq-vocabulary"  # .../pytest-N, common to the workers
    shared.mkdir(exist_ok=True)
    return shared


@pytest.fixture(autouse=True)
def _coq_tests_share_the_vocabulary(request, monkeypatch) -> None:
    """In tests/test_coq_*.py, check_translation without a vocabulary folder uses the session's one."""
    if request.module.__name__.rsplit(".", 1)[-1].startswith("test_coq"):
        monkeypatch.setattr("verify.coq.runner.DEFAULT_VOCABULARY", request.getfixturevalue("coq_vocabulary"))


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


def _mutation_tally() -> dict[str, tuple[int, int, int]]:
    """This process's mutation tally (tests/test_mutation.py): file -> (tried, survived, allowlisted)."""
    module = sys.modules.get("test_mutation") or sys.modules.get("tests.test_mutation")
    return dict(getattr(module, "TALLY", None) or {})


def pytest_sessionfinish(session) -> None:  # noqa: ANN001
    """On an xdist worker: hand the mutation tally to the controller, which prints the total."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["mutation_tally"] = json.dumps(_mutation_tally())


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:  # noqa: ANN001
    """On the xdist controller: collect a finished worker's mutation tally."""
    tally = json.loads(getattr(node, "workeroutput", {}).get("mutation_tally", "{}"))
    WORKER_TALLY.update({name: tuple(counts) for name, counts in tally.items()})


WORKER_TALLY: dict[str, tuple[int, int, int]] = {}


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001
    """After the run: how many certificate mutations were tried and how many survived (tests/test_mutation.py)."""
    tally = {**_mutation_tally(), **WORKER_TALLY}
    if tally:
        tried = sum(t for t, _, _ in tally.values())
        survived = sum(s for _, s, _ in tally.values())
        allowed = sum(a for _, _, a in tally.values())
        terminalreporter.write_line(
            f"mutation test: {tried} mutations of {len(tally)} certificates tried, {survived} survived "
            f"({allowed} explained by the allowlist, {survived - allowed} unexplained)"
        )
