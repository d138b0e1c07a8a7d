"""The independent kernel: re-checks certificates as plain data.

It imports only the standard library and python-flint; nothing read from a file is ever evaluated
as code. Layout: check.py and statements.py read a certificate against its frozen statement (specs/*.json);
kinds.py lists every obligation kind; core/ has the exact arithmetic and the generic kinds; theories/<name>/
has the domain kinds, each theory importing only the core.
Code outside the kernel uses only the names in __all__ (tests/test_layers.py holds constructions/ to it):
besides checking, the exact number reader, the bounded file reader, the heads_error size limits and the
Gram representation G = U Y U^T on which heads_error's witness is built.
"""

from __future__ import annotations

from .check import FORMAT, CheckResult, UnreadableInput, check_bytes, check_certificate, check_file
from .core.canonical import ReadError, canonical_bytes, content_hash, digest, load_json, read_bounded
from .core.errors import KernelError
from .core.numbers import parse_number
from .kinds import read_goal
from .statements import registered_goal, statements
from .theories.heads_error.kind_heads_error import MAX_DENSE as HEADS_ERROR_MAX_DENSE
from .theories.heads_error.kind_heads_error import MAX_OUTPUTS as HEADS_ERROR_MAX_OUTPUTS
from .theories.heads_error.kind_heads_error import MAX_STATE as HEADS_ERROR_MAX_STATE
from .theories.heads_error.ssm_gram import exact_columns, gram_core

__all__ = [
    "FORMAT",
    "HEADS_ERROR_MAX_DENSE",
    "HEADS_ERROR_MAX_OUTPUTS",
    "HEADS_ERROR_MAX_STATE",
    "CheckResult",
    "KernelError",
    "ReadError",
    "UnreadableInput",
    "canonical_bytes",
    "check_bytes",
    "check_certificate",
    "check_file",
    "content_hash",
    "digest",
    "exact_columns",
    "gram_core",
    "load_json",
    "parse_number",
    "read_bounded",
    "read_goal",
    "registered_goal",
    "statements",
]
