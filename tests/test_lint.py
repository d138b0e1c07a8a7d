"""Habits the suite enforces: ruff (lint, format), mypy --strict on the kernel, mypy on the rest (issue 20, item 4)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff() -> str:
    """The ruff executable next to this Python, or on PATH; skip when ruff is not installed."""
    here = Path(sys.executable).with_name("ruff")
    found = str(here) if here.exists() else shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed (pip install ruff)")
    return found


def test_ruff_check_is_clean():
    done = subprocess.run([_ruff(), "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_mypy_on_the_rest_is_clean(tmp_path):
    # mypy at the default level, one run over verify/ (less the kernel, checked --strict below), constructions/ and
    # numeric/ (issue 20, item 4); settings in pyproject.toml's [tool.mypy]. About 20 s of CPU from a cold cache.
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    command = [sys.executable, "-m", "mypy", "--follow-imports=silent", "--cache-dir", str(tmp_path)]
    command += ["--exclude", "^verify/kernel/", "verify", "constructions", "numeric"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "Success" in done.stdout, done.stdout[-5000:] + done.stderr[-2000:]


def test_ruff_format_is_clean():
    done = subprocess.run([_ruff(), "format", "--check", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_mypy_strict_on_the_whole_kernel_finds_no_error(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path)]
    done = subprocess.run([*command, "verify/kernel"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, done.stdout[-5000:] + done.stderr[-2000:]
