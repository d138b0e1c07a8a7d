"""The report: every certificate re-checked by the kernel, with its statement, verdict and obligations, as Markdown.

The model (`load_report`) is shared by the Markdown page (here), the HTML page (report_html.py) and the
terminal view (`python -m verify show`). It reads certificate files and the kernel's frozen statements only;
findings (refuted steps and their corrections) are derived from the certificates, never written by hand.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from verify.kernel import UnreadableInput, check_file, load_json, statements
from verify.kernel.errors import KernelError
from verify.report_kinds import Line, counterexample_points, obligation_lines
from verify.report_math import Math

__all__ = [
    "ClaimView",
    "ObligationView",
    "Report",
    "load_report",
    "load_claim",
    "render_markdown",
    "write_report",
    "CORRECTED",
    "plural",
    "witness_of",
]

CORRECTED = ".corrected"
_STATUSES = ("certified", "refuted", "invalid", "missing")


def _section_key(section: str) -> tuple:
    """Sort key of a section label: numbered sections first, numerically; then appendices, then the rest."""
    head = section.split()[0] if section.split() else section
    parts = head.split(".")
    if all(p.isdigit() for p in parts):
        return (0, tuple(int(p) for p in parts), section)
    return (1, tuple(parts), section)


@dataclass
class ObligationView:
    """One obligation: its name, kind, and readable lines."""

    name: str
    kind: str
    lines: list[Line]


@dataclass
class ClaimView:
    """Everything the report says about one claim."""

    id: str
    section: str = "?"
    reference: str = ""
    latex: str = ""
    words: str = ""
    why: str = ""
    verdict: str | None = None
    valid: bool = False
    errors: list[str] = field(default_factory=list)
    path: str | None = None
    file_sha256: str | None = None
    content_hash: str | None = None
    obligations: list[ObligationView] = field(default_factory=list)
    figures: list[Path] = field(default_factory=list)
    registered: bool = True

    @property
    def status(self) -> str:
        """certified | refuted (valid certificate) | invalid | missing (no certificate file)."""
        if self.path is None:
            return "missing"
        return self.verdict if self.valid and self.verdict in ("certified", "refuted") else "invalid"

    @property
    def partner(self) -> str:
        """The id of the corrected claim for an original one, or of the original for a corrected one."""
        return self.id[: -len(CORRECTED)] if self.id.endswith(CORRECTED) else self.id + CORRECTED


@dataclass
class Report:
    """All claims in paper order, with the folders they were read from."""

    claims: list[ClaimView]
    certs: Path
    figures: Path | None
    unreadable: list[str] = field(default_factory=list)

    def by_id(self) -> dict[str, ClaimView]:
        """Claims by id."""
        return {c.id: c for c in self.claims}

    def sections(self) -> list[tuple[str, list[ClaimView]]]:
        """Claims grouped by paper section, sections in paper order (3.1 < 3.1.2 < 4.1 < 5 < 6 < A)."""
        groups: dict[str, list[ClaimView]] = {}
        for view in self.claims:
            groups.setdefault(view.section, []).append(view)
        return sorted(groups.items(), key=lambda item: _section_key(item[0]))

    def counts(self) -> dict[str, int]:
        """How many claims have each status."""
        return {s: sum(c.status == s for c in self.claims) for s in _STATUSES}

    def findings(self) -> list[ClaimView]:
        """Every refuted claim and every corrected claim, each original followed by its correction."""
        out = []
        for view in self.claims:
            if view.verdict == "refuted" or view.id.endswith(CORRECTED):
                out.append(view)
        return out


def plural(count: int, word: str) -> str:
    """'1 obligation', '2 obligations'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _sha256(path: Path) -> str:
    """The sha256 of a file's bytes."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def _figures_for(claim_ids: list[str], folder: Path | None) -> dict[str, list[Path]]:
    """PNG files figures/<id>*.png, each given to the longest claim id that names it."""
    out: dict[str, list[Path]] = {c: [] for c in claim_ids}
    if folder is None or not folder.is_dir():
        return out
    for png in sorted(folder.glob("*.png")):
        stem = png.stem
        owners = [c for c in claim_ids if stem == c or (stem.startswith(c) and stem[len(c)] in "-_.")]
        if owners:
            out[max(owners, key=len)].append(png)
    return out


def load_claim(path: Path, spec_table: dict | None = None) -> ClaimView:
    """Read one certificate file, re-check it with the kernel, and build its view."""
    table = statements() if spec_table is None else spec_table
    result = check_file(path)
    try:
        cert = load_json(path.read_bytes(), str(path))
    except KernelError:
        cert = None
    cert = cert if isinstance(cert, dict) else {}
    claim_id = cert.get("claim") if isinstance(cert.get("claim"), str) else path.stem
    spec = table.get(claim_id)
    view = ClaimView(claim_id, registered=spec is not None)
    if spec is not None:
        view.section, view.reference, view.why = spec["section"], spec["reference"], spec.get("why", "")
        view.latex, view.words = spec["statement"]["latex"], spec["statement"]["words"]
    else:
        view.section, view.reference = "unregistered", str(cert.get("reference", ""))
        statement = cert.get("statement") if isinstance(cert.get("statement"), dict) else {}
        view.words = str(statement.get("words", ""))
    view.verdict = cert.get("verdict") if isinstance(cert.get("verdict"), str) else None
    view.valid, view.errors = result.valid, list(result.errors)
    view.path, view.file_sha256 = str(path), _sha256(path)
    view.content_hash = cert.get("hash") if isinstance(cert.get("hash"), str) else None
    items = cert.get("obligations") if isinstance(cert.get("obligations"), list) else []
    for k, item in enumerate(items):
        name = str(item.get("name", f"#{k}")) if isinstance(item, dict) else f"#{k}"
        kind = str(item.get("kind", "?")) if isinstance(item, dict) else "?"
        view.obligations.append(ObligationView(name, kind, obligation_lines(item)))
    return view


def _paper_order(views: list[ClaimView], spec_ids: list[str]) -> list[ClaimView]:
    """Views in spec (paper) order, each corrected claim right after its original, unregistered ones last."""
    rank = {c: k for k, c in enumerate(spec_ids)}

    def key(view: ClaimView) -> tuple:
        """Sort key: position of the original claim in the specs, then the correction after it."""
        base = view.id[: -len(CORRECTED)] if view.id.endswith(CORRECTED) else view.id
        return (rank.get(base, len(rank)), base, view.id.endswith(CORRECTED), view.path or "")

    return sorted(views, key=key)


def load_report(certs: Path, figures: Path | None = None) -> Report:
    """Re-check every certificate in a folder and add a 'missing' entry for each registered claim without one."""
    table = statements()
    views, unreadable = [], []
    for path in sorted(certs.glob("*.json")):
        try:
            views.append(load_claim(path, table))
        except UnreadableInput as err:
            unreadable.append(str(err))
    present = {v.id for v in views}
    for claim_id, spec in table.items():
        if claim_id not in present:
            st = spec["statement"]
            views.append(ClaimView(claim_id, spec["section"], spec["reference"], st["latex"], st["words"], spec["why"]))
    views = _paper_order(views, list(table))
    figure_map = _figures_for([v.id for v in views], figures)
    for view in views:
        view.figures = figure_map.get(view.id, [])
    return Report(views, certs, figures, unreadable)


# --- Markdown (GitHub renders ```math blocks and $`...`$ inline math) --------------------------------------


def _md_math(math: Math) -> str:
    """A formula in GitHub Markdown."""
    if math.display:  # a fenced block, indented to stay inside the obligation's list item
        return "\n\n    ```math\n    " + math.latex.replace("\n", " ") + "\n    ```\n"
    return f"$`{math.latex}`$"


def _md_escape(text: str) -> str:
    """Text safe inside a Markdown table cell or line."""
    return text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")


def _anchor(claim_id: str) -> str:
    """The HTML/Markdown anchor of a claim."""
    return "claim-" + "".join(ch if ch.isalnum() else "-" for ch in claim_id)


def _md_claim(view: ClaimView, report: Report, out: Path) -> list[str]:
    """The Markdown section of one claim."""
    lines = [f'<a id="{_anchor(view.id)}"></a>', f"### `{view.id}` — {_md_escape(view.reference)}", ""]
    says = f" (the certificate says {view.verdict})" if view.verdict and view.verdict != view.status else ""
    lines.append(f"**Verdict:** {view.status}{says}")
    partner = report.by_id().get(view.partner)
    if partner is not None:
        relation = "corrects" if view.id.endswith(CORRECTED) else "corrected by"
        lines.append(f"  ·  {relation} [`{partner.id}`](#{_anchor(partner.id)}) ({partner.status})")
    lines += ["", f"**Statement.** {_md_escape(view.words)}", "", "```math", view.latex or r"\text{(no statement)}"]
    lines += ["```", ""]
    if view.why:
        lines += [f"**Why the obligations imply it.** {_md_escape(view.why)}", ""]
    if view.path is None:
        lines += ["_No certificate file: run `python -m verify run " + view.id + "`._", ""]
        return lines
    kernel = "valid" if view.valid else "INVALID"
    lines += [f"**Kernel re-check:** {kernel}, {plural(len(view.obligations), 'obligation')}", ""]
    lines += [f"- kernel: {_md_escape(e)}" for e in view.errors] + ([""] if view.errors else [])
    for ob in view.obligations:
        lines.append(f"- **{_md_escape(ob.name)}** ({ob.kind})")
        for line in ob.lines:
            note = f" {_md_escape(line.note)}" if line.note else ""
            if line.math is not None and line.math.display:
                lines.append(f"  - {line.label}:{note}{_md_math(line.math)}")
            else:
                body = f" {_md_math(line.math)}" if line.math is not None else ""
                lines.append(f"  - {line.label}:{body}{note}")
    lines.append("")
    for png in view.figures:
        lines += [f"![{view.id}: {png.name}]({Path(os.path.relpath(png, out)).as_posix()})", ""]
    lines += [f"Certificate: `{view.path}`, content hash `{view.content_hash}`, file `{view.file_sha256}`", ""]
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
        lines.append(f"- [`{view.id}`](#{_anchor(view.id)}) {_md_escape(view.reference)}: **{view.status}**")
        lines.append(f"  - as printed: $`{view.latex}`$")
        for ob in view.obligations:
            if ob.kind == "counterexample":
                witness = witness_of(view, ob.name)
                points = ", ".join(f"$`{m.latex}`$" for m in counterexample_points(witness))
                lines.append(f"  - counterexample ({_md_escape(ob.name)}): {points or 'see certificate'}")
        if view.verdict == "refuted" and not any(ob.kind == "counterexample" for ob in view.obligations):
            shown = ", ".join(f"[`{ob.name}`](#{_anchor(view.id)}) ({ob.kind})" for ob in view.obligations)
            lines.append(f"  - refuted by: {shown}")
        partner = report.by_id().get(view.partner)
        if partner is not None and not view.id.endswith(CORRECTED):
            lines.append(
                f"  - corrected: [`{partner.id}`](#{_anchor(partner.id)}) **{partner.status}**: $`{partner.latex}`$"
            )
    return lines + [""]


def witness_of(view: ClaimView, name: str) -> object:
    """The raw witness of an obligation, read again from the certificate file."""
    try:
        cert = load_json(Path(view.path).read_bytes(), view.path)
    except (KernelError, OSError, TypeError):
        return None
    for item in cert.get("obligations", []) if isinstance(cert, dict) else []:
        if isinstance(item, dict) and item.get("name") == name:
            return item.get("witness")
    return None


def summary_rows(report: Report) -> list[tuple[str, list[ClaimView]]]:
    """The summary table's groups (paper sections) — shared with the HTML page."""
    return report.sections()


def render_markdown(report: Report, out: Path) -> str:
    """The whole report as GitHub Markdown; figure links are relative to the folder `out`."""
    counts = report.counts()
    lines = ["# Certificates of “How Many Heads Make an SSM?” (arXiv 2512.15115)", ""]
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items()) + f" — certificates read from `{report.certs}`")
    lines += [""] + [f"- unreadable: {_md_escape(u)}" for u in report.unreadable] + ["", "## Summary", ""]
    for section, views in summary_rows(report):
        lines += [f"**Section {section}**", "", "| claim | reference | verdict | kernel |", "|---|---|---|---|"]
        for v in views:
            kernel = "—" if v.path is None else "valid" if v.valid else "INVALID"
            link = f"[`{v.id}`](#{_anchor(v.id)})"
            lines.append(f"| {link} | {_md_escape(v.reference)} | {v.status} | {kernel} |")
        lines.append("")
    lines += _md_findings(report)
    for section, views in report.sections():
        lines += [f"## Section {section}", ""]
        for view in views:
            lines += _md_claim(view, report, out)
    return "\n".join(lines) + "\n"


def write_report(report: Report, out: Path) -> tuple[Path, Path]:
    """Write report.md and report.html into `out` atomically; returns their paths."""
    from verify.certificate import write_atomic
    from verify.report_html import render_html

    md_path, html_path = out / "report.md", out / "report.html"
    write_atomic(md_path, render_markdown(report, out).encode("utf-8"))
    write_atomic(html_path, render_html(report).encode("utf-8"))
    return md_path, html_path
