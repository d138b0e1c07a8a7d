"""The kernel kinds of Theorem 4.4 (kind_ssm.py): each tampered witness or goal is rejected with a reason."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constructions.heads import INSTANCES
from constructions.ssm import interaction_basis, ssm_from_strings
from verify.certificate import reseal as _rehash
from verify.claims.s4_heads import heads_certificate, heads_obligations
from verify.kernel import check_certificate, content_hash
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

STALL = INSTANCES["stall"]


@cache
def _obligations_text(instance_name: str, n: int | None) -> str:
    """The obligations of one built-in instance as JSON text (built once per instance and length)."""
    inst = INSTANCES[instance_name]
    return json.dumps({o.name: o.to_json() for o in heads_obligations(inst.ssm(), n or inst.n)})


def _obligations(instance_name: str = "stall", n: int | None = None) -> dict[str, dict]:
    """Fresh obligations (as JSON) of one built-in instance, by name."""
    return json.loads(_obligations_text(instance_name, n))


def _check(item: dict) -> None:
    goal = read_goal(item["kind"], item["goal"], "ob")
    check_obligation(item["kind"], goal, item.get("witness"), "ob")


@pytest.mark.parametrize("name", ["condition7", "necessity", "sufficiency"])
def test_kernel_accepts_every_obligation_of_the_stall_instance(name):
    _check(_obligations()[name])


def test_kernel_rejects_perturbed_coefficient():
    item = _obligations()["sufficiency"]
    item["witness"]["coefficients"][1][0] = "1/1000"
    with pytest.raises(KernelError, match=r"!= W\(1\)"):
        _check(item)


@pytest.mark.parametrize("tau", range(16))
def test_kernel_rejects_any_perturbed_coefficient_of_the_m16_benchmark(tau):
    item = _obligations("rot-m16")["sufficiency"]
    row = item["witness"]["coefficients"][tau]
    h = (5 * tau) % len(row)
    row[h] = str(Fraction(row[h]) + Fraction(1, 7))
    with pytest.raises(KernelError, match=rf"!= W\({tau}\)"):
        _check(item)


def test_kernel_rejects_perturbed_annihilator():
    item = _obligations()["condition7"]
    item["witness"]["annihilator"][0] = "1/2"
    with pytest.raises(KernelError, match="is not the zero matrix"):
        _check(item)


def test_kernel_rejects_non_monic_annihilator():
    item = _obligations()["condition7"]
    item["witness"]["annihilator"] = ["0", "0", "0", "2"]
    with pytest.raises(KernelError, match="monic"):
        _check(item)


def test_kernel_rejects_dependent_basis_lags():
    # W(1) = 0 in the stall SSM: lags [0, 1] cannot be a basis
    item = _obligations()["condition7"]
    item["witness"]["lags"] = [0, 1]
    with pytest.raises(KernelError, match="singular"):
        _check(item)


def test_kernel_rejects_a_claimed_rank_that_is_too_small():
    item = _obligations()["condition7"]
    item["goal"]["k"] = 1
    with pytest.raises(KernelError, match="expected k = 1"):
        _check(item)


def test_kernel_rejects_an_n_min_where_the_rank_merely_stalls():
    # rank{W(0)} = rank{W(0), W(1)} = 1, yet (7) first holds at n = 3
    item = _obligations()["condition7"]
    item["goal"]["n_min"] = 2
    with pytest.raises(KernelError, match="n_min = 3"):
        _check(item)


def test_kernel_rejects_a_non_minimal_last_lag():
    # p-ne-d: W(0) = [2, 2], W(1) = [5/6, -1/6], W(2) = 13/72 W(0); the basis W(1), W(2) is valid, but then
    # W(0) = 72/13 W(2) needs the last basis vector before its lag, so n_min would not be t_k + 1
    item = _obligations("p-ne-d")["condition7"]
    item["witness"].update(lags=[1, 2], coefficients=[["0", "72/13"], ["1", "0"], ["0", "1"]])
    with pytest.raises(KernelError, match="c_0,k is not 0"):
        _check(item)


def test_kernel_rejects_necessity_where_condition_7_fails():
    item = _obligations("stall", n=2)["necessity"]
    with pytest.raises(KernelError, match=r"\(7\) fails at n = 2"):
        _check(item)


def test_kernel_rejects_a_wrong_feature_dimension():
    item = _obligations("delay")["sufficiency"]
    assert item["goal"]["r"] == 7
    item["goal"]["r"] = 8
    with pytest.raises(KernelError, match="expected r = 8"):
        _check(item)


def test_kernel_rejects_a_wrong_first_nonzero_lag():
    item = _obligations("delay")["sufficiency"]
    item["witness"]["first_nonzero"][0] = 2
    with pytest.raises(KernelError, match="is not zero before"):
        _check(item)


def test_kernel_rejects_a_float_entry_in_the_ssm():
    item = _obligations()["condition7"]
    item["goal"]["A"][1][0] = 1.0
    with pytest.raises(KernelError, match="expected an exact number string"):
        _check(item)


def test_kernel_rejects_ssm_shapes_that_do_not_fit():
    item = _obligations()["condition7"]
    item["goal"]["B"] = [["1"], ["0"]]
    with pytest.raises(KernelError, match="expected m = 3"):
        _check(item)


def test_kernel_accepts_an_identically_zero_impulse_response_with_k_zero():
    ssm = ssm_from_strings([["1/2"]], [["1"]], [["0"]])
    cert = heads_certificate(ssm, 5)
    result = check_certificate(json.loads(json.dumps(cert)))
    assert result.valid, result.errors
    assert (cert["params"]["k"], cert["params"]["n_min"], cert["params"]["r"]) == (0, 1, 0)


def test_kernel_accepts_gaussian_rational_entries():
    basis = interaction_basis(INSTANCES["gaussian"].ssm())
    assert str(basis.ssm.domain) == "QQ_I"
    for item in _obligations("gaussian").values():
        _check(item)


def test_certificate_check_rejects_params_that_differ_from_the_goals():
    cert = heads_certificate(STALL.ssm(), 8, by_reference=False)
    assert check_certificate(json.loads(json.dumps(cert))).valid  # goals spelled out: the other accepted form
    bad = copy.deepcopy(cert)
    bad["params"]["k"] = 3
    bad["hash"] = content_hash(bad)
    result = check_certificate(bad)
    assert not result.valid
    assert any("goal differs from the registered statement" in e for e in result.errors)


@pytest.mark.parametrize("by_reference", [False, True])
def test_certificate_check_rejects_a_consistent_but_false_interaction_rank(by_reference):
    bad = json.loads(json.dumps(heads_certificate(STALL.ssm(), 8, by_reference=by_reference)))
    bad["params"]["k"] = 3
    for item in bad["obligations"]:
        if not by_reference:  # by reference, the goals read k from the params
            item["goal"]["k"] = 3
    result = check_certificate(_rehash(bad))
    assert not result.valid
    assert any("expected k = 3" in e for e in result.errors)
    assert any("interaction rank 2, expected 3" in e for e in result.errors)


def test_goals_by_reference_are_the_statements_own_goals():
    cert = json.loads(json.dumps(heads_certificate(STALL.ssm(), 8)))
    assert all(item["goal"]["A"] == {"$param": "A"} for item in cert["obligations"])
    assert check_certificate(cert).valid


@pytest.mark.parametrize(
    "edit",
    [
        lambda goal: goal.update(A={"$param": "B"}),  # a reference to another param
        lambda goal: goal.update(k=3),  # a reference replaced by another value: neither spelling
        lambda goal: goal.update(A={"$param": "A", "x": 1}),  # not a reference
        lambda goal: goal.pop("B"),
    ],
)
def test_an_edited_goal_by_reference_is_rejected_after_resealing(edit):
    cert = json.loads(json.dumps(heads_certificate(STALL.ssm(), 8)))
    edit(cert["obligations"][0]["goal"])
    result = check_certificate(_rehash(cert))
    assert not result.valid
    assert any("goal differs from the registered statement" in e for e in result.errors)


def test_a_reference_written_out_as_its_own_value_means_the_same_goal():
    cert = json.loads(json.dumps(heads_certificate(STALL.ssm(), 8)))
    goal = cert["obligations"][0]["goal"]
    goal["k"] = cert["params"]["k"]  # this field written out, the others by reference: the same goal is read
    assert check_certificate(_rehash(cert)).valid


def test_an_edited_matrix_in_the_params_is_rejected_for_every_goal_by_reference():
    cert = json.loads(json.dumps(heads_certificate(STALL.ssm(), 8)))
    cert["params"]["A"][1][1] = "2/3"  # every goal names A: all three obligations now describe another SSM
    result = check_certificate(_rehash(cert))
    assert not result.valid and len(result.errors) == 3


def test_certificate_check_rejects_a_perturbed_coefficient_after_rehashing():
    cert = json.loads(json.dumps(heads_certificate(INSTANCES["exp1-k4"].ssm(), 4096)))
    for item in cert["obligations"]:
        item["witness"]["coefficients"][3][2] = "5/7"
    result = check_certificate(_rehash(cert))
    assert not result.valid and len(result.errors) == 3


def test_kernel_rejects_an_annihilator_longer_than_m_plus_one():
    item = _obligations()["condition7"]
    item["witness"]["annihilator"] = ["0"] * 4 + ["1"]
    with pytest.raises(KernelError, match="1 <= d <= m = 3"):
        _check(item)


def test_kernel_rejects_a_witness_that_is_not_an_object():
    item = _obligations()["condition7"]
    item["witness"] = None
    with pytest.raises(KernelError, match="missing field 'annihilator'"):
        _check(item)


_ENTRY = st.sampled_from(["0", "0", "1", "-1", "1/2", "-2/3", "3", "i", "1/2-i", "-1/3*i"])


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3), st.integers(1, 2), st.integers(1, 2), st.booleans(), st.data())
def test_random_ssm_certificate_is_accepted_and_any_perturbed_coefficient_is_rejected(m, p, d, gaussian, data):
    entry = _ENTRY if gaussian else _ENTRY.filter(lambda x: "i" not in x)
    draw = lambda r, c: [[data.draw(entry) for _ in range(c)] for _ in range(r)]  # noqa: E731
    ssm = ssm_from_strings(draw(m, m), draw(m, d), draw(p, m))
    n = data.draw(st.integers(1, 50))
    cert = json.loads(json.dumps(heads_certificate(ssm, n, "thm4.4.sufficiency")))
    assert check_certificate(cert).valid
    table = cert["obligations"][0]["witness"]["coefficients"]
    if table and table[0]:
        tau, h = data.draw(st.integers(0, len(table) - 1)), data.draw(st.integers(0, len(table[0]) - 1))
        table[tau][h] = str(Fraction(table[tau][h]) + 1) if "i" not in table[tau][h] else "0"
        result = check_certificate(_rehash(cert))
        assert not result.valid and any(f"W({tau})" in e for e in result.errors)
