"""A small, bounded parser for the arithmetic expressions certificates and statements are written in.

Grammar (no other syntax exists; nothing is ever evaluated as Python):
    expr  := term (("+" | "-") term)*
    term  := unary (("*" | "/") unary)*
    unary := ("+" | "-") unary | power
    power := atom ("^" INTEGER)?
    atom  := INTEGER | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"
The result is a tree of tuples: ("num", int), ("var", name), ("neg", x), ("add"|"sub"|"mul"|"div", x, y),
("pow", x, k), ("call", name, (args...)).
"""

from __future__ import annotations

import re
from typing import Any

from .errors import KernelError
from .limits import MAX_EXPONENT, MAX_EXPRESSION_CHARS, MAX_NESTING, MAX_NUMBER_DIGITS

__all__ = ["parse_expression", "Node", "BINARY", "left_spine", "has_calls"]

Node = tuple[Any, ...]
BINARY = ("add", "sub", "mul", "div")
# ASCII only: digits 0-9 (not other scripts' digits), names [A-Za-z_][A-Za-z0-9_]*, plain spaces between tokens.
_TOKEN = re.compile(r" *(?:([0-9]+)|([A-Za-z_][A-Za-z0-9_]*)|([^ ]))", re.ASCII)


def _tokenize(text: str, where: str) -> list[tuple[str, str]]:
    """Split an expression into ("int"|"name"|"op", text) tokens; any other character is rejected."""
    tokens, pos = [], 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            if text[pos:].strip(" ") == "":
                break
            raise KernelError(where, f"unexpected character {text[pos:].lstrip(' ')[0]!r} in expression")
        number, name, op = match.groups()
        pos = match.end()
        if number is not None:
            if len(number) > MAX_NUMBER_DIGITS:
                raise KernelError(where, f"integer with more than {MAX_NUMBER_DIGITS} digits")
            if len(number) > 1 and number[0] == "0":
                raise KernelError(where, f"found integer {number[:40]!r}, expected no leading zeros")
            tokens.append(("int", number))
        elif name is not None:
            tokens.append(("name", name))
        elif op not in "+-*/^(),":
            raise KernelError(where, f"unexpected character {op!r} in expression; expected + - * / ^ ( ) ,")
        else:
            tokens.append(("op", op))
    return tokens


class _Parser:
    """Recursive-descent parser over a token list, with a nesting bound."""

    def __init__(self, tokens: list[tuple[str, str]], where: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.depth = 0
        self.where = where

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, op: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token is None or (op is not None and token != ("op", op)):
            found = "end of expression" if token is None else repr(token[1])
            raise KernelError(self.where, f"found {found}, expected {op or 'more input'!r}")
        self.pos += 1
        return token

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise KernelError(self.where, f"expression nested deeper than {MAX_NESTING}")
        node = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            node = ("add" if op == "+" else "sub", node, self.term())
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            node = ("mul" if op == "*" else "div", node, self.unary())
        return node

    def unary(self) -> Node:
        if self.peek() in (("op", "-"), ("op", "+")):
            op = self.take()[1]
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise KernelError(self.where, f"expression nested deeper than {MAX_NESTING}")
            inner = self.unary()
            self.depth -= 1
            return ("neg", inner) if op == "-" else inner
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        if self.peek() == ("op", "^"):
            self.take("^")
            kind, text = self.take()
            if kind != "int":
                raise KernelError(self.where, f"found exponent {text!r}, expected a non-negative integer")
            if int(text) > MAX_EXPONENT:
                raise KernelError(self.where, f"exponent {text} exceeds the bound {MAX_EXPONENT}")
            return ("pow", base, int(text))
        return base

    def atom(self) -> Node:
        kind, text = self.take()
        if kind == "int":
            return ("num", int(text))
        if kind == "name":
            if self.peek() == ("op", "("):
                self.take("(")
                args = [self.expr()]
                while self.peek() == ("op", ","):
                    self.take(",")
                    args.append(self.expr())
                self.take(")")
                return ("call", text, tuple(args))
            return ("var", text)
        if text == "(":
            node = self.expr()
            self.take(")")
            return node
        raise KernelError(self.where, f"found {text!r}, expected a number, a name or '('")


def parse_expression(text: object, where: str) -> Node:
    """Parse an expression string into a tree; bad syntax or oversized input is a KernelError."""
    if not isinstance(text, str):
        raise KernelError(where, f"found {type(text).__name__}, expected an expression string")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise KernelError(where, f"expression longer than {MAX_EXPRESSION_CHARS} characters")
    parser = _Parser(_tokenize(text, where), where)
    node = parser.expr()
    extra = parser.peek()
    if extra is not None:
        raise KernelError(where, f"found {extra[1]!r} after a complete expression")
    return node


def left_spine(node: Node) -> tuple[Node, list[tuple[str, Node]]]:
    """A chain a op1 b op2 c ... as (a, [(op1, b), (op2, c), ...]), unrolled without recursion.

    The parser builds long sums and products as left-deep trees; evaluating them through this function
    keeps the recursion depth bounded by the parenthesis nesting (MAX_NESTING), whatever the length.
    """
    steps = []
    while node[0] in BINARY:
        steps.append((node[0], node[2]))
        node = node[1]
    steps.reverse()
    return node, steps


def has_calls(node: Node) -> bool:
    """True when the expression uses a function such as exp or log (an explicit stack, no recursion)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if item[0] == "call":
            return True
        if item[0] in BINARY:
            stack += [item[1], item[2]]
        elif item[0] in ("neg", "pow"):
            stack.append(item[1])
    return False
