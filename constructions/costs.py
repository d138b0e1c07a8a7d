"""Section 3 and Table 1 costs: the paper's algorithms as loop nests, and their exact counts by SymPy summation.

A program is plain data (the language of kernel/theories/costs/kind_cost.py): op, alloc, loops (seq, par, sum) and
calls of halving recursions. `evaluate` sums it with SymPy (summation, not the kernel's Faulhaber polynomials),
and solves each recursion's closed form by an ansatz in N and K; the kernel re-derives everything itself.
"""

from __future__ import annotations

import sympy as sp

__all__ = [
    "OPS",
    "op",
    "alloc",
    "par",
    "seq",
    "red",
    "call",
    "algorithm",
    "evaluate",
    "kernel_text",
    "total",
    "constant_for",
    "shift_nonneg",
]

OPS = ("add", "mul", "div", "exp", "sigmoid", "feature")


def op(name: str) -> dict:
    """One scalar operation."""
    return {"op": name}


def alloc(cells: str) -> dict:
    """Cells materialized."""
    return {"alloc": cells}


def par(var: str, lo: str, hi: str, *body: dict) -> dict:
    """A parallel loop."""
    return {"loop": "par", "var": var, "from": lo, "to": hi, "body": list(body)}


def seq(var: str, lo: str, hi: str, *body: dict) -> dict:
    """A sequential loop."""
    return {"loop": "seq", "var": var, "from": lo, "to": hi, "body": list(body)}


def red(var: str, hi: str, width: str, *body: dict) -> dict:
    """A reduction var = 1..hi whose iterations each yield `width` cells, added up by a balanced tree."""
    return {"loop": "sum", "var": var, "from": "1", "to": hi, "width": width, "body": list(body)}


def call(name: str, size: str | None = None) -> dict:
    """A call of a halving recursion (on a power-of-two size from the main program, on N inside its step)."""
    return {"call": name} if size is None else {"call": name, "size": size}


def algorithm(sizes: list[str], program: list[dict], powers: dict | None = None, procedures: dict | None = None):
    """The goal fields of a loop_nest_cost obligation that describe the algorithm (the model is added later)."""
    return {"sizes": sizes, "powers": powers or {}, "procedures": procedures or {}, "program": program}


# --- evaluation with SymPy -------------------------------------------------------------------------------------


def _sym(name: str) -> sp.Symbol:
    """The SymPy symbol of a name (integer, so that summation treats bounds as integers)."""
    return sp.Symbol(name, integer=True)


class _Env:
    """Powers (size -> level), the model, and the closed forms of the procedures."""

    def __init__(self, powers: dict, model: str) -> None:
        self.powers = dict(powers)
        self.model = model
        self.closed: dict[str, tuple] = {}
        self.current: str | None = None


def _lg(hi: sp.Expr, env: _Env) -> sp.Expr:
    """ceil(log2 hi) of a constant, the level of a power of two, or the symbol lg_x."""
    if hi.is_Integer:
        return sp.Integer(int(hi - 1).bit_length())
    name = str(hi)
    return _sym(env.powers[name]) if name in env.powers else _sym(f"lg_{name}")


def _block(stmts: list[dict], env: _Env) -> tuple[dict, sp.Expr, sp.Expr]:
    """(ops, memory, depth) of statements run in order."""
    ops: dict[str, sp.Expr] = {}
    mem = depth = sp.Integer(0)
    for s in stmts:
        o, m, d = _one(s, env)
        for k, v in o.items():
            ops[k] = ops.get(k, 0) + v
        mem, depth = mem + m, depth + d
    return ops, mem, depth


def _one(s: dict, env: _Env) -> tuple[dict, sp.Expr, sp.Expr]:
    """(ops, memory, depth) of one statement."""
    if "op" in s:
        return {s["op"]: sp.Integer(1)}, sp.Integer(0), sp.Integer(1)
    if "alloc" in s:
        return {}, sp.sympify(s["alloc"], locals=_locals(s["alloc"])), sp.Integer(0)
    if "call" in s:
        ops, mem, depth, size, level = env.closed[s["call"]]
        if "size" not in s:
            return ops, mem, depth
        to = {size: _sym(s["size"]), level: _sym(env.powers[s["size"]])}
        return {k: v.subs(to) for k, v in ops.items()}, mem.subs(to), depth.subs(to)
    v = _sym(s["var"])
    lo, hi = (sp.sympify(s[k], locals=_locals(s[k])) for k in ("from", "to"))
    ops, mem, depth = _block(s["body"], env)
    out = {k: sp.expand(sp.summation(x, (v, lo, hi))) for k, x in ops.items()}
    mem = sp.expand(sp.summation(mem, (v, lo, hi)))
    if s["loop"] == "seq":
        return out, mem, sp.expand(sp.summation(depth, (v, lo, hi)))
    depth = depth.subs(_sym(f"lg_{s['var']}"), _lg(hi, env))
    if s["loop"] == "sum":
        width = sp.sympify(s["width"], locals=_locals(s["width"]))
        out["add"] = sp.expand(out.get("add", 0) + width * (hi - lo))
        depth = depth + (_lg(hi, env) if env.model == "fan-in-2" else 1)
    return out, mem, sp.expand(depth)


def _locals(text: str) -> dict:
    """Integer symbols for the names in an expression."""
    import re

    return {name: _sym(name) for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)}


def _solve_procedure(name: str, proc: dict, env: _Env) -> None:
    """Closed forms C(N, K) by the ansatz sum c_ab N^a K^b (a, b <= 2): base C(1, 0), step C(2N, K + 1)."""
    n, k = _sym(proc["size"]), _sym(proc["level"])
    monomials = [n**a * k**b for a in range(3) for b in range(3)]
    unknowns = {key: [sp.Symbol(f"c_{key}_{j}") for j in range(len(monomials))] for key in (*OPS, "mem", "depth")}
    forms = {key: sum(c * m for c, m in zip(cs, monomials)) for key, cs in unknowns.items()}
    env.closed[name] = ({o: forms[o] for o in OPS}, forms["mem"], forms["depth"], n, k)
    base = _block(proc["base"], env)
    step = _block(proc["step"], env)
    solved = {}
    for key in (*OPS, "mem", "depth"):
        b = base[0].get(key, 0) if key in OPS else base[1 if key == "mem" else 2]
        s = step[0].get(key, 0) if key in OPS else step[1 if key == "mem" else 2]
        equations = [sp.expand(sp.sympify(b).subs({n: 1, k: 0}) - forms[key].subs({n: 1, k: 0}))]
        diff = sp.expand(sp.sympify(s) - forms[key].subs({n: 2 * n, k: k + 1}, simultaneous=True))
        equations += sp.Poly(diff, n, k).coeffs() if diff != 0 else []
        solutions = list(sp.linsolve(equations, unknowns[key]))
        if len(solutions) != 1:
            raise ValueError(f"procedure {name}: no closed form of degree <= 2 in N and K for {key}")
        values = {c: v.subs({u: 0 for u in unknowns[key]}) for c, v in zip(unknowns[key], solutions[0])}
        solved[key] = sp.expand(forms[key].subs(values))  # coefficients the equations leave free are 0
    ops = {o: solved[o] for o in OPS if solved[o] != 0}
    env.closed[name] = (ops, solved["mem"], solved["depth"], n, k)


def evaluate(algo: dict, model: str) -> dict:
    """{"ops", "memory", "depth", "procedures"} of an algorithm under a depth model, as SymPy expressions."""
    env = _Env(algo["powers"], model)
    for name, proc in sorted(algo["procedures"].items()):
        env.powers[proc["size"]] = proc["level"]
        _solve_procedure(name, proc, env)
    ops, mem, depth = _block(algo["program"], env)
    ops = {k: sp.expand(v) for k, v in ops.items() if sp.expand(v) != 0}
    closed = {name: {"ops": c[0], "memory": c[1], "depth": c[2]} for name, c in env.closed.items()}
    return {"ops": ops, "memory": sp.expand(mem), "depth": sp.expand(depth), "procedures": closed}


def kernel_text(expr: sp.Expr) -> str:
    """A polynomial as a kernel expression string (^ for powers)."""
    return str(sp.expand(expr)).replace("**", "^")


def total(result: dict) -> sp.Expr:
    """All arithmetic operations together."""
    return sp.expand(sum(result["ops"].values()))


# --- explicit constants for big-O bounds ----------------------------------------------------------------------


def constant_for(count: sp.Expr, growing: list[str]) -> sp.Expr:
    """K = the positive terms of count with the growing symbols removed (then K * bound >= count, see the kernel)."""
    expr = sp.expand(count)
    syms = [_sym(g) for g in growing]
    k = sp.Integer(0)
    for term in sp.Add.make_args(expr):
        coefficient, _ = term.as_coeff_Mul()
        if coefficient > 0:
            k += term.subs({s: 1 for s in syms})
    return sp.expand(k)


def shift_nonneg(expr: sp.Expr, sizes: list[str]) -> bool:
    """The kernel's test: sizes shifted to 1 + x, every coefficient >= 0 (other symbols are >= 0)."""
    shifted = sp.expand(sp.sympify(expr).subs({_sym(x): _sym(x) + 1 for x in sizes}, simultaneous=True))
    if shifted == 0:
        return True
    symbols = sorted(shifted.free_symbols, key=str)
    if not symbols:
        return shifted >= 0
    return all(c >= 0 for c in sp.Poly(shifted, *symbols).coeffs())
