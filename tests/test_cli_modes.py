"""`python -m verify modes`: certificates for a user's SSM, and exit code 2 with a clear message on bad input."""

from __future__ import annotations

import json

import pytest

from verify.cli import main


def _write(tmp_path, data: dict, name: str = "ssm.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_modes_writes_valid_certificates_for_an_invertible_ssm(tmp_path, capsys):
    ssm = {"A": [["3/5", "-4/5"], ["4/5", "3/5"]], "B": [["1"], ["0"]], "C": [["1", "1"]]}
    code = main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out"), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert sorted(r["claim"] for r in summary["certificates"]) == [
        "appA.ssm",
        "appA.ssm.features",
        "review.blockdiag.criterion.ssm",
        "review.blockdiag.realization.ssm",
        "review.blockdiag.ssm",
    ]
    assert all(r["valid"] for r in summary["certificates"])
    assert summary["criterion"]["verdict"] == "realizable"
    # (3/5 +- 4/5 i): one rotation-scaling block, the single input makes it minimal
    assert summary["realization"]["blocks"] == "diag([[3/5, -4/5], [4/5, 3/5]])"
    assert summary["realization"]["state_size"] == 2 and summary["realization"]["minimal"]


def test_modes_prints_the_block_form_when_a_larger_jordan_block_of_a_is_not_seen(tmp_path, capsys):
    a = [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]]
    ssm = {"A": a, "B": [["1"], ["0"], ["0"]], "C": [["1", "0", "0"]]}
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "1x1/2x2 realization of W: state size 1, D' = diag([[1/2]]) (minimal" in out
    assert (tmp_path / "out" / "review.blockdiag.realization.ssm.json").exists()
    ssm["B"] = [["0"], ["0"], ["1"]]  # the whole block is seen: obstructed, no realization written
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out2")]) == 0
    assert "1x1/2x2 realization of W" not in capsys.readouterr().out
    assert not (tmp_path / "out2" / "review.blockdiag.realization.ssm.json").exists()


def test_modes_prints_the_criterion_and_the_obstruction_of_a_complex_jordan_block(tmp_path, capsys):
    a = [["0", "-1", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "-1"], ["0", "0", "1", "0"]]
    ssm = {"A": a, "B": [["0"], ["0"], ["1"], ["0"]], "C": [["1", "0", "0", "0"]]}
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "1x1/2x2 criterion on W: obstructed: a non-real root of multiplicity 2" in out
    assert (tmp_path / "out" / "review.blockdiag.criterion.ssm.json").exists()
    ssm["B"] = [["1"], ["0"], ["0"], ["0"]]  # only the first block is driven: W(tau) = cos(tau pi/2), simple roots
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out2")]) == 0
    assert "1x1/2x2 criterion on W: realizable" in capsys.readouterr().out


def test_modes_notes_why_features_do_not_apply_to_a_singular_ssm(tmp_path, capsys):
    ssm = {"A": [["0", "1"], ["0", "0"]], "B": [["1"], ["1"]], "C": [["1", "0"]]}
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out")]) == 0
    assert "A is singular" in capsys.readouterr().out


def test_modes_rejects_a_float_entry_naming_the_field(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"A": [[0.5]], "B": [["1"]], "C": [["1"]]}')
    assert main(["modes", "--ssm", str(path), "--out", str(tmp_path / "out")]) == 2
    assert "A[0][0]" in capsys.readouterr().err


def test_modes_rejects_a_complex_ssm(tmp_path, capsys):
    ssm = {"A": [["i"]], "B": [["1"]], "C": [["1"]]}
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out")]) == 2
    assert "real" in capsys.readouterr().err


def test_modes_reports_the_a2_lower_bound_for_heads_reached_by_the_nilpotent_part(tmp_path, capsys):
    ssm = {"A": [["0", "1"], ["0", "0"]], "B": [["1"], ["1"]], "C": [["1", "0"]]}
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out")]) == 0
    assert "r >= 31 at n = 32" in capsys.readouterr().out  # g = (1, 1, 0, ...): n - 1, the last-lag family


def test_modes_reports_the_feature_counts_of_an_invertible_ssm(tmp_path, capsys):
    # J_2(1/2): lambda^tau (c0 + c1 tau) needs 2 features; the paper's bound is J (J + 1)/2 = 3
    ssm = {"A": [["1/2", "1"], ["0", "1/2"]], "B": [["0"], ["1"]], "C": [["1", "0"]]}
    code = main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(tmp_path / "out"), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert summary["features"] == {"paper_bound": 3, "merged_bound": 2, "minimum_per_head": [2]}


def _dense(m: int, seed: int = 0) -> dict:
    """A dense random rational SSM as in benchmarks/bench_scale.py (one irreducible eigenvalue modulus of degree m)."""
    import random

    rng = random.Random(seed)
    e = lambda: f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"  # noqa: E731
    return {
        "A": [[e() for _ in range(m)] for _ in range(m)],
        "B": [[e() for _ in range(4)] for _ in range(m)],
        "C": [[e() for _ in range(m)] for _ in range(4)],
    }


def test_modes_certifies_a_dense_ssm_with_one_eigenvalue_modulus_of_degree_twelve(tmp_path, capsys):
    code = main(["modes", "--ssm", str(_write(tmp_path, _dense(12))), "--out", str(tmp_path / "out"), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0 and all(r["valid"] for r in summary["certificates"])
    assert [e["jordan_blocks"] for e in summary["eigenvalues"]] == [[1]]
    assert summary["features"]["minimum_per_head"] == [12] * 12
    sizes = [(tmp_path / "out" / f"{c}.json").stat().st_size for c in ("appA.ssm", "appA.ssm.features")]
    assert max(sizes) < 500_000  # the first format wrote 5.7 MB for appA.ssm at this size


@pytest.mark.slow
def test_modes_certifies_a_dense_64_state_ssm_within_the_kernel_bounds(tmp_path, capsys):
    code = main(["modes", "--ssm", str(_write(tmp_path, _dense(64))), "--out", str(tmp_path / "out"), "--quiet"])
    out = capsys.readouterr()
    assert code == 0, out.err
    # the 1x1/2x2 criterion's check is beyond the work bound for a dense 64-state SSM: said, not written
    assert "criterion_certificate: not certified at this size" in out.out
    assert not (tmp_path / "out" / "review.blockdiag.criterion.ssm.json").exists()
    sizes = [(tmp_path / "out" / f"{c}.json").stat().st_size for c in ("appA.ssm", "appA.ssm.features")]
    assert max(sizes) < 8_000_000


def test_modes_refuses_more_states_than_it_supports_at_once_naming_the_size_and_the_limit(tmp_path, capsys):
    from verify.cli.modes import MAX_MODES_STATES

    m = MAX_MODES_STATES + 1
    ssm = {
        "A": [[str(r + 1) if r == c else "0" for c in range(m)] for r in range(m)],
        "B": [["1"] for _ in range(m)],
        "C": [["1"] * m],
    }
    out = tmp_path / "out"
    assert main(["modes", "--ssm", str(_write(tmp_path, ssm)), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"A has {m} states" in err and f"at most {MAX_MODES_STATES}" in err
    assert not out.exists() or not any(out.iterdir())  # nothing written
