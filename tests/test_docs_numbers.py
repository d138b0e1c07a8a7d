"""The numbers the documents state come from the registry and the committed certificates, not from memory.

README's verdict line, its table of claims (every registered id once, with its registered reference and the
verdict of its committed certificate) and the coverage counts in README and in docs/coverage.md's preamble
are compared with what the code computes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from verify.kernel import statements

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _section(text: str, title: str) -> str:
    """The text of a '## title' section."""
    start = text.index(f"\n## {title}")
    return text[start : text.index("\n## ", start + 1)]


@pytest.fixture(scope="module")
def verdicts() -> dict[str, str]:
    """claim id -> the verdict of its committed certificate."""
    return {p.stem: json.loads(p.read_text())["verdict"] for p in (ROOT / "certs").glob("*.json")}


def test_the_readme_verdict_line_is_the_committed_certificates(verdicts):
    assert sorted(verdicts) == sorted(statements())
    counts = {v: sum(x == v for x in verdicts.values()) for v in ("certified", "refuted")}
    line = f"verify: {counts['certified']} certified, {counts['refuted']} refuted, 0 invalid, 0 errors"
    assert f"\n{line}\n" in _section(README, "Quick start")


def test_the_readme_table_of_claims_is_the_registry(verdicts):
    from verify.coqsummary import SUMMARY, coq_cell, file_digest, read_summary

    record = read_summary(ROOT / SUMMARY)
    rows = re.findall(r"^\| `([^`]+)` \| (.*) \| ([^|]+) \| ([^|]+) \|$", _section(README, "Claims"), re.M)
    assert sorted(r[0] for r in rows) == sorted(statements())
    for claim_id, reference, verdict, coq in rows:
        assert reference.replace("\\|", "|") == statements()[claim_id]["reference"], claim_id
        expected = "**refuted**" if verdicts[claim_id] == "refuted" else verdicts[claim_id]
        assert verdict == expected, claim_id
        # the Coq column: the committed record of the last Coq run, for this very certificate (else "stale")
        assert coq == coq_cell(record, claim_id, file_digest(ROOT / "certs" / f"{claim_id}.json")), claim_id
        assert coq != "stale" and coq != "—", f"{claim_id}: rerun python -m verify coq certs/ --summary {SUMMARY}"


def _coverage() -> tuple[object, int]:
    """The coverage summary of docs/coverage.md and the number of registered claims."""
    from verify.coverage import read_rows, registered, summarize

    claims = registered()
    return summarize(read_rows(ROOT / "docs" / "coverage.md"), claims), len(claims)


def test_the_coverage_counts_in_readme_are_the_maps():
    summary, claims = _coverage()
    text = " ".join(_section(README, "Findings").split())
    expected = (
        f"{summary.statements} statements, {summary.mapped} mapped to certified or refuted claims, "
        f"{summary.not_formalizable} not formalizable (each with its reason), {summary.pending} pending, "
        f"{len(summary.uncovered)} uncovered; all {claims} registered claims are cited."
    )
    assert expected in text and len(summary.cited) == claims


def test_the_coverage_counts_in_the_maps_preamble_are_the_maps():
    summary, claims = _coverage()
    preamble = " ".join((ROOT / "docs" / "coverage.md").read_text().split("\n## ")[0].split())
    expected = (
        f"The map holds {summary.statements} statements: {summary.mapped} mapped to claims, "
        f"{summary.not_formalizable} not formalizable, {summary.pending} pending, {len(summary.uncovered)} "
        f"uncovered; it cites all {claims} registered claims"
    )
    assert expected in preamble and len(summary.cited) == claims


def test_the_coq_totals_in_readme_are_the_committed_record():
    from verify.coqsummary import SUMMARY, read_summary

    record = read_summary(ROOT / SUMMARY)
    assert record is not None, "docs/coq-results.json: run python -m verify coq certs/ --summary docs/coq-results.json"
    t = record["totals"]
    expected = (
        f"Last run on the committed `certs/` (recorded in `docs/coq-results.json`, Coq {record['coq']}): "
        f"**{t['obligations_checked']} of {t['obligations']} obligations "
        f"({100 * t['obligations_checked'] / t['obligations']:.0f} %)** checked by Coq, {t['failed']} rejected; "
        f"**{t['claims_all']} of {t['claims']} claims** fully checked ({t['claims_partly']} partly); "
        f"the counterexamples of the {t['refutations']} refutations: {t['counterexamples_checked']} of "
        f"{t['counterexamples']} obligations checked."
    )
    assert expected in " ".join(_section(README, "Second checker (Coq)").split())
