"""Kind `implied_inequality`: claim >= 0 follows from named hypotheses (a Positivstellensatz certificate).

Goal: `vars`; `nonneg` and `positive` (variables declared >= 0, > 0); `exps` (variables E declared to be
exp(s_E), s_E a polynomial free of such variables); `facts`, named hypotheses poly >= 0 or poly == 0; and
`claim`, a polynomial. It states: at every real point where the facts hold, the declared signs hold and each
E equals exp(s_E), claim >= 0.

Witness: a `multiplier` q, `products` (c, atoms, facts, s) and `equalities` (fact, lambda) with
    q * claim == sum c * prod(atoms) * prod(facts) * s^2 + sum lambda * fact      (as polynomials).
Each product is >= 0 at such a point (c > 0; atoms are declared >= 0, > 0 or exponential; each fact is a
>= hypothesis or a built-in fact of exp), each equality term is 0, so q * claim >= 0. The multiplier is > 0:
every coefficient is > 0, every variable of odd degree is declared >= 0, > 0 or exponential, and some term
has only variables declared > 0 or exponential. Hence claim >= 0.

Built-in facts of exp, for every exponential E = exp(s) (each an instance of e^y >= 1 + y, which holds for all
real y, or of exp(k s) = exp(s)^k):
    exp_tangent:E       E - 1 - s >= 0
    exp_tangent_inv:E   1 - E + E s >= 0      (E (e^-s - 1 + s) with E > 0)
    exp_power:E:F:k     E - F^k == 0, accepted only when s_E == k s_F exactly (2 <= k <= 16)
Work: polynomial products are charged by poly.py, plus ITEM_COST per product and equality of the witness; at
most MAX_WITNESS_TERMS products and equalities.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import Establishes, KindTable
from ...core.limits import charge
from ...core.numbers import GQ, parse_number
from ...core.poly import Poly, read_poly, read_variables

__all__ = ["KINDS", "ESTABLISHES", "MAX_WITNESS_TERMS"]

MAX_WITNESS_TERMS = 5000
ITEM_COST = 100  # units per product or equality on top of poly.py's own charges (measured: about 90 us each)
RELATIONS = (">=", "==")


def _names(value: object, names: tuple[str, ...], where: str) -> tuple[str, ...]:
    """A sorted list of declared variable names."""
    out = tuple(sorted(read_variables(value, where)))
    if not set(out) <= set(names):
        raise KernelError(where, f"{sorted(set(out) - set(names))} are not declared variables")
    return out


# (names, nonneg, positive, exponents (variable, exponent), facts (name, poly, rel), claim)
Goal = tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, Poly], ...],
    tuple[tuple[str, Poly, str], ...],
    Poly,
]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(names, nonneg, positive, exps, facts, claim) with exact polynomials."""
    expect_keys(goal, where, ("vars", "facts", "claim"), ("nonneg", "positive", "exps"))
    names = tuple(sorted(read_variables(_field(goal, "vars", where), f"{where}.vars")))
    nonneg = _names(goal.get("nonneg", []), names, f"{where}.nonneg")
    positive = _names(goal.get("positive", []), names, f"{where}.positive")
    exps_raw = goal.get("exps", {})
    if not isinstance(exps_raw, dict):
        raise KernelError(f"{where}.exps", "expected an object from variables to exponents")
    _names(sorted(exps_raw), names, f"{where}.exps")
    exps = {e: read_poly(s, names, f"{where}.exps.{e}", complex_ok=False) for e, s in sorted(exps_raw.items())}
    for e, s in exps.items():
        if s.degree_in(set(exps)) > 0:
            raise KernelError(f"{where}.exps.{e}", "an exponent must not contain exponential variables")
    facts_raw = _field(goal, "facts", where)
    if not isinstance(facts_raw, list):
        raise KernelError(f"{where}.facts", "expected a list of {name, poly, rel}")
    facts: list[tuple[str, Poly, str]] = []
    seen: set[str] = set()
    for k, item in enumerate(facts_raw):
        here = f"{where}.facts[{k}]"
        item = expect_keys(item, here, ("name", "poly", "rel"))
        name = item["name"]
        if not isinstance(name, str) or not name or ":" in name or len(name) > 80 or name in seen:
            raise KernelError(f"{here}.name", "expected a new nonempty name without ':' (at most 80 characters)")
        seen.add(name)
        if item["rel"] not in RELATIONS:
            raise KernelError(f"{here}.rel", f"found {str(item['rel'])[:10]!r}, expected one of {RELATIONS}")
        facts.append((name, read_poly(item["poly"], names, f"{here}.poly", complex_ok=False), item["rel"]))
    claim = read_poly(_field(goal, "claim", where), names, f"{where}.claim", complex_ok=False)
    return (names, nonneg, positive, tuple(exps.items()), tuple(facts), claim)


def _builtin(ref: str, names: tuple[str, ...], exps: dict[str, Poly], where: str) -> tuple[Poly, str]:
    """The polynomial and relation of a built-in fact of exp."""
    parts = ref.split(":")
    if parts[0] in ("exp_tangent", "exp_tangent_inv") and len(parts) == 2 and parts[1] in exps:
        e, s = Poly.variable(names, parts[1]), exps[parts[1]]
        one = Poly.constant(names, GQ(1))
        return (e - one - s, ">=") if parts[0] == "exp_tangent" else (one - e + e * s, ">=")
    if parts[0] == "exp_power" and len(parts) == 4 and parts[1] in exps and parts[2] in exps:
        if not (parts[3].isascii() and parts[3].isdigit()) or not 2 <= int(parts[3]) <= 16:
            raise KernelError(where, f"found power {parts[3][:10]!r}, expected an integer in [2, 16]")
        k = int(parts[3])
        if exps[parts[1]] != exps[parts[2]].scale(GQ(k)):
            raise KernelError(where, f"the exponent of {parts[1]} is not {k} times the exponent of {parts[2]}")
        return Poly.variable(names, parts[1]) - Poly.variable(names, parts[2]) ** k, "=="
    raise KernelError(where, f"found {ref[:60]!r}, expected a fact of the goal or a built-in fact of exp")


def _fact(
    ref: object, facts: dict[str, tuple[Poly, str]], names: tuple[str, ...], exps: dict[str, Poly], rel: str, where: str
) -> Poly:
    """The polynomial of a referenced fact, which must have the relation `rel`."""
    if not isinstance(ref, str):
        raise KernelError(where, "expected the name of a fact")
    poly, found = facts[ref] if ref in facts else _builtin(ref, names, exps, where)
    if found != rel:
        raise KernelError(where, f"fact {ref!r} is a {found!r} fact, expected a {rel!r} fact")
    return poly


def _check_multiplier(q: Poly, names: tuple[str, ...], signed: set[str], strict: set[str], where: str) -> None:
    """q > 0 at every admissible point: positive coefficients, odd degrees only on signed variables, and a
    term made only of strictly positive variables."""
    if q.is_zero() or not q.is_real():
        raise KernelError(where, "expected a nonzero real multiplier")
    strict_term = False
    for monomial, c in q.terms.items():
        if c.re <= 0:
            raise KernelError(where, "found a coefficient <= 0 in the multiplier")
        used = {v for v, e in zip(names, monomial) if e}
        odd = {v for v, e in zip(names, monomial) if e % 2}
        if not odd <= signed:
            raise KernelError(where, f"{sorted(odd - signed)} occur to an odd power but have no declared sign")
        strict_term = strict_term or used <= strict
    if not strict_term:
        raise KernelError(where, "no term of the multiplier is a product of variables declared > 0")


def _check(goal: Goal, witness: object, where: str) -> None:
    """q * claim equals the weighted products plus the multiples of equalities."""
    names, nonneg, positive, exps_t, facts_t, claim = goal
    here = f"{where}.witness"
    witness = expect_keys(witness, here, ("multiplier", "products"), ("equalities",))
    exps = dict(exps_t)
    facts = {name: (poly, rel) for name, poly, rel in facts_t}
    signed, strict = set(nonneg) | set(positive) | set(exps), set(positive) | set(exps)
    q = read_poly(_field(witness, "multiplier", here), names, f"{here}.multiplier", complex_ok=False)
    _check_multiplier(q, names, signed, strict, f"{here}.multiplier")
    products, equalities = witness["products"], witness.get("equalities", [])
    if not isinstance(products, list) or not isinstance(equalities, list):
        raise KernelError(here, "expected lists of products and equalities")
    if len(products) + len(equalities) > MAX_WITNESS_TERMS:
        raise KernelError(here, f"more than {MAX_WITNESS_TERMS} products and equalities")
    total = Poly(names)
    charge(ITEM_COST * (len(products) + len(equalities)), "implication witness")
    for k, term in enumerate(products):
        at = f"{here}.products[{k}]"
        expect_keys(term, at, ("coeff", "square"), ("atoms", "facts"))
        coeff = parse_number(term["coeff"], f"{at}.coeff")
        if not coeff.is_real() or coeff.re <= 0:
            raise KernelError(f"{at}.coeff", "expected a real coefficient > 0 (zero-weight products are omitted)")
        atoms, refs = term.get("atoms", []), term.get("facts", [])
        if not isinstance(atoms, list) or not isinstance(refs, list) or len(atoms) + len(refs) > 64:
            raise KernelError(at, "expected lists of at most 64 atoms and facts")
        square = read_poly(term["square"], names, f"{at}.square", complex_ok=False)
        if square.is_zero() or min(square.terms.items())[1].re < 0:
            raise KernelError(f"{at}.square", "expected a nonzero square whose first term is positive (canonical sign)")
        product = (square * square).scale(coeff)
        for j, atom in enumerate(atoms):
            if atom not in signed:
                raise KernelError(f"{at}.atoms[{j}]", f"found {str(atom)[:20]!r}, expected a variable declared >= 0")
            product = product * Poly.variable(names, atom)
        for j, ref in enumerate(refs):
            product = product * _fact(ref, facts, names, exps, ">=", f"{at}.facts[{j}]")
        total = total + product
    for k, term in enumerate(equalities):
        at = f"{here}.equalities[{k}]"
        expect_keys(term, at, ("fact", "times"))
        times = read_poly(term["times"], names, f"{at}.times", complex_ok=False)
        total = total + times * _fact(term["fact"], facts, names, exps, "==", f"{at}.fact")
    if total != q * claim:
        raise KernelError(where, "multiplier * claim differs from the products plus the multiples of equalities")


KINDS: KindTable = {"implied_inequality": (_goal, _check)}
ESTABLISHES: Establishes = {}  # an implication: every goal field is an input of the statement
