"""SSM files for `verify heads` and `verify modes` (verify/cli/heads.py, modes.py): one reading rule, no data loss.

Kept apart from test_cli_heads.py / test_cli_modes.py so that parallel edits of those files merge cleanly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_cli import ROOT

from verify.cli import main
from verify.kernel import check_file

EXAMPLE = ROOT / "examples" / "ssm-jordan-rotation.json"
BIG = "7" * 4000  # an integer the reader accepts, whose products the kernel's 4000-digit bound does not


def _write(tmp_path: Path, text: str, name: str = "ssm.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"A": [["1"]], "A": [["2"]], "B": [["1"]], "C": [["1"]]}', "the key 'A' appears twice in one object"),
        ('{"A": [["\u0661/2"]], "B": [["1"]], "C": [["1"]]}', "field A[0][0]: found the non-ASCII character '\u0661'"),
        ('{"A": [[1' + "0" * 5000 + ']], "B": [["1"]], "C": [["1"]]}', "field A[0][0]: an integer with 5001 digits"),
        (
            '{"A": [["1"]], "B": [["1"]], "C": [["1"]], "n": 1' + "0" * 5000 + "}",
            "field n: an integer with 5001 digits",
        ),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
@pytest.mark.parametrize("command", ["heads", "modes"])
def test_a_bad_ssm_file_is_one_line_naming_it_and_exit_two(tmp_path, capsys, command, text, message):
    path = _write(tmp_path, text)
    assert main([command, "--ssm", str(path), "--out", str(tmp_path / "out")]) == 2
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"verify {command}: {path}") and message in line, line
    assert "int_max_str_digits" not in line and not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["heads", "modes"])
def test_a_device_is_refused_at_once(tmp_path, capsys, command):
    assert main([command, "--ssm", "/dev/zero", "--out", str(tmp_path / "out")]) == 2  # refused by type, unread
    assert "not a regular file" in _one_line(capsys.readouterr().err)


def test_entries_too_large_for_the_kernel_are_bad_input_and_nothing_is_written(tmp_path, capsys):
    path = _write(tmp_path, json.dumps({"A": [[BIG, "1"], ["0", BIG]], "B": [["1"], ["1"]], "C": [["1", "1"]]}))
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out")]) == 2
    message = _one_line(capsys.readouterr().err)
    assert ("grow past" in message or "exceeds the kernel's bounds" in message) and not (tmp_path / "out").exists()


def test_a_failed_modes_run_keeps_the_valid_certificates_already_in_the_folder(tmp_path, capsys):
    out = tmp_path / "D"
    assert main(["modes", "--ssm", str(EXAMPLE), "--out", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    # appA.ssm, appA.ssm.features, review.blockdiag.ssm, review.blockdiag.criterion.ssm, .realization.ssm
    assert len(before) == 5
    path = _write(tmp_path, json.dumps({"A": [[BIG, "1"], ["0", BIG]], "B": [["1"], ["1"]], "C": [["1", "1"]]}))
    capsys.readouterr()
    assert main(["modes", "--ssm", str(path), "--out", str(out)]) == 2
    assert "exceeds the kernel's bounds" in _one_line(capsys.readouterr().err)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert all(check_file(p).valid for p in out.iterdir())


def test_one_rule_for_complex_entries_heads_accepts_them_modes_names_the_first(tmp_path, capsys):
    path = _write(
        tmp_path, json.dumps({"A": [["1/2", "0"], ["0", "1/3+1/4*i"]], "B": [["1"], ["1"]], "C": [["1", "1"]]})
    )
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "h"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["field"] == "QQ(i)"
    assert main(["modes", "--ssm", str(path), "--out", str(tmp_path / "m")]) == 2
    line = _one_line(capsys.readouterr().err)
    assert f"{path}: field A[1][1]: found the non-real entry '1/3+1/4*i'" in line and "Gaussian rationals" in line


@pytest.mark.parametrize("command", ["heads", "modes"])
def test_json_on_failure_is_one_document_with_the_error(tmp_path, capsys, command):
    path = _write(tmp_path, '{"A": [[0.5]], "B": [["1"]], "C": [["1"]]}')
    assert main([command, "--ssm", str(path), "--out", str(tmp_path / "o"), "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["command"] == command and "found the float 0.5" in payload["error"]


@pytest.mark.parametrize("command", ["heads", "modes"])
def test_an_output_path_below_a_file_is_refused_before_any_work(tmp_path, capsys, command):
    (tmp_path / "f").write_text("")
    assert main([command, "--ssm", str(EXAMPLE), "--out", str(tmp_path / "f" / "sub")]) == 2
    assert "is not a folder" in _one_line(capsys.readouterr().err)
