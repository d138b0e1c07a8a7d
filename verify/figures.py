"""Figures a claim produces beside its certificate: collected while it is built, written after the kernel check.

A builder calls `emit(name, data)` instead of writing a file; the runner collects the files (`collect()`),
and writes them into the figures folder (by default `<certificate folder>/figures/`) only when the
certificate is valid, with it (verify.certificate.write_with_figures: a kill at any step never leaves a figure
that differs from its certificate). A certificate records its figures by sha256 in two parameters:
`figure_sha256` (the file `<claim>.png`) and `numbers_sha256` (the file `<claim>.json`, the plotted numbers).
`check_figures` compares a certificate with those files when they are present. The kernel cannot read PNG
files, so this is a consistency check of the folder, done outside the kernel.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TypeGuard

__all__ = [
    "FIGURES_FOLDER",
    "RECORDED",
    "collect",
    "emit",
    "recorded_files",
    "compare_files",
    "check_figures",
    "figures_folder",
    "CLAIM_ID",
    "is_claim_id",
]

FIGURES_FOLDER = "figures"  # the default figures folder, inside the certificate folder
# certificate parameter -> suffix of the file it records, named after the claim id
RECORDED = {"figure_sha256": ".png", "numbers_sha256": ".json"}
MAX_FIGURE_BYTES = 64 * 1024 * 1024  # a larger file is reported, not hashed
# The form of every claim id: a certificate's claim names files (<claim>.png), so anything else (a path, a name
# starting with a dot) is never used to build one, whatever a foreign certificate says.
CLAIM_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,127}")

_files: ContextVar[dict[str, bytes] | None] = ContextVar("verify_figures", default=None)


@contextmanager
def collect() -> Iterator[dict[str, bytes]]:
    """Collect the files emitted by the builder running inside the block (name -> bytes)."""
    files: dict[str, bytes] = {}
    token = _files.set(files)
    try:
        yield files
    finally:
        _files.reset(token)


def emit(name: str, data: bytes) -> None:
    """Hand a figure file to the runner (written beside the certificate once the kernel accepts it)."""
    files = _files.get()
    if files is not None:
        if "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"figure name {name!r}: expected a plain file name")
        files[name] = data


def figures_folder(certificate_folder: Path, given: Path | None = None) -> Path:
    """The figures folder of a certificate folder: --figures when given, else <folder>/figures."""
    return given if given is not None else certificate_folder / FIGURES_FOLDER


def is_claim_id(value: object) -> TypeGuard[str]:
    """True for a string of the form of a claim id (letters, digits, . _ + -; no path separator, no leading dot)."""
    return isinstance(value, str) and CLAIM_ID.fullmatch(value) is not None


def recorded_files(cert: object) -> dict[str, str]:
    """The figure files a certificate records: file name -> sha256 hex (none without a valid claim id)."""
    if not isinstance(cert, dict) or not is_claim_id(cert.get("claim")) or not isinstance(cert.get("params"), dict):
        return {}
    out = {}
    for key, suffix in RECORDED.items():
        value = cert["params"].get(key)
        if isinstance(value, str):
            out[cert["claim"] + suffix] = value
    return out


def _sha256(path: Path) -> str | None:
    """The sha256 of a regular file, or None when there is none; OSError when it is unreadable or too large."""
    if not path.is_file():
        return None
    if path.stat().st_size > MAX_FIGURE_BYTES:
        raise OSError(f"larger than {MAX_FIGURE_BYTES} bytes")
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def compare_files(recorded: dict[str, str], folder: Path) -> tuple[list[str], list[str]]:
    """(mismatches, checked files): each present file whose sha256 differs from the recorded one."""
    errors, checked = [], []
    for name, expected in sorted(recorded.items()):
        if Path(name).name != name or name.startswith("."):
            errors.append(f"{name[:80]!r}: not a plain file name; not looked up")
            continue
        path = folder / name
        try:
            actual = _sha256(path)
        except OSError as err:
            errors.append(f"{path}: cannot read ({err.strerror or err})")
            continue
        if actual is None:
            continue
        checked.append(str(path))
        if actual != expected:
            key = next(k for k, suffix in RECORDED.items() if name.endswith(suffix))
            errors.append(f"{path}: sha256 {actual[:16]}... differs from {key} {expected[:16]}... in the certificate")
    return errors, checked


def check_figures(cert: object, folder: Path) -> tuple[list[str], list[str]]:
    """(mismatches, checked files) for the figures a certificate records, compared when they are present."""
    return compare_files(recorded_files(cert), folder)
