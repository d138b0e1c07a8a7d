"""Section 3 certificates: the kernel accepts each one and rejects tampered goals, witnesses and verdicts."""

from __future__ import annotations

import copy
import json

import pytest

from verify.certificate import certificate_bytes
from verify.certificate import reseal as _rehash
from verify.claims import s3_framework
from verify.kernel import check_certificate, statements
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal
from verify.registry import _BUILDERS

S3_IDS = [k for k, v in statements().items() if v["spec_file"] == "s3_framework.json"]
REFUTED = {"def3.1.membership.attention"}
_CERTS: dict[str, dict] = {}


def _cert(claim_id: str) -> dict:
    """The certificate of a claim as a reader sees it (canonical JSON, parsed), built once."""
    if claim_id not in _CERTS:
        build = _BUILDERS[claim_id][0]
        _CERTS[claim_id] = json.loads(certificate_bytes(build()))
    return copy.deepcopy(_CERTS[claim_id])


def _obligation(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)


def test_every_section3_statement_has_a_builder():
    assert S3_IDS and all(claim_id in _BUILDERS for claim_id in S3_IDS)
    assert s3_framework.__name__.endswith("s3_framework")


def test_section3_spec_sorts_before_section4():
    files = [v["spec_file"] for v in statements().values()]
    assert files.index("s3_framework.json") < files.index("s4_rank_gap.json")


@pytest.mark.parametrize("claim_id", S3_IDS)
def test_kernel_accepts_the_certificate_with_its_verdict(claim_id):
    cert = _cert(claim_id)
    result = check_certificate(cert, claim_id)
    assert result.valid, result.errors
    assert cert["verdict"] == ("refuted" if claim_id in REFUTED else "certified")


def test_kernel_rejects_a_perturbed_coefficient_in_the_matrix_form():
    cert = _cert("def3.1.matrix-form")
    ob = _obligation(cert, "matrix-form")
    assert "L1_1*((((A1_1)" in ob["goal"]["lhs"]
    ob["goal"]["lhs"] = ob["goal"]["lhs"].replace("L1_1*((((A1_1)", "2*L1_1*((((A1_1)", 1)  # one coefficient doubled
    result = check_certificate(_rehash(cert), "tampered")
    assert not result.valid and any("differs from the registered statement" in e for e in result.errors)


def test_kernel_rejects_a_certified_verdict_for_softmax_membership():
    cert = _cert("def3.1.membership.attention")
    cert["verdict"] = "certified"
    result = check_certificate(_rehash(cert), "flipped")
    assert not result.valid and any("verdict" in e for e in result.errors)


def test_kernel_rejects_a_softmax_counterexample_whose_sequences_agree():
    cert = _cert("def3.1.membership.attention")
    _obligation(cert, "pair-determines-weight")["witness"]["point"]["y3"] = "0"
    result = check_certificate(_rehash(cert), "same-sequence")
    assert not result.valid and any("not violated (or undecided)" in e for e in result.errors)


def test_kernel_rejects_a_softmax_counterexample_with_different_query_tokens():
    cert = _cert("def3.1.membership.attention")
    _obligation(cert, "pair-determines-weight")["witness"]["point"]["y1"] = "2"
    result = check_certificate(_rehash(cert), "different-x1")
    assert not result.valid and any("hypothesis does not hold" in e for e in result.errors)


def test_kernel_rejects_an_order_counterexample_with_commuting_matrices():
    cert = _cert("def3.2.selective-ssm")
    point = _obligation(cert, "order-matters")["witness"]["point"]
    point.update({k: "0" for k in point if k.startswith("A")})
    result = check_certificate(_rehash(cert), "commuting")
    assert not result.valid


def test_kernel_rejects_the_ascending_product_as_the_recurrence():
    goal = copy.deepcopy(
        next(o for o in statements()["def3.2.selective-ssm"]["certified"] if o["name"] == "recurrence")
    )
    goal = goal["goal"]
    # swap the order of A_2 and A_3 in the j = 1 term of y_3 by exchanging their names
    swapped = goal["rhs"].replace("A2_", "#").replace("A3_", "A2_").replace("#", "A3_")
    parsed = read_goal("polynomial_identity", {**goal, "rhs": swapped}, "swap")
    with pytest.raises(KernelError, match="lhs - rhs is not zero"):
        check_obligation("polynomial_identity", parsed, None, "swap")


def test_kernel_rejects_a_jacobian_without_the_outer_derivative_factor():
    spec = next(o for o in statements()["sec3.2.rnn-jacobian"]["certified"] if o["name"] == "jacobian-22")["goal"]
    poly = spec["poly"].replace("t*((1 + 2*(", "t*((1 + 0*(")
    assert poly != spec["poly"]
    goal = read_goal("vanishing_order", {**spec, "poly": poly}, "no-D2")
    with pytest.raises(KernelError, match="< 2 in t"):
        check_obligation("vanishing_order", goal, None, "no-D2")


def test_kernel_rejects_an_fft_without_the_inverse_scaling():
    spec = next(o for o in statements()["sec3.2.duality.convolution"]["certified"] if o["name"] == "fft-padded")["goal"]
    lhs = spec["lhs"].replace("(1/4)*", "(1/2)*")
    goal = read_goal("polynomial_identity", {**spec, "lhs": lhs}, "fft")
    with pytest.raises(KernelError, match="not zero"):
        check_obligation("polynomial_identity", goal, None, "fft")


def test_membership_verdicts_match_an_independent_reading_of_definition_3_1():
    verdicts = {claim_id: _cert(claim_id)["verdict"] for claim_id in S3_IDS if claim_id.startswith("def3.1.membership")}
    assert verdicts == {
        "def3.1.membership.mlp": "certified",
        "def3.1.membership.cnn": "certified",
        "def3.1.membership.kan": "certified",
        "def3.1.membership.linear-attention": "certified",
        "def3.1.membership.attention": "refuted",
        "def3.1.membership.attention.corrected": "certified",
        "def3.1.membership.normalized-linear-attention": "certified",
    }
