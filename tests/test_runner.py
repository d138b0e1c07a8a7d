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


def test_a_refuted_outcome_carries_both_sides_at_its_counterexample_in_its_json():
    row = produce(get_claim("sec3.2.rnn-jacobian.eq1")).to_json()
    assert row["refutation"]["corrected"] == "sec3.2.rnn-jacobian.eq1.corrected"
    exact = [c for c in row["refutation"]["counterexamples"] if c["obligation"] == "polynomial-eq1"]
    assert [(c["lhs"], c["rhs"], c["lhs_exact"]) for c in exact] == [("3", "2", True)]
    assert "refutation" not in produce(get_claim("thm5.1.logits-other.corrected")).to_json()
