"""Bounded reading of input files outside the kernel (SSM files, baselines, report inputs).

The same rule as the kernel's check_file: open without blocking, fstat the open file, accept only regular
files no larger than the bound, and read at most the bound + 1 bytes, so that /dev/zero, a pipe, a folder,
a symlink loop or a huge file is refused with a one-line message instead of a hang or a memory blow-up.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["InputError", "read_bounded"]


class InputError(Exception):
    """An input that cannot be used; the message (one line) names the file and what was expected."""


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; InputError otherwise."""
    source = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise InputError(f"{source}: is a folder, expected a {what}")
            if not stat.S_ISREG(info.st_mode):
                raise InputError(f"{source}: not a regular file (a device, pipe or socket), expected a {what}")
            if info.st_size > limit:
                raise InputError(f"{source}: {info.st_size} bytes, more than the bound of {limit} bytes for a {what}")
            with os.fdopen(fd, "rb", closefd=False) as handle:
                data = handle.read(limit + 1)
        finally:
            os.close(fd)
    except OSError as err:
        raise InputError(f"{source}: cannot read ({err.strerror or err})") from None
    if len(data) > limit:
        raise InputError(f"{source}: grew past the bound of {limit} bytes for a {what} while it was read")
    return data
