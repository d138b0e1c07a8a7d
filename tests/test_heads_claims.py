"""verify/claims/s4_heads.py: every Theorem 4.4 claim builds a certificate the kernel accepts, against a frozen spec."""

from __future__ import annotations

import json

import pytest

from constructions.heads import INSTANCES
from constructions.ssm import interaction_basis
from verify.claims.s4_heads import TEMPLATE_DEFAULTS, heads_certificate, span_witness
from verify.kernel import check_certificate, statements

INSTANCE_IDS = [f"thm4.4.{name}" for name in sorted(INSTANCES)]
TEMPLATE_IDS = sorted(TEMPLATE_DEFAULTS)


@pytest.mark.parametrize("claim_id", INSTANCE_IDS + TEMPLATE_IDS + ["eq7.needed"])
def test_claim_certificate_is_accepted_by_the_kernel(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert result.valid, result.errors
    assert cert["verdict"] == "certified"


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_instance_spec_freezes_the_hand_worked_numbers(name):
    inst = INSTANCES[name]
    goals = {g["name"]: g["goal"] for g in statements()[f"thm4.4.{name}"]["certified"]}
    assert goals["condition7"]["k"] == inst.k and goals["condition7"]["n_min"] == inst.n_min
    assert goals["sufficiency"]["r"] == inst.r and goals["sufficiency"]["n"] == inst.n
    assert goals["sufficiency"]["A"] == inst.A


@pytest.mark.parametrize("claim_id", TEMPLATE_IDS)
def test_template_specs_take_the_ssm_from_params(claim_id):
    spec = statements()[claim_id]
    assert {"A", "B", "C"} <= set(spec["params"])
    assert all(g["goal"]["A"] == {"$param": "A"} for g in spec["certified"])


def test_instance_certificate_with_another_ssm_is_rejected():
    cert = json.loads(json.dumps(heads_certificate(INSTANCES["exp1-k4"].ssm(), 64, "thm4.4.heads")))
    cert["claim"] = "thm4.4.exp1-k2"
    cert["reference"] = statements()["thm4.4.exp1-k2"]["reference"]
    cert["statement"] = statements()["thm4.4.exp1-k2"]["statement"]
    del cert["params"]
    result = check_certificate(cert)
    assert not result.valid


def test_benchmark_certificate_at_n_4096_stays_small():
    basis = interaction_basis(INSTANCES["rot-m16"].ssm())
    cert = heads_certificate(basis.ssm, 4096, basis=basis)
    assert len(json.dumps(cert)) < 40_000
    assert len(span_witness(basis)["coefficients"]) == 16


def test_condition7_is_needed_one_head_suffices_for_the_stall_ssm_at_n_2(cert_of):
    cert = cert_of("eq7.needed")
    goals = {o["name"]: o["goal"] for o in cert["obligations"]}
    assert (goals["condition7"]["k"], goals["condition7"]["n_min"]) == (2, 3)
    assert {"K11", "K21", "K22", "K12"} <= set(goals)
    assert check_certificate(cert).valid
