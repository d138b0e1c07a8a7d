"""`verify all` / `verify run` (verify/cli/run.py, workers.py): check first, write after; outputs; interruptions."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
from pathlib import Path

import pytest
from helpers_cli import CHEAP, STALLED, Watched, blocker, staller, verify

from verify.cli import main


def _tree(folder: Path) -> dict[str, bytes]:
    """Every file under folder (relative path -> bytes)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_failing_claim_never_replaces_a_valid_certificate(tmp_path, monkeypatch, capsys):
    out = tmp_path / "certs"
    assert main(["run", "thm4.2", "--out", str(out), "--quiet"]) == 0
    before = (out / "thm4.2.json").read_bytes()
    import verify.runner as runner

    real = runner.check_bytes
    monkeypatch.setattr(runner, "check_bytes", lambda *a: (r := real(*a), setattr(r, "valid", False), r)[2])
    assert main(["run", "thm4.2", "--out", str(out), "--quiet"]) == 1
    assert (out / "thm4.2.json").read_bytes() == before
    assert "thm4.2" in capsys.readouterr().out


def test_figures_go_under_the_output_folder_and_the_source_tree_is_untouched(verify_all):
    out = verify_all.out  # the session's `verify all --out OUT` (tests/conftest.py)
    assert verify_all.process.returncode == 0, verify_all.process.stderr[-2000:]
    assert sorted(p.name for p in (out / "figures").iterdir()) == sorted(
        f"{c}.{s}" for c in ("exp.fig3", "exp.fig4") for s in ("json", "png")
    )
    assert verify_all.committed_after == verify_all.committed_before  # certs/ and certs/figures/ untouched
    for claim in ("exp.fig3", "exp.fig4"):
        params = json.loads((out / f"{claim}.json").read_text())["params"]
        assert hashlib.sha256((out / "figures" / f"{claim}.png").read_bytes()).hexdigest() == params["figure_sha256"]
        assert hashlib.sha256((out / "figures" / f"{claim}.json").read_bytes()).hexdigest() == params["numbers_sha256"]
    assert verify("check", str(out / "exp.fig4.json")).returncode == 0


def test_figures_option_chooses_their_folder(tmp_path, monkeypatch):
    from verify.figures import emit
    from verify.registry import get_claim

    item = get_claim("thm4.2")
    fake = type(item)(**{**item.__dict__, "build": lambda: (emit("thm4.2.png", b"\x89PNG fake"), item.build())[1]})
    monkeypatch.setattr("verify.registry.all_claims", lambda: [fake])
    assert main(["run", "thm4.2", "--out", str(tmp_path / "o"), "--figures", str(tmp_path / "f"), "--quiet"]) == 0
    assert _tree(tmp_path / "f") == {"thm4.2.png": b"\x89PNG fake"} and sorted(_tree(tmp_path / "o")) == ["thm4.2.json"]


@pytest.mark.slow  # repeats verify all in jobs and shards (end to end; CI runs -m slow)
def test_jobs_and_shards_reproduce_a_serial_run_byte_for_byte(tmp_path, verify_all):
    ids = [*CHEAP, "fn1", "sec3.1.1.mlp", "exp.fig3.optimum.k2"]
    assert verify("run", *ids, "--out", str(tmp_path / "jobs"), "--quiet", "--jobs", "2").returncode == 0
    for shard in ("1/2", "2/2"):
        assert verify("run", *ids, "--out", str(tmp_path / "shards"), "--quiet", "--shard", shard).returncode == 0
    serial = {f"{c}.json": (verify_all.out / f"{c}.json").read_bytes() for c in ids}  # the session's serial run
    assert len(serial) == len(ids)
    assert _tree(tmp_path / "jobs") == serial
    assert _tree(tmp_path / "shards") == serial


def test_shards_split_the_claims_deterministically_and_completely():
    from verify.registry import all_claims
    from verify.runner import shard

    claims = all_claims()
    parts = [shard(claims, i, 3) for i in (1, 2, 3)]
    assert sorted(c.id for part in parts for c in part) == sorted(c.id for c in claims)
    assert parts == [shard(all_claims(), i, 3) for i in (1, 2, 3)]


@pytest.mark.parametrize("value", ["0/2", "3/2", "a/b", "1-2"])
def test_a_bad_shard_is_one_line_and_exit_two(value, capsys):
    assert main(["run", "thm4.2", "--shard", value]) == 2
    err = capsys.readouterr().err
    assert "--shard" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_interruption_prints_one_line_with_what_finished_and_leaves_no_temporary_file(tmp_path, jobs):
    out = tmp_path / "out"
    run = Watched("run", *CHEAP, "exp.fig3", "--out", str(out), "--jobs", jobs, env=staller(tmp_path / "s", "exp.fig3"))
    run.wait_for(STALLED + "exp.fig3")
    for claim_id in CHEAP:  # in a parallel run the other worker may still be finishing one of them
        run.wait_for(f"{claim_id} ... certified")
    run.process.send_signal(signal.SIGINT)
    exit_code, stdout, err = run.finish()
    assert exit_code == 130, err
    assert "Traceback" not in err + stdout
    last = err.strip().splitlines()[-1]
    assert last.startswith("verify run: interrupted (SIGINT) after") and "finished: 6 certified" in last
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{c}.json" for c in CHEAP)


def test_sigterm_is_handled_like_ctrl_c_with_exit_143(tmp_path):
    out = tmp_path / "out"
    run = Watched("run", *CHEAP, "exp.fig3", "--out", str(out), env=staller(tmp_path / "s", "exp.fig3"))
    run.wait_for(STALLED + "exp.fig3")
    run.process.send_signal(signal.SIGTERM)
    exit_code, _, err = run.finish()
    assert exit_code == 143 and "interrupted (SIGTERM)" in err and "Traceback" not in err


def test_stale_temporary_files_are_swept_at_the_next_run(tmp_path):
    (tmp_path / "figures").mkdir()
    stale = [tmp_path / ".exp.fig3.json.999999999-x1.tmp", tmp_path / "figures" / ".exp.fig3.png.k2j3h4g5.tmp"]
    live = tmp_path / f".thm4.2.json.{os.getpid()}-abc.tmp"  # a run in progress (this process) keeps its file
    for path in [*stale, live]:
        path.write_bytes(b"x" * 1000)
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet"]) == 0
    assert not any(p.exists() for p in stale) and live.exists()


def test_an_output_path_that_is_a_file_stops_at_once_with_one_line(tmp_path):
    target = tmp_path / "file"
    target.write_text("")
    out = verify("all", "--out", str(target))
    assert out.returncode == 2 and out.stdout == ""
    assert (
        out.stderr.strip() == f"verify all: --out {target}: exists and is not a folder; expected a folder to write into"
    )  # the one line is all of stderr: no claim was started


def test_junit_under_a_file_is_refused_before_any_work(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    assert main(["run", "thm4.2", "--out", str(tmp_path / "o"), "--junit", str(tmp_path / "file" / "x.xml")]) == 2
    assert "--junit" in capsys.readouterr().err and not (tmp_path / "o").exists()


def test_a_junit_write_failure_keeps_the_results_and_exits_two(tmp_path, monkeypatch, capsys):
    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("verify.report.junit.write_junit", fail)
    code = main(["run", "thm4.2", "--out", str(tmp_path / "o"), "--quiet", "--junit", str(tmp_path / "j.xml")])
    captured = capsys.readouterr()
    assert code == 2 and "verify: 1 certified" in captured.out
    assert "cannot write (No space left on device)" in captured.err


def test_json_is_one_document_with_an_error_field_even_on_bad_usage(tmp_path, capsys):
    assert main(["run", "thm99", "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["error"].startswith("unknown claim ids ['thm99']")
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--json", "--quiet"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["error"] is None and payload["summary"]["skipped"] == 0


def test_quiet_silences_builder_progress(tmp_path, monkeypatch, capsys):
    from verify.registry import get_claim

    item = get_claim("thm4.2")

    def chatty() -> dict:
        logging.getLogger("verify.progress").info("  training step 1")
        return item.build()

    monkeypatch.setattr("verify.registry.all_claims", lambda: [type(item)(**{**item.__dict__, "build": chatty})])
    assert main(["run", "thm4.2", "--out", str(tmp_path)]) == 0
    assert "training step 1" in capsys.readouterr().err
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_claims_needing_torch_are_skipped_when_torch_is_absent(tmp_path):
    env = blocker(tmp_path / "site", "torch")
    out = verify("run", "exp.fig3", "exp.fig4", "thm4.2", "--out", str(tmp_path / "o"), "--jobs", "2", env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == "verify: 1 certified, 0 refuted, 0 invalid, 0 errors, 2 skipped"
    assert "  exp.fig3: skipped (needs torch: pip install '.[torch]')" in out.stdout
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == ["thm4.2.json"]


@pytest.mark.slow
def test_quiet_really_silences_experiment_i(tmp_path):
    out = verify("run", "exp.fig3", "--out", str(tmp_path), "--quiet")
    assert out.returncode == 0 and out.stderr == ""


@pytest.mark.slow
def test_all_with_two_jobs_and_two_shards_reproduce_a_serial_run(tmp_path, verify_all):
    assert verify("all", "--out", str(tmp_path / "jobs"), "--quiet", "--jobs", "2").returncode == 0
    for shard in ("1/2", "2/2"):
        assert verify("all", "--out", str(tmp_path / "shards"), "--quiet", "--shard", shard).returncode == 0
    serial = _tree(verify_all.out)  # the session's serial run (tests/conftest.py)
    assert _tree(tmp_path / "jobs") == serial and _tree(tmp_path / "shards") == serial


def test_a_run_over_an_agreeing_copy_keeps_it_says_so_and_refresh_rewrites_it(tmp_path, capsys):
    from verify.certificate import certificate_bytes, reseal

    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet"]) == 0
    path = tmp_path / "thm4.2.json"
    cert = json.loads(path.read_text())
    cert["provenance"]["versions"]["sympy"] = "1.0"  # as made on a machine with another SymPy
    path.write_bytes(certificate_bytes(reseal(cert)))
    theirs = path.read_bytes()
    capsys.readouterr()
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert path.read_bytes() == theirs and f"kept 1 certificate already in {tmp_path}" in out and "--refresh" in out
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["kept"] is True
    assert main(["run", "thm4.2", "--out", str(tmp_path), "--quiet", "--refresh"]) == 0
    assert path.read_bytes() != theirs and "kept" not in capsys.readouterr().out
