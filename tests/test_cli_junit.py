"""`--junit FILE` on `verify all`, `run` and `check` (verify/cli/): a JUnit file with one case per claim."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from verify.cli import main

ROOT = Path(__file__).resolve().parent.parent


SAMPLE = ("thm4.2.json", "thm4.2.step1.json", "thm4.2.step4.v0.json")  # a few certificates stand in for certs/


def _sample_certs(folder: Path) -> Path:
    """Copy the sample certificates into `folder` and return it."""
    folder.mkdir(parents=True)
    for name in SAMPLE:
        shutil.copy(ROOT / "certs" / name, folder / name)
    return folder


def _cases(path: Path) -> dict[str, ET.Element]:
    """Test cases of a JUnit file by name."""
    return {case.get("name"): case for case in ET.parse(path).getroot().iter("testcase")}


def test_check_with_junit_lists_every_certificate_and_keeps_the_summary_line(tmp_path, capsys):
    junit = tmp_path / "check.xml"
    assert main(["check", str(_sample_certs(tmp_path / "certs")), "--partial", "--junit", str(junit)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == "verify check: 3 valid, 0 invalid, 0 unreadable"
    assert sorted(_cases(junit)) == sorted(name.removesuffix(".json") for name in SAMPLE)


def test_a_broken_certificate_shows_up_as_a_failed_case(tmp_path):
    certs = _sample_certs(tmp_path / "certs")
    path = certs / "thm4.2.json"
    path.write_text(path.read_text().replace('"1"', '"2"', 1))
    junit = tmp_path / "check.xml"
    assert main(["check", str(certs), "--partial", "--junit", str(junit)]) == 1
    cases = _cases(junit)
    assert cases["thm4.2"].find("failure") is not None
    assert sum(case.find("failure") is not None for case in cases.values()) == 1


def test_run_with_junit_and_baseline_marks_a_regression(tmp_path, capsys):
    baseline = tmp_path / "baseline"
    baseline.mkdir()
    committed = json.loads((ROOT / "certs" / "thm4.2.step4.v0.json").read_text())
    committed.update(verdict="refuted", hash="sha256:" + "0" * 64)  # a baseline that said something else
    (baseline / "thm4.2.step4.v0.json").write_text(json.dumps(committed))
    junit = tmp_path / "run.xml"
    args = ["run", "thm4.2.step4.v0", "--out", str(tmp_path / "out"), "--baseline", str(baseline), "--quiet"]
    assert main([*args, "--junit", str(junit)]) == 1
    assert capsys.readouterr().out.strip().splitlines()[-1] == "verify: 1 certified, 0 refuted, 0 invalid, 0 errors"
    failure = _cases(junit)["thm4.2.step4.v0"].find("failure")
    assert failure is not None and failure.get("type") == "regression"


def test_junit_path_that_is_a_folder_is_bad_usage(tmp_path, capsys):
    assert main(["check", str(ROOT / "certs" / SAMPLE[0]), "--junit", str(tmp_path)]) == 2
    assert "--junit" in capsys.readouterr().err


def test_baseline_that_is_also_the_output_folder_is_compared_before_it_is_overwritten(tmp_path, capsys):
    certs = _sample_certs(tmp_path / "certs")
    committed = json.loads((certs / "thm4.2.step4.v0.json").read_text())
    committed.update(verdict="refuted", hash="sha256:" + "0" * 64)
    (certs / "thm4.2.step4.v0.json").write_text(json.dumps(committed))
    junit = tmp_path / "run.xml"
    args = ["run", "thm4.2.step4.v0", "--out", str(certs), "--baseline", str(certs), "--quiet", "--junit", str(junit)]
    assert main(args) == 1
    assert "REGRESSION thm4.2.step4.v0: verdict refuted -> certified" in capsys.readouterr().out
    assert _cases(junit)["thm4.2.step4.v0"].find("failure").get("type") == "regression"


def _documented_schemas() -> list[dict]:
    """The JSON schemas of `--json` output, in the order the README text documents them (run, check, list)."""
    text = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_json_output_matches_the_schemas_in_the_readme(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    run_schema, check_schema, list_schema = _documented_schemas()
    certs = _sample_certs(tmp_path / "certs")
    args = ["run", "thm4.2.step4.v0", "--out", str(tmp_path / "out"), "--baseline", str(certs), "--quiet", "--json"]
    assert main(args) == 0
    jsonschema.validate(json.loads(capsys.readouterr().out), run_schema)
    assert main(["check", str(certs), "--partial", "--json"]) == 0
    jsonschema.validate(json.loads(capsys.readouterr().out), check_schema)
    assert main(["list", "--json"]) == 0
    jsonschema.validate(json.loads(capsys.readouterr().out), list_schema)


def test_documented_schema_rejects_output_missing_a_field():
    jsonschema = pytest.importorskip("jsonschema")
    _, check_schema, _ = _documented_schemas()
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            {"results": [{"path": "a.json", "claim": None, "verdict": None, "valid": True}]}, check_schema
        )


def test_the_refutation_of_a_refuted_claim_matches_the_documented_schema(tmp_path, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    run_schema, check_schema, _ = _documented_schemas()
    assert main(["run", "thm5.1.logits-other", "--out", str(tmp_path), "--quiet", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    jsonschema.validate(payload, run_schema)
    assert payload["results"][0]["refutation"]["counterexamples"][0]["lhs"] == "1"
    broken = json.loads(json.dumps(payload))
    del broken["results"][0]["refutation"]["counterexamples"][0]["rhs"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, run_schema)
    assert main(["check", str(tmp_path / "thm5.1.logits-other.json"), "--json"]) == 0
    jsonschema.validate(json.loads(capsys.readouterr().out), check_schema)
