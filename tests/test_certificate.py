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
