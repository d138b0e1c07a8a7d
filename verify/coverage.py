"""The paper's coverage map (docs/coverage.md): every statement with mathematical content and the claims it maps to.

The map is Markdown for readers and data for tests. Each section of the paper is a table whose header row is
`| # | statement | claims | verdict and notes |`; each row is one statement. Its claims cell holds claim ids in
backticks, each optionally followed by its verdict in parentheses (`` `thm4.2` (certified) ``), and/or the text
`not formalizable: <reason>`, and/or `(pending: <topic>)` for ids that other branches are adding (their ids are
cited in backticks too and are not registered yet). A literal `|` inside a cell is written `\\|`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["COVERAGE_PATH", "HEADER", "Row", "Summary", "CoverageError", "read_rows", "summarize", "registered"]

# In a checkout (or an editable install) the map is docs/coverage.md; a built package carries a copy (setup.py).
_SHIPPED = Path(__file__).resolve().parent / "data" / "coverage.md"
_CHECKOUT = Path(__file__).resolve().parent.parent / "docs" / "coverage.md"
COVERAGE_PATH = _SHIPPED if _SHIPPED.is_file() else _CHECKOUT
HEADER = ("#", "statement", "claims", "verdict and notes")
_ID = re.compile(r"`([A-Za-z0-9][A-Za-z0-9_.\-]*)`(?:\s*\((certified|refuted)\))?")
_NOT_FORMALIZABLE = re.compile(r"not formalizable:\s*(\S.*)", re.IGNORECASE)
_PENDING = re.compile(r"\(pending:\s*([^)]+)\)")


class CoverageError(ValueError):
    """The coverage file is missing or not in the expected form."""


@dataclass(frozen=True)
class Row:
    """One statement of the paper: where it is, what it says, and what it maps to."""

    section: str
    key: str
    statement: str
    cited: tuple[tuple[str, str | None], ...]  # (claim id, verdict written beside it or None)
    not_formalizable: str | None
    pending: tuple[str, ...]  # the topics named by (pending: ...)
    line: int

    @property
    def ids(self) -> list[str]:
        """The claim ids cited in this row."""
        return [claim for claim, _ in self.cited]


@dataclass
class Summary:
    """The counts `verify list --coverage` prints, and the rows and ids behind them."""

    statements: int = 0
    mapped: int = 0
    not_formalizable: int = 0
    pending: int = 0
    uncovered: list[Row] = field(default_factory=list)
    cited: set[str] = field(default_factory=set)
    unregistered: set[str] = field(default_factory=set)
    uncited: list[str] = field(default_factory=list)
    wrong_verdicts: list[tuple[Row, str, str, str]] = field(default_factory=list)  # row, id, written, registered

    def as_dict(self, registered_count: int) -> dict:
        """Machine-readable counts (for --json)."""
        return {
            "statements": self.statements,
            "mapped": self.mapped,
            "not_formalizable": self.not_formalizable,
            "pending": self.pending,
            "uncovered": len(self.uncovered),
            "claims_cited": len(self.cited),
            "claims_registered": registered_count,
            "claims_uncited": self.uncited,
            "cited_unregistered": sorted(self.unregistered),
            "wrong_verdicts": [f"{r.key}: {c} written {w}, registered {g}" for r, c, w, g in self.wrong_verdicts],
        }


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row, splitting on | but not on \\|."""
    inner = line.strip()
    if not (inner.startswith("|") and inner.endswith("|")):
        return []
    parts = re.split(r"(?<!\\)\|", inner[1:-1])
    return [p.strip().replace("\\|", "|") for p in parts]


def _row(section: str, cells: list[str], line: int, source: str) -> Row:
    """One table row as a Row; a row with the wrong number of cells is an error naming the line."""
    if len(cells) != len(HEADER):
        raise CoverageError(f"{source}:{line}: expected {len(HEADER)} cells, found {len(cells)}")
    key, statement, claims, _ = cells
    found = _NOT_FORMALIZABLE.search(claims)
    return Row(
        section=section,
        key=key,
        statement=statement,
        cited=tuple((m.group(1), m.group(2)) for m in _ID.finditer(claims)),
        not_formalizable=found.group(1).strip() if found else None,
        pending=tuple(p.strip() for p in _PENDING.findall(claims)),
        line=line,
    )


def read_rows(path: Path | None = None) -> list[Row]:
    """Every statement row of the coverage tables (docs/coverage.md unless a path is given), in document order."""
    path = path if path is not None else COVERAGE_PATH
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CoverageError(f"{path}: cannot read ({err.strerror or err})") from None
    rows, section, in_table = [], "", False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            section, in_table = line[3:].strip(), False
            continue
        cells = _cells(line)
        if not cells:
            in_table = False
        elif tuple(c.lower() for c in cells) == HEADER:
            in_table = True
        elif in_table and not set("".join(cells)) <= set("-: "):
            rows.append(_row(section, cells, number, str(path)))
    if not rows:
        raise CoverageError(f"{path}: no table with the header {' | '.join(HEADER)}")
    return rows


def registered() -> dict[str, str]:
    """Every registered claim id with the verdict its statement allows (certified or refuted)."""
    from verify.kernel import statements

    return {cid: ("certified" if spec.get("certified") else "refuted") for cid, spec in statements().items()}


def summarize(rows: list[Row], claims: dict[str, str]) -> Summary:
    """Count statements by status and collect cited, unregistered and uncited ids and verdict mismatches."""
    out = Summary(statements=len(rows))
    for row in rows:
        known = [c for c in row.ids if c in claims]
        out.cited.update(known)
        out.unregistered.update(c for c in row.ids if c not in claims)
        for claim_id, written in row.cited:
            if written and claim_id in claims and written != claims[claim_id]:
                out.wrong_verdicts.append((row, claim_id, written, claims[claim_id]))
        if known:
            out.mapped += 1
        elif row.not_formalizable:
            out.not_formalizable += 1
        elif row.pending and row.ids:
            out.pending += 1
        else:
            out.uncovered.append(row)
    out.uncited = [c for c in claims if c not in out.cited]
    return out
