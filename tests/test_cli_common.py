"""Helpers of the subcommands (verify/cli/common.py): output folders checked before work, kernel rejections."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest
from helpers_cli import EXAMPLE_SSM, ROOT

from verify.cli import main
from verify.cli.common import InputError, prepare_file, prepare_folder


@contextlib.contextmanager
def _unwritable(folder: Path):
    """A folder nobody can write into: read-only mode, or for root the immutable attribute (skip if neither)."""
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("running as root and chattr +i is not available: no folder is unwritable for root")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)


def test_a_folder_that_cannot_be_written_is_refused_before_any_work(tmp_path, capsys):
    with _unwritable(tmp_path / "ro") as folder:
        with pytest.raises(InputError, match="--out .*: not writable"):
            prepare_folder(folder, "--out")
        for argv in (
            ["heads", "--ssm", str(EXAMPLE_SSM), "--out", str(folder)],
            ["modes", "--ssm", str(EXAMPLE_SSM), "--out", str(folder / "sub")],
            ["report", "--certs", str(ROOT / "certs"), "--out", str(folder)],
            ["run", "thm4.2", "--out", str(folder)],
        ):
            assert main(argv) == 2
            err = capsys.readouterr().err.strip()
            assert len(err.splitlines()) == 1 and "not writable" in err, err


def test_a_folder_to_be_created_is_not_created_by_the_check(tmp_path):
    assert prepare_folder(tmp_path / "a" / "b", "--out") == tmp_path / "a" / "b"
    assert list(tmp_path.iterdir()) == []


def test_an_output_file_that_is_a_folder_or_below_a_file_is_refused(tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        prepare_file(tmp_path, "--junit")
    (tmp_path / "f").write_text("")
    with pytest.raises(InputError, match="is not a folder"):
        prepare_file(tmp_path / "f" / "x.xml", "--junit")
