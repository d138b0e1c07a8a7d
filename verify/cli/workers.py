"""Producing a list of claims serially or in worker processes, writing each valid result as it arrives.

Workers (spawned, so no thread or torch state is inherited) only build and kernel-check; the parent writes,
so an interruption can never leave a half-written file and the files are the same bytes as a serial run's.
Workers ignore SIGINT: Ctrl-C reaches the parent, which stops them and reports what finished.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING

from verify.cli.common import Terminated, configure_progress

if TYPE_CHECKING:
    from verify.runner import Outcome

__all__ = ["produce_claims"]


def _init_worker(quiet: bool) -> None:
    """Worker set-up: Ctrl-C is the parent's business; progress lines follow --quiet."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    configure_progress(quiet)


def _work(claim_id: str) -> Outcome:
    """Build and check one claim in a worker process (nothing is written there)."""
    from verify.registry import get_claim
    from verify.runner import produce

    return produce(get_claim(claim_id))


class _Progress:
    """Finishing outcomes: write the valid ones, print progress lines, keep them in claim order."""

    def __init__(self, claims: list, out: Path, figures: Path, quiet: bool, refresh: bool = False) -> None:
        """The claims to produce, where their files go, and whether agreeing copies there are rewritten."""
        self.claims, self.out, self.figures, self.quiet, self.refresh = claims, out, figures, quiet, refresh
        self.done: dict[int, Outcome] = {}
        self.width = len(str(len(claims)))

    def start(self, index: int) -> None:
        """The line printed before a claim is built (serial runs only)."""
        if not self.quiet:
            from verify.progress import open_line

            open_line(f"[{index + 1:>{self.width}}/{len(self.claims)}] {self.claims[index].id} ...")

    def finish(self, index: int, outcome: Outcome, serial: bool) -> None:
        """Write a valid certificate and its figures, then record and show the outcome."""
        from verify.runner import write_outcome

        try:
            write_outcome(outcome, self.out, self.figures, self.refresh)
        except OSError as err:
            outcome.error = f"cannot write {self.out / (outcome.claim + '.json')} ({err.strerror or err})"
        self.done[index] = outcome
        if self.quiet:
            return
        status = f"{outcome.status} ({outcome.seconds:.2f} s)"
        if serial:
            from verify.progress import close_line

            close_line(status)
        else:
            count = f"[{len(self.done):>{self.width}}/{len(self.claims)}]"
            print(f"{count} {outcome.claim} ... {status}", file=sys.stderr, flush=True)

    def outcomes(self) -> list:
        """The finished outcomes in claim order."""
        return [self.done[k] for k in sorted(self.done)]


def _serial(progress: _Progress) -> None:
    """One claim after the other, in this process."""
    from verify.runner import produce

    for index, item in enumerate(progress.claims):
        progress.start(index)
        progress.finish(index, produce(item), serial=True)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers now (an interruption): cancel what has not started, terminate what has."""
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        process.terminate()
    executor.shutdown(wait=True, cancel_futures=True)


def _parallel(progress: _Progress, jobs: int, quiet: bool) -> None:
    """Claims in `jobs` spawned worker processes, finished in the order they complete."""
    from verify.runner import Outcome

    context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker, initargs=(quiet,))
    try:
        futures: dict[Future, int] = {executor.submit(_work, c.id): k for k, c in enumerate(progress.claims)}
        for future in as_completed(futures):
            index, item = futures[future], progress.claims[futures[future]]
            try:
                outcome = future.result()
            except Exception as err:  # a worker that died (killed, out of memory) fails only its claim
                outcome = Outcome(item.id, item.reference, error=f"worker process failed ({type(err).__name__})")
            progress.finish(index, outcome, serial=False)
    except BaseException:
        _stop(executor)
        raise
    executor.shutdown(wait=True)


def produce_claims(
    claims: list, out: Path, figures: Path, jobs: int, quiet: bool, refresh: bool = False
) -> tuple[list, str | None]:
    """Produce claims (in order when serial), writing each valid one; returns (finished outcomes, signal or None)."""
    progress = _Progress(claims, out, figures, quiet, refresh)
    try:
        if jobs <= 1 or len(claims) <= 1:
            _serial(progress)
        else:
            _parallel(progress, min(jobs, len(claims)), quiet)
    except KeyboardInterrupt as err:
        if not quiet:
            print(file=sys.stderr)
        return progress.outcomes(), "SIGTERM" if isinstance(err, Terminated) else "SIGINT"
    return progress.outcomes(), None
