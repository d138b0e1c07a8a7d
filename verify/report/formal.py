"""The registered statement's formal goal in a few lines (inputs, derived parameters, each goal's kind and data),
shown beside its words and LaTeX by `verify show` and the report."""

from __future__ import annotations

__all__ = ["formal_lines", "summarize"]

_TEXT = 60  # characters of a list or object shown on one line before it is summarized
_FORMULA = 30  # characters of a literal string shown in full; a longer formula is named by its length


def summarize(value: object) -> str:
    """One goal field in words: a parameter's name, a matrix's shape, a short literal, or a size (long formulas are
    shown in full, rendered, by each obligation's goal, which the kernel checked equal to this one)."""
    if isinstance(value, dict) and set(value) == {"$param"}:
        return f"<{value['$param']}>"
    if isinstance(value, bool) or value is None:
        return str(value).lower() if isinstance(value, bool) else "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        text = value.encode("ascii", "backslashreplace").decode("ascii")
        return text if len(text) <= _FORMULA else f"a formula of {len(text)} characters"
    if isinstance(value, list):
        if value and all(isinstance(r, list) and len(r) == len(value[0]) for r in value) and value[0]:
            if all(not isinstance(x, (list, dict)) for r in value for x in r):
                return f"{len(value)}x{len(value[0])} matrix"
        if all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in value):
            shown = "[" + ", ".join(summarize(x) for x in value) + "]"
            return shown if len(shown) <= _TEXT else f"list of {len(value)}"
        return f"list of {len(value)}"
    if isinstance(value, dict):
        shown = "{" + ", ".join(f"{k}: {summarize(v)}" for k, v in value.items()) + "}"
        return shown if len(shown) <= 2 * _TEXT else "{" + ", ".join(str(k) for k in value) + "}"
    return type(value).__name__


def formal_lines(spec: dict) -> list[str]:
    """The formal statement of a registered claim: file, verdict, inputs, derived parameters, then one line per goal."""
    verdict = next((v for v in ("certified", "refuted") if isinstance(spec.get(v), list)), None)
    goals = spec.get(verdict, []) if verdict else []
    inputs = [str(x) for x in spec.get("inputs", [])]
    derived = [str(x) for x in spec.get("params", []) if x not in inputs]
    head = f"{spec.get('spec_file', '?')}: verdict {verdict or '?'}"
    head += f"; inputs {', '.join(inputs)}" if inputs else "; no inputs"
    head += f"; derived by the kernel: {', '.join(derived)}" if derived else ""
    out = [head]
    for goal in goals:
        fields = goal.get("goal", {}) if isinstance(goal, dict) else {}
        body = ", ".join(f"{k} = {summarize(v)}" for k, v in fields.items()) if isinstance(fields, dict) else ""
        out.append(f"{goal.get('name', '?')} ({goal.get('kind', '?')}): {body}")
    return out
