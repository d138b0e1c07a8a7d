"""Mathematics for the report: exact certificate data (numbers, expressions, term lists, matrices) as LaTeX and text.

Every rendered object is a `Math` with a LaTeX form (for Markdown and, converted to MathML, for HTML) and a plain
text form (for the terminal and as the fallback when no LaTeX-to-MathML converter is installed). Expressions are
parsed with the kernel's own bounded parser, so nothing read from a certificate is ever evaluated as code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeGuard

from verify.kernel import KernelError
from verify.kernel.core.expr import parse_expression
from verify.kernel.core.numbers import GQ, parse_number

__all__ = [
    "Math",
    "Line",
    "MAX_TERMS_SHOWN",
    "MAX_MATRIX_SHOWN",
    "MAX_EXPRESSION_SHOWN",
    "name_latex",
    "number_math",
    "expression_math",
    "poly_math",
    "matrix_math",
    "relation_math",
    "value_math",
    "is_term_list",
    "is_matrix",
]

MAX_TERMS_SHOWN = 24  # a longer polynomial is shown with its first terms and a count of the rest
MAX_MATRIX_SHOWN = 10  # rows/columns shown of a larger matrix
# Columns of a matrix are also cut where their entries' text (summed over the shown columns) passes this many
# characters, so that a matrix of long complex entries fits its card (about 1000 px) without scrolling.
MAX_MATRIX_CHARS = 72
MAX_EXPRESSION_SHOWN = 1200  # characters of an expression string rendered as mathematics

_GREEK = set(
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau upsilon phi chi psi "
    "omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega".split()
)
_NAME = re.compile(r"^([A-Za-z]+)([0-9_]*)$")
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_RELATIONS = {"==": ("=", "="), "!=": (r"\ne", "!="), "<=": (r"\le", "<="), ">=": (r"\ge", ">="), "<": ("<", "<")}
_RELATIONS[">"] = (">", ">")
_FUNCTIONS = {"exp": r"\exp", "log": r"\log", "sin": r"\sin", "cos": r"\cos", "max": r"\max", "min": r"\min"}


@dataclass(frozen=True)
class Math:
    """One piece of mathematics in two forms: LaTeX and plain text; `display` asks for its own line."""

    latex: str
    text: str
    display: bool = False


@dataclass(frozen=True)
class Line:
    """One labelled line of an obligation's view: a formula, a note in words, or both."""

    label: str
    math: Math | None = None
    note: str = ""


def _text_latex(text: str) -> str:
    r"""Arbitrary text as a safe LaTeX \text{...} (only letters, digits, spaces and simple punctuation)."""
    return r"\text{" + re.sub(r"[^A-Za-z0-9 .,:;()\-+=/']", "?", text) + "}"


def _letters_latex(letters: str) -> str:
    """A run of letters as LaTeX: a Greek name as its letter, one letter as itself, a word upright."""
    if letters in ("eps", "epsilon"):
        return r"\varepsilon"
    if letters in _GREEK:
        return "\\" + letters
    return letters if len(letters) == 1 else r"\mathrm{" + letters + "}"


def name_latex(name: str) -> str:
    """A name as LaTeX: trailing indices form one subscript (A1_2 -> A_{1,2}); Greek names are letters."""
    if not isinstance(name, str) or not _IDENT.match(name):
        return _text_latex(str(name))
    match = _NAME.match(name)
    if match:
        letters, indices = match.groups()
        indices = ",".join(part for part in indices.split("_") if part)
        base = _letters_latex(letters)
        return f"{base}_{{{indices}}}" if indices else base
    head, _, tail = name.partition("_")
    if head and tail:
        base = _letters_latex(head) if head.isalpha() else r"\mathrm{" + head + "}"
        parts = [
            _letters_latex(p) if p.isalpha() else p if p.isdigit() else r"\mathrm{" + p + "}" for p in tail.split("_")
        ]
        return f"{base}_{{{','.join(p for p in parts if p)}}}"
    return r"\mathrm{" + name.replace("_", "") + "}"


def _rational_latex(p: int, q: int, small: bool = False) -> str:
    """A rational p/q (q > 0) as LaTeX."""
    sign, p = ("-", -p) if p < 0 else ("", p)
    if q == 1:
        return f"{sign}{p}"
    return f"{sign}\\{'t' if small else ''}frac{{{p}}}{{{q}}}"


def _gq_parts(value: GQ) -> tuple[tuple[int, int], tuple[int, int]]:
    """The (re, im) parts of a kernel Gaussian rational as integer pairs (p, q)."""
    return (int(value.re.p), int(value.re.q)), (int(value.im.p), int(value.im.q))


def number_math(text: object, small: bool = False) -> Math:
    """An exact number string ("p/q", "a+b*i") as mathematics; anything else is shown as text."""
    try:
        value = parse_number(text, "number")
    except (KernelError, TypeError, ValueError):
        return Math(_text_latex(str(text)[:40]), str(text)[:40])
    (rp, rq), (ip, iq) = _gq_parts(value)
    if ip == 0:
        return Math(_rational_latex(rp, rq, small), str(text))
    im = _rational_latex(ip, iq, small)
    im = "i" if im == "1" else "-i" if im == "-1" else f"{im}\\,i"
    if rp == 0:
        return Math(im, str(text))
    joiner = "" if im.startswith("-") else "+"
    return Math(f"{_rational_latex(rp, rq, small)}{joiner}{im}", str(text))


# --- expressions: the kernel's parse tree as LaTeX ------------------------------------------------------

_PRECEDENCE = {"add": 1, "sub": 1, "mul": 2, "div": 3, "neg": 2, "pow": 4, "num": 5, "var": 5, "call": 5}


def _wrap(node: tuple, latex: str, minimum: int) -> str:
    """Parenthesize a sub-expression whose precedence is below `minimum`."""
    return f"\\left({latex}\\right)" if _PRECEDENCE[node[0]] < minimum else latex


def _starts_with_number(node: tuple) -> bool:
    """True when the LaTeX of a node begins with a digit (so juxtaposition would be ambiguous)."""
    while node[0] in ("mul", "pow", "div"):
        node = node[1]
    return node[0] == "num"


def _call_latex(name: str, args: list[str]) -> str:
    """A function call of the expression language as LaTeX."""
    if name == "I" and len(args) == 1:
        return f"I_{{{args[0]}}}"
    if name == "T" and len(args) == 1:
        return f"{{{args[0]}}}^{{\\top}}"
    if name == "sqrt" and len(args) == 1:
        return f"\\sqrt{{{args[0]}}}"
    if name == "abs" and len(args) == 1:
        return f"\\left|{args[0]}\\right|"
    head = _FUNCTIONS.get(name, r"\operatorname{" + name + "}" if _IDENT.match(name) else _text_latex(name))
    return f"{head}\\left({', '.join(args)}\\right)"


def _node_latex(node: tuple) -> str:
    """LaTeX of one node of the kernel's expression tree."""
    kind = node[0]
    if kind == "num":
        return str(node[1])
    if kind == "var":
        return "i" if node[1] == "i" else name_latex(node[1])
    if kind == "neg":
        return "-" + _wrap(node[1], _node_latex(node[1]), 2)
    if kind == "add":
        right = _node_latex(node[2])
        return f"{_node_latex(node[1])} - {right[1:]}" if right.startswith("-") else f"{_node_latex(node[1])} + {right}"
    if kind == "sub":
        return f"{_node_latex(node[1])} - {_wrap(node[2], _node_latex(node[2]), 2)}"
    if kind == "mul":
        left, right = _wrap(node[1], _node_latex(node[1]), 2), _wrap(node[2], _node_latex(node[2]), 2)
        joiner = r" \cdot " if _starts_with_number(node[2]) or node[2][0] == "neg" else r"\,"
        return f"{left}{joiner}{right}"
    if kind == "div":
        return f"\\frac{{{_node_latex(node[1])}}}{{{_node_latex(node[2])}}}"
    if kind == "pow":
        base = node[1]
        inner = _node_latex(base)
        if base[0] != "call" or base[1] in ("I", "T"):
            inner = _wrap(base, inner, 5) if base[0] not in ("var", "num", "call") else inner
        return f"{{{inner}}}^{{{node[2]}}}"
    return _call_latex(node[1], [_node_latex(a) for a in node[2]])


def _node_text(node: tuple) -> str:
    """Plain infix text of one node with only the parentheses precedence needs (for the terminal)."""
    kind = node[0]

    def wrap(child: tuple, minimum: int) -> str:
        """A child's text, parenthesized when it binds less tightly than `minimum`."""
        text = _node_text(child)
        return f"({text})" if _PRECEDENCE[child[0]] < minimum else text

    if kind in ("num", "var"):
        return str(node[1])
    if kind == "neg":
        return "-" + wrap(node[1], 3)
    if kind == "add":
        right = _node_text(node[2])
        return f"{_node_text(node[1])} - {right[1:]}" if right.startswith("-") else f"{_node_text(node[1])} + {right}"
    if kind == "sub":
        return f"{_node_text(node[1])} - {wrap(node[2], 2)}"
    if kind == "mul":
        return f"{wrap(node[1], 2)}*{wrap(node[2], 3 if node[2][0] == 'neg' else 2)}"
    if kind == "div":
        return f"{wrap(node[1], 2)}/{wrap(node[2], 4)}"
    if kind == "pow":
        return f"{wrap(node[1], 5)}^{node[2]}"
    return f"{node[1]}({', '.join(_node_text(a) for a in node[2])})"


def expression_math(text: object) -> Math:
    """An expression string of the kernel's language as mathematics (unparsable or huge text is shown as text)."""
    if isinstance(text, str) and len(text) > MAX_EXPRESSION_SHOWN:
        note = f"(an expression of {len(text)} characters; see the certificate)"
        return Math(_text_latex(note), f"{text[: MAX_EXPRESSION_SHOWN // 4]} ... {note}")
    try:
        node = parse_expression(text, "expression")
        return Math(_node_latex(node), _node_text(node))
    except (KernelError, RecursionError):
        return Math(_text_latex(str(text)[:80]), str(text))


# --- polynomials as canonical term lists ------------------------------------------------------------------


def is_term_list(value: object) -> TypeGuard[dict]:
    """True for a polynomial written as {"vars": [...], "terms": [[coefficient, exponents], ...]}."""
    return isinstance(value, dict) and set(value) == {"vars", "terms"} and isinstance(value.get("terms"), list)


def _monomial(names: list[str], exps: list) -> tuple[str, str]:
    """LaTeX and text of a monomial given by exponents."""
    latex, text = [], []
    for name, e in zip(names, exps):
        if not isinstance(e, int) or e <= 0:
            continue
        latex.append(name_latex(name) + (f"^{{{e}}}" if e > 1 else ""))
        text.append(name + (f"^{e}" if e > 1 else ""))
    return " ".join(latex), "*".join(text)


def _coefficient(coefficient: object, has_monomial: bool) -> tuple[str, str, str]:
    """(sign, LaTeX, text) of a coefficient in a sum; a unit coefficient before a monomial is omitted."""
    math = number_math(coefficient)
    latex, text = math.latex, str(coefficient)
    compound = ("+" in latex[1:] or "-" in latex[1:]) and "frac" not in latex
    if compound:
        return "+", f"\\left({latex}\\right)", f"({text})"
    sign = "-" if latex.startswith("-") else "+"
    latex, text = latex.lstrip("-"), text.lstrip("-")
    if has_monomial and latex == "1":
        latex, text = "", ""
    return sign, latex, text


def _sorted_terms(terms: list) -> list:
    """Terms in reading order: higher total degree first, then lexicographically larger exponents."""

    def key(row: object) -> tuple:
        """Sort key of one [coefficient, exponents] row."""
        exps = row[1] if isinstance(row, list) and len(row) == 2 and isinstance(row[1], list) else []
        clean = [e if isinstance(e, int) else 0 for e in exps]
        return (-sum(clean), [-e for e in clean])

    return sorted(terms, key=key)


def poly_math(value: object, limit: int = MAX_TERMS_SHOWN) -> Math:
    """A polynomial (term list or expression string) as mathematics."""
    if isinstance(value, str):
        return expression_math(value)
    if not is_term_list(value) or not isinstance(value["vars"], list):
        return Math(_text_latex("(not a polynomial)"), "(not a polynomial)")
    names = [str(v) for v in value["vars"]]
    rows = [r for r in _sorted_terms(value["terms"]) if isinstance(r, list) and len(r) == 2]
    rows = [r for r in rows if number_math(r[0]).latex != "0"]
    latex_parts, text_parts = [], []
    for k, (coefficient, exps) in enumerate(rows[:limit]):
        mono_latex, mono_text = _monomial(names, exps if isinstance(exps, list) else [])
        sign, c_latex, c_text = _coefficient(coefficient, bool(mono_latex))
        term_latex = f"{c_latex}\\,{mono_latex}" if c_latex and mono_latex else c_latex or mono_latex or "1"
        term_text = f"{c_text}*{mono_text}" if c_text and mono_text else c_text or mono_text or "1"
        lead = "-" if sign == "-" else ""
        latex_parts.append(f"{lead}{term_latex}" if k == 0 else f" {sign} {term_latex}")
        text_parts.append(f"{lead}{term_text}" if k == 0 else f" {sign} {term_text}")
    if len(rows) > limit:
        more = len(rows) - limit
        latex_parts.append(f" + \\cdots \\text{{ ({more} more terms)}}")
        text_parts.append(f" + ... ({more} more terms)")
    return Math("".join(latex_parts) or "0", "".join(text_parts) or "0")


# --- matrices ----------------------------------------------------------------------------------------------


def is_matrix(value: object) -> TypeGuard[list]:
    """True for a non-empty list of equally long, non-empty rows of strings (an exact matrix)."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        return False
    return len({len(r) for r in value}) == 1 and all(isinstance(x, str) for r in value for x in r)


def matrix_math(rows: list, limit: int = MAX_MATRIX_SHOWN) -> Math:
    """An exact matrix as a parenthesized array (larger ones elided with dots and their shape stated)."""
    n, m = len(rows), len(rows[0])
    show_r, show_c = min(n, limit), min(m, limit)
    used = 0
    for c in range(show_c):
        used += max(len(str(rows[r][c])) for r in range(show_r)) + 2
        if used > MAX_MATRIX_CHARS and c > 0:
            show_c = c
            break
    cells = [[number_math(rows[r][c], small=True).latex for c in range(show_c)] for r in range(show_r)]
    if m > show_c:
        cells = [row + [r"\cdots"] for row in cells]
    if n > show_r:
        cells.append([r"\vdots"] * show_c + ([r"\ddots"] if m > show_c else []))
    body = r" \\ ".join(" & ".join(row) for row in cells)
    latex = r"\begin{pmatrix}" + body + r"\end{pmatrix}"
    if (show_r, show_c) != (n, m):
        latex += f"_{{{n}\\times {m}}}"
    texts = [[str(rows[r][c]) for c in range(show_c)] for r in range(show_r)]
    widths = [max(len(t[c]) for t in texts) for c in range(show_c)]
    lines = [
        "[ " + "  ".join(t[c].rjust(widths[c]) for c in range(show_c)) + (" ..." if m > show_c else "") + " ]"
        for t in texts
    ]
    if n > show_r:
        lines.append(f"  ... ({n} x {m} in all)")
    return Math(latex, "\n".join(lines), display=True)


def relation_math(lhs: object, op: object, rhs: object) -> Math:
    """A relation `lhs op rhs` between expressions (or polynomials) as mathematics."""
    rel_latex, rel_text = _RELATIONS.get(str(op), (_text_latex(str(op)), str(op)))
    left, right = value_math(lhs), value_math(rhs)
    return Math(f"{left.latex} {rel_latex} {right.latex}", f"{left.text} {rel_text} {right.text}")


def value_math(value: object) -> Math:
    """Any goal or witness value, recognised by shape: polynomial, matrix, expression, number, or compact text."""
    if is_term_list(value):
        return poly_math(value)
    if is_matrix(value):
        return matrix_math(value)
    if isinstance(value, bool) or value is None:
        return Math(_text_latex(str(value).lower()), str(value).lower())
    if isinstance(value, int):
        return Math(str(value), str(value))
    if isinstance(value, str):
        number = number_math(value)
        return number if not number.latex.startswith(r"\text") else expression_math(value)
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        parts = [value_math(v) for v in value[:MAX_TERMS_SHOWN]]
        more = ", ..." if len(value) > MAX_TERMS_SHOWN else ""
        return Math(r"\left(" + ", ".join(p.latex for p in parts) + r"\right)", ", ".join(p.text for p in parts) + more)
    if isinstance(value, dict) and value and all(isinstance(k, str) and _IDENT.match(k) for k in value):
        named = [(k, _braced(v)) for k, v in sorted(value.items())[:MAX_TERMS_SHOWN]]
        latex = r",\quad ".join(f"{name_latex(k)} = {m.latex}" for k, m in named)
        text = "\n".join(f"{k} = {m.text}" for k, m in named)
        return Math(latex, text, any(m.display for _, m in named))
    if isinstance(value, list) and value and all(is_term_list(v) or isinstance(v, dict) for v in value):
        parts = [value_math(v) for v in value[:MAX_TERMS_SHOWN]]
        more = f" ({len(value) - len(parts)} more)" if len(value) > len(parts) else ""
        latex = r",\quad ".join(p.latex for p in parts) + (_text_latex(more) if more else "")
        return Math(latex, "\n".join(p.text for p in parts) + more, True)
    return Math(_text_latex("(structured value)"), _compact(value))


def _braced(value: object) -> Math:
    """A value inside a record: nested records in braces so that their fields stay apart."""
    math = value_math(value)
    if isinstance(value, dict) and not is_term_list(value) and not math.latex.startswith(r"\text"):
        return Math(f"\\left\\{{{math.latex}\\right\\}}", "{" + math.text.replace("\n", ", ") + "}", math.display)
    return math


def _compact(value: object, budget: int = 200) -> str:
    """A short one-line rendering of nested data for the fallback view."""
    import json

    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return text if len(text) <= budget else text[:budget] + f"... ({len(text)} characters)"
