"""The command line as a user and CI see it: tables, the verdict line, exit codes, baselines."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
THM42 = ["thm4.2.step1", "thm4.2.step2", "thm4.2.eq4", "thm4.2.eq5", "thm4.2", "rem4.3"]


def verify(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run `python -m verify ARGS` and capture its output."""
    return subprocess.run([sys.executable, "-m", "verify", *args], cwd=cwd, capture_output=True, text=True)


def test_run_prints_table_and_verdict_line_and_exits_zero(tmp_path):
    out = verify("run", *THM42, "--out", str(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == "verify: 6 certified, 0 refuted, 0 invalid, 0 errors"
    assert "thm4.2.eq5" in out.stdout and "[6/6]" in out.stderr
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted(f"{i}.json" for i in THM42)


def test_two_runs_give_byte_identical_certificates(tmp_path, verify_all):
    second = tmp_path / "b"  # the first run is the session's `verify all` (tests/conftest.py)
    assert verify("run", *THM42, "--out", str(second), "--quiet").returncode == 0
    for claim_id in THM42:
        assert (verify_all.out / f"{claim_id}.json").read_bytes() == (second / f"{claim_id}.json").read_bytes()


def test_run_unknown_id_is_bad_usage():
    out = verify("run", "thm99")
    assert out.returncode == 2 and "unknown claim ids ['thm99']" in out.stderr


def test_list_shows_ids_and_references():
    out = verify("list")
    assert out.returncode == 0 and "thm4.2.eq5" in out.stdout and "eq. (5)" in out.stdout


def test_check_accepts_committed_certificates():
    out = verify("check", *[f"certs/{i}.json" for i in THM42])
    assert out.returncode == 0, out.stdout
    assert out.stdout.strip().splitlines()[-1] == "verify check: 6 valid, 0 invalid, 0 unreadable"


def test_check_rejects_an_edited_number_naming_the_obligation(tmp_path):
    edited = tmp_path / "thm4.2.eq5.json"
    text = (ROOT / "certs" / "thm4.2.eq5.json").read_text()
    edited.write_text(text.replace('["-1",[0,1,0,1]]', '["-2",[0,1,0,1]]', 1))
    out = verify("check", str(edited))
    assert out.returncode == 1
    assert "obligation 'lower-bound'" in out.stdout


def test_check_missing_path_and_non_json_are_unreadable(tmp_path):
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json at all")
    out = verify("check", str(garbage), str(tmp_path / "absent.json"))
    assert out.returncode == 2
    assert "not valid JSON" in out.stderr and "No such file" in out.stderr  # bad input: stderr, one line each
    assert "not valid JSON" not in out.stdout and len(out.stderr.strip().splitlines()) == 2


def test_json_output_is_machine_readable(tmp_path):
    out = verify("run", "thm4.2", "--out", str(tmp_path), "--json", "--quiet")
    payload = json.loads(out.stdout)
    assert payload["summary"]["certified"] == 1
    assert payload["results"][0]["claim"] == "thm4.2" and payload["results"][0]["status"] == "certified"


def test_baseline_regression_is_detected_and_fails(tmp_path):
    baseline = tmp_path / "baseline"
    shutil.copytree(ROOT / "certs", baseline, ignore=shutil.ignore_patterns("*.tmp"))
    data = json.loads((baseline / "thm4.2.eq5.json").read_text())
    data["verdict"] = "refuted"
    (baseline / "thm4.2.eq5.json").write_text(json.dumps(data))
    out = verify("run", "thm4.2.eq5", "thm4.2", "--out", str(tmp_path / "out"), "--baseline", str(baseline))
    assert out.returncode == 1
    assert "REGRESSION thm4.2.eq5: verdict refuted -> certified" in out.stdout
    assert "1 unchanged, 1 changed, 0 new" in out.stdout


def test_no_half_written_files_are_left_behind(tmp_path):
    verify("run", *THM42, "--out", str(tmp_path), "--quiet")
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*"))


@pytest.mark.parametrize("args", [[], ["frobnicate"], ["run"]])
def test_bad_usage_exits_two(args):
    assert verify(*args).returncode == 2
