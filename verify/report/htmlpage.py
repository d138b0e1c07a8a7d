"""The report as one self-contained HTML page: MathML for mathematics, inline CSS, figures as data URIs.

Nothing is fetched when the page is viewed (no scripts, fonts, style sheets or images from the network);
every string taken from a certificate is escaped.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from verify.inputs import InputError, read_bounded
from verify.report.formulas import Math
from verify.report.kinds import Line, counterexample_points
from verify.report.mathml import mathml_available, to_mathml
from verify.report.model import CORRECTED, ClaimView, ObligationView, Report, anchor, plural, witness_of

__all__ = ["render_html", "MAX_FIGURE_BYTES"]

MAX_FIGURE_BYTES = 8 * 1024 * 1024  # a larger PNG is linked by path instead of embedded
# Formula widths in symbols (estimated by verify/report/wrap.py, about 14 px each in display math): statements and
# obligation lines of a full-width card, and of the half-width cards that show a refuted claim beside its correction.
STATEMENT_WIDTH, LINE_WIDTH = 85, 72
PAIRED_STATEMENT_WIDTH, PAIRED_LINE_WIDTH = 36, 27

_CSS = """
html{height:100%;overflow:hidden} body{height:100%;overflow:auto;margin:0;background:#fafbfc;color:#1d2330;
 font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;line-height:1.45}
main{max-width:1320px;margin:1.5em auto;padding:0 1.5em}
@media print{html,body{height:auto;overflow:visible}}
h1{font-size:1.6em;margin-bottom:.2em} h2{border-bottom:2px solid #d0d7de;padding-bottom:.2em;margin-top:1.8em}
h3{margin:.1em 0 .3em 0;font-size:1.12em} code,pre{font-family:"DejaVu Sans Mono",monospace;font-size:.92em}
table{border-collapse:collapse;margin:.4em 0 1em 0;width:100%} th,td{border:1px solid #d0d7de;padding:.25em .6em;
 text-align:left;vertical-align:top} th{background:#eef1f4}
.badge{display:inline-block;padding:.05em .55em;border-radius:.8em;font-size:.85em;font-weight:bold;color:#fff}
.certified{background:#1a7f37} .refuted{background:#bc4c00} .invalid{background:#cf222e} .missing{background:#6e7781}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:.8em 1.1em;margin:1em 0;
 overflow-x:auto} .card.refuted-card{border-left:6px solid #bc4c00} .card.invalid-card{border-left:6px solid #cf222e}
.card.certified-card{border-left:6px solid #1a7f37}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em;align-items:start} .pair>.card{margin:0}
.statement{font-size:1.08em;margin:.5em 0;overflow-x:auto;overflow-y:hidden} .words{color:#3b4350}
.why{color:#57606a;font-size:.92em} .meta{color:#57606a;font-size:.82em;word-break:break-all;margin-top:.6em}
details{margin:.35em 0;border-top:1px dashed #d8dee4;padding-top:.3em} summary{cursor:pointer;font-weight:bold}
dl.ob{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em;margin:.4em 0 .2em 1em}
dl.ob dt{color:#57606a;font-size:.9em} dl.ob dd{margin:0;overflow-x:auto;overflow-y:hidden;padding:.15em 0}
.note{color:#3b4350;font-size:.92em;margin-left:.4em} .kernel-ok{color:#1a7f37;font-weight:bold}
.kernel-bad{color:#cf222e;font-weight:bold} .errors{color:#cf222e;white-space:pre-wrap}
.findings{background:#fff8f2;border:1px solid #f0c9a8;border-radius:8px;padding:.5em 1.2em}
math{font-size:1.1em} mtd[columnalign=left]{text-align:left} .statement math[display=block]{margin:.3em 0}
dl.ob math{math-style:normal} dl.ob math[display=block]{display:inline math}
img.figure{max-width:100%;border:1px solid #d0d7de}
"""


def _e(text: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(text), quote=True)


def _badge(status: str) -> str:
    """A coloured verdict label."""
    return f'<span class="badge {_e(status)}">{_e(status)}</span>'


def _statement(latex: str, width: float = STATEMENT_WIDTH) -> str:
    """A frozen statement's LaTeX as display MathML (or its source, escaped, without a converter)."""
    return to_mathml(Math(latex or r"\text{(no statement)}", latex or "(no statement)", display=True), width)


def _line(line: Line, width: float = LINE_WIDTH) -> str:
    """One labelled line of an obligation, its formula broken into rows at most `width` symbols wide."""
    body = to_mathml(line.math, width) if line.math is not None else ""
    note = f'<span class="note">{_e(line.note)}</span>' if line.note else ""
    return f"<dt>{_e(line.label)}</dt><dd>{body}{note}</dd>"


def _obligation(ob: ObligationView, bad: list[str], width: float = LINE_WIDTH) -> str:
    """One obligation as a collapsible block, open by default, marked when the kernel rejected it."""
    mark = ' <span class="kernel-bad">rejected</span>' if bad else ""
    lines = "".join(_line(line, width) for line in ob.lines)
    return (
        f"<details open><summary>{_e(ob.name)} <code>{_e(ob.kind)}</code>{mark}</summary>"
        f'<dl class="ob">{lines}</dl></details>'
    )


def _figure(png: Path, claim_id: str) -> str:
    """A PNG figure as an embedded data URI (or a path when too large to embed)."""
    try:
        data = read_bounded(png, MAX_FIGURE_BYTES, "PNG figure")
    except InputError as err:
        return f'<p class="meta">figure not embedded: {_e(err)}</p>'
    if not data.startswith(b"\x89PNG"):
        return f'<p class="meta">figure (not embedded: too large or not a PNG): <code>{_e(png)}</code></p>'
    uri = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
    return (
        f'<figure><img class="figure" alt="{_e(claim_id)}: {_e(png.name)}" src="{uri}">'
        f'<figcaption class="meta">{_e(png)}</figcaption></figure>'
    )


def _card(view: ClaimView, report: Report, paired: bool = False) -> str:
    """The card of one claim (half width when paired): statement, verdict, obligations, figures, file, hash."""
    statement_width, line_width = (
        (PAIRED_STATEMENT_WIDTH, PAIRED_LINE_WIDTH) if paired else (STATEMENT_WIDTH, LINE_WIDTH)
    )
    out = [f'<div class="card {_e(view.status)}-card" id="{anchor(view.id)}">']
    out.append(
        f'<h3><code>{_e(view.id)}</code> {_badge(view.status)} <span class="words">{_e(view.reference)}</span></h3>'
    )
    partner = report.by_id().get(view.partner)
    if partner is not None:
        relation = "corrects" if view.id.endswith(CORRECTED) else "corrected by"
        out.append(
            f'<div class="meta">{relation} <a href="#{anchor(partner.id)}"><code>{_e(partner.id)}</code></a>'
            f" {_badge(partner.status)}</div>"
        )
    out.append(
        f'<div class="statement">{_statement(view.latex, statement_width)}</div>'
        f'<div class="words">{_e(view.words)}</div>'
    )
    if view.why:
        out.append(f'<p class="why"><b>Why the obligations imply it.</b> {_e(view.why)}</p>')
    if view.path is None:
        out.append(
            f'<p class="kernel-bad">No certificate file: run <code>python -m verify run {_e(view.id)}</code></p>'
        )
        return "".join(out) + "</div>"
    if view.valid:
        kernel = f'<span class="kernel-ok">kernel re-check: valid</span>, {plural(len(view.obligations), "obligation")}'
    else:
        kernel = '<span class="kernel-bad">kernel re-check: INVALID</span>'
    says = f" (the certificate says <b>{_e(view.verdict)}</b>)" if view.verdict and view.verdict != view.status else ""
    out.append(f"<p>{kernel}{says}</p>")
    if view.errors:
        out.append('<pre class="errors">' + _e("\n".join(view.errors)) + "</pre>")
    if view.figure_errors:
        out.append('<pre class="errors">figure check: ' + _e("\n".join(view.figure_errors)) + "</pre>")
    for ob in view.obligations:
        bad = [e for e in view.errors if f"obligation {ob.name!r}" in e]
        out.append(_obligation(ob, bad, line_width))
    out += [_figure(png, view.id) for png in view.figures]
    out.append(
        f'<div class="meta">certificate <code>{_e(view.path)}</code><br>content hash <code>'
        f"{_e(view.content_hash)}</code><br>file sha256 <code>{_e(view.file_sha256)}</code></div></div>"
    )
    return "".join(out)


def _summary(report: Report) -> str:
    """The summary table, one block of rows per paper section."""
    rows = [
        "<table><tr><th>section</th><th>claim</th><th>reference</th><th>verdict</th><th>kernel</th>"
        "<th>obligations</th></tr>"
    ]
    for section, views in report.sections():
        for k, v in enumerate(views):
            head = f'<td rowspan="{len(views)}"><b>{_e(section)}</b></td>' if k == 0 else ""
            kernel = "—" if v.path is None else "valid" if v.valid else '<b class="kernel-bad">INVALID</b>'
            rows.append(
                f'<tr>{head}<td><a href="#{anchor(v.id)}"><code>{_e(v.id)}</code></a></td>'
                f"<td>{_e(v.reference)}</td><td>{_badge(v.status)}</td><td>{kernel}</td>"
                f"<td>{len(v.obligations)}</td></tr>"
            )
    return "".join(rows) + "</table>"


def _findings(report: Report) -> str:
    """Every refuted step with its counterexample, next to its corrected statement."""
    items = []
    by_id = report.by_id()
    for view in report.findings():
        original = by_id.get(view.partner)
        if view.id.endswith(CORRECTED) and original is not None and original.verdict == "refuted":
            continue
        points = []
        for ob in view.obligations:
            if ob.kind == "counterexample":
                shown = ", ".join(to_mathml(m) for m in _points(view, ob)) or "see the certificate"
                points.append(f"<br>counterexample <code>{_e(ob.name)}</code>: {shown}")
        text = [
            f'<li><a href="#{anchor(view.id)}"><code>{_e(view.id)}</code></a> {_badge(view.status)} '
            f"{_e(view.reference)}<br>as printed: {to_mathml(Math(view.latex, view.latex))}"
        ]
        text += points
        if view.verdict == "refuted" and not points:
            shown = ", ".join(f"<code>{_e(ob.name)}</code> ({_e(ob.kind)})" for ob in view.obligations)
            text.append(f"<br>refuted by: {shown}")
        partner = by_id.get(view.partner)
        if partner is not None and not view.id.endswith(CORRECTED):
            text.append(
                f'<br>corrected: <a href="#{anchor(partner.id)}"><code>{_e(partner.id)}</code></a> '
                f"{_badge(partner.status)} {to_mathml(Math(partner.latex, partner.latex))}"
            )
        items.append("".join(text) + "</li>")
    if not items:
        return "<p>No step of the paper is refuted by the certificates in this folder.</p>"
    return "<ul>" + "".join(items) + "</ul>"


def _points(view: ClaimView, ob: ObligationView) -> list[Math]:
    """The counterexample point of an obligation, read from the certificate file."""
    return counterexample_points(witness_of(view, ob.name))


def _sections(report: Report) -> str:
    """All claim cards, by section; a refuted claim and its correction side by side."""
    out, by_id = [], report.by_id()
    for section, views in report.sections():
        out.append(f"<h2>Section {_e(section)}</h2>")
        done: set[str] = set()
        for view in views:
            if view.id in done:
                continue
            partner = by_id.get(view.partner)
            if view.verdict == "refuted" and partner is not None and partner.id.endswith(CORRECTED):
                out.append(f'<div class="pair">{_card(view, report, True)}{_card(partner, report, True)}</div>')
                done.add(partner.id)
            else:
                out.append(_card(view, report))
    return "".join(out)


def render_html(report: Report) -> str:
    """The whole report as one self-contained HTML document."""
    counts = report.counts()
    tally = " ".join(f"{_badge(s)} {n}" for s, n in counts.items())
    note = (
        ""
        if mathml_available()
        else ('<p class="errors">latex2mathml is not installed: formulas are shown as text.</p>')
    )
    unreadable = "".join(f'<p class="errors">unreadable: {_e(u)}</p>' for u in report.unreadable)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Certificates: How Many Heads Make an SSM?</title>"
        f"<style>{_CSS}</style></head><body><main>"
        '<h1>Certificates of “How Many Heads Make an SSM?” <span class="words">(arXiv 2512.15115)</span></h1>'
        f'<p>{tally} <span class="meta">certificates read from <code>{_e(report.certs)}</code>, each re-checked '
        "by the kernel when this page was written</span></p>"
        f"{note}{unreadable}<h2>Summary</h2>{_summary(report)}"
        f'<h2>Findings: refuted and corrected steps of the paper</h2><div class="findings">{_findings(report)}</div>'
        f"{_sections(report)}</main></body></html>\n"
    )
