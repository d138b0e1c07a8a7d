"""python -m verify: see verify/cli/__init__.py."""

import os
import signal
import sys

from verify.cli import main

if __name__ == "__main__":  # worker processes (--jobs) import this module under another name
    code = main()
    if code in (128 + signal.SIGINT, 128 + signal.SIGTERM):
        # An interrupted run has reported what finished and removed its temporary files; leave at once, so that
        # a library interrupted mid-call (torch's threads) cannot turn the exit into a second interruption.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
