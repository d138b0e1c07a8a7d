"""verify/coq/prelude.py: the shared definitions compile, and assume nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

from coq_helpers import need_coqc

from verify.coq.prelude import ALLOWED_AXIOMS, prelude


def test_prelude_declares_no_axiom_and_imports_interval_only_when_asked() -> None:
    """No Axiom, Parameter, Admitted or admit; Interval is loaded only for goals that need it."""
    for text in (prelude(False), prelude(True)):
        for word in ("Axiom", "Parameter", "Admitted", "admit", "Conjecture", "Hypothesis"):
            assert word not in text
    assert "Interval" in prelude(True) and "Interval" not in prelude(False)
    assert all(name.split(".")[0][0].isupper() for name in ALLOWED_AXIOMS)


def test_prelude_compiles_and_computes(tmp_path: Path) -> None:
    """The definitions mean what they say on small cases (decided by vm_compute)."""
    coqc = need_coqc()
    checks = """
Local Open Scope Q_scope.
Example e1 : Meq (Mmul [[1; 2]; [3; 4]] [[0; 1]; [1; 0]]) [[2; 1]; [4; 3]] = true. Proof. decide_closed. Qed.
Example e2 : Meq (Mpow [[0; -1]; [1; 0]] 2) (Mscale (-1) (Meye 2)) = true. Proof. decide_closed. Qed.
Example e3 : Meq (Mtr [[1; 2; 3]]) [[1]; [2]; [3]] = true. Proof. decide_closed. Qed.
Example e4 : Meq [[1; 2]] [[1; 2; 3]] = false. Proof. reflexivity. Qed.
Example e5 : block_diagonal [1%nat; 2%nat] [[1; 0; 0]; [0; 1; 2]; [0; 3; 4]] = true. Proof. reflexivity. Qed.
Example e6 : block_diagonal [1%nat; 2%nat] [[1; 5; 0]; [0; 1; 2]; [0; 3; 4]] = false. Proof. reflexivity. Qed.
Example e7 : frob2 [[1; -2]] == 5 /\\ rowsum [[1; -2]; [1; 1]] == 3 /\\ log2_up 5 == 3. Proof. decide_closed. Qed.
"""
    path = tmp_path / "prelude_check.v"
    path.write_text(prelude(False) + checks, encoding="utf-8")
    done = subprocess.run([coqc, "-q", path.name], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
