"""Producing certificates (verify/runner.py): check first, write after; skipped claims; the verdict line."""

from __future__ import annotations

import dataclasses
import json

import pytest
from helpers_cli import outcome_from_run

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


@pytest.fixture(scope="module")
def fresh():
    """A fresh, unwritten outcome of a claim (each claim built once per module; every call returns a new copy)."""
    built: dict[str, Outcome] = {}

    def outcome(claim_id: str) -> Outcome:
        if claim_id not in built:
            built[claim_id] = produce(get_claim(claim_id))
        return dataclasses.replace(built[claim_id], files=dict(built[claim_id].files))

    return outcome


def _elsewhere(data: bytes, edit) -> bytes:  # noqa: ANN001
    """The certificate as another machine would have made it: edited by `edit`, then re-sealed."""
    from verify.certificate import certificate_bytes, reseal

    cert = json.loads(data)
    edit(cert)
    return certificate_bytes(reseal(cert))


def test_an_agreeing_certificate_from_another_machine_is_kept_unless_refresh(tmp_path, fresh):
    outcome = fresh("num.ssm.forms")
    new = outcome.data

    def other_measurement(cert: dict) -> None:  # a smaller measured error, still within the same bound
        cert["obligations"][0]["witness"]["error"] = "0"
        cert["provenance"]["versions"]["numpy"] = "0.0.0"

    theirs = _elsewhere(new, other_measurement)
    assert json.loads(theirs)["obligations"][0]["witness"] != json.loads(new)["obligations"][0]["witness"]
    (tmp_path / "num.ssm.forms.json").write_bytes(theirs)
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert (tmp_path / "num.ssm.forms.json").read_bytes() == theirs and outcome.kept
    again = fresh("num.ssm.forms")
    write_outcome(again, tmp_path, tmp_path / "figures", refresh=True)
    assert (tmp_path / "num.ssm.forms.json").read_bytes() == new and not again.kept


def test_a_copy_that_disagrees_or_is_invalid_is_replaced(tmp_path, fresh):
    new = fresh("num.ssm.forms").data
    path = tmp_path / "num.ssm.forms.json"

    def other_bound(cert: dict) -> None:  # the a-priori bound is part of what must agree
        cert["obligations"][0]["goal"]["u"] = "1/4503599627370496"

    def other_verdict(cert: dict) -> None:
        cert["verdict"] = "refuted"

    unsealed = new.replace(b'"nonfinite": 0', b'"nonfinite": 1', 1)
    assert unsealed != new
    for copy in (_elsewhere(new, other_bound), _elsewhere(new, other_verdict), unsealed, b"{"):
        path.write_bytes(copy)
        outcome = fresh("num.ssm.forms")
        write_outcome(outcome, tmp_path, tmp_path / "figures")
        assert path.read_bytes() == new and not outcome.kept


def test_an_exact_certificate_differing_only_in_provenance_is_kept_and_any_other_change_is_not(tmp_path, fresh):
    outcome = fresh("thm4.2")
    new, path = outcome.data, tmp_path / "thm4.2.json"

    def older_sympy(cert: dict) -> None:
        cert["provenance"]["versions"]["sympy"] = "1.0"

    def other_reference(cert: dict) -> None:
        cert["reference"] += " "

    path.write_bytes(_elsewhere(new, older_sympy))
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert path.read_bytes() == _elsewhere(new, older_sympy) and outcome.kept
    path.write_bytes(_elsewhere(new, other_reference))
    outcome = fresh("thm4.2")
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert path.read_bytes() == new and not outcome.kept


def test_a_kept_certificate_needs_its_recorded_figures(tmp_path, verify_all):
    outcome = outcome_from_run(verify_all.out, "exp.fig4")  # the session's build (tests/conftest.py)
    new, files = outcome.data, dict(outcome.files)
    assert sorted(files) == ["exp.fig4.json", "exp.fig4.png"]
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert not outcome.kept  # nothing was there
    (tmp_path / "figures" / "exp.fig4.png").write_bytes(b"another machine's plot")
    outcome = outcome_from_run(verify_all.out, "exp.fig4")
    write_outcome(outcome, tmp_path, tmp_path / "figures")
    assert (tmp_path / "exp.fig4.json").read_bytes() == new and not outcome.kept
    assert (tmp_path / "figures" / "exp.fig4.png").read_bytes() == files["exp.fig4.png"]
    outcome = outcome_from_run(verify_all.out, "exp.fig4")
    write_outcome(outcome, tmp_path, tmp_path / "figures")  # now identical: nothing to write, nothing "kept"
    assert not outcome.kept and outcome.path == str(tmp_path / "exp.fig4.json")
