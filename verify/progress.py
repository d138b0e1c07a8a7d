"""Progress lines on stderr for the steps of a long command (`verify heads`, `verify modes`, `verify report`, the
claims of `verify run/all`); --quiet silences them.

A step that is still running after `threshold` seconds announces itself ("verify heads: certificate ... 1 s") and
repeats the line every `every` seconds; when it ends after more than `threshold` seconds, one line gives its time.
Steps that end sooner print nothing, so small runs stay quiet. Lines go to stderr and never mix with --json output.

A claim's line of `verify run` is opened ("[3/9] exp.fig3 ...") and closed with its verdict; lines a builder logs
meanwhile (logger verify.progress, e.g. one per trained model) go through `LineHandler`, which ends the open line
first, and the verdict then repeats the claim's prefix, so no line is broken in two.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = [
    "Progress",
    "from_args",
    "THRESHOLD",
    "EVERY",
    "open_line",
    "close_line",
    "write_line",
    "LineHandler",
    "Counter",
]

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


_open: dict[str, object] = {"text": None, "broken": False}  # the line opened on stderr and not yet closed


def open_line(text: str) -> None:
    """Start a line on stderr that close_line will finish ("[3/9] exp.fig3 ...")."""
    sys.stderr.write(text)
    sys.stderr.flush()
    _open.update(text=text, broken=False)


def write_line(text: str) -> None:
    """A whole line on stderr; an open line is ended first (and repeated by close_line)."""
    if _open["text"] is not None and not _open["broken"]:
        sys.stderr.write("\n")
        _open["broken"] = True
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def close_line(status: str) -> None:
    """Finish the open line with a status; when lines came in between, the line's start is repeated."""
    text, broken = _open["text"], _open["broken"]
    sys.stderr.write(f"{text} {status}\n" if broken or text is None else f" {status}\n")
    sys.stderr.flush()
    _open.update(text=None, broken=False)


class LineHandler(logging.Handler):
    """A logging handler writing each record as one whole line on stderr (see write_line)."""

    def emit(self, record: logging.LogRecord) -> None:
        """Write the formatted record."""
        try:
            write_line(self.format(record))
        except Exception:  # noqa: BLE001  (logging's own convention: a handler never raises)
            self.handleError(record)


class Counter:
    """'verify report: re-checked 40/135 certificates' at most every `every` seconds, and once at the end."""

    def __init__(self, progress: Progress, what: str, total: int, every: float = 2.0) -> None:
        """Counts `total` items of `what` for a Progress (silent when it is quiet)."""
        self.progress, self.what, self.total, self.every = progress, what, total, every
        self.done, self.last, self.start = 0, time.perf_counter(), time.perf_counter()

    def tick(self, label: str = "") -> None:
        """One more item done; a line when `every` seconds passed since the last one."""
        self.done += 1
        now = time.perf_counter()
        if self.progress.quiet or now - self.last < self.every:
            return
        self.last = now
        self.progress._write(f"{self.what} {self.done}/{self.total}" + (f" ({label})" if label else ""))

    def finish(self) -> None:
        """The final count, when the whole took longer than `every` seconds (short runs stay quiet)."""
        elapsed = time.perf_counter() - self.start
        if not self.progress.quiet and elapsed >= self.every:
            self.progress._write(f"{self.what} {self.done}/{self.total} in {elapsed:.1f} s")
