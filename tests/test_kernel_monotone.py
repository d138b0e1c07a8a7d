"""monotone.py (theory float_bounds): each syntactic rule accepts what is nondecreasing and refuses the rest."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.core.expr import parse_expression
from verify.kernel.core.numbers import GQ
from verify.kernel.theories.float_bounds.monotone import check_nondecreasing

ENV = {"u": GQ(1) / GQ(2**53), "n": GQ(100), "c": GQ(-3)}
SUPPLIED = {"Y", "Z"}


def _check(text: str) -> None:
    check_nondecreasing(parse_expression(text, "t"), SUPPLIED, ENV, "t")


@pytest.mark.parametrize(
    ("rule", "text"),
    [
        ("a subtree without supplied values is a constant, whatever its form", "c - n/(1 - n*u)"),
        ("a supplied value", "Y"),
        ("a sum of nondecreasing terms", "Y + Z + n"),
        ("a nondecreasing term minus a constant", "Y - n*u"),
        ("a nonnegative constant times a nondecreasing term", "n*u*Y"),
        ("a nondecreasing term of any sign times a nonnegative constant", "(Y - 5)*2"),
        ("a product of nondecreasing terms that are >= 0 at zero", "Y*Z*(Y + 1)"),
        ("a nondecreasing term divided by a positive constant", "Y/(1 - n*u)"),
        ("a power of a term that is >= 0 at zero", "(Y + Z)^3"),
        ("a constant raised to any power and subtracted", "Y - c^2"),
        ("the paper's FFT bound shape", "(1+u)*(u*Y*Z + u*(Y*Z + u*Y)) + u*Y*Z"),
    ],
)
def test_monotone_accepts(rule, text):
    _check(text)


@pytest.mark.parametrize(
    ("rule", "text", "message"),
    [
        ("a supplied value subtracted", "n - Y", "subtracted"),
        ("a supplied value subtracted inside a product", "u*(1 - Z)", "subtracted"),
        ("division by a supplied value", "n/Y", "division by a supplied value"),
        ("division by a nonpositive constant", "Y/(1 - n)", "not positive"),
        ("division by zero constant", "Y/(n - 100)", "not positive"),
        ("a negative constant factor", "c*Y", "negative constant"),
        ("a negative constant factor on the right", "Y*c", "negative constant"),
        ("a negated supplied value", "-Y", "inside 'neg'"),
        ("a function of a supplied value", "log(Y)", "inside 'call'"),
        ("a product whose factor may be negative", "(Y - 1)*Z", "may be negative"),
        ("a power whose base may be negative", "(Y - 1)^2", "base may be negative"),
        ("a product of a negative value at zero", "(Z - n)*(Y + 1)", "may be negative"),
    ],
)
def test_monotone_rejects(rule, text, message):
    with pytest.raises(KernelError, match=message):
        _check(text)


def test_monotone_rejects_a_constant_that_divides_by_zero():
    with pytest.raises(KernelError):
        _check("Y*(1/(n - 100))")
