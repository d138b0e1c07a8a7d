"""python -m verify report: the Markdown and HTML report of a folder of certificates.

The folder is compared with the registry (a registered claim without a certificate is shown as missing
and fails the command unless --partial), figures are compared with the sha256 their certificates record,
and report.md and the HTML pages (report.html, the index, and one page per section) are rendered first and then
put in place together. Re-checking and rendering report their progress on stderr unless --quiet.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from verify.cli.common import EXIT_FAIL, EXIT_OK, InputError, committed_certs, emit_json, output_errors, prepare_folder

if TYPE_CHECKING:
    from verify.report.model import ClaimView, Report


__all__ = ["HELP", "add_arguments", "run"]

HELP = "write report.md and self-contained HTML pages (report.html and one per section) of the certificates"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `verify report`."""
    parser.add_argument("--certs", type=Path, help="certificate folder (default ./certs, else the checkout's certs/)")
    parser.add_argument("--out", type=Path, default=Path("report"), help="output folder (default report/)")
    parser.add_argument(
        "--figures", type=Path, help="folder of figures named <claim-id>*.png (default: CERTS/figures/)"
    )
    parser.add_argument("--partial", action="store_true", help="the folder need not hold every registered claim")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--coq-summary", type=Path, help="record of the last Coq run (default: docs/coq-results.json next to CERTS)"
    )


def run(args: argparse.Namespace) -> int:
    """Write the report; exit 0 when complete and valid, 1 when invalid, unreadable or incomplete, 2 on bad input."""
    from verify.certificate import sweep_stale_temps
    from verify.cli.check import expand_paths
    from verify.figures import figures_folder
    from verify.progress import Counter, from_args
    from verify.report.model import load_report
    from verify.report.output import write_report

    if args.certs is None:
        args.certs = committed_certs()
    if not args.certs.is_dir():
        raise InputError(f"--certs {args.certs}: no such folder; expected a folder of *.json certificates")
    expand_paths([args.certs])  # an empty folder is bad input, said as such
    if args.figures is not None and not args.figures.is_dir():
        raise InputError(f"--figures {args.figures}: no such folder")
    prepare_folder(args.out, "--out")
    sweep_stale_temps(args.out)
    progress = from_args(args, "verify report")
    files = expand_paths([args.certs])[0]
    checked = Counter(progress, "re-checked certificates", len(files))
    report = load_report(args.certs, figures_folder(args.certs, args.figures), checked.tick)
    report.coq = _coq_record(args)
    checked.finish()
    rendered, pages = Counter(progress, "rendered sections", len(report.sections())), list[Path]()
    with output_errors(args.out):
        md_path, html_path = write_report(report, args.out, pages, rendered.tick)
    rendered.finish()
    counts = report.counts()
    missing = [v.id for v in report.claims if v.status == "missing"]
    mismatches = [e for v in report.claims for e in v.figure_errors]
    problems = [f"{counts['invalid']} invalid"] if counts["invalid"] else []
    problems += [f"{len(report.unreadable)} unreadable"] if report.unreadable else []
    problems += [f"{len(missing)} missing"] if missing and not args.partial else []
    problems += [f"{len(mismatches)} figure mismatches"] if mismatches else []
    error = ", ".join(problems) or None
    if args.json:
        payload: dict[str, object] = {"markdown": str(md_path), "html": str(html_path), "counts": counts}
        payload["missing"] = missing
        payload["pages"] = [str(p) for p in pages]
        payload["findings"] = [_finding(v, report) for v in report.claims if v.status == "refuted"]
        emit_json({**payload, "unreadable": report.unreadable, "figure_mismatches": mismatches, "error": error})
    else:
        print(f"verify report: wrote {md_path} and {html_path} (+ {len(pages) - 1} section pages)")
        print("verify report: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    if missing and not args.partial:
        shown = ", ".join(missing)
        print(f"verify report: no certificate in {args.certs} for {len(missing)} claims: {shown}", file=sys.stderr)
    for message in mismatches:
        print(f"verify report: figure check: {message}", file=sys.stderr)
    return EXIT_FAIL if error else EXIT_OK


def _coq_record(args: argparse.Namespace) -> dict | None:
    """The Coq record: --coq-summary (bad input when unreadable), else docs/coq-results.json next to the certs."""
    from verify.coqsummary import SUMMARY, read_summary

    if args.coq_summary is None:
        return read_summary(args.certs.resolve().parent / SUMMARY)
    record = read_summary(args.coq_summary)
    if record is None:
        raise InputError(f"--coq-summary {args.coq_summary}: expected a summary written by verify coq --summary")
    return record


def _finding(view: ClaimView, report: Report) -> dict:
    """A refuted claim for --json: both sides at each counterexample point and its corrected claim."""
    fixed = report.corrected(view)
    values = [v.as_json() for v in view.refutations]
    return {"claim": view.id, "counterexamples": values, "corrected": fixed.id if fixed is not None else None}
