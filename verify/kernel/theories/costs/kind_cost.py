"""Exact operation counts, memory and depth of an algorithm written as a loop nest, summed symbolically.

A program is a list of statements over integer size symbols (each >= 1):
  {"op": name}                      one scalar operation (add, mul, div, exp, sigmoid, feature): depth 1;
  {"alloc": e}                      e cells materialized (e >= 0 is checked): memory e, depth 0;
  {"loop": mode, "var": v, "from": lo, "to": hi, "body": [...]}   v = lo, ..., hi, with mode
      "seq"  iterations one after another: depth = the sum of the body depths;
      "par"  iterations at once: depth = the largest body depth (that of the body, also when empty);
      "sum"  iterations at once, then their results (each "width" cells, a required field) added up:
             width * (trip - 1) more additions, depth + ceil(log2 trip) (fan-in 2) or + 1 (unbounded fan-in);
  {"call": name, "size": x}         a recursive procedure on x = 2^k items (x a declared power of two).
A list of statements runs in order: counts add, depths add. Bounds lo, hi, e, width are polynomials in the
sizes and the enclosing loop variables. Counts (per operation), memory (cells materialized, never freed)
and depth are summed exactly: sum_{v=lo}^{hi} v^k = F_k(hi) - F_k(lo - 1) with the Faulhaber polynomial
F_k, which the kernel derives and checks (F_k(x) - F_k(x - 1) = x^k, F_k(0) = 0; telescoping is valid for
every trip count hi - lo + 1 >= 0). Every trip count is checked to be >= 0 (>= 1 for "sum") on the whole
domain: sizes x = 1 + x', each enclosing variable v = lo_v + v' or hi_v - v' (the kernel tries both), all
primed variables >= 0, nonnegative coefficients; undecided means rejected.

Depth uses symbols lg_x = ceil(log2 x) for a size or loop variable x (a reduction's trip count must be a
constant, a size or a loop variable, from 1); lg of a power-of-two size 2^k is k. Where a parallel loop's
body depth grows with lg_v, the kernel checks that it is nondecreasing in lg_v (coefficients >= 0 on the
domain) and takes it at v = hi (lg is nondecreasing), hi a constant or a symbol; a sequential loop's body
depth may depend on v polynomially (summed) but not through lg_v. The depth so defined is that of the
program's structure (statements in sequence add up), an upper bound on the critical path of its circuit.

Procedures (recursions on halving): {"size": N, "level": K, "base": [...], "step": [...]}; "base" is the
program on N = 1 item, "step" the program on 2N items, in terms of N and K, where {"call": name} is the
procedure on N items. The witness gives closed forms C(N, K) (counts, memory, depth); the kernel checks
cost(base) = C(1, 0) and cost(step with calls costing C(N, K)) = C(2N, K + 1) as polynomial identities, so
by induction on K the procedure costs C(2^K, K) on 2^K items.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.kind import Establishes, KindTable
from ...core.numbers import GQ
from ...core.poly import Poly, read_poly, read_variables, relabel
from .loop_sums import LG, Block, Cost, Scope, Statement, at_values, run, uses

__all__ = ["KINDS", "ESTABLISHES", "OPS", "MODELS"]

OPS = ("add", "mul", "div", "exp", "sigmoid", "feature")
MODELS = ("fan-in-2", "unbounded-fan-in")
MODES = ("seq", "par", "sum")
MAX_STATEMENTS = 2000  # statements in one goal (the paper's algorithms need a few dozen)
MAX_LOOP_NESTING = 8  # enclosing loops of one statement (the domain check tries 2^nesting anchorings)


# --- reading: symbols, the universe of variables, statements ----------------------------------------------


def _name(value: object, where: str) -> str:
    """An identifier that is not reserved (not i, not lg_...)."""
    if not isinstance(value, str) or not value.isidentifier() or not value.isascii() or value == "i":
        raise KernelError(where, f"found {str(value)[:30]!r}, expected an identifier other than 'i'")
    if value.startswith(LG) or len(value) > 32:
        raise KernelError(where, f"the name {value!r} is reserved or too long")
    return value


def _loop_vars(stmts: object, where: str, found: set[str], count: list[int]) -> None:
    """Collect the loop variable names of a raw program (bounded), for the universe of variables."""
    if not isinstance(stmts, list):
        raise KernelError(where, "expected a list of statements")
    for k, s in enumerate(stmts):
        count[0] += 1
        if count[0] > MAX_STATEMENTS:
            raise KernelError(where, f"more than {MAX_STATEMENTS} statements")
        if isinstance(s, dict) and "loop" in s:
            found.add(_name(s.get("var"), f"{where}[{k}].var"))
            _loop_vars(s.get("body"), f"{where}[{k}].body", found, count)


def _expr(value: object, scope: Scope, visible: set[str], where: str) -> Poly:
    """A rational polynomial in the visible symbols."""
    poly = read_poly(value, scope.universe, where, complex_ok=False)
    used = {v for m in poly.terms for v, e in zip(scope.universe, m) if e}
    if not used <= visible:
        raise KernelError(where, f"uses {sorted(used - visible)}, which are not in scope here")
    return poly


def _statement(
    s: object, scope: Scope, visible: set[str], loops: tuple[str, ...], proc: str | None, where: str
) -> Statement:
    """One statement as a frozen tuple (polynomials read, names checked against the scope)."""
    if not isinstance(s, dict):
        raise KernelError(where, "expected a statement object")
    if "op" in s:
        expect_keys(s, where, ("op",))
        if s["op"] not in OPS:
            raise KernelError(f"{where}.op", f"found {str(s['op'])[:20]!r}, expected one of {list(OPS)}")
        return ("op", s["op"])
    if "alloc" in s:
        expect_keys(s, where, ("alloc",))
        return ("alloc", _expr(s["alloc"], scope, visible, f"{where}.alloc"))
    if "call" in s:
        if proc == "":
            raise KernelError(where, "a base case makes no calls")
        if not isinstance(s["call"], str) or s["call"] not in scope.procedures:
            raise KernelError(f"{where}.call", "expected the name of a declared procedure")
        if proc is None:
            expect_keys(s, where, ("call", "size"))
            size = s["size"]
            if not isinstance(size, str) or size not in visible or size not in scope.powers:
                raise KernelError(f"{where}.size", "expected a declared power-of-two size")
            return ("call", s["call"], size)
        expect_keys(s, where, ("call",))
        if s["call"] != proc:
            raise KernelError(f"{where}.call", f"a step may call only its own procedure {proc!r}")
        return ("call", proc, None)
    if "loop" in s:
        mode = s["loop"]
        expect_keys(s, where, ("loop", "var", "from", "to", "body", *(("width",) if mode == "sum" else ())))
        if mode not in MODES:
            raise KernelError(f"{where}.loop", f"found {str(mode)[:20]!r}, expected one of {list(MODES)}")
        var = _name(s["var"], f"{where}.var")
        if var in visible or len(loops) >= MAX_LOOP_NESTING:
            raise KernelError(f"{where}.var", f"{var!r} shadows a symbol in scope, or loops nest too deeply")
        lo = _expr(s["from"], scope, visible, f"{where}.from")
        hi = _expr(s["to"], scope, visible, f"{where}.to")
        width = _expr(s["width"], scope, visible, f"{where}.width") if mode == "sum" else None
        body = _block(s["body"], scope, visible | {var}, (*loops, var), proc, f"{where}.body")
        return ("loop", mode, var, lo, hi, width, body)
    raise KernelError(where, "expected one of the statements op, alloc, loop, call")


def _block(
    stmts: object, scope: Scope, visible: set[str], loops: tuple[str, ...], proc: str | None, where: str
) -> Block:
    """A list of statements as a tuple."""
    if not isinstance(stmts, list):
        raise KernelError(where, "expected a list of statements")
    return tuple(_statement(s, scope, visible, loops, proc, f"{where}[{k}]") for k, s in enumerate(stmts))


def _read_costs(value: object, variables: tuple[str, ...], where: str) -> Costs:
    """{"ops": {name: poly}, "memory": poly, "depth": poly} as (ops tuple, memory, depth)."""
    value = expect_keys(value, where, ("ops", "memory", "depth"))
    ops = value["ops"]
    if not isinstance(ops, dict) or not set(ops) <= set(OPS):
        raise KernelError(f"{where}.ops", f"expected an object with some of the keys {list(OPS)}")
    read = {k: read_poly(ops[k], variables, f"{where}.ops.{k}", complex_ok=False) for k in sorted(ops)}
    if any(p.is_zero() for p in read.values()):
        raise KernelError(f"{where}.ops", "expected only nonzero counts (an operation that never runs is left out)")
    mem = read_poly(value["memory"], variables, f"{where}.memory", complex_ok=False)
    depth = read_poly(value["depth"], variables, f"{where}.depth", complex_ok=False)
    return (tuple(read.items()), mem, depth)


# (operation counts (name, poly), memory, depth)
Costs = tuple[tuple[tuple[str, Poly], ...], Poly, Poly]


# --- the goal and the check -----------------------------------------------------------------------------------

_GOAL_KEYS = ("sizes", "powers", "model", "procedures", "program", "ops", "memory", "depth")
_PROC_KEYS = ("size", "level", "base", "step")


def _symbols(goal: JSONObject, where: str) -> tuple[list[str], dict[str, str], dict[str, JSONObject]]:
    """Sizes, powers (size -> level) and the procedures' raw objects, all names checked and distinct."""
    sizes = [_name(x, f"{where}.sizes") for x in read_variables(goal["sizes"], f"{where}.sizes")]
    powers = goal["powers"]
    if not isinstance(powers, dict) or not set(powers) <= set(sizes):
        raise KernelError(f"{where}.powers", "expected an object from some of the sizes to their level names")
    procedures = goal["procedures"]
    if not isinstance(procedures, dict):
        raise KernelError(f"{where}.procedures", "expected an object from names to procedures")
    names = list(sizes) + [_name(powers[x], f"{where}.powers.{x}") for x in sorted(powers)]
    for p in sorted(procedures):
        here = f"{where}.procedures.{_name(p, f'{where}.procedures')}"
        expect_keys(procedures[p], here, _PROC_KEYS)
        names += [_name(procedures[p]["size"], f"{here}.size"), _name(procedures[p]["level"], f"{here}.level")]
    if len(set(names)) != len(names):
        raise KernelError(where, "sizes, levels and procedure symbols must all be distinct names")
    return sizes, {x: powers[x] for x in sorted(powers)}, procedures


# (universe, sizes, powers (size, level), model, procedures (name, size, level, base, step), program, ops, memory,
# depth, goal variables)
Goal = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, str], ...],
    str,
    tuple[tuple[str, str, str, Block, Block], ...],
    Block,
    tuple[tuple[str, Poly], ...],
    Poly,
    Poly,
    tuple[str, ...],
]


def _goal(goal: JSONObject, where: str) -> Goal:
    """Read the goal: symbols, model, procedures and program (frozen), and the stated counts, memory, depth."""
    expect_keys(goal, where, _GOAL_KEYS)
    sizes, powers, raw_procs = _symbols(goal, where)
    if goal["model"] not in MODELS:
        raise KernelError(f"{where}.model", f"found {str(goal['model'])[:20]!r}, expected one of {list(MODELS)}")
    found: set[str] = set()
    count = [0]
    _loop_vars(goal["program"], f"{where}.program", found, count)
    for p in sorted(raw_procs):
        for part in ("base", "step"):
            _loop_vars(raw_procs[p][part], f"{where}.procedures.{p}.{part}", found, count)
    symbols = {x: "size" for x in sizes} | {lv: "level" for lv in powers.values()}
    local = {}
    for p in sorted(raw_procs):
        size, level = raw_procs[p]["size"], raw_procs[p]["level"]
        symbols |= {size: "size", level: "level"}
        local[p] = (size, level)
    if found & set(symbols):
        raise KernelError(where, f"loop variables {sorted(found & set(symbols))} reuse a declared name")
    symbols |= {v: "var" for v in sorted(found)}
    all_powers = powers | dict(local.values())
    lgs = [LG + x for x, kind in symbols.items() if kind in ("size", "var") and x not in all_powers]
    universe = (*symbols, *lgs)
    scope = Scope(universe, symbols, all_powers)
    scope.procedures = {p: (*local[p], None, None) for p in raw_procs}
    visible = set(sizes) | set(powers.values())
    procs = []
    for p in sorted(raw_procs):
        own = visible | set(local[p])
        base = _block(raw_procs[p]["base"], scope, own, (), "", f"{where}.procedures.{p}.base")
        step = _block(raw_procs[p]["step"], scope, own, (), p, f"{where}.procedures.{p}.step")
        procs.append((p, *local[p], base, step))
    program = _block(goal["program"], scope, visible, (), None, f"{where}.program")
    goal_vars = (*sizes, *powers.values(), *[LG + x for x in sizes if x not in powers])
    costs = _read_costs({k: goal[k] for k in ("ops", "memory", "depth")}, goal_vars, where)
    return (universe, tuple(sizes), tuple(powers.items()), goal["model"], tuple(procs), program, *costs, goal_vars)


def _restrict(poly: Poly, variables: tuple[str, ...], where: str) -> Poly:
    """A universe polynomial as one over `variables` (which must hold every variable it uses)."""
    used = [v for v in poly.variables if uses(poly, v)]
    if not set(used) <= set(variables):
        raise KernelError(where, f"the result still depends on {sorted(set(used) - set(variables))}")
    index = [poly.variables.index(v) for v in variables]
    return Poly(variables, {tuple(m[k] for k in index): c for m, c in poly.terms.items()})


def _same(computed: Cost, stated: Cost, variables: tuple[str, ...], where: str) -> None:
    """The computed counts, memory and depth equal the stated ones (zero counts are left out on both sides)."""
    ops = {k: _restrict(p, variables, where) for k, p in computed.ops.items()}
    ops = {k: p for k, p in ops.items() if not p.is_zero()}
    want = {k: p for k, p in stated.ops.items() if not p.is_zero()}
    if sorted(ops) != sorted(want):
        raise KernelError(where, f"the program performs the operations {sorted(ops)}, not {sorted(want)}")
    for k in sorted(ops):
        if ops[k] != want[k]:
            raise KernelError(where, f"the count of {k!r} differs from the program's")
    if _restrict(computed.mem, variables, where) != stated.mem:
        raise KernelError(where, "the memory differs from the program's")
    if _restrict(computed.depth, variables, where) != stated.depth:
        raise KernelError(where, "the depth differs from the program's")


def _check_procedure(
    proc: tuple[str, str, str, Block, Block], given: object, scope: Scope, goal_vars: tuple[str, ...], where: str
) -> None:
    """Closed forms C(N, K) from the witness: cost(base) = C(1, 0) and cost(step) = C(2N, K + 1)."""
    name, size, level, base, step = proc
    here = f"{where}.witness.procedures.{name}"
    u = scope.universe
    ops_c, mem_c, depth_c = _read_costs(given, (*goal_vars, size, level), here)
    closed = Cost({k: relabel(p, u) for k, p in ops_c}, relabel(mem_c, u), relabel(depth_c, u))
    scope.closed[name] = closed
    one = Poly.constant(u, GQ(1))
    at_base = {size: one, level: Poly(u)}
    doubled = {size: Poly.variable(u, size) * Poly.constant(u, GQ(2)), level: Poly.variable(u, level) + one}
    cost = at_values(run(base, scope, (), f"{where}.procedures.{name}.base"), at_base)
    _same(cost, at_values(closed, at_base), u, f"{here} (base, N = 1)")
    cost = run(step, scope, (), f"{where}.procedures.{name}.step")
    _same(cost, at_values(closed, doubled), u, f"{here} (step, N -> 2N)")


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """Verify each procedure's closed forms by induction, then sum the program and compare with the goal."""
    universe, sizes, powers, model, procs, program, ops, mem, depth, goal_vars = goal
    symbols = {x: "size" for x in sizes} | {lv: "level" for _, lv in powers}
    for _, size, level, _, _ in procs:
        symbols |= {size: "size", level: "level"}
    symbols |= {v: "var" for v in universe if v not in symbols and not v.startswith(LG)}
    scope = Scope(universe, symbols, dict(powers) | {p[1]: p[2] for p in procs})
    scope.model = model
    scope.procedures = {p[0]: p[1:] for p in procs}
    given = expect_keys(witness, f"{where}.witness", ("procedures",))["procedures"]
    if not isinstance(given, dict) or sorted(given) != sorted(scope.procedures):
        raise KernelError(f"{where}.witness.procedures", f"expected closed forms for {sorted(scope.procedures)}")
    for proc in procs:
        _check_procedure(proc, given[proc[0]], scope, goal_vars, where)

    def lift(p: Poly) -> Poly:
        """p over the universe."""
        return relabel(p, universe)

    stated = Cost({k: lift(p) for k, p in ops}, lift(mem), lift(depth))
    _same(run(program, scope, (), f"{where}.program"), _restrict_cost(stated, goal_vars), goal_vars, where)


def _restrict_cost(cost: Cost, variables: tuple[str, ...]) -> Cost:
    """A universe cost as one over `variables`."""

    def r(p: Poly) -> Poly:
        """p over `variables`."""
        return _restrict(p, variables, "cost")

    return Cost({k: r(p) for k, p in cost.ops.items()}, r(cost.mem), r(cost.depth))


KINDS: KindTable = {"loop_nest_cost": (_goal, _check)}

# The counts, memory and depth are functions of the program (and of the model, the sizes and the procedures).
ESTABLISHES: Establishes = {
    "loop_nest_cost": {key: ("sizes", "powers", "model", "procedures", "program") for key in ("ops", "memory", "depth")}
}
