"""The report: Markdown and self-contained HTML of re-checked certificates (verify/report*.py)."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from verify.certificate import Obligation, certificate_bytes, make_certificate
from verify.cli import main
from verify.kernel import statements
from verify.report.markdown import render_markdown
from verify.report.model import load_report
from verify.report.output import write_report
from verify.report.site import render_pages

ROOT = Path(__file__).resolve().parent.parent


def render_html(report) -> str:
    """Every HTML page of the report, the index first, as one text (for searching)."""
    return "".join(render_pages(report).values())


PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b3d1a40000000049454e44ae426082"
)

# A few Section 4.1 certificates stand in for the whole folder, so the tests' time does not grow with the paper.
SAMPLE = ("thm4.2.json", "thm4.2.step1.json", "thm4.2.step4.v0.json")


def _sample_certs(folder: Path) -> Path:
    """Copy the sample certificates into `folder` and return it."""
    folder.mkdir(parents=True)
    for name in SAMPLE:
        shutil.copy(ROOT / "certs" / name, folder / name)
    return folder


# A toy refuted step and its correction, registered in a temporary spec folder (never in the real one).
TOY_SPEC = {
    "toy.step": {
        "section": "9.9",
        "reference": "Toy Lemma, eq. (99)",
        "statement": {"latex": "\\forall x\\in\\mathbb R:\\ x^2\\ge x", "words": "Every real x satisfies x^2 >= x."},
        "why": "A point with x^2 < x refutes it.",
        "params": [],
        "inputs": [],
        "refuted": [
            {
                "name": "point",
                "kind": "counterexample",
                "goal": {
                    "vars": ["x"],
                    "domains": {"x": "real"},
                    "assume": [],
                    "claim": {"lhs": "x^2", "op": ">=", "rhs": "x"},
                },
            }
        ],
    },
    "toy.step.corrected": {
        "section": "9.9",
        "reference": "Toy Lemma, eq. (99), corrected",
        "statement": {"latex": "\\forall x\\in[2,3]:\\ x^2\\ge x", "words": "Every x in [2, 3] satisfies x^2 >= x."},
        "why": "Ball arithmetic on the box.",
        "params": [],
        "inputs": [],
        "certified": [
            {
                "name": "box",
                "kind": "interval_inequality",
                "goal": {"box": {"x": ["2", "3"]}, "lhs": "x^2", "op": ">=", "rhs": "x"},
            }
        ],
    },
}


@pytest.fixture
def toy_specs(tmp_path, monkeypatch):
    """The real specs plus the toy claims, seen by the kernel for the duration of one test."""
    module = importlib.import_module("verify.kernel.statements")  # the module, not the function of that name
    spec_dir = tmp_path / "specs"
    shutil.copytree(module.SPEC_DIR, spec_dir)
    (spec_dir / "zz_toy.json").write_text(json.dumps(TOY_SPEC), encoding="utf-8")
    monkeypatch.setattr(module, "SPEC_DIR", spec_dir)
    statements.cache_clear()
    yield spec_dir
    monkeypatch.undo()
    statements.cache_clear()


@pytest.fixture
def toy_certs(toy_specs, tmp_path):
    """A certificate folder: the real Section 4.1 certificates, the toy refutation and correction, a figure."""
    certs = _sample_certs(tmp_path / "certs")
    refuted = make_certificate(
        "toy.step",
        "refuted",
        [Obligation("point", "counterexample", TOY_SPEC["toy.step"]["refuted"][0]["goal"], {"point": {"x": "1/2"}})],
    )
    corrected = make_certificate(
        "toy.step.corrected",
        "certified",
        [
            Obligation(
                "box", "interval_inequality", TOY_SPEC["toy.step.corrected"]["certified"][0]["goal"], {"precision": 64}
            )
        ],
    )
    (certs / "toy.step.json").write_bytes(certificate_bytes(refuted))
    (certs / "toy.step.corrected.json").write_bytes(certificate_bytes(corrected))
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "toy.step.corrected-curve.png").write_bytes(PNG)
    (tmp_path / "figures" / "toy.step.png").write_bytes(PNG)
    return certs


def test_report_lists_every_registered_claim_with_kernel_recheck(tmp_path):
    report = load_report(_sample_certs(tmp_path / "certs"))
    assert set(statements()) <= {view.id for view in report.claims}
    present = [view for view in report.claims if view.path is not None]
    assert sorted(Path(v.path).name for v in present) == sorted(SAMPLE)
    assert all(v.valid and v.file_sha256.startswith("sha256:") and v.obligations for v in present)


def test_report_shows_a_refuted_claim_with_its_counterexample_next_to_its_correction(toy_certs, tmp_path):
    report = load_report(toy_certs, tmp_path / "figures")
    by_id = report.by_id()
    assert by_id["toy.step"].status == "refuted" and by_id["toy.step.corrected"].status == "certified"
    found = [v.id for v in report.findings()]
    assert found[found.index("toy.step") + 1] == "toy.step.corrected"
    page = render_html(report)
    pair = re.search(r'<div class="pair">(.*?)</div></div></div>', page, re.S)
    assert pair and 'id="claim-toy-step"' in pair.group(0) and 'id="claim-toy-step-corrected"' in pair.group(0)
    findings = page[page.index("Findings") : page.index("Section 4.1")]
    assert "counterexample" in findings and "toy.step.corrected" in findings
    markdown = render_markdown(report, tmp_path / "out")
    assert "counterexample (point): $`x = \\frac{1}{2}`$" in markdown


def test_figures_go_to_the_longest_claim_id_that_names_them(toy_certs, tmp_path):
    report = load_report(toy_certs, tmp_path / "figures")
    by_id = report.by_id()
    assert [p.name for p in by_id["toy.step.corrected"].figures] == ["toy.step.corrected-curve.png"]
    assert [p.name for p in by_id["toy.step"].figures] == ["toy.step.png"]
    pages = render_pages(report)
    index = pages.pop("report.html")
    assert "".join(pages.values()).count('src="data:image/png;base64,') == 2  # each on its claim's card
    assert index.count('<img class="thumb"') == 2  # and in the index's list of figures


def test_html_report_is_self_contained_and_well_formed(toy_certs, tmp_path):
    page = render_html(load_report(toy_certs, tmp_path / "figures"))
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page)
    assert "<script" not in page and "@import" not in page and "url(" not in page
    for block in re.findall(r"<math .*?</math>", page, re.S):
        ET.fromstring(block)  # each MathML island parses as XML


def test_tampered_certificate_is_reported_invalid_with_the_kernel_message(tmp_path):
    certs = _sample_certs(tmp_path / "certs")
    path = certs / "thm4.2.json"
    path.write_text(path.read_text().replace('"verdict": "certified"', '"verdict": "refuted"'))
    report = load_report(certs)
    view = report.by_id()["thm4.2"]
    assert view.status == "invalid" and view.errors
    assert report.counts()["invalid"] == 1
    assert "INVALID" in render_html(report)


def test_missing_certificate_is_listed_as_missing(tmp_path):
    certs = tmp_path / "certs"
    certs.mkdir()
    report = load_report(certs)
    assert report.counts()["missing"] == len(statements())


def test_write_report_writes_both_files(tmp_path):
    md, page = write_report(load_report(_sample_certs(tmp_path / "certs")), tmp_path / "out")
    assert md.read_text().startswith("# Certificates") and page.read_text().startswith("<!DOCTYPE html>")


def test_report_command_exits_one_when_a_certificate_is_invalid(tmp_path, capsys):
    certs = _sample_certs(tmp_path / "certs")
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "a"), "--partial"]) == 0
    (certs / "thm4.2.json").write_text("{}")
    assert main(["report", "--certs", str(certs), "--out", str(tmp_path / "b"), "--partial"]) == 1
    assert (tmp_path / "b" / "report.html").exists()


def test_report_command_names_a_missing_certificate_folder(tmp_path, capsys):
    assert main(["report", "--certs", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2
    assert "--certs" in capsys.readouterr().err


def test_values_at_a_counterexample_are_shown_only_when_the_kernel_accepts_the_refutation(tmp_path):
    from verify.report.model import load_claim

    path = tmp_path / "thm5.1.logits-other.json"
    shutil.copy(ROOT / "certs" / path.name, path)
    assert [v.text for v in load_claim(path).refutations] == ["left = 1, right = 0: the claimed left = right fails"]
    data = json.loads(path.read_text())
    data["obligations"][0]["witness"]["point"]["u"] = "0"  # the hypothesis wk*wq*u != 0 fails there
    path.write_text(json.dumps(data))
    view = load_claim(path)
    assert not view.valid and view.refutations == []
