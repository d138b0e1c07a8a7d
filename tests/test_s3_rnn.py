"""Section 3.2: Eq. (1) with Jacobian weights fails for nonlinear RNNs; exact for linear ones, first order otherwise."""

from __future__ import annotations

import math

import pytest

from verify.certificate import reseal
from verify.claims.s3_rnn import POINTS
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


@pytest.mark.parametrize(
    ("claim_id", "verdict"),
    [("sec3.2.rnn-jacobian.eq1", "refuted"), ("sec3.2.rnn-jacobian.eq1.corrected", "certified")],
)
def test_rnn_certificates_have_their_verdict_and_are_valid(cert_of, claim_id, verdict):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == verdict and result.valid, result.errors


def test_the_tanh_point_really_separates_eq1_from_the_output():
    u, x = POINTS["tanh-eq1"]["U"], POINTS["tanh-eq1"]["x1"]
    jacobian_sum = (1 - math.tanh(u * x) ** 2) * u * x
    assert abs(jacobian_sum - math.tanh(u * x)) > 0.3  # 0.41997 against 0.76159


def test_a_point_where_eq1_holds_is_not_a_counterexample(cert_of):
    cert = cert_of("sec3.2.rnn-jacobian.eq1")
    ob = next(o for o in cert["obligations"] if o["name"] == "tanh-eq1")
    ob["witness"]["point"] = {"U": "0", "x1": "1"}  # both sides are 0
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("not violated" in e for e in result.errors)


def test_a_wrong_tanh_derivative_is_rejected():
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal
    from verify.statements.s3_rnn import tanh_derivative

    goal = tanh_derivative()["goal"]
    goal["value"] = {"num": "2*U*E", "den": "(E + 1)^2"}
    with pytest.raises(KernelError, match="rational functions differ"):
        check_obligation("exp_rational_identity", read_goal("exp_rational_identity", goal, "t"), {}, "t")


def test_the_linear_identity_fails_without_the_last_jacobian_term(cert_of):
    cert = cert_of("sec3.2.rnn-jacobian.eq1.corrected")
    ob = next(o for o in cert["obligations"] if o["name"] == "linear.eq1")
    goal = dict(ob["goal"], lhs=ob["goal"]["lhs"].removesuffix(" + (U2)*(x3))") + ")")  # the last term dropped
    with pytest.raises(KernelError):  # the mathematics fails (the kernel first refuses any edited goal)
        check_obligation(ob["kind"], read_goal(ob["kind"], goal, "t"), ob.get("witness"), "t")
    ob["goal"] = goal
    assert not check_certificate(reseal(cert), "t").valid


def test_the_first_order_remainder_is_not_divisible_by_t_cubed():
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal
    from verify.statements.s3_rnn import first_order_goal

    goal = first_order_goal()["goal"]
    goal["order"] = 3  # the remainder is O(t^2), not O(t^3): the expansion is first order only
    with pytest.raises(KernelError, match="< 3 in t"):
        check_obligation("vanishing_order", read_goal("vanishing_order", goal, "t"), {}, "t")
