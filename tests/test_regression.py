"""Proof regression: every committed certificate is reproduced (exact ones byte for byte apart from provenance,
measured ones by verdict and bound), the kernel accepts certs/, and a run over the checkout leaves it unchanged.

This is the check CI relies on: a change that alters any verdict, goal or witness of an exact certificate fails here.
The build is the session's one `verify all` (tests/conftest.py, fixture verify_all).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file under folder (relative path -> bytes)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_verify_all_reproduces_the_committed_baseline(verify_all):
    out = verify_all.process
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 invalid, 0 errors" in out.stdout.splitlines()[-1]
    assert "0 changed, 0 new" in out.stdout


def test_verify_all_writes_nothing_into_the_checkout(verify_all):
    assert verify_all.committed_after == verify_all.committed_before
    assert sorted(p.name for p in verify_all.out.glob("*.json")) == sorted(
        p.name for p in (ROOT / "certs").glob("*.json")
    )


def test_writing_the_run_over_a_copy_of_the_committed_folder_changes_no_file(verify_all, tmp_path):
    """What `verify all` with the default --out does to a checkout, replayed from the session's build: every
    certificate agrees with the committed one, so every committed file is kept byte for byte (git status clean)."""
    from helpers_cli import outcome_from_run

    from verify.runner import write_outcome

    copy = tmp_path / "certs"
    shutil.copytree(ROOT / "certs", copy)
    for path in sorted(verify_all.out.glob("*.json")):
        write_outcome(outcome_from_run(verify_all.out, path.stem), copy, copy / "figures")
    assert _tree(copy) == _tree(ROOT / "certs")


@pytest.mark.slow
def test_verify_all_with_the_default_output_leaves_a_checkout_clean(tmp_path):
    """End to end: a copy of the checkout's certs/ (the default --out), `verify all` run over it, unchanged."""
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "certs", checkout / "certs")
    command = [sys.executable, "-m", "verify", "all", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(command, cwd=checkout, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert _tree(checkout / "certs") == _tree(ROOT / "certs")


def test_kernel_accepts_every_committed_certificate():
    out = subprocess.run([sys.executable, "-m", "verify", "check", "certs"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:]
