"""The claim cards of the HTML report: MathML for mathematics, inline CSS, figures as data URIs.

site.py puts the cards on pages (an index and one page per paper section). Nothing is fetched when a page is
viewed (no scripts, fonts, style sheets or images from the network); every string taken from a certificate is
escaped. Links between claims go through a `Links` function (claim id -> href), since a claim's card may be on
another page.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from pathlib import Path

from verify.footprint import footprint_summary
from verify.inputs import InputError, read_bounded
from verify.report.formulas import Math
from verify.report.kinds import Line
from verify.report.mathml import mathml_available, to_mathml
from verify.report.model import CORRECTED, ClaimView, ObligationView, Report, anchor, plural

__all__ = [
    "card",
    "pair",
    "page",
    "badge",
    "escape",
    "figure",
    "refutation_block",
    "formula",
    "Links",
    "MAX_FIGURE_BYTES",
]

Links = Callable[[str], str]  # claim id -> the href of its card (on this page or another)

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
.why{color:#57606a;font-size:.92em} .meta{color:#57606a;font-size:.82em;overflow-wrap:anywhere;margin-top:.6em}
.scroll{display:block;overflow-x:auto;overflow-y:hidden;max-width:100%} .findings-list>li{margin-bottom:.8em}
details{margin:.35em 0;border-top:1px dashed #d8dee4;padding-top:.3em} summary{cursor:pointer;font-weight:bold}
dl.ob{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em;margin:.4em 0 .2em 1em}
dl.ob dt{color:#57606a;font-size:.9em} dl.ob dd{margin:0;overflow-x:auto;overflow-y:hidden;padding:.15em 0}
.note{color:#3b4350;font-size:.92em;margin-left:.4em} .kernel-ok{color:#1a7f37;font-weight:bold}
.kernel-bad{color:#cf222e;font-weight:bold} .errors{color:#cf222e;white-space:pre-wrap}
.findings{background:#fff8f2;border:1px solid #f0c9a8;border-radius:8px;padding:.5em 1.2em}
math{font-size:1.1em} mtd[columnalign=left]{text-align:left} .statement math[display=block]{margin:.3em 0}
dl.ob math{math-style:normal} dl.ob math[display=block]{display:inline math}
img.figure{max-width:100%;border:1px solid #d0d7de} figure{margin:.6em 0}
nav.top{background:#fff;border-bottom:1px solid #d0d7de;padding:.35em 1.5em;font-size:.9em;line-height:1.9}
nav.top a{text-decoration:none;color:#0550ae;white-space:nowrap;margin-right:.9em} nav.top b{margin-right:.5em}
nav.top .here{font-weight:bold;color:#1d2330}
a.permalink{color:#8c959f;text-decoration:none;margin-left:.35em;font-weight:normal;font-size:.85em}
a.permalink:hover{color:#0550ae} .refuted-at{background:#fff8f2;border:1px solid #f0c9a8;border-radius:6px;
 padding:.35em .8em;margin:.5em 0} .refuted-at ul{margin:.2em 0;padding-left:1.2em} .values{font-weight:bold}
img.thumb{max-width:min(100%,460px);border:1px solid #d0d7de} .parts{font-size:.9em}
h3 code{word-break:break-word} td code{word-break:break-word}
@media (min-width:900px){nav.top{position:sticky;top:0;z-index:5} [id]{scroll-margin-top:3.2em}}
@media (max-width:700px){main{padding:0 .55em;margin:.6em auto} h1{font-size:1.3em} nav.top{padding:.3em .6em}
 .pair{grid-template-columns:1fr} .card{padding:.6em .7em} table .opt{display:none}
 dl.ob{grid-template-columns:1fr;margin-left:.2em} dl.ob dd{margin-left:.6em}
 .findings{padding:.4em .6em} .findings ul{padding-left:1.1em} .findings-list>li{overflow-wrap:anywhere}}
"""


def escape(text: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(text), quote=True)


_e = escape


def badge(status: str) -> str:
    """A coloured verdict label."""
    return f'<span class="badge {_e(status)}">{_e(status)}</span>'


def formula(latex: str, width: float = STATEMENT_WIDTH, display: bool = True) -> str:
    """A statement's LaTeX as MathML (or its source, escaped, without a converter)."""
    return to_mathml(Math(latex or r"\text{(no statement)}", latex or "(no statement)", display=display), width)


def _line(line: Line, width: float = LINE_WIDTH) -> str:
    """One labelled line of an obligation, its formula broken into rows at most `width` symbols wide."""
    body = to_mathml(line.math, width) if line.math is not None else ""
    note = f'<span class="note">{_e(line.note)}</span>' if line.note else ""
    return f"<dt>{_e(line.label)}</dt><dd>{body}{note}</dd>"


def _trusted(view: ClaimView) -> str:
    """The kernel lines a claim trusts (its footprint), as a line of the certificate's meta block."""
    return "" if view.footprint is None else f"<br>trusted: {_e(footprint_summary(view.footprint))}"


def _obligation(ob: ObligationView, bad: list[str], width: float = LINE_WIDTH) -> str:
    """One obligation as a collapsible block, open by default, marked when the kernel rejected it."""
    mark = ' <span class="kernel-bad">rejected</span>' if bad else ""
    lines = "".join(_line(line, width) for line in ob.lines)
    return (
        f"<details open><summary>{_e(ob.name)} <code>{_e(ob.kind)}</code>{mark}</summary>"
        f'<dl class="ob">{lines}</dl></details>'
    )


def figure(png: Path, claim_id: str, css: str = "figure", caption: str = "") -> str:
    """A PNG figure as an embedded data URI (or a note when it cannot be embedded)."""
    try:
        data = read_bounded(png, MAX_FIGURE_BYTES, "PNG figure")
    except InputError as err:
        return f'<p class="meta">figure not embedded: {_e(err)}</p>'
    if not data.startswith(b"\x89PNG"):
        return f'<p class="meta">figure (not embedded: not a PNG): <code>{_e(png)}</code></p>'
    uri = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
    anchor_id = f' id="figure-{anchor(png.stem)[len("claim-") :]}"' if css == "figure" else ""
    return (
        f'<figure{anchor_id}><img class="{css}" alt="{_e(claim_id)}: {_e(png.name)}" src="{uri}">'
        f'<figcaption class="meta">{caption or _e(png)}</figcaption></figure>'
    )


def refutation_block(view: ClaimView, report: Report, links: Links, corrected: bool = True) -> str:
    """Where a refuted claim fails: each counterexample point with both sides' values, and its corrected claim."""
    items = []
    for values in view.refutations:
        point = ", ".join(f"{name} = {value}" for name, value in values.point.items())
        items.append(
            f"<li>counterexample <code>{_e(values.obligation)}</code> at <code>{_e(point)}</code>: "
            f'<span class="values">{_e(values.values)}</span>; {_e(values.fails)}</li>'
        )
    fixed = report.corrected(view)
    if corrected and view.verdict == "refuted" and fixed is not None:
        link = f'<a href="{_e(links(fixed.id))}"><code>{_e(fixed.id)}</code></a>'
        items.append(f"<li>corrected claim: {link} {badge(fixed.status)}</li>")
    if not items:
        return ""
    return f'<div class="refuted-at"><b>Refuted at</b><ul>{"".join(items)}</ul></div>'


def card(view: ClaimView, report: Report, links: Links, paired: bool = False) -> str:
    """The card of one claim (half width when paired): statement, verdict, values at the counterexample,
    figures, obligations, file and hash; its heading carries a permalink."""
    statement_width, line_width = (
        (PAIRED_STATEMENT_WIDTH, PAIRED_LINE_WIDTH) if paired else (STATEMENT_WIDTH, LINE_WIDTH)
    )
    here = anchor(view.id)
    out = [f'<div class="card {_e(view.status)}-card" id="{here}">']
    out.append(
        f'<h3><code>{_e(view.id)}</code> {badge(view.status)} <span class="words">{_e(view.reference)}</span>'
        f'<a class="permalink" href="#{here}" title="permalink to this claim">#</a></h3>'
    )
    partner = report.by_id().get(view.partner)
    if partner is not None:
        relation = "corrects" if view.id.endswith(CORRECTED) else "corrected by"
        out.append(
            f'<div class="meta">{relation} <a href="{_e(links(partner.id))}"><code>{_e(partner.id)}</code></a>'
            f" {badge(partner.status)}</div>"
        )
    out.append(
        f'<div class="statement">{formula(view.latex, statement_width)}</div><div class="words">{_e(view.words)}</div>'
    )
    if view.formal:  # the registered goal beside the words
        items = "".join(f"<li><code>{_e(x)}</code></li>" for x in view.formal)
        head = "<b>Formal statement</b> (registered; each goal must equal it)"
        out.append(f'<div class="formal">{head}<ul>{items}</ul></div>')
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
    out.append(refutation_block(view, report, links))
    out += [figure(png, view.id) for png in view.figures]  # next to the statement, before the proof items
    for ob in view.obligations:
        bad = [e for e in view.errors if f"obligation {ob.name!r}" in e]
        out.append(_obligation(ob, bad, line_width))
    out.append(
        f'<div class="meta">certificate <code>{_e(view.path)}</code><br>content hash <code>'
        f"{_e(view.content_hash)}</code><br>file sha256 <code>{_e(view.file_sha256)}</code>{_trusted(view)}</div></div>"
    )
    return "".join(out)


def pair(view: ClaimView, partner: ClaimView, report: Report, links: Links) -> str:
    """A refuted claim beside its correction (one column on a narrow screen)."""
    return f'<div class="pair">{card(view, report, links, True)}{card(partner, report, links, True)}</div>'


def page(title: str, nav: str, body: str) -> str:
    """One complete, self-contained HTML document."""
    note = (
        "" if mathml_available() else '<p class="errors">latex2mathml is not installed: formulas are shown as text.</p>'
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>{nav}<main>{note}{body}</main></body></html>\n"
    )
