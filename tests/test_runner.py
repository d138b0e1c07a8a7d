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
