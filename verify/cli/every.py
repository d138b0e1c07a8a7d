"""python -m verify all: build, kernel-check and write every claim (engine: verify/cli/run.py; `all` is a builtin)."""

from __future__ import annotations

import argparse

from verify.cli.run import add_common_arguments, run

__all__ = ["HELP", "add_arguments", "run"]

HELP = "build, kernel-check and write every certificate"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `all` (those of `run` without claim ids)."""
    add_common_arguments(parser)
