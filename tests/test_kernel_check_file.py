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


def test_reading_parsing_and_hashing_are_charged_to_the_certificate_budget(monkeypatch):
    from contextlib import contextmanager
    from pathlib import Path

    import verify.kernel.check as check
    from verify.kernel.core.canonical import reading_units
    from verify.kernel.core.limits import work_budget

    budgets = []

    @contextmanager
    def recorded(total=None):
        with work_budget() as budget:
            budgets.append(budget)
            yield budget

    monkeypatch.setattr(check, "work_budget", recorded)
    path = Path(__file__).parent.parent / "certs" / "thm4.2.eq5.json"
    assert check_file(path).valid
    assert len(budgets) == 1  # one budget for the file: reading and mathematics together
    assert budgets[0].used > reading_units(path.read_bytes(), "f") > 0


def test_a_file_whose_reading_alone_exceeds_the_budget_is_invalid_before_it_is_parsed(tmp_path, monkeypatch):
    import verify.kernel.check as check

    def refuse(data, where):
        return 10**12

    monkeypatch.setattr(check, "reading_units", refuse)
    monkeypatch.setattr(check, "load_json", lambda data, where: pytest.fail("parsed before it was charged"))
    path = tmp_path / "c.json"
    path.write_text("{}")
    result = check_file(path)
    assert not result.valid
    assert "exceeds the kernel's work bound (reading, parsing and hashing the file" in result.errors[0]


def test_a_lone_surrogate_in_the_claim_is_refused_and_not_reported_as_the_claim(tmp_path):
    path = tmp_path / "c.json"
    path.write_bytes(b'{"claim": "thm4.2.eq5\\ud800", "format": "hmh-certificate/1"}')
    result = check_file(path)
    assert not result.valid and result.claim is None
    assert "expected ASCII characters only" in result.errors[0]
