"""verify/heads_error.py: `verify heads --ssm WEIGHTS` as a user runs it: table, plot, certificate, --check, errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from constructions.weights import safetensors_bytes
from verify.certificate import reseal
from verify.cli import main
from verify.kernel import check_file

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "examples" / "weights"


def _small(seed: int = 5, m: int = 5) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = np.exp(-rng.uniform(0.01, 0.3, m) + 1j * rng.uniform(0, 3, m))
    return {
        "A": a.astype(np.complex64),
        "B": (rng.standard_normal((m, 3)) + 1j * rng.standard_normal((m, 3))).astype(np.complex64),
        "C": rng.standard_normal((2, m)).astype(np.float32),
    }


def _heads(tmp_path: Path, path: Path, *extra: str) -> int:
    return main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out"), *extra])


@pytest.fixture
def npz(tmp_path) -> Path:
    path = tmp_path / "model.npz"
    np.savez(path, **_small())
    return path


def test_npz_weights_give_a_certified_table_a_plot_and_a_certificate(tmp_path, npz, capsys):
    assert _heads(tmp_path, npz, "--n", "300", "--tolerance", "0.02", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["form"] == "diagonal" and (summary["m"], summary["p"], summary["d"], summary["n"]) == (5, 2, 3, 300)
    assert summary["k"] == 6 and len(summary["table"]) == 6 and summary["table"][-1]["upper"] == "0"
    assert Path(summary["plot"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = check_file(Path(summary["certificate"]))
    assert result.valid and result.claim == "exp.fig3.optimum.ssm"
    heads = summary["heads"]
    assert (
        Fraction(summary["table"][heads - 1]["upper"])
        <= Fraction(1, 50)
        < Fraction(summary["table"][heads - 2]["lower"])
    )
    cert = json.loads(Path(summary["certificate"]).read_text())
    assert cert["params"]["source"]["sha256"] == summary["sha256"] and cert["params"]["tolerance"] == "1/50"


def test_safetensors_and_torch_files_of_the_same_arrays_agree(tmp_path, capsys):
    torch = pytest.importorskip("torch")
    arrays = _small(seed=9)
    split = {
        "blk.A_re": arrays["A"].real,
        "blk.A_im": arrays["A"].imag,
        "blk.B_re": arrays["B"].real,
        "blk.B_im": arrays["B"].imag,
        "blk.C": arrays["C"],
    }
    (tmp_path / "m.safetensors").write_bytes(safetensors_bytes(split))
    torch.save(
        {
            "blk.A": torch.from_numpy(arrays["A"]),
            "blk.B": torch.from_numpy(arrays["B"]),
            "blk.C": torch.from_numpy(arrays["C"]),
        },
        tmp_path / "m.pt",
    )
    tables = []
    for name in ("m.safetensors", "m.pt"):
        assert _heads(tmp_path, tmp_path / name, "--n", "64", "--prefix", "blk.", "--json") == 0
        tables.append(json.loads(capsys.readouterr().out)["table"])
    assert tables[0] == tables[1]


def test_every_block_of_a_model_file_is_analyzed_with_jobs(tmp_path, capsys):
    pytest.importorskip("torch")
    assert _heads(tmp_path, WEIGHTS / "lti-trained.pt", "--n", "128", "--jobs", "2", "--json") == 0
    blocks = json.loads(capsys.readouterr().out)["blocks"]
    assert [b["prefix"] for b in blocks] == ["layers.0.ssm.", "layers.1.ssm."]
    assert all(b["k"] == 16 and check_file(Path(b["certificate"])).valid for b in blocks)


def test_text_output_names_the_smallest_h_and_the_files(tmp_path, npz, capsys):
    assert _heads(tmp_path, npz, "--n", "200") == 0
    out = capsys.readouterr().out
    assert "rank of G: k = 6" in out and "smallest H with e_H <= 0.01:" in out
    assert "certificate (exp.fig3.optimum.ssm, kernel check passed):" in out and "plot: " in out


def test_check_accepts_the_file_it_was_made_from_and_rejects_a_tampered_weight_file(tmp_path, npz, capsys):
    assert _heads(tmp_path, npz, "--n", "100", "--json") == 0
    cert = Path(json.loads(capsys.readouterr().out)["certificate"])
    assert _heads(tmp_path, npz, "--check", str(cert)) == 0
    assert "was made from" in capsys.readouterr().out
    arrays = dict(np.load(npz))
    arrays["B"][2, 1] += np.float32(2**-20)  # one float changed in its last bits
    tampered = tmp_path / "tampered.npz"
    np.savez(tampered, **arrays)
    assert _heads(tmp_path, tampered, "--check", str(cert)) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err  # a mismatch is one line on stderr
    assert "was not made from" in err and "sha256" in err and "B differs" in err
    assert _heads(tmp_path, tampered, "--check", str(cert), "--json") == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["made_from"] is False and "was not made from" in json.loads(out)["error"]


def test_a_tampered_table_entry_is_rejected_by_check(tmp_path, npz, capsys):
    assert _heads(tmp_path, npz, "--n", "100", "--json") == 0
    path = Path(json.loads(capsys.readouterr().out)["certificate"])
    cert = json.loads(path.read_text())
    entry = cert["params"]["table"][1]
    lower, upper = Fraction(entry[0]), Fraction(entry[1])
    better = [str(lower * Fraction(9, 10)), str(upper * Fraction(9, 10))]  # claim a 10% smaller error
    cert["params"]["table"][1] = cert["obligations"][0]["goal"]["table"][1] = better
    path.write_text(json.dumps(reseal(cert)))
    assert main(["check", str(path)]) == 1
    assert "table[1]" in capsys.readouterr().out
    assert _heads(tmp_path, npz, "--check", str(path)) == 1


def test_exact_json_ssm_with_tolerance_uses_the_error_table(tmp_path, capsys):
    assert _heads(tmp_path, ROOT / "examples" / "ssm-gaussian.json", "--tolerance", "1/20", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["n"], summary["k"], summary["heads"]) == (16, 2, 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tolerance", "abc"], "--tolerance: found 'abc'"),
        (["--tolerance", "2"], "found 2, expected 0 or a number between 1e-100 and 1"),
        (["--jobs", "0"], "--jobs: found 0"),
        (["--n", "0"], "--n: found 0"),
        (["--prefix", "nope."], "no array 'nope.A'"),
    ],
)
def test_bad_options_exit_2_with_one_line(tmp_path, npz, capsys, args, message):
    assert _heads(tmp_path, npz, *args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_bad_weight_files_exit_2_with_one_line(tmp_path, capsys):
    arrays = _small()
    arrays["C"][1, 1] = np.inf
    bad = tmp_path / "inf.npz"
    np.savez(bad, **arrays)
    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(safetensors_bytes({"A": np.ones(2, np.float32)})[:-3])
    for path, message in (
        (bad, "array 'C' entry [1, 1] is inf"),
        (cut, "do not hold"),
        (tmp_path / "missing.npz", "cannot read"),
    ):
        assert _heads(tmp_path, path, "--n", "10") == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()  # nothing half-written


@pytest.fixture
def two_blocks(tmp_path) -> Path:
    path = tmp_path / "two.npz"
    first, second = _small(seed=3, m=4), _small(seed=4, m=3)
    np.savez(path, **{f"b0.{k}": v for k, v in first.items()}, **{f"b1.{k}": v for k, v in second.items()})
    return path


def _outputs(tmp_path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((tmp_path / "out").iterdir())}


def test_sigterm_while_a_later_block_is_computed_replaces_no_file(tmp_path, two_blocks, capsys, monkeypatch):
    import signal

    from verify import heads_error

    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.02", "--quiet") == 0
    before = _outputs(tmp_path)
    assert len(before) == 4
    capsys.readouterr()
    real, calls = heads_error.plot_png, []

    def term_on_second_block(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:  # the first block is done: the signal arrives while the second is computed
            signal.raise_signal(signal.SIGTERM)
        return real(*args, **kwargs)

    monkeypatch.setattr(heads_error, "plot_png", term_on_second_block)
    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.03", "--quiet") == 143
    assert "interrupted (SIGTERM); nothing more was written" in capsys.readouterr().err
    assert _outputs(tmp_path) == before  # every file as it was, and no temporary file


def test_sigterm_during_the_renames_writes_every_file_and_says_so(tmp_path, two_blocks, capsys, monkeypatch):
    import signal

    from verify import certificate

    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.02", "--quiet") == 0
    before = _outputs(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(certificate, "_before_step", lambda action, path: signal.raise_signal(signal.SIGTERM))
    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.03", "--quiet") == 143
    err = capsys.readouterr().err
    assert "interrupted (SIGTERM) after all 4 files were written" in err and err.count("\n") == 1, err
    after = _outputs(tmp_path)
    assert sorted(after) == sorted(before) and all(after[name] != before[name] for name in before)
    assert all(json.loads(data)["params"]["tolerance"] == "3/100" for name, data in after.items() if ".json" in name)


def _no_work(monkeypatch) -> None:
    from verify import heads_error

    def refuse(*args, **kwargs):
        raise AssertionError("the computation ran")

    monkeypatch.setattr(heads_error, "analyze", refuse)


@pytest.mark.parametrize("case", ["file", "under-a-file", "read-only"])
def test_an_unusable_out_is_refused_before_any_work(tmp_path, npz, capsys, monkeypatch, case):
    import os

    if case == "read-only" and os.geteuid() == 0:
        pytest.skip("root can write into a read-only folder")
    (tmp_path / "f").write_text("a file")
    (tmp_path / "ro").mkdir(mode=0o500)
    out = {"file": tmp_path / "f", "under-a-file": tmp_path / "f" / "x", "read-only": tmp_path / "ro"}[case]
    _no_work(monkeypatch)
    assert main(["heads", "--ssm", str(npz), "--out", str(out), "--n", "10"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("verify heads: --out") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "text", ["1e999999999", "1e-999999999", "nan", "inf", "-inf", "-0.01", "2", "1e-101", "1/0", ""]
)
def test_an_unusable_tolerance_is_refused_at_argument_parsing(tmp_path, npz, capsys, monkeypatch, text):
    _no_work(monkeypatch)
    assert _heads(tmp_path, npz, f"--tolerance={text}") == 2
    err = capsys.readouterr().err
    assert "argument --tolerance: found" in err and "between 1e-100 and 1" in err and err.count("\n") == 1, err


def test_tolerance_zero_and_the_smallest_accepted_ask_for_the_exact_rank(tmp_path, npz, capsys):
    for text in ("0", "1e-100"):
        assert _heads(tmp_path, npz, "--n", "100", "--tolerance", text, "--json") == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["heads"] == summary["k"] and summary["error"] is None


def test_json_has_an_error_field_for_one_block_several_blocks_and_a_bad_file(tmp_path, npz, two_blocks, capsys):
    assert _heads(tmp_path, npz, "--n", "64", "--json") == 0
    assert json.loads(capsys.readouterr().out)["error"] is None
    assert _heads(tmp_path, two_blocks, "--n", "64", "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert document["error"] is None and [b["error"] for b in document["blocks"]] == [None, None]
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    assert _heads(tmp_path, bad, "--json") == 2
    out, err = capsys.readouterr()
    assert "not a readable .npz" in json.loads(out)["error"] and err.count("\n") == 1


def test_each_step_reports_progress_on_stderr_unless_quiet(tmp_path, two_blocks, capsys, monkeypatch):
    from verify import progress

    monkeypatch.setattr(progress, "THRESHOLD", 0.0)  # every step counts as long: no timing involved
    assert _heads(tmp_path, two_blocks, "--n", "64", "--json") == 0
    out, err = capsys.readouterr()
    json.loads(out)  # stdout stays one JSON document
    blocks = [f"two.npz {b}: {s}" for b in ("b0.", "b1.") for s in ("certified error table", "kernel re-check", "plot")]
    for step in (f"reading {two_blocks} done in", *blocks, "writing 4 files"):
        assert f"verify heads: {step}" in err, err
    assert _heads(tmp_path, two_blocks, "--n", "64", "--quiet") == 0
    assert capsys.readouterr().err == ""


def test_a_full_disk_while_writing_is_one_line_and_replaces_nothing(tmp_path, two_blocks, capsys, monkeypatch):
    import errno
    import os

    from verify import certificate

    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.02", "--quiet") == 0
    before = _outputs(tmp_path)
    capsys.readouterr()
    real, calls = certificate._fill, []

    def full(fd, tmp, data):
        calls.append(tmp)
        if len(calls) == 3:  # the disk fills up at the second block's certificate
            os.close(fd)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, tmp, data)

    monkeypatch.setattr(certificate, "_fill", full)
    assert _heads(tmp_path, two_blocks, "--n", "64", "--tolerance", "0.03", "--quiet") == 2
    err = capsys.readouterr().err
    assert (
        err.startswith(f"verify heads: --out {tmp_path / 'out'}: cannot write {tmp_path / 'out'}")
        and err.count("\n") == 1
    )
    assert "No space left on device" in err and _outputs(tmp_path) == before
