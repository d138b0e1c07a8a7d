"""Exact scalars: parsing, canonical formatting, arithmetic in QQ(i)."""

from __future__ import annotations

import re

import pytest
from flint import fmpq
from hypothesis import given
from hypothesis import strategies as st

from verify.kernel.core.canonical import FloatSeen
from verify.kernel.core.errors import KernelError
from verify.kernel.core.numbers import GQ, format_number, parse_integer_text, parse_number


@pytest.mark.parametrize(
    "text, re_part, im_part",
    [("3/4", fmpq(3, 4), 0), ("-2", -2, 0), ("1/2-3/4*i", fmpq(1, 2), fmpq(-3, 4)), ("i", 0, 1), ("-5*i", 0, -5)],
)
def test_parse_number_reads_rationals_and_gaussian_rationals(text, re_part, im_part):
    assert parse_number(text, "x") == GQ(re_part, im_part)


@pytest.mark.parametrize("text", ["1.5", "", "abc", "2i", "i2", "1e5", "0x10", "1/2/3", "--1", " "])
def test_parse_number_rejects_non_exact_text(text):
    with pytest.raises(KernelError, match="expected an exact number"):
        parse_number(text, "field")


def test_parse_number_rejects_a_float_and_says_so():
    with pytest.raises(KernelError, match="found a float 0.5"):
        parse_number(FloatSeen("0.5"), "field")


def test_parse_number_rejects_zero_denominator():
    with pytest.raises(KernelError, match="zero denominator"):
        parse_number("3/0", "field")


def test_parse_number_rejects_too_many_digits_quickly():
    with pytest.raises(KernelError, match="more than 4000 digits"):
        parse_number("9" * 100_000, "field")


@given(st.fractions(), st.fractions())
def test_format_then_parse_is_the_identity(re_part, im_part):
    value = GQ(fmpq(re_part.numerator, re_part.denominator), fmpq(im_part.numerator, im_part.denominator))
    assert parse_number(format_number(value), "x") == value


def test_gaussian_arithmetic_matches_the_definition():
    z, w = parse_number("1+2*i", "z"), parse_number("3-i", "w")
    assert z * w == parse_number("5+5*i", "p")
    assert (z / w) * w == z
    assert parse_number("i", "i") * parse_number("i", "i") == GQ(-1)


def test_division_by_zero_is_a_kernel_error():
    with pytest.raises(KernelError, match="division by zero"):
        GQ(1) / GQ(0)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("01", "1"),
        ("+1", "1"),
        ("2/2", "1"),
        ("1+0*i", "1"),
        ("0001", "1"),
        ("-0", "0"),
        ("1*i", "i"),
        ("0+i", "i"),
        ("6/8", "3/4"),
        ("0/5", "0"),
        ("1/2+1*i", "1/2+i"),
        ("-1*i", "-i"),
    ],
)
def test_a_number_in_another_spelling_than_its_canonical_one_is_rejected_naming_that_form(text, canonical):
    with pytest.raises(KernelError, match=f"expected the canonical form '{re.escape(canonical)}'"):
        parse_number(text, "where")


@pytest.mark.parametrize("text", ["0", "3/4", "-3/4", "i", "-i", "1/2-3*i", "-2+5/7*i", "7/3*i"])
def test_canonical_numbers_are_read_and_written_back_unchanged(text):
    assert format_number(parse_number(text, "where")) == text


@pytest.mark.parametrize("text", ["012", "-0", "00", "-012"])
def test_integer_text_rejects_leading_zeros_and_negative_zero(text):
    with pytest.raises(KernelError, match="canonical decimal string"):
        parse_integer_text(text, "where")


@pytest.mark.parametrize("text", ["\u0661\u0662", "12\n", "+12", " 12", "1_000", "", "-", 12])
def test_integer_text_rejects_other_digits_whitespace_and_non_strings(text):
    with pytest.raises(KernelError, match="expected an integer written as a canonical decimal string"):
        parse_integer_text(text, "where")


def test_integer_text_reads_ascii_decimals_and_bounds_the_digits():
    assert parse_integer_text("-120", "where") == -120
    with pytest.raises(KernelError, match="more than"):
        parse_integer_text("9" * 5000, "where")


def test_every_number_read_is_charged_before_it_is_parsed():
    from verify.kernel.core.limits import WorkExceeded, work_budget

    with work_budget(1_000) as budget:
        parse_number("1/3", "x")
        assert budget.used >= 4
        with pytest.raises(WorkExceeded, match="reading numbers"):
            for _ in range(10):  # 4,000 digits each: the budget runs out within a few
                parse_number("1" + "7" * 3999, "x")
    with work_budget(100), pytest.raises(WorkExceeded, match="reading numbers"):
        parse_integer_text("9" * 4000, "x")
