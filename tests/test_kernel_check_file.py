"""The kernel's file reader (verify/kernel/check.py, check_file): bounded, regular files only, clear messages."""

from __future__ import annotations

import os

import pytest

from verify.kernel import UnreadableInput, check_file
from verify.kernel.core.limits import MAX_FILE_BYTES


def test_a_file_over_the_bound_is_refused_from_its_size_without_reading_it(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: reading it would cost 64 MiB
    with pytest.raises(UnreadableInput, match=f"more than the bound of {MAX_FILE_BYTES} bytes"):
        check_file(path)


@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "loop"])
def test_things_that_are_not_regular_files_are_named(tmp_path, kind):
    if kind == "device":
        path, message = "/dev/zero", "not a regular file"
    elif kind == "fifo":
        path, message = tmp_path / "p.json", "not a regular file"
        os.mkfifo(path)
    elif kind == "folder":
        path, message = tmp_path, "is a folder"
    else:
        path, message = tmp_path / "loop.json", "Too many levels of symbolic links"
        path.symlink_to(path)
    with pytest.raises(UnreadableInput, match=message):
        check_file(path)
