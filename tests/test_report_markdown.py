"""report.md (verify/report/markdown.py): every string a certificate supplies is escaped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from verify.report.markdown import render_markdown
from verify.report.model import load_report

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def _foreign(folder: Path, **changes: object) -> Path:
    """A certificate folder holding one committed certificate with some fields replaced (a foreign file)."""
    folder.mkdir()
    cert = json.loads((ROOT / "certs" / "thm4.2.step1.json").read_text())
    for key, value in changes.items():
        if key == "kind":
            cert["obligations"][0]["kind"] = value
        elif key == "name":
            cert["obligations"][0]["name"] = value
        else:
            cert[key] = value
    (folder / "foreign.json").write_text(json.dumps(cert))
    shutil.copy(ROOT / "certs" / "thm4.2.json", folder)
    return folder


def test_an_obligation_kind_from_a_foreign_certificate_is_escaped(tmp_path):
    # issue 22, fault 7: report.md copied HTML from a foreign certificate's `kind` unescaped
    markdown = render_markdown(load_report(_foreign(tmp_path / "certs", kind=HOSTILE)), tmp_path / "out")
    assert "<img" not in markdown and "<script" not in markdown
    assert "&lt;img src=x" in markdown


def test_names_ids_verdicts_and_references_of_a_foreign_certificate_are_escaped(tmp_path):
    changes = {
        "name": HOSTILE,
        "claim": "x<b>y",
        "verdict": HOSTILE,
        "reference": HOSTILE,
        "statement": {"words": HOSTILE},
    }
    markdown = render_markdown(load_report(_foreign(tmp_path / "certs", **changes)), tmp_path / "out")
    assert "<img" not in markdown and "<script" not in markdown and "<b>" not in markdown


def test_each_registered_claim_shows_its_formal_goal_after_the_statement(tmp_path):
    folder = tmp_path / "certs"
    folder.mkdir()
    shutil.copy(ROOT / "certs" / "thm4.2.json", folder)
    markdown = render_markdown(load_report(folder), tmp_path / "out")
    section = markdown[markdown.index("### `thm4.2`") :]
    formal, recheck = section.index("**Formal statement**"), section.index("**Kernel re-check")
    assert section.index("**Statement.**") < formal < recheck
    assert "verdict certified; no inputs" in section[formal:recheck]


def test_each_registered_claim_names_the_kernel_lines_it_trusts(tmp_path):
    folder = tmp_path / "certs"
    folder.mkdir()
    shutil.copy(ROOT / "certs" / "tab1.ssm.memory.json", folder)
    markdown = render_markdown(load_report(folder), tmp_path / "out")
    lines = [line for line in markdown.splitlines() if line.startswith("Trusted: ")]
    assert len(lines) == 1 and "kernel lines in" in lines[0] and "theories costs" in lines[0]
