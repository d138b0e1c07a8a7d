"""Kernel kinds of Appendix A (kind_modes.py of theory modes): the Jordan structure and the closed form of A^tau."""

from __future__ import annotations

import json

import pytest

from verify.certificate import reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.core.poly import read_poly
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.modes.kind_modes import read_modulus, reduce_mod, trace_mod
from verify.mutation import set_param


def _check(kind: str, goal: dict, witness: dict | None = None) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


# A = [[0, 2], [1, 0]] has eigenvalues +-sqrt 2, the roots of a^2 - 2; eigenvector (a, 1) for each root.
SQRT2 = [["0", "2"], ["1", "0"]]
# J_2(1/2): one Jordan chain e1, e2 at the eigenvalue 1/2.
JORDAN2 = [["1/2", "1"], ["0", "1/2"]]
# A nilpotent block of size 2 and the eigenvalue 1/2: nu = 2, rank A^2 = 1.
SINGULAR = [["0", "1", "0"], ["0", "0", "0"], ["1", "0", "1/2"]]


def test_trace_of_the_generator_is_the_sum_of_the_roots():
    m = read_modulus("a^2 - 3*a + 5", "t")
    assert trace_mod(read_poly("a", ("a",), "t"), m).constant_value().re == 3
    assert trace_mod(read_poly("a^2", ("a",), "t"), m).constant_value().re == 9 - 10


def test_reduction_uses_the_modulus():
    m = read_modulus("a^2 + 1", "t")
    assert reduce_mod(read_poly("a^2 + 1", ("a",), "t"), m).is_zero()


def test_jordan_chains_accepts_the_block_sizes_of_sqrt2_and_of_a_jordan_block():
    _check("jordan_chains", {"A": SQRT2, "eigen": [{"modulus": "a^2 - 2", "chains": [1]}]})
    _check("jordan_chains", {"A": JORDAN2, "eigen": [{"modulus": "a - 1/2", "chains": [2]}]})
    _check(
        "jordan_chains",
        {"A": SINGULAR, "eigen": [{"modulus": "a", "chains": [2]}, {"modulus": "a - 1/2", "chains": [1]}]},
    )


def test_jordan_chains_rejects_block_sizes_that_a_does_not_have():
    goal = {"A": [["1/2", "0"], ["0", "1/2"]], "eigen": [{"modulus": "a - 1/2", "chains": [2]}]}
    with pytest.raises(KernelError, match=r"A has Jordan blocks \[1, 1\]"):
        _check("jordan_chains", goal)


def test_jordan_chains_rejects_a_modulus_whose_roots_are_not_eigenvalues():
    goal = {"A": SQRT2, "eigen": [{"modulus": "a^2 - 3", "chains": [1]}]}
    with pytest.raises(KernelError, match=r"A has Jordan blocks \[\]"):
        _check("jordan_chains", goal)


def test_jordan_chains_rejects_a_reducible_modulus():
    goal = {"A": [["1/2", "0"], ["0", "1/3"]], "eigen": [{"modulus": "(a - 1/2)*(a - 1/3)", "chains": [1]}]}
    with pytest.raises(KernelError, match="irreducible"):
        _check("jordan_chains", goal)


def test_jordan_chains_rejects_chains_that_do_not_cover_the_dimension():
    goal = {"A": JORDAN2, "eigen": [{"modulus": "a - 1/2", "chains": [1]}]}
    with pytest.raises(KernelError, match="cover dimension 1, expected 2"):
        read_goal("jordan_chains", goal, "t")


def test_jordan_chains_rejects_a_repeated_eigenvalue_modulus():
    goal = {"A": JORDAN2, "eigen": [{"modulus": "(a - 1/2)^2", "chains": [1]}]}
    with pytest.raises(KernelError, match="not squarefree"):
        read_goal("jordan_chains", goal, "t")


def test_jordan_chains_requires_non_increasing_lengths():
    goal = {
        "A": [["1/2", "1", "0"], ["0", "1/2", "0"], ["0", "0", "1/2"]],
        "eigen": [{"modulus": "a - 1/2", "chains": [1, 2]}],
    }
    with pytest.raises(KernelError, match="non-increasing"):
        read_goal("jordan_chains", goal, "t")


def test_jordan_chains_takes_no_witness():
    goal = {"A": SQRT2, "eigen": [{"modulus": "a^2 - 2", "chains": [1]}]}
    with pytest.raises(KernelError, match="unknown field 'eigen'"):
        _check("jordan_chains", goal, {"eigen": []})


def _power(chains: list, a: list = JORDAN2, modulus: str = "a - 1/2", start: int = 0) -> dict:
    return {"A": a, "start": start, "modes": [{"modulus": modulus, "chains": chains}]}


def test_power_closed_form_accepts_the_chains_of_a_jordan_block():
    _check("power_closed_form", _power([[[["1"], ["0"]], [["0"], ["1"]]]]))


def test_power_closed_form_accepts_the_eigenvectors_of_sqrt2_in_the_generator():
    _check("power_closed_form", _power([[[["0", "1"], ["1", "0"]]]], SQRT2, "a^2 - 2"))


def test_power_closed_form_rejects_a_vector_that_is_not_an_eigenvector():
    with pytest.raises(KernelError, match=r"chains\[0\]\[0\]: \(A - a I\) v differs"):
        _check("power_closed_form", _power([[[["0", "1"], ["2", "0"]]]], SQRT2, "a^2 - 2"))


def test_power_closed_form_rejects_a_chain_whose_second_vector_is_wrong():
    with pytest.raises(KernelError, match=r"chains\[0\]\[1\]: \(A - a I\) v differs"):
        _check("power_closed_form", _power([[[["1"], ["0"]], [["0"], ["2"]]]]))


def test_power_closed_form_rejects_dependent_chains():
    # two eigenvectors of 1/2 that are the same vector: the chain relations hold, the rank does not
    a = [["1/2", "0"], ["0", "1/2"]]
    with pytest.raises(KernelError, match="not independent: rank 1 modulo a prime, expected 2"):
        _check("power_closed_form", _power([[[["1"], ["1"]]], [[["1"], ["1"]]]], a))


def test_power_closed_form_rejects_chains_that_miss_an_eigenvalue():
    a = [["1/2", "0"], ["0", "1/3"]]
    with pytest.raises(KernelError, match="1 chain coordinates, expected 2"):
        _check("power_closed_form", _power([[[["1"], ["0"]]]], a))


def test_power_closed_form_rejects_a_chain_entry_with_the_wrong_number_of_coefficients():
    with pytest.raises(KernelError, match="expected the 2 coefficients of 1, a, ..., a\\^1"):
        _check("power_closed_form", _power([[[["0", "0", "1/2"], ["1", "0"]]]], SQRT2, "a^2 - 2"))


def test_power_closed_form_rejects_a_zero_eigenvalue_mode():
    goal = _power([[[["1"], ["0"], ["0"]]]], SINGULAR, "a", 2)
    with pytest.raises(KernelError, match="has the root 0"):
        read_goal("power_closed_form", goal, "t")


def test_power_closed_form_of_a_singular_matrix_starts_at_its_index_and_spans_range_a_nu():
    goal = _power([[[["0"], ["0"], ["1"]]]], SINGULAR, "a - 1/2", 2)
    _check("power_closed_form", goal)
    with pytest.raises(KernelError, match="expected nu = 2"):
        _check("power_closed_form", {**goal, "start": 1})


def test_power_closed_form_of_a_nilpotent_matrix_has_no_modes():
    goal = {"A": [["0", "1"], ["0", "0"]], "start": 2, "modes": []}
    _check("power_closed_form", goal)
    with pytest.raises(KernelError, match="expected nu = 2"):
        _check("power_closed_form", {**goal, "start": 1})
    with pytest.raises(KernelError, match="expected an integer in \\[0, 2\\]"):
        _check("power_closed_form", {**goal, "start": 3})


def test_power_closed_form_without_modes_is_rejected_for_a_nonzero_eigenvalue():
    with pytest.raises(KernelError, match="rank A\\^nu = 1"):
        _check("power_closed_form", {"A": [["1/2"]], "start": 0, "modes": []})


def test_a_state_matrix_entry_in_the_generator_is_rejected():
    goal = {"A": [["a"]], "start": 0, "modes": []}
    with pytest.raises(KernelError, match="expected an exact number"):
        read_goal("power_closed_form", goal, "t")


def test_a_modulus_must_be_monic():
    with pytest.raises(KernelError, match="expected a monic modulus"):
        read_modulus("2*a - 1", "t")


def test_a_modulus_above_the_state_dimension_bound_is_rejected():
    with pytest.raises(KernelError, match="expected a modulus of degree 1..256"):
        read_modulus("a^257 - 2", "t")


def test_certificate_with_a_perturbed_chain_is_rejected_after_resealing():
    from verify.claims.sA_modes import eq18

    cert = json.loads(json.dumps(eq18()))
    for modes in (cert["params"]["jordan3.state"], _goal(cert, "jordan3.power")["modes"]):
        modes[0]["chains"][0][1][0] = ["7"]
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("jordan3.power" in e and "(A - a I) v differs" in e for e in result.errors), result.errors


def test_certificate_with_other_block_sizes_is_rejected_after_resealing():
    from verify.claims.sA_modes import eq18

    cert = json.loads(json.dumps(eq18()))
    for eigen in (cert["params"]["jordan3.eigen"], _goal(cert, "jordan3.jordan")["eigen"]):
        block = next(e for e in eigen if e["chains"] == [3])
        block["chains"] = [2, 1]  # the same dimension, another Jordan form
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("jordan3.jordan" in e and "A has Jordan blocks [3]" in e for e in result.errors), result.errors


def _goal(cert: dict, name: str) -> dict:
    return next(o for o in cert["obligations"] if o["name"] == name)["goal"]


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


# --- jordan_chains with chains as the witness; power_closed_form with a Krylov start vector ----------------------

# diag(1/2, 1/2): two blocks of size 1 at 1/2 (multiplicity 2).
HALF2 = [["1/2", "0"], ["0", "1/2"]]
CHAIN2 = [[[["1"], ["0"]], [["0"], ["1"]]]]  # e1 -> e2: the chain of J_2(1/2)


def test_jordan_chains_reads_the_block_sizes_off_witness_chains():
    _check("jordan_chains", {"A": JORDAN2, "eigen": [{"modulus": "a - 1/2", "chains": [2]}]}, {"chains": [CHAIN2]})
    two = [[[["1"], ["0"]]], [[["0"], ["1"]]]]
    _check("jordan_chains", {"A": HALF2, "eigen": [{"modulus": "a - 1/2", "chains": [1, 1]}]}, {"chains": [two]})


def test_jordan_chains_rejects_witness_chains_that_are_not_chains_of_a():
    goal = {"A": HALF2, "eigen": [{"modulus": "a - 1/2", "chains": [2]}]}
    with pytest.raises(KernelError, match=r"chains\[0\]\[1\]: \(A - a I\) v differs"):
        _check("jordan_chains", goal, {"chains": [CHAIN2]})


def test_jordan_chains_rejects_dependent_witness_chains():
    goal = {"A": HALF2, "eigen": [{"modulus": "a - 1/2", "chains": [1, 1]}]}
    same = [[[["1"], ["1"]]], [[["1"], ["1"]]]]
    with pytest.raises(KernelError, match="not independent: rank 1 modulo a prime, expected 2"):
        _check("jordan_chains", goal, {"chains": [same]})


def test_jordan_chains_rejects_witness_chains_short_of_the_multiplicity():
    goal = {"A": HALF2, "eigen": [{"modulus": "a - 1/2", "chains": [1, 1]}]}
    with pytest.raises(KernelError, match="1 vectors, expected the multiplicity 2"):
        _check("jordan_chains", goal, {"chains": [[[[["1"], ["0"]]]]]})


def test_jordan_chains_witness_needs_one_entry_per_modulus_and_the_stated_sizes():
    goal = {"A": JORDAN2, "eigen": [{"modulus": "a - 1/2", "chains": [2]}]}
    with pytest.raises(KernelError, match="one entry per modulus"):
        _check("jordan_chains", goal, {"chains": []})
    with pytest.raises(KernelError, match=r"A has Jordan blocks \[1, 1\]"):
        _check("jordan_chains", {**goal, "A": HALF2}, {"chains": [[[[["1"], ["0"]]], [[["0"], ["1"]]]]]})


# Eigenvalues +-sqrt 2 (first block) and +-sqrt 3 (second block).
SQRT23 = [["0", "2", "0", "0"], ["1", "0", "0", "0"], ["0", "0", "0", "3"], ["0", "0", "1", "0"]]


def _krylov(u2: list, u3: list) -> dict:
    return {
        "A": SQRT23,
        "start": 0,
        "modes": [{"modulus": "a^2 - 2", "krylov": u2}, {"modulus": "a^2 - 3", "krylov": u3}],
    }


def test_power_closed_form_accepts_krylov_start_vectors():
    _check("power_closed_form", _krylov(["1", "1", "1", "1"], ["1", "1", "1", "1"]))
    _check("power_closed_form", {"A": SQRT2, "start": 0, "modes": [{"modulus": "a^2 - 2", "krylov": ["1", "0"]}]})


def test_power_closed_form_rejects_a_krylov_vector_without_the_mode():
    # u in the sqrt 2 block: r(A) u = (A^2 - 2) u = 0 for the sqrt 3 mode, whose Krylov matrix is then zero
    with pytest.raises(KernelError, match="not independent: rank 2 modulo a prime, expected 4"):
        _check("power_closed_form", _krylov(["1", "1", "1", "1"], ["1", "0", "0", "0"]))


def test_power_closed_form_rejects_a_krylov_vector_for_a_repeated_modulus():
    goal = {"A": JORDAN2, "start": 0, "modes": [{"modulus": "a - 1/2", "krylov": ["1", "1"]}]}
    with pytest.raises(KernelError, match="needs a simple modulus"):
        _check("power_closed_form", goal)


def test_power_closed_form_takes_chains_or_a_krylov_vector_not_both():
    goal = {"A": SQRT2, "start": 0, "modes": [{"modulus": "a^2 - 2", "krylov": ["1", "0"], "chains": []}]}
    with pytest.raises(KernelError, match="exactly one of the fields"):
        read_goal("power_closed_form", goal, "t")


def _user_certificate(m: int) -> dict:
    """appA.ssm of a 16-state A with two disguised Jordan blocks of size 8 (jordan witness) or a dense m-state A."""
    import random

    from flint import fmpq, fmpq_mat

    from verify.claims.sA_user import modes_certificate

    rnd = random.Random(m)
    if m == 16:
        j = fmpq_mat(16, 16)
        for r in range(16):
            j[r, r] = fmpq(1, 2) if r < 8 else fmpq(-1, 3)
            if r not in (7, 15):
                j[r, r + 1] = 1
        s = fmpq_mat(16, 16, [int(r == c) if c <= r else rnd.randint(-1, 1) for r in range(16) for c in range(16)])
        a = s * j * s.inv()  # s is unit upper triangular: unimodular
        rows = [[str(a[r, c]) for c in range(16)] for r in range(16)]
    else:
        rows = [[f"{rnd.randint(-9, 9)}/{rnd.randint(1, 9)}" for _ in range(m)] for _ in range(m)]
    b = [[str(rnd.randint(-3, 3)) for _ in range(2)] for _ in range(len(rows))]
    c = [[str(rnd.randint(-3, 3)) for _ in range(len(rows))] for _ in range(2)]
    return json.loads(json.dumps(modes_certificate(rows, b, c)))


def test_resealed_user_certificate_with_a_perturbed_witness_chain_is_rejected():
    cert = _user_certificate(16)
    assert check_certificate(cert).valid
    jordan = next(o for o in cert["obligations"] if o["name"] == "jordan")
    assert [len(c) for c in jordan["witness"]["chains"]] == [1, 1]  # one chain of length 8 per eigenvalue
    jordan["witness"]["chains"][0][0][3][0] = ["5"]
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("'jordan'" in e and "(A - a I) v differs" in e for e in result.errors), result.errors


def test_resealed_user_certificate_with_a_zero_krylov_vector_is_rejected():
    cert = _user_certificate(40)
    assert check_certificate(cert).valid
    state = cert["params"]["state"]
    assert "krylov" in state[0]  # the explicit chain of a dense 40-state A is over 64 KiB
    state[0]["krylov"] = ["0"] * 40
    set_param(cert, "state", state)  # the parameter and every goal that writes it out (here: names it)
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("'power'" in e and "not independent" in e for e in result.errors), result.errors
