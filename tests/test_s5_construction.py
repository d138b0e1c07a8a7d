"""Tests of verify/claims/s5_construction.py: Theorem 5.1 part (2) at the construction, taken literally.

Each certificate must pass the kernel with its verdict; each refutation is re-evaluated independently with
mpmath, and the true Jacobian it uses must be the expression the same certificate proves to be the derivative;
perturbing gamma, an entry or a witness must make the kernel reject.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import mpmath
import pytest

from verify.certificate import certificate_bytes
from verify.certificate import reseal as _rehash
from verify.claims import s5_construction as sc
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

BUILDERS = {
    "thm5.1.logits-other": (sc.logits_other, "refuted"),
    "thm5.1.eq11": (sc.eq11, "refuted"),
    "thm5.1.eq12": (sc.eq12, "refuted"),
    "thm5.1.eq12.corrected": (sc.eq12_corrected, "certified"),
    "thm5.1.eq14": (sc.eq14, "refuted"),
    "thm5.1.eq17": (sc.eq17, "refuted"),
    "thm5.1.reverse-triangle": (sc.reverse_triangle, "refuted"),
    "thm5.1.gamma-choice": (sc.gamma_choice, "refuted"),
    "thm5.1.conclusion.instance": (sc.conclusion_instance, "certified"),
}
_CACHE: dict[str, dict] = {}


def _cert(claim_id: str) -> dict:
    if claim_id not in _CACHE:
        _CACHE[claim_id] = json.loads(certificate_bytes(BUILDERS[claim_id][0]()))
    return copy.deepcopy(_CACHE[claim_id])


def _obligation(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)


@pytest.mark.parametrize("claim_id", sorted(BUILDERS))
def test_every_construction_certificate_passes_the_kernel_with_its_verdict(claim_id: str) -> None:
    cert = _cert(claim_id)
    result = check_certificate(cert, claim_id)
    assert result.valid, result.errors
    assert cert["verdict"] == BUILDERS[claim_id][1]


# --- refutations, evaluated independently (mpmath, 50 digits) ----------------------------------------------

mpmath.mp.dps = 50
E = mpmath.e


def _alphas(g, au=1, m=1):
    S = mpmath.exp(g) + mpmath.exp(au) + m
    return mpmath.exp(g) / S, mpmath.exp(au) / S


def test_eq11_alpha_at_the_construction_is_not_the_printed_value() -> None:
    alpha, _ = _alphas(1)
    assert abs(alpha - E / (E + 2)) > mpmath.mpf("0.1")
    alpha2, _ = _alphas(2)
    assert 1 - alpha2 > 2 * mpmath.exp(-2)


def test_eq12_outer_bound_fails_at_gamma_five() -> None:
    alpha, _ = _alphas(5)
    assert alpha * (1 - alpha) > 2 * mpmath.exp(-5)


def test_eq14_misses_the_t_equals_i_term() -> None:
    alpha, alpha_ii = _alphas(1)
    assert alpha_ii * alpha > mpmath.mpf("0.1")  # |J - (14)| = alpha_ii alpha |V u| |a| with V = u = a = 1


def test_eq17_bound_fails_at_gamma_five() -> None:
    alpha, _ = _alphas(5)
    assert 5 * alpha * (1 - alpha) > 5 * 2 * mpmath.exp(-5)


def test_reverse_triangle_step_fails_at_gamma_one_quarter() -> None:
    g = mpmath.mpf(1) / 4
    alpha, alpha_ii = _alphas(g)
    J = alpha + alpha * (1 - alpha) * g - alpha_ii * alpha
    assert 0 < J < alpha - alpha * (1 - alpha) * g


def test_gamma_choice_meets_the_printed_conditions_but_the_bound_fails() -> None:
    g, eps = 3, mpmath.mpf(1) / 2
    assert mpmath.exp(-g) <= eps / 2 and g * mpmath.exp(-g) <= eps / 2
    alpha, alpha_ii = _alphas(g, au=9, m=0)
    J = alpha * (1 + (1 - alpha) * g - alpha_ii * 9)
    assert abs(J) < 1 - eps


def test_conclusion_holds_at_sample_distances_by_independent_evaluation() -> None:
    eps = mpmath.mpf(1) / 10
    for n in (2, 3, 17, 1000, 10**6 + 1):
        g = 2 + mpmath.log(n / eps)
        alpha, alpha_ii = _alphas(g, au=1, m=n - 2)
        assert alpha * (1 + (1 - alpha) * g - alpha_ii) >= 1 - eps


# --- perturbations must be rejected --------------------------------------------------------------------------


def _conclusion_goal(eps: Fraction, gamma_shift: str = "2", value_entry: str = "1") -> dict:
    lhs, rhs = sc.conclusion_goal(eps)
    lhs = lhs.replace("(2 + log(", f"({gamma_shift} + log(").replace("abs(", f"abs(({value_entry})*", 1)
    return {"box": {"n": ["2", "1000"]}, "lhs": lhs, "op": ">=", "rhs": rhs}


def test_conclusion_fails_when_gamma_is_lowered_or_the_value_matrix_shrinks() -> None:
    pieces = sc.geometric_pieces(2, 1000, Fraction(11, 10))
    good = _conclusion_goal(Fraction(1, 10))
    check_obligation(
        "interval_inequality", read_goal("interval_inequality", good, "t"), {"precision": 64, "pieces": pieces}, "t"
    )
    for bad in (
        _conclusion_goal(Fraction(1, 10), gamma_shift="-4"),
        _conclusion_goal(Fraction(1, 10), value_entry="4/5"),
    ):
        with pytest.raises(KernelError):
            check_obligation(
                "interval_inequality",
                read_goal("interval_inequality", bad, "t"),
                {"precision": 64, "pieces": pieces},
                "t",
            )


def test_tampered_conclusion_goal_is_rejected_as_a_different_statement() -> None:
    cert = _cert("thm5.1.conclusion.instance")
    ob = _obligation(cert, "eps-10")
    ob["goal"]["lhs"] = ob["goal"]["lhs"].replace("(2 + log(", "(3 + log(")
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("differs from the registered statement" in e for e in result.errors)


def test_instance_gamma_misses_the_sufficient_condition_at_the_largest_distance() -> None:
    g = 2 + mpmath.log(10 * (10**6 + 1))
    left = ((1 + g) * (E + 10**6 - 1) + E) * mpmath.exp(-g)
    assert 2.5 * mpmath.mpf("0.1") < left < 2.7 * mpmath.mpf("0.1")  # about 2.6 eps, as the statement says


def test_gamma_choice_corrected_fails_with_the_printed_gamma() -> None:
    goal = next(o for o in sc.corrected_gamma_checks() if o.name == "conclusion").goal
    goal = {**goal, "lhs": goal["lhs"].replace("(13)", "(3)")}
    with pytest.raises(KernelError):
        check_obligation("interval_inequality", read_goal("interval_inequality", goal, "t"), {"precision": 128}, "t")


def test_counterexample_moved_to_a_point_where_the_step_holds_is_rejected() -> None:
    cert = _cert("thm5.1.eq11")
    _obligation(cert, "one-minus-alpha-bound")["witness"]["point"]["g"] = "1"  # the bound holds at gamma = 1
    assert not check_certificate(_rehash(cert), "t").valid


def test_counterexample_violating_the_hypothesis_a_nonzero_is_rejected() -> None:
    cert = _cert("thm5.1.logits-other")
    _obligation(cert, "logit-i-zero")["witness"]["point"]["u"] = "0"
    assert not check_certificate(_rehash(cert), "t").valid


def test_positive_combination_with_a_perturbed_coefficient_is_rejected() -> None:
    cert = _cert("thm5.1.eq12.corrected")
    terms = _obligation(cert, "outer")["witness"]["terms"]
    terms[0]["coeff"] = str(Fraction(terms[0]["coeff"]) + 1)
    assert not check_certificate(_rehash(cert), "t").valid


# --- the true Jacobian of each refutation is the certified derivative (shared literal expressions) ---------


@pytest.mark.parametrize(
    ("claim_id", "name"),
    [("thm5.1.eq14", "jacobian"), ("thm5.1.reverse-triangle", "lower-bound"), ("thm5.1.gamma-choice", "conclusion")],
)
def test_refutations_compare_against_the_expression_proved_to_be_the_derivative(claim_id: str, name: str) -> None:
    cert = _cert(claim_id)
    tie = _obligation(cert, "true-jacobian")["goal"]
    assert tie["value"] == sc.M["J"] and tie["wrt"] == "t"
    assert sc.M["J"] in _obligation(cert, name)["goal"]["claim"]["lhs"]


def test_two_dimensional_reading_uses_entries_proved_to_be_the_derivative() -> None:
    cert = _cert("thm5.1.gamma-choice")
    frobenius = _obligation(cert, "conclusion-true-alpha")["goal"]["claim"]["lhs"]
    entries = [_obligation(cert, f"true-jacobian-2d-{p}{k}")["goal"]["value"] for p in (1, 2) for k in (1, 2)]
    assert frobenius == "sqrt(" + " + ".join(f"{x}^2" for x in entries) + ")"


def test_the_printed_jacobian_is_not_the_derivative_of_the_literal_model() -> None:
    tie = sc.true_jacobian_1d()
    goal = {**tie.goal, "value": sc.M["J14"]}
    with pytest.raises(KernelError, match="differ"):
        check_obligation(tie.kind, read_goal(tie.kind, goal, "t"), {}, "t")
