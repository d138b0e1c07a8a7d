"""docs/coverage.md maps the paper: every cited id exists, every claim is cited, no statement is left uncovered."""

from __future__ import annotations

import json

import pytest
from helpers_cli import verify

from verify.coverage import COVERAGE_PATH, CoverageError, read_rows, registered, summarize

# Ids of claims that other branches are adding now (issue 14; issue 15 items 3, 4, 7; issue 17). The coverage
# map cites them in rows marked "(pending: ...)". At merge the lead replaces each by the id that was registered
# and removes it from this set; no other unregistered id is tolerated.
PENDING: set[str] = set()  # ids another branch is adding; empty once everything is merged


@pytest.fixture(scope="module")
def rows():
    """The statement rows of the committed coverage map."""
    return read_rows()


@pytest.fixture(scope="module")
def claims():
    """Registered claim ids with their verdicts."""
    return registered()


def test_every_cited_id_is_registered_or_pending(rows, claims):
    unknown = {(r.key, c) for r in rows for c in r.ids if c not in claims and c not in PENDING}
    assert not unknown


def test_every_registered_claim_is_cited_at_least_once(rows, claims):
    assert summarize(rows, claims).uncited == []


def test_no_statement_is_left_uncovered(rows, claims):
    assert [r.key for r in summarize(rows, claims).uncovered] == []


def test_every_written_verdict_is_the_registered_one(rows, claims):
    assert summarize(rows, claims).wrong_verdicts == []


def test_every_registered_id_is_cited_with_its_verdict(rows, claims):
    bare = [(r.key, c) for r in rows for c, verdict in r.cited if c in claims and verdict is None]
    assert bare == []


def test_pending_ids_are_cited_only_in_rows_marked_pending(rows):
    assert [(r.key, c) for r in rows for c in r.ids if c in PENDING and not r.pending] == []


def test_pending_set_holds_no_registered_id_and_no_unused_id(rows, claims):
    cited = {c for r in rows for c in r.ids}
    assert PENDING & set(claims) == set()
    assert PENDING <= cited


def test_statement_keys_are_unique(rows):
    keys = [r.key for r in rows]
    assert len(keys) == len(set(keys))


def test_every_section_of_the_paper_has_a_table(rows):
    sections = {r.section.split(" ")[0] for r in rows}
    expected = {"Abstract", "1", "2", "3", "3.1", "3.1.1", "3.1.2", "3.2", "Table", "4", "4.2", "5", "6", "6.2"}
    assert expected | {"7", "8", "Appendix", "Related"} <= sections


def test_figures_one_to_four_have_rows(rows):
    assert {"F1", "F2", "F3", "F4"} <= {r.key.split("-")[0] for r in rows}


def test_reader_splits_cells_on_bars_but_not_on_escaped_bars(tmp_path):
    path = tmp_path / "coverage.md"
    path.write_text(
        "## 9 Test\n\n| # | statement | claims | verdict and notes |\n|---|---|---|---|\n"
        "| 9-1 | abs(x) is \\|x\\| | `thm4.2` (certified), `x.y` (pending: later) | fine |\n"
        "| 9-2 | a question | not formalizable: a question | |\n"
    )
    first, second = read_rows(path)
    assert first.statement == "abs(x) is |x|" and first.cited == (("thm4.2", "certified"), ("x.y", None))
    assert first.pending == ("later",) and first.section == "9 Test"
    assert second.not_formalizable == "a question" and second.ids == []


def test_reader_rejects_a_row_with_a_missing_cell(tmp_path):
    path = tmp_path / "coverage.md"
    path.write_text("| # | statement | claims | verdict and notes |\n|---|---|---|---|\n| 1 | x | `thm4.2` |\n")
    with pytest.raises(CoverageError, match=r"coverage.md:3: expected 4 cells, found 3"):
        read_rows(path)


def test_summary_counts_each_row_once(tmp_path):
    path = tmp_path / "coverage.md"
    path.write_text(
        "| # | statement | claims | verdict and notes |\n|---|---|---|---|\n"
        "| 1 | a | `thm4.2` (refuted) | |\n| 2 | b | not formalizable: why | |\n"
        "| 3 | c | `new.id` (pending: topic) | |\n| 4 | d | nothing | |\n"
    )
    summary = summarize(read_rows(path), {"thm4.2": "certified", "eq7": "certified"})
    assert (summary.mapped, summary.not_formalizable, summary.pending) == (1, 1, 1)
    assert [r.key for r in summary.uncovered] == ["4"] and summary.uncited == ["eq7"]
    assert [(c, w, g) for _, c, w, g in summary.wrong_verdicts] == [("thm4.2", "refuted", "certified")]


def test_list_coverage_prints_the_counts():
    out = verify("list", "--coverage")
    assert out.returncode == 0, out.stderr
    for label in ("statements", "mapped to claims", "not formalizable", "pending", "uncovered", "claims cited"):
        assert label in out.stdout
    assert "uncovered: " not in out.stdout and "registered but not cited" not in out.stdout


def test_list_coverage_json_has_the_counts_and_no_error():
    out = verify("list", "--coverage", "--json")
    document = json.loads(out.stdout)
    rows = read_rows(COVERAGE_PATH)
    assert out.returncode == 0 and document["error"] is None
    assert document["statements"] == len(rows) and document["uncovered"] == 0
    assert document["claims_cited"] == document["claims_registered"]
    assert set(document["cited_unregistered"]) <= PENDING


def test_list_coverage_without_the_map_is_one_line_and_exit_two(tmp_path, monkeypatch, capsys):
    import verify.coverage
    from verify.cli import main

    monkeypatch.setattr(verify.coverage, "COVERAGE_PATH", tmp_path / "missing.md")
    assert main(["list", "--coverage"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "missing.md: cannot read" in err[0]
