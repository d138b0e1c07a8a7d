"""JUnit XML for CI (verify/report/junit.py): one test case per claim, failures for rejected or regressed claims."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from verify.kernel import CheckResult
from verify.report.junit import junit_bytes, suite_from_checks, suite_from_outcomes, write_junit
from verify.runner import Outcome


def _outcome(claim: str, verdict: str | None = "certified", valid: bool = True, error: str | None = None) -> Outcome:
    """An outcome as the runner makes it."""
    return Outcome(claim, "ref", verdict=verdict, valid=valid, error=error, path=f"certs/{claim}.json", seconds=0.5)


def _cases(root: ET.Element) -> dict[str, ET.Element]:
    """Test cases by name."""
    return {case.get("name"): case for case in root.iter("testcase")}


def test_every_outcome_becomes_one_test_case_and_refutations_pass():
    root = ET.fromstring(junit_bytes(suite_from_outcomes([_outcome("thm4.2"), _outcome("x", "refuted")], [])))
    cases = _cases(root)
    assert sorted(cases) == ["thm4.2", "x"]
    assert all(case.find("failure") is None and case.find("error") is None for case in cases.values())
    assert root.find("testsuite").get("tests") == "2" and root.find("testsuite").get("failures") == "0"


def test_invalid_certificate_is_a_failure_and_a_builder_crash_is_an_error():
    bad = _outcome("thm4.2", valid=False)
    bad.messages = ["certs/thm4.2.json: hash: does not match"]
    crash = _outcome("rem4.3", verdict=None, valid=False, error="ValueError: boom")
    root = ET.fromstring(junit_bytes(suite_from_outcomes([bad, crash], [])))
    cases = _cases(root)
    assert "hash: does not match" in cases["thm4.2"].find("failure").get("message")
    assert cases["rem4.3"].find("error").get("message") == "ValueError: boom"
    suite = root.find("testsuite")
    assert (suite.get("failures"), suite.get("errors")) == ("1", "1")


def test_regression_fails_its_claim_and_a_vanished_claim_gets_its_own_case():
    changed = _outcome("thm4.2")
    changed.baseline = "changed"
    regressions = [
        "thm4.2: verdict certified -> refuted (content a -> b)",
        "old.claim: in the baseline but no longer produced",
    ]
    cases = _cases(ET.fromstring(junit_bytes(suite_from_outcomes([changed], regressions))))
    assert cases["thm4.2"].find("failure").get("type") == "regression"
    assert cases["old.claim"].find("failure").get("message").startswith("old.claim: in the baseline")


def test_check_results_and_unreadable_files_become_cases():
    results = [
        CheckResult("certs/a.json", "thm4.2", "certified", True),
        CheckResult("b.json", None, None, False, ["b"]),
    ]
    root = ET.fromstring(junit_bytes(suite_from_checks(results, ["c.json: not valid JSON"])))
    cases = _cases(root)
    assert cases["thm4.2"].find("failure") is None
    assert cases["b.json"].find("failure").get("message") == "b"
    assert cases["c.json"].find("error") is not None


def test_messages_with_markup_stay_text_in_the_xml():
    bad = _outcome("thm4.2", valid=False)
    bad.messages = ["<failure>&</failure> ]]>"]
    case = _cases(ET.fromstring(junit_bytes(suite_from_outcomes([bad], []))))["thm4.2"]
    assert case.find("failure").text == "<failure>&</failure> ]]>"


def test_junit_file_is_accepted_by_junitparser(tmp_path):
    junitparser = pytest.importorskip("junitparser")
    path = tmp_path / "j.xml"
    write_junit(path, suite_from_outcomes([_outcome("thm4.2"), _outcome("rem4.3", valid=False)], []))
    suites = list(junitparser.JUnitXml.fromfile(str(path)))
    cases = {c.name: c for s in suites for c in s}
    assert cases["thm4.2"].is_passed and not cases["rem4.3"].is_passed


def test_a_skipped_claim_is_a_skipped_case_with_its_reason():
    outcome = Outcome("exp.fig3", "Section 6.1", skipped="needs torch: pip install '.[torch]'")
    root = suite_from_outcomes([outcome], [])
    case = root.find("testsuite/testcase")
    assert case.find("skipped").get("message") == "needs torch: pip install '.[torch]'"
    assert root.get("skipped") == "1" and root.get("failures") == "0" and root.get("errors") == "0"
