"""The algorithms whose costs Section 3 and Table 1 state, as loop nests, and their counts derived here.

Sizes: n (sequence length, n = 2^k for the scans), d (token dimension), p (output dimension), r (feature or key
dimension), s (state dimension), w (convolution width). Memory counts the cells an algorithm materializes for its
interaction weights or states (Table 1's caption). Loop variables avoid i (the kernel's imaginary unit).

`counts` is this package's own derivation of a program's exact costs, by a route of its own: no loop body here
depends on its loop variable, so a loop costs its trip count times its body; a halving recursion C(2N) = f(N) +
C(N), C(1) = 0 with f a polynomial in N sums as a geometric series, sum_{j<K} (2^j)^e = (N^e - 1)/(2^e - 1) for
N = 2^K. (The producer sums with SymPy and solves the recursion by an ansatz; the kernel sums Faulhaber
polynomials.) The kernel checks the program and these counts together (kind loop_nest_cost).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from verify.statements.polynomials import Poly, poly, var

__all__ = ["PROGRAMS", "Counts", "counts", "cost_goal"]

# --- the language: op, alloc, loops (par, seq, sum = a reduction) and calls of a halving recursion -------------


def op(name: str) -> dict:
    """One scalar operation."""
    return {"op": name}


def alloc(cells: str) -> dict:
    """Cells materialized."""
    return {"alloc": cells}


def par(var_: str, hi: str, *body: dict, lo: str = "1") -> dict:
    """A parallel loop var = lo..hi."""
    return {"loop": "par", "var": var_, "from": lo, "to": hi, "body": list(body)}


def seq(var_: str, hi: str, *body: dict) -> dict:
    """A sequential loop var = 1..hi."""
    return {"loop": "seq", "var": var_, "from": "1", "to": hi, "body": list(body)}


def reduce_(var_: str, hi: str, *body: dict) -> dict:
    """A sum over var = 1..hi of one cell per iteration, added up by a balanced tree."""
    return {"loop": "sum", "var": var_, "from": "1", "to": hi, "width": "1", "body": list(body)}


def dot(var_: str, length: str) -> dict:
    """A dot product of the given length: a reduction of products."""
    return reduce_(var_, length, op("mul"))


def project(rows: str, inner: str, *extra: dict) -> dict:
    """Every token times a rows x inner matrix (each entry a dot product), then `extra` per entry."""
    return par("t", "n", par("a", rows, dot("b", inner), *extra))


def scan(element: str, combine: list[dict]) -> dict:
    """The inclusive scan on 2N items: combine pairs, scan the N pair results, fix the N - 1 odd positions."""
    step = [alloc(f"N*({element})"), par("m", "N", *combine), {"call": "scan"}, par("m", "N - 1", *combine)]
    return {"scan": {"size": "N", "level": "K", "base": [], "step": step}}


def algorithm(sizes: str, program: list[dict], scan_procedure: dict | None = None) -> dict:
    """The goal fields that describe an algorithm; with a scan, n = 2^k and the scan is called on n."""
    powers = {"n": "k"} if scan_procedure else {}
    return {"sizes": sizes.split(), "powers": powers, "procedures": scan_procedure or {}, "program": program}


def _programs() -> dict[str, dict]:
    """Every algorithm of Section 3, Table 1 and the findings, by name."""
    summary = [alloc("r*p"), par("a", "r", par("b", "p", dot("t", "n"))), par("t", "n", par("b", "p", dot("a", "r")))]
    weights = par("t", "n", par("jj", "n", dot("a", "r")))  # f_tj = phi(q_t)^T psi(k_j)
    mix = par("t", "n", par("b", "p", dot("jj", "n")))  # y_t = sum_j f_tj V x_j
    softmax_attention = [
        project("r", "d"),  # queries
        project("r", "d"),  # keys
        alloc("n^2"),
        par("t", "n", par("jj", "n", dot("a", "r"), op("mul"))),  # scaled scores
        par("t", "n", par("jj", "n", op("exp"))),
        par("t", "n", reduce_("jj", "n")),  # normalizers
        par("t", "n", par("jj", "n", op("div"))),
        project("p", "d"),  # values
        mix,
    ]
    linear = [project("r", "d", op("feature")), project("r", "d", op("feature")), project("p", "d"), *summary]
    ssm_step = [par("a", "s", dot("b", "s"), dot("c", "d"), op("add")), par("e", "p", dot("a", "s"))]
    selective_step = [
        par("a", "s", dot("c", "d"), op("sigmoid")),
        par("a", "s", dot("c", "d")),
        par("a", "s", dot("c", "d")),
        par("a", "s", op("mul"), op("add")),
        dot("a", "s"),
    ]
    affine = [par("a", "s", par("c", "s", dot("e", "s"))), par("a", "s", dot("e", "s"), op("add"))]  # (A2A1, A2b1+b2)
    diagonal = [par("a", "s", op("mul")), par("a", "s", op("mul"), op("add"))]  # (a2a1, a2b1+b2), diagonal
    matrix = [par("a", "s", par("c", "s", dot("e", "s")))]  # M2 M1
    factors = par("t", "n", par("a", "s", op("mul"), op("add"), par("c", "s", op("mul"))))  # diag(1 - h_t^2) W
    ssm_scan = [project("s", "d"), {"call": "scan", "size": "n"}, par("t", "n", par("e", "p", dot("a", "s")))]
    selective_scan = [
        alloc("3*n*s"),
        project("s", "d", op("sigmoid")),
        project("s", "d"),
        project("s", "d"),
        {"call": "scan", "size": "n"},
        par("t", "n", dot("a", "s")),
    ]
    return {
        "parameters.tensor": algorithm("n p d", [par("t", "n", par("jj", "n", alloc("p*d")))]),
        "parameters.factorized": algorithm("n p d", [alloc("n^2"), alloc("p*d")]),
        "summary-matrix": algorithm("n p r", summary),
        "summary-matrix.one-output": algorithm("p r", [par("b", "p", dot("a", "r"))]),
        "pairwise.given-weights": algorithm("n p", [mix]),
        "pairwise.with-weights": algorithm("n p r", [weights, mix]),
        "linear-attention.quadratic": algorithm("n p r", [alloc("n^2"), weights, mix]),
        "linear-attention.reordered": algorithm("n p r", summary),
        "mlp": algorithm("n d p", [project("p", "d")]),
        "cnn": algorithm("n d p w", [alloc("w"), project("p", "d"), par("t", "n", par("a", "p", dot("c", "w")))]),
        "attention": algorithm("n d p r", softmax_attention),
        "linear-attention": algorithm("n d p r", linear),
        "ssm.recurrence": algorithm("n d p s", [alloc("2*s"), seq("t", "n", *ssm_step)]),
        "ssm.scan": algorithm("n d p s", ssm_scan, scan("s^2 + s", affine)),
        "selective-ssm.recurrence": algorithm("n d s", [alloc("4*s"), seq("t", "n", *selective_step)]),
        "selective-ssm.scan": algorithm("n d s", selective_scan, scan("2*s", diagonal)),
        "rnn-jacobian.sequential": algorithm("n s", [alloc("n*s^2"), factors, alloc("s^2"), seq("t", "n", *matrix)]),
        "rnn-jacobian.scan": algorithm(
            "n s", [alloc("n*s^2"), factors, {"call": "scan", "size": "n"}], scan("s^2", matrix)
        ),
    }


PROGRAMS = _programs()

# --- the counts ------------------------------------------------------------------------------------------------


class Counts:
    """Operations by kind, memory cells and depth of a program, as polynomials."""

    def __init__(self, ops: dict[str, Poly] | None = None, memory: Poly | int = 0, depth: Poly | int = 0) -> None:
        """The counts (zero by default)."""
        self.ops = {k: v for k, v in (ops or {}).items() if v != 0}
        self.memory, self.depth = Poly.of(memory), Poly.of(depth)

    def then(self, other: Counts) -> Counts:
        """This, then other: everything adds up."""
        ops = {k: self.ops.get(k, Poly()) + other.ops.get(k, Poly()) for k in {*self.ops, *other.ops}}
        return Counts(ops, self.memory + other.memory, self.depth + other.depth)

    def map(self, f: Callable[[Poly], Poly]) -> Counts:
        """Each count transformed by f."""
        return Counts({k: f(v) for k, v in self.ops.items()}, f(self.memory), f(self.depth))

    def total(self) -> Poly:
        """All operations together."""
        return sum(self.ops.values(), Poly())

    def names(self) -> set[str]:
        """The names in any count."""
        return set().union(*(p.names() for p in (*self.ops.values(), self.memory, self.depth)))


def _lg(hi: str, levels: dict[str, str]) -> Poly:
    """ceil(log2 hi): a number for a constant, the level k of n = 2^k, else the symbol lg_hi."""
    if hi.isdigit():
        return Poly.of((int(hi) - 1).bit_length())
    if hi not in levels and not hi.isidentifier():
        raise ValueError(f"a reduction's length {hi!r} is a size or a constant")
    return var(levels.get(hi, f"lg_{hi}"))


def _block(statements: list[dict], model: str, levels: dict[str, str], closed: dict[str, Counts]) -> Counts:
    """The counts of statements run one after another."""
    out = Counts()
    for s in statements:
        out = out.then(_one(s, model, levels, closed))
    return out


def _one(s: dict, model: str, levels: dict[str, str], closed: dict[str, Counts]) -> Counts:
    """The counts of one statement."""
    if "op" in s:
        return Counts({s["op"]: Poly.of(1)}, 0, 1)
    if "alloc" in s:
        return Counts({}, poly(s["alloc"]), 0)
    if "call" in s:
        c = closed[s["call"]]
        if "size" not in s:
            return c
        return c.map(lambda x: x.subs({"N": var(s["size"]), "K": var(levels[s["size"]])}))
    body = _block(s["body"], model, levels, closed)
    if s["var"] in body.names() or f"lg_{s['var']}" in body.names():
        raise ValueError(f"loop {s['var']}: its body depends on the loop variable")
    trips = poly(s["to"]) - poly(s["from"]) + 1
    out = Counts({k: trips * v for k, v in body.ops.items()}, trips * body.memory, body.depth)
    if s["loop"] == "seq":
        out.depth = trips * body.depth
    if s["loop"] == "sum":  # hi cells of width `width`: width * (hi - 1) additions, a tree of depth ceil(log2 hi)
        if s["from"] != "1":
            raise ValueError("a reduction starts at 1")
        out.ops["add"] = out.ops.get("add", Poly()) + poly(s["width"]) * (poly(s["to"]) - 1)
        out.depth = body.depth + (_lg(s["to"], levels) if model == "fan-in-2" else 1)
    return out


def _halving_sum(f: Poly, n: str, k: str) -> Poly:
    """sum_{j<K} f(2^j) for N = 2^K: the geometric series of each power of N, and K times the constant term."""
    out = Poly()
    for e in range(f.degree(n) + 1):
        a = f.coefficient(n, e)
        out = out + (a * var(k) if e == 0 else a * (var(n) ** e - 1) * Fraction(1, 2**e - 1))
    return out


def _solve(name: str, proc: dict, model: str, levels: dict[str, str]) -> Counts:
    """C(N) for N = 2^K from C(1) = 0 and C(2N) = step(N) + C(N), the step calling the procedure once on N."""
    if proc["base"] or sum(s.get("call") == name for s in proc["step"]) != 1:
        raise ValueError(f"procedure {name}: an empty base and exactly one recursive call at the step's top level")
    step = [s for s in proc["step"] if s.get("call") != name]
    f = _block(step, model, {**levels, proc["size"]: proc["level"]}, {})
    return f.map(lambda x: _halving_sum(x, proc["size"], proc["level"]))


def counts(name: str, model: str = "fan-in-2") -> Counts:
    """The exact counts of an algorithm of PROGRAMS under a depth model (fan-in-2 or unbounded-fan-in)."""
    algo = PROGRAMS[name]
    levels = dict(algo["powers"])
    closed = {p: _solve(p, proc, model, levels) for p, proc in sorted(algo["procedures"].items())}
    return _block(algo["program"], model, levels, closed)


def cost_goal(obligation: str, program: str, model: str = "fan-in-2") -> dict:
    """A loop_nest_cost goal: the algorithm, the depth model and the exact counts derived here."""
    c = counts(program, model)
    ops = {k: c.ops[k].text() for k in sorted(c.ops)}
    goal = {**PROGRAMS[program], "model": model, "ops": ops, "memory": c.memory.text(), "depth": c.depth.text()}
    return {"name": obligation, "kind": "loop_nest_cost", "goal": goal}
