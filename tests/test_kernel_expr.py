"""The bounded expression parser: grammar, and rejection of anything else."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.core.expr import parse_expression


def test_parser_respects_precedence_and_powers():
    assert parse_expression("1 + 2*a^3", "e") == ("add", ("num", 1), ("mul", ("num", 2), ("pow", ("var", "a"), 3)))


def test_parser_reads_function_calls_and_unary_minus():
    assert parse_expression("-exp(g)", "e") == ("neg", ("call", "exp", (("var", "g"),)))


@pytest.mark.parametrize(
    "text, message",
    [
        ("__import__('os')", "unexpected character"),
        ("a**2", "expected a number, a name or '('"),
        ("a^b", "expected a non-negative integer"),
        ("a^-1", "expected a non-negative integer"),
        ("1.5", "unexpected character '.'"),
        ("(a", "expected ')'"),
        ("a b", "after a complete expression"),
        ("a^100001", "exceeds the bound"),
        ("(" * 70 + "a" + ")" * 70, "nested deeper"),
        ("-" * 70 + "a", "nested deeper"),
    ],
)
def test_parser_rejects_malformed_or_oversized_input(text, message):
    with pytest.raises(KernelError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_expression(text, "field")


def test_parser_rejects_non_string_input():
    with pytest.raises(KernelError, match="expected an expression string"):
        parse_expression(["a"], "field")


def test_parser_rejects_overlong_strings():
    with pytest.raises(KernelError, match="longer than"):
        parse_expression("a+" * 60_000 + "a", "field")
