"""The independent kernel: re-checks certificates as plain data.

It imports only the standard library and python-flint; nothing read from a file is ever evaluated
as code. Its vocabulary is in obligations.py; the statements it accepts are in specs/*.json.
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
