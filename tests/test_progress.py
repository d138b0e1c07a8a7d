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
