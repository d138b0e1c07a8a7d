"""Readable views of the cost, growth, feature-minimum and discretization kinds (merged into kinds.RENDERERS)."""

from __future__ import annotations

from verify.report.formulas import Line, poly_math, relation_math, value_math

__all__ = ["RENDERERS", "program_text"]

_MAX_TEXT = 2000  # characters of a program shown


def program_text(stmts: object) -> str:
    """A loop nest as one line of pseudo-code: par t=1..n { ... }; alloc ...; call ...(n)."""
    if not isinstance(stmts, list):
        return "(not a program)"
    parts = []
    for s in stmts:
        if not isinstance(s, dict):
            parts.append("?")
        elif "op" in s:
            parts.append(str(s["op"]))
        elif "alloc" in s:
            parts.append(f"alloc {s['alloc']}")
        elif "call" in s:
            parts.append(f"call {s['call']}({s.get('size', 'N')})")
        elif "loop" in s:
            width = f" [width {s['width']}]" if "width" in s else ""
            body = program_text(s.get("body"))
            parts.append(f"{s['loop']} {s.get('var')}={s.get('from')}..{s.get('to')}{width} {{ {body} }}")
    return "; ".join(parts)[:_MAX_TEXT]


def _loop_nest(goal: dict, witness: dict) -> list[Line]:
    """loop_nest_cost: the program, its model, and the counts, memory and depth the kernel re-sums."""
    powers = "".join(f"; {x} = 2^{k}" for x, k in goal["powers"].items())
    lines = [Line("sizes", note=", ".join(goal["sizes"]) + powers)]
    for name, proc in goal["procedures"].items():
        base, step = program_text(proc["base"]) or "(nothing)", program_text(proc["step"])
        text = f"on 1 item: {base}; on 2{proc['size']} items: {step}"
        lines.append(Line(f"procedure {name}({proc['size']} = 2^{proc['level']})", note=text))
    lines.append(Line("program", note=program_text(goal["program"])))
    lines.append(Line("depth model", note=str(goal["model"])))
    for op, count in sorted(goal["ops"].items()):
        lines.append(Line(f"{op} operations", poly_math(count)))
    lines += [Line("memory (cells)", poly_math(goal["memory"])), Line("depth", poly_math(goal["depth"]))]
    for name, closed in (witness.get("procedures") or {}).items():
        lines.append(Line(f"closed form of {name} (depth)", poly_math(closed["depth"])))
    return lines


def _bound(goal: dict, witness: dict) -> list[Line]:
    """poly_bound: lhs <= rhs for every point of the domains."""
    domains = ", ".join(f"{x} {'>= 1' if d == 'size' else '>= 0'}" for x, d in sorted(goal["domains"].items()))
    return [Line("for all", note=domains), Line("bound", relation_math(goal["lhs"], "<=", goal["rhs"]))]


def _ratio(goal: dict, witness: dict) -> list[Line]:
    """unbounded_ratio: lhs / rhs unbounded along the family."""
    family = ", ".join(f"{x} = {f}" for x, f in sorted((witness.get("family") or {}).items()))
    return [
        Line("not O(rhs)", relation_math(goal["lhs"], "<=", f"K*({goal['rhs']})"), note="fails for every K"),
        Line("along", note=family),
    ]


def _discrete(goal: dict, witness: dict) -> list[Line]:
    """discretized_transition: the singular steps of both discretizations."""
    n = len(goal["A"]) if isinstance(goal["A"], list) else "?"
    steps = goal["bilinear"]
    shown = ", ".join(steps[:6]) + (f", ... ({len(steps)} steps)" if len(steps) > 6 else "")
    return [
        Line("A", note=f"{n} x {n}, steps in [{goal['steps'][0]}, {goal['steps'][1]}]"),
        Line("bilinear singular at", note=shown or "no step"),
        Line("zoh singular at", note=", ".join(goal["zoh"]) or "no step"),
        Line("distinct eigenvalues", note=str(goal["distinct"]).lower()),
    ]


def _minimum(goal: dict, witness: dict) -> list[Line]:
    """lag_minimum: the exact minimum feature dimension per head."""
    return [Line("minimum per head", value_math(goal["minimum"]))]


RENDERERS = {
    "loop_nest_cost": _loop_nest,
    "poly_bound": _bound,
    "unbounded_ratio": _ratio,
    "discretized_transition": _discrete,
    "lag_minimum": _minimum,
}
