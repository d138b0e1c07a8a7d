"""Growth kinds: big-O claims as explicit inequalities for all sizes, and their refutation by unbounded ratios.

poly_bound: lhs <= rhs at every point where each variable lies in its domain ("size": an integer >= 1,
"natural": an integer >= 0). Check: substitute x = 1 + x' for each size (x' >= 0) and keep each natural as it
is; rhs - lhs becomes a polynomial in variables that are all >= 0. If every coefficient of it is >= 0 it is
>= 0 at every such point (reals included), so lhs <= rhs on the whole domain. The test is sufficient, not
necessary: an inequality it cannot decide this way is rejected. A big-O claim f = O(g) is certified in this
form, lhs = f and rhs = K * g with an explicit constant K (a number, or a polynomial in the sizes that the
claim holds fixed), for every size >= 1, not only eventually.

unbounded_ratio: refutes "there are K and N such that lhs <= K * rhs at every point whose variables are all
>= N" (and a fortiori the same for all sizes >= 1). Witness: a family x = f_x(t) of polynomials with integer
coefficients, each of degree >= 1 with a positive leading coefficient (so every variable tends to infinity
with t) and f_x(t) >= 1 for every integer t >= 1 (checked as above after t = 1 + t'). Along the family,
P(t) = lhs and Q(t) = rhs are polynomials in t; the kernel checks Q(1 + t') has coefficients >= 0 and is not
zero (so Q(t) > 0 for t > 1), deg P > deg Q and a positive leading coefficient of P. Then P(t) / Q(t) tends to
infinity: for every K and N there is an integer t with all f_x(t) >= N and P(t) > K Q(t).
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.kind import Establishes, KindTable
from ...core.numbers import GQ
from ...core.poly import Poly, read_poly, read_variables, substitute

__all__ = ["KINDS", "ESTABLISHES", "DOMAINS", "shifted", "nonneg_coefficients"]

DOMAINS = ("size", "natural")
FAMILY_VAR = ("t",)


def _domains(value: object, where: str, allowed: tuple[str, ...] = DOMAINS) -> tuple[tuple[str, str], ...]:
    """The variables and their domains, as a sorted tuple of (name, domain)."""
    if not isinstance(value, dict) or not value:
        raise KernelError(where, "expected a nonempty object from variable names to domains")
    names = read_variables(sorted(value), where)
    for name in names:
        if value[name] not in allowed:
            raise KernelError(f"{where}.{name}", f"found {str(value[name])[:20]!r}, expected one of {list(allowed)}")
    return tuple((name, value[name]) for name in names)


def shifted(poly: Poly, domains: dict[str, str]) -> Poly:
    """poly with every size x replaced by 1 + x (the new x ranges over x >= 0, as every natural does)."""
    one = Poly.constant(poly.variables, GQ(1))
    for name, domain in domains.items():
        if domain == "size" and name in poly.variables:
            poly = substitute(poly, name, Poly.variable(poly.variables, name) + one)
    return poly


def nonneg_coefficients(poly: Poly) -> bool:
    """True when every coefficient is a rational >= 0 (so the polynomial is >= 0 where all variables are)."""
    return all(c.is_real() and c.re >= 0 for c in poly.terms.values())


# (domains (variable, domain), lhs, rhs)
Goal = tuple[tuple[tuple[str, str], ...], Poly, Poly]


def _goal_bound(goal: JSONObject, where: str) -> Goal:
    """(domains, lhs, rhs) with lhs and rhs rational polynomials in the declared variables."""
    expect_keys(goal, where, ("domains", "lhs", "rhs"))
    domains = _domains(goal["domains"], f"{where}.domains")
    names = tuple(n for n, _ in domains)
    lhs = read_poly(goal["lhs"], names, f"{where}.lhs", complex_ok=False)
    rhs = read_poly(goal["rhs"], names, f"{where}.rhs", complex_ok=False)
    return (domains, lhs, rhs)


def _check_bound(goal: Goal, witness: JSONObject, where: str) -> None:
    """rhs - lhs, shifted to variables >= 0, has only coefficients >= 0."""
    expect_keys(witness, f"{where}.witness")
    domains, lhs, rhs = goal
    if not nonneg_coefficients(shifted(rhs - lhs, dict(domains))):
        raise KernelError(where, "rhs - lhs (sizes shifted to 1 + x) has a negative coefficient: lhs <= rhs not shown")


def _goal_ratio(goal: JSONObject, where: str) -> Goal:
    """(size variables, lhs, rhs): the refuted statement lhs = O(rhs) jointly in every variable."""
    expect_keys(goal, where, ("domains", "lhs", "rhs"))
    domains = _domains(goal["domains"], f"{where}.domains", ("size",))
    names = tuple(n for n, _ in domains)
    lhs = read_poly(goal["lhs"], names, f"{where}.lhs", complex_ok=False)
    rhs = read_poly(goal["rhs"], names, f"{where}.rhs", complex_ok=False)
    return (domains, lhs, rhs)


def _compose(poly: Poly, family: dict[str, Poly]) -> Poly:
    """poly with each variable x replaced by the polynomial f_x(t)."""
    total = Poly(FAMILY_VAR)
    for monomial, coefficient in poly.terms.items():
        term = Poly.constant(FAMILY_VAR, coefficient)
        for name, exponent in zip(poly.variables, monomial):
            if exponent:
                term = term * family[name] ** exponent
        total = total + term
    return total


def _degree(poly: Poly) -> int:
    """The degree in t (-1 for the zero polynomial)."""
    return max((m[0] for m in poly.terms), default=-1)


def _read_family(witness: JSONObject, names: tuple[str, ...], where: str) -> dict[str, Poly]:
    """One polynomial in t per variable: integer coefficients, degree >= 1, positive leading term, >= 1 at t >= 1."""
    family = expect_keys(witness, f"{where}.witness", ("family",))["family"]
    if not isinstance(family, dict) or sorted(family) != sorted(names):
        raise KernelError(f"{where}.witness.family", f"expected one polynomial in t for each of {list(names)}")
    out = {}
    for name in names:
        here = f"{where}.witness.family.{name}"
        f = read_poly(family[name], FAMILY_VAR, here, complex_ok=False)
        if any(c.re.q != 1 for c in f.terms.values()):
            raise KernelError(here, "expected integer coefficients (an integer at every integer t)")
        top = _degree(f)
        if top < 1 or f.terms[(top,)].re <= 0:
            raise KernelError(here, "expected degree >= 1 and a positive leading coefficient (tends to infinity)")
        if not nonneg_coefficients(shifted(f - Poly.constant(FAMILY_VAR, GQ(1)), {"t": "size"})):
            raise KernelError(here, "not shown to be >= 1 for every t >= 1")
        out[name] = f
    return out


def _check_ratio(goal: Goal, witness: JSONObject, where: str) -> None:
    """Along the family, Q(t) > 0 for t > 1 and deg P > deg Q with P's leading coefficient positive."""
    domains, lhs, rhs = goal
    family = _read_family(witness, tuple(n for n, _ in domains), where)
    p, q = _compose(lhs, family), _compose(rhs, family)
    if q.is_zero() or not nonneg_coefficients(shifted(q, {"t": "size"})):
        raise KernelError(where, "rhs along the family is not shown to be positive for t > 1")
    top = _degree(p)
    if top <= _degree(q) or p.terms[(top,)].re <= 0:
        raise KernelError(where, f"lhs along the family has degree {top}, not above the degree {_degree(q)} of rhs")


KINDS: KindTable = {
    "poly_bound": (_goal_bound, _check_bound),
    "unbounded_ratio": (_goal_ratio, _check_ratio),
}

# Both goals are statements about their literal polynomials; nothing in them is derived.
ESTABLISHES: Establishes = {}
