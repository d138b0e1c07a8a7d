"""Producing certificates (verify/runner.py): check first, write after; skipped claims; the verdict line."""

from __future__ import annotations

from verify.registry import get_claim
from verify.runner import Outcome, produce, summary_line, write_outcome


def test_produce_writes_nothing_and_write_outcome_writes_only_valid_certificates(tmp_path):
    outcome = produce(get_claim("thm4.2"))
    assert outcome.status == "certified" and outcome.data and list(tmp_path.iterdir()) == []
    rejected = Outcome("thm4.2", "", verdict="certified", valid=False, data=b"{}")
    write_outcome(rejected, tmp_path, tmp_path / "figures")
    assert list(tmp_path.iterdir()) == [] and rejected.path is None
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert [p.name for p in tmp_path.iterdir()] == ["thm4.2.json"] and outcome.data is None


def test_a_builder_missing_torch_is_skipped_with_the_install_hint(monkeypatch):
    item = get_claim("thm4.2")

    def needs_torch() -> dict:
        raise ModuleNotFoundError("No module named 'torch'", name="torch")

    outcome = produce(type(item)(**{**item.__dict__, "build": needs_torch}))
    assert outcome.status == "skipped" and outcome.skipped == "needs torch: pip install '.[torch]'"


def test_a_builder_missing_another_module_is_an_error():
    item = get_claim("thm4.2")

    def broken() -> dict:
        raise ModuleNotFoundError("No module named 'nonexistent'", name="nonexistent")

    assert produce(type(item)(**{**item.__dict__, "build": broken})).status == "error"


def test_the_verdict_line_mentions_skipped_claims_only_when_there_are_some():
    done = [Outcome("a", "", verdict="certified", valid=True)]
    assert summary_line(done) == "verify: 1 certified, 0 refuted, 0 invalid, 0 errors"
    done.append(Outcome("b", "", skipped="needs torch: pip install '.[torch]'"))
    assert summary_line(done) == "verify: 1 certified, 0 refuted, 0 invalid, 0 errors, 1 skipped"


_KILL_AT_STEP = """
import os, signal, sys
from pathlib import Path
from verify import certificate
from verify.runner import Outcome, write_outcome

stop, folder, cert, png, numbers = int(sys.argv[1]), Path(sys.argv[2]), *(a.encode() for a in sys.argv[3:6])
steps = []

def kill(action, path):
    steps.append((action, path.name))
    if len(steps) == stop:
        os.kill(os.getpid(), signal.SIGKILL)

certificate._before_step = kill
files = {"exp.fig3.json": numbers, "exp.fig3.png": png}
write_outcome(Outcome("exp.fig3", "", verdict="certified", valid=True, data=cert, files=files), folder, folder / "f")
print(len(steps))
"""


def _figure_certificate(png: bytes, numbers: bytes) -> str:
    """A certificate stand-in that records two figure files by sha256 (all check_figures reads)."""
    import hashlib
    import json

    params = {"figure_sha256": hashlib.sha256(png).hexdigest(), "numbers_sha256": hashlib.sha256(numbers).hexdigest()}
    return json.dumps({"claim": "exp.fig3", "params": params})


def _kill_run(stop: int, folder, cert: str, png: str, numbers: str):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    args = [sys.executable, "-c", _KILL_AT_STEP, str(stop), str(folder), cert, png, numbers]
    return subprocess.run(args, cwd=root, capture_output=True, text=True, timeout=120)


def test_a_kill_at_any_step_of_the_write_leaves_each_present_figure_matching_its_certificate(tmp_path):
    import json

    from verify.figures import check_figures

    old = ("old png", "old numbers")
    new = ("new png", "new numbers")
    old_cert, new_cert = (_figure_certificate(*(x.encode() for x in pair)) for pair in (old, new))
    done = _kill_run(0, tmp_path / "probe", new_cert, *new)  # no kill: how many steps a full write takes
    assert done.returncode == 0, done.stderr
    total = int(done.stdout)
    assert total >= 3
    for stop in range(1, total + 1):
        folder = tmp_path / f"kill-at-{stop}"
        assert _kill_run(0, folder, old_cert, *old).returncode == 0
        killed = _kill_run(stop, folder, new_cert, *new)
        assert killed.returncode == -9, killed.stderr
        cert = json.loads((folder / "exp.fig3.json").read_text())
        errors, _ = check_figures(cert, folder / "f")
        assert errors == [], f"killed before step {stop}: {errors}"
        assert cert in (json.loads(old_cert), json.loads(new_cert))


def test_a_refuted_outcome_carries_both_sides_at_its_counterexample_in_its_json():
    row = produce(get_claim("sec3.2.rnn-jacobian.eq1")).to_json()
    assert row["refutation"]["corrected"] == "sec3.2.rnn-jacobian.eq1.corrected"
    exact = [c for c in row["refutation"]["counterexamples"] if c["obligation"] == "polynomial-eq1"]
    assert [(c["lhs"], c["rhs"], c["lhs_exact"]) for c in exact] == [("3", "2", True)]
    assert "refutation" not in produce(get_claim("thm5.1.logits-other.corrected")).to_json()
