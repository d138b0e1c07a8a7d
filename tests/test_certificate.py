"""Certificate assembly and atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from verify.certificate import Obligation, make_certificate, write_atomic
from verify.kernel import check_certificate


def test_made_certificate_carries_statement_hash_and_provenance():
    ob = Obligation(
        "value-2",
        "polynomial_identity",
        {"vars": ["a", "b"], "lhs": "(1-a*0)^2 + (0-a*0)^2 + (0-b*0)^2 + (1-b*0)^2", "rhs": "2"},
    )
    cert = make_certificate("thm4.2.step4.v0", "certified", [ob])
    assert cert["reference"].startswith("Theorem 4.2")
    assert cert["hash"].startswith("sha256:") and "versions" in cert["provenance"]
    assert check_certificate(cert, "x").valid


def test_a_built_goal_is_written_as_the_registered_goal_when_it_means_the_same():
    registered = {"vars": ["a", "b"], "lhs": "(1-a*0)^2 + (0-a*0)^2 + (0-b*0)^2 + (1-b*0)^2", "rhs": "2"}
    expanded = {"vars": ["a", "b"], "lhs": {"vars": ["a", "b"], "terms": [["2", [0, 0]]]}, "rhs": "2"}
    cert = make_certificate("thm4.2.step4.v0", "certified", [Obligation("value-2", "polynomial_identity", expanded)])
    assert cert["obligations"][0]["goal"] == registered
    assert check_certificate(cert, "x").valid


def test_a_built_goal_that_differs_from_the_registered_one_is_a_builder_error():
    wrong = {"vars": ["a", "b"], "lhs": "3", "rhs": "2"}
    with pytest.raises(ValueError, match="the built goal differs from the registered statement"):
        make_certificate("thm4.2.step4.v0", "certified", [Obligation("value-2", "polynomial_identity", wrong)])


def test_write_atomic_leaves_nothing_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "c.json"
    write_atomic(target, b"old")

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in Path(tmp_path).iterdir()] == ["c.json"]


def test_write_group_replaces_nothing_when_one_file_cannot_be_written(tmp_path, monkeypatch):
    from verify import certificate

    first, second = tmp_path / "a.md", tmp_path / "b.html"
    certificate.write_group([(first, b"old a"), (second, b"old b")])
    real, calls = certificate._fill, []

    def fail_second(fd, tmp, data):
        calls.append(tmp)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(fd, tmp, data)

    monkeypatch.setattr(certificate, "_fill", fail_second)
    with pytest.raises(KeyboardInterrupt):
        certificate.write_group([(first, b"new a"), (second, b"new b")])
    assert (first.read_bytes(), second.read_bytes()) == (b"old a", b"old b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.html"]


def test_temporary_files_name_their_process_and_stale_ones_are_swept(tmp_path):
    import os

    from verify.certificate import sweep_stale_temps

    mine = tmp_path / f".x.json.{os.getpid()}-abc.tmp"
    dead = tmp_path / ".x.json.999999999-abc.tmp"
    legacy = tmp_path / ".x.json.q8w7e6r5.tmp"
    kept = tmp_path / "notes.tmp"  # not a hidden temporary file of ours
    for path in (mine, dead, legacy, kept):
        path.write_text("")
    assert sorted(p.name for p in sweep_stale_temps(tmp_path)) == sorted([dead.name, legacy.name])
    assert mine.exists() and kept.exists()


def test_signals_during_the_renames_are_delivered_after_them(tmp_path, monkeypatch):
    import os
    import signal

    from verify import certificate

    first, second = tmp_path / "a.json", tmp_path / "b.json"
    real, renamed = os.replace, []

    def replace_and_interrupt(source, target):  # the signal arrives at the first rename, a point the test controls
        if not renamed:
            signal.raise_signal(signal.SIGINT)
        real(source, target)
        renamed.append(Path(target).name)

    monkeypatch.setattr(certificate.os, "replace", replace_and_interrupt)
    with pytest.raises(KeyboardInterrupt):
        certificate.write_group([(first, b"new a"), (second, b"new b")])
    assert renamed == ["a.json", "b.json"] and (first.read_bytes(), second.read_bytes()) == (b"new a", b"new b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_write_with_figures_leaves_a_figure_with_the_same_bytes_in_place(tmp_path, monkeypatch):
    from verify import certificate

    figure, cert = tmp_path / "f" / "c.png", tmp_path / "c.json"
    certificate.write_with_figures(cert, b"cert 1", [(figure, b"same")])
    steps = []
    monkeypatch.setattr(certificate, "_before_step", lambda action, path: steps.append((action, path.name)))
    certificate.write_with_figures(cert, b"cert 2", [(figure, b"same")])
    assert steps == [("rename", "c.json")] and figure.read_bytes() == b"same" and cert.read_bytes() == b"cert 2"
    certificate.write_with_figures(cert, b"cert 3", [(figure, b"other")])
    assert steps[1:] == [("unlink", "c.png"), ("rename", "c.json"), ("rename", "c.png")]
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["c.json", "c.png", "f"]
