"""(A2) and the 2x2-block claim: certificates valid, lower bounds grow with n, tampering rejected."""

from __future__ import annotations

import pytest

from constructions.modes import NotBlockable
from verify.certificate import reseal as _rehash
from verify.claims.sA_modes import INSTANCES
from verify.claims.sA_singular import DELTA, block_certificate, head_masks
from verify.kernel import check_certificate


@pytest.mark.parametrize(
    "claim_id",
    [
        "appA.A2",
        "appA.A2.corrected",
        "review.blockdiag",
        "review.blockdiag.ssm",
        "appA.eq18.singular",
    ],
)
def test_singular_and_block_certificates_are_valid(cert_of, claim_id):
    result = check_certificate(cert_of(claim_id), claim_id)
    assert result.valid, result.errors


def test_a2_is_refuted_with_a_bound_above_the_papers_formula(cert_of):
    cert = cert_of("appA.A2")
    assert cert["verdict"] == "refuted"
    bounds = {o["name"]: o["goal"]["bound"] for o in cert["obligations"]}
    assert bounds["delta.h0.n16"] == 16 > 1
    assert max(v for k, v in bounds.items() if k.startswith("singular")) > 1 + 3


def test_the_lower_bound_grows_linearly_with_the_length():
    bounds = [head_masks(INSTANCES["singular"], n)[1]["bound"] for n in (8, 16, 32)]
    assert bounds == [7, 15, 31]
    assert [head_masks(DELTA, n)[0]["bound"] for n in (8, 16)] == [8, 16]


def test_a2_lower_bound_is_rejected_when_the_witness_is_shifted(cert_of):
    cert = cert_of("appA.A2.corrected")
    ob = next(o for o in cert["obligations"] if o["name"] == "singular.h2.n8.lower")
    ob["witness"]["cols"] = [c + 1 for c in ob["witness"]["cols"][:-1]] + [8]
    assert not check_certificate(_rehash(cert), "t").valid


def test_block_form_is_rejected_for_a_jordan_block_of_size_three():
    with pytest.raises(NotBlockable):
        block_certificate(*INSTANCES["jordan3"])


def test_block_certificate_rejects_a_complex_ssm():
    with pytest.raises(ValueError, match="real SSM"):
        block_certificate([["i"]], [["1"]], [["1"]])


def test_block_certificate_is_rejected_when_t_is_tampered(cert_of):
    cert = cert_of("review.blockdiag.ssm")
    cert["obligations"][0]["witness"]["T"][0][0] = "7"
    assert not check_certificate(_rehash(cert), "t").valid
