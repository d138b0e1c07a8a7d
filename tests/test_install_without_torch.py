"""A fresh `pip install .` without torch (a scratch venv): `verify all` skips the torch claims and exits 0."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers_cli import ROOT


@pytest.mark.slow
def test_verify_all_in_a_fresh_install_without_torch_exits_zero(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run([venv / "bin" / "pip", "install", "-q", str(ROOT)], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr[-3000:]
    python = str(venv / "bin" / "python")
    assert subprocess.run([python, "-c", "import torch"], capture_output=True).returncode != 0
    out = subprocess.run(
        [python, "-m", "verify", "all", "--out", str(tmp_path / "certs"), "--quiet", "--jobs", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1].endswith(", 0 invalid, 0 errors, 2 skipped")
    assert "  exp.fig3: skipped (needs torch: pip install '.[torch]')" in out.stdout
    check = subprocess.run([python, "-m", "verify", "check", str(tmp_path / "certs"), "--partial"], capture_output=True)
    assert check.returncode == 0
