"""Line-breaking long LaTeX formulas for the HTML page (MathML has no automatic line breaking in browsers).

A formula is parsed into groups ({...}, \\left...\\right, \\begin...\\end); it is broken into left-aligned rows
(an array) at top-level signs (+ - = <= >= !=) and separators (", " and ",\\quad "), and a row that is still
too wide has its widest group broken the same way inside (a long record in braces, a long numerator). Widths
are estimated in symbols (about one em each); the page passes the width of the column the formula sits in. A
number too long for any row is elided to its first and last digits and its length (numbers cannot wrap).
"""

from __future__ import annotations

import re

__all__ = ["wrap_formula", "estimate_width"]

_LEFT = re.compile(r"\\left\s*(\\[a-zA-Z]+|\\.|.)")
_RIGHT = re.compile(r"\\right\s*(\\[a-zA-Z]+|\\.|.)")
_BEGIN = re.compile(r"\\begin\{([a-zA-Z*]+)\}")
# Between the fields of a record, the items of a list, or the clauses of a statement (",\\quad ", ", ", ";\\ ",
# ":\\quad ", "\\qquad "): the row ends after the separator.
_SEPARATORS = re.compile(r"[,;:]\\q?quad ?|, |[,;:]\\ |\\qquad ?")
# Between the terms and sides of a formula: a sign with spaces around it, or a relation written without spaces.
_SIGNS = re.compile(
    r" (?:[+=-]|\\ge|\\le|\\ne) |(?<=[A-Za-z0-9})])(?:=|\\[lg]e(?![a-zA-Z])|\\ne(?![a-zA-Z]))(?= ?[A-Za-z0-9\\({])"
)
_FACTORS = re.compile(r"\\,")  # between the factors of a product
_SPACES = re.compile(r"\\ ")  # a word space (before text such as \text{for every n}): the last resort
_SMALL = 0.7  # relative size of superscripts and subscripts
_FRACTION = 0.85  # relative size of the parts of a fraction (full size at the top of a display, smaller inside)
# A control word or a control symbol; "\" before a line break (LaTeX's control space) is one too.
_COMMAND = re.compile(r"\\[a-zA-Z]+|\\.", re.DOTALL)
_ZERO = {"\\left", "\\right", "\\displaystyle", "\\textstyle", "\\limits", "\\mathrm", "\\mathbf", "\\mathit"}
_WIDE = {"\\quad": 2.0, "\\qquad": 4.0, "\\,": 0.3, "\\;": 0.4, "\\!": 0.0, "\\ ": 0.4}


def _environment(latex: str, start: int) -> int:
    """The index just after the \\end matching the \\begin at start (or the end of the text)."""
    begin = _BEGIN.match(latex, start)
    if begin is None:
        raise ValueError(f"no \\begin{{...}} at index {start} of {latex!r}")
    name = begin.group(1)
    depth, k = 0, start
    pattern = re.compile(r"\\(begin|end)\{" + re.escape(name) + r"\}")
    for match in pattern.finditer(latex, start):
        depth += 1 if match.group(1) == "begin" else -1
        k = match.end()
        if depth == 0:
            return k
    return len(latex)


def _parse(latex: str) -> list:
    """The formula as a tree: text strings, ("{", nodes), ("left", open, nodes, close), ("env", raw)."""
    stack: list[list] = [[]]
    marks: list[tuple] = []
    k, text = 0, list[str]()

    def flush() -> None:
        """Close the current run of text as one node."""
        if text:
            stack[-1].append("".join(text))
            text.clear()

    while k < len(latex):
        if latex.startswith("\\begin{", k) and _BEGIN.match(latex, k):
            flush()
            end = _environment(latex, k)
            stack[-1].append(("env", latex[k:end]))
            k = end
        elif (left := _LEFT.match(latex, k)) and not latex.startswith("\\leftarrow", k):
            flush()
            marks.append(("left", left.group(1)))
            stack.append([])
            k = left.end()
        elif (
            (right := _RIGHT.match(latex, k))
            and marks
            and marks[-1][0] == "left"
            and not latex.startswith("\\rightarrow", k)
        ):
            flush()
            children, (_, opening) = stack.pop(), marks.pop()
            stack[-1].append(("left", opening, children, right.group(1)))
            k = right.end()
        elif latex[k] == "\\" and k + 1 < len(latex):
            found = _COMMAND.match(latex, k)  # always matches: a backslash and at least one more character
            command = found.group(0) if found is not None else latex[k]
            text.append(command)
            k += len(command)
        elif latex[k] == "{":
            flush()
            marks.append(("{", None))
            stack.append([])
            k += 1
        elif latex[k] == "}" and marks and marks[-1][0] == "{":
            flush()
            children = stack.pop()
            marks.pop()
            stack[-1].append(("{", children))
            k += 1
        else:
            text.append(latex[k])
            k += 1
    flush()
    while marks:  # unbalanced input: close what is open so that nothing is lost
        children, (kind, opening) = stack.pop(), marks.pop()
        stack[-1].append(("{", children) if kind == "{" else ("left", opening, children, "."))
    return stack[0]


def _serialize(nodes: list) -> str:
    """The tree back as LaTeX."""
    out = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node[0] == "{":
            out.append("{" + _serialize(node[1]) + "}")
        elif node[0] == "left":
            out.append(f"\\left{node[1]}" + _serialize(node[2]) + f"\\right{node[3]}")
        elif node[0] == "rows":
            out.append(r"\begin{array}{l}" + r" \\ ".join(_serialize(row).strip() for row in node[1]) + r"\end{array}")
        else:
            out.append(node[1])
    return "".join(out)


def _text_width(text: str) -> float:
    """Symbols shown by a run of text and commands (a command such as \\alpha is one symbol)."""
    width = 0.0
    for token in re.findall(r"\\[a-zA-Z]+|\\.|.", text):
        if token in _WIDE:
            width += _WIDE[token]
        elif token in _ZERO or token in "^_ ":
            continue
        else:
            width += 1.0
    return width


def estimate_width(nodes: list) -> float:
    """The estimated width of a formula tree in symbols (fractions stack, scripts are small)."""
    width, k = 0.0, 0
    while k < len(nodes):
        node = nodes[k]
        if isinstance(node, str):
            command = re.search(r"\\(d?frac|binom)$", node)
            args = nodes[k + 1 : k + 3]
            if command and len(args) == 2 and all(isinstance(n, tuple) and n[0] == "{" for n in args):
                width += _text_width(node[: command.start()])
                scale = 1.0 if command.group(1) == "dfrac" else _FRACTION
                width += scale * max(estimate_width(nodes[k + 1][1]), estimate_width(nodes[k + 2][1])) + 0.5
                k += 3
                continue
            width += _text_width(node)
            small = node.endswith(("^", "_"))
            if small and k + 1 < len(nodes) and isinstance(nodes[k + 1], tuple) and nodes[k + 1][0] == "{":
                width += _SMALL * estimate_width(nodes[k + 1][1])
                k += 2
                continue
        elif node[0] == "{":
            width += estimate_width(node[1])
        elif node[0] == "left":
            width += estimate_width(node[2]) + 1.0
        elif node[0] == "rows":
            width += max(estimate_width(row) for row in node[1])
        else:
            width += max((_text_width(row) for row in node[1].split("\\\\")), default=0.0)
        k += 1
    return width


def _pieces(nodes: list, breaks: re.Pattern) -> list[list]:
    """The formula cut at top-level breaks: before a sign, after a separator, at a thin space between factors."""
    pieces: list[list] = [[]]
    for node in nodes:
        if not isinstance(node, str):
            pieces[-1].append(node)
            continue
        start = 0
        for match in breaks.finditer(node):
            token = match.group(0)
            if breaks is _SEPARATORS or breaks is _SPACES:  # a separator (or a word space) ends its row
                pieces[-1].append(node[start : match.start() + 1])
                pieces.append([])
                start = match.end()
            elif token == "\\,":  # a product: the next row starts with a multiplication dot
                pieces[-1].append(node[start : match.start()])
                pieces.append(["\\cdot "])
                start = match.end()
            else:  # a sign starts the next row
                pieces[-1].append(node[start : match.start()])
                pieces.append([])
                start = match.start() + (1 if token.startswith(" ") else 0)
        pieces[-1].append(node[start:])
    return [p for p in pieces if _serialize(p).strip()]


def _join(left: list, piece: list) -> list:
    """Two pieces on one row again (a product keeps its thin space instead of the dot)."""
    if piece and piece[0] == "\\cdot ":
        return left + ["\\,"] + piece[1:]
    return left + [" "] + piece


def _pack(pieces: list[list], width: float, relations: bool = False) -> list[list]:
    """Pieces packed greedily into rows of at most `width` (with `relations`, a relation always starts a row)."""
    rows: list[list] = []
    for piece in pieces:
        fits = rows and estimate_width(_join(rows[-1], piece)) <= width
        if fits and not (relations and _relation(piece)):
            rows[-1] = _join(rows[-1], piece)
        else:
            lead = rows and isinstance(piece[0], str) and piece[0].lstrip()[:1] in "+-=\\"
            rows.append((["{}"] if lead else []) + piece)
    return rows


def _shrink(row: list, width: float) -> list:
    """A row with its widest groups broken inside (a long record in braces, a long numerator) until it fits."""
    tried: set[int] = set()
    while estimate_width(row) > width:
        groups = [
            (estimate_width([n]), k)
            for k, n in enumerate(row)
            if isinstance(n, tuple) and n[0] in ("{", "left") and k not in tried
        ]
        if not groups:
            return row
        size, k = max(groups)
        tried.add(k)
        if size < 4:
            return row
        node = row[k]
        inner = node[1] if node[0] == "{" else node[2]
        room = min(width, max(width - (estimate_width(row) - size) - 1.0, width * 0.6, 8.0))
        wrapped = _wrap(inner, room)
        if wrapped is not inner:
            new = ("{", wrapped) if node[0] == "{" else ("left", node[1], wrapped, node[3])
            row = [*row[:k], new, *row[k + 1 :]]
    return row


def _wrap(nodes: list, width: float) -> list:
    """The tree broken into rows no wider than `width` where it can be (the same list when it fits).

    Rows break first between the fields of a record, then at signs (a relation starts its row), then between
    factors, then at word spaces, and a row still too wide is broken inside its widest groups.
    """
    if estimate_width(nodes) <= width:
        return nodes
    rows: list[list] = []
    for field in _pack(_pieces(nodes, _SEPARATORS), width):
        if estimate_width(field) <= width:
            rows.append(field)
            continue
        for term in _pack(_pieces(field, _SIGNS), width, relations=True):
            if estimate_width(term) <= width:
                rows.append(term)
                continue
            for part in _pack(_pieces(term, _FACTORS), width):
                rows += _pack(_pieces(part, _SPACES), width) if estimate_width(part) > width else [part]
    rows = [_shrink(row, width) if estimate_width(row) > width else row for row in rows]
    return rows[0] if len(rows) == 1 else [("rows", rows)]


def _elide_digits(latex: str, width: float) -> str:
    """Numbers too long for a row shown as their first and last digits and their length (a number cannot wrap)."""
    limit = max(12, int(width * 0.6))
    keep = max(4, (limit - 6) // 2)

    def short(match: re.Match) -> str:
        """The elided form of one long number."""
        digits = match.group(0)
        return f"{digits[:keep]}\\ldots {digits[-keep:]}\\,[{len(digits)}\\text{{ digits}}]"

    return re.sub(rf"(?<![0-9])[0-9]{{{limit + 1},}}(?![0-9])", short, latex)


def wrap_formula(latex: str, width: float) -> str:
    """The formula broken into left-aligned rows no wider than `width` symbols where it can be.

    A number with more digits than fit in a row is shown elided (first and last digits, and how many there are);
    the certificate holds it exactly.
    """
    nodes = _parse(latex)
    if estimate_width(nodes) <= width:
        return latex
    nodes = _parse(_elide_digits(latex, width))
    wrapped = _wrap(nodes, width)
    return _serialize(wrapped)


def _relation(piece: list) -> bool:
    """True when a piece starts with a relation (=, <=, >=, !=): it always starts a new row."""
    head = piece[0].lstrip() if isinstance(piece[0], str) else ""
    return head.startswith(("= ", "\\ge ", "\\le ", "\\ne ")) or head in ("=", "\\ge", "\\le", "\\ne")
