"""Exit codes, early stops and output folders: shared by the command line (verify/cli/) and the engine
modules that write a command's files (verify/heads_error.py, verify/checkpoint_heads.py), which import
nothing from the command line.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from verify.inputs import InputError

if TYPE_CHECKING:
    from verify.kernel import CheckResult

__all__ = [
    "check_own",
    "EXIT_OK",
    "EXIT_FAIL",
    "EXIT_USAGE",
    "EXIT_INTERRUPTED",
    "CommandError",
    "Terminated",
    "output_errors",
    "prepare_file",
    "prepare_folder",
]

EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C (temporary files removed, what finished summarised), exit 128 + 15."""


class CommandError(Exception):
    """A command that stops early: a one-line message, its exit code and what it has to show (for --json)."""

    def __init__(self, message: str, code: int = EXIT_USAGE, payload: dict | None = None) -> None:
        """The message, the exit code, and the partial results for --json."""
        super().__init__(message)
        self.message, self.code, self.payload = message, code, payload or {}


def _probe(folder: Path, option: str) -> None:
    """Create and remove a file in folder: the only test of writability that holds for root, ACLs and mounts."""
    try:
        fd, name = tempfile.mkstemp(prefix=".verify-probe-", dir=folder)
        os.close(fd)
        os.unlink(name)
    except OSError as err:
        raise InputError(f"{option} {folder}: not writable ({err.strerror or err})") from None


def prepare_folder(folder: Path, option: str) -> Path:
    """Check, before any work, that an output folder can be written: it, or the folder it will be made in.

    Nothing is created here (a run that fails leaves no empty folder behind); the writes create it.
    """
    existing = folder
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        what = "exists and is not a folder" if existing == folder else f"{existing} is not a folder"
        raise InputError(f"{option} {folder}: {what}; expected a folder to write into")
    _probe(existing, option if existing == folder else f"{option} {folder}: its parent")
    return folder


def prepare_file(path: Path | None, option: str) -> None:
    """Make sure an output file can be written (not a folder, its folder writable), before any work is done."""
    if path is None:
        return
    if path.is_dir():
        raise InputError(f"{option} {path}: is a folder; expected the path of a file to write")
    parent = path.parent
    if parent.exists() and not parent.is_dir():
        raise InputError(f"{option} {path}: {parent} is not a folder")
    prepare_folder(parent, option)


@contextlib.contextmanager
def output_errors(folder: Path, option: str = "--out") -> Iterator[None]:
    """An OSError while writing the output (a full disk, a quota, a folder gone) as one line naming the file, exit 2.

    The writes are groups (verify.certificate.write_group), so a failure while the files are staged replaces none.
    """
    try:
        yield
    except OSError as err:
        where = f"cannot write {err.filename}" if err.filename else "cannot write into it"
        raise InputError(f"{option} {folder}: {where} ({err.strerror or err})") from None


def check_own(data: bytes, path: Path) -> CheckResult:
    """The kernel's result for a certificate a command has just built from the user's own SSM (its bytes, as they
    will be written to path), under the allowance the commands give their own certificates (limits.work_allowance:
    the user chose the sizes and spends their own time; a plain `verify check` of the file gets WORK_BUDGET)."""
    from verify.kernel import check_certificate, load_json
    from verify.kernel.core.limits import OWN_CERTIFICATE_ALLOWANCE, work_allowance

    with work_allowance(OWN_CERTIFICATE_ALLOWANCE):
        return check_certificate(load_json(data, str(path)), str(path))
