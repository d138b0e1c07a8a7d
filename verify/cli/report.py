"""python -m verify report: the Markdown and HTML report of a folder of certificates."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["NAME", "HELP", "add_arguments", "run"]

NAME = "report"
HELP = "write report.md and a self-contained report.html of the certificates"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `verify report`."""
    parser.add_argument("--certs", type=Path, default=Path("certs"), help="certificate folder (default certs/)")
    parser.add_argument("--out", type=Path, default=Path("report"), help="output folder (default report/)")
    parser.add_argument(
        "--figures", type=Path, help="folder of PNG figures named <claim-id>*.png (default: figures/ beside --certs)"
    )


def run(args: argparse.Namespace) -> int:
    """Write the report; exit 0 when every certificate is valid, 1 when some is invalid, 2 on bad input."""
    from verify.report.model import load_report
    from verify.report.output import write_report

    if not args.certs.is_dir():
        raise SystemExit(
            f"verify report: --certs {args.certs}: no such folder; expected a folder of *.json certificates"
        )
    if args.out.exists() and not args.out.is_dir():
        raise SystemExit(f"verify report: --out {args.out}: exists and is not a folder")
    if args.figures is not None and not args.figures.is_dir():
        raise SystemExit(f"verify report: --figures {args.figures}: no such folder")
    figures = args.figures if args.figures is not None else args.certs.parent / "figures"
    report = load_report(args.certs, figures)
    md_path, html_path = write_report(report, args.out)
    counts = report.counts()
    print(f"verify report: wrote {md_path} and {html_path}")
    print("verify report: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return 1 if counts["invalid"] or report.unreadable else 0
