"""verify/coqsummary.py: the committed record of the last Coq run, and the Coq column verify report shows."""

from __future__ import annotations

import shutil
from pathlib import Path

from verify.coqsummary import SUMMARY, build_summary, coq_cell, file_digest, read_summary, totals_line, write_summary
from verify.report.markdown import render_markdown
from verify.report.model import load_report
from verify.report.site import render_pages

ROOT = Path(__file__).resolve().parent.parent


def _results() -> list[dict]:
    """Two per-certificate results as `verify coq --json` prints them."""
    return [
        {"claim": "thm4.2", "checked": 2, "total": 2, "coq": "all"},
        {"claim": "thm4.2.step1", "checked": 0, "total": 1, "coq": "none"},
    ]


def _totals() -> dict:
    """Totals as verify.cli.coq.summarize returns them (the keys the record keeps, and one it drops)."""
    keys = ("obligations", "obligations_checked", "claims", "claims_all", "claims_partly", "refutations")
    keys += ("counterexamples", "counterexamples_checked", "failed")
    return {**dict.fromkeys(keys, 0), "obligations": 3, "obligations_checked": 2, "claims": 2, "claims_all": 1,
            "by_kind": {}}  # fmt: skip


def test_build_write_read(tmp_path: Path) -> None:
    """Per claim: checked, total, verdict and the certificate's digest; the totals; a round trip through a file."""
    digests = {"thm4.2": "sha256:aa", "thm4.2.step1": "sha256:bb"}
    summary = build_summary(_results(), digests, _totals(), "8.16.1")
    assert summary["claims"]["thm4.2"] == {"checked": 2, "total": 2, "coq": "all", "certificate": "sha256:aa"}
    assert summary["totals"]["obligations_checked"] == 2 and "by_kind" not in summary["totals"]
    assert summary["coq"] == "8.16.1" and "--summary docs/coq-results.json" in summary["command"]
    write_summary(tmp_path / "s.json", summary)
    assert read_summary(tmp_path / "s.json") == summary and not list(tmp_path.glob(".*tmp"))
    (tmp_path / "bad.json").write_text('{"claims": {}}')
    assert read_summary(tmp_path / "bad.json") is None and read_summary(tmp_path / "missing.json") is None


def test_a_changed_certificate_is_stale_never_all() -> None:
    """The column shows the recorded verdict only for the very certificate Coq checked."""
    summary = build_summary(_results(), {"thm4.2": "sha256:aa", "thm4.2.step1": "sha256:bb"}, _totals(), "8.16.1")
    assert coq_cell(summary, "thm4.2", "sha256:aa") == "all 2/2"
    assert coq_cell(summary, "thm4.2", "sha256:cc") == "stale"
    assert coq_cell(summary, "thm4.2.step1", "sha256:bb") == "none 0/1"
    assert coq_cell(summary, "other", "sha256:aa") == "—" and coq_cell(summary, "thm4.2", None) == "—"
    line = totals_line(summary, ["all 2/2", "stale", "—"])
    assert "2/3 obligations checked, 1/2 claims fully" in line and "1 stale" in line and "1 not in the record" in line


def test_report_shows_the_coq_column(tmp_path: Path) -> None:
    """verify report's Markdown and HTML summary show the recorded verdicts, and 'stale' for an edited file."""
    certs = tmp_path / "certs"
    certs.mkdir()
    for name in ("thm4.2.json", "thm4.2.step1.json"):
        shutil.copy(ROOT / "certs" / name, certs)
    digests = {"thm4.2": file_digest(certs / "thm4.2.json"), "thm4.2.step1": "sha256:" + "0" * 64}
    report = load_report(certs)
    report.coq = build_summary(_results(), digests, _totals(), "8.16.1")
    markdown = render_markdown(report, tmp_path / "out")
    assert "| claim | reference | verdict | kernel | Coq |" in markdown
    assert "| certified | valid | all 2/2 |" in markdown and "| certified | valid | stale |" in markdown
    assert "here 1 stale" in markdown
    page = "".join(render_pages(report).values())
    assert '<th class="opt">Coq</th>' in page and '<td class="opt">stale</td>' in page and "here 1 stale" in page
    report.coq = None
    assert "| Coq |" not in render_markdown(report, tmp_path / "out")


def test_the_committed_record_covers_the_committed_certificates() -> None:
    """docs/coq-results.json is a readable record with one entry per committed certificate."""
    summary = read_summary(ROOT / SUMMARY)
    assert summary is not None
    assert sorted(summary["claims"]) == sorted(p.stem for p in (ROOT / "certs").glob("*.json"))
    assert summary["totals"]["claims"] == len(summary["claims"])
    assert summary["totals"]["obligations_checked"] == sum(c["checked"] for c in summary["claims"].values())
