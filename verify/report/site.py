"""The HTML report as a small self-contained site: report.html (findings, figures, summary) and a page per section.

Every page carries the same navigation bar (findings, figures, summary, each section) and is complete on its
own (inline CSS, MathML, figures as data URIs), so the folder works from file:// without a server. A section
whose cards pass MAX_PAGE_BYTES is split into numbered parts. Every claim card and every heading has a stable
id and a visible permalink; links to a claim name the page its card is on.
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Callable

from verify.report.htmlpage import badge, card, escape, figure, formula, page, pair, refutation_block
from verify.report.model import CORRECTED, ClaimView, Report, anchor

__all__ = ["render_pages", "INDEX", "MAX_PAGE_BYTES", "section_file"]

INDEX = "report.html"
MAX_PAGE_BYTES = 2_000_000  # the largest page the report writes (where a single claim's card allows)
_PAGE_BUDGET = MAX_PAGE_BYTES - 150_000  # cards per page, leaving room for the navigation bar and links
_TITLE = "Certificates: How Many Heads Make an SSM?"


def _slug(section: str) -> str:
    """A section label as part of a file name or an id: '3.2 / Table 1' -> '3.2-Table-1'."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", section).strip("-") or "none"


def section_file(section: str, part: int = 0) -> str:
    """The file of a section's page (part 0), or of a later part of a long section."""
    return f"report-section-{_slug(section)}" + (f"-part{part + 1}" if part else "") + ".html"


def _heading(level: int, ident: str, text: str) -> str:
    """A heading with a stable id and a visible permalink."""
    link = f'<a class="permalink" href="#{ident}" title="permalink to this heading">#</a>'
    return f'<h{level} id="{ident}">{text}{link}</h{level}>'


def _blocks(report: Report, views: list[ClaimView], links: Callable[[str], str]) -> list[tuple[list[str], str]]:
    """The cards of one section: (claim ids, HTML), a refuted claim and its correction side by side."""
    out, done, by_id = [], set(), report.by_id()
    for view in views:
        if view.id in done:
            continue
        partner = by_id.get(view.partner)
        if view.verdict == "refuted" and partner is not None and partner.id.endswith(CORRECTED):
            out.append(([view.id, partner.id], pair(view, partner, report, links)))
            done.add(partner.id)
        else:
            out.append(([view.id], card(view, report, links)))
    return out


def _parts(blocks: list[tuple[list[str], str]]) -> list[list[tuple[list[str], str]]]:
    """Blocks packed in order onto pages of at most _PAGE_BUDGET bytes (a larger block has a page of its own)."""
    parts: list[list] = [[]]
    size = 0
    for block in blocks:
        weight = len(block[1].encode("utf-8"))
        if parts[-1] and size + weight > _PAGE_BUDGET:
            parts.append([])
            size = 0
        parts[-1].append(block)
        size += weight
    return parts


def _nav(report: Report, current: str) -> str:
    """The navigation bar: findings, figures, summary, then every section (its first page)."""
    findings = sum(v.verdict == "refuted" for v in report.claims)
    figures = sum(len(v.figures) for v in report.claims)
    items = [
        f'<a href="{INDEX}#findings">Findings ({findings})</a>',
        f'<a href="{INDEX}#figures">Figures ({figures})</a>',
        f'<a href="{INDEX}#summary">Summary</a>',
        "<b>Sections</b>",
    ]
    for section, _ in report.sections():
        target = section_file(section)
        here = ' class="here" aria-current="page"' if target == current else ""
        items.append(f'<a href="{target}"{here}>{escape(section)}</a>')
    return f'<nav class="top" aria-label="report"><a href="{INDEX}"><b>Report</b></a> {" ".join(items)}</nav>'


def _findings(report: Report, links: Callable[[str], str]) -> str:
    """Every refuted step with both sides' values at its counterexample, next to its corrected statement."""
    items, by_id = [], report.by_id()
    for view in report.findings():
        original = by_id.get(view.partner)
        if view.id.endswith(CORRECTED) and original is not None and original.verdict == "refuted":
            continue
        text = [
            f'<li><a href="{escape(links(view.id))}"><code>{escape(view.id)}</code></a> {badge(view.status)} '
            f'{escape(view.reference)}<span class="scroll">as printed: {formula(view.latex, 60, display=False)}</span>'
        ]
        text.append(refutation_block(view, report, links, corrected=False))
        if view.verdict == "refuted" and not view.refutations:
            shown = ", ".join(f"<code>{escape(ob.name)}</code> ({escape(ob.kind)})" for ob in view.obligations)
            text.append(f"<div>refuted by: {shown}</div>")
        partner = by_id.get(view.partner)
        if partner is not None and not view.id.endswith(CORRECTED):
            link = (
                f'<a href="{escape(links(partner.id))}"><code>{escape(partner.id)}</code></a> {badge(partner.status)}'
            )
            shown = formula(partner.latex, 60, display=False)
            text.append(f'<div>corrected: {link}</div><span class="scroll">{shown}</span>')
        items.append("".join(text) + "</li>")
    if not items:
        return "<p>No step of the paper is refuted by the certificates in this folder.</p>"
    return '<ul class="findings-list">' + "".join(items) + "</ul>"


def _figures(report: Report, links: Callable[[str], str]) -> str:
    """Every figure as a thumbnail whose caption links to the claim it belongs to."""
    shown = []
    for view in report.claims:
        for png in view.figures:
            caption = f'<a href="{escape(links(view.id))}"><code>{escape(view.id)}</code></a> {escape(view.reference)}'
            shown.append(figure(png, view.id, "thumb", caption))
    return "".join(shown) or "<p>No figures in this folder.</p>"


def _summary(report: Report, links: Callable[[str], str]) -> str:
    """The summary table, one block of rows per paper section (optional columns hide on a narrow screen)."""
    rows = [
        '<table class="summary"><tr><th class="opt">section</th><th>claim</th><th class="opt">reference</th>'
        '<th>verdict</th><th class="opt">kernel</th><th class="opt">obligations</th>'
        + ('<th class="opt">Coq</th>' if report.coq else "")
        + "</tr>"
    ]
    for section, views in report.sections():
        for k, v in enumerate(views):
            head = f'<td class="opt" rowspan="{len(views)}"><b>{escape(section)}</b></td>' if k == 0 else ""
            kernel = "—" if v.path is None else "valid" if v.valid else '<b class="kernel-bad">INVALID</b>'
            rows.append(
                f'<tr>{head}<td><a href="{escape(links(v.id))}"><code>{escape(v.id)}</code></a></td>'
                f'<td class="opt">{escape(v.reference)}</td><td>{badge(v.status)}</td><td class="opt">{kernel}</td>'
                f'<td class="opt">{len(v.obligations)}</td>'
                + (f'<td class="opt">{escape(report.coq_cell(v))}</td>' if report.coq else "")
                + "</tr>"
            )
    totals = report.coq_totals()
    return (f"<p>{escape(totals)}.</p>" if totals else "") + "".join(rows) + "</table>"


def _index(report: Report, links: Callable[[str], str]) -> str:
    """The first page: counts, findings first, then figures and the summary."""
    tally = " ".join(f"{badge(s)} {n}" for s, n in report.counts().items())
    unreadable = "".join(f'<p class="errors">unreadable: {escape(u)}</p>' for u in report.unreadable)
    sections = "".join(
        f'<li><a href="{section_file(s)}">Section {escape(s)}</a> ({len(v)} claims)</li>' for s, v in report.sections()
    )
    return (
        '<h1>Certificates of “How Many Heads Make an SSM?” <span class="words">(arXiv 2512.15115)</span></h1>'
        f'<p>{tally} <span class="meta">certificates read from <code>{escape(report.certs)}</code>, each re-checked '
        f"by the kernel when this page was written</span></p>{unreadable}"
        + _heading(2, "findings", "Findings: refuted and corrected steps of the paper")
        + f'<div class="findings">{_findings(report, links)}</div>'
        + _heading(2, "figures", "Figures")
        + _figures(report, links)
        + _heading(2, "summary", "Summary")
        + _summary(report, links)
        + _heading(2, "sections", "Sections")
        + f"<ul>{sections}</ul>"
    )


_TOKEN = re.compile(r"@@link:(.*?)@@")  # a claim link, resolved once the page of every card is known


def render_pages(report: Report, tick: Callable[[str], None] | None = None) -> dict[str, str]:
    """Every page of the report: file name -> HTML (report.html first); `tick(section)` after each section.

    Each card is rendered once, with its links to other claims as tokens; the cards are packed onto pages, and
    the tokens are then replaced by '#anchor' (same page) or 'file#anchor' (another page).
    """
    token = lambda claim_id: f"@@link:{claim_id}@@"  # noqa: E731
    home: dict[str, str] = {}  # claim id -> file of its page
    drafts: list[tuple[str, str, str, str]] = []  # (file, first file of its section, section, body with tokens)
    for section, views in report.sections():
        parts = _parts(_blocks(report, views, token))
        files = [section_file(section, k) for k in range(len(parts))]
        for k, (name, part) in enumerate(zip(files, parts)):
            home.update((claim_id, name) for ids, _ in part for claim_id in ids)
            body = _heading(2, f"section-{_slug(section)}", f"Section {escape(section)}") + _part_links(files, k)
            drafts.append((name, files[0], section, body + "".join(html for _, html in part)))
        if tick is not None:
            tick(section)

    def resolve(text: str, current: str) -> str:
        """The page's links: '#anchor' on the same page, 'file#anchor' on another."""

        def href(match: re.Match) -> str:
            """One token's href."""
            claim_id = html_module.unescape(match.group(1))
            target = home.get(claim_id, INDEX)
            return f"#{anchor(claim_id)}" if target == current else f"{target}#{anchor(claim_id)}"

        return _TOKEN.sub(href, text)

    pages = {INDEX: page(_TITLE, _nav(report, INDEX), resolve(_index(report, token), INDEX))}
    for name, first, section, body in drafts:
        pages[name] = page(f"Section {section} — {_TITLE}", _nav(report, first), resolve(body, name))
    return pages


def _part_links(files: list[str], current: int) -> str:
    """'part 1 part 2 of 2' for a section split over several pages (nothing for one page)."""
    if len(files) < 2:
        return ""
    shown = [f'<a href="{f}">part {j + 1}</a>' if j != current else f"<b>part {j + 1}</b>" for j, f in enumerate(files)]
    return f'<p class="parts">{" ".join(shown)} of {len(files)}</p>'
