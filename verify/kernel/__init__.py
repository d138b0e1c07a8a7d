"""The independent kernel: re-checks certificates as plain data.

It imports only the standard library and python-flint; nothing read from a file is ever evaluated
as code. Layout: check.py and statements.py read a certificate against its frozen statement (specs/*.json);
kinds.py lists every obligation kind; core/ has the exact arithmetic and the generic kinds; theories/<name>/
has the domain kinds, each theory importing only the core.
"""

from __future__ import annotations

from .check import FORMAT, CheckResult, UnreadableInput, check_certificate, check_file
from .core.canonical import canonical_bytes, content_hash, digest, load_json
from .core.errors import KernelError
from .kinds import read_goal
from .statements import registered_goal, statements

__all__ = [
    "FORMAT",
    "CheckResult",
    "KernelError",
    "UnreadableInput",
    "canonical_bytes",
    "check_certificate",
    "check_file",
    "content_hash",
    "digest",
    "load_json",
    "read_goal",
    "registered_goal",
    "statements",
]
