"""JUnit XML for CI: one test case per claim, so that CI systems list claims as tests.

A certified or refuted claim whose certificate the kernel accepts passes (a refutation is a result, not a
failure). A certificate the kernel rejects is a <failure>, and so is a regression against --baseline; a
claim whose builder raised is an <error>, and so is a file `check` could not read. The layout follows the
common JUnit schema (testsuites > testsuite > testcase > failure | error, system-out).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from verify.certificate import write_atomic
from verify.kernel import statements

__all__ = ["suite_from_outcomes", "suite_from_checks", "junit_bytes", "write_junit"]

_MAX_TEXT = 20_000  # characters of messages kept per test case


def _classname(claim_id: str | None) -> str:
    """The JUnit class of a claim: its paper section (CI systems group test cases by class)."""
    spec = statements().get(claim_id or "")
    section = spec["section"] if spec else "unregistered"
    return "paper.section." + section


def _case(name: str, classname: str, seconds: float = 0.0) -> ET.Element:
    """An empty <testcase>."""
    return ET.Element("testcase", {"name": name, "classname": classname, "time": f"{seconds:.3f}"})


def _add(case: ET.Element, tag: str, message: str, text: str, kind: str) -> None:
    """Attach a <failure> or <error> with a one-line message and the full text."""
    child = ET.SubElement(case, tag, {"message": message.splitlines()[0][:500] if message else tag, "type": kind})
    child.text = text[:_MAX_TEXT]


def _out(case: ET.Element, lines: list[str]) -> None:
    """Attach <system-out> with what the report would say about the claim."""
    ET.SubElement(case, "system-out").text = "\n".join(lines)[:_MAX_TEXT]


def _suite(name: str, cases: list[ET.Element]) -> ET.Element:
    """A <testsuites> document holding one <testsuite> with counts and total time."""
    failures = sum(c.find("failure") is not None for c in cases)
    errors = sum(c.find("error") is not None and c.find("failure") is None for c in cases)
    seconds = sum(float(c.get("time", "0")) for c in cases)
    skipped = sum(c.find("skipped") is not None for c in cases)
    counts = {"tests": str(len(cases)), "failures": str(failures), "errors": str(errors), "skipped": str(skipped)}
    root = ET.Element("testsuites", {"name": "verify", **counts, "time": f"{seconds:.3f}"})
    suite = ET.SubElement(root, "testsuite", {"name": name, **counts, "time": f"{seconds:.3f}"})
    suite.extend(cases)
    return root


def suite_from_outcomes(outcomes: list, regressions: list[str], name: str = "verify all") -> ET.Element:
    """JUnit for `verify all` / `verify run`: outcomes (verify.runner.Outcome) and baseline regressions."""
    cases, claimed = [], set()
    for o in outcomes:
        case = _case(o.claim, _classname(o.claim), o.seconds)
        mine = [r for r in regressions if r.startswith(f"{o.claim}: ")]
        claimed.update(mine)
        if o.status == "error":
            _add(case, "error", o.error or "error", "\n".join([o.error or "", *o.messages]), "builder-error")
        elif o.status == "skipped":
            ET.SubElement(case, "skipped", {"message": o.skipped or "skipped"})
        elif o.status == "invalid":
            _add(case, "failure", o.messages[0] if o.messages else "invalid", "\n".join(o.messages), "kernel-rejected")
        if mine:
            _add(case, "failure", mine[0], "\n".join(f"REGRESSION {r}" for r in mine), "regression")
        lines = [f"verdict: {o.verdict}", f"status: {o.status}", f"reference: {o.reference}"]
        lines += [f"certificate: {o.path}", f"hash: {o.hash}", f"obligations: {o.obligations}"]
        if o.baseline is not None:
            lines.append(f"baseline: {o.baseline}")
        _out(case, lines)
        cases.append(case)
    for line in regressions:
        if line not in claimed:  # a baseline certificate that is no longer produced
            claim_id = line.split(": ", 1)[0]
            case = _case(claim_id, _classname(claim_id))
            _add(case, "failure", line, f"REGRESSION {line}", "regression")
            cases.append(case)
    return _suite(name, cases)


def suite_from_checks(
    results: list, unreadable: list[str], name: str = "verify check", failures: list[str] | tuple = ()
) -> ET.Element:
    """JUnit for `verify check`: kernel results, unreadable files, and other failures (missing claims, figures)."""
    cases = []
    for r in results:
        case = _case(r.claim if isinstance(r.claim, str) else r.source, _classname(r.claim))
        if not r.valid:
            _add(case, "failure", r.errors[0] if r.errors else "invalid", "\n".join(r.errors), "kernel-rejected")
        _out(case, [f"file: {r.source}", f"verdict: {r.verdict}", f"obligations: {r.obligations}"])
        cases.append(case)
    for message in unreadable:
        case = _case(message.split(": ", 1)[0], "unreadable")
        _add(case, "error", message, message, "unreadable")
        cases.append(case)
    for message in failures:
        case = _case(message.split(": ", 1)[0], "check")
        _add(case, "failure", message, message, "check")
        cases.append(case)
    return _suite(name, cases)


def junit_bytes(root: ET.Element) -> bytes:
    """The XML document, UTF-8 with a declaration, indented."""
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def write_junit(path: Path, root: ET.Element) -> None:
    """Write the JUnit XML atomically."""
    write_atomic(path, junit_bytes(root))
