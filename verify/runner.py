"""Producing certificates: build each claim, re-check it with the kernel from its bytes, write it, compare."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from verify.certificate import certificate_bytes, write_atomic
from verify.kernel import UnreadableInput, check_certificate, check_file, digest, load_json, statements
from verify.registry import Claim

__all__ = ["Outcome", "content_digest", "produce", "compare_baseline", "recheck", "status_counts", "summary_line"]


@dataclass
class Outcome:
    """What happened to one claim: its verdict, the kernel's answer, where the file went."""

    claim: str
    reference: str
    verdict: str | None = None
    valid: bool = False
    error: str | None = None
    path: str | None = None
    hash: str | None = None
    seconds: float = 0.0
    obligations: int = 0
    messages: list[str] = field(default_factory=list)
    baseline: str | None = None  # unchanged | changed | new

    @property
    def status(self) -> str:
        """certified | refuted | invalid | error."""
        if self.error:
            return "error"
        return self.verdict if self.valid else "invalid"

    def to_json(self) -> dict:
        """Machine-readable form (see README, 'JSON output')."""
        out = {k: getattr(self, k) for k in ("claim", "reference", "verdict", "path", "hash", "obligations")}
        out.update(status=self.status, seconds=round(self.seconds, 3), messages=self.messages, error=self.error)
        if self.baseline is not None:
            out["baseline"] = self.baseline
        return out


def content_digest(cert: dict) -> str:
    """What a baseline comparison compares: the content without hash and provenance.

    Claims whose frozen statement says "baseline": "verdict" carry measured float64 numbers that
    legitimately vary with the platform (BLAS, CPU); for them the claim, verdict and the names and
    kinds of the obligations are compared, and the kernel still re-checks every number.
    """
    spec = statements().get(cert.get("claim"), {}) if isinstance(cert, dict) else {}
    if spec.get("baseline") == "verdict":
        shape = [[o.get("name"), o.get("kind")] for o in cert.get("obligations", []) if isinstance(o, dict)]
        return digest({"claim": cert.get("claim"), "verdict": cert.get("verdict"), "obligations": shape})
    return digest(cert, ("hash", "provenance"))


def produce(item: Claim, out_dir: Path) -> Outcome:
    """Build the certificate of one claim, check it with the kernel as a reader would, and write it."""
    outcome = Outcome(item.id, item.reference)
    start = time.perf_counter()
    try:
        cert = item.build()
        data = certificate_bytes(cert)
        path = out_dir / f"{item.id}.json"
        result = check_certificate(load_json(data, str(path)), str(path))
        write_atomic(path, data)
    except Exception as err:  # a builder bug is reported as an error, never as a verdict
        outcome.error = f"{type(err).__name__}: {err}"
        outcome.messages = traceback.format_exc().strip().splitlines()[-6:]
    else:
        outcome.verdict, outcome.valid, outcome.path = cert["verdict"], result.valid, str(path)
        outcome.hash, outcome.obligations, outcome.messages = content_digest(cert), result.obligations, result.errors
    outcome.seconds = time.perf_counter() - start
    return outcome


def compare_baseline(outcomes: list[Outcome], baseline: Path, complete: bool) -> list[str]:
    """Mark each outcome unchanged/changed/new against baseline files; return the regressions found."""
    regressions = []
    seen = set()
    for outcome in outcomes:
        path = baseline / f"{outcome.claim}.json"
        seen.add(path.name)
        if not path.exists():
            outcome.baseline = "new"
            continue
        try:
            old = load_json(path.read_bytes(), str(path))
        except Exception as err:
            outcome.baseline = "changed"
            regressions.append(f"{outcome.claim}: baseline {path} unreadable ({err})")
            continue
        old_digest = content_digest(old) if isinstance(old, dict) else None
        if old_digest == outcome.hash:
            outcome.baseline = "unchanged"
            continue
        outcome.baseline = "changed"
        before = old.get("verdict") if isinstance(old, dict) else None
        what = f"verdict {before} -> {outcome.status}" if before != outcome.status else "witness or goal changed"
        regressions.append(f"{outcome.claim}: {what} (content {str(old_digest)[7:19]} -> {str(outcome.hash)[7:19]})")
    if complete:
        for path in sorted(baseline.glob("*.json")):
            if path.name not in seen:
                regressions.append(f"{path.stem}: in the baseline but no longer produced")
    return regressions


def recheck(paths: list[Path]) -> tuple[list, list[str]]:
    """Kernel-only re-check of files; returns (results, unreadable messages)."""
    results, unreadable = [], []
    for path in paths:
        try:
            results.append(check_file(path))
        except UnreadableInput as err:
            unreadable.append(str(err))
    return results, unreadable


def status_counts(outcomes: list[Outcome]) -> dict[str, int]:
    """How many outcomes are certified, refuted, invalid and error."""
    return {s: sum(o.status == s for o in outcomes) for s in ("certified", "refuted", "invalid", "error")}


def summary_line(outcomes: list[Outcome]) -> str:
    """The fixed last line that CI can grep."""
    count = status_counts(outcomes)
    return (
        f"verify: {count['certified']} certified, {count['refuted']} refuted, "
        f"{count['invalid']} invalid, {count['error']} errors"
    )
