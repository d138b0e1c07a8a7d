"""python -m verify schema: print the JSON Schema of the certificate format (docs/format.md explains each field)."""

from __future__ import annotations

import argparse
import sys
from importlib import resources

__all__ = ["HELP", "add_arguments", "run", "schema_text"]

HELP = "print the JSON Schema of the certificate format"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the schema is printed on stdout."""


def schema_text() -> str:
    """The shipped schema (verify/certificate.schema.json, package data)."""
    return resources.files("verify").joinpath("certificate.schema.json").read_text(encoding="ascii")


def run(args: argparse.Namespace) -> int:
    """Print the schema; exit 0."""
    sys.stdout.write(schema_text())
    return 0
