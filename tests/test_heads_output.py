"""verify/heads_output.py: what the two float paths of `verify heads` share (names, --check verdicts, writes)."""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import verify.heads_output as heads_output
from verify.outputs import CommandError


def test_a_stem_names_the_file_the_prefix_and_the_length():
    assert heads_output.stem(Path("/w/model.npz"), "layers.3.ssm.", 64) == "heads-error-model-layers-3-ssm-n64"
    assert heads_output.stem(Path("m.pt"), "", 4096) == "heads-error-m-n4096"


def test_a_check_verdict_is_one_line_on_stderr_and_one_json_document(capsys):
    args = argparse.Namespace(json=True, check=Path("c.json"), ssm=Path("w.npz"))
    assert heads_output.check_verdict(args, "c.json was not made from w.npz", 1) == 1
    out, err = capsys.readouterr()
    assert err == "verify heads: c.json was not made from w.npz\n"
    assert json.loads(out) == {"check": "c.json", "ssm": "w.npz", "made_from": False, "error": err[14:-1]}


def test_files_are_written_together_and_an_interruption_after_the_renames_says_so(tmp_path, monkeypatch):
    items = [(tmp_path / "a.json", b"{}"), (tmp_path / "a.png", b"png")]
    heads_output.write_all(items)
    assert [p.read_bytes() for p, _ in items] == [b"{}", b"png"]

    @contextlib.contextmanager
    def held_then_delivered() -> Iterator[None]:
        """Ctrl-C held during the writes and delivered when the hold ends, as deferred_signals does."""
        yield
        raise KeyboardInterrupt

    monkeypatch.setattr(heads_output, "deferred_signals", held_then_delivered)
    with pytest.raises(CommandError, match=r"interrupted \(SIGINT\) after all 2 files were written") as caught:
        heads_output.write_all(items)
    assert caught.value.code == 128 + 2


def test_an_interruption_before_the_files_are_written_is_passed_on(tmp_path, monkeypatch):
    def interrupted(group: list) -> None:
        """Ctrl-C while the temporary files are written."""
        raise KeyboardInterrupt

    monkeypatch.setattr(heads_output, "write_group", interrupted)
    with pytest.raises(KeyboardInterrupt):
        heads_output.write_all([(tmp_path / "a.json", b"{}")])
    assert not (tmp_path / "a.json").exists()
