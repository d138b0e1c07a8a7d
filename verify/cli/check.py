"""python -m verify check PATH...: the kernel alone re-checks certificate files or folders."""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from verify.cli.common import EXIT_FAIL, EXIT_OK, EXIT_USAGE, JUNIT_HELP, write_junit_if_asked

__all__ = ["HELP", "add_arguments", "run"]

HELP = "re-check certificate files or folders with the kernel alone"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `check`."""
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument("--junit", type=Path, metavar="FILE", help=JUNIT_HELP)


def _files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """Expand folders to their *.json files; name paths that do not exist."""
    files, missing = [], []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        elif path.exists():
            files.append(path)
        else:
            missing.append(f"{path}: no such file or folder")
    return files, missing


def run(args: argparse.Namespace) -> int:
    """Kernel-only re-check of certificate files or folders."""
    from verify.report.junit import check_junit_path, suite_from_checks
    from verify.runner import recheck

    check_junit_path(args.junit)
    files, unreadable = _files(args.paths)
    results, more = recheck(files)
    unreadable += more
    write_junit_if_asked(args, lambda: suite_from_checks(results, unreadable))
    if args.json:
        rows = [
            {"path": r.source, "claim": r.claim, "verdict": r.verdict, "valid": r.valid, "errors": r.errors}
            for r in results
        ]
        print(json.dumps({"results": rows, "unreadable": unreadable}, indent=1, sort_keys=True))
    else:
        for r in results:
            status = "ok     " if r.valid else "INVALID"
            print(f"{status}  {r.source}  ({r.claim}, {r.verdict}, {r.obligations} obligations)")
            for message in r.errors:
                print(textwrap.indent(message, "    "))
        for message in unreadable:
            print(f"UNREADABLE  {message}")
        valid = sum(r.valid for r in results)
        print(f"verify check: {valid} valid, {len(results) - valid} invalid, {len(unreadable)} unreadable")
    if unreadable or not files:
        return EXIT_USAGE
    return EXIT_OK if all(r.valid for r in results) else EXIT_FAIL
