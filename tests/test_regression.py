"""Proof regression: every committed certificate is reproduced exactly, and the kernel accepts certs/.

This is the check CI relies on: a change that alters any verdict, goal or witness fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_verify_all_reproduces_the_committed_baseline(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "verify", "all", "--out", str(tmp_path), "--baseline", "certs", "--quiet"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 invalid, 0 errors" in out.stdout.splitlines()[-1]
    assert "0 changed, 0 new" in out.stdout


def test_kernel_accepts_every_committed_certificate():
    out = subprocess.run([sys.executable, "-m", "verify", "check", "certs"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:]
