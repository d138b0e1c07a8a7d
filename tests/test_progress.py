"""Progress lines on stderr (verify/progress.py) and --quiet for `verify heads` / `verify modes`."""

from __future__ import annotations

import io
import json
import threading
import time

from verify.progress import Progress


class _Announced(io.StringIO):
    """A stream that tells when its first line has been written (so a step can last until it is announced)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Event()

    def write(self, text: str) -> int:
        """Write, then signal."""
        count = super().write(text)
        self.written.set()
        return count


def test_a_step_over_the_threshold_is_announced_and_timed():
    out = _Announced()
    steps = Progress("verify heads", stream=out, threshold=0.05)
    with steps.step("interaction basis"):
        assert out.written.wait(120)  # the step lasts until the watcher has announced it, however loaded the machine
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("verify heads: interaction basis ... ")
    assert lines[-1].startswith("verify heads: interaction basis done in ")


def test_a_short_step_prints_nothing():
    out = io.StringIO()
    with Progress("verify heads", stream=out, threshold=5.0).step("certificate"):
        pass
    assert out.getvalue() == ""


def test_quiet_silences_even_a_long_step():
    out = io.StringIO()
    with Progress("verify modes", quiet=True, stream=out, threshold=0.01).step("appA.ssm"):
        time.sleep(0.05)
    assert out.getvalue() == ""


def test_verify_heads_accepts_quiet_and_keeps_stderr_empty(tmp_path, capsys):
    from verify.cli import main

    ssm = tmp_path / "s.json"
    ssm.write_text(json.dumps({"A": [["1/2"]], "B": [["1"]], "C": [["1"]]}))
    assert main(["heads", "--ssm", str(ssm), "--out", str(tmp_path / "out"), "--quiet", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["k"] == 1


def test_verify_modes_accepts_quiet(tmp_path, capsys):
    from verify.cli import main

    ssm = tmp_path / "s.json"
    ssm.write_text(json.dumps({"A": [["1/2", "0"], ["0", "1/3"]], "B": [["1"], ["1"]], "C": [["1", "1"]]}))
    assert main(["modes", "--ssm", str(ssm), "--out", str(tmp_path / "out"), "--quiet", "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_lines_logged_while_a_claim_line_is_open_end_it_and_the_verdict_repeats_its_start(capsys):
    import logging

    from verify.cli.common import configure_progress
    from verify.progress import close_line, open_line

    configure_progress(False)
    open_line("[3/9] exp.fig3 ...")
    logging.getLogger("verify.progress").info("  exp.fig3: k=2 H=1 test MSE 0.5")
    logging.getLogger("verify.progress").info("  exp.fig3: k=2 H=2 test MSE 0.1")
    close_line("certified (9.00 s)")
    open_line("[4/9] exp.fig4 ...")
    close_line("certified (1.00 s)")
    assert capsys.readouterr().err.splitlines() == [
        "[3/9] exp.fig3 ...",
        "  exp.fig3: k=2 H=1 test MSE 0.5",
        "  exp.fig3: k=2 H=2 test MSE 0.1",
        "[3/9] exp.fig3 ... certified (9.00 s)",
        "[4/9] exp.fig4 ... certified (1.00 s)",
    ]


def test_a_counter_reports_every_so_often_and_at_the_end_unless_quiet():
    from verify.progress import Counter

    out = io.StringIO()
    counter = Counter(Progress("verify report", stream=out), "re-checked certificates", 3, every=0.0)
    for name in ("a", "b", "c"):
        counter.tick(name)
    counter.finish()
    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        f"verify report: re-checked certificates {k}/3 ({n})" for k, n in ((1, "a"), (2, "b"), (3, "c"))
    ]
    assert lines[3].startswith("verify report: re-checked certificates 3/3 in ")
    quiet = io.StringIO()
    counter = Counter(Progress("verify report", quiet=True, stream=quiet), "x", 1, every=0.0)
    counter.tick("a")
    counter.finish()
    assert quiet.getvalue() == ""
