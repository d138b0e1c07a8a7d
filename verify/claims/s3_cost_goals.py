"""Obligations of the cost claims (Section 3, Table 1): exact loop-nest counts and big-O as explicit inequalities.

No @claim here: verify/claims/s3_costs.py and s_findings.py build the certificates from these functions; the frozen
statements (verify/statements/s3_table1.py) write the same goals independently, without this code.
"""

from __future__ import annotations

from functools import cache

import sympy as sp

from constructions.cost_programs import PROGRAMS
from constructions.costs import constant_for, evaluate, kernel_text, shift_nonneg, total
from verify.certificate import Obligation

__all__ = [
    "cost_obligation",
    "bound_obligation",
    "ratio_obligation",
    "result",
    "ROWS",
    "COLUMNS",
    "cell_obligations",
    "cell_facts",
    "SECTION3",
]

LEVELS = ("k",)  # level symbols (n = 2^k)


@cache
def result(name: str, model: str = "fan-in-2") -> dict:
    """The SymPy counts of one algorithm under a depth model."""
    return evaluate(PROGRAMS[name], model)


def _texts(costs: dict) -> dict:
    """ops / memory / depth as kernel expression strings."""
    return {
        "ops": {k: kernel_text(v) for k, v in sorted(costs["ops"].items())},
        "memory": kernel_text(costs["memory"]),
        "depth": kernel_text(costs["depth"]),
    }


def cost_obligation(name: str, program: str, model: str = "fan-in-2") -> Obligation:
    """loop_nest_cost: the algorithm's exact counts, memory and depth (procedures' closed forms as witness)."""
    costs = result(program, model)
    goal = {**PROGRAMS[program], "model": model, **_texts(costs)}
    witness = {"procedures": {p: _texts(c) for p, c in sorted(costs["procedures"].items())}}
    return Obligation(name, "loop_nest_cost", goal, witness)


def _domains(*exprs: sp.Expr, extra: tuple[str, ...] = ()) -> dict[str, str]:
    """Sizes are integers >= 1; levels and lg symbols are integers >= 0 (extra names are declared too)."""
    names = sorted({str(s) for e in exprs for s in sp.sympify(e).free_symbols} | set(extra))
    return {x: "natural" if x in LEVELS or x.startswith("lg_") else "size" for x in names}


def bound_obligation(name: str, lhs: sp.Expr, rhs: sp.Expr, rhs_text: str | None = None) -> Obligation:
    """poly_bound: lhs <= rhs for all sizes >= 1 (checked here with the kernel's own test before it is written)."""
    domains = _domains(lhs, rhs, extra=("n",))
    if not shift_nonneg(sp.expand(rhs - lhs), [x for x, d in domains.items() if d == "size"]):
        raise ValueError(f"{name}: {lhs} <= {rhs} is not decided by the shift test")
    goal = {"domains": domains, "lhs": kernel_text(lhs), "rhs": rhs_text or kernel_text(rhs)}
    return Obligation(name, "poly_bound", goal)


def ratio_obligation(name: str, lhs: sp.Expr, rhs: sp.Expr, family: dict[str, str]) -> Obligation:
    """unbounded_ratio: lhs / rhs is unbounded along the family (every size a polynomial in t)."""
    domains = _domains(lhs, rhs)
    goal = {"domains": domains, "lhs": kernel_text(lhs), "rhs": kernel_text(rhs)}
    return Obligation(name, "unbounded_ratio", goal, {"family": {x: family[x] for x in domains}})


def big_o(name: str, count: sp.Expr, f: str, growing: list[str]) -> Obligation:
    """count <= K * f with K the positive part of count at growing = 1 (an explicit constant in the fixed sizes)."""
    k = constant_for(count, growing)
    text = "0" if k == 0 else kernel_text(k) if f == "1" else f"({kernel_text(k)})*({f})"
    return bound_obligation(name, count, k * sp.sympify(f, locals=_names(f)), text)


def _names(text: str) -> dict:
    """Integer symbols for a bound's names."""
    return {x: sp.Symbol(x, integer=True) for x in ("n", "k", "lg_n", "d", "p", "r", "s", "w")}


# --- Table 1 ------------------------------------------------------------------------------------------------------

COLUMNS = ("complexity", "memory", "depth")
# row: (paper's complexity, memory, depth; the algorithms that certify each cell; the bound f and what grows)
ROWS = {
    "mlp": {"paper": ("O(n)", "O(1)", "O(1)"), "complexity": ["mlp"], "memory": ["mlp"], "depth": ["mlp"]},
    "cnn": {"paper": ("O(n)", "O(1)", "O(1)"), "complexity": ["cnn"], "memory": ["cnn"], "depth": ["cnn"]},
    "attention": {
        "paper": ("O(n^2)", "O(n^2)", "O(1)"),
        "complexity": ["attention"],
        "memory": ["attention"],
        "depth": ["attention"],
    },
    "linear-attention": {
        "paper": ("O(n)", "O(1)", "O(log n)"),
        "complexity": ["linear-attention"],
        "memory": ["linear-attention"],
        "depth": ["linear-attention"],
    },
    "ssm": {
        "paper": ("O(n)", "O(1)", "O(log n)"),
        "complexity": ["ssm.recurrence", "ssm.scan"],
        "memory": ["ssm.recurrence"],
        "depth": ["ssm.scan"],
    },
    "selective-ssm": {
        "paper": ("O(n)", "O(1)", "O(log n)"),
        "complexity": ["selective-ssm.recurrence", "selective-ssm.scan"],
        "memory": ["selective-ssm.recurrence"],
        "depth": ["selective-ssm.scan"],
    },
}
_BOUND = {"O(n)": "n", "O(n^2)": "n^2", "O(1)": "1"}


def _f(paper: str, program: str) -> tuple[str, list[str]]:
    """The function f of the paper's O(f) for one algorithm, and the symbols that grow with n."""
    if paper == "O(log n)":
        return ("1 + k", ["k"]) if PROGRAMS[program]["powers"] else ("1 + lg_n", ["lg_n"])
    return _BOUND[paper], ["n", "k"] if paper != "O(1)" else []


def _model(row: str, column: str) -> str:
    """Attention's O(1) depth holds with an n-term reduction as one step; every other cell with fan-in 2."""
    return "unbounded-fan-in" if (row, column) == ("attention", "depth") else "fan-in-2"


def _measure(costs: dict, column: str) -> sp.Expr:
    """The quantity a column is about: all operations, memory or depth."""
    return total(costs) if column == "complexity" else costs["memory" if column == "memory" else "depth"]


def _cell_items(row: str, column: str) -> list[tuple[str, str, str, str, list[str]]]:
    """(name, algorithm, model, f, growing symbols) for each algorithm that a cell's certificate states."""
    paper = ROWS[row]["paper"][COLUMNS.index(column)]
    model = _model(row, column)
    items = [(program, program, model, *_f(paper, program)) for program in ROWS[row][column]]
    if (row, column) == ("attention", "depth"):  # the same algorithm with fan-in 2: O(log n)
        items.append(("attention.fan-in-2", "attention", "fan-in-2", "1 + lg_n", ["lg_n"]))
    return items


def cell_obligations(row: str, column: str) -> list[Obligation]:
    """Per algorithm of the cell: its exact costs and the bound measure <= K * f for every size >= 1."""
    out = []
    for name, program, model, f, growing in _cell_items(row, column):
        out.append(cost_obligation(name, program, model))
        out.append(big_o(f"{name}.bound", _measure(result(program, model), column), f, growing))
    return out


def cell_facts(row: str, column: str) -> list[tuple[str, str, str, str]]:
    """(algorithm, model, exact measure, bound) of each algorithm of a cell, as text for the statement."""
    out = []
    for name, program, model, f, growing in _cell_items(row, column):
        measure = _measure(result(program, model), column)
        bound = big_o(name, measure, f, growing).goal["rhs"]
        out.append((program, model, kernel_text(measure), bound))
    return out


# --- Section 3 ------------------------------------------------------------------------------------------------------


def _t(*names: str) -> dict[str, str]:
    """The family in which every named size is t."""
    return {x: "t" for x in names}


def _sym(text: str) -> sp.Expr:
    """A bound written as text."""
    return sp.sympify(text, locals=_names(text))


def _section3() -> dict[str, tuple[str, list]]:
    """claim id -> (verdict, obligation builders) for the Section 3 cost claims."""
    ops = lambda name: total(result(name))  # noqa: E731
    mem = lambda name: result(name)["memory"]  # noqa: E731
    return {
        "sec3.1.cost.parameters": (
            "certified",
            [
                lambda: cost_obligation("tensor", "parameters.tensor"),
                lambda: bound_obligation("tensor.bound", mem("parameters.tensor"), _sym("n^2*p*d")),
                lambda: cost_obligation("factorized", "parameters.factorized"),
                lambda: bound_obligation("factorized.bound", mem("parameters.factorized"), _sym("n^2 + p*d")),
            ],
        ),
        "sec3.1.2.cost.summary-matrix": (
            "refuted",
            [
                lambda: cost_obligation("summary", "summary-matrix"),
                lambda: ratio_obligation("not-O(nr+rp)", ops("summary-matrix"), _sym("n*r + r*p"), _t("n", "p", "r")),
            ],
        ),
        "sec3.1.2.cost.summary-matrix.corrected": (
            "certified",
            [
                lambda: cost_obligation("summary", "summary-matrix"),
                lambda: bound_obligation("upper", ops("summary-matrix"), _sym("4*n*r*p")),
                lambda: bound_obligation("lower", _sym("2*n*r*p"), ops("summary-matrix")),
                lambda: cost_obligation("one-output", "summary-matrix.one-output"),
                lambda: bound_obligation("one-output.bound", ops("summary-matrix.one-output"), _sym("2*r*p")),
            ],
        ),
        "sec3.1.2.cost.pairwise": (
            "certified",
            [
                lambda: cost_obligation("given-weights", "pairwise.given-weights"),
                lambda: bound_obligation("given-weights.bound", ops("pairwise.given-weights"), _sym("2*n^2*p")),
                lambda: cost_obligation("with-weights", "pairwise.with-weights"),
                lambda: bound_obligation("with-weights.bound", ops("pairwise.with-weights"), _sym("2*n^2*(p + r)")),
            ],
        ),
        "sec3.1.2.cost.linear-attention": (
            "certified",
            [
                lambda: cost_obligation("quadratic", "linear-attention.quadratic"),
                lambda: bound_obligation("quadratic.upper", ops("linear-attention.quadratic"), _sym("2*(p + r)*n^2")),
                lambda: cost_obligation("reordered", "linear-attention.reordered"),
                lambda: bound_obligation("reordered.upper", ops("linear-attention.reordered"), _sym("4*p*n*r")),
            ],
        ),
        "sec3.1.2.cost.linear-attention.joint": (
            "certified",
            [
                lambda: cost_obligation("quadratic", "linear-attention.quadratic"),
                lambda: ratio_obligation(
                    "quadratic-not-O(n^2)", ops("linear-attention.quadratic"), _sym("n^2"), _t("n", "p", "r")
                ),
                lambda: bound_obligation("quadratic.upper", ops("linear-attention.quadratic"), _sym("2*(p + r)*n^2")),
                lambda: bound_obligation("quadratic.lower", _sym("(p + r)*n^2"), ops("linear-attention.quadratic")),
                lambda: cost_obligation("reordered", "linear-attention.reordered"),
                lambda: ratio_obligation(
                    "reordered-not-O(nr)", ops("linear-attention.reordered"), _sym("n*r"), _t("n", "p", "r")
                ),
                lambda: bound_obligation("reordered.upper", ops("linear-attention.reordered"), _sym("4*p*n*r")),
                lambda: bound_obligation("reordered.lower", _sym("2*p*n*r"), ops("linear-attention.reordered")),
            ],
        ),
    }


SECTION3 = _section3()
