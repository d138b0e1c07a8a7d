"""Kernel kinds of Appendix A (verify/kernel/kind_modes.py): each accepts a correct witness, rejects a tampered one."""

from __future__ import annotations

import copy

import pytest

from verify.kernel.errors import KernelError
from verify.kernel.kind_modes import read_modulus, reduce_mod, trace_mod
from verify.kernel.obligations import check_obligation, read_goal
from verify.kernel.poly import read_poly


def _check(kind: str, goal: dict, witness: dict | None) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


# A = [[0, 2], [1, 0]] has eigenvalues +-sqrt 2, the roots of a^2 - 2; eigenvector (a, 1) for each root.
SQRT2 = [["0", "2"], ["1", "0"]]
# J_2(1/2): one Jordan chain e1, e2 at the eigenvalue 1/2.
JORDAN2 = [["1/2", "1"], ["0", "1/2"]]


def test_trace_of_the_generator_is_the_sum_of_the_roots():
    m = read_modulus("a^2 - 3*a + 5", "t")
    assert trace_mod(read_poly("a", ("a",), "t"), m).constant_value().re == 3
    assert trace_mod(read_poly("a^2", ("a",), "t"), m).constant_value().re == 9 - 10


def test_reduction_uses_the_modulus():
    m = read_modulus("a^2 + 1", "t")
    assert reduce_mod(read_poly("a^2 + 1", ("a",), "t"), m).is_zero()


def test_jordan_chains_accepts_the_eigenvectors_of_sqrt2():
    goal = {"A": SQRT2, "eigen": [{"modulus": "a^2 - 2", "chains": [1]}]}
    witness = {"eigen": [{"chains": [[["a", "1"]]], "left_inverse": [["0", "1"]]}]}
    _check("jordan_chains", goal, witness)


def test_jordan_chains_rejects_a_vector_that_is_not_an_eigenvector():
    goal = {"A": SQRT2, "eigen": [{"modulus": "a^2 - 2", "chains": [1]}]}
    witness = {"eigen": [{"chains": [[["a", "2"]]], "left_inverse": [["0", "1/2"]]}]}
    with pytest.raises(KernelError, match="differs from the previous chain vector"):
        _check("jordan_chains", goal, witness)


def test_jordan_chains_rejects_chains_that_do_not_cover_the_dimension():
    goal = {"A": JORDAN2, "eigen": [{"modulus": "a - 1/2", "chains": [1]}]}
    with pytest.raises(KernelError, match="cover dimension 1, expected 2"):
        read_goal("jordan_chains", goal, "t")


def test_jordan_chains_rejects_a_repeated_eigenvalue_modulus():
    goal = {"A": JORDAN2, "eigen": [{"modulus": "(a - 1/2)^2", "chains": [1]}]}
    with pytest.raises(KernelError, match="not squarefree"):
        read_goal("jordan_chains", goal, "t")


def _jordan2_power() -> tuple[dict, None]:
    # J^tau = (1/2)^tau [[1, 2 tau], [0, 1]]: M(tau) = [[1, 2*tau], [0, 1]] with a = 1/2.
    goal = {"A": JORDAN2, "start": 0, "modes": [{"modulus": "a - 1/2", "coeff": [["1", "2*tau"], ["0", "1"]]}]}
    return goal, None


def test_power_closed_form_accepts_the_jordan_block_power():
    _check("power_closed_form", *_jordan2_power())


def test_power_closed_form_rejects_a_perturbed_mode_coefficient():
    goal, _ = _jordan2_power()
    bad = copy.deepcopy(goal)
    bad["modes"][0]["coeff"][0][1] = "3*tau"
    with pytest.raises(KernelError, match="step"):
        _check("power_closed_form", bad, None)


def test_power_closed_form_rejects_a_wrong_base_case():
    goal, _ = _jordan2_power()
    bad = copy.deepcopy(goal)
    bad["modes"][0]["coeff"] = [["2", "4*tau"], ["0", "2"]]  # satisfies the step, not the base
    with pytest.raises(KernelError, match="base"):
        _check("power_closed_form", bad, None)


def test_power_closed_form_links_the_output_to_the_state():
    goal, _ = _jordan2_power()
    state = goal["modes"][0]["coeff"]
    out = {
        **goal,
        "left": [["1", "0"]],
        "right": [["0"], ["1"]],
        "modes": [{"modulus": "a - 1/2", "coeff": [["2*tau"]]}],
    }
    _check("power_closed_form", out, {"state": [state]})
    out["modes"][0]["coeff"] = [["2*tau + 1"]]
    with pytest.raises(KernelError, match="link"):
        _check("power_closed_form", out, {"state": [state]})


def test_power_closed_form_of_a_nilpotent_matrix_starts_at_its_index():
    goal = {"A": [["0", "1"], ["0", "0"]], "start": 2, "modes": []}
    _check("power_closed_form", goal, None)
    with pytest.raises(KernelError, match="expected nu = 2"):
        _check("power_closed_form", {**goal, "start": 1}, None)
    with pytest.raises(KernelError, match="expected an integer in \\[0, 2\\]"):
        _check("power_closed_form", {**goal, "start": 3}, None)


def _dual() -> tuple[dict, dict]:
    """A valid dual_coordinates goal and witness, built for the complex-pair instance of Appendix A."""
    from verify.claims.sA_modes import dual_obligation, instance_data

    ob = dual_obligation("dual", instance_data("pair"))
    return copy.deepcopy(ob.goal), copy.deepcopy(ob.witness)


def test_dual_coordinates_accepts_exact_coordinates():
    goal, witness = _dual()
    _check("dual_coordinates", goal, witness)


def test_dual_coordinates_rejects_a_perturbed_coordinate():
    goal, witness = _dual()
    goal["b"][0][0] = "(21/13)"
    with pytest.raises(KernelError, match="coeff differs"):
        _check("dual_coordinates", goal, witness)


def test_dual_coordinates_rejects_functionals_that_are_not_dual():
    goal, witness = _dual()
    witness["functionals"][0][0][0] = "7"
    with pytest.raises(KernelError, match="is not delta"):
        _check("dual_coordinates", goal, witness)


def test_dual_coordinates_rejects_lags_that_are_not_the_first_ones():
    goal, witness = _dual()
    assert goal["lags"] == [0, 1, 2]
    with pytest.raises(KernelError, match="lags"):
        _check("dual_coordinates", {**goal, "lags": [0, 1, 3]}, witness)


def test_dual_coordinates_rejects_lags_outside_the_state_dimension():
    goal, _ = _dual()
    with pytest.raises(KernelError, match="expected an integer in \\[0, 2\\]"):
        read_goal("dual_coordinates", {**goal, "lags": [0, 1, 5]}, "t")


def test_a_state_matrix_entry_in_the_generator_is_rejected():
    goal = {"A": [["a"]], "start": 0, "modes": []}
    with pytest.raises(KernelError, match="expected a rational number"):
        read_goal("power_closed_form", goal, "t")


def test_a_coefficient_of_huge_degree_in_tau_is_rejected_quickly():
    goal = {"A": [["1"]], "start": 0, "modes": [{"modulus": "a - 1", "coeff": [["tau^65"]]}]}
    with pytest.raises(KernelError, match="degree in tau above 64"):
        read_goal("power_closed_form", goal, "t")


def test_kernel_trace_is_the_sum_over_the_complex_roots_in_ball_arithmetic():
    from flint import acb, fmpq_poly

    for modulus, element in [("a^3 - 2", "1/3 + a - 5*a^2"), ("a^2 - 6/5*a + 1", "2 - 7/4*a"), ("a^4 + a + 1", "a^3")]:
        m = read_modulus(modulus, "t")
        x = read_poly(element, ("a",), "t")
        exact = trace_mod(x, m).constant_value().re
        coeffs = [c.re for _, c in sorted((k[0], c) for k, c in x.terms.items())]
        powers = sorted(k[0] for k in x.terms)
        poly_x = fmpq_poly([dict(zip(powers, coeffs)).get(k, 0) for k in range(max(powers) + 1)])
        total = acb(0)
        for root, multiplicity in m.complex_roots():
            total += multiplicity * sum((acb(poly_x.coeffs()[k]) * root**k for k in range(poly_x.degree() + 1)), acb(0))
        assert total.real.contains(exact) and total.imag.contains(0)
