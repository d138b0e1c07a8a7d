"""Tests of verify/claims/num_checks.py: num.* certificates pass the kernel, and tampered ones do not."""

from __future__ import annotations

import math

import pytest

from numeric.backends import get_backend
from numeric.checks import SIZES
from numeric.heads_local import local_check
from verify.certificate import reseal as _rehash
from verify.kernel import check_certificate

IDS = ["num.thm4.4", "num.ssm.forms", "num.appA.eq21"]


@pytest.fixture(scope="module")
def certs():
    """One fresh certificate per num.* claim (default scale, numpy)."""
    import json

    from verify.certificate import certificate_bytes
    from verify.registry import get_claim

    return {i: json.loads(certificate_bytes(get_claim(i).build())) for i in IDS}


@pytest.mark.parametrize("claim_id", IDS)
def test_num_claim_is_certified_by_the_kernel(certs, claim_id):
    result = check_certificate(certs[claim_id], claim_id)
    assert result.valid, result.errors
    assert certs[claim_id]["params"]["scale"] == "default"


def test_kernel_rejects_an_error_raised_above_the_bound(certs):
    cert = {**certs["num.ssm.forms"]}
    cert["obligations"] = [dict(o) for o in cert["obligations"]]
    cert["obligations"][0] = {**cert["obligations"][0], "witness": {**cert["obligations"][0]["witness"], "error": "1"}}
    result = check_certificate(_rehash(cert), "tampered")
    assert not result.valid and any("exceeds the a-priori bound" in e for e in result.errors)


def test_kernel_rejects_a_norm_inflated_to_cover_a_large_error(certs):
    from fractions import Fraction

    from numeric.bounds import evaluate

    cert = {**certs["num.ssm.forms"]}
    cert["obligations"] = [dict(o) for o in cert["obligations"]]
    ob = cert["obligations"][0]
    values = dict(ob["witness"]["values"], Psum=str(10**30))
    env = {**ob["goal"]["sizes"], **{k: Fraction(v) for k, v in values.items()}}
    assert evaluate("direct", env) > 1000  # the inflated norm would cover the forged error: only its cap stops it
    cert["obligations"][0] = {**ob, "witness": {**ob["witness"], "values": values, "error": "1000"}}
    result = check_certificate(_rehash(cert), "inflated")
    assert not result.valid and any("Psum: 1.000000e+30 exceeds its exact cap" in e for e in result.errors)


def test_kernel_rejects_every_value_raised_just_above_its_cap(certs):
    from fractions import Fraction

    from numeric.caps import cap_values

    cert = certs["num.thm4.4"]
    ob = cert["obligations"][3]
    goal = ob["goal"]
    limits = cap_values(goal["caps"], goal["sizes"], goal["matrices"])
    for name, cap in limits.items():
        # the next dyadic above the cap with 60 bits below max(cap, 1) (a cap with a long exact form, such as the
        # carried part's geometric sums in |lambda|^L, has too many digits to be written out plus a tiny amount)
        bits = 60 + max(0, cap.denominator.bit_length() - cap.numerator.bit_length() + 1)
        raised = Fraction(math.floor(cap * 2**bits) + 1, 2**bits)
        assert cap < raised <= cap + Fraction(1, 2**59) * max(cap, 1)
        text = f"{raised.numerator}/{raised.denominator}"
        forged = {**cert, "obligations": list(cert["obligations"])}
        values = {**ob["witness"]["values"], name: text}
        forged["obligations"][3] = {**ob, "witness": {**ob["witness"], "values": values}}
        result = check_certificate(_rehash(forged), "raised")
        assert not result.valid and any(f"{name}:" in e and "exceeds its exact cap" in e for e in result.errors), name


def test_kernel_rejects_a_certificate_built_from_a_corrupted_coefficient(certs):
    cert = {**certs["num.thm4.4"]}
    name = "heads-vs-scan:random16:modal"
    bad = local_check(get_backend(), "random16", SIZES["default"]["heads"], "modal", corrupt=1e-9)
    cert["obligations"] = [dict(o, witness=bad.witness()) if o["name"] == name else o for o in cert["obligations"]]
    result = check_certificate(_rehash(cert), "corrupted")
    assert not result.valid
    assert any(name in e and "exceeds the a-priori bound" in e for e in result.errors)


def test_kernel_rejects_a_shrunk_shadow_norm(certs):
    cert = {**certs["num.thm4.4"]}
    first = dict(cert["obligations"][0])
    values = dict(first["witness"]["values"], CF="0")
    first["witness"] = dict(first["witness"], values=values)
    cert["obligations"] = [first] + cert["obligations"][1:]
    result = check_certificate(_rehash(cert), "shrunk")
    assert not result.valid and any("fact does not hold" in e for e in result.errors)


def test_kernel_rejects_a_changed_size_parameter(certs):
    cert = {**certs["num.thm4.4"], "params": {**certs["num.thm4.4"]["params"], "n": 10**7}}
    result = check_certificate(_rehash(cert), "resized")
    assert not result.valid


def test_corruption_switch_makes_every_heads_obligation_invalid(monkeypatch):
    from verify.registry import get_claim

    monkeypatch.setenv("VERIFY_NUMERIC_CORRUPT", "1e-7")
    result = check_certificate(get_claim("num.thm4.4").build(), "corrupt")
    assert not result.valid
    assert sum("exceeds the a-priori bound" in e for e in result.errors) == 6


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", IDS)
def test_num_claim_is_certified_at_large_scale(monkeypatch, claim_id):
    from verify.registry import get_claim

    monkeypatch.setenv("VERIFY_NUMERIC_SCALE", "large")
    cert = get_claim(claim_id).build()
    assert cert["params"]["scale"] == "large"
    result = check_certificate(cert, claim_id)
    assert result.valid, result.errors
