"""Shared helpers of the command-line tests: run `python -m verify` in a subprocess, block imports, watch output."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

__all__ = ["ROOT", "CHEAP", "EXAMPLE_SSM", "STALLED", "verify", "blocker", "staller", "Watched", "outcome_from_run"]

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_SSM = ROOT / "examples" / "ssm-jordan-rotation.json"
CHEAP = ["thm4.2.step1", "thm4.2.step2", "thm4.2.eq4", "thm4.2.eq5", "thm4.2", "rem4.3"]  # ~0.02 s each

_BLOCKER = '''import sys


class _Blocked:
    """Refuse to import the modules named in VERIFY_TEST_BLOCK (their absence, simulated)."""

    def find_spec(self, name, path=None, target=None):
        for blocked in {names!r}:
            if name == blocked or name.startswith(blocked + "."):
                raise ModuleNotFoundError(f"No module named {{name!r}} (blocked by the test)", name=name)
        return None


sys.meta_path.insert(0, _Blocked())
'''


STALLED = "test: stalled at "  # what a stalled claim prints on stderr (see staller)

_STALLER = '''import sys
import time

import verify.runner


def _stalled(produce):
    """produce, except that the claims named in the test never finish: they say so on stderr and wait."""

    def wrapper(item):
        if item.id in {names!r}:
            print("{marker}" + item.id, file=sys.stderr, flush=True)
            while True:
                time.sleep(3600)  # until a signal (or the parent's terminate) ends it
        return produce(item)

    return wrapper


verify.runner.produce = _stalled(verify.runner.produce)
'''


def staller(folder: Path, *names: str) -> dict:
    """Environment in which the claims `names` start but never finish (workers included): a run is interrupted
    at a point the test controls (after "test: stalled at ID" on stderr), not after a sleep."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_STALLER.format(names=list(names), marker=STALLED))
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}


def blocker(folder: Path, *names: str) -> dict:
    """Environment that makes every Python started with it (workers included) unable to import `names`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(_BLOCKER.format(names=list(names)))
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}


def verify(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run `python -m verify ARGS` and capture its output."""
    command = [sys.executable, "-m", "verify", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env, timeout=timeout)


class Watched:
    """`python -m verify ARGS` in the background, its stderr collected as it comes (to interrupt it on cue)."""

    def __init__(self, *args: str, cwd: Path = ROOT, env: dict | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "verify", *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.err: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        """Collect stderr character by character (progress lines end without a newline until a claim is done)."""
        while chunk := self.process.stderr.read(1):
            self.err.append(chunk)

    def wait_for(self, text: str, timeout: float = 120) -> None:
        """Block until stderr contains text."""
        deadline = time.monotonic() + timeout
        while text not in "".join(self.err):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"never saw {text!r}; stderr so far: {''.join(self.err)[-2000:]}")
            time.sleep(0.02)

    def finish(self, timeout: float = 120) -> tuple[int, str, str]:
        """(exit code, stdout, stderr) once it has ended."""
        out = self.process.stdout.read()
        code = self.process.wait(timeout)
        self.reader.join(timeout)
        return code, out, "".join(self.err)


def outcome_from_run(folder: Path, claim_id: str) -> object:
    """The runner's outcome for a claim, rebuilt from the certificate and figures a run wrote into folder."""
    import json

    from verify.runner import Outcome, content_digest

    data = (folder / f"{claim_id}.json").read_bytes()
    cert = json.loads(data)
    names = [f"{claim_id}.png", f"{claim_id}.json"]
    files = {n: (folder / "figures" / n).read_bytes() for n in names if (folder / "figures" / n).is_file()}
    return Outcome(claim_id, "", verdict=cert["verdict"], valid=True, data=data, files=files, hash=content_digest(cert))
