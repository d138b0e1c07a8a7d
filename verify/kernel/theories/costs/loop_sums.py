"""The arithmetic behind kind_cost.py: symbolic sums over loops, the domain check, and the cost of a program.

See the docstring of kind_cost.py for the program language and the soundness argument; this module holds the
evaluation (exact sums by Faulhaber polynomials, the nonnegativity test on the domain, depth with lg symbols).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flint import fmpq, fmpq_poly

from ...core.errors import KernelError
from ...core.limits import charge
from ...core.numbers import GQ
from ...core.poly import Poly, substitute
from .kind_growth import nonneg_coefficients

__all__ = ["faulhaber", "Block", "Context", "Cost", "Scope", "Statement", "LG", "MAX_POWER", "run", "at_values", "uses"]

# A frozen program statement, tagged by its first element like the core's expression nodes (kind_cost._statement):
# ("op", name), ("alloc", Poly), ("call", procedure, size or None), ("loop", mode, var, lo, hi, width, body).
Statement = tuple[Any, ...]
Block = tuple[Statement, ...]
# The enclosing loops, outermost first: (variable, lower bound, upper bound).
Context = tuple[tuple[str, Poly, Poly], ...]
# A procedure as the scope knows it: (size, level, base, step); base and step are None while they are read.
Procedure = tuple[str, str, Block | None, Block | None]

MAX_POWER = 12  # exponent of a loop variable in a summand (the paper's counts are of degree <= 4)
LG = "lg_"


@cache
def faulhaber(k: int) -> fmpq_poly:
    """F_k with F_k(x) = sum_{v=1}^{x} v^k, derived from (x + 1)^(k+1) - 1 = sum_i binom(k+1, i) F_i and checked."""
    x = fmpq_poly([0, 1])
    rest = (x + 1) ** (k + 1) - 1
    binomial = 1
    for i in range(k):
        rest -= binomial * faulhaber(i)
        binomial = binomial * (k + 1 - i) // (i + 1)
    f = rest / (k + 1)
    if f(x - 1) + x**k != f or f(fmpq(0)) != 0:  # f(x - 1) is the composition of f with x - 1
        raise KernelError("faulhaber", f"the derived F_{k} fails F(x) - F(x - 1) = x^{k}")
    return f


class Cost:
    """Operation counts, memory and depth of a piece of program, as polynomials over the universe."""

    __slots__ = ("ops", "mem", "depth")

    def __init__(self, ops: dict[str, Poly], mem: Poly, depth: Poly) -> None:
        self.ops, self.mem, self.depth = ops, mem, depth

    def __add__(self, other: Cost) -> Cost:
        ops = dict(self.ops)
        for k, p in other.ops.items():
            ops[k] = ops[k] + p if k in ops else p
        return Cost(ops, self.mem + other.mem, self.depth + other.depth)


class Scope:
    """What a statement may refer to, and the data of the goal it belongs to."""

    def __init__(self, universe: tuple[str, ...], symbols: dict[str, str], powers: dict[str, str]) -> None:
        self.universe = universe
        self.symbols = symbols  # name -> "size" | "level" | "var"
        self.powers = powers  # size -> level (procedure sizes included)
        self.model = ""
        self.procedures: dict[str, Procedure] = {}
        self.closed: dict[str, Cost] = {}


# --- the domain: trip counts and monotonicity are checked for every value of the sizes and loop variables --


def uses(poly: Poly, name: str) -> bool:
    """True when the variable occurs in some term."""
    k = poly.variables.index(name)
    return any(m[k] for m in poly.terms)


def _shift_sizes(poly: Poly, scope: Scope) -> Poly:
    """Every size x (>= 1) replaced by 1 + x; levels and lg symbols are >= 0 as they are."""
    one = Poly.constant(poly.variables, GQ(1))
    for name, kind in scope.symbols.items():
        if kind == "size" and uses(poly, name):
            poly = substitute(poly, name, Poly.variable(poly.variables, name) + one)
    return poly


def _nonneg(poly: Poly, scope: Scope, ctx: Context, k: int | None = None) -> bool:
    """poly >= 0 on the domain: each enclosing v = lo + v' or hi - v' (both tried), sizes shifted, coefficients >= 0."""
    k = len(ctx) - 1 if k is None else k
    if k < 0:
        return nonneg_coefficients(_shift_sizes(poly, scope))
    var, lo, hi = ctx[k]
    if not uses(poly, var):
        return _nonneg(poly, scope, ctx, k - 1)
    v = Poly.variable(poly.variables, var)
    charge(len(poly.terms) + 1, "domain check")
    return _nonneg(substitute(poly, var, lo + v), scope, ctx, k - 1) or _nonneg(
        substitute(poly, var, hi - v), scope, ctx, k - 1
    )


# --- symbolic sums and the depth of loops ---------------------------------------------------------------------


def _by_power(poly: Poly, name: str) -> dict[int, Poly]:
    """poly = sum_e part_e * name^e with parts free of name."""
    k = poly.variables.index(name)
    parts: dict[int, dict[tuple[int, ...], GQ]] = {}
    for m, c in poly.terms.items():
        parts.setdefault(m[k], {})[m[:k] + (0,) + m[k + 1 :]] = c
    return {e: Poly(poly.variables, terms) for e, terms in parts.items()}


def _at(f: fmpq_poly, x: Poly) -> Poly:
    """The univariate polynomial f evaluated at the polynomial x (Horner)."""
    acc = Poly(x.variables)
    for c in reversed(f.coeffs()):
        acc = acc * x + Poly.constant(x.variables, GQ(c))
    return acc


def _sum_over(poly: Poly, var: str, lo: Poly, hi: Poly, where: str) -> Poly:
    """sum_{var=lo}^{hi} poly, exactly: sum_e part_e (F_e(hi) - F_e(lo - 1)) (valid when hi - lo + 1 >= 0)."""
    total = Poly(poly.variables)
    one = Poly.constant(poly.variables, GQ(1))
    for e, part in sorted(_by_power(poly, var).items()):
        if e > MAX_POWER:
            raise KernelError(where, f"a summand of degree {e} > {MAX_POWER} in the loop variable {var!r}")
        f = faulhaber(e)
        total = total + part * (_at(f, hi) - _at(f, lo - one))
    return total


def _lg(hi: Poly, scope: Scope, where: str) -> Poly:
    """ceil(log2 hi) for a constant >= 1 or a symbol: a number, a level (for 2^level) or the symbol lg_x."""
    value = hi.constant_value()
    if value is not None:
        if not value.is_real() or value.re.q != 1 or value.re < 1:
            raise KernelError(where, "expected a positive integer trip count")
        return Poly.constant(hi.variables, GQ(int(value.re.p - 1).bit_length()))
    names = [v for v in hi.variables if uses(hi, v)]
    if len(names) != 1 or hi != Poly.variable(hi.variables, names[0]):
        raise KernelError(where, "a reduction runs from 1 to a constant, a size or a loop variable (for its lg)")
    if names[0] in scope.powers:
        return Poly.variable(hi.variables, scope.powers[names[0]])
    if scope.symbols.get(names[0]) not in ("size", "var"):
        raise KernelError(where, f"lg of {names[0]!r} is not defined")
    return Poly.variable(hi.variables, LG + names[0])


def _max_over(depth: Poly, var: str, lo: Poly, hi: Poly, scope: Scope, ctx: Context, where: str) -> Poly:
    """The largest body depth over var in lo..hi: nondecreasing in lg_var (checked), so taken at var = hi."""
    if uses(depth, var):
        raise KernelError(where, f"the depth of a parallel body may depend on {var!r} only through lg_{var}")
    lg = LG + var
    if not uses(depth, lg):
        return depth
    one = Poly.constant(depth.variables, GQ(1))
    if not _nonneg(lo - one, scope, ctx) or any(
        e and not _nonneg(part, scope, ctx) for e, part in _by_power(depth, lg).items()
    ):
        raise KernelError(where, f"the body depth is not shown to be nondecreasing in lg_{var} (with {var} >= 1)")
    return substitute(depth, lg, _lg(hi, scope, where))


def _zero(scope: Scope) -> Cost:
    """The cost of an empty program."""
    return Cost({}, Poly(scope.universe), Poly(scope.universe))


def run(block: Block, scope: Scope, ctx: Context, where: str) -> Cost:
    """The cost of a list of statements run in order."""
    total = _zero(scope)
    for k, node in enumerate(block):
        total = total + _run_one(node, scope, ctx, f"{where}[{k}]")
    return total


def _run_one(node: Statement, scope: Scope, ctx: Context, where: str) -> Cost:
    """The cost of one statement."""
    u = scope.universe
    if node[0] == "op":
        return Cost({node[1]: Poly.constant(u, GQ(1))}, Poly(u), Poly.constant(u, GQ(1)))
    if node[0] == "alloc":
        if not _nonneg(node[1], scope, ctx):
            raise KernelError(where, "the allocation is not shown to be >= 0")
        return Cost({}, node[1], Poly(u))
    if node[0] == "call":
        closed = scope.closed[node[1]]
        if node[2] is None:
            return closed
        size, level = scope.procedures[node[1]][:2]
        to = {size: Poly.variable(u, node[2]), level: Poly.variable(u, scope.powers[node[2]])}
        return Cost({k: _subst(p, to) for k, p in closed.ops.items()}, _subst(closed.mem, to), _subst(closed.depth, to))
    _, mode, var, lo, hi, width, body = node
    one = Poly.constant(u, GQ(1))
    trip = hi - lo + one
    if not _nonneg(trip - (one if mode == "sum" else Poly(u)), scope, ctx):
        raise KernelError(where, f"the trip count is not shown to be >= {1 if mode == 'sum' else 0} on the domain")
    inner = run(body, scope, (*ctx, (var, lo, hi)), f"{where}.body")
    ops = {k: _sum_over(p, var, lo, hi, where) for k, p in inner.ops.items()}
    mem = _sum_over(inner.mem, var, lo, hi, where)
    if mode == "seq":
        if uses(inner.depth, LG + var):
            raise KernelError(where, f"a sequential body's depth may not depend on lg_{var}")
        return Cost(ops, mem, _sum_over(inner.depth, var, lo, hi, where))
    depth = _max_over(inner.depth, var, lo, hi, scope, ctx, where)
    if mode == "sum":
        if not _nonneg(width - one, scope, ctx):
            raise KernelError(where, "the width is not shown to be >= 1")
        ops["add"] = ops.get("add", Poly(u)) + width * (trip - one)
        if lo != one:
            raise KernelError(where, "a reduction runs from 1")
        depth = depth + (_lg(hi, scope, where) if scope.model == "fan-in-2" else one)
    return Cost(ops, mem, depth)


def _subst(poly: Poly, values: dict[str, Poly]) -> Poly:
    """Substitute several variables at once (values never contain the substituted names)."""
    for name, value in values.items():
        poly = substitute(poly, name, value)
    return poly


def at_values(cost: Cost, values: dict[str, Poly]) -> Cost:
    """A cost with some variables substituted."""
    return Cost(
        {k: _subst(p, values) for k, p in cost.ops.items()}, _subst(cost.mem, values), _subst(cost.depth, values)
    )
