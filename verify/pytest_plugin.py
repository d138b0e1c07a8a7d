"""pytest plugin (entry point pytest11): `pytest --verify-claims [PATTERN]` runs the paper's claims as test items.

Each item builds one claim's certificate, re-checks it with the kernel from its bytes, and compares its content
with the baseline certificate (`--verify-baseline DIR`, by default `certs/` in pytest's rootdir when it
exists), so another project's CI can run this proof regression inside its own pytest run. PATTERN is a
shell-style pattern over claim ids (`thm4.2*`; several separated by commas); without it every claim runs.
A claim whose builder needs a missing optional package (torch) is skipped with the reason. A claim the paper
states wrongly is registered as refuted: its item passes when the kernel accepts the refutation, and is reported
as "REFUTED (as registered)" (letter R, counted as "refuted" in the summary line) with both sides' values at the
counterexample and the corrected claim; a claim whose verdict differs from the registered one fails. The plugin
does nothing, and imports nothing heavy, unless --verify-claims is given.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

__all__ = ["ClaimFailure", "ClaimItem", "ClaimCollector"]

_NODE = "verify-claims"
REFUTED = ("refuted", "R", "REFUTED (as registered)")  # category, letter, verbose word of a refuted claim's item


def pytest_addoption(parser: pytest.Parser) -> None:
    """--verify-claims [PATTERN] and --verify-baseline DIR."""
    group = parser.getgroup("verify-claims", "proof regression of 'How Many Heads Make an SSM?'")
    group.addoption(
        "--verify-claims",
        nargs="?",
        const="*",
        default=None,
        metavar="PATTERN",
        help="collect the paper's claims (matching PATTERN, e.g. 'thm4.2*') as test items",
    )
    group.addoption(
        "--verify-baseline",
        default=None,
        metavar="DIR",
        help="baseline certificates to compare with (default: certs/ in the rootdir, when it exists)",
    )


def _baseline(config: pytest.Config) -> Path | None:
    """The baseline folder: --verify-baseline, else <rootdir>/certs when it is a folder, else none."""
    given = config.getoption("verify_baseline")
    if given is not None:
        path = Path(given)
        if not given or not path.is_dir():
            raise pytest.UsageError(f"--verify-baseline {given}: no such folder; expected a folder of certificates")
        return path
    default = Path(config.rootpath) / "certs"
    return default if default.is_dir() else None


def pytest_configure(config: pytest.Config) -> None:
    """A --verify-baseline that is not a folder is a usage error at start-up, not a failing item."""
    if config.getoption("verify_baseline", None) is not None:
        _baseline(config)


def _selected(pattern: str) -> list:
    """Registered claims whose id matches one of the comma-separated patterns, in paper order."""
    from verify.registry import all_claims

    patterns = [p.strip() for p in pattern.split(",") if p.strip()] or ["*"]
    return [c for c in all_claims() if any(fnmatch.fnmatchcase(c.id, p) for p in patterns)]


def pytest_report_header(config: pytest.Config) -> str | None:
    """One header line saying what the plugin will run and against which baseline."""
    pattern = config.getoption("verify_claims")
    if pattern is None:
        return None
    baseline = _baseline(config)
    compared = f"compared with {baseline}" if baseline else "no baseline (pass --verify-baseline DIR to compare)"
    return f"verify-claims: claims matching {pattern!r}, built, kernel-checked, {compared}"


class ClaimFailure(Exception):
    """A claim that failed: builder error, kernel rejection or regression (shown without a traceback)."""


class ClaimCollector(pytest.Collector):
    """The claims selected by --verify-claims."""

    def collect(self) -> list[pytest.Item]:
        """One item per selected claim; a pattern that matches nothing is an error (a typo must not pass)."""
        pattern = self.config.getoption("verify_claims")
        claims = _selected(pattern)
        if not claims:
            raise ClaimFailure(f"--verify-claims {pattern!r}: no registered claim matches (see python -m verify list)")
        return [ClaimItem.from_parent(self, name=c.id, claim_id=c.id) for c in claims]

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: str | None = None
    ) -> str | TerminalRepr:
        """The plugin's own message instead of a Python traceback."""
        if isinstance(excinfo.value, ClaimFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


class ClaimItem(pytest.Item):
    """One claim: build, kernel-check, compare with the baseline."""

    def __init__(self, *, claim_id: str, **kwargs: Any) -> None:
        """An item named after its claim (the other keywords are pytest.Item's, passed on)."""
        super().__init__(**kwargs)
        self.claim_id = claim_id

    def runtest(self) -> None:
        """Build and check the claim; fail with one message, skip when an optional package is missing."""
        from verify.kernel import statements
        from verify.registry import get_claim
        from verify.runner import compare_digest, produce

        outcome = produce(get_claim(self.claim_id))
        self.user_properties += [("status", outcome.status), ("hash", outcome.hash)]
        if outcome.skipped:
            pytest.skip(outcome.skipped)
        if outcome.error:
            raise ClaimFailure("\n".join([f"builder error: {outcome.error}", *outcome.messages]))
        if not outcome.valid:
            raise ClaimFailure("\n".join(["the kernel rejected the certificate:", *outcome.messages]))
        registered = "refuted" if statements()[self.claim_id].get("refuted") else "certified"
        if outcome.verdict != registered:
            raise ClaimFailure(f"verdict {outcome.verdict}, but the registered verdict is {registered}")
        if outcome.verdict == "refuted":
            self.user_properties.append(("verdict", "refuted"))
            self.add_report_section("call", "refutation", _refutation_text(outcome.refutation))
        baseline = _baseline(self.config)
        if baseline is not None:
            state, message = compare_digest(outcome.claim, outcome.status, outcome.hash, baseline)
            self.user_properties.append(("baseline", state))
            if message:
                raise ClaimFailure(f"regression against {baseline}: {message}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: object = None) -> str | TerminalRepr:
        """The claim's own message instead of a Python traceback."""
        if isinstance(excinfo.value, ClaimFailure):
            return f"{self.claim_id}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """The claim's id as its location (claims have no test file of their own)."""
        return self.path, None, f"claim {self.claim_id}"


def _refutation_text(refutation: dict | None) -> str:
    """Both sides at each counterexample point and the corrected claim, as lines of text."""
    lines = []
    for c in (refutation or {}).get("counterexamples", []):
        point = ", ".join(f"{k} = {v}" for k, v in c["point"].items())
        left, right = "=" if c["lhs_exact"] else "≈", "=" if c["rhs_exact"] else "≈"
        lines.append(f"counterexample {c['obligation']} at {point}: left {left} {c['lhs']}, right {right} {c['rhs']}")
        lines.append(f"  (the claimed left {c['op']} right fails there)")
    corrected = (refutation or {}).get("corrected")
    lines.append(f"corrected claim: {corrected}" if corrected else "no corrected claim is registered")
    return "\n".join(lines)


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    """A refuted claim that passes (its refutation is the registered verdict) is shown as REFUTED, not PASSED."""
    if report.when == "call" and report.passed and ("verdict", "refuted") in getattr(report, "user_properties", []):
        return REFUTED
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    """One line per refuted claim: where it fails and its correction (the summary line counts them)."""
    reports = terminalreporter.stats.get(REFUTED[0], [])
    if not reports:
        return
    terminalreporter.section(f"refuted claims ({len(reports)}), each as registered")
    for report in reports:
        lines = dict(report.sections).get("Captured refutation call", "").splitlines()
        first, corrected = (lines[0], lines[-1]) if lines else ("", "")
        terminalreporter.line(f"{report.nodeid.split('::')[-1]}: {first}; {corrected}")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Collect the claim items like any collector (counted, errors reported), before -k/-m deselection."""
    if config.getoption("verify_claims") is None:
        return
    collector = ClaimCollector.from_parent(session, name=_NODE, nodeid=_NODE)
    report = collector.ihook.pytest_make_collect_report(collector=collector)
    session.ihook.pytest_collectreport(report=report)
    items.extend(x for x in report.result or [] if isinstance(x, pytest.Item))
