"""Kind response_block_criterion: the minimal polynomial of W(tau) = C A^tau B and the 1x1/2x2 criterion's verdict."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from flint import fmpq, fmpq_mat, fmpq_poly

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.realization.kind_response import VERDICTS, criterion, minimal_polynomial, real_root_count

J3 = [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]]
COMPLEX_J2 = [["0", "-1", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "-1"], ["0", "0", "1", "0"]]
ROTATION = [["0", "-1"], ["1", "0"]]
REAL_J2 = [["2", "1"], ["0", "2"]]


def _mat(rows: list[list[str]]) -> fmpq_mat:
    return fmpq_mat(
        len(rows), len(rows[0]), [fmpq(Fraction(x).numerator, Fraction(x).denominator) for r in rows for x in r]
    )


def _goal(a: list, b: list, c: list, minpoly: list[str], verdict: str) -> dict:
    return {"A": a, "B": b, "C": c, "minpoly": minpoly, "verdict": verdict}


def _check(goal: dict) -> None:
    check_obligation("response_block_criterion", read_goal("response_block_criterion", goal, "t"), {}, "t")


CASES = [
    # J_3(1/2) seen through e_1 only: W(tau) = (1/2)^tau, one 1x1 block realizes it (the example)
    (J3, [["1"], ["0"], ["0"]], [["1", "1", "1"]], ["-1/2", "1"], VERDICTS[0]),
    # the same block, driven at the end and read at the start: the triple root is seen
    (J3, [["0"], ["0"], ["1"]], [["1", "0", "0"]], ["-1/8", "3/4", "-3/2", "1"], VERDICTS[1]),
    (COMPLEX_J2, [["0"], ["0"], ["1"], ["0"]], [["1", "0", "0", "0"]], ["1", "0", "2", "0", "1"], VERDICTS[2]),
    (ROTATION, [["1", "0"], ["0", "1"]], [["1", "0"], ["0", "1"]], ["1", "0", "1"], VERDICTS[0]),
    (REAL_J2, [["0"], ["1"]], [["1", "0"]], ["4", "-4", "1"], VERDICTS[0]),
    (REAL_J2, [["0"], ["0"]], [["1", "0"]], ["1"], VERDICTS[0]),  # W = 0: q = 1
]


@pytest.mark.parametrize(("a", "b", "c", "minpoly", "verdict"), CASES)
def test_the_kernel_recomputes_the_minimal_polynomial_and_the_verdict(a, b, c, minpoly, verdict):
    _check(_goal(a, b, c, minpoly, verdict))


@pytest.mark.parametrize(("a", "b", "c", "minpoly", "verdict"), CASES)
def test_a_wrong_verdict_or_polynomial_is_rejected(a, b, c, minpoly, verdict):
    for other in VERDICTS:
        if other != verdict:
            with pytest.raises(KernelError, match="criterion gives"):
                _check(_goal(a, b, c, minpoly, other))
    if len(minpoly) <= len(a):  # x q(x) annihilates too, but is not minimal
        with pytest.raises(KernelError, match="minimal polynomial"):
            _check(_goal(a, b, c, ["0", *minpoly], verdict))
    if len(minpoly) > 1:
        bumped = [str(Fraction(minpoly[0]) + 1), *minpoly[1:]]
        with pytest.raises(KernelError, match="minimal polynomial"):
            _check(_goal(a, b, c, bumped, verdict))


def test_bad_goals_are_rejected():
    a, b, c, minpoly, verdict = CASES[0]
    with pytest.raises(KernelError, match="expected one of"):
        read_goal("response_block_criterion", _goal(a, b, c, minpoly, "fine"), "t")
    with pytest.raises(KernelError, match="m x m"):
        read_goal("response_block_criterion", _goal(a, [["1"]], c, minpoly, verdict), "t")
    with pytest.raises(KernelError, match="rational coefficient"):
        read_goal("response_block_criterion", _goal(a, b, c, ["1+i", "1"], verdict), "t")
    with pytest.raises(KernelError, match="no witness"):
        check_obligation(
            "response_block_criterion",
            read_goal("response_block_criterion", _goal(a, b, c, minpoly, verdict), "t"),
            {"T": []},
            "t",
        )


def test_minimal_polynomial_annihilates_and_no_lower_degree_does_on_random_ssms():
    rnd = random.Random(5)
    for _ in range(30):
        m, p, d = rnd.randint(1, 5), rnd.randint(1, 2), rnd.randint(1, 2)
        rows = lambda r, s: [[str(Fraction(rnd.randint(-3, 3), rnd.randint(1, 2))) for _ in range(s)] for _ in range(r)]  # noqa: E731
        a, b, c = _mat(rows(m, m)), _mat(rows(m, d)), _mat(rows(p, m))
        q = minimal_polynomial(a, b, c)
        ws, state = [], b
        for _ in range(3 * m + 2):
            ws.append(c * state)
            state = a * state
        coeffs = q.coeffs()
        for tau in range(2 * m):
            total = sum((ws[tau + k] * coeffs[k] for k in range(len(coeffs))), fmpq_mat(p, d))
            assert total == fmpq_mat(p, d)
        assert q.degree() <= m and (q.degree() == 0) == all(w == fmpq_mat(p, d) for w in ws)
        # no monic polynomial of lower degree: the first q.degree() shifted blocks are independent
        if q.degree() > 0:
            stacked = fmpq_mat(
                q.degree(), p * d * m, [x for k in range(q.degree()) for t in range(m) for x in ws[k + t].entries()]
            )
            assert stacked.rank() == q.degree()


def test_sturm_counts_real_roots_of_polynomials_with_known_roots():
    rnd = random.Random(11)
    for _ in range(40):
        real = sorted({Fraction(rnd.randint(-20, 20), rnd.randint(1, 4)) for _ in range(rnd.randint(0, 4))})
        pairs = rnd.randint(0, 2)
        f = fmpq_poly([1])
        for r in real:
            f *= fmpq_poly([fmpq(-r.numerator, r.denominator), 1])
        for _ in range(pairs):  # x^2 - 2 s x + s^2 + t^2 with t != 0: a non-real pair
            s, t = rnd.randint(-3, 3), rnd.randint(1, 3)
            f *= fmpq_poly([s * s + t * t, -2 * s, 1])
        if f.degree() >= 1 and f.gcd(f.derivative()).degree() == 0:
            assert real_root_count(f) == len(real)


def test_criterion_on_polynomials():
    x = fmpq_poly([0, 1])
    assert criterion((x - 1) ** 2 * (x + 1) * (x**2 + 1)) == VERDICTS[0]
    assert criterion((x - 1) ** 3) == VERDICTS[1]
    assert criterion((x**2 + 1) ** 2) == VERDICTS[2]
    assert criterion((x**2 - 2) ** 2) == VERDICTS[0]  # real roots +-sqrt(2), each of multiplicity 2
    assert criterion((x**3 - 2) ** 2) == VERDICTS[2]  # one real root, a non-real pair, all doubled
    assert criterion(fmpq_poly([1])) == VERDICTS[0]
