"""Certificate expressions, numbers and polynomials written as Coq terms (over R, or over Q for computation).

Untrusted: what this module writes is read by coqc, and a wrong translation makes a goal that Coq either
rejects or that a reviewer sees differs from the statement; nothing here decides a verdict.
"""

from __future__ import annotations

from flint import fmpq

from verify.kernel.core.expr import parse_expression
from verify.kernel.core.numbers import parse_number

__all__ = ["NotMapped", "coq_name", "real_number", "q_number", "real_expr", "q_expr", "real_poly", "rat"]

# Words that cannot name a bound variable in the generated file (Coq keywords and the functions we call).
_RESERVED = frozenset(
    """
    as at by cofix else end exists exists2 fix for forall fun if IF in let match mod return then using
    where with Prop Set Type SProp exp ln sqrt Rabs R Q Z nat IZR INR pow Qpower list nil cons S O pi PI
    goal is_int is_nat fst snd Meq Mmul Madd Msub Mscale Mtr Meye Mpow Mrows Msub_at Mvec sqnorm dot mat
    row rank_at_least rank_at_most frob2 gram rowsum log2_up pow2 sq nn_add le_of_sub true false
    Qle_bool Qeq_bool Mexpr cbound Mrank bound measured_error owners block_diagonal square
    """.split()
)
_FUNCTIONS_R = {"exp": "exp", "log": "ln", "sqrt": "sqrt", "abs": "Rabs"}


class NotMapped(Exception):
    """An obligation (or part of one) that this translation does not state in Coq; the message says why."""


def coq_name(name: str) -> str:
    """A certificate variable name as a Coq identifier (a reserved word gets a trailing underscore)."""
    return f"{name}_" if name in _RESERVED or name.startswith("Ob") else name


def rat(text: object, where: str = "number") -> fmpq:
    """An exact real number of the certificate as a rational (a non-real one is not mapped)."""
    value = parse_number(text, where)
    if not value.is_real():
        raise NotMapped(f"{where}: Gaussian-rational value {str(text)[:30]!r} (only real goals are translated)")
    return value.re


def real_number(value: fmpq) -> str:
    """A rational as a term of R: 3, (-3), (3/4), (-3/4)."""
    if value.q == 1:
        return str(value.p) if value.p >= 0 else f"({value.p})"
    return f"({value.p}/{value.q})"


def q_number(value: fmpq) -> str:
    """A rational as a term of Q: (3#4), (-3#4)."""
    return f"({value.p}#{value.q})"


# Coq precedence levels of the printed forms (smaller binds tighter).
_LEVEL = {"add": 50, "sub": 50, "mul": 40, "div": 40, "neg": 35, "pow": 30}
_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/"}


def _print(node: tuple, leaf, call, where: str) -> tuple[str, int]:
    """(text, level) of an expression tree; leaf(kind, value) prints numbers and names, call(name, args) calls."""
    kind = node[0]
    if kind in ("num", "var"):
        return leaf(kind, node[1]), 0
    if kind == "call":
        return call(node[1], [_print(a, leaf, call, where)[0] for a in node[2]]), 0
    if kind == "neg":
        text, level = _print(node[1], leaf, call, where)
        return f"- {text if level <= 35 else f'({text})'}", 35
    if kind == "pow":
        text, level = _print(node[1], leaf, call, where)
        return f"{text if level == 0 else f'({text})'} ^ {node[2]}", 30
    # binary, left-associative: the left side may sit at the same level, the right one must bind tighter
    level = _LEVEL[kind]
    left, left_level = _print(node[1], leaf, call, where)
    right, right_level = _print(node[2], leaf, call, where)
    left = left if left_level <= level else f"({left})"
    right = right if right_level < level else f"({right})"
    return f"{left} {_SYMBOL[kind]} {right}", level


def real_expr(text: str | tuple, names: dict[str, str] | None = None, where: str = "expression") -> str:
    """An expression string of the certificate as a term of R (variables renamed by `names` when given)."""
    node = parse_expression(text, where) if isinstance(text, str) else text
    names = names or {}

    def leaf(kind: str, value: object) -> str:
        if kind == "num":
            return str(value)
        if value == "i" and "i" not in names:
            raise NotMapped(f"{where}: uses the imaginary unit i (only real goals are translated)")
        return names.get(str(value), coq_name(str(value)))

    def call(name: str, args: list[str]) -> str:
        if name not in _FUNCTIONS_R or len(args) != 1:
            raise NotMapped(f"{where}: function {name!r} has no translation")
        return f"{_FUNCTIONS_R[name]} ({args[0]})"

    return _print(node, leaf, call, where)[0]


def q_expr(text: str | tuple, names: dict[str, str] | None = None, where: str = "expression") -> str:
    """A function-free expression as a term of Q (powers by Qpower with integer exponents)."""
    node = parse_expression(text, where) if isinstance(text, str) else text
    names = names or {}

    def leaf(kind: str, value: object) -> str:
        if kind == "num":
            return f"({value}#1)"
        if value == "i":
            raise NotMapped(f"{where}: uses the imaginary unit i (only real goals are translated)")
        return names.get(str(value), coq_name(str(value)))

    def call(name: str, args: list[str]) -> str:
        raise NotMapped(f"{where}: function {name!r} in an exact expression")

    return _print(node, leaf, call, where)[0]


def real_poly(value: object, variables: list[str], where: str = "polynomial") -> str:
    """A polynomial of the certificate (expression string or canonical term list) as a term of R."""
    if isinstance(value, str):
        return real_expr(value, {v: coq_name(v) for v in variables}, where)
    if not isinstance(value, dict) or not isinstance(value.get("terms"), list):
        raise NotMapped(f"{where}: expected a polynomial")
    own = value.get("vars", variables)
    parts = []
    for coefficient, exponents in value["terms"]:
        c = rat(coefficient, where)
        factors = [coq_name(v) if e == 1 else f"{coq_name(v)} ^ {e}" for v, e in zip(own, exponents) if e]
        if not factors:
            parts.append(real_number(c))
            continue
        body = " * ".join(factors)
        if c == 1:
            parts.append(body)
        elif c == -1:
            parts.append(f"- {body}" if len(factors) == 1 and "^" not in body else f"- ({body})")
        else:
            parts.append(f"{real_number(c)} * {body}")
    if not parts:
        return "0"
    return " + ".join(parts)
