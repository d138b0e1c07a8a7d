"""Bounds on certificate input, so that an oversized or malicious file is rejected quickly.

Each bound is named here once, with the reason it is large enough for the paper's claims.
"""

from __future__ import annotations

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NUMBER_DIGITS",
    "MAX_EXPRESSION_CHARS",
    "MAX_NESTING",
    "MAX_TERMS",
    "MAX_VARIABLES",
    "MAX_EXPONENT",
    "MAX_MATRIX_ENTRIES",
    "MAX_OBLIGATIONS",
    "MAX_PRECISION",
    "MAX_PRODUCT_WORK",
    "MAX_BITS",
]

# The largest certificate the project writes (Theorem 4.4 at n = 4096) is a few MiB.
MAX_FILE_BYTES = 64 * 1024 * 1024
# Digits in one integer (numerator or denominator); Python's own str->int limit is 4300.
MAX_NUMBER_DIGITS = 4000
# Characters in one expression string such as "(1 - a*v1)^2 + (a*v2)^2".
MAX_EXPRESSION_CHARS = 100_000
# Depth of JSON arrays/objects and of parenthesised expressions.
MAX_NESTING = 64
# Terms in one polynomial, before or after expansion.
MAX_TERMS = 200_000
# Distinct variables of one polynomial obligation.
MAX_VARIABLES = 256
# The exponent in "x^k"; the paper's powers A^tau are taken symbolically, never by expansion.
MAX_EXPONENT = 10_000
# Entries of one matrix (rows * columns).
MAX_MATRIX_ENTRIES = 4_000_000
# Obligations in one certificate.
MAX_OBLIGATIONS = 10_000
# Bits of working precision for ball arithmetic.
MAX_PRECISION = 100_000
# Term pairs multiplied in one polynomial product (len(a) * len(b)); bounds the time of one step.
MAX_PRODUCT_WORK = 250_000
# Bits of one numerator or denominator produced during exact evaluation (about 60,000 digits).
MAX_BITS = 200_000
