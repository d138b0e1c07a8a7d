"""Tests of verify/claims/s5_gradients.py: part (1) of Theorem 5.1 and the general-point steps of part (2).

Each certificate must pass the kernel with its verdict; a perturbed witness or goal must be rejected.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from verify.certificate import certificate_bytes
from verify.certificate import reseal as _rehash
from verify.claims import s5_gradients as sg
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

BUILDERS = {
    "thm5.1.part1.jacobian": (sg.part1_jacobian, "certified"),
    "thm5.1.part1.bound": (sg.part1_bound, "certified"),
    "thm5.1.part1.loose": (sg.part1_loose, "certified"),
    "thm5.1.logit-j": (sg.logit_j, "certified"),
    "thm5.1.eq13": (sg.eq13, "certified"),
    "thm5.1.eq15": (sg.eq15, "certified"),
    "thm5.1.eq16": (sg.eq16, "certified"),
}
_CACHE: dict[str, dict] = {}


def _cert(claim_id: str) -> dict:
    if claim_id not in _CACHE:
        _CACHE[claim_id] = json.loads(certificate_bytes(BUILDERS[claim_id][0]()))
    return copy.deepcopy(_CACHE[claim_id])


def _obligation(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)


@pytest.mark.parametrize("claim_id", sorted(BUILDERS))
def test_every_part1_and_general_point_certificate_passes_the_kernel_with_its_verdict(claim_id: str) -> None:
    cert = _cert(claim_id)
    result = check_certificate(cert, claim_id)
    assert result.valid, result.errors
    assert cert["verdict"] == BUILDERS[claim_id][1]


def test_spectral_norm_witness_with_a_perturbed_pivot_is_rejected() -> None:
    cert = _cert("thm5.1.part1.loose")
    witness = _obligation(cert, "A40-far-below")["witness"]
    witness["D"][0] = str(Fraction(witness["D"][0]) * 2)
    assert not check_certificate(_rehash(cert), "t").valid


def test_ssm_jacobian_with_the_wrong_power_is_rejected() -> None:
    cert = _cert("thm5.1.part1.jacobian")
    ob = _obligation(cert, "J41")
    ob["goal"]["value"] = _obligation(cert, "J42")["goal"]["value"]
    with pytest.raises(KernelError, match="differ"):
        check_obligation(ob["kind"], read_goal(ob["kind"], ob["goal"], "t"), None, "t")


def test_ssm_and_attention_jacobians_are_stated_for_symbolic_sizes() -> None:
    for claim_id in ("thm5.1.part1.jacobian", "thm5.1.eq13", "thm5.1.eq15", "thm5.1.eq16", "thm5.1.logit-j"):
        for ob in _cert(claim_id)["obligations"]:
            if ob["kind"] == "dimension_free_identity":
                assert "d" in {x for shape in ob["goal"]["atoms"].values() for x in shape}, (claim_id, ob["name"])


def test_product_rule_for_every_number_of_tokens_needs_the_other_tokens_term() -> None:
    ob = _obligation(_cert("thm5.1.eq13"), "dy-dxj-every-i")
    ob["goal"]["value"] = ob["goal"]["value"].replace(" - (N/S)*alpha*T(g)", "")
    with pytest.raises(KernelError, match="differ in the coefficient of the word N"):
        check_obligation(ob["kind"], read_goal(ob["kind"], ob["goal"], "t"), None, "t")


def test_softmax_derivative_with_the_wrong_kronecker_delta_is_rejected() -> None:
    ob = _obligation(_cert("thm5.1.eq13"), "dalpha32-dx1")
    ob["goal"]["value"] = ob["goal"]["value"].replace("(0 - alpha1)", "(1 - alpha1)")
    with pytest.raises(KernelError, match="differ"):
        check_obligation(ob["kind"], read_goal(ob["kind"], ob["goal"], "t"), None, "t")
