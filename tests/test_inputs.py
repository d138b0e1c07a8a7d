"""Bounded reading of input files (verify/inputs.py): regular files only, size checked before reading."""

from __future__ import annotations

import os

import pytest

from verify.inputs import InputError, read_bounded


def test_a_small_regular_file_is_read(tmp_path):
    (tmp_path / "a").write_bytes(b"abc")
    assert read_bounded(tmp_path / "a", 3) == b"abc"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: "/dev/zero", "not a regular file"),
        (lambda d: (os.mkfifo(d / "p"), d / "p")[1], "not a regular file"),
        (lambda d: d, "is a folder"),
        (lambda d: ((d / "big").write_bytes(b"x" * 11), d / "big")[1], "11 bytes, more than the bound of 10"),
        (lambda d: d / "absent", "cannot read (No such file or directory)"),
        (lambda d: ((d / "l").symlink_to(d / "l"), d / "l")[1], "Too many levels of symbolic links"),
    ],
)
def test_odd_inputs_are_refused_with_one_line(tmp_path, make, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_bounded(make(tmp_path), 10)
