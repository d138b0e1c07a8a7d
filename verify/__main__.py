"""python -m verify: see verify/cli.py."""

import sys

from verify.cli import main

sys.exit(main())
