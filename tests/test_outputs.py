"""verify/outputs.py: exit codes, early stops and output folders, shared by the command line and the engine."""

from __future__ import annotations

import pytest

import verify.cli.common as common
import verify.outputs as outputs
from verify.inputs import InputError


def test_the_command_line_uses_the_very_same_stops_and_folder_checks():
    for name in ("CommandError", "Terminated", "prepare_folder", "prepare_file", "output_errors", "EXIT_USAGE"):
        assert getattr(common, name) is getattr(outputs, name), name


def test_a_command_error_defaults_to_the_usage_exit_code_and_keeps_its_payload():
    err = outputs.CommandError("stopped", payload={"done": 3})
    assert (err.message, err.code, err.payload) == ("stopped", outputs.EXIT_USAGE, {"done": 3})
    assert issubclass(outputs.Terminated, KeyboardInterrupt)


def test_a_write_error_becomes_one_line_naming_the_file(tmp_path):
    with pytest.raises(InputError, match=r"^--out .*: cannot write .*gone\.json \(No such file or directory\)$"):
        with outputs.output_errors(tmp_path):
            (tmp_path / "missing" / "gone.json").write_text("{}")


def test_a_file_where_the_folder_should_be_is_refused(tmp_path):
    (tmp_path / "taken").write_text("")
    with pytest.raises(InputError, match="exists and is not a folder"):
        outputs.prepare_folder(tmp_path / "taken", "--out")
