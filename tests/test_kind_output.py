"""Kernel kind output_closed_form (kind_output.py of theory modes): the closed form of W(tau) by its recurrence."""

from __future__ import annotations

import json

import pytest

from verify.certificate import reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _check(goal: dict) -> None:
    check_obligation("output_closed_form", read_goal("output_closed_form", goal, "t"), None, "t")


# J_2(1/2) with B = e2, C = e1: W(tau) = tau (1/2)^(tau - 1) = Tr(a^tau (2 tau)) for the modulus a - 1/2.
JORDAN2 = {"A": [["1/2", "1"], ["0", "1/2"]], "B": [["0"], ["1"]], "C": [["1", "0"]], "start": 0}
# +-sqrt 2 with B = e1, C = e1: W(tau) = (A^tau)_{11} = 2^(tau/2) for even tau, 0 for odd: H = 1/2 (Tr 1 = 2).
SQRT2 = {"A": [["0", "2"], ["1", "0"]], "B": [["1"], ["0"]], "C": [["1", "0"]], "start": 0}


def test_output_closed_form_accepts_the_jordan_block_response():
    _check({**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[[["0"], ["2"]]]]}]})


def test_output_closed_form_accepts_trace_coordinates_of_a_quadratic_mode():
    # Tr(a^k H) for k = 0, 1: W(0) = 1, W(1) = 0
    _check({**SQRT2, "modes": [{"modulus": "a^2 - 2", "coeff": [[[["1", "0"]]]]}]})


def test_output_closed_form_accepts_the_compact_form_with_one_denominator():
    coeff = {"denominator": "1", "numerators": [["0"], ["2"]]}
    with pytest.raises(KernelError, match="lowest terms"):
        _check(
            {
                **JORDAN2,
                "modes": [{"modulus": "a - 1/2", "coeff": [[{"denominator": "2", "numerators": [["0"], ["4"]]}]]}],
            }
        )
    _check({**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[coeff]]}]})


def test_output_closed_form_rejects_a_perturbed_coordinate():
    with pytest.raises(KernelError, match=r"differs from W\(0\)"):
        _check({**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[[["1"], ["2"]]]]}]})


def test_output_closed_form_rejects_a_closed_form_of_too_low_degree_by_the_recurrence():
    # (1/2)^tau * 2 has the recurrence of a - 1/2, W(tau) = tau (1/2)^(tau-1) does not
    with pytest.raises(KernelError, match="does not satisfy the recurrence"):
        _check({**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[[["2"]]]]}]})


def test_output_closed_form_rejects_a_wrong_eigenvalue():
    with pytest.raises(KernelError, match="does not satisfy the recurrence"):
        _check({**JORDAN2, "modes": [{"modulus": "a - 1/3", "coeff": [[[["0"], ["2"]]]]}]})


def test_output_closed_form_rejects_a_trailing_zero_power_of_tau():
    with pytest.raises(KernelError, match="the last coordinate list is zero"):
        read_goal(
            "output_closed_form",
            {**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[[["0"], ["2"], ["0"]]]]}]},
            "t",
        )


def test_output_closed_form_rejects_coordinates_of_the_wrong_length():
    with pytest.raises(KernelError, match="expected the 2 trace coordinates"):
        read_goal("output_closed_form", {**SQRT2, "modes": [{"modulus": "a^2 - 2", "coeff": [[[["1"]]]]}]}, "t")


def test_output_closed_form_starts_at_the_index_of_the_eigenvalue_zero():
    # A = N_2 + (1/2): W(tau) = (A^tau)_{1,2} + ... here B = e2, C = e1 + e3: W(0) = 0, W(1) = 1, W(tau >= 2) = 0
    goal = {
        "A": [["0", "1", "0"], ["0", "0", "0"], ["1", "0", "1/2"]],
        "B": [["0"], ["1"], ["0"]],
        "C": [["1", "0", "1"]],
        "start": 2,
        "modes": [{"modulus": "a - 1/2", "coeff": [[[["4"]]]]}],
    }
    _check(goal)
    with pytest.raises(KernelError, match="expected nu = 2"):
        _check({**goal, "start": 0})


def test_output_closed_form_without_modes_needs_w_to_vanish_from_start():
    goal = {"A": [["0", "1"], ["0", "0"]], "B": [["0"], ["1"]], "C": [["1", "0"]], "start": 2, "modes": []}
    _check(goal)
    with pytest.raises(KernelError, match="from lag 1"):  # eigenvalues 0 (nu = 1) and 1/2, which W sees
        _check({**goal, "A": [["0", "1"], ["0", "1/2"]], "start": 1})


def test_output_closed_form_takes_no_witness():
    goal = {**JORDAN2, "modes": [{"modulus": "a - 1/2", "coeff": [[[["0"], ["2"]]]]}]}
    with pytest.raises(KernelError, match="unknown field 'state'"):
        check_obligation("output_closed_form", read_goal("output_closed_form", goal, "t"), {"state": []}, "t")


def test_certificate_with_a_perturbed_output_is_rejected_after_resealing():
    from verify.claims.sA_modes import eq19

    cert = json.loads(json.dumps(eq19()))
    item = next(o for o in cert["obligations"] if o["name"] == "real.W")
    for modes in (cert["params"]["real.output"], item["goal"]["modes"]):
        entry = modes[0]["coeff"][0][0]
        if isinstance(entry, dict):
            entry["numerators"][0][0] = str(int(entry["numerators"][0][0]) + 1)
        else:
            entry[0][0] = str(entry[0][0]) + "1"
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("real.W" in e and ("differs from W(" in e or "recurrence" in e) for e in result.errors), result.errors
