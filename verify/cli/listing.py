"""python -m verify list (module name: `list` is a builtin): claim ids with paper references."""

from __future__ import annotations

import argparse
import json

from verify.cli.common import EXIT_OK, table

__all__ = ["HELP", "add_arguments", "run"]

HELP = "claim ids with paper references"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `list`."""
    parser.add_argument("--json", action="store_true", help="print machine-readable results on stdout")


def run(args: argparse.Namespace) -> int:
    """Print claim ids with paper references (or JSON)."""
    from verify.registry import all_claims

    claims = all_claims()
    if args.json:
        rows = [{"id": c.id, "section": c.section, "reference": c.reference, "statement": c.words} for c in claims]
        print(json.dumps(rows, indent=1))
        return EXIT_OK
    print(table([["id", "section", "reference"]] + [[c.id, c.section, c.reference] for c in claims]))
    return EXIT_OK
