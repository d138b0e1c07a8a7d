"""`verify check` (verify/cli/check.py): folders compared with the registry, figures, baselines, odd inputs."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from helpers_cli import CHEAP, ROOT

from verify.cli import main
from verify.kernel import statements


def _copy(folder, ids):
    """A folder holding the committed certificates of ids."""
    folder.mkdir(parents=True, exist_ok=True)
    for claim_id in ids:
        shutil.copy(ROOT / "certs" / f"{claim_id}.json", folder)
    return folder


def test_a_folder_missing_registered_claims_names_them_and_fails(tmp_path, capsys):
    folder = _copy(tmp_path / "c", CHEAP)
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert f"MISSING     thm4.2.step4.v0 (no certificate in {folder}; --partial accepts this)" in out
    missing = len(statements()) - len(CHEAP)  # every registered claim but the six copied
    assert out.strip().splitlines()[-1] == f"verify check: 6 valid, 0 invalid, 0 unreadable, {missing} missing"
    assert main(["check", str(folder), "--partial"]) == 0


# The committed folder itself (complete, valid, figures matching) is checked once, by
# tests/test_regression.py::test_kernel_accepts_every_committed_certificate.


def test_a_figure_that_differs_from_its_recorded_hash_fails_the_check(tmp_path, capsys):
    folder = _copy(tmp_path / "c", ["exp.fig4"])
    (folder / "figures").mkdir()
    shutil.copy(ROOT / "certs" / "figures" / "exp.fig4.png", folder / "figures")
    assert main(["check", str(folder), "--partial"]) == 0
    capsys.readouterr()
    (folder / "figures" / "exp.fig4.json").write_text("{}")  # numbers that the certificate does not record
    assert main(["check", str(folder), "--partial", "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["error"] == "1 figure mismatches" and len(payload["figures"]["checked"]) == 2
    assert "differs from numbers_sha256" in payload["figures"]["mismatches"][0]
    assert main(["check", str(folder), "--partial"]) == 1
    assert "FIGURE      " in capsys.readouterr().out


def test_an_empty_folder_says_why_it_is_bad_input(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == 2
    assert (
        capsys.readouterr().err.strip()
        == f"verify check: {tmp_path}: no certificate files (*.json) in this folder; expected certificates"
    )  # noqa: E501


def test_a_symlink_loop_is_named_as_such(tmp_path, capsys):
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    assert main(["check", str(tmp_path / "a.json")]) == 2
    assert "Too many levels of symbolic links" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["device", "fifo", "huge"])
def test_odd_files_are_refused_without_reading_them(tmp_path, capsys, kind):
    if kind == "device":
        path = "/dev/zero"
    elif kind == "fifo":
        path = str(tmp_path / "pipe.json")
        os.mkfifo(path)
    else:
        path = str(tmp_path / "huge.json")
        with open(path, "wb") as handle:
            handle.truncate(65 * 1024 * 1024)  # sparse: its size is checked, it is never read
    assert main(["check", path]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"verify check: {path}") and err.count("\n") == 1, err
    assert "not a regular file" in err or "more than the bound" in err
    assert out.strip().splitlines()[-1] == "verify check: 0 valid, 0 invalid, 1 unreadable"


def test_baseline_comparison_reports_a_changed_certificate(tmp_path, capsys):
    folder = _copy(tmp_path / "c", ["thm4.2", "thm4.2.eq5"])
    baseline = _copy(tmp_path / "b", ["thm4.2", "thm4.2.eq5"])
    data = json.loads((baseline / "thm4.2.eq5.json").read_text())
    data["verdict"] = "refuted"
    (baseline / "thm4.2.eq5.json").write_text(json.dumps(data))
    assert main(["check", str(folder), "--partial", "--baseline", str(baseline)]) == 1
    assert "REGRESSION  thm4.2.eq5: verdict refuted -> certified" in capsys.readouterr().out


def test_json_gives_a_refuted_certificate_both_sides_at_its_counterexample_and_its_corrected_claim(capsys):
    assert main(["check", str(ROOT / "certs" / "thm5.1.logits-other.json"), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["results"]
    assert row["refutation"]["corrected"] == "thm5.1.logits-other.corrected"
    (values,) = row["refutation"]["counterexamples"]
    assert (values["lhs"], values["op"], values["rhs"], values["point"]) == (
        "1",
        "==",
        "0",
        {"u": "1", "wk": "1", "wq": "1"},
    )


def test_text_output_survives_any_file_name_and_keeps_the_other_results(tmp_path):
    from helpers_cli import verify

    folder = _copy(tmp_path / "c", ["thm4.2", "thm4.2.eq5"])
    os.rename(folder / "thm4.2.eq5.json", os.fsencode(folder) + b"/eq5-\xff\x1b[2J.json")  # undecodable, escape
    (folder / "bad.json").write_bytes(b'{"claim": "x\\ud800"}')
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # strict: a lone surrogate cannot be encoded
    done = verify("check", "--partial", str(folder), env=env)
    assert "internal error" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("ok ") and "eq5-\\udcff\\x1b[2J.json  (thm4.2.eq5," in line for line in lines)
    assert any(line.startswith("ok ") and "thm4.2.json" in line for line in lines)
    assert any("found the string 'x\\ud800', expected ASCII characters only" in line for line in lines)
    assert lines[-1] == "verify check: 2 valid, 1 invalid, 0 unreadable" and done.returncode == 1


def test_work_budget_accepts_a_larger_allowance_and_refuses_one_outside_its_range(capsys):
    cert = str(ROOT / "certs" / "thm4.2.eq5.json")
    assert main(["check", cert, "--work-budget", "200,000,000"]) == 0
    assert main(["check", cert, "--work-budget", "5"]) == 2
    assert "expected 4,000,000 to 200,000,000 units, got 5" in capsys.readouterr().err
