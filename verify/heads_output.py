"""What the two float-weight paths of `verify heads` share (verify/heads_error.py for A, B, C weight files,
verify/checkpoint_heads.py for S4D, S5 and LRU checkpoints): the default length, file names, the verdict of
--check and the grouped write of every file.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

from verify.certificate import deferred_signals, write_group
from verify.outputs import EXIT_OK, CommandError, Terminated

__all__ = ["DEFAULT_N", "stem", "check_verdict", "write_all"]

DEFAULT_N = 4096


def stem(path: Path, prefix: str, n: int) -> str:
    """The file name stem of a block's certificate and plot."""
    tag = "".join(ch if ch.isalnum() else "-" for ch in prefix).strip("-")
    return f"heads-error-{path.stem}{'-' + tag if tag else ''}-n{n}"


def check_verdict(args: argparse.Namespace, error: str | None, code: int, message: str = "") -> int:
    """The outcome of --check: a failure is one line on stderr; --json adds one document on stdout."""
    if error is not None:
        print(f"verify heads: {error}", file=sys.stderr)
    elif not args.json:
        print(message)
    if args.json:
        payload = {"check": str(args.check), "ssm": str(args.ssm), "made_from": code == EXIT_OK, "error": error}
        print(json.dumps(payload, indent=1, sort_keys=True))
    return code


def write_all(items: list[tuple[Path, bytes]]) -> None:
    """Write every block's certificate and plot together (or none); an interruption says which it was."""
    written = False
    try:
        with deferred_signals():  # held through the whole group: it is written completely, or not begun
            write_group(items)
            written = True
    except KeyboardInterrupt as err:
        if not written:
            raise
        signum = signal.SIGTERM if isinstance(err, Terminated) else signal.SIGINT
        names = ", ".join(str(path) for path, _ in items)
        message = f"interrupted ({signal.Signals(signum).name}) after all {len(items)} files were written: {names}"
        raise CommandError(message, 128 + signum) from None
