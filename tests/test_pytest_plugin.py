"""The pytest plugin (verify/pytest_plugin.py, entry point pytest11) in a scratch project of its own."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from helpers_cli import ROOT


@pytest.fixture
def project(tmp_path):
    """A scratch project with its own pytest.ini and one test of its own."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_own.py").write_text("def test_own():\n    assert 1 + 1 == 2\n")
    return tmp_path


def _pytest(project, *args: str) -> subprocess.CompletedProcess:
    """pytest run inside the scratch project."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", *args]
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=300)


def test_claims_run_as_test_items_next_to_the_projects_own_tests(project):
    out = _pytest(project, "--verify-claims=thm4.2.eq*", f"--verify-baseline={ROOT / 'certs'}")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3 passed" in out.stdout
    assert "PASSED verify-claims::thm4.2.eq4" in out.stdout and "PASSED verify-claims::thm4.2.eq5" in out.stdout


def test_a_claim_that_differs_from_the_baseline_fails_with_its_message(project):
    baseline = project / "baseline"
    baseline.mkdir()
    shutil.copy(ROOT / "certs" / "thm4.2.eq5.json", baseline)
    data = json.loads((baseline / "thm4.2.eq5.json").read_text())
    data["verdict"] = "refuted"
    (baseline / "thm4.2.eq5.json").write_text(json.dumps(data))
    out = _pytest(project, "--verify-claims=thm4.2.eq5", f"--verify-baseline={baseline}")
    assert out.returncode == 1
    assert "thm4.2.eq5: regression against" in out.stdout and "verdict refuted -> certified" in out.stdout
    assert "Traceback" not in out.stdout


def test_a_pattern_that_matches_no_claim_is_an_error_not_a_pass(project):
    out = _pytest(project, "--verify-claims=thm99*")
    assert out.returncode != 0 and "no registered claim matches" in out.stdout


def test_without_the_option_the_plugin_adds_nothing(project):
    out = _pytest(project)
    assert out.returncode == 0 and "1 passed" in out.stdout and "verify-claims" not in out.stdout


@pytest.mark.parametrize("given", ["missing-folder", ""])
def test_a_baseline_that_is_not_a_folder_is_a_usage_error_before_any_item_runs(project, given):
    out = _pytest(project, "--verify-claims=thm4.2.eq5", f"--verify-baseline={given}")
    assert out.returncode == pytest.ExitCode.USAGE_ERROR, out.stdout + out.stderr
    assert f"--verify-baseline {given}" in out.stderr and "expected a folder" in out.stderr
    assert "passed" not in out.stdout and "failed" not in out.stdout


def test_a_refuted_claim_is_reported_as_refuted_as_registered_with_its_values_not_as_passed(project):
    out = _pytest(project, "-vv", "--verify-claims=thm5.1.logits-other*", f"--verify-baseline={ROOT / 'certs'}")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "verify-claims::thm5.1.logits-other REFUTED (as registered)" in out.stdout
    assert "verify-claims::thm5.1.logits-other.corrected PASSED" in out.stdout
    assert "PASSED verify-claims::thm5.1.logits-other\n" not in out.stdout
    assert "2 passed, 1 refuted" in out.stdout.splitlines()[-1]  # the project's own test and the correction
    line = "thm5.1.logits-other: counterexample logit-i-zero at u = 1, wk = 1, wq = 1: left = 1, right = 0; "
    assert line + "corrected claim: thm5.1.logits-other.corrected" in out.stdout


def test_a_claim_whose_verdict_differs_from_the_registered_one_fails(project):
    # the registry is changed (in the scratch project only) to say the claim holds; the kernel still accepts
    # the refutation, so only the comparison with the registered verdict can catch it
    (project / "conftest.py").write_text(
        "import verify.kernel as kernel\n"
        "real = kernel.statements\n"
        "def fake():\n"
        "    table = dict(real())\n"
        "    spec = dict(table['thm5.1.logits-other'])\n"
        "    spec['certified'] = spec.pop('refuted')\n"
        "    table['thm5.1.logits-other'] = spec\n"
        "    return table\n"
        "kernel.statements = fake\n"
    )
    out = _pytest(project, "--verify-claims=thm5.1.logits-other")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "verdict refuted, but the registered verdict is certified" in out.stdout
