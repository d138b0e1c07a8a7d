"""Progress lines on stderr for the steps of a long command (`verify heads`, `verify modes`); --quiet silences them.

A step that is still running after `threshold` seconds announces itself ("verify heads: certificate ... 1 s") and
repeats the line every `every` seconds; when it ends after more than `threshold` seconds, one line gives its time.
Steps that end sooner print nothing, so small runs stay quiet. Lines go to stderr and never mix with --json output.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = ["Progress", "from_args", "THRESHOLD", "EVERY"]

# A step is reported once it has run this long (seconds): shorter steps are not worth a line.
THRESHOLD = 1.0
# While it keeps running, the line is repeated this often (seconds).
EVERY = 10.0


class Progress:
    """Reports the steps of one command on a stream (stderr), unless quiet."""

    def __init__(
        self, command: str, quiet: bool = False, stream: TextIO | None = None, threshold: float | None = None
    ) -> None:
        """command names the lines ("verify heads"); stream defaults to sys.stderr; threshold to THRESHOLD now."""
        self.command, self.quiet, self.stream = command, quiet, stream
        self.threshold = THRESHOLD if threshold is None else threshold
        self.started = time.perf_counter()

    def _write(self, text: str) -> None:
        """One line on the stream, flushed."""
        stream = self.stream or sys.stderr
        stream.write(f"{self.command}: {text}\n")
        stream.flush()

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Time the enclosed step; report it while it runs past the threshold and when it ends."""
        if self.quiet:
            yield
            return
        start, done = time.perf_counter(), threading.Event()

        def watch() -> None:
            """Announce the step after the threshold, then every EVERY seconds until it ends."""
            wait = self.threshold
            while not done.wait(wait):
                self._write(f"{name} ... {time.perf_counter() - start:.0f} s")
                wait = EVERY

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            yield
        finally:
            done.set()
            watcher.join()
            elapsed = time.perf_counter() - start
            if elapsed >= self.threshold:
                self._write(f"{name} done in {elapsed:.1f} s (total {time.perf_counter() - self.started:.1f} s)")


def from_args(args: object, command: str) -> Progress:
    """The Progress of a subcommand, quiet when its parsed arguments have quiet set."""
    return Progress(command, quiet=bool(getattr(args, "quiet", False)))
