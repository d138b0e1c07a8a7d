"""`python -m verify heads`: a user's SSM file in, k and n_min printed, a certificate that `check` accepts out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from verify.cli import main
from verify.kernel import check_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ssm-jordan-rotation.json"


def _write(tmp_path: Path, data: object, name: str = "ssm.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def _heads(tmp_path: Path, path: Path, *extra: str) -> int:
    return main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out"), *extra])


def test_example_file_prints_k_and_n_min_and_a_certificate_that_check_accepts(tmp_path, capsys):
    assert _heads(tmp_path, EXAMPLE) == 0
    out = capsys.readouterr().out
    assert "interaction rank k = 4" in out and "n_min = 4" in out
    path = Path(out.strip().splitlines()[-1].split(": ", 1)[1])
    result = check_file(path)
    assert result.valid and result.claim == "thm4.4.heads"
    assert main(["check", str(path)]) == 0


def test_a_new_users_ssm_gets_k_and_n_min_of_an_independent_computation(tmp_path, capsys):
    # W(tau) = [2^-tau, 0; 0, 3^-tau]... written as A = diag(1/2, 1/3), B = C = I: k = 2, n_min = 2
    path = _write(tmp_path, {"A": [["1/2", "0"], ["0", "1/3"]], "B": [["1", "0"], ["0", "1"]], "C": [[1, 0], [0, 1]]})
    assert _heads(tmp_path, path, "--json", "--n", "100") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["k"], summary["n_min"], summary["n"], summary["r"]) == (2, 2, 100, 100)
    assert check_file(Path(summary["certificate"])).valid


def test_gaussian_example_uses_the_length_in_the_file(tmp_path, capsys):
    assert _heads(tmp_path, ROOT / "examples" / "ssm-gaussian.json", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["field"], summary["n"], summary["k"]) == ("QQ(i)", 16, 2)


def test_length_below_n_min_gives_a_sufficiency_certificate_and_a_note(tmp_path, capsys):
    assert _heads(tmp_path, EXAMPLE, "--n", "2") == 0
    out = capsys.readouterr().out
    assert "(7) fails at n = 2" in out and "thm4.4.sufficiency" in out
    assert check_file(Path(out.strip().splitlines()[-1].split(": ", 1)[1])).valid


def test_certificate_fails_check_when_a_coefficient_is_perturbed(tmp_path, capsys):
    assert _heads(tmp_path, EXAMPLE, "--json") == 0
    path = Path(json.loads(capsys.readouterr().out)["certificate"])
    cert = json.loads(path.read_text())
    cert["obligations"][2]["witness"]["coefficients"][1][1] = "1/3"
    path.write_text(json.dumps(cert))
    assert not check_file(path).valid
    assert main(["check", str(path)]) == 1


GOOD = {"A": [["1/2"]], "B": [["1"]], "C": [["1"]]}
BAD_FILES = [
    ({**GOOD, "A": [[0.5]]}, "field A[0][0]: found the float 0.5"),
    ({**GOOD, "B": [["one"]]}, "field B[0][0]: found 'one', expected an exact number"),
    ({**GOOD, "C": []}, "field C: expected a nonempty list of rows"),
    ({**GOOD, "C": [[]]}, "field C: every row must be a nonempty list"),
    ({"A": [["1"]], "B": [["1"]]}, "field C: missing"),
    ({**GOOD, "A": [["1", "0"]]}, "field A: shape 1x2, expected a square"),
    ({**GOOD, "B": [["1"], ["1"]]}, "field B: has 2 rows, expected m = 1"),
    ({**GOOD, "C": [["1", "2"]]}, "field C: has 2 columns, expected m = 1"),
    ({**GOOD, "A": [["1", "0"], ["0"]]}, "field A[1]: has 1 entries, expected 2"),
    ({**GOOD, "n": 0}, "field n: found 0, expected an integer"),
    ({**GOOD, "n": 2.0}, "field n: found '2.0'"),
    ({**GOOD, "B": [[True]]}, "field B[0][0]: found bool True"),
    ({**GOOD, "D": [["1"]]}, "unknown fields ['D']"),
    ({**GOOD, "A": [["1/0"]]}, "field A[0][0]: zero denominator"),
    ({**GOOD, "A": [["1" * 5000]]}, "field A[0][0]: a number with more than 4000 digits"),
    ([1, 2], "expected a JSON object with fields A, B, C"),
    ('{"A": [["1"]], "B": [["1"]], "C": [["1"]]', "not valid JSON"),
    ('{"A": [[NaN]], "B": [["1"]], "C": [["1"]]}', "found the float NaN"),
]


@pytest.mark.parametrize(("data", "message"), BAD_FILES, ids=[m for _, m in BAD_FILES])
def test_bad_file_exits_2_with_a_message_naming_the_file_and_field(tmp_path, capsys, data, message):
    path = _write(tmp_path, data)
    assert _heads(tmp_path, path) == 2
    err = capsys.readouterr().err
    assert str(path) in err and message in err
    assert not (tmp_path / "out").exists()


def test_missing_file_exits_2(tmp_path, capsys):
    assert _heads(tmp_path, tmp_path / "absent.json") == 2
    assert "absent.json: cannot read" in capsys.readouterr().err


def test_bad_length_option_exits_2(tmp_path, capsys):
    assert _heads(tmp_path, EXAMPLE, "--n", "-3") == 2
    assert "--n: found -3" in capsys.readouterr().err


def test_a_real_users_ssm_also_gets_the_block_diagonal_real_form(tmp_path, capsys):
    path = _write(tmp_path, {"A": [["0", "-2"], ["1", "0"]], "B": [["1"], ["0"]], "C": [["1", "1"]]})
    assert _heads(tmp_path, path, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["blockdiag"].startswith("certified, ")
    block = check_file(Path(summary["blockdiag"].split(", ", 1)[1]))
    assert block.valid and block.claim == "review.blockdiag.ssm"
    assert summary["criterion"].startswith("realizable (minimal polynomial of W of degree 2), certified, ")
    criterion = check_file(Path(summary["criterion"].rsplit(", ", 1)[1]))
    assert criterion.valid and criterion.claim == "review.blockdiag.criterion.ssm"


def test_a_jordan_block_seen_by_the_response_is_an_obstruction_and_an_unseen_one_is_not(tmp_path, capsys):
    a = [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]]
    seen = _write(tmp_path, {"A": a, "B": [["0"], ["0"], ["1"]], "C": [["1", "0", "0"]]})
    assert _heads(tmp_path, seen, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["criterion"].startswith("obstructed: a root of multiplicity >= 3")
    assert summary["realization"].startswith("not constructed: the criterion's verdict is 'obstructed")
    unseen = _write(tmp_path, {"A": a, "B": [["1"], ["0"], ["0"]], "C": [["1", "1", "1"]]})
    assert _heads(tmp_path, unseen, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["criterion"].startswith("realizable (minimal polynomial of W of degree 1)")
    assert summary["blockdiag"].startswith("not certified")  # A itself has a Jordan block of size 3
    # the block form of the response: one 1x1 block, kernel-checked and written
    assert summary["realization"].startswith("certified, state size 1, D' = diag([[1/2]]) (minimal")
    realization = check_file(Path(summary["realization"].rsplit(", ", 1)[1]))
    assert realization.valid and realization.claim == "review.blockdiag.realization.ssm"


def test_a_complex_ssm_is_not_put_in_real_block_form(tmp_path, capsys):
    assert _heads(tmp_path, ROOT / "examples" / "ssm-gaussian.json", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["blockdiag"].startswith("not attempted") and summary["criterion"].startswith("not attempted")
    assert summary["realization"].startswith("not attempted")
