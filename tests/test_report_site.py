"""The HTML report's pages (verify/report/site.py): index first with findings, one page per section, every link
resolves, every card and heading has a permalink, pages split when a section would pass the size limit."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import verify.report.site as site
from verify.report.model import load_report

ROOT = Path(__file__).resolve().parent.parent
CERTS = ("thm5.1.eq14", "thm5.1.eq14.corrected", "thm4.2.eq5", "thm4.2", "exp.fig4")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """A report of a few certificates: a refuted claim and its correction, two certified ones, one with a figure."""
    folder = tmp_path_factory.mktemp("certs")
    for claim in CERTS:
        shutil.copy(ROOT / "certs" / f"{claim}.json", folder)
    (folder / "figures").mkdir()
    shutil.copy(ROOT / "certs" / "figures" / "exp.fig4.png", folder / "figures")
    return load_report(folder, folder / "figures")


def _links_resolve(pages: dict[str, str]) -> int:
    """Check every relative link of every page lands on an existing page and id; return how many there are."""
    ids = {name: set(re.findall(r'\bid="([^"]+)"', text)) for name, text in pages.items()}
    count = 0
    for name, text in pages.items():
        for href in re.findall(r'href="([^"]+)"', text):
            target, _, fragment = href.partition("#")
            target = target or name
            assert target in pages, (name, href)
            assert not fragment or fragment in ids[target], (name, href)
            count += 1
    return count


def test_the_index_comes_first_with_findings_before_figures_and_summary(report):
    pages = site.render_pages(report)
    index = pages[site.INDEX]
    assert list(pages)[0] == site.INDEX
    spots = [index.index(f'id="{name}"') for name in ("findings", "figures", "summary", "sections")]
    assert spots == sorted(spots)
    findings = index[spots[0] : spots[1]]
    assert "report-section-5.html#claim-thm5-1-eq14" in findings  # the refuted claim, linked on its page
    assert "left ≈ 0.487931261789823, right ≈ 0.666284429146430" in findings  # both sides at the point
    assert "report-section-5.html#claim-thm5-1-eq14-corrected" in findings
    assert '<img class="thumb"' in index[spots[1] : spots[2]]


def test_every_link_resolves_and_every_card_and_heading_has_a_permalink(report):
    pages = site.render_pages(report)
    assert set(pages) == {site.INDEX, *(site.section_file(s) for s, _ in report.sections())}
    assert _links_resolve(pages) > 50
    for text in pages.values():
        assert '<nav class="top"' in text
        for ident in re.findall(r'<(?:div class="card[^"]*"|h2) id="([^"]+)"', text):
            assert f'href="#{ident}" title="permalink' in text, ident


def test_a_figure_is_on_its_card_before_the_proof_items(report):
    page = site.render_pages(report)[site.section_file("6.2")]
    card = page[page.index('id="claim-exp-fig4"') :]
    assert card.index("<figure") < card.index("<details")


def test_a_section_past_the_page_budget_is_split_into_parts_and_links_still_resolve(report, monkeypatch):
    monkeypatch.setattr(site, "_PAGE_BUDGET", 20_000)
    pages = site.render_pages(report)
    parts = [name for name in pages if name.startswith("report-section-5")]
    assert len(parts) >= 2 and "report-section-5-part2.html" in parts
    assert 'class="parts"' in pages["report-section-5-part2.html"]
    assert _links_resolve(pages) > 50


def test_each_card_shows_the_registered_formal_goal_after_the_words(report):
    page = site.render_pages(report)[site.section_file("4.1")]
    card = page[page.index('id="claim-thm4-2"') :]
    formal = card.index('<div class="formal">')
    assert card.index('<div class="words">') < formal < card.index("<details")
    assert "<code>s4_rank_gap.json: verdict certified; no inputs</code>" in card[formal:]
