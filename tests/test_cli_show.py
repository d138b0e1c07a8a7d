"""`python -m verify show ID` (verify/cli/show.py): one certificate, readable in the terminal."""

from __future__ import annotations

import shutil
from pathlib import Path

from verify.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_show_prints_statement_verdict_kernel_recheck_and_each_obligation(capsys):
    assert main(["show", "thm4.2", "--certs", str(ROOT / "certs")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("thm4.2  [certified]")
    assert "kernel re-check: valid" in out and "statement:" in out and "file sha256: sha256:" in out
    assert "obligation uniform-bound (sum_of_squares)" in out
    assert "sum of squares:" in out and ")^2" in out  # the decomposition, not raw JSON
    assert '"terms"' not in out


def test_show_prints_matrices_as_aligned_rows(capsys):
    assert main(["show", "thm4.2.step1", "--certs", str(ROOT / "certs")]) == 0
    assert "[ 0  -1 ]" in capsys.readouterr().out


def test_show_accepts_a_file_path_and_exits_one_for_a_rejected_certificate(tmp_path, capsys):
    path = tmp_path / "thm4.2.json"
    shutil.copy(ROOT / "certs" / "thm4.2.json", path)
    path.write_text(path.read_text().replace('"certified"', '"refuted"', 1))
    assert main(["show", str(path)]) == 1
    out = capsys.readouterr().out
    assert "[invalid]" in out and "kernel re-check: INVALID" in out


def test_show_names_the_missing_certificate_and_exits_two(tmp_path, capsys):
    assert main(["show", "no.such.claim", "--certs", str(tmp_path)]) == 2
    assert "no.such.claim.json: no such certificate" in capsys.readouterr().err


def test_a_refuted_claim_shows_both_sides_at_its_counterexample_and_names_its_correction(capsys):
    assert main(["show", "sec3.2.rnn-jacobian.eq1", "--certs", str(ROOT / "certs")]) == 0
    out = capsys.readouterr().out
    exact = "counterexample polynomial-eq1 at U = 1, x1 = 1:\n    left = 3, right = 2; the claimed left = right fails"
    assert exact in out
    assert "left ≈ 0.419974341614026, right ≈ 0.761594155955765" in out  # tanh: ball arithmetic, 15 digits
    assert "corrected claim: sec3.2.rnn-jacobian.eq1.corrected" in out


def test_show_prints_formulas_without_redundant_parentheses_and_wraps_long_ones(capsys):
    assert main(["show", "thm5.1.eq14", "--certs", str(ROOT / "certs")]) == 0
    out = capsys.readouterr().out
    assert "(((" not in out and "exp(wq*u*wk*u)" in out
    assert max(len(line) for line in out.splitlines() if not line.startswith("  latex:")) <= 130


def test_show_puts_the_registered_formal_goal_beside_the_words(capsys):
    assert main(["show", "thm4.4.stall", "--certs", str(ROOT / "certs")]) == 0
    out = capsys.readouterr().out
    statement, formal, why = out.index("statement:"), out.index("formal statement (registered"), out.index("why the")
    assert statement < formal < why
    assert "  condition7 (ssm_condition7): A = 3x3 matrix, B = 3x1 matrix, C = 2x3 matrix, k = 2, n_min = 3" in out


def test_show_prints_the_trust_footprint_of_a_table1_claim(capsys):
    assert main(["show", "tab1.ssm.memory", "--certs", str(ROOT / "certs")]) == 0
    out = capsys.readouterr().out
    trusted = [line for line in out.splitlines() if line.startswith("trusted: ")]
    assert len(trusted) == 1 and "theories costs)" in trusted[0]
    assert "  verify/kernel/theories/costs/kind_cost.py " in out
    assert "verify/kernel/theories/modes/" not in out
