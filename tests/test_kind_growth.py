"""kind_growth.py of theory costs: big-O as explicit inequalities for all sizes, refutation by unbounded ratios."""

from __future__ import annotations

import json

import pytest

from verify.certificate import reseal
from verify.claims.s3_costs import build_section3
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _bound(lhs: str, rhs: str, domains: dict | None = None) -> None:
    goal = {"domains": domains or {"n": "size", "p": "size"}, "lhs": lhs, "rhs": rhs}
    check_obligation("poly_bound", read_goal("poly_bound", goal, "t"), {}, "t")


def _ratio(lhs: str, rhs: str, family: dict) -> None:
    goal = {"domains": {x: "size" for x in family}, "lhs": lhs, "rhs": rhs}
    check_obligation("unbounded_ratio", read_goal("unbounded_ratio", goal, "t"), {"family": family}, "t")


def test_poly_bound_accepts_a_bound_with_an_explicit_constant():
    _bound("2*n^2*p - n*p", "2*n^2*p")


def test_poly_bound_rejects_a_false_bound():
    with pytest.raises(KernelError, match="negative coefficient"):
        _bound("n^2", "10*n")


def test_poly_bound_is_sufficient_not_complete():
    # (n - 2)^2 >= 0 is true, but its shift (n' - 1)^2 has a negative coefficient: undecided, so rejected
    with pytest.raises(KernelError, match="negative coefficient"):
        _bound("0", "(n - 2)^2")


def test_poly_bound_treats_lg_symbols_and_levels_as_naturals():
    _bound("3*lg_n + 2", "3*(1 + lg_n)", {"lg_n": "natural"})
    with pytest.raises(KernelError, match="expected one of"):
        read_goal("poly_bound", {"domains": {"n": "real"}, "lhs": "n", "rhs": "n"}, "t")


def test_unbounded_ratio_refutes_a_bound_that_drops_a_dimension():
    _ratio("4*n*p*r - n*p - p*r", "n*r + p*r", {"n": "t", "p": "t", "r": "t"})


def test_unbounded_ratio_rejects_a_family_of_equal_degree():
    with pytest.raises(KernelError, match="not above the degree"):
        _ratio("2*n*p", "n*p", {"n": "t", "p": "t"})


def test_unbounded_ratio_rejects_a_size_that_does_not_grow():
    with pytest.raises(KernelError, match="tends to infinity"):
        _ratio("n*p", "n", {"n": "t", "p": "3"})


def test_unbounded_ratio_rejects_a_family_that_leaves_the_domain():
    with pytest.raises(KernelError, match=">= 1 for every t >= 1"):
        _ratio("n^2", "n", {"n": "t - 1"})
    with pytest.raises(KernelError, match="integer coefficients"):
        _ratio("n^2", "n", {"n": "t/2 + 1"})


def test_certificate_with_a_weakened_family_is_rejected_after_resealing():
    cert = json.loads(json.dumps(build_section3("sec3.1.2.cost.summary-matrix")))
    cert["obligations"][1]["witness"]["family"]["p"] = "1"
    result = check_certificate(reseal(cert))
    assert not result.valid and any("tends to infinity" in e for e in result.errors)
