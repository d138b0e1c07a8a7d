"""`verify report` (verify/cli/report.py): compared with the registry, both files written together or not at all."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers_cli import CHEAP, ROOT

from verify.cli import main
from verify.kernel import statements


@pytest.fixture
def certs(tmp_path):
    """A folder with a few committed certificates."""
    folder = tmp_path / "certs"
    folder.mkdir()
    for claim_id in CHEAP:
        shutil.copy(ROOT / "certs" / f"{claim_id}.json", folder)
    return folder


def test_an_incomplete_folder_is_reported_but_fails_unless_partial(certs, tmp_path, capsys):
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r")]) == 1
    err = capsys.readouterr().err
    missing = len(statements()) - 6  # every registered claim but the six in the folder
    assert f"verify report: no certificate in {certs} for {missing} claims: " in err and "thm5.1.eq14" in err
    assert (tmp_path / "r" / "report.html").exists()
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r"), "--partial"]) == 0


def test_json_names_the_missing_claims(certs, tmp_path, capsys):
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r"), "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["error"] == f"{len(statements()) - 6} missing" and "thm4.2.step4.v0" in payload["missing"]


def test_an_interruption_while_writing_leaves_the_previous_pair_and_no_temporary_file(certs, tmp_path, monkeypatch):
    out = tmp_path / "r"
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (certs / "thm4.2.json").unlink()  # the next report differs
    import verify.certificate as certificate

    real, calls = certificate._fill, []

    def interrupted(fd, tmp, data):
        calls.append(tmp)
        if len(calls) == 2:  # Ctrl-C while the second file (report.html) is being written
            raise KeyboardInterrupt
        real(fd, tmp, data)

    monkeypatch.setattr(certificate, "_fill", interrupted)
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial"]) == 130
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.parametrize("case", ["file", "below-a-file"])
def test_an_unusable_output_folder_is_one_line_and_exit_two(certs, tmp_path, capsys, case):
    (tmp_path / "f").write_text("")
    out = tmp_path / "f" if case == "file" else tmp_path / "f" / "sub"
    assert main(["report", "--certs", str(certs), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--out" in err


def test_an_empty_certificate_folder_is_bad_input(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["report", "--certs", str(tmp_path / "empty"), "--out", str(tmp_path / "r")]) == 2
    assert "no certificate files" in capsys.readouterr().err and not (tmp_path / "r").exists()


@pytest.mark.parametrize("code", ["ENOSPC", "EDQUOT"])
def test_a_full_disk_is_one_line_naming_the_file_and_keeps_the_previous_pair(
    certs, tmp_path, capsys, monkeypatch, code
):
    import errno
    import os

    import verify.certificate as certificate

    out = tmp_path / "r"
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (certs / "thm4.2.json").unlink()  # the next report differs
    capsys.readouterr()
    real, calls = certificate._fill, []

    def full(fd, tmp, data):
        calls.append(tmp)
        if len(calls) == 2:  # the disk fills up while the second file of the report is written
            os.close(fd)
            number = getattr(errno, code)
            raise OSError(number, os.strerror(number))
        real(fd, tmp, data)

    monkeypatch.setattr(certificate, "_fill", full)
    # --quiet: a slow machine would add a progress line after THRESHOLD seconds; the test is about the error line
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial", "--quiet"]) == 2
    err = capsys.readouterr().err
    name = Path(calls[1]).name.removeprefix(".").rsplit(".", 2)[0]  # .NAME.PID-RANDOM.tmp -> NAME
    assert err == f"verify report: --out {out}: cannot write {out / name} ({os.strerror(getattr(errno, code))})\n"
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_foreign_claim_id_with_a_path_never_reaches_a_file_outside_the_figures_folder(
    certs, tmp_path, capsys, monkeypatch
):
    # issue 22, fault 8: a certificate claiming id "../../<...>/secret" made `report` hash that file and print a prefix
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"not for the report")
    (certs / "figures").mkdir()
    depth = len((certs / "figures").resolve().parts) - 1
    claim = "../" * depth + str(secret.with_suffix("")).lstrip("/")
    foreign = json.loads((certs / f"{CHEAP[0]}.json").read_text())
    foreign["claim"] = claim
    foreign.setdefault("params", {})["figure_sha256"] = "0" * 64
    (certs / "foreign.json").write_text(json.dumps(foreign))
    opened = []
    real_open = type(secret).open

    def spy(self, *args, **kwargs):
        opened.append(self.resolve())
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(type(secret), "open", spy)
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r"), "--partial"]) == 1  # invalid
    monkeypatch.undo()
    captured = capsys.readouterr()
    assert secret.resolve() not in opened
    assert "secret" not in captured.err + captured.out
    assert str(secret) not in (tmp_path / "r" / "report.md").read_text()


def test_progress_goes_to_stderr_per_certificate_and_per_section_and_quiet_silences_it(
    certs, tmp_path, capsys, monkeypatch
):
    import verify.progress

    original = verify.progress.Counter.__init__

    def every_time(self, progress, what, total, every=2.0):
        original(self, progress, what, total, 0.0)  # report every item, however fast the machine

    monkeypatch.setattr(verify.progress.Counter, "__init__", every_time)
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r"), "--partial"]) == 0
    captured = capsys.readouterr()
    assert f"verify report: re-checked certificates 1/{len(CHEAP)} ({sorted(CHEAP)[0]})" in captured.err
    assert "verify report: rendered sections 1/" in captured.err
    assert "re-checked" not in captured.out and "rendered" not in captured.out
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "q"), "--partial", "--quiet"]) == 0
    assert "re-checked" not in capsys.readouterr().err


def test_json_lists_every_page_and_each_refuted_claim_with_its_values_and_correction(tmp_path, capsys):
    certs = tmp_path / "certs"
    certs.mkdir()
    for name in ("thm5.1.logits-other", "thm5.1.logits-other.corrected"):
        shutil.copy(ROOT / "certs" / f"{name}.json", certs)
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "r"), "--partial", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["pages"][0].endswith("report.html") and len(payload["pages"]) > 2
    (finding,) = payload["findings"]
    assert finding["claim"] == "thm5.1.logits-other" and finding["corrected"] == "thm5.1.logits-other.corrected"
    assert [(c["lhs"], c["rhs"]) for c in finding["counterexamples"]] == [("1", "0")]


def test_the_coq_record_adds_a_column_and_a_bad_one_is_bad_input(certs, tmp_path, capsys):
    # issue 24: the committed Coq record (docs/coq-results.json, or --coq-summary) gives the report a Coq column
    out = tmp_path / "r"
    assert main(["report", "--certs", str(certs), "--out", str(out), "--partial", "--quiet"]) == 0
    assert "| Coq |" not in (out / "report.md").read_text()  # a foreign folder: no docs/coq-results.json beside it
    args = ["report", "--certs", str(certs), "--out", str(out), "--partial", "--quiet"]
    assert main([*args, "--coq-summary", str(ROOT / "docs" / "coq-results.json")]) == 0
    markdown = (out / "report.md").read_text()
    assert "| claim | reference | verdict | kernel | Coq |" in markdown and "not in the record" in markdown
    (tmp_path / "bad.json").write_text("{}")
    capsys.readouterr()
    assert main([*args, "--coq-summary", str(tmp_path / "bad.json")]) == 2
    assert "--coq-summary" in capsys.readouterr().err
