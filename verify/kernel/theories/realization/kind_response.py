"""Kind response_block_criterion: the minimal polynomial of an impulse response and the 1x1/2x2 criterion's verdict.

Goal: {A, B, C, minpoly, verdict} with minpoly the monic coefficient list (lowest degree first) and verdict one of
VERDICTS. Both are determined by (A, B, C) (ESTABLISHES): the kernel recomputes them and compares.

minpoly is the minimal polynomial q of the sequence W(tau) = C A^tau B: the monic polynomial of least degree with
sum_k q_k W(tau + k) = 0 for every tau >= 0. With h_k = (W(k), W(k + 1), ..., W(k + m - 1)) (entries in a fixed
order), a polynomial c annihilates the sequence iff sum_k c_k h_k = 0: the sequence u(tau) = sum_k c_k W(tau + k)
satisfies the recurrence of the characteristic polynomial of A (order m, Cayley-Hamilton), so it vanishes once
its first m values do. By Cayley-Hamilton h_m depends on h_0..h_(m-1), so the first column of [h_0 ... h_m] that
depends on the previous ones is some h_d, d <= m; its coordinates in the reduced row echelon form (exact,
python-flint) give q = x^d - sum_(k<d) R[k, d] x^k, and no polynomial of degree < d annihilates (h_0..h_(d-1)
are independent).

verdict, from python-flint's factorization of q over QQ into irreducible factors f with multiplicities e:
"obstructed: a root of multiplicity >= 3" when some e >= 3; else "obstructed: a non-real root of multiplicity 2"
when some f with e = 2 has fewer real roots than its degree (Sturm's theorem, exact); else "realizable". The
kernel checks this root structure; that it decides whether a real realization with 1x1 and 2x2 diagonal blocks
exists is the standard theorem stated in docs/trusted-base.md (not kernel-checked).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import impulse_responses
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, rational_work
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_number

__all__ = [
    "KINDS",
    "ESTABLISHES",
    "VERDICTS",
    "minimal_polynomial",
    "criterion",
    "real_root_count",
    "read_ssm_and_minpoly",
]

VERDICTS = (
    "realizable",
    "obstructed: a root of multiplicity >= 3",
    "obstructed: a non-real root of multiplicity 2",
)
MAX_RESPONSE_SIDE = 64  # state dimension m (the Hankel system has m p d rows and m + 1 columns)


def _bits(m: fmpq_mat) -> int:
    """The largest bit length of a numerator or denominator of an entry."""
    return max((max(int(x.p).bit_length(), int(x.q).bit_length()) for x in m.entries()), default=0)


def minimal_polynomial(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> fmpq_poly:
    """The minimal polynomial of the sequence C A^tau B (monic), from the columns h_0..h_m (charged)."""
    m = a.nrows()
    responses = impulse_responses(a, b, c, 2 * m)
    rows = m * c.nrows() * b.ncols()
    h = fmpq_mat(rows, m + 1)
    for k in range(m + 1):
        r = 0
        for tau in range(m):
            w = responses[k + tau]
            for x in w.entries():
                h[r, k] = x
                r += 1
    charge(rational_work(rows * (m + 1) * (m + 1), _bits(h)), "minimal polynomial of the response (rref)")
    reduced, rank = h.rref()
    d = 0  # rows 0..d-1 of the rref have their pivots in columns 0..d-1: h_0..h_(d-1) are independent
    while d < rank and reduced[d, d] != 0:
        d += 1
    if d > m:
        raise KernelError("minimal polynomial", "no dependent column among h_0..h_m (Cayley-Hamilton fails)")
    coefficients = [-reduced[k, d] for k in range(d)] + [fmpq(1)]
    return fmpq_poly(coefficients)


def _sign_changes(values: list[fmpq]) -> int:
    """Sign changes in a sequence, zeros skipped."""
    signs = [v > 0 for v in values if v != 0]
    return sum(1 for s, t in zip(signs, signs[1:]) if s != t)


def real_root_count(f: fmpq_poly) -> int:
    """The number of distinct real roots of a squarefree f of degree >= 1 (Sturm's theorem, exact)."""
    chain = [f, f.derivative()]
    while chain[-1].degree() > 0:
        charge((chain[-2].degree() + 1) * (chain[-1].degree() + 1), "Sturm chain")
        remainder = chain[-2] % chain[-1]
        if remainder.is_zero():
            break
        chain.append(-remainder)
    at_plus = [p.coeffs()[-1] for p in chain]
    at_minus = [p.coeffs()[-1] * (-1 if p.degree() % 2 else 1) for p in chain]
    return _sign_changes(at_minus) - _sign_changes(at_plus)


def criterion(q: fmpq_poly) -> str:
    """The verdict of the 1x1/2x2 criterion from the root structure of q."""
    if q.degree() < 1:
        return VERDICTS[0]
    bits = max((max(int(x.p).bit_length(), int(x.q).bit_length()) for x in q.coeffs()), default=0)
    charge(q.degree() ** 3 // 16 + q.degree() ** 2 * (1 + bits // 64) // 4 + 1, "factorization")
    _, factors = q.factor()
    if any(e >= 3 for _, e in factors):
        return VERDICTS[1]
    if any(e == 2 and real_root_count(f) < f.degree() for f, e in factors):
        return VERDICTS[2]
    return VERDICTS[0]


# (A, B, C, minpoly coefficients, lowest degree first)
SSMAndMinpoly = tuple[fmpq_mat, fmpq_mat, fmpq_mat, tuple[fmpq, ...]]
# (A, B, C, minpoly coefficients, verdict)
Goal = tuple[fmpq_mat, fmpq_mat, fmpq_mat, tuple[fmpq, ...], str]


def read_ssm_and_minpoly(goal: JSONObject, where: str) -> SSMAndMinpoly:
    """(A, B, C, minpoly coefficients) of a goal: A m x m, B m x d, C p x m, 1 to m + 1 rational coefficients."""
    a, b, c = (read_rational_matrix(_field(goal, k, where), f"{where}.{k}", MAX_RESPONSE_SIDE) for k in "ABC")
    m = a.nrows()
    if a.ncols() != m or b.nrows() != m or c.ncols() != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    raw = _field(goal, "minpoly", where)
    if not isinstance(raw, list) or not 1 <= len(raw) <= m + 1:
        raise KernelError(f"{where}.minpoly", f"expected a list of 1 to {m + 1} coefficients")
    coefficients = []
    for k, x in enumerate(raw):
        number = parse_number(x, f"{where}.minpoly[{k}]")
        if not number.is_real():
            raise KernelError(f"{where}.minpoly[{k}]", "expected a rational coefficient")
        coefficients.append(number.re)
    return (a, b, c, tuple(coefficients))


def _goal(goal: JSONObject, where: str) -> Goal:
    """(A, B, C, minpoly coefficients, verdict) with fitting shapes."""
    expect_keys(goal, where, ("A", "B", "C", "minpoly", "verdict"))
    a, b, c, coefficients = read_ssm_and_minpoly(goal, where)
    verdict = _field(goal, "verdict", where)
    if verdict not in VERDICTS:
        raise KernelError(f"{where}.verdict", f"found {str(verdict)[:60]!r}, expected one of {list(VERDICTS)}")
    return (a, b, c, coefficients, str(verdict))


def _check(goal: Goal, witness: object, where: str) -> None:
    """The stated minimal polynomial and verdict are the ones recomputed from (A, B, C)."""
    a, b, c, coefficients, verdict = goal
    if witness not in ({}, None):
        raise KernelError(f"{where}.witness", "expected no witness (the kernel recomputes everything)")
    q = minimal_polynomial(a, b, c)
    if list(q.coeffs()) != list(coefficients) or len(coefficients) != q.degree() + 1:
        raise KernelError(where, f"the minimal polynomial of the response has degree {q.degree()}: {q.str()}")
    found = criterion(q)
    if found != verdict:
        raise KernelError(where, f"the criterion gives {found!r}, not {verdict!r}")


KINDS: KindTable = {"response_block_criterion": (_goal, _check)}
ESTABLISHES: Establishes = {"response_block_criterion": {"minpoly": ("A", "B", "C"), "verdict": ("A", "B", "C")}}
