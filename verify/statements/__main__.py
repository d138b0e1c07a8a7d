"""`python -m verify.statements [--check]`: regenerate (or check) the kernel's frozen statements."""

from __future__ import annotations

import sys

from verify.statements import stale_files, write_all

if "--check" in sys.argv[1:]:
    stale = stale_files()
    for name in stale:
        print(f"verify/kernel/specs/{name} differs from what its generator in verify/statements/ makes")
    sys.exit(1 if stale else 0)
for name in write_all():
    print(f"wrote verify/kernel/specs/{name}")
