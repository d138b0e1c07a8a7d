"""Producing certificates: build each claim, re-check it with the kernel from its bytes, then write it.

Check first, write after: `produce` builds and checks without touching the disk; `write_outcome` writes a
certificate (and the figures it recorded) only when the kernel accepted it, all files of one claim together,
so a failed or interrupted run never leaves fewer valid certificates than there were before it, and a kill at
any step never leaves a figure that differs from its certificate (verify.certificate.write_with_figures).
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from verify.certificate import certificate_bytes, write_with_figures
from verify.figures import collect
from verify.kernel import UnreadableInput, check_bytes, check_file, digest, load_json, statements
from verify.registry import Claim

__all__ = [
    "OPTIONAL",
    "STATUSES",
    "Outcome",
    "content_digest",
    "produce",
    "write_outcome",
    "compare_baseline",
    "compare_digest",
    "recheck",
    "status_counts",
    "summary_line",
    "shard",
]

# Optional packages: a claim whose builder needs one that is absent is skipped, saying how to install it.
OPTIONAL = {"torch": "pip install '.[torch]'"}
STATUSES = ("certified", "refuted", "invalid", "error", "skipped")


@dataclass
class Outcome:
    """What happened to one claim: its verdict, the kernel's answer, where the file went."""

    claim: str
    reference: str
    verdict: str | None = None
    valid: bool = False
    error: str | None = None
    skipped: str | None = None  # why the claim was not built (a missing optional package)
    path: str | None = None
    hash: str | None = None
    seconds: float = 0.0
    obligations: int = 0
    messages: list[str] = field(default_factory=list)
    baseline: str | None = None  # unchanged | changed | new
    kept: bool = False  # the output folder already held an agreeing certificate, left as it was (see write_outcome)
    data: bytes | None = field(default=None, repr=False)  # the certificate's bytes, until written
    files: dict[str, bytes] = field(default_factory=dict, repr=False)  # its figures, until written
    refutation: dict | None = None  # a refuted claim: both sides at each counterexample, its corrected claim

    @property
    def status(self) -> str:
        """certified | refuted | invalid | error | skipped."""
        if self.skipped:
            return "skipped"
        if self.error:
            return "error"
        return self.verdict if self.valid and self.verdict is not None else "invalid"

    def to_json(self) -> dict:
        """Machine-readable form (see README, 'JSON output')."""
        out = {k: getattr(self, k) for k in ("claim", "reference", "verdict", "path", "hash", "obligations")}
        out.update(status=self.status, seconds=round(self.seconds, 3), messages=self.messages, error=self.error)
        if self.skipped is not None:
            out["skipped"] = self.skipped
        if self.baseline is not None:
            out["baseline"] = self.baseline
        if self.refutation is not None:
            out["refutation"] = self.refutation
        if self.kept:
            out["kept"] = True
        return out


def content_digest(cert: dict) -> str:
    """What a baseline comparison compares: the content without hash and provenance.

    Claims whose frozen statement says "baseline": "verdict" carry measured float64 numbers (errors, trained
    students) that legitimately vary with the platform (BLAS, CPU); for them the claim, the verdict, the names and
    kinds of the obligations and the goals of the float_bound obligations (the a-priori bound: formula, caps,
    sizes, exact matrices, all fixed by the frozen statement) are compared, and the kernel still re-checks every
    number. See docs/format.md, "Comparing certificates".
    """
    spec = statements().get(str(cert.get("claim")), {}) if isinstance(cert, dict) else {}
    if spec.get("baseline") == "verdict":
        shape = [
            [o.get("name"), o.get("kind"), o.get("goal") if o.get("kind") == "float_bound" else None]
            for o in cert.get("obligations", [])
            if isinstance(o, dict)
        ]
        return digest({"claim": cert.get("claim"), "verdict": cert.get("verdict"), "obligations": shape})
    return digest(cert, ("hash", "provenance"))


def _missing_optional(err: ModuleNotFoundError) -> str | None:
    """The skip reason when err is a missing optional package (torch), else None."""
    top = (err.name or "").split(".")[0]
    return f"needs {top}: {OPTIONAL[top]}" if top in OPTIONAL else None


def produce(item: Claim) -> Outcome:
    """Build the certificate of one claim and check it with the kernel as a reader would; nothing is written."""
    outcome = Outcome(item.id, item.reference)
    start = time.perf_counter()
    try:
        with collect() as files:
            cert = item.build()
        data = certificate_bytes(cert)
        result = check_bytes(data, f"{item.id}.json")  # as `verify check` reads it, reading charged
    except ModuleNotFoundError as err:
        outcome.skipped = _missing_optional(err)
        if outcome.skipped is None:
            outcome.error, outcome.messages = f"{type(err).__name__}: {err}", _trace()
    except Exception as err:  # a builder bug is reported as an error, never as a verdict
        outcome.error, outcome.messages = f"{type(err).__name__}: {err}", _trace()
    else:
        outcome.verdict, outcome.valid, outcome.data, outcome.files = cert["verdict"], result.valid, data, files
        outcome.hash, outcome.obligations, outcome.messages = content_digest(cert), result.obligations, result.errors
        if result.valid:
            from verify.report.refutation import refutation_json

            outcome.refutation = refutation_json(cert)
    outcome.seconds = time.perf_counter() - start
    return outcome


def _trace() -> list[str]:
    """The last lines of the current exception's traceback."""
    return traceback.format_exc().strip().splitlines()[-6:]


def write_outcome(outcome: Outcome, out_dir: Path, figures_dir: Path, refresh: bool = False) -> None:
    """Write a valid certificate and its figures (consistent under a kill at any step); nothing for an invalid one.

    Unless `refresh`, a valid certificate already at the destination that agrees with the new one (the baseline
    comparison's content_digest: the same content apart from provenance; for measured claims, the same verdict and
    bounds) and whose recorded figures are beside it is kept as it is (outcome.kept): re-running on another
    machine does not rewrite committed files whose only difference is a measurement or a library version.
    """
    if outcome.status not in ("certified", "refuted") or outcome.data is None:
        outcome.data, outcome.files = None, {}
        return
    path = out_dir / f"{outcome.claim}.json"
    if not refresh and _agreeing_copy(outcome, path, figures_dir):
        outcome.kept = not _same_files(outcome, path, figures_dir)
    else:
        figures = [(figures_dir / name, data) for name, data in sorted(outcome.files.items())]
        write_with_figures(path, outcome.data, figures)
    outcome.path, outcome.data, outcome.files = str(path), None, {}


def _same_files(outcome: Outcome, path: Path, figures_dir: Path) -> bool:
    """Whether the certificate and figures on disk are byte for byte the ones this outcome would write."""
    try:
        files = [(figures_dir / name, data) for name, data in outcome.files.items()] + [(path, outcome.data)]
        return all(p.read_bytes() == data for p, data in files)
    except OSError:
        return False


def _agreeing_copy(outcome: Outcome, path: Path, figures_dir: Path) -> bool:
    """Whether path holds a certificate that the kernel accepts, agrees with the outcome and has its figures."""
    from verify.figures import check_figures, recorded_files

    if not path.is_file() or path.is_symlink():
        return False
    try:
        old = _read_baseline(path)
        if not isinstance(old, dict) or content_digest(old) != outcome.hash:
            return False
        mismatches, checked = check_figures(old, figures_dir)
        if mismatches or len(checked) != len(recorded_files(old)):
            return False
        return _same_files(outcome, path, figures_dir) or check_file(path).valid
    except Exception:  # an unreadable or malformed copy is simply replaced
        return False


def _read_baseline(path: Path) -> object:
    """A baseline certificate, read with the kernel's bounded reader (UnreadableInput when it cannot be)."""
    from verify.inputs import read_bounded
    from verify.kernel.core.limits import MAX_FILE_BYTES

    return load_json(read_bounded(path, MAX_FILE_BYTES, "certificate"), str(path))


def compare_digest(claim_id: str, status: str, new_digest: str | None, baseline: Path) -> tuple[str, str | None]:
    """(unchanged | changed | new, regression message or None) for one claim against baseline/<claim>.json."""
    path = baseline / f"{claim_id}.json"
    if not path.exists():
        return "new", None
    try:
        old = _read_baseline(path)
    except Exception as err:
        return "changed", f"{claim_id}: baseline {path} unreadable ({err})"
    old_digest = content_digest(old) if isinstance(old, dict) else None
    if old_digest == new_digest:
        return "unchanged", None
    before = old.get("verdict") if isinstance(old, dict) else None
    what = f"verdict {before} -> {status}" if before != status else "witness or goal changed"
    return "changed", f"{claim_id}: {what} (content {str(old_digest)[7:19]} -> {str(new_digest)[7:19]})"


def compare_baseline(outcomes: list[Outcome], baseline: Path, complete: bool) -> list[str]:
    """Mark each outcome unchanged/changed/new against baseline files; return the regressions found.

    A skipped claim is not compared. With `complete`, a baseline certificate of a claim that was neither
    produced nor skipped is a regression.
    """
    regressions = []
    for outcome in outcomes:
        if outcome.status == "skipped":
            continue
        outcome.baseline, message = compare_digest(outcome.claim, outcome.status, outcome.hash, baseline)
        if message:
            regressions.append(message)
    if complete:
        seen = {f"{o.claim}.json" for o in outcomes}
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
    """How many outcomes are certified, refuted, invalid, error and skipped."""
    return {s: sum(o.status == s for o in outcomes) for s in STATUSES}


def summary_line(outcomes: list[Outcome]) -> str:
    """The fixed last line that CI can grep (', N skipped' only when some claim was skipped)."""
    count = status_counts(outcomes)
    line = (
        f"verify: {count['certified']} certified, {count['refuted']} refuted, "
        f"{count['invalid']} invalid, {count['error']} errors"
    )
    return line + (f", {count['skipped']} skipped" if count["skipped"] else "")


def shard(items: list, index: int, total: int) -> list:
    """The index-th of total deterministic shards (1-based): every total-th item in registry order."""
    if not 1 <= index <= total:
        raise ValueError(f"shard {index}/{total}: expected 1 <= i <= N")
    return items[index - 1 :: total]
