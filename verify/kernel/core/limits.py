"""Bounds on certificate input, so that an oversized or malicious file is rejected quickly.

Each bound is named here once, with the reason it is large enough for the paper's claims.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_VALUES",
    "MAX_JSON_CONTAINERS",
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
    "WORK_BUDGET",
    "MAX_ALLOWANCE",
    "OWN_CERTIFICATE_ALLOWANCE",
    "work_allowance",
    "Budget",
    "WorkExceeded",
    "work_budget",
    "charge",
    "budget_serial",
    "declare_work",
    "shared_result",
    "bits_factor",
    "rational_work",
    "charpoly_units",
    "root_isolation_units",
]

# The largest certificate the project writes (exp.fig3, every trained student's weights) is 6.8 MB; 16 MiB
# leaves room and keeps a file at the bound within seconds and a few hundred MB to read.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Values and arrays/objects in one file, counted on the bytes before parsing (commas, brackets): Python objects
# cost about 30-70 bytes each, so these keep any file within about 150 MB and 2 s once read and hashed
# (benchmarks/bench_kernel.py). The largest certificate (exp.fig3, 6.8 MB) has 148,475 commas and 11,560 brackets;
# a file of its density at MAX_FILE_BYTES would have about 366,000 and 28,500. A `verify heads` certificate of a
# dense 1024-state SSM (A written once, its goals name it by reference) has about 1.06 M commas and 11.4 MB (as
# had a 512-state one when it carried A four times: read and checked in 1 s with a peak of 134 MB; issue 25), so
# the bound is 1.5 M values.
MAX_JSON_VALUES = 1_500_000
MAX_JSON_CONTAINERS = 200_000
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


# --- the work budget --------------------------------------------------------------------------------------
#
# Every kind charges the work it does (term pairs multiplied, matrix entries created, bit lengths of the
# numbers it multiplies, ball-arithmetic operations) against one budget per certificate. A unit is at most about
# one microsecond of CPU on the project's 2-core machine, also when it is loaded (benchmarks/bench_kernel.py
# measures CPU per unit for each hostile case at the bound: 0.05-1.0 us at load 9, 1.3-1.5 only for
# cases stopped by a size bound long before the budget), so WORK_BUDGET bounds the time one certificate can
# cost, whatever a file asks for: past it the obligation is invalid with "exceeds the kernel's work bound (...)".
# 4,000,000 units keep any file within 5 s CPU with start-up (0.3 s); the dearest committed certificate
# (exp.fig3, 6.8 MB) uses about 2.8 million.

WORK_BUDGET = 4_000_000


class WorkExceeded(Exception):
    """Raised by charge() when a certificate has used up its work budget (turned into a KernelError)."""


class Budget:
    """The work a certificate may still do, in units of about a microsecond (serial tells budgets apart)."""

    __slots__ = ("total", "used", "serial")
    _serials = itertools.count()

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0
        self.serial = next(Budget._serials)

    def charge(self, units: int, what: str) -> None:
        """Spend units of work on `what`, or raise WorkExceeded naming it."""
        self.used += max(int(units), 0)
        if self.used > self.total:
            raise WorkExceeded(f"exceeds the kernel's work bound ({what}: {self.used:,} of {self.total:,} units)")


_current: ContextVar[Budget | None] = ContextVar("kernel_budget", default=None)

# What one certificate may spend is WORK_BUDGET unless the *caller* of the kernel allows more (work_allowance):
# a user re-checking the certificate of their own big SSM (`verify check --work-budget UNITS`), or the toolkit
# re-checking the certificate it has just built from the user's SSM, whose sizes the user chose. A file alone can
# never raise its budget, so any file given to `verify check` costs at most WORK_BUDGET units (issue 20's bound).
MAX_ALLOWANCE = 200_000_000  # the most a caller may allow one certificate (minutes of CPU, not hours)
OWN_CERTIFICATE_ALLOWANCE = 100_000_000  # what the toolkit's commands allow the certificate of a user's SSM
_allowance: ContextVar[int] = ContextVar("kernel_allowance", default=WORK_BUDGET)


@contextmanager
def work_allowance(total: int) -> Iterator[int]:
    """Let each certificate checked inside spend up to `total` units (between WORK_BUDGET and MAX_ALLOWANCE)."""
    allowed = max(WORK_BUDGET, min(int(total), MAX_ALLOWANCE))
    token = _allowance.set(allowed)
    try:
        yield allowed
    finally:
        _allowance.reset(token)


@contextmanager
def work_budget(total: int | None = None) -> Iterator[Budget]:
    """Run the enclosed checks under a fresh budget of `total` units (default: the caller's allowance)."""
    budget = Budget(_allowance.get() if total is None else total)
    token = _current.set(budget)
    try:
        yield budget
    finally:
        _current.reset(token)


def budget_serial() -> int | None:
    """The serial of the current certificate's budget (None outside a check): tells one check from the next."""
    budget = _current.get()
    return None if budget is None else budget.serial


def charge(units: int, what: str) -> None:
    """Charge work to the current certificate's budget (no-op outside check_certificate)."""
    budget = _current.get()
    if budget is not None:
        budget.charge(units, what)


def declare_work(units: int, cap: int, what: str) -> None:
    """Refuse at once, before any work, an obligation whose work (fixed by its declared input sizes) cannot fit.

    For kinds whose cost is a known function of sizes the statement takes as inputs (a user's own SSM): past cap,
    or past what the current budget has left (WORK_BUDGET unless the caller allowed more with work_allowance), the
    obligation is rejected before it starts instead of after spending the budget; the work is still charged as it
    is done.
    """
    if units > cap:
        raise WorkExceeded(f"exceeds the kernel's work bound ({what}: {units:,} units declared, at most {cap:,})")
    budget = _current.get()
    if budget is not None and budget.used + units > budget.total:
        raise WorkExceeded(
            f"exceeds the kernel's work bound ({what}: {units:,} units declared, {budget.total - budget.used:,} left "
            f"of {budget.total:,}; a user re-checking the certificate of their own SSM may allow more: "
            "`verify check --work-budget UNITS`)"
        )


T = TypeVar("T")
SHARED_RESULTS = 16  # results kept by shared_result, oldest dropped first
_shared: dict[str, list[Any]] = {}  # key -> [value, units it cost, serial of the last budget charged for it]


def shared_result(key: str, what: str, compute: Callable[[], T]) -> T:
    """compute(), remembered under key across certificates; each certificate is charged its units once.

    Obligations of one certificate share the result for free; a later certificate that finds it is charged what
    computing it cost, so a certificate's charge never depends on what was checked before it. Results are kept only
    inside a budget, and only when compute() returns (a failed check is not remembered).
    """
    budget = _current.get()
    if budget is None:
        return compute()
    entry = _shared.get(key)
    if entry is None:
        before = budget.used
        value = compute()
        if len(_shared) >= SHARED_RESULTS:
            _shared.pop(next(iter(_shared)))
        entry = _shared[key] = [value, budget.used - before, budget.serial]
    elif entry[2] != budget.serial:
        entry[2] = budget.serial
        budget.charge(entry[1], what)
    result: T = entry[0]
    return result


def bits_factor(bits: int) -> int:
    """The cost of one multiplication of numbers of `bits` bits, in multiples of a word-sized one.

    Measured with python-flint on this machine: a 31,700-bit product of rationals costs about 28 us, a
    word-sized one about 1 us (Karatsuba-like growth, words^1.5 / 400).
    """
    words = 1 + bits // 64
    return 1 + int(words**1.5) // 400


def rational_work(ops: int, bits: int) -> int:
    """Units for `ops` multiply-adds of rationals of `bits` bits inside python-flint (fmpq_mat products).

    Measured here (n x n products, n = 4..16, entries with distinct random denominators, the worst case):
    about 1-2 us per operation at 66 bits, 11-20 at 664 bits, 340-605 at 6,644 bits (the sums' denominators
    grow, so gcds dominate); entries with common denominators cost far less (0.01 us at 4 bits). The model
    below is at or above every measurement.
    """
    per = max(bits, 4) / 64 if bits <= 664 else 1 + 20 * (bits / 600) ** 1.5
    return int(ops * per) + 1


def charpoly_units(size: int, numerator_bits: int) -> int:
    """Units for the characteristic polynomial of a size x size rational matrix whose cleared numerator has entries
    of `numerator_bits` bits (python-flint's fmpq_mat.charpoly works on that integer matrix).

    Measured (benchmarks/bench_kernel.py --calibrate, and exp.fig4 re-sealed with a 16 x 16 A of 100-bit entries
    with distinct denominators): 0.09-0.74 us per size^3 * limbs up to 1,100 limbs, growing with the limbs (1.05 us
    at 16 x 16 with 737 limbs, load 8); size^3 * limbs * (1 + limbs / 1024) units are at or above each.
    """
    limbs = 1 + numerator_bits // 64
    return size**3 * limbs * (1024 + limbs) // 1024 + 1


def root_isolation_units(degree: int, precision: int, coefficient_bits: int) -> int:
    """Units for isolating every complex root of a polynomial (python-flint's complex_roots) at `precision` bits.

    Measured (benchmarks/bench_kernel.py --calibrate, degrees 16 and 64, 256 to 100,000 bits): about
    degree^2 * 0.016 * precision^1.17 us, and degree^2 * limbs / 20 us for the coefficients at low precision; the
    model below is 20-60 % above each measurement.
    """
    return int(degree**2 * (16 + precision**1.17 / 40 + (1 + coefficient_bits // 64) / 16)) + 1
