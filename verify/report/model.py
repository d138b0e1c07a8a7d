"""The report's model: every certificate re-checked by the kernel, with its statement, verdict and obligations.

The model (`load_report`) is shared by the Markdown page (markdown.py), the HTML page (htmlpage.py) and
the terminal view (`python -m verify show`). It reads certificate files and the kernel's frozen statements only;
findings (refuted steps and their corrections) are derived from the certificates, never written by hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from verify.figures import compare_files, is_claim_id, recorded_files
from verify.footprint import Footprint, trust_footprint
from verify.inputs import InputError, read_bounded
from verify.kernel import UnreadableInput, check_file, load_json, statements
from verify.kernel.core.errors import KernelError
from verify.kernel.core.limits import MAX_FILE_BYTES
from verify.kernel.statements import substitute_params
from verify.report.formal import formal_lines
from verify.report.kinds import Line, obligation_lines
from verify.report.refutation import SideValues, refutation_summary

__all__ = [
    "ClaimView",
    "ObligationView",
    "Report",
    "load_report",
    "load_claim",
    "anchor",
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
    formal: list[str] = field(default_factory=list)  # the registered statement's formal goal (verify.report.formal)
    recorded: dict[str, str] = field(default_factory=dict)  # figure files the certificate records, by sha256
    figure_errors: list[str] = field(default_factory=list)  # recorded figures that differ from the files
    refutations: list[SideValues] = field(default_factory=list)  # both sides at each counterexample point
    footprint: Footprint | None = None  # the kernel files a certificate of this claim trusts (verify/footprint.py)

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
    coq: dict | None = None  # the record of the last Coq run (verify/coqsummary.py), when there is one

    def coq_cell(self, view: ClaimView) -> str:
        """The Coq column of a claim: 'all 3/3', 'partly 1/3', 'none 0/3', 'stale' or '—'."""
        from verify.coqsummary import coq_cell

        return coq_cell(self.coq, view.id, view.file_sha256 if view.path is not None else None)

    def coq_totals(self) -> str | None:
        """The recorded Coq totals and how many claims here are stale, or None without a record."""
        from verify.coqsummary import totals_line

        return None if self.coq is None else totals_line(self.coq, [self.coq_cell(v) for v in self.claims])

    def by_id(self) -> dict[str, ClaimView]:
        """Claims by id."""
        return {c.id: c for c in self.claims}

    def corrected(self, view: ClaimView) -> ClaimView | None:
        """The corrected claim (`<id>.corrected`) of a claim, when the report lists it (present or missing)."""
        if view.id.endswith(CORRECTED):
            return None
        return self.by_id().get(view.id + CORRECTED)

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


def _read(path: Path) -> bytes:
    """A certificate file's bytes, read with the same bound as the kernel's (UnreadableInput otherwise)."""
    try:
        return read_bounded(path, MAX_FILE_BYTES, "certificate")
    except InputError as err:
        raise UnreadableInput(str(err)) from None


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
    data = _read(path)
    try:
        cert = load_json(data, str(path))
    except KernelError:
        cert = None
    cert = cert if isinstance(cert, dict) else {}
    claim = cert.get("claim")
    claim_id = claim if is_claim_id(claim) else path.stem  # a path-like id never names anything (issue 22, fault 8)
    spec = table.get(claim_id)
    view = ClaimView(claim_id, registered=spec is not None)
    if claim_id != claim:
        view.errors.append(f"{path}: claim: {str(claim)[:80]!r} is not a claim id; shown under the file's name")
    if spec is not None:
        view.section, view.reference, view.why = spec["section"], spec["reference"], spec.get("why", "")
        view.latex, view.words = spec["statement"]["latex"], spec["statement"]["words"]
        view.formal = formal_lines(spec)
        view.footprint = trust_footprint(claim_id, spec)
    else:
        view.section, view.reference = "unregistered", str(cert.get("reference", ""))
        statement = cert.get("statement")
        statement = statement if isinstance(statement, dict) else {}
        view.words = str(statement.get("words", ""))
    view.verdict = cert.get("verdict") if isinstance(cert.get("verdict"), str) else None
    view.valid, view.errors = result.valid and claim_id == claim, view.errors + list(result.errors)
    view.path, view.file_sha256 = str(path), "sha256:" + hashlib.sha256(data).hexdigest()
    view.recorded = recorded_files(cert)
    view.content_hash = cert.get("hash") if isinstance(cert.get("hash"), str) else None
    items = cert.get("obligations")
    items = items if isinstance(items, list) else []
    for k, item in enumerate(items):
        name = str(item.get("name", f"#{k}")) if isinstance(item, dict) else f"#{k}"
        kind = str(item.get("kind", "?")) if isinstance(item, dict) else "?"
        view.obligations.append(ObligationView(name, kind, obligation_lines(_spelled_out(item, cert))))
    if view.verdict == "refuted" and view.valid:  # values only where the kernel confirmed the refutation
        view.refutations = refutation_summary(items)
    return view


def _spelled_out(item: object, cert: dict) -> object:
    """The obligation with a goal written by reference ({"$param": name}) shown as the kernel reads it, the params
    substituted (kernel.statements.substitute_params); as written when a parameter is missing (the kernel says so)."""
    params = cert.get("params")
    if not isinstance(item, dict) or not isinstance(params, dict) or not isinstance(item.get("goal"), dict):
        return item
    try:
        return {**item, "goal": substitute_params(item["goal"], params, "report")}
    except KernelError:
        return item


def _paper_order(views: list[ClaimView], spec_ids: list[str]) -> list[ClaimView]:
    """Views in spec (paper) order, each corrected claim right after its original, unregistered ones last."""
    rank = {c: k for k, c in enumerate(spec_ids)}

    def key(view: ClaimView) -> tuple:
        """Sort key: position of the original claim in the specs, then the correction after it."""
        base = view.id[: -len(CORRECTED)] if view.id.endswith(CORRECTED) else view.id
        return (rank.get(base, len(rank)), base, view.id.endswith(CORRECTED), view.path or "")

    return sorted(views, key=key)


def load_report(certs: Path, figures: Path | None = None, tick: Callable[[str], None] | None = None) -> Report:
    """Re-check every certificate in a folder and add a 'missing' entry for each registered claim without one.

    `tick(name)` is called after each certificate (for progress lines).
    """
    table = statements()
    views, unreadable = [], []
    for path in sorted(certs.glob("*.json")):
        try:
            views.append(load_claim(path, table))
        except UnreadableInput as err:
            unreadable.append(str(err))
        if tick is not None:
            tick(path.stem)
    present = {v.id for v in views}
    for claim_id, spec in table.items():
        if claim_id not in present:
            st = spec["statement"]
            views.append(ClaimView(claim_id, spec["section"], spec["reference"], st["latex"], st["words"], spec["why"]))
            views[-1].formal = formal_lines(spec)
    views = _paper_order(views, list(table))
    figure_map = _figures_for([v.id for v in views], figures)
    for view in views:
        view.figures = figure_map.get(view.id, [])
        if view.recorded and figures is not None:
            view.figure_errors = compare_files(view.recorded, figures)[0]
    return Report(views, certs, figures, unreadable)


def anchor(claim_id: str) -> str:
    """The HTML/Markdown anchor of a claim."""
    return "claim-" + "".join(ch if ch.isalnum() else "-" for ch in claim_id)


def witness_of(view: ClaimView, name: str) -> object:
    """The raw witness of an obligation, read again from the certificate file."""
    if view.path is None:
        return None
    try:
        cert = load_json(_read(Path(view.path)), view.path)
    except (KernelError, UnreadableInput, TypeError):
        return None
    for item in cert.get("obligations", []) if isinstance(cert, dict) else []:
        if isinstance(item, dict) and item.get("name") == name:
            return item.get("witness")
    return None
