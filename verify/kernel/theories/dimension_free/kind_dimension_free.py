"""Kind `dimension_free_identity`: identities (and derivatives along a line) of matrix expressions of every size.

Goal: `atoms` (name -> [rows, cols], each a dimension name or "1"), `scalars` (commuting real symbols),
`lets` (an ordered list of [name, expression] definitions), `f`, `value`, and optionally `wrt` (a scalar).
Without `wrt` it claims f == value; with `wrt` = t it claims d/dt f |_{t=0} == value (value read at t = 0).
Both sides are put in the normal form of free_algebra.py, which is valid for matrices of every size consistent
with the shapes, so the identity holds *in every dimension*: for all positive integers the dimension names
may stand for, all real matrices of those shapes and all real scalars at which the denominators met while
evaluating are nonzero (a denominator that is identically zero is rejected).

Derivative: the normal form is a rational function of commuting variables in which t occurs only as a
scalar symbol (words never contain t) and inside exponents. The kernel differentiates it with the
quotient rule and d/dt exp(e) = exp(e) de/dt (e = p/q, de/dt = (p'q - pq')/q^2), then sets t = 0: every
exponential of an exponent containing t is renamed to the exponential of its exponent at t = 0 (shared with
equal exponents, exp(0) = 1). With t the coefficient of a direction h (f = F(x0 + t h)), the result is the
directional derivative D F(x0)[h]; if it equals J h for an atom h of free shape, J is the Jacobian.
Comparison: for every residual word, numerator_f * den_value == numerator_value * den_f as polynomials.
Work: every polynomial product is charged (term pairs times coefficient size); the expression size is
bounded by the parser (MAX_EXPRESSION_CHARS, MAX_NESTING) and the number of lets by MAX_LETS.
"""

from __future__ import annotations

from flint import fmpq

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.expr import Node, parse_expression
from ...core.kind import Establishes, KindTable
from ...core.limits import charge
from ...core.poly import read_variables
from .free_algebra import ONE_P, Algebra, SPoly, Value, p_add, p_mul, p_partial, p_sub

__all__ = ["KINDS", "ESTABLISHES", "MAX_LETS"]

MAX_LETS = 64  # definitions in one goal; Theorem 5.1's construction needs about 20


def _dimension(value: object, where: str) -> str:
    """A dimension: the literal '1' or an identifier."""
    if not isinstance(value, str) or not (value == "1" or value.isidentifier()):
        raise KernelError(where, f"found {str(value)[:20]!r}, expected '1' or a dimension name")
    return value


# (atoms with their (rows, cols), scalars, lets (name, expression), f, value, wrt)
Goal = tuple[
    tuple[tuple[str, tuple[str, str]], ...], tuple[str, ...], tuple[tuple[str, Node], ...], Node, Node, str | None
]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(atoms, scalars, lets, f, value, wrt) with every expression parsed."""
    expect_keys(goal, where, ("atoms", "scalars", "f", "value"), ("lets", "wrt"))
    atoms_raw = _field(goal, "atoms", where)
    if not isinstance(atoms_raw, dict):
        raise KernelError(f"{where}.atoms", "expected an object from atom names to [rows, cols]")
    atoms: dict[str, tuple[str, str]] = {}
    for name, shape in sorted(atoms_raw.items()):
        here = f"{where}.atoms.{name}"
        read_variables([name], here)
        if not isinstance(shape, list) or len(shape) != 2:
            raise KernelError(here, "expected [rows, cols]")
        atoms[name] = (_dimension(shape[0], here), _dimension(shape[1], here))
    scalars = tuple(sorted(read_variables(_field(goal, "scalars", where), f"{where}.scalars")))
    if set(scalars) & set(atoms):
        raise KernelError(f"{where}.scalars", f"{sorted(set(scalars) & set(atoms))} are declared as atoms too")
    lets_raw = goal.get("lets", [])
    if not isinstance(lets_raw, list) or len(lets_raw) > MAX_LETS:
        raise KernelError(f"{where}.lets", f"expected a list of at most {MAX_LETS} [name, expression] pairs")
    taken = set(atoms) | set(scalars) | {"T", "exp"}
    lets = []
    for k, item in enumerate(lets_raw):
        here = f"{where}.lets[{k}]"
        if not isinstance(item, list) or len(item) != 2:
            raise KernelError(here, "expected [name, expression]")
        read_variables([item[0]], here)
        if item[0] in taken:
            raise KernelError(here, f"the name {item[0]!r} is already taken")
        taken.add(item[0])
        lets.append((item[0], parse_expression(item[1], here)))
    wrt = goal.get("wrt")
    if wrt is not None and wrt not in scalars:
        raise KernelError(f"{where}.wrt", f"found {str(wrt)[:20]!r}, expected one of the scalars")
    f = parse_expression(_field(goal, "f", where), f"{where}.f")
    value = parse_expression(_field(goal, "value", where), f"{where}.value")
    return (tuple(sorted(atoms.items())), scalars, tuple(lets), f, value, wrt)


def _depends(poly: SPoly, var: str) -> bool:
    """True when the variable occurs in the polynomial."""
    return any(v == var for m in poly for v, _ in m)


def _derivative(alg: Algebra, x: Value, t: str) -> Value:
    """d/dt of x as one rational function: L * (N' D - N D') / (L D^2), L clearing the exponents' denominators."""
    moving = [(name, num, den) for name, num, den in alg.exps if _depends(num, t) or _depends(den, t)]
    clear = dict(ONE_P)
    for _, _, den in moving:
        clear = p_mul(clear, p_mul(den, den))

    def scaled(p: SPoly) -> SPoly:
        """L * dp/dt."""
        out = p_mul(clear, p_partial(p, t))
        for name, num, den in moving:
            rest = dict(ONE_P)
            for other, _, d2 in moving:
                if other != name:
                    rest = p_mul(rest, p_mul(d2, d2))
            slope = p_sub(p_mul(p_partial(num, t), den), p_mul(num, p_partial(den, t)))
            chain = p_mul(p_mul(p_partial(p, name), {((name, 1),): fmpq(1)}), p_mul(slope, rest))
            out = p_add(out, chain)
        return out

    d_den = scaled(x.den)
    terms = {w: p_sub(p_mul(scaled(p), x.den), p_mul(p, d_den)) for w, p in x.terms.items()}
    return Value(x.shape, terms, p_mul(clear, p_mul(x.den, x.den)))


def _at_zero_poly(p: SPoly, t: str, renames: dict[str, str | None]) -> SPoly:
    """p at t = 0, with each moving exponential renamed to the exponential of its exponent at t = 0."""
    charge(len(p), "evaluation at t = 0")
    out: SPoly = {}
    for m, c in p.items():
        powers: dict[str, int] = {}
        skip = False
        for v, e in m:
            if v == t:
                skip = True
                break
            target = renames.get(v, v)
            if target is not None:
                powers[target] = powers.get(target, 0) + e
        if skip:
            continue
        key = tuple(sorted(powers.items()))
        value = out.get(key, fmpq(0)) + c
        if value == 0:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def _at_zero(alg: Algebra, x: Value, t: str, where: str) -> Value:
    """x at t = 0; a denominator that vanishes identically there is rejected."""
    renames: dict[str, str | None] = {}
    for name, num, den in list(alg.exps):
        if _depends(num, t) or _depends(den, t):
            den0 = _at_zero_poly(den, t, {})
            if not den0:
                raise KernelError(where, "an exponent's denominator vanishes at t = 0")
            renames[name] = alg.exp_variable(_at_zero_poly(num, t, {}), den0)
    den = _at_zero_poly(x.den, t, renames)
    if not den:
        raise KernelError(where, "the denominator vanishes identically at t = 0")
    return Value(x.shape, {w: _at_zero_poly(p, t, renames) for w, p in x.terms.items()}, den)


def _check(goal: Goal, witness: object, where: str) -> None:
    """Normalize both sides (differentiate f at t = 0 when asked) and compare word by word."""
    atoms, scalars, lets, f_node, value_node, wrt = goal
    witness = expect_keys(witness, f"{where}.witness")
    alg = Algebra(dict(atoms), scalars)
    env: dict[str, Value] = {}
    for name, node in lets:
        env[name] = alg.evaluate(node, env, f"{where}.lets.{name}")
    f = alg.evaluate(f_node, env, f"{where}.f")
    value = alg.evaluate(value_node, env, f"{where}.value")
    if wrt is not None:
        f = _at_zero(alg, _derivative(alg, f, "s:" + wrt), "s:" + wrt, where)
        value = _at_zero(alg, value, "s:" + wrt, where)
    if f.shape != value.shape:
        raise KernelError(where, f"f has shape {f.shape}, value has shape {value.shape}")
    for word in sorted(set(f.terms) | set(value.terms)):
        left = p_mul(f.terms.get(word, {}), value.den)
        right = p_mul(value.terms.get(word, {}), f.den)
        if left != right:
            text = " ".join(n + ("'" if t else "") for n, t in word) or "1"
            raise KernelError(where, f"the two sides differ in the coefficient of the word {text}")


KINDS: KindTable = {"dimension_free_identity": (_goal, _check)}
ESTABLISHES: Establishes = {}  # an identity: every field is an input of the statement
