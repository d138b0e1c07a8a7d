"""python -m verify coq: per-claim Coq verdicts, totals, the results file, and exit 2 without coqc."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from coq_helpers import need_coqc
from helpers_cli import ROOT, verify

from verify.cli.coq import summarize
from verify.coqsummary import SUMMARY, read_summary

# Small certificates covering identities, sums of squares, attained points, spectral bounds and a refutation.
SAMPLE = ["thm4.2.eq5.json", "rem4.3.json", "thm5.1.part1.loose.json", "sec3.2.rnn-jacobian.eq1.json"]


def test_without_coqc_it_says_how_to_install_and_exits_2() -> None:
    """No coqc on the path: one line naming the packages, exit 2."""
    done = verify("coq", "certs/rem4.3.json", env={**os.environ, "VERIFY_COQC": "/nonexistent/coqc"})
    assert done.returncode == 2
    assert "apt-get install -y coq libcoq-interval libcoq-bignums" in done.stderr and "Traceback" not in done.stderr


def test_bad_input_exits_2(tmp_path: Path) -> None:
    """A missing path or a file that is not JSON is a usage error."""
    need_coqc()
    assert verify("coq", str(tmp_path / "missing.json")).returncode == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    done = verify("coq", str(bad))
    assert done.returncode == 2 and "bad.json" in done.stderr


def test_summary_counts() -> None:
    """Totals: obligations, fully checked claims, refutations' counterexamples."""
    ob = {"name": "x", "kind": "counterexample", "status": "checked", "reason": ""}
    results = [
        {"claim": "a", "verdict": "refuted", "total": 1, "checked": 1, "coq": "all", "obligations": [ob],
         "seconds": 1.0, "cpu_seconds": 0.5},
        {"claim": "b", "verdict": "certified", "total": 2, "checked": 0, "coq": "none", "seconds": 2.0,
         "cpu_seconds": 1.0, "obligations": [{**ob, "kind": "rank", "status": "failed"}, {**ob, "kind": "rank",
                                                                                          "status": "not_mapped"}]},
    ]  # fmt: skip
    totals = summarize(results)
    assert totals["obligations"] == 3 and totals["obligations_checked"] == 1 and totals["claims_all"] == 1
    assert totals["counterexamples_checked"] == totals["counterexamples"] == 1 and totals["failed"] == 1
    assert totals["by_kind"]["rank"] == {"checked": 0, "total": 2}


@pytest.mark.slow  # coqc on four committed certificates through the command line (test_every_committed_certificate
# below, also slow, runs the whole folder; the per-kind tests/test_coq_*.py run coqc in the default run)
def test_sample_of_certificates(tmp_path: Path) -> None:
    """A few committed certificates: every translated obligation is checked, the .v files and results are kept."""
    need_coqc()
    done = verify("coq", *(f"certs/{n}" for n in SAMPLE), "--out", str(tmp_path), "--json", "--jobs", "2", timeout=1800)
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    by_claim = {r["claim"]: r for r in payload["results"]}
    assert by_claim["thm4.2.eq5"]["coq"] == "all" and by_claim["rem4.3"]["coq"] == "all"
    assert by_claim["thm5.1.part1.loose"]["coq"] == "all"
    refutation = by_claim["sec3.2.rnn-jacobian.eq1"]
    assert refutation["verdict"] == "refuted" and refutation["coq"] == "all"
    assert {o["kind"]: o["status"] for o in refutation["obligations"]}["counterexample"] == "checked"
    assert payload["totals"]["failed"] == 0
    assert (tmp_path / "c_thm4_2_eq5.v").is_file() and not list(tmp_path.glob("*.vo"))
    saved = json.loads((tmp_path / "coq-results.json").read_text(encoding="utf-8"))
    assert saved["totals"] == payload["totals"]


@pytest.mark.slow
def test_every_committed_certificate(tmp_path: Path) -> None:
    """The whole certs/ folder: nothing rejected, every refutation's counterexample checked by Coq, and the
    committed record docs/coq-results.json (what verify report and README show) is what a fresh run finds."""
    need_coqc()
    fresh = tmp_path / "summary.json"
    done = verify(
        "coq", "certs", "--out", str(tmp_path), "--json", "--jobs", "2", "--summary", str(fresh), timeout=7200
    )
    assert done.returncode == 0, done.stderr[-2000:]
    totals = json.loads(done.stdout)["totals"]
    assert totals["failed"] == 0
    assert totals["counterexamples_checked"] == totals["counterexamples"] > 0
    assert totals["claims"] == len(list((ROOT / "certs").glob("*.json")))
    committed, now = read_summary(ROOT / SUMMARY), read_summary(fresh)
    assert committed is not None and now is not None
    stale = sorted(c for c in now["claims"] if committed["claims"].get(c) != now["claims"][c])
    assert not stale, f"docs/coq-results.json is stale for {stale[:10]}: rerun {committed['command']}"
    assert sorted(committed["claims"]) == sorted(now["claims"]) and committed["totals"] == now["totals"]


def test_sigterm_stops_the_running_coqc(tmp_path: Path) -> None:
    """An interrupted run stops its coqc processes and exits 128 + 15."""
    import signal
    import subprocess
    import sys
    import time

    pidfile = tmp_path / "pid"
    fake = tmp_path / "coqc"
    fake.write_text(f"#!/bin/sh\necho $$ > {pidfile}\nexec sleep 60\n", encoding="utf-8")
    fake.chmod(0o755)
    env = {**os.environ, "VERIFY_COQC": str(fake)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "verify", "coq", "certs/rem4.3.json"], cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while not pidfile.exists() or not pidfile.read_text().strip():
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    child = int(pidfile.read_text())
    assert _terminated(child), f"coqc (pid {child}) still runs after the interrupted run exited"


def _terminated(pid: int, seconds: float = 10.0) -> bool:
    """True once pid is gone or a zombie (it has exited; init has not reaped it yet, which lags under load)."""
    import time

    deadline = time.monotonic() + seconds
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True  # gone between the two looks
        if state == "Z":
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
