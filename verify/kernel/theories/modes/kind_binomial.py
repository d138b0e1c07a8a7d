"""Kind `binomial_expansion`: a binomial sum with a symbolic upper bound, by induction on the natural index q.

Goal (every field is part of the statement; nothing is sampled):

    factor * base^q = sum_{t=0}^{q} binom(q, t) * coeff * prod_k b_k^(u_k q + v_k t + w_k)   for every q >= 0,

where factor, base, coeff and the b_k are polynomials over QQ(i) in the declared commuting symbols, and the
integer exponents satisfy w_k >= 0, u_k >= 0, u_k + v_k >= 0 (so every exponent is >= 0 on 0 <= t <= q). The
identity is proved in the polynomial ring QQ(i)[vars]; the evaluation homomorphism then gives it in every
commutative QQ(i)-algebra (numbers, or commuting matrices such as lambda I and the shift N_s).
With "nilpotent": N (a declared symbol that occurs only as the power N^t of the summand), the upper bound q is
replaced by s - 1 for a symbolic s >= 1, in every commutative algebra where N^s = 0 (e.g. N = N_s, the s x s
nilpotent shift, for every s): the terms with t >= s contain N^t = 0, those with t > q have binom(q, t) = 0.

Witness: a split base = alpha + beta (two polynomials).

Soundness. Write E(q, t) = binom(q, t) coeff prod_k b_k^(e_k(q, t)) for 0 <= t <= q and E(q, t) = 0 otherwise,
S(q) = sum_t E(q, t) (a finite sum over all integers t). The kernel checks, as polynomial identities:
  base:   factor = coeff * prod_k b_k^(w_k)                                    (S(0) = E(0, 0), binom(0, 0) = 1);
  split:  alpha + beta = base;
  step:   E(q + 1, t) = alpha E(q, t) + beta E(q, t - 1) for every q >= 0 and every integer t, in three cases:
    t = 0:          coeff prod b^u = alpha coeff (both sides times R = prod b^(e(q, 0)); binom(q+1, 0) = binom(q, 0)
                    = 1 and E(q, -1) = 0);
    t = q + 1:      coeff prod b^(u+v) = beta coeff (times prod b^(e(q, q)); binom(q+1, q+1) = binom(q, q) = 1 and
                    E(q, q + 1) = 0);
    1 <= t <= q:    with the formal symbols B0 = binom(q, t), B1 = binom(q, t - 1) and Pascal's rule
                    binom(q + 1, t) = B0 + B1, the identity
                    (B0 + B1) coeff prod b^(u+v-m) = alpha B0 coeff prod b^(v-m) + beta B1 coeff prod b^(-m)
                    in QQ(i)[vars, B0, B1], m_k = min(0, v_k, u_k + v_k) (both sides times prod b_k^(e_k(q, t-1)+m_k),
                    an exponent >= 0 because it is e_k at one of (q, t-1), (q, t), (q+1, t));
  (t < 0 and t > q + 1: every term is 0). A polynomial identity in independent symbols holds at every value of
  them, in particular at B0 = binom(q, t), B1 = binom(q, t - 1). Summing the step over all integers t and
  re-indexing the finite sum of E(q, t - 1) gives S(q + 1) = (alpha + beta) S(q) = base S(q); with the base,
  induction on q gives S(q) = factor base^q for every q >= 0.
Axioms used: Pascal's rule binom(q+1, t) = binom(q, t) + binom(q, t-1) for 1 <= t <= q; binom(q, 0) = binom(q, q)
= 1; b^(x+y) = b^x b^y for natural x, y; induction on the natural numbers. Work: the polynomial products are
charged by poly.py; exponents are at most MAX_EXPONENT and there are at most MAX_POWERS factors.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import KindTable
from ...core.numbers import ONE, parse_integer
from ...core.poly import Poly, read_poly, read_variables, relabel

__all__ = ["KINDS", "MAX_EXPONENT", "MAX_POWERS"]

MAX_EXPONENT = 64  # |u|, |v|, |w|: the paper's uses have exponents 0 and +-1
MAX_POWERS = 16  # factors b_k^(...) in the summand
_PASCAL = ("binom_q_t", "binom_q_tm1")  # the formal symbols B0, B1 (not declarable: reserved below)


# One factor b_k^(u q + v t + w) of the summand: (b_k, (u, v, w)).
Power = tuple[Poly, tuple[int, int, int]]
# (vars, factor, base, coeff, powers, nilpotent symbol or None)
Goal = tuple[tuple[str, ...], Poly, Poly, Poly, tuple[Power, ...], str | None]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(vars, factor, base, coeff, ((b_k, (u_k, v_k, w_k)), ...), nilpotent symbol or None)."""
    expect_keys(goal, where, ("vars", "factor", "base", "coeff", "powers"), ("nilpotent",))
    names = tuple(sorted(read_variables(_field(goal, "vars", where), f"{where}.vars")))
    if set(names) & set(_PASCAL):
        raise KernelError(f"{where}.vars", f"the names {list(_PASCAL)} are reserved for the binomial symbols")
    polys = [read_poly(_field(goal, k, where), names, f"{where}.{k}") for k in ("factor", "base", "coeff")]
    raw = _field(goal, "powers", where)
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_POWERS:
        raise KernelError(f"{where}.powers", f"expected a list of 1..{MAX_POWERS} objects {{base, exponent}}")
    powers: list[Power] = []
    for k, item in enumerate(raw):
        here = f"{where}.powers[{k}]"
        expect_keys(item, here, ("base", "exponent"))
        exponent = _field(item, "exponent", here)
        if not isinstance(exponent, list) or len(exponent) != 3:
            raise KernelError(f"{here}.exponent", "expected [u, v, w]: the exponent u q + v t + w")
        u, v, w = (parse_integer(x, f"{here}.exponent", -MAX_EXPONENT, MAX_EXPONENT) for x in exponent)
        if w < 0 or u < 0 or u + v < 0:
            raise KernelError(f"{here}.exponent", "expected w >= 0, u >= 0, u + v >= 0 (>= 0 on 0 <= t <= q)")
        powers.append((read_poly(_field(item, "base", here), names, f"{here}.base"), (u, v, w)))
    nilpotent = goal.get("nilpotent")
    if nilpotent is not None:
        _check_nilpotent(nilpotent, names, polys[2], powers, f"{where}.nilpotent")
    return (names, polys[0], polys[1], polys[2], tuple(powers), nilpotent)


def _check_nilpotent(name: object, names: tuple[str, ...], coeff: Poly, powers: list[Power], where: str) -> None:
    """N is declared, occurs in the summand exactly as one factor N^t, and nowhere else in it."""
    if not isinstance(name, str) or name not in names:
        raise KernelError(where, f"found {str(name)[:20]!r}, expected a declared symbol")
    symbol = Poly.variable(names, name)
    own = [k for k, (b, _) in enumerate(powers) if b == symbol]
    if len(own) != 1 or powers[own[0]][1] != (0, 1, 0):
        raise KernelError(where, f"expected exactly one factor {name}^t (base {name}, exponent [0, 1, 0])")
    others = [b for k, (b, _) in enumerate(powers) if k != own[0]]
    if any(p.degree_in({name}) > 0 for p in [coeff, *others]):
        raise KernelError(where, f"{name} may occur in the summand only as the factor {name}^t")


def _product(names: tuple[str, ...], powers: tuple[Power, ...], exponent: Callable[[int, int, int], int]) -> Poly:
    """prod_k b_k^(exponent(u, v, w)) for exponents >= 0."""
    out = Poly.constant(names, ONE)
    for base, uvw in powers:
        e = exponent(*uvw)
        if e < 0:
            raise KernelError("binomial", "internal: negative exponent")  # excluded by the goal's conditions
        out = out * base**e
    return out


def _check(goal: Goal, witness: object, where: str) -> None:
    """Base, split and the three cases of the step (see the module docstring)."""
    names, factor, base, coeff, powers, _ = goal
    here = f"{where}.witness"
    split = expect_keys(witness, here, ("split",))["split"]
    if not isinstance(split, list) or len(split) != 2:
        raise KernelError(f"{here}.split", "expected [alpha, beta] with alpha + beta = base")
    alpha, beta = (read_poly(p, names, f"{here}.split[{k}]") for k, p in enumerate(split))
    if factor != coeff * _product(names, powers, lambda u, v, w: w):
        raise KernelError(f"{where} base", "factor differs from the summand at q = 0 (coeff * prod b^w)")
    if alpha + beta != base:
        raise KernelError(f"{here}.split", "alpha + beta differs from base")
    if coeff * _product(names, powers, lambda u, v, w: u) != alpha * coeff:
        raise KernelError(f"{where} step t = 0", "coeff * prod b^u differs from alpha * coeff")
    if coeff * _product(names, powers, lambda u, v, w: u + v) != beta * coeff:
        raise KernelError(f"{where} step t = q + 1", "coeff * prod b^(u + v) differs from beta * coeff")
    wide = (*names, *_PASCAL)
    b0, b1 = (Poly.variable(wide, s) for s in _PASCAL)

    def lift(p: Poly) -> Poly:
        """p over the variables and the two binomial symbols."""
        return relabel(p, wide)

    def low(u: int, v: int) -> int:
        """min(0, v, u + v), the shift that keeps every exponent of the Pascal step >= 0."""
        return min(0, v, u + v)

    c = lift(coeff)
    left = (b0 + b1) * c * lift(_product(names, powers, lambda u, v, w: u + v - low(u, v)))
    right = lift(alpha) * b0 * c * lift(_product(names, powers, lambda u, v, w: v - low(u, v)))
    right = right + lift(beta) * b1 * c * lift(_product(names, powers, lambda u, v, w: -low(u, v)))
    if left != right:
        raise KernelError(f"{where} step 1 <= t <= q", "the Pascal step binom(q+1, t) = B0 + B1 does not close")


KINDS: KindTable = {"binomial_expansion": (_goal, _check)}
