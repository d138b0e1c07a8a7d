"""The core's generic obligation kinds: polynomial and matrix identities, squares, rank, counterexamples, intervals.

Each kind has a goal (what it establishes, compared with the registered statement) and a witness
(the evidence). `read_goal` turns a goal into exact objects that compare mathematically; `check`
re-derives the goal from the witness and raises KernelError when it does not follow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flint import arb, fmpq

from .errors import KernelError, expect_keys
from .errors import field as _field
from .expr import parse_expression
from .intervals import (
    NEGATION,
    RELATIONS,
    ball_value,
    decide_ball,
    exact_value,
    has_calls,
    holds_exactly,
    with_precision,
)
from .matrix import check_rank_witness, evaluate_matrix, read_matrix, read_named_matrices
from .numbers import GQ, parse_integer, parse_number
from .poly import Poly, read_poly, read_variables

__all__ = ["KINDS", "ESTABLISHES", "DOMAINS"]


def _vars(goal: dict[str, Any], where: str) -> tuple[str, ...]:
    return tuple(sorted(read_variables(_field(goal, "vars", where), f"{where}.vars")))


# --- polynomial identity: lhs == rhs in QQ(i)[vars] -------------------------------------------


def _goal_identity(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(variables, lhs, rhs) as polynomials over QQ(i)."""
    expect_keys(goal, where, ("vars", "lhs", "rhs"))
    names = _vars(goal, where)
    lhs = read_poly(_field(goal, "lhs", where), names, f"{where}.lhs")
    rhs = read_poly(_field(goal, "rhs", where), names, f"{where}.rhs")
    return (names, lhs, rhs)


def _check_identity(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """lhs - rhs expands to the zero polynomial (no witness)."""
    expect_keys(witness, f"{where}.witness")
    names, lhs, rhs = goal
    difference = lhs - rhs
    if not difference.is_zero():
        monomial, coefficient = sorted(difference.terms.items())[0]
        term = "*".join(f"{v}^{e}" for v, e in zip(names, monomial) if e) or "1"
        raise KernelError(where, f"lhs - rhs is not zero: it has the term ({coefficient}) * {term}")


# --- sum of squares: poly == sum c * atoms * s^2, proving poly >= 0 over the reals ---------------


def _goal_sos(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(variables, poly over QQ, declared nonnegative atoms)."""
    expect_keys(goal, where, ("vars", "poly"), ("nonneg",))
    names = _vars(goal, where)
    poly = read_poly(_field(goal, "poly", where), names, f"{where}.poly", complex_ok=False)
    nonneg = tuple(sorted(read_variables(goal.get("nonneg", []), f"{where}.nonneg")))
    if not set(nonneg) <= set(names):
        raise KernelError(f"{where}.nonneg", "nonnegative atoms must be declared variables")
    return (names, poly, nonneg)


def _check_sos(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """poly == sum_k c_k * (product of atoms) * s_k^2 with c_k >= 0 rational."""
    names, poly, nonneg = goal
    terms = expect_keys(witness, f"{where}.witness", ("terms",))["terms"]
    if not isinstance(terms, list):
        raise KernelError(f"{where}.witness.terms", "expected a list of {coeff, atoms, square}")
    total = Poly(names)
    for k, term in enumerate(terms):
        here = f"{where}.witness.terms[{k}]"
        expect_keys(term, here, ("coeff", "square"), ("atoms",))
        coeff = parse_number(_field(term, "coeff", here), f"{here}.coeff")
        if not coeff.is_real() or coeff.re < 0:
            raise KernelError(f"{here}.coeff", "found a negative or non-real coefficient, expected c >= 0")
        atoms = read_variables(term.get("atoms", []), f"{here}.atoms")
        if not set(atoms) <= set(nonneg):
            raise KernelError(f"{here}.atoms", f"atoms {sorted(set(atoms) - set(nonneg))} are not declared >= 0")
        square = read_poly(_field(term, "square", here), names, f"{here}.square", complex_ok=False)
        product = (square * square).scale(coeff)
        for atom in atoms:
            product = product * Poly.variable(names, atom)
        total = total + product
    if total != poly:
        raise KernelError(where, "the weighted sum of squares does not equal the goal polynomial")


# --- attained: poly vanishes at a rational point whenever the hypothesis h != 0 ----------------------


def _goal_attained(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(variables, poly, point variables, hypothesis polynomial h)."""
    expect_keys(goal, where, ("vars", "poly", "point"), ("nonzero",))
    names = _vars(goal, where)
    poly = read_poly(_field(goal, "poly", where), names, f"{where}.poly", complex_ok=False)
    point = tuple(sorted(read_variables(_field(goal, "point", where), f"{where}.point")))
    if not set(point) <= set(names):
        raise KernelError(f"{where}.point", "point variables must be declared variables")
    nonzero = read_poly(goal.get("nonzero", "1"), names, f"{where}.nonzero", complex_ok=False)
    return (names, poly, point, nonzero)


def _check_attained(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """den^deg * poly(point = nums/den) == 0 with den = scale * h^power, so poly vanishes there when h != 0."""
    names, poly, point, nonzero = goal
    here = f"{where}.witness"
    expect_keys(witness, here, ("numerators", "denominator", "scale", "power"))
    numerators = _field(witness, "numerators", here)
    if not isinstance(numerators, dict) or set(numerators) != set(point):
        raise KernelError(f"{here}.numerators", f"expected one numerator for each of {list(point)}")
    den = read_poly(_field(witness, "denominator", here), names, f"{here}.denominator", complex_ok=False)
    nums = {v: read_poly(numerators[v], names, f"{here}.numerators.{v}", complex_ok=False) for v in point}
    for v, p in [*nums.items(), ("denominator", den)]:
        if p.degree_in(set(point)) > 0:
            raise KernelError(f"{here}.{v}", "the point must not depend on the point variables themselves")
    scale = parse_number(_field(witness, "scale", here), f"{here}.scale")
    power = parse_integer(_field(witness, "power", here), f"{here}.power", 0, 100)
    if scale.is_zero() or den != (nonzero**power).scale(scale):
        raise KernelError(f"{here}.denominator", "expected scale * nonzero^power with scale != 0")
    degree = poly.degree_in(set(point))
    index = {v: k for k, v in enumerate(names)}
    total = Poly(names)
    for monomial, coefficient in poly.terms.items():
        used = sum(monomial[index[v]] for v in point)
        rest = tuple(0 if v in point else e for v, e in zip(names, monomial))
        term = Poly(names, {rest: coefficient}) * den ** (degree - used)
        for v in point:
            term = term * nums[v] ** monomial[index[v]]
        total = total + term
    if not total.is_zero():
        raise KernelError(where, "the polynomial does not vanish at the stated point")


# --- matrix identity: lhs == rhs for named exact matrices --------------------------------------------


def _goal_matrix(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(named matrices, lhs tree, rhs tree)."""
    expect_keys(goal, where, ("matrices", "lhs", "rhs"))
    env = read_named_matrices(goal, where)
    lhs = parse_expression(_field(goal, "lhs", where), f"{where}.lhs")
    rhs = parse_expression(_field(goal, "rhs", where), f"{where}.rhs")
    return (env, lhs, rhs)


def _check_matrix(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """Both sides evaluate to the same exact matrix (no witness)."""
    expect_keys(witness, f"{where}.witness")
    env, lhs_node, rhs_node = goal
    lhs = evaluate_matrix(lhs_node, dict(env), f"{where}.lhs")
    rhs = evaluate_matrix(rhs_node, dict(env), f"{where}.rhs")
    if lhs.shape != rhs.shape:
        raise KernelError(where, f"lhs has shape {lhs.shape}, rhs has shape {rhs.shape}")
    for r, (row_l, row_r) in enumerate(zip(lhs.rows, rhs.rows)):
        for c, (a, b) in enumerate(zip(row_l, row_r)):
            if a != b:
                raise KernelError(where, f"entry ({r}, {c}) differs: lhs {a}, rhs {b}")


# --- rank with witness ---------------------------------------------------------------------------------


def _goal_rank(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(matrix, rank)."""
    expect_keys(goal, where, ("matrix", "rank"))
    matrix = read_matrix(_field(goal, "matrix", where), f"{where}.matrix")
    return (matrix, parse_integer(_field(goal, "rank", where), f"{where}.rank", 0, min(matrix.shape)))


def _check_rank(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """A nonzero rank x rank minor and every other row a combination of the minor's rows."""
    expect_keys(witness, f"{where}.witness", ("rows", "cols", "combinations"))
    matrix, rank = goal
    check_rank_witness(matrix, rank, witness, f"{where}.witness")


# --- relations: counterexamples (refutations) and interval inequalities --------------------------------


def _relation(value: object, where: str, optional: tuple[str, ...] = ()) -> tuple[Any, ...]:
    """(lhs tree, op, rhs tree) of an object {lhs, op, rhs} (plus the caller's own optional keys)."""
    expect_keys(value, where, ("lhs", "op", "rhs"), optional)
    op = _field(value, "op", where)
    if op not in RELATIONS:
        raise KernelError(f"{where}.op", f"found {op!r}, expected one of {RELATIONS}")
    lhs = parse_expression(_field(value, "lhs", where), f"{where}.lhs")
    rhs = parse_expression(_field(value, "rhs", where), f"{where}.rhs")
    return (lhs, op, rhs)


# Domains of counterexample variables: the point must lie in the domain the statement quantifies over.
DOMAINS: dict[str, Callable[[GQ], bool]] = {
    "real": lambda x: x.is_real(),
    "integer": lambda x: x.is_real() and x.re.q == 1,
    "natural": lambda x: x.is_real() and x.re.q == 1 and x.re >= 0,
    "positive": lambda x: x.is_real() and x.re > 0,
    "gaussian": lambda x: True,
}


def _goal_counterexample(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(variables, their domains, hypotheses, claim): the statement 'for all x in the domains: hyp => claim'."""
    expect_keys(goal, where, ("vars", "domains", "claim"), ("assume",))
    names = _vars(goal, where)
    domains = goal["domains"]
    if not isinstance(domains, dict) or set(domains) != set(names):
        raise KernelError(f"{where}.domains", f"expected a domain for each of {list(names)}")
    for name in names:
        if not isinstance(domains[name], str) or domains[name] not in DOMAINS:
            raise KernelError(
                f"{where}.domains.{name}", f"found {str(domains[name])[:20]!r}, expected one of {sorted(DOMAINS)}"
            )
    assume = goal.get("assume", [])
    if not isinstance(assume, list):
        raise KernelError(f"{where}.assume", "expected a list of relations")
    hypotheses = tuple(_relation(a, f"{where}.assume[{k}]") for k, a in enumerate(assume))
    frozen = tuple(sorted(domains.items()))
    return (names, frozen, hypotheses, _relation(_field(goal, "claim", where), f"{where}.claim"))


def _relation_holds(rel: tuple[Any, ...], exact: dict[str, Any], balls: dict[str, Any], where: str) -> bool:
    """Decide a relation at a point: exactly when it is function-free, else in ball arithmetic."""
    lhs, op, rhs = rel
    if not (has_calls(lhs) or has_calls(rhs)):
        return holds_exactly(exact_value(lhs, exact, where), op, exact_value(rhs, exact, where), where)
    return decide_ball(ball_value(lhs, balls, where), op, ball_value(rhs, balls, where))


def _check_counterexample(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """A point of the declared domains where every hypothesis holds and the claim fails (decided)."""
    names, domains, hypotheses, claim = goal
    witness = expect_keys(witness, f"{where}.witness", ("point",), ("precision",))
    point = witness["point"]
    if not isinstance(point, dict) or set(point) != set(names):
        raise KernelError(f"{where}.witness.point", f"expected a value for each of {list(names)}")
    exact = {v: parse_number(point[v], f"{where}.witness.point.{v}") for v in names}
    for name, domain in domains:
        if not DOMAINS[domain](exact[name]):
            raise KernelError(
                f"{where}.witness.point.{name}", f"found {point[name]!r}, expected a value in the domain {domain!r}"
            )
    with with_precision(witness.get("precision", 128), f"{where}.witness.precision"):
        balls = {v: arb(x.re) for v, x in exact.items() if x.is_real()}
        for k, rel in enumerate(hypotheses):
            if not _relation_holds(rel, exact, balls, f"{where}.assume[{k}]"):
                raise KernelError(f"{where}.assume[{k}]", "the hypothesis does not hold (or is undecided) at the point")
        lhs, op, rhs = claim
        if not _relation_holds((lhs, NEGATION[op], rhs), exact, balls, f"{where}.claim"):
            raise KernelError(f"{where}.claim", f"the claim {op!r} is not violated (or undecided) at the point")


def _goal_interval(goal: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(box of real intervals, lhs, op, rhs): lhs op rhs for every point of the box."""
    expect_keys(goal, where, ("lhs", "op", "rhs"), ("box",))
    box = goal.get("box", {})
    if not isinstance(box, dict):
        raise KernelError(f"{where}.box", "expected an object from names to [low, high]")
    bounds = []
    for name, pair in sorted(box.items()):
        if not name.isidentifier() or not name.isascii() or name == "i":
            raise KernelError(f"{where}.box", f"found the name {name[:20]!r}, expected an identifier other than 'i'")
        if not (isinstance(pair, list) and len(pair) == 2):
            raise KernelError(f"{where}.box.{name}", "expected [low, high]")
        low, high = (parse_number(x, f"{where}.box.{name}") for x in pair)
        if not (low.is_real() and high.is_real() and low.re <= high.re):
            raise KernelError(f"{where}.box.{name}", "expected real bounds with low <= high")
        bounds.append((name, low.re, high.re))
    lhs, op, rhs = _relation(goal, where, ("box",))
    if op in ("==", "!="):
        raise KernelError(f"{where}.op", "an interval inequality needs <, <=, > or >=")
    return (tuple(bounds), lhs, op, rhs)


def _ball(low: fmpq, high: fmpq) -> arb:
    """A ball containing the closed interval [low, high]."""
    return arb((low + high) / 2, (high - low) / 2)


def _check_interval(goal: tuple[Any, ...], witness: object, where: str) -> None:
    """The relation decided in ball arithmetic on the box, or on each piece of a gapless cover of it."""
    bounds, lhs, op, rhs = goal
    here = f"{where}.witness"
    witness = expect_keys(witness, here, ("precision",), ("pieces",))
    pieces = witness.get("pieces")
    with with_precision(_field(witness, "precision", here), f"{here}.precision"):
        if pieces is None:
            covers = [{name: (low, high) for name, low, high in bounds}]
        else:
            covers = _pieces(bounds, pieces, f"{here}.pieces")
        for k, cover in enumerate(covers):
            env = {name: _ball(low, high) for name, (low, high) in cover.items()}
            if not decide_ball(ball_value(lhs, env, where), op, ball_value(rhs, env, where)):
                raise KernelError(where, f"the inequality is not decided on piece {k} of the box")


def _pieces(bounds: tuple[Any, ...], pieces: object, where: str) -> list[dict[str, Any]]:
    """Sub-intervals of a one-variable box that must cover it without gaps."""
    if len(bounds) != 1 or not isinstance(pieces, list) or not pieces:
        raise KernelError(where, "pieces subdivide a box of exactly one variable")
    name, low, high = bounds[0]
    out, reached = [], low
    for k, pair in enumerate(pieces):
        if not isinstance(pair, list) or len(pair) != 2:
            raise KernelError(f"{where}[{k}]", "expected a piece [low, high]")
        ends = [parse_number(x, f"{where}[{k}]") for x in pair]
        if not all(x.is_real() for x in ends):
            raise KernelError(f"{where}[{k}]", "expected real ends")
        a, b = ends[0].re, ends[1].re
        if a != reached:
            raise KernelError(f"{where}[{k}]", f"piece starts at {a}, expected {reached}")
        if b < a:
            raise KernelError(f"{where}[{k}]", f"piece [{a}, {b}] ends before it starts")
        out.append({name: (a, b)})
        reached = b
    if reached != high:
        raise KernelError(where, f"pieces end at {reached}, expected {high}")
    return out


KINDS: dict[str, Any] = {
    "polynomial_identity": (_goal_identity, _check_identity),
    "sum_of_squares": (_goal_sos, _check_sos),
    "attained": (_goal_attained, _check_attained),
    "matrix_identity": (_goal_matrix, _check_matrix),
    "rank": (_goal_rank, _check_rank),
    "counterexample": (_goal_counterexample, _check_counterexample),
    "interval_inequality": (_goal_interval, _check_interval),
}

# What a passing check determines: ESTABLISHES[kind][field] = the goal fields it is determined from.
# A goal field that no entry names is an input of the obligation (a spec must fix it or pin it elsewhere).
ESTABLISHES: dict[str, dict[str, tuple[str, ...]]] = {
    "rank": {"rank": ("matrix",)},
}
