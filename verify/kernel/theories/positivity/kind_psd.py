"""Kind `psd_certificate`: poly >= 0 for every real point at which the stated matrices are positive semidefinite.

Goal {vars, poly, psd, nonneg}: real polynomial variables; `psd` names symmetric matrices of real polynomials
assumed positive semidefinite (hypotheses); `nonneg` names variables assumed >= 0. Statement: for every real
value of the variables such that every listed matrix is PSD and every listed variable is >= 0, poly >= 0.
A Gram matrix of vectors in any real inner-product space is PSD, so with inner products as variables and their
Gram matrix as a hypothesis the statement holds for vectors of every dimension p (norms and inner products as
atoms with that one declared fact); a hypothesis such as "G - gamma I is PSD" states gamma <= lambda_min(G).

Witness {terms, multiplier?}: terms c * prod(factors) with rational c >= 0 and factors
  {"square": s}                 s^2 for a real polynomial s              (>= 0),
  {"form": M, "vector": [y_k]}  y^T M y for a listed PSD matrix M, y != 0 (>= 0 by the hypothesis),
  {"atom": x}                   a variable listed in nonneg               (>= 0 by the hypothesis);
and optionally a multiplier m = sum_k s_k^2 given by its polynomials s_k, not all zero, in variables that occur
in no hypothesis (neither in a psd matrix nor in nonneg). The kernel checks m * poly == sum of the terms as
real polynomials (m = 1 without a multiplier). Signs are canonical: s, s_k and the first nonzero y_k have a
positive leading coefficient (s and -s are the same square), so a witness has no sign freedom.
Soundness: every term is >= 0 on the feasible set F, so m * poly >= 0 on F. The hypotheses do not involve the
multiplier's variables X, so F = F' x R^X; for fixed y in F', m(y, .) = m(.) is a nonzero polynomial in X (a sum
of squares of real polynomials is zero only when each is), so {m > 0} is dense in R^X, poly(y, .) >= 0 there,
and by continuity everywhere. Named facts: squares of reals are >= 0; y^T M y >= 0 for PSD M; sums and products
of nonnegative reals are nonnegative; the zero set of a nonzero real polynomial has empty interior.
Work: polynomial products are charged by poly.py; at most MAX_MATRIX rows per matrix and MAX_FACTORS factors.
"""

from __future__ import annotations

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import KindTable
from ...core.numbers import parse_number
from ...core.poly import Poly, read_poly, read_variables

__all__ = ["KINDS", "MAX_MATRIX", "MAX_FACTORS"]

MAX_MATRIX = 8  # side of a hypothesis matrix (Gram matrices of a few vectors)
MAX_FACTORS = 8  # factors in one term


def _symmetric(value: object, names: tuple[str, ...], where: str) -> tuple[tuple[Poly, ...], ...]:
    """A square symmetric matrix of real polynomials, side 1..MAX_MATRIX."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_MATRIX:
        raise KernelError(where, f"expected a square matrix of side 1..{MAX_MATRIX}")
    n = len(value)
    if not all(isinstance(r, list) and len(r) == n for r in value):
        raise KernelError(where, f"expected {n} rows of {n} polynomials")
    rows = tuple(
        tuple(read_poly(x, names, f"{where}[{r}][{c}]", complex_ok=False) for c, x in enumerate(row))
        for r, row in enumerate(value)
    )
    if any(rows[r][c] != rows[c][r] for r in range(n) for c in range(r)):
        raise KernelError(where, "expected a symmetric matrix")
    return rows


# A symmetric matrix of polynomials, as rows.
Symmetric = tuple[tuple[Poly, ...], ...]
# (vars, poly, ((name, matrix), ...), nonneg names)
Goal = tuple[tuple[str, ...], Poly, tuple[tuple[str, Symmetric], ...], tuple[str, ...]]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(vars, poly, ((name, matrix), ...), nonneg names)."""
    expect_keys(goal, where, ("vars", "poly", "psd"), ("nonneg",))
    names = tuple(sorted(read_variables(_field(goal, "vars", where), f"{where}.vars")))
    poly = read_poly(_field(goal, "poly", where), names, f"{where}.poly", complex_ok=False)
    raw = _field(goal, "psd", where)
    if (
        not isinstance(raw, dict)
        or not raw
        or not all(isinstance(k, str) and k.isidentifier() and k.isascii() for k in raw)
    ):
        raise KernelError(f"{where}.psd", "expected a nonempty object from names to symmetric matrices")
    psd = tuple(sorted((k, _symmetric(v, names, f"{where}.psd.{k}")) for k, v in raw.items()))
    nonneg = tuple(sorted(read_variables(goal.get("nonneg", []), f"{where}.nonneg")))
    if not set(nonneg) <= set(names):
        raise KernelError(f"{where}.nonneg", "nonnegative atoms must be declared variables")
    return (names, poly, psd, nonneg)


def _signed(p: Poly, where: str) -> Poly:
    """p with a positive leading coefficient (largest monomial): s and -s give the same square, so one is refused."""
    if p.terms and p.terms[max(p.terms)].re < 0:
        raise KernelError(where, "expected a positive leading coefficient (write -s as s: the square is the same)")
    return p


def _form(matrix: Symmetric, vector: object, names: tuple[str, ...], where: str) -> Poly:
    """y^T M y for a vector of real polynomials of the matrix's side (first nonzero entry with a positive lead)."""
    if not isinstance(vector, list) or len(vector) != len(matrix):
        raise KernelError(where, f"expected a vector of {len(matrix)} polynomials")
    y = [read_poly(x, names, f"{where}[{k}]", complex_ok=False) for k, x in enumerate(vector)]
    first = next((k for k, p in enumerate(y) if p.terms), None)
    if first is None:
        raise KernelError(where, "expected a nonzero vector")
    _signed(y[first], f"{where}[{first}]")
    total = Poly(names)
    for r, row in enumerate(matrix):
        for c, entry in enumerate(row):
            if y[r].terms and y[c].terms and entry.terms:
                total = total + y[r] * entry * y[c]
    return total


def _factor(item: object, goal: Goal, where: str) -> Poly:
    """The value of one nonnegative factor."""
    names, _, psd, nonneg = goal
    if isinstance(item, dict) and "square" in item:
        expect_keys(item, where, ("square",))
        s = _signed(read_poly(item["square"], names, f"{where}.square", complex_ok=False), f"{where}.square")
        return s * s
    if isinstance(item, dict) and "form" in item:
        expect_keys(item, where, ("form", "vector"))
        table = dict(psd)
        if item["form"] not in table:
            raise KernelError(f"{where}.form", f"found {str(item['form'])[:20]!r}, expected one of {sorted(table)}")
        return _form(table[item["form"]], item["vector"], names, f"{where}.vector")
    item = expect_keys(item, where, ("atom",))
    if item["atom"] not in nonneg:
        raise KernelError(f"{where}.atom", f"found {str(item['atom'])[:20]!r}, expected one of {list(nonneg)}")
    return Poly.variable(names, item["atom"])


def _multiplier(value: object, goal: Goal, where: str) -> Poly:
    """m = sum_k s_k^2, not zero, in variables that occur in no hypothesis."""
    names, _, psd, nonneg = goal
    if not isinstance(value, list) or not value:
        raise KernelError(where, "expected a nonempty list of polynomials s_k (m = sum_k s_k^2)")
    bound = set(nonneg) | {v for _, m in psd for row in m for p in row for v, e in _degrees(p) if e}
    total = Poly(names)
    for k, x in enumerate(value):
        s = _signed(read_poly(x, names, f"{where}[{k}]", complex_ok=False), f"{where}[{k}]")
        if s.degree_in(bound) > 0:
            raise KernelError(f"{where}[{k}]", f"uses a variable of a hypothesis ({sorted(bound)})")
        total = total + s * s
    if total.is_zero():
        raise KernelError(where, "the multiplier is the zero polynomial")
    return total


def _degrees(p: Poly) -> list[tuple[str, int]]:
    """(variable, its largest exponent in p) for every variable."""
    return [(v, max((m[k] for m in p.terms), default=0)) for k, v in enumerate(p.variables)]


def _check(goal: Goal, witness: object, where: str) -> None:
    """m * poly == sum_k c_k * prod(factors) with c_k >= 0 and nonnegative factors."""
    names, poly = goal[0], goal[1]
    here = f"{where}.witness"
    witness = expect_keys(witness, here, ("terms",), ("multiplier",))
    terms = witness["terms"]
    if not isinstance(terms, list):
        raise KernelError(f"{here}.terms", "expected a list of {coeff, factors}")
    total = Poly(names)
    for k, term in enumerate(terms):
        at = f"{here}.terms[{k}]"
        expect_keys(term, at, ("coeff", "factors"))
        coeff = parse_number(term["coeff"], f"{at}.coeff")
        if not coeff.is_real() or coeff.re <= 0:
            raise KernelError(f"{at}.coeff", "expected a rational c > 0")
        factors = term["factors"]
        if not isinstance(factors, list) or not 1 <= len(factors) <= MAX_FACTORS:
            raise KernelError(f"{at}.factors", f"expected 1..{MAX_FACTORS} factors")
        value = Poly.constant(names, coeff)
        for j, item in enumerate(factors):
            value = value * _factor(item, goal, f"{at}.factors[{j}]")
        total = total + value
    m = _multiplier(witness["multiplier"], goal, f"{here}.multiplier") if "multiplier" in witness else None
    if (poly * m if m is not None else poly) != total:
        raise KernelError(where, "the nonnegative combination differs from multiplier * poly")


KINDS: KindTable = {"psd_certificate": (_goal, _check)}
