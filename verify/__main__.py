"""python -m verify: see verify/cli/__init__.py."""

import sys

from verify.cli import main

if __name__ == "__main__":  # worker processes (--jobs) import this module under another name
    sys.exit(main())
