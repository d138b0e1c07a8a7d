"""Certificates of Appendix A eqs. (18)-(21), features and real form: valid, and rejected when a mode is perturbed."""

from __future__ import annotations

import pytest
from flint import fmpq

from constructions.modes import mode_value
from verify.certificate import reseal as _rehash
from verify.claims.sA_modes import INSTANCES, instance_data
from verify.kernel import check_certificate

IDS = ["appA.eq18", "appA.eq19", "appA.eq20", "appA.eq21", "appA.features", "appA.realform"]


@pytest.mark.parametrize("claim_id", IDS)
def test_appendix_a_certificate_is_valid(cert_of, claim_id):
    result = check_certificate(cert_of(claim_id), claim_id)
    assert result.valid, result.errors


def _obligation(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)


def _bump(element: object) -> None:
    """Add 1/7 to the first trace coordinate of a K[tau] element (plain or compact form)."""
    if isinstance(element, dict):
        den = int(element["denominator"])
        element["denominator"] = str(7 * den)
        element["numerators"] = [[str(7 * int(x)) for x in row] for row in element["numerators"]]
        element["numerators"][0][0] = str(int(element["numerators"][0][0]) + den)
    else:
        value = fmpq(*map(int, element[0][0].split("/"))) if "/" in element[0][0] else fmpq(int(element[0][0]))
        element[0][0] = str(value + fmpq(1, 7))


def test_eq19_is_rejected_when_an_output_coefficient_is_perturbed(cert_of):
    cert = cert_of("appA.eq19")
    for modes in (cert["params"]["jordan3.output"], _obligation(cert, "jordan3.W")["goal"]["modes"]):
        _bump(modes[0]["coeff"][0][0])
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("jordan3.W" in e and "W(" in e for e in result.errors), result.errors


def test_features_are_rejected_when_a_feature_coefficient_is_perturbed(cert_of):
    cert = cert_of("appA.features")
    feature = _obligation(cert, "pair")["witness"]["heads"][0]["features"][0][0]
    feature["psi"] = f"2*({feature['psi']})"
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("differs" in e for e in result.errors)


def test_real_features_are_rejected_when_a_feature_is_perturbed(cert_of):
    cert = cert_of("appA.realform")
    feature = _obligation(cert, "sqrt2")["witness"]["heads"][1]["features"][1][0]  # head 1 does not see mode 0
    feature["psi"] = f"2*({feature['psi']})"
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("differs from X sum_q Z_q" in e for e in result.errors)


def test_eq21_is_rejected_when_the_split_of_the_pascal_step_is_wrong(cert_of):
    cert = cert_of("appA.eq21")
    ob = _obligation(cert, "binomial")
    ob["witness"]["split"] = ["jj", "ii - 2*jj"]  # alpha + beta = ii - jj still, but the step does not close
    result = check_certificate(_rehash(cert), "t")
    assert not result.valid and any("step t = 0" in e for e in result.errors)


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_closed_form_coefficients_equal_theorem_4_4_coefficients(name):
    from constructions.ssm import coefficient_table

    data = instance_data(name)
    start = data["modes"].start
    table = coefficient_table(data["thm44"], 30).to_Matrix().tolist()
    for tau in range(start, 30):
        for h, row in enumerate(data["b"]):
            closed = sum((mode_value(b, tau, m.eigen.modulus) for m, b in zip(data["modes"].modes, row)), fmpq(0))
            assert closed == fmpq(int(table[tau][h].p), int(table[tau][h].q))


def test_feature_count_respects_the_bound_with_equality_for_full_modes():
    data = instance_data("jordan3")
    sizes = [m.size for m in data["modes"].modes]
    assert sorted(sizes) == [1, 3]
    assert sum(s * (s + 1) // 2 for s in sizes) == 7


def test_jordan_block_closed_form_is_certified_and_a_wrong_exponent_is_rejected(cert_of):
    from verify.claims.sA_modes import jordan_block_obligation
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    assert check_certificate(cert_of("appA.eq18.block"), "t").valid
    block = jordan_block_obligation()
    goal = dict(block.goal, powers=[{"base": "lam", "exponent": [1, -1, 1]}, block.goal["powers"][1]])
    with pytest.raises(KernelError, match="base"):
        check_obligation("binomial_expansion", read_goal("binomial_expansion", goal, "t"), block.witness, "t")
