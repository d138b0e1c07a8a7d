"""The report as GitHub Markdown (```math blocks and $`...`$ inline math), from the model in model.py."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from urllib.parse import quote

from verify.footprint import footprint_summary
from verify.report.formulas import Math
from verify.report.kinds import counterexample_points
from verify.report.model import CORRECTED, ClaimView, Report, anchor, plural, witness_of

__all__ = ["render_markdown", "summary_rows"]


def _md_math(math: Math) -> str:
    """A formula in GitHub Markdown."""
    if math.display:  # a fenced block, indented to stay inside the obligation's list item
        return "\n\n    ```math\n    " + math.latex.replace("\n", " ") + "\n    ```\n"
    return f"$`{math.latex}`$"


_MARKUP = re.compile(r"([\\`*_\[\]|#!~])")  # Markdown punctuation that could start markup


def _md_escape(text: object) -> str:
    """Any text (a certificate may supply it) safe inside a Markdown line or table cell: no HTML, no markup."""
    return _MARKUP.sub(r"\\\1", html.escape(str(text), quote=False)).replace("\n", " ").replace("\r", " ")


def _md_code(text: object) -> str:
    """Text as an inline code span, fenced by more backticks than it contains, on one line."""
    text = str(text).replace("\n", " ").replace("\r", " ")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}" if "`" in text else f"`{text}`"


def _md_refutation(view: ClaimView, report: Report, indent: str = "  ") -> list[str]:
    """The values of both sides at each counterexample point, and the corrected claim, as list items."""
    lines = []
    for values in view.refutations:
        point = ", ".join(f"{name} = {value}" for name, value in values.point.items())
        lines.append(f"{indent}- at {_md_escape(point)} ({_md_escape(values.obligation)}): {_md_escape(values.text)}")
    fixed = report.corrected(view)
    if view.verdict == "refuted" and fixed is not None:
        lines.append(f"{indent}- corrected claim: [`{fixed.id}`](#{anchor(fixed.id)}) ({fixed.status})")
    return lines


def _md_claim(view: ClaimView, report: Report, out: Path) -> list[str]:
    """The Markdown section of one claim."""
    lines = [f'<a id="{anchor(view.id)}"></a>', f"### `{view.id}` — {_md_escape(view.reference)}", ""]
    says = f" (the certificate says {_md_escape(view.verdict)})" if view.verdict and view.verdict != view.status else ""
    lines.append(f"**Verdict:** {view.status}{says}")
    partner = report.by_id().get(view.partner)
    if partner is not None:
        relation = "corrects" if view.id.endswith(CORRECTED) else "corrected by"
        lines.append(f"  ·  {relation} [`{partner.id}`](#{anchor(partner.id)}) ({partner.status})")
    lines += ["", f"**Statement.** {_md_escape(view.words)}", "", "```math", view.latex or r"\text{(no statement)}"]
    lines += ["```", ""]
    if view.formal:
        lines += ["**Formal statement** (registered; each certificate goal must equal it):", ""]
        lines += [f"- {_md_escape(x)}" for x in view.formal] + [""]
    if view.why:
        lines += [f"**Why the obligations imply it.** {_md_escape(view.why)}", ""]
    if view.path is None:
        lines += ["_No certificate file: run `python -m verify run " + view.id + "`._", ""]
        return lines
    kernel = "valid" if view.valid else "INVALID"
    lines += [f"**Kernel re-check:** {kernel}, {plural(len(view.obligations), 'obligation')}", ""]
    lines += [f"- kernel: {_md_escape(e)}" for e in view.errors] + ([""] if view.errors else [])
    lines += [f"- figure check: {_md_escape(e)}" for e in view.figure_errors] + ([""] if view.figure_errors else [])
    if view.refutations:
        lines += ["**Refuted at:**", "", *_md_refutation(view, report, ""), ""]
    for png in view.figures:  # next to the statement, before the obligations
        link = quote(Path(os.path.relpath(png, out)).as_posix())
        lines += [f"![{_md_escape(view.id)}: {_md_escape(png.name)}]({link})", ""]
    for ob in view.obligations:
        lines.append(f"- **{_md_escape(ob.name)}** ({_md_escape(ob.kind)})")
        for line in ob.lines:
            note = f" {_md_escape(line.note)}" if line.note else ""
            if line.math is not None and line.math.display:
                lines.append(f"  - {_md_escape(line.label)}:{note}{_md_math(line.math)}")
            else:
                body = f" {_md_math(line.math)}" if line.math is not None else ""
                lines.append(f"  - {_md_escape(line.label)}:{body}{note}")
    lines.append("")
    hashes = f"content hash {_md_code(view.content_hash)}, file {_md_code(view.file_sha256)}"
    lines += [f"Certificate: {_md_code(view.path)}, {hashes}", ""]
    if view.footprint is not None:
        lines += [f"Trusted: {_md_escape(footprint_summary(view.footprint))}", ""]
    return lines


def _md_findings(report: Report) -> list[str]:
    """The findings section: each refuted step with its counterexample and its correction."""
    lines = ["## Findings: refuted and corrected steps of the paper", ""]
    findings = report.findings()
    if not findings:
        return lines + ["No step of the paper is refuted by the certificates in this folder.", ""]
    for view in findings:
        if view.id.endswith(CORRECTED) and report.by_id().get(view.partner, ClaimView("")).verdict == "refuted":
            continue  # listed under its original
        lines.append(f"- [`{view.id}`](#{anchor(view.id)}) {_md_escape(view.reference)}: **{view.status}**")
        lines.append(f"  - as printed: $`{view.latex}`$")
        for ob in view.obligations:
            if ob.kind == "counterexample":
                witness = witness_of(view, ob.name)
                points = ", ".join(f"$`{m.latex}`$" for m in counterexample_points(witness))
                lines.append(f"  - counterexample ({_md_escape(ob.name)}): {points or 'see certificate'}")
        lines += [line for line in _md_refutation(view, report) if "corrected claim" not in line]
        if view.verdict == "refuted" and not any(ob.kind == "counterexample" for ob in view.obligations):
            shown = ", ".join(f"{_md_escape(ob.name)} ({_md_escape(ob.kind)})" for ob in view.obligations)
            lines.append(f"  - refuted by: {shown}")
        partner = report.by_id().get(view.partner)
        if partner is not None and not view.id.endswith(CORRECTED):
            lines.append(
                f"  - corrected: [`{partner.id}`](#{anchor(partner.id)}) **{partner.status}**: $`{partner.latex}`$"
            )
    return lines + [""]


def summary_rows(report: Report) -> list[tuple[str, list[ClaimView]]]:
    """The summary table's groups (paper sections) — shared with the HTML page."""
    return report.sections()


def render_markdown(report: Report, out: Path) -> str:
    """The whole report as GitHub Markdown; figure links are relative to the folder `out`."""
    counts = report.counts()
    lines = ["# Certificates of “How Many Heads Make an SSM?” (arXiv 2512.15115)", ""]
    tally = ", ".join(f"{n} {s}" for s, n in counts.items())
    lines.append(f"{tally} — certificates read from {_md_code(report.certs)}")
    lines += [""] + [f"- unreadable: {_md_escape(u)}" for u in report.unreadable] + [""]
    lines += _md_findings(report) + ["## Summary", ""]
    coq = report.coq_totals()
    lines += [_md_escape(coq) + ".", ""] if coq else []
    for section, views in summary_rows(report):
        head, rule = (
            ("| claim | reference | verdict | kernel | Coq |", "|---|---|---|---|---|")
            if coq
            else ("| claim | reference | verdict | kernel |", "|---|---|---|---|")
        )
        lines += [f"**Section {_md_escape(section)}**", "", head, rule]
        for v in views:
            kernel = "—" if v.path is None else "valid" if v.valid else "INVALID"
            link = f"[`{v.id}`](#{anchor(v.id)})"
            cell = f" {report.coq_cell(v)} |" if coq else ""
            lines.append(f"| {link} | {_md_escape(v.reference)} | {v.status} | {kernel} |{cell}")
        lines.append("")
    for section, views in report.sections():
        lines += [f"## Section {_md_escape(section)}", ""]
        for view in views:
            lines += _md_claim(view, report, out)
    return "\n".join(lines) + "\n"
