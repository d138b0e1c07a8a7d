"""Tests of verify/claims/s5_construction.py: Theorem 5.1 part (2) at the construction, refutations and corrections.

Each certificate must pass the kernel with its verdict; each refutation is re-evaluated independently with
mpmath; perturbing gamma, an entry or a witness must make the kernel reject.
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
from verify.kernel.errors import KernelError
from verify.kernel.obligations import check_obligation, read_goal

BUILDERS = {
    "thm5.1.logits-other": (sc.logits_other, "refuted"),
    "thm5.1.logits-other.corrected": (sc.logits_other_corrected, "certified"),
    "thm5.1.eq11": (sc.eq11, "refuted"),
    "thm5.1.eq11.corrected": (sc.eq11_corrected, "certified"),
    "thm5.1.eq12": (sc.eq12, "refuted"),
    "thm5.1.eq12.corrected": (sc.eq12_corrected, "certified"),
    "thm5.1.eq14": (sc.eq14, "refuted"),
    "thm5.1.eq14.corrected": (sc.eq14_corrected, "certified"),
    "thm5.1.eq17": (sc.eq17, "refuted"),
    "thm5.1.eq17.corrected": (sc.eq17_corrected, "certified"),
    "thm5.1.reverse-triangle": (sc.reverse_triangle, "refuted"),
    "thm5.1.reverse-triangle.corrected": (sc.reverse_triangle_corrected, "certified"),
    "thm5.1.gamma-choice": (sc.gamma_choice, "refuted"),
    "thm5.1.gamma-choice.corrected": (sc.gamma_choice_corrected, "certified"),
    "thm5.1.conclusion": (sc.conclusion, "certified"),
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
    cert = _cert("thm5.1.conclusion")
    ob = _obligation(cert, "eps-10")
    ob["goal"]["lhs"] = ob["goal"]["lhs"].replace("(2 + log(", "(3 + log(")
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("differs from the registered statement" in e for e in result.errors)


def test_gamma_choice_corrected_fails_with_the_printed_gamma() -> None:
    cert = _cert("thm5.1.gamma-choice.corrected")
    goal = _obligation(cert, "conclusion")["goal"]
    goal["lhs"] = goal["lhs"].replace("(13)", "(3)")
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


@pytest.mark.parametrize(
    ("claim_id", "name"), [("thm5.1.eq17.corrected", "score-j"), ("thm5.1.reverse-triangle.corrected", "core")]
)
def test_positive_combination_with_a_perturbed_coefficient_is_rejected(claim_id: str, name: str) -> None:
    cert = _cert(claim_id)
    terms = _obligation(cert, name)["witness"]["terms"]
    terms[0]["coeff"] = str(Fraction(terms[0]["coeff"]) + 1)
    assert not check_certificate(_rehash(cert), "t").valid


def test_corrected_jacobian_with_the_t_equals_i_term_dropped_is_rejected() -> None:
    cert = _cert("thm5.1.eq14.corrected")
    ob = _obligation(cert, "jacobian-1d")
    goal = read_goal(ob["kind"], ob["goal"], "t")
    check_obligation(ob["kind"], goal, None, "t")
    num = ob["goal"]["value"]["num"]
    ob["goal"]["value"]["num"] = {
        "vars": num["vars"],
        "terms": [t for t in num["terms"] if t[1][num["vars"].index("u")] == 0],
    }
    with pytest.raises(KernelError, match="differ"):
        check_obligation(ob["kind"], read_goal(ob["kind"], ob["goal"], "t"), None, "t")
