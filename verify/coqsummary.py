"""The committed record of the last Coq run (docs/coq-results.json): per claim, the obligations Coq checked, the
verdict all / partly / none and the digest of the certificate it checked; the totals; Coq's version and the date.

`python -m verify coq certs/ --summary docs/coq-results.json` writes it; `verify report` reads it and shows a Coq
column, marking a claim "stale" when its certificate is no longer the one Coq checked (never "all" for a
certificate that Coq did not check).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import subprocess
from pathlib import Path

__all__ = ["SUMMARY", "build_summary", "coq_cell", "coq_version", "file_digest", "read_summary", "write_summary"]

SUMMARY = Path("docs") / "coq-results.json"
"""Where the summary lives, relative to the checkout."""

_FORMAT = "hmh-coq-summary/1"
_TOTALS: tuple[str, ...] = (
    "obligations",
    "obligations_checked",
    "claims",
    "claims_all",
    "claims_partly",
    "refutations",
)
_TOTALS += ("counterexamples", "counterexamples_checked", "failed")


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes, as the report shows it."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def coq_version(coqc: str) -> str:
    """The version coqc reports (e.g. 8.16.1), or 'unknown'."""
    try:
        out = subprocess.run([coqc, "--print-version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.split()[0] if out.split() else "unknown"


def build_summary(results: list[dict], digests: dict[str, str], totals: dict, version: str) -> dict:
    """The summary of one run: results are coq's per-certificate dictionaries, digests maps claim -> sha256."""
    claims = {
        r["claim"]: {"checked": r["checked"], "total": r["total"], "coq": r["coq"], "certificate": digests[r["claim"]]}
        for r in results
    }
    return {
        "format": _FORMAT,
        "command": "python -m verify coq certs/ --jobs 2 --summary docs/coq-results.json",
        "coq": version,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "claims": dict(sorted(claims.items())),
        "totals": {k: totals[k] for k in _TOTALS},
    }


def write_summary(path: Path, summary: dict) -> None:
    """Write the summary atomically (a temporary file, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_summary(path: Path) -> dict | None:
    """The summary at `path`, or None when there is none or it is not a summary of this format."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    ok = isinstance(data, dict) and data.get("format") == _FORMAT and isinstance(data.get("claims"), dict)
    return data if ok and isinstance(data.get("totals"), dict) else None


def coq_cell(summary: dict | None, claim: str, digest: str | None) -> str:
    """The Coq column of one claim: 'all 3/3', 'partly 1/3', 'none 0/3', 'stale', or '—' (not run, no file)."""
    entry = (summary or {}).get("claims", {}).get(claim)
    if digest is None or not isinstance(entry, dict):
        return "—"
    if entry.get("certificate") != digest:
        return "stale"
    return f"{entry.get('coq')} {entry.get('checked')}/{entry.get('total')}"


def totals_line(summary: dict, cells: list[str]) -> str:
    """One sentence: the recorded totals, and how many claims of this report are stale or not in the record."""
    t = summary["totals"]
    stale = sum(c == "stale" for c in cells)
    unrecorded = sum(c == "—" for c in cells)
    return (
        f"Coq (second checker, Coq {summary.get('coq')}, run of {summary.get('date')}): "
        f"{t['obligations_checked']}/{t['obligations']} obligations checked, {t['claims_all']}/{t['claims']} claims "
        f"fully, {t['claims_partly']} partly; {t['failed']} rejected; here {stale} stale (certificate changed since), "
        f"{unrecorded} not in the record"
    )
