"""Start-up without SymPy (issue 25): a certificate's provenance names SymPy's ground types without importing SymPy,
and the weight-file path of `verify heads` runs without it; both say exactly what SymPy itself says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("setting", [None, "flint", "python", "nonsense"])
def test_ground_types_without_sympy_are_what_sympy_decides(setting):
    # ground_types() is computed first (SymPy not loaded), then SymPy is imported and asked: they must agree
    code = (
        "import json, sys\nfrom verify.certificate import ground_types\nmine = ground_types()\n"
        "loaded = 'sympy' in sys.modules\nfrom sympy.external.gmpy import GROUND_TYPES\n"
        "print(json.dumps([mine, GROUND_TYPES, loaded]))"
    )
    env = {k: v for k, v in os.environ.items() if k != "SYMPY_GROUND_TYPES"}
    if setting is not None:
        env["SYMPY_GROUND_TYPES"] = setting
    out = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    mine, sympy_says, loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert mine == sympy_says
    if sympy_says == "flint" and setting in (None, "auto", "flint"):
        assert not loaded  # the common case is answered without importing SymPy


def test_heads_on_a_weight_file_imports_no_sympy(tmp_path):
    code = (
        "import sys\nfrom verify.cli import main\n"
        f"code = main(['heads', '--ssm', {str(ROOT / 'examples/weights/s4d-inv.npz')!r}, '--out', {str(tmp_path)!r}, "
        "'--quiet', '--json'])\nprint(code, 'sympy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "0 False"
