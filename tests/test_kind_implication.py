"""Tests of the kernel kind implied_inequality (verify/kernel/theories/positivity/kind_implication.py)."""

from __future__ import annotations

import copy
import json

import pytest

from verify.certificate import certificate_bytes, make_certificate, reseal
from verify.claims.s5_common import implied
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

KIND = "implied_inequality"


def _goal(**change: object) -> dict:
    """x*y - 1 >= 0 from the hypothesis x - 1 >= 0, y = 1 (x, y declared >= 0)."""
    goal = {
        "vars": ["x", "y"],
        "nonneg": ["x", "y"],
        "facts": [
            {"name": "x-at-least-one", "poly": "x - 1", "rel": ">="},
            {"name": "y-one", "poly": "y - 1", "rel": "=="},
        ],
        "claim": "x*y - 1",
    }
    goal.update(change)
    return goal


def _witness(**change: object) -> dict:
    """q = 1: x*y - 1 = (x - 1) + x (y - 1)."""
    witness = {
        "multiplier": "1",
        "products": [{"coeff": "1", "facts": ["x-at-least-one"], "square": "1"}],
        "equalities": [{"fact": "y-one", "times": "x"}],
    }
    witness.update(change)
    return witness


def _check(goal: dict, witness: dict) -> None:
    """Read the goal and check the witness."""
    check_obligation(KIND, read_goal(KIND, goal, "t"), witness, "t")


def test_kernel_accepts_a_claim_that_is_a_combination_of_the_hypotheses() -> None:
    _check(_goal(), _witness())


def test_kernel_rejects_a_combination_that_does_not_add_up() -> None:
    with pytest.raises(KernelError, match="differs from the products"):
        _check(_goal(), _witness(equalities=[{"fact": "y-one", "times": "2*x"}]))


@pytest.mark.parametrize(
    ("products", "message"),
    [
        ([{"coeff": "-1", "facts": ["x-at-least-one"], "square": "1"}], "coefficient > 0"),
        ([{"coeff": "0", "facts": ["x-at-least-one"], "square": "1"}], "zero-weight products are omitted"),
        ([{"coeff": "1", "facts": ["y-one"], "square": "1"}], "is a '==' fact, expected a '>=' fact"),
        ([{"coeff": "1", "facts": ["nowhere"], "square": "1"}], "expected a fact of the goal"),
        ([{"coeff": "1", "atoms": ["z"], "square": "1"}], "expected a variable declared >= 0"),
        ([{"coeff": "1", "facts": ["x-at-least-one"], "square": "0-1"}], "canonical sign"),
    ],
)
def test_kernel_rejects_products_that_are_not_nonnegative(products: list, message: str) -> None:
    goal = _goal(vars=["x", "y", "z"])
    with pytest.raises(KernelError, match=message):
        _check(goal, _witness(products=products))


@pytest.mark.parametrize(
    ("multiplier", "message"),
    [("0", "nonzero"), ("0-1", "coefficient <= 0"), ("x", "no term of the multiplier"), ("z", "odd power")],
)
def test_kernel_rejects_a_multiplier_that_may_vanish_or_be_negative(multiplier: str, message: str) -> None:
    with pytest.raises(KernelError, match=message):
        _check(_goal(vars=["x", "y", "z"]), _witness(multiplier=multiplier))


def test_kernel_uses_the_built_in_facts_of_exp_only_where_they_hold() -> None:
    # T = exp(g/2), G = exp(g): G = T^2 and T >= 1 + g/2 give G - 1 - g >= 0 (after G = T^2 >= (1 + g/2)^2 ...).
    goal = {"vars": ["g", "T"], "exps": {"T": "g/2"}, "facts": [], "claim": "T - 1 - g/2"}
    _check(goal, {"multiplier": "1", "products": [{"coeff": "1", "facts": ["exp_tangent:T"], "square": "1"}]})
    goal["claim"] = "T - 1 - g"
    with pytest.raises(KernelError, match="differs"):
        _check(goal, {"multiplier": "1", "products": [{"coeff": "1", "facts": ["exp_tangent:T"], "square": "1"}]})
    power = {"vars": ["g", "T", "G"], "exps": {"T": "g/2", "G": "g"}, "facts": [], "claim": "G - T^2"}
    _check(power, {"multiplier": "1", "products": [], "equalities": [{"fact": "exp_power:G:T:2", "times": "1"}]})
    power["exps"] = {"T": "g/3", "G": "g"}
    with pytest.raises(KernelError, match="is not 2 times the exponent"):
        _check(power, {"multiplier": "1", "products": [], "equalities": [{"fact": "exp_power:G:T:2", "times": "1"}]})


@pytest.mark.parametrize("power", ["\u0662", "\u00b2", "2 ", "1", "17"])
def test_kernel_reads_the_power_of_exp_power_as_ascii_digits_in_range(power: str) -> None:
    goal = {"vars": ["g", "T", "G"], "exps": {"T": "g/2", "G": "g"}, "facts": [], "claim": "G - T^2"}
    fact = f"exp_power:G:T:{power}"
    with pytest.raises(KernelError, match="expected an integer in \\[2, 16\\]"):
        _check(goal, {"multiplier": "1", "products": [], "equalities": [{"fact": fact, "times": "1"}]})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"facts": [{"name": "a:b", "poly": "x", "rel": ">="}]}, "without ':'"),
        ({"facts": [{"name": "f", "poly": "x", "rel": "<="}]}, "expected one of"),
        ({"nonneg": ["q"]}, "not declared variables"),
        ({"exps": {"x": "y*x"}}, "must not contain exponential"),
        ({"claim": "x + i"}, "unknown variable 'i'"),
    ],
)
def test_kernel_rejects_malformed_goals(change: dict, message: str) -> None:
    with pytest.raises(KernelError, match=message):
        read_goal(KIND, _goal(**change), "t")


def _certificate() -> dict:
    """A small certificate of the kind inside the statement of thm5.1.gamma-choice.corrected."""
    from verify.claims.s5_general import CORRECTED

    cert = make_certificate("thm5.1.gamma-choice.corrected", "certified", CORRECTED["thm5.1.gamma-choice.corrected"]())
    return json.loads(certificate_bytes(cert))


def test_resealed_certificate_with_a_changed_weight_is_rejected() -> None:
    cert = _certificate()
    assert check_certificate(cert, "t").valid
    bad = copy.deepcopy(cert)
    ob = next(o for o in bad["obligations"] if o["name"] == "condition-every-i")
    ob["witness"]["products"][0]["coeff"] = str(int(ob["witness"]["products"][0]["coeff"]) + 1)
    result = check_certificate(reseal(bad), "t")
    assert not result.valid and any("multiplier * claim differs" in e for e in result.errors)


def test_resealed_certificate_with_a_weaker_choice_of_gamma_is_rejected() -> None:
    bad = _certificate()
    ob = next(o for o in bad["obligations"] if o["name"] == "condition-every-i")
    ob["goal"]["facts"][0]["poly"] = ob["goal"]["facts"][0]["poly"].replace("4*(C + m)", "(C + m)")
    result = check_certificate(reseal(bad), "t")
    assert not result.valid and any("differs from the registered statement" in e for e in result.errors)
    with pytest.raises(KernelError, match="multiplier \\* claim differs"):
        check_obligation(KIND, read_goal(KIND, ob["goal"], "t"), ob["witness"], "t")


def test_producer_refuses_a_gamma_too_small_for_the_condition() -> None:
    """With gamma = 2 log(1 + nV (C + m)/eps) the chain of the certificate no longer closes."""
    fact = ("gamma", "eps*T - eps - nV*(C + m)", "==")
    mult = {"exp_power:G:T:2": "eps^2", "gamma": "eps + nV*(C + m) + eps*T - 2*nV*(C + m)",
            "exp_tangent:T": "2*eps*nV*(C + m)"}  # fmt: skip
    names = ["nV", "nu", "na", "eps", "T", "g", "G", "c", "C", "m"]
    signs = {"nonneg": ["nV", "nu", "na", "m"], "positive": ["eps"]}
    with pytest.raises(ValueError, match="not a nonnegative product"):
        implied("x", names, [fact], "eps*G - nV*((1 + g)*(C + m) + C*nu*na)", "eps", mult, signs,
                {"G": "g", "T": "g/2", "C": "c"})  # fmt: skip
