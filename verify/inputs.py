"""Bounded reading of input files outside the kernel (SSM files, baselines, report inputs).

The same rule as the kernel's check_file: open without blocking, fstat the open file, accept only regular
files no larger than the bound, and read at most the bound + 1 bytes, so that /dev/zero, a pipe, a folder,
a symlink loop or a huge file is refused with a one-line message instead of a hang or a memory blow-up.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["InputError", "read_bounded"]


class InputError(Exception):
    """An input that cannot be used; the message (one line) names the file and what was expected."""


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes (the kernel's bounded read); InputError otherwise."""
    from verify.kernel import ReadError
    from verify.kernel import read_bounded as kernel_read

    try:
        return kernel_read(path, limit, what)
    except ReadError as err:
        raise InputError(str(err)) from None
