"""The independent kernel: re-checks certificates as plain data.

It imports only the standard library and python-flint; nothing read from a file is ever evaluated
as code. Its vocabulary is in obligations.py; the statements it accepts are in specs/*.json.
Code outside the kernel uses only the names in __all__ (tests/test_layers.py holds constructions/ to it):
besides checking, the exact number reader, the bounded file reader, the heads_error size limits and the
Gram representation G = U Y U^T on which heads_error's witness is built.
"""

from __future__ import annotations

from .canonical import ReadError, canonical_bytes, content_hash, digest, load_json, read_bounded
from .check import FORMAT, CheckResult, UnreadableInput, check_bytes, check_certificate, check_file
from .errors import KernelError
from .kind_heads_error import MAX_DENSE as HEADS_ERROR_MAX_DENSE
from .kind_heads_error import MAX_OUTPUTS as HEADS_ERROR_MAX_OUTPUTS
from .kind_heads_error import MAX_STATE as HEADS_ERROR_MAX_STATE
from .numbers import parse_number
from .obligations import read_goal
from .ssm_gram import exact_columns, gram_core
from .statements import registered_goal, statements

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
