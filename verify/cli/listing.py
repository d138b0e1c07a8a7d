"""python -m verify list (module name: `list` is a builtin): claim ids with paper references, or the coverage map."""

from __future__ import annotations

import argparse
import json

from verify.cli.common import EXIT_OK, EXIT_USAGE, CommandError, table

__all__ = ["HELP", "add_arguments", "run"]

HELP = "claim ids with paper references (--coverage: how the paper's statements map to them)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `list`."""
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="count the paper's statements in docs/coverage.md: mapped to claims, not formalizable, pending, uncovered",
    )


def _coverage(want_json: bool) -> int:
    """Print the coverage counts of docs/coverage.md against the registered claims."""
    from verify.coverage import CoverageError, read_rows, registered, summarize

    try:
        rows = read_rows()
    except CoverageError as err:
        raise CommandError(str(err), EXIT_USAGE) from None
    claims = registered()
    summary = summarize(rows, claims)
    if want_json:
        print(json.dumps({**summary.as_dict(len(claims)), "error": None}, indent=1))
        return EXIT_OK
    lines = [
        ["statements", str(summary.statements)],
        ["mapped to claims", str(summary.mapped)],
        ["not formalizable", str(summary.not_formalizable)],
        ["pending (ids of unmerged branches only)", str(summary.pending)],
        ["uncovered", str(len(summary.uncovered))],
        ["claims cited", f"{len(summary.cited)} of {len(claims)} registered"],
        ["cited ids not registered", str(len(summary.unregistered))],
    ]
    print(table([["coverage (docs/coverage.md)", "count"], *lines]))
    for row in summary.uncovered:
        print(f"uncovered: {row.key} (line {row.line})")
    for claim_id in summary.uncited:
        print(f"registered but not cited: {claim_id}")
    for row, claim_id, written, actual in summary.wrong_verdicts:
        print(f"verdict differs: {row.key} cites {claim_id} as {written}, registered as {actual}")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Print claim ids with paper references (or JSON), or the coverage counts."""
    if args.coverage:
        return _coverage(args.json)
    from verify.registry import all_claims

    claims = all_claims()
    if args.json:
        rows = [{"id": c.id, "section": c.section, "reference": c.reference, "statement": c.words} for c in claims]
        print(json.dumps(rows, indent=1))
        return EXIT_OK
    print(table([["id", "section", "reference"]] + [[c.id, c.section, c.reference] for c in claims]))
    return EXIT_OK
