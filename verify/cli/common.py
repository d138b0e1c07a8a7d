"""Helpers shared by the subcommands: exit codes, one-line errors, output folders, JSON documents, tables."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from verify.inputs import InputError
from verify.outputs import (
    EXIT_FAIL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    CommandError,
    Terminated,
    output_errors,
    prepare_file,
    prepare_folder,
)

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

__all__ = [
    "EXIT_OK",
    "EXIT_FAIL",
    "EXIT_USAGE",
    "EXIT_INTERRUPTED",
    "JUNIT_HELP",
    "CommandError",
    "Terminated",
    "InputError",
    "certificate_too_large",
    "checked_bytes",
    "committed_certs",
    "output_errors",
    "configure_progress",
    "emit_json",
    "prepare_folder",
    "prepare_file",
    "registered_ids",
    "table",
    "write_junit",
]

JUNIT_HELP = "also write JUnit XML (one test case per claim) to FILE for CI"


def configure_progress(quiet: bool) -> None:
    """Progress lines of long builders (logger verify.progress) go to stderr unless quiet."""
    from verify.progress import LineHandler

    logger = logging.getLogger("verify.progress")
    if not logger.handlers:
        handler = LineHandler()  # whole lines, never inside a claim's open "[k/N] id ..." line
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(logging.WARNING if quiet else logging.INFO)


def emit_json(payload: dict) -> None:
    """Print one JSON document on stdout (sorted keys, an `error` field: null when nothing failed)."""
    payload.setdefault("error", None)
    print(json.dumps(payload, indent=1, sort_keys=True))


def table(rows: list[list[str]]) -> str:
    """A plain text table with aligned columns."""
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def write_junit(args: argparse.Namespace, build: Callable[[], ET.Element]) -> str | None:
    """Write the JUnit XML file when --junit was given; returns an error message instead of raising."""
    from verify.report.junit import write_junit as write

    if getattr(args, "junit", None) is None:
        return None
    try:
        write(args.junit, build())
    except OSError as err:
        return f"--junit {args.junit}: cannot write ({err.strerror or err})"
    if not getattr(args, "quiet", False):
        print(f"verify: JUnit XML written to {args.junit}", file=sys.stderr)
    return None


def registered_ids() -> list[str]:
    """The ids of every registered claim, in paper order (what `verify all` produces)."""
    from verify.registry import all_claims

    return [c.id for c in all_claims()]


@contextlib.contextmanager
def certificate_too_large(source: Path) -> Iterator[None]:
    """Turn Python's integer-size refusal while building a user's certificate into a one-line input error."""
    try:
        yield
    except ValueError as err:
        if "integer string conversion" not in str(err):
            raise
        raise InputError(
            f"{source}: the numbers of this SSM's certificate grow past Python's {sys.get_int_max_str_digits()}"
            " digits (the kernel accepts at most 4000 per number); use entries with fewer digits or a smaller n"
        ) from None


def checked_bytes(cert: dict, path: Path, source: Path) -> bytes:
    """A certificate's bytes once the kernel accepts them; otherwise a one-line error (nothing is written).

    A rejection for size (more digits than the kernel reads, or past its work bound) is the input's fault
    (exit 2); any other rejection is a fault of the producer (exit 1).
    """
    from verify.certificate import certificate_bytes
    from verify.kernel import check_bytes
    from verify.kernel.core.limits import MAX_FILE_BYTES, OWN_CERTIFICATE_ALLOWANCE, work_allowance

    data = certificate_bytes(cert)
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            f"{source}: the certificate {path.name} for this SSM would have {len(data):,} bytes, more than the kernel "
            f"reads ({MAX_FILE_BYTES:,}); use a smaller state dimension or entries with fewer digits"
        )
    with work_allowance(OWN_CERTIFICATE_ALLOWANCE):  # the user's own SSM: its sizes, the user's time
        result = check_bytes(data, str(path))
    if result.valid:
        return data
    first = result.errors[0] if result.errors else "no message"
    if any(("more than" in e and "digits" in e) or "work bound" in e for e in result.errors):
        raise InputError(
            f"{source}: the certificate for this SSM exceeds the kernel's bounds ({first}); use smaller numbers"
        )
    more = f" (and {len(result.errors) - 1} more)" if len(result.errors) > 1 else ""
    raise CommandError(f"the kernel rejected the certificate {path}: {first}{more}; nothing was written", EXIT_FAIL)


def committed_certs(option: str = "--certs") -> Path:
    """The default certificate folder: ./certs when it exists, else the source checkout's committed certs/.

    A non-editable install run from another folder has neither: then the message says what to pass.
    """
    here = Path("certs")
    if here.is_dir():
        return here
    checkout = Path(__file__).resolve().parents[2] / "certs"
    if checkout.is_dir() and (checkout.parent / "verify" / "kernel").is_dir():
        return checkout
    raise InputError(
        f"{option}: no certs/ folder here ({Path.cwd()}) nor in a source checkout of this package; pass {option} DIR "
        "(a folder written by 'python -m verify all --out DIR', or the certs/ of a clone of the repository)"
    )
