"""Appendix A, 'Connection to common SSM parameterizations': (A1)-(A2) for discretized transitions.

Kind discretized_transition. Goal: a continuous-time state matrix A (exact rationals, N x N), a step range
steps = [lo, hi] (rationals, 0 < lo <= hi), "bilinear": the steps in that range at which the bilinear
transition is singular, "zoh": those at which the zero-order-hold transition is singular, and "distinct":
whether A has N distinct eigenvalues. All three are established from A and the range. No witness.

Facts (standard linear algebra, with A = P T P^-1 triangular over C, Schur):
- bilinear: Abar(D) = (I - D/2 A)^-1 (I + D/2 A) exists iff 2/D is not an eigenvalue of A; it is triangular in
  the same basis with diagonal (1 + D mu/2)/(1 - D mu/2) over the eigenvalues mu, so det Abar(D) = 0 iff -2/D
  is an eigenvalue of A;
- zoh: Abar(D) = exp(D A) has the eigenvalues exp(D mu) != 0 (det = exp(D tr A) > 0): never singular;
- N distinct eigenvalues make A diagonalizable over C (J = 1 in (A1)); mu -> (1 + D mu/2)/(1 - D mu/2) is
  injective, so Abar(D) then has distinct eigenvalues as well.
The kernel computes the characteristic polynomial chi of A exactly (the product of the diagonal when A is
triangular, checked entry by entry; python-flint's charpoly otherwise) and factors it over QQ. Rational roots
mu are read off the linear factors; every factor of degree >= 2 (no rational root) must have no real root in
[2/hi, 2/lo] or [-2/lo, -2/hi], counted exactly by Sturm sequences (otherwise the goal is rejected as
undecided). Then: no eigenvalue in [2/hi, 2/lo] (Abar defined on the whole range), bilinear = the sorted
-2/mu over the eigenvalues mu in [-2/lo, -2/hi], zoh = [] and distinct = (chi is squarefree).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, rational_work
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_number

__all__ = ["KINDS", "ESTABLISHES", "sturm_count"]


def _rational(value: object, where: str) -> fmpq:
    """An exact rational number."""
    number = parse_number(value, where)
    if not number.is_real():
        raise KernelError(where, "expected a rational number")
    return number.re


def _steps_list(value: object, where: str) -> tuple[fmpq, ...]:
    """A strictly increasing list of rational steps."""
    if not isinstance(value, list):
        raise KernelError(where, "expected a list of steps")
    out = tuple(_rational(x, f"{where}[{k}]") for k, x in enumerate(value))
    if any(b <= a for a, b in zip(out, out[1:])):
        raise KernelError(where, "expected strictly increasing steps")
    return out


# (A's entries, N, lo, hi, bilinear steps, zoh steps, distinct)
Goal = tuple[tuple[fmpq, ...], int, fmpq, fmpq, tuple[fmpq, ...], tuple[fmpq, ...], bool]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(A entries, N, lo, hi, bilinear steps, zoh steps, distinct)."""
    expect_keys(goal, where, ("A", "steps", "bilinear", "zoh", "distinct"))
    a = read_rational_matrix(goal["A"], f"{where}.A")
    if a.nrows() != a.ncols():
        raise KernelError(f"{where}.A", "expected a square matrix")
    steps = goal["steps"]
    if not isinstance(steps, list) or len(steps) != 2:
        raise KernelError(f"{where}.steps", "expected [lo, hi]")
    lo, hi = (_rational(x, f"{where}.steps[{k}]") for k, x in enumerate(steps))
    if not 0 < lo <= hi:
        raise KernelError(f"{where}.steps", "expected 0 < lo <= hi")
    if not isinstance(goal["distinct"], bool):
        raise KernelError(f"{where}.distinct", "expected true or false")
    bilinear = _steps_list(goal["bilinear"], f"{where}.bilinear")
    zoh = _steps_list(goal["zoh"], f"{where}.zoh")
    return (tuple(a.entries()), a.nrows(), lo, hi, bilinear, zoh, goal["distinct"])


def _charpoly(a: fmpq_mat) -> tuple[fmpq_poly, list[fmpq] | None]:
    """det(x I - A), and the eigenvalues when A is triangular (its diagonal, with multiplicity)."""
    n = a.nrows()
    charge(n * n, "triangularity")
    lower = all(a[r, c] == 0 for r in range(n) for c in range(r + 1, n))
    upper = all(a[r, c] == 0 for r in range(n) for c in range(r))
    if lower or upper:
        diagonal = [a[k, k] for k in range(n)]
        out = fmpq_poly([1])
        for mu in diagonal:
            out *= fmpq_poly([-mu, 1])
        return out, diagonal
    bits = max((max(x.p.bit_length(), x.q.bit_length()) for x in a.entries()), default=1)
    charge(4 * rational_work(n**3, bits), "characteristic polynomial")
    return a.charpoly(), None


def _sign_changes(sequence: list[fmpq_poly], x: fmpq) -> int:
    """Sign changes of the Sturm sequence at x (zeros skipped)."""
    signs = [v > 0 for v in (p(x) for p in sequence) if v != 0]
    return sum(1 for s, t in zip(signs, signs[1:]) if s != t)


def sturm_count(f: fmpq_poly, lo: fmpq, hi: fmpq) -> int:
    """The number of distinct real roots of a squarefree f in (lo, hi], by its Sturm sequence."""
    sequence = [f, f.derivative()]
    while sequence[-1].degree() > 0:
        remainder = -(sequence[-2] % sequence[-1])
        if remainder.is_zero():
            break
        sequence.append(remainder)
    charge(len(sequence) * (f.degree() + 1) ** 2, "Sturm sequence")
    return _sign_changes(sequence, lo) - _sign_changes(sequence, hi)


def _roots(chi: fmpq_poly, intervals: list[tuple[fmpq, fmpq]], where: str) -> list[fmpq]:
    """The rational roots of chi; irreducible factors of degree >= 2 may have no real root in the intervals."""
    charge(chi.degree() ** 3 + 1, "factorization")
    _, factors = chi.factor()
    roots = []
    for f, _ in factors:
        if f.degree() == 1:
            roots.append(-f.coeffs()[0] / f.coeffs()[1])
            continue
        for lo, hi in intervals:
            if f(lo) == 0 or sturm_count(f, lo, hi):
                raise KernelError(where, f"an irrational eigenvalue lies in [{lo}, {hi}]: its step is not exact")
    return roots


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """Recompute the singular steps of both discretizations and the distinctness of the eigenvalues."""
    expect_keys(witness, f"{where}.witness")
    entries, n, lo, hi, bilinear, zoh, distinct = goal
    a = fmpq_mat(n, n, list(entries))
    chi, diagonal = _charpoly(a)
    undefined, singular = (2 / hi, 2 / lo), (-2 / lo, -2 / hi)
    roots = diagonal if diagonal is not None else _roots(chi, [undefined, singular], where)
    bad = [mu for mu in roots if undefined[0] <= mu <= undefined[1]]
    if bad:
        raise KernelError(where, f"A has the eigenvalue {bad[0]}: the bilinear transition is undefined at 2/mu")
    want = tuple(sorted({-2 / mu for mu in roots if singular[0] <= mu <= singular[1]}))
    if bilinear != want:
        raise KernelError(f"{where}.bilinear", f"found {len(bilinear)} singular steps, expected {len(want)}")
    if zoh:
        raise KernelError(f"{where}.zoh", "exp(D A) is never singular: expected no steps")
    charge(chi.degree() ** 2 + 1, "squarefree test")
    actual = chi.gcd(chi.derivative()).degree() == 0
    if distinct != actual:
        raise KernelError(f"{where}.distinct", f"found {distinct}, expected {actual} (chi squarefree: {actual})")


KINDS: KindTable = {"discretized_transition": (_goal, _check)}

# The singular steps of both discretizations and distinctness are functions of A (and of the step range).
ESTABLISHES: Establishes = {
    "discretized_transition": {"bilinear": ("A", "steps"), "zoh": ("A", "steps"), "distinct": ("A",)}
}
