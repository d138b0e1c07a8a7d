"""Readable views of obligations: each kind's goal and witness as labelled lines of mathematics.

A renderer never trusts the data it shows (the certificate may be the invalid one being reported): any
shape it does not expect falls back to the generic view, which recognises polynomials, matrices,
expressions and numbers by their form and shows the rest compactly.
"""

from __future__ import annotations

from collections.abc import Callable

from verify.report.cost_kinds import RENDERERS as COST_RENDERERS
from verify.report.formulas import (
    MAX_TERMS_SHOWN,
    Line,
    Math,
    is_matrix,
    matrix_math,
    name_latex,
    number_math,
    poly_math,
    relation_math,
    value_math,
)

__all__ = ["Line", "obligation_lines", "counterexample_points", "RENDERERS", "MAX_LINES"]

MAX_LINES = 40  # witness items shown per obligation (the rest is counted)
_LONG = 90  # characters of text form beyond which a formula gets its own line


def _display(math: Math) -> Math:
    """The same formula, on its own line when it is long."""
    return Math(math.latex, math.text, True) if len(math.text) > _LONG or "\n" in math.text else math


def _names(values: object) -> str:
    """A list of names as text."""
    return ", ".join(str(v) for v in values) if isinstance(values, list) else str(values)


def _vars_line(goal: dict) -> list[Line]:
    """The declared variables of a polynomial goal."""
    return [Line("variables", note=_names(goal.get("vars", [])))] if goal.get("vars") else []


def _identity(goal: dict, witness: dict) -> list[Line]:
    """polynomial_identity: lhs == rhs as polynomials."""
    return [*_vars_line(goal), Line("identity", _display(relation_math(goal["lhs"], "==", goal["rhs"])))]


def _square_term(term: dict) -> Math:
    """One term c * atoms * s^2 of a sum-of-squares witness."""
    coeff = number_math(term.get("coeff", "?"))
    atoms = [a for a in term.get("atoms", []) if isinstance(a, str)]
    square = poly_math(term.get("square", "0"), limit=MAX_TERMS_SHOWN // 2)
    parts_latex = [] if coeff.latex == "1" else [coeff.latex]
    parts_text = [] if coeff.text == "1" else [coeff.text]
    parts_latex += [name_latex(a) for a in atoms]
    parts_text += atoms
    if square.text != "1":
        parts_latex.append(f"\\left({square.latex}\\right)^{{2}}")
        parts_text.append(f"({square.text})^2")
    return Math("\\,".join(parts_latex) or "1", "*".join(parts_text) or "1")


def _sos(goal: dict, witness: dict) -> list[Line]:
    """sum_of_squares: poly >= 0, shown as a weighted sum of squares."""
    poly = poly_math(goal["poly"])
    nonneg = goal.get("nonneg", [])
    where = "for all real " + _names(goal.get("vars", []))
    if nonneg:
        where += f" with {_names(nonneg)} >= 0"
    lines = [Line("claim", _display(Math(f"{poly.latex} \\ge 0", f"{poly.text} >= 0")), where)]
    terms = witness.get("terms", []) if isinstance(witness, dict) else []
    if isinstance(terms, list) and terms:
        shown = [_square_term(t) for t in terms[:MAX_LINES] if isinstance(t, dict)]
        more = len(terms) - len(shown)
        latex = " + ".join(m.latex for m in shown) + (f" + \\cdots \\text{{ ({more} more)}}" if more else "")
        text = " + ".join(m.text for m in shown) + (f" + ... ({more} more)" if more else "")
        note = f"{len(terms)} weighted square{'' if len(terms) == 1 else 's'}, every weight >= 0"
        lines.append(Line("sum of squares", _display(Math(f"{poly.latex} = {latex}", f"{poly.text} = {text}")), note))
    return lines


def _attained(goal: dict, witness: dict) -> list[Line]:
    """attained: the polynomial vanishes at an exact (parametric) point."""
    poly = poly_math(goal["poly"])
    point = goal.get("point", [])
    nonzero = poly_math(goal.get("nonzero", "1"))
    lines = [Line("claim", _display(Math(f"{poly.latex} = 0", f"{poly.text} = 0")), f"at a point for {_names(point)}")]
    if nonzero.text != "1":
        lines.append(Line("whenever", Math(f"{nonzero.latex} \\ne 0", f"{nonzero.text} != 0")))
    if isinstance(witness, dict) and isinstance(witness.get("numerators"), dict):
        den = poly_math(witness.get("denominator", "1"))
        for name, num in sorted(witness["numerators"].items())[:MAX_LINES]:
            value = poly_math(num)
            latex = f"{name_latex(name)} = \\frac{{{value.latex}}}{{{den.latex}}}"
            lines.append(Line("point", _display(Math(latex, f"{name} = ({value.text}) / ({den.text})"))))
    return lines


def _matrix_identity(goal: dict, witness: dict) -> list[Line]:
    """matrix_identity: an equation between products/sums of named exact matrices (all shown on one line)."""
    lines = [Line("identity", relation_math(goal["lhs"], "==", goal["rhs"]))]
    matrices = goal.get("matrices", {})
    latex, text, other = [], [], []
    for name, rows in sorted(matrices.items() if isinstance(matrices, dict) else [])[:MAX_LINES]:
        if is_matrix(rows):
            shown = matrix_math(rows)
            latex.append(f"{name_latex(name)} = {shown.latex}")
            text.append(f"{name} ({len(rows)}x{len(rows[0])}) =\n{shown.text}")
        else:
            other.append(Line(str(name), value_math(rows)))
    if latex:
        lines.append(Line("where", Math(r",\quad ".join(latex), "\n".join(text), True)))
    return lines + other


def _rank(goal: dict, witness: dict) -> list[Line]:
    """rank: rank(M) = r with a nonzero minor and the other rows as combinations of the chosen ones."""
    rows = goal["matrix"]
    shown = matrix_math(rows) if is_matrix(rows) else value_math(rows)
    rank = goal.get("rank")
    lines = [Line("claim", Math(f"\\operatorname{{rank}} M = {rank}", f"rank M = {rank}")), Line("M", shown)]
    if isinstance(witness, dict):
        note = f"the minor on rows {witness.get('rows')} and columns {witness.get('cols')} is nonzero"
        lines.append(Line("independent", note=note))
        combos = witness.get("combinations", [])
        for combo in (combos if isinstance(combos, list) else [])[:MAX_LINES]:
            if not isinstance(combo, dict):
                continue
            parts = list(zip(combo.get("coefficients", []), witness.get("rows", [])))
            latex = " + ".join(f"{number_math(c).latex}\\, r_{{{b}}}" for c, b in parts) or "0"
            text = " + ".join(f"({c})*r{b}" for c, b in parts) or "0"
            row = combo.get("row")
            lines.append(Line("dependent", Math(f"r_{{{row}}} = {latex}", f"r{row} = {text}")))
        if isinstance(combos, list) and len(combos) > MAX_LINES:
            lines.append(Line("dependent", note=f"... and {len(combos) - MAX_LINES} more rows"))
    return lines


def _relations(items: object) -> list[Math]:
    """Relations {lhs, op, rhs} as formulas."""
    if not isinstance(items, list):
        return []
    return [relation_math(a.get("lhs"), a.get("op"), a.get("rhs")) for a in items if isinstance(a, dict)]


def counterexample_points(witness: object) -> list[Math]:
    """The values of a counterexample witness's point, one formula per variable."""
    point = witness.get("point") if isinstance(witness, dict) else None
    if not isinstance(point, dict):
        return []
    out = []
    for name, value in sorted(point.items())[:MAX_LINES]:
        shown = value_math(value)
        out.append(Math(f"{name_latex(name)} = {shown.latex}", f"{name} = {shown.text}"))
    return out


def _counterexample(goal: dict, witness: dict) -> list[Line]:
    """counterexample: exact values at which the hypotheses hold and the claimed relation fails."""
    claim = goal["claim"]
    lines = [*_vars_line(goal)]
    lines += [Line("assuming", _display(m)) for m in _relations(goal.get("assume", []))]
    lines.append(Line("claimed", _display(relation_math(claim["lhs"], claim["op"], claim["rhs"])), "fails at:"))
    points = counterexample_points(witness)
    if points:
        latex, text = r",\quad ".join(m.latex for m in points), ", ".join(m.text for m in points)
        lines.append(Line("counterexample", Math(latex, text)))
    if isinstance(witness, dict) and "precision" in witness:
        lines.append(Line("decided", note=f"in ball arithmetic at {witness['precision']} bits where not exact"))
    return lines


def _interval(goal: dict, witness: dict) -> list[Line]:
    """interval_inequality: lhs op rhs on a box, decided by ball arithmetic."""
    lines = [Line("claim", _display(relation_math(goal["lhs"], goal["op"], goal["rhs"])))]
    box = goal.get("box", {})
    for name, pair in sorted(box.items() if isinstance(box, dict) else []):
        if isinstance(pair, list) and len(pair) == 2:
            low, high = number_math(pair[0]), number_math(pair[1])
            latex = f"{name_latex(name)} \\in \\left[{low.latex}, {high.latex}\\right]"
            lines.append(Line("for", Math(latex, f"{name} in [{low.text}, {high.text}]")))
    if isinstance(witness, dict):
        pieces = witness.get("pieces")
        count = f", {len(pieces)} sub-intervals" if isinstance(pieces, list) else ""
        lines.append(Line("decided", note=f"ball arithmetic at {witness.get('precision')} bits{count}"))
    return lines


def _dimension_free(goal: dict, witness: dict) -> list[Line]:
    """dimension_free_identity: the atoms with their symbolic shapes, the definitions and the identity."""
    atoms = goal.get("atoms", {})
    shapes = ", ".join(f"{n} ({r} x {c})" for n, (r, c) in sorted(atoms.items()))
    lines = [Line("atoms", note=(shapes or "none") + "; every dimension name stands for any positive integer")]
    lines.append(Line("scalars", note=_names(goal.get("scalars", []))))
    for name, expr in goal.get("lets", [])[:MAX_LINES]:
        shown = value_math(expr)
        lines.append(Line("let", _display(Math(f"{name_latex(name)} := {shown.latex}", f"{name} := {shown.text}"))))
    f, value, t = value_math(goal["f"]), value_math(goal["value"]), goal.get("wrt")
    if t is not None:
        claim = Math(
            f"\\frac{{d}}{{d{t}}} {f.latex} \\Big|_{{{t}=0}} = {value.latex}",
            f"d/d{t} {f.text} at {t} = 0 = {value.text}",
        )
    else:
        claim = Math(f"{f.latex} = {value.latex}", f"{f.text} = {value.text}")
    note = "for matrices of every size, wherever the denominators are nonzero"
    return [*lines, Line("identity", _display(claim), note)]


def _implied(goal: dict, witness: dict) -> list[Line]:
    """implied_inequality: named hypotheses, the declared signs and exponentials, the claim, the certificate."""
    signs = [f"{_names(goal[k])} {op} 0" for k, op in (("nonneg", ">="), ("positive", ">")) if goal.get(k)]
    lines = [Line("variables", note=_names(goal.get("vars", [])) + (" with " + "; ".join(signs) if signs else ""))]
    for name, exponent in sorted(goal.get("exps", {}).items()):
        shown = value_math(exponent)
        lines.append(Line("exp", Math(f"{name_latex(name)} = e^{{{shown.latex}}}", f"{name} = exp({shown.text})")))
    for fact in goal.get("facts", [])[:MAX_LINES]:
        op = ">=" if fact["rel"] == ">=" else "=="
        lines.append(Line("hypothesis", _display(relation_math(fact["poly"], op, "0")), str(fact["name"])))
    lines.append(Line("claim", _display(relation_math(goal["claim"], ">=", "0"))))
    if isinstance(witness.get("products"), list):
        q = poly_math(witness.get("multiplier", "1"))
        count = f"{len(witness['products'])} nonnegative products, {len(witness.get('equalities', []))} multiples"
        lines.append(Line("certificate", note=f"({q.text}) * claim = {count} of the equalities (kernel-checked)"))
    return lines


def _generic(goal: object, witness: object) -> list[Line]:
    """Any other kind: every field of goal and witness, rendered by the shape of its value."""
    lines = []
    for part, value in (("goal", goal), ("witness", witness)):
        if isinstance(value, dict):
            for key, item in sorted(value.items())[:MAX_LINES]:
                lines.append(Line(f"{part}.{key}", _display(value_math(item))))
        elif value is not None:
            lines.append(Line(part, _display(value_math(value))))
    return lines


def _exponent(uvw: object, index: str, var: str) -> tuple[str, str]:
    """u*q + v*t + w as text (the exponent of one factor of a binomial summand), and its LaTeX."""
    text = ""
    for c, name in zip(uvw if isinstance(uvw, list) else [], (index, var, "")):
        if not isinstance(c, int) or c == 0:
            continue
        size = str(abs(c)) if not name or abs(c) != 1 else ""
        sign = ("- " if c < 0 else "+ ") if text else ("-" if c < 0 else "")
        text += f"{' ' if text else ''}{sign}{size}{'*' if size and name else ''}{name}"
    text = text or "0"
    return text, text.replace("*", "")


def _binomial(goal: dict, witness: dict) -> list[Line]:
    """binomial_expansion: factor * base^q = sum_t binom(q, t) coeff prod b^(u q + v t + w), for every q."""
    factor, base, coeff = (poly_math(goal[k]) for k in ("factor", "base", "coeff"))
    nil = goal.get("nilpotent")
    top_l, top_t = ("s-1", "s - 1") if nil else ("q", "q")
    latex = [
        f"\\left({p.latex}\\right)^{{{e[1]}}}"
        for p, e in ((poly_math(x["base"]), _exponent(x["exponent"], "q", "t")) for x in goal["powers"])
    ]
    text = [
        f"({p.text})^({e[0]})"
        for p, e in ((poly_math(x["base"]), _exponent(x["exponent"], "q", "t")) for x in goal["powers"])
    ]
    lhs_l, lhs_t = f"{factor.latex}\\,\\left({base.latex}\\right)^{{q}}", f"{factor.text} * ({base.text})^q"
    rhs_l = f"\\sum_{{t=0}}^{{{top_l}}}\\binom{{q}}{{t}}\\,{coeff.latex}\\," + "\\,".join(latex)
    rhs_t = f"sum_{{t=0}}^{{{top_t}}} binom(q, t) * {coeff.text} * " + " * ".join(text)
    where = "for every natural q" + (f" and every s >= 1, wherever {nil}^s = 0" if nil else "")
    lines = [Line("claim", _display(Math(f"{lhs_l} = {rhs_l}", f"{lhs_t} = {rhs_t}")), where)]
    split = witness.get("split")
    if isinstance(split, list) and len(split) == 2:
        a, b = poly_math(split[0]), poly_math(split[1])
        note = "induction on q: E(q+1, t) = alpha E(q, t) + beta E(q, t-1), Pascal's rule"
        lines.append(
            Line(
                "split", Math(f"\\alpha = {a.latex},\\ \\beta = {b.latex}", f"alpha = {a.text}, beta = {b.text}"), note
            )
        )
    return lines


def _masked_family(goal: dict, witness: dict) -> list[Line]:
    """masked_rank_family: the (A2) rank bound for every n, t0, s, R0 derived from (A, B, C)."""
    t0, s, r0 = goal["t0"], goal["span"], goal["r0"]
    last = t0 + s - 1
    latex = f"\\operatorname{{rank}} M \\ge \\max\\left(\\lfloor (n-{t0}-1)/{s}\\rfloor+1,\\ n-{last}\\right)-{r0}"
    text = f"rank M >= max(floor((n - {t0} - 1)/{s}) + 1, n - {last}) - {r0}"
    lines = [Line("claim", Math(latex, text), f"for every n >= 1 and every completion M of head {goal['head']}")]
    for name in ("A", "B", "C"):
        if is_matrix(goal.get(name)):
            lines.append(Line(name, matrix_math(goal[name])))
    lines.append(
        Line("derived", note=f"t0 = {t0}, s = {s}, R0 = {r0} (first/last nonzero lag of d_h, shift span of g_inv)")
    )
    return lines


def _psd_matrix(rows: list) -> Math:
    """A symmetric matrix of polynomials."""
    cells = [[poly_math(x) for x in row] for row in rows]
    latex = "\\begin{pmatrix}" + " \\\\ ".join(" & ".join(c.latex for c in row) for row in cells) + "\\end{pmatrix}"
    return Math(latex, "[" + "; ".join(", ".join(c.text for c in row) for row in cells) + "]")


def _psd(goal: dict, witness: dict) -> list[Line]:
    """psd_certificate: poly >= 0 wherever the named matrices are PSD (and the atoms >= 0)."""
    poly = poly_math(goal["poly"])
    nonneg = goal.get("nonneg", [])
    where = "wherever every matrix below is positive semidefinite" + (f" and {_names(nonneg)} >= 0" if nonneg else "")
    lines = [Line("claim", _display(Math(f"{poly.latex} \\ge 0", f"{poly.text} >= 0")), where)]
    for name, rows in sorted(goal["psd"].items())[:MAX_LINES]:
        shown = _psd_matrix(rows)
        lines.append(
            Line(f"{name} >= 0", Math(f"{name_latex(name)} = {shown.latex} \\succeq 0", f"{name} = {shown.text} PSD"))
        )
    terms = witness.get("terms", [])
    multiplier = witness.get("multiplier")
    note = f"{len(terms)} nonnegative terms (squares, forms y^T M y, atoms)"
    if isinstance(multiplier, list):
        note += "; multiplied by " + " + ".join(f"({poly_math(x).text})^2" for x in multiplier)
    lines.append(Line("certificate", note=note))
    return lines


def _float_gram(goal: dict, witness: dict) -> list[Line]:
    """float_gram: the layer's arrays by size and sha256 (not their bytes), then the e_H enclosures and heads."""
    layer = f"form {goal['form']}, method {goal['method']}, n = {goal['n']}, tolerance {goal['tolerance']}"
    lines = [Line("layer", note=layer)]
    for name, array in sorted(goal["arrays"].items()):
        values = len(array["base64"]) * 3 // 4 // 8
        lines.append(Line(f"array {name}", note=f"{values} float64 values, {array['sha256'][:23]}..."))
    for h, (low, high) in enumerate(goal["table"][:MAX_LINES], start=1):
        lo, hi = number_math(low), number_math(high)
        lines.append(
            Line(f"e_{h}", Math(f"e_{{{h}}} \\in [{lo.latex}, {hi.latex}]", f"e_{h} in [{lo.text}, {hi.text}]"))
        )
    low, high = goal["heads"]
    return [*lines, Line("smallest H", note=f"in [{low}, {high}] (e_H <= tolerance)")]


RENDERERS: dict[str, Callable[[dict, dict], list[Line]]] = {
    "polynomial_identity": _identity,
    "sum_of_squares": _sos,
    "attained": _attained,
    "matrix_identity": _matrix_identity,
    "rank": _rank,
    "counterexample": _counterexample,
    "interval_inequality": _interval,
    "binomial_expansion": _binomial,
    "masked_rank_family": _masked_family,
    "psd_certificate": _psd,
    "dimension_free_identity": _dimension_free,
    "implied_inequality": _implied,
    "float_gram": _float_gram,
    **COST_RENDERERS,  # the cost, growth, feature-minimum and discretization kinds (verify/report/cost_kinds.py)
}


def obligation_lines(obligation: object) -> list[Line]:
    """The readable view of one obligation (by kind, with the generic view as the fallback)."""
    if not isinstance(obligation, dict):
        return [Line("malformed", value_math(obligation))]
    goal, witness = obligation.get("goal"), obligation.get("witness")
    render = RENDERERS.get(str(obligation.get("kind")))
    if render is not None and isinstance(goal, dict):
        try:
            return render(goal, witness if isinstance(witness, dict) else {})
        except (KeyError, TypeError, AttributeError, ValueError, IndexError):
            pass  # an unexpected shape: show it generically rather than not at all
    return _generic(goal, witness)
