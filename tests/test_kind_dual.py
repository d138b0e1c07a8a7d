"""Kernel kind dual_coordinates (kernel/theories/modes/kind_dual.py): eq. (20) coordinates in the Theorem 4.4 basis."""

from __future__ import annotations

import copy
import json

import pytest

from verify.certificate import reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _check(goal: dict, witness: dict) -> None:
    check_obligation("dual_coordinates", read_goal("dual_coordinates", goal, "t"), witness, "t")


def _dual() -> tuple[dict, dict]:
    """A valid dual_coordinates goal and witness, built for the complex-pair instance of Appendix A."""
    from verify.claims.sA_modes import dual_obligation, instance_data

    ob = dual_obligation("dual", instance_data("pair"))
    return copy.deepcopy(ob.goal), copy.deepcopy(ob.witness)


def _bump(element: object) -> None:
    """Add 1 to the first trace coordinate of a K[tau] element (plain or compact form)."""
    if isinstance(element, dict):
        element["numerators"][0][0] = str(int(element["numerators"][0][0]) + int(element["denominator"]))
    else:
        element[0][0] = _plus_one(element[0][0])


def _plus_one(text: str) -> str:
    from fractions import Fraction

    value = Fraction(text) + 1
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def test_dual_coordinates_accepts_exact_coordinates():
    _check(*_dual())


def test_dual_coordinates_rejects_a_perturbed_coordinate():
    goal, witness = _dual()
    _bump(goal["b"][0][0])
    with pytest.raises(KernelError, match="coeff differs from sum_h b_h M_h"):
        _check(goal, witness)


def test_dual_coordinates_rejects_functionals_that_are_not_dual():
    goal, witness = _dual()
    witness["functionals"][0][0][0] = "7"
    with pytest.raises(KernelError, match="is not delta"):
        _check(goal, witness)


def test_dual_coordinates_rejects_lags_that_are_not_the_first_ones():
    goal, witness = _dual()
    assert goal["lags"] == [0, 1, 2]
    with pytest.raises(KernelError, match="lags"):
        _check({**goal, "lags": [0, 1, 3]}, witness)


def test_dual_coordinates_rejects_lags_outside_the_state_dimension():
    goal, _ = _dual()
    with pytest.raises(KernelError, match="expected an integer in \\[0, 2\\]"):
        read_goal("dual_coordinates", {**goal, "lags": [0, 1, 5]}, "t")


def test_dual_coordinates_pins_the_support_of_b():
    goal, witness = _dual()
    heads = goal["support"]["heads"]
    heads[0][0] = heads[0][0] + [1]
    with pytest.raises(KernelError, match="expected the support of b"):
        _check(goal, witness)
    goal, witness = _dual()
    goal["support"]["moduli"] = list(reversed(goal["support"]["moduli"]))
    with pytest.raises(KernelError, match="differ from the moduli of the modes"):
        _check(goal, witness)


def test_dual_coordinates_reads_a_support_with_increasing_powers_only():
    goal, _ = _dual()
    goal["support"]["heads"][0][0] = [1, 0]
    with pytest.raises(KernelError, match="strictly increasing powers"):
        read_goal("dual_coordinates", goal, "t")


def test_certificate_with_a_perturbed_coordinate_is_rejected_after_resealing():
    from verify.claims.sA_modes import eq20

    cert = json.loads(json.dumps(eq20()))
    item = next(o for o in cert["obligations"] if o["name"] == "pair.dual")
    _bump(cert["params"]["pair.b"][1][0])
    _bump(item["goal"]["b"][1][0])
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("pair.dual" in e and "coeff differs from sum_h b_h M_h" in e for e in result.errors), result.errors
