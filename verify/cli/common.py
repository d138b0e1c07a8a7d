"""Helpers shared by the subcommands: exit codes, plain-text tables, JUnit output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

__all__ = ["EXIT_OK", "EXIT_FAIL", "EXIT_USAGE", "JUNIT_HELP", "table", "write_junit_if_asked"]

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
JUNIT_HELP = "also write JUnit XML (one test case per claim) to FILE for CI"


def table(rows: list[list[str]]) -> str:
    """A plain text table with aligned columns."""
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def write_junit_if_asked(args: argparse.Namespace, build: Callable[[], object]) -> None:
    """Write the JUnit XML file when --junit was given (verify/report/junit.py)."""
    from verify.report.junit import write_junit

    if getattr(args, "junit", None) is not None:
        write_junit(args.junit, build())
        print(f"verify: JUnit XML written to {args.junit}", file=sys.stderr)
