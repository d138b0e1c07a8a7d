"""constructions/ssm.py: impulse responses, minimal polynomial, interaction rank, condition (7), eq. (8)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.polys.domains import QQ, QQ_I
from sympy.polys.matrices import DomainMatrix

from constructions.heads import INSTANCES
from constructions.ssm import (
    coefficient_table,
    coefficients,
    impulse_response,
    impulse_responses,
    interaction_basis,
    make_ssm,
    minimal_polynomial,
    parse_exact,
    ssm_from_strings,
)
from verify.kernel.core.errors import KernelError
from verify.kernel.core.numbers import parse_number


def _independent_rank_profile(ssm, count: int) -> list[int]:
    """rank of [vec W(0); ...; vec W(t-1)] for t = 1..count, with SymPy's dense Matrix (another code path)."""
    rows = []
    for tau in range(count):
        W = sympy.Matrix(ssm.C.to_Matrix()) * sympy.Matrix(ssm.A.to_Matrix()) ** tau * sympy.Matrix(ssm.B.to_Matrix())
        rows.append(list(W))
    return [sympy.Matrix(rows[: t + 1]).rank() for t in range(count)]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("3/5", "3/5"), ("-2", "-2"), ("i", "i"), ("-i", "-i"), ("1/2-3*i", "1/2-3*i"), ("2*i", "2*i"),
     ("+3/4+i", "3/4+i"), ("-1/2*i", "-1/2*i"), ("0", "0"), ("7/1", "7")],
)  # fmt: skip
def test_parse_exact_agrees_with_the_kernel_reader(text, canonical):
    # a user's file may spell a number freely; the certificate (and so the kernel) has its canonical spelling only
    value, kernel = parse_exact(text), parse_number(canonical, "t")
    real, imag = (value.x, value.y) if hasattr(value, "y") else (value, 0)
    assert (QQ.convert(real), QQ.convert(imag)) == (QQ.convert(kernel.re), QQ.convert(kernel.im))
    if text != canonical:
        with pytest.raises(KernelError, match="expected the canonical form"):
            parse_number(text, "t")


@pytest.mark.parametrize("text", ["1.5", "x", "", "1/2i", "2i", "1+-i", "1/0", "nan", "1e3"])
def test_parse_exact_rejects_what_the_kernel_rejects(text):
    with pytest.raises(ValueError):
        parse_exact(text)
    with pytest.raises(KernelError):
        parse_number(text, "t")


def test_make_ssm_uses_gaussian_rationals_only_when_an_entry_is_not_real():
    assert make_ssm([[1]], [[1]], [[1]]).domain == QQ
    assert make_ssm([[sympy.I]], [[1]], [[1]]).domain == QQ_I


def test_make_ssm_rejects_shapes_that_do_not_fit():
    with pytest.raises(ValueError, match="do not fit"):
        make_ssm([[1, 0], [0, 1]], [[1]], [[1, 0]])


def test_impulse_responses_match_single_powers():
    ssm = INSTANCES["jordan"].ssm()
    assert impulse_responses(ssm, 6) == [impulse_response(ssm, t) for t in range(6)]


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_minimal_polynomial_annihilates_and_no_lower_degree_does(name):
    ssm = INSTANCES[name].ssm()
    p = minimal_polynomial(ssm)
    total = DomainMatrix.zeros((ssm.m, ssm.m), ssm.domain)
    for j, c in enumerate(p):
        total = total + (ssm.A**j) * c
    assert total.is_zero_matrix and p[-1] == ssm.domain.one
    powers = DomainMatrix([[x for r in (ssm.A**j).to_list() for x in r] for j in range(len(p) - 1)],
                          (len(p) - 1, ssm.m * ssm.m), ssm.domain)  # fmt: skip
    assert powers.rank() == len(p) - 1


def test_rank_of_the_stall_example_stalls_and_then_grows():
    ssm = INSTANCES["stall"].ssm()
    assert _independent_rank_profile(ssm, 4) == [1, 1, 2, 2]
    basis = interaction_basis(ssm)
    assert (basis.k, basis.n_min, basis.lags) == (2, 3, [0, 2])


@pytest.mark.parametrize("name", [n for n in sorted(INSTANCES) if n != "rot-m16"])
def test_k_and_n_min_agree_with_an_independent_rank_computation(name):
    ssm = INSTANCES[name].ssm()
    profile = _independent_rank_profile(ssm, ssm.m + 1)  # Cayley-Hamilton: lags 0..m span everything
    basis = interaction_basis(ssm)
    assert basis.k == profile[-1] == INSTANCES[name].k
    assert basis.n_min == 1 + profile.index(basis.k) == INSTANCES[name].n_min


small = st.integers(-2, 2)
entry = st.tuples(small, st.sampled_from([1, 2, 3]))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(1, 2), st.integers(1, 2), st.data())
def test_random_small_ssms_agree_with_the_independent_computation(m, p, d, data):
    draw = lambda r, c: [[sympy.Rational(*data.draw(entry)) for _ in range(c)] for _ in range(r)]  # noqa: E731
    ssm = make_ssm(draw(m, m), draw(m, d), draw(p, m))
    profile = _independent_rank_profile(ssm, m + 1)
    basis = interaction_basis(ssm)
    assert basis.k == profile[-1]
    assert basis.n_min == (1 + profile.index(basis.k) if basis.k else 1)
    W = impulse_responses(ssm, 3 * m + 2)
    M = basis.basis()
    for tau, c in enumerate(coefficients(basis, 3 * m + 2)):
        total = DomainMatrix.zeros((p, d), ssm.domain)
        for coefficient, Mh in zip(c, M):
            total = total + Mh * coefficient
        assert total.to_list() == W[tau].to_list()


def test_coefficients_beyond_the_base_follow_the_recurrence_and_reproduce_eq8():
    basis = interaction_basis(INSTANCES["exp1-k4"].ssm())
    table = coefficient_table(basis, 40)
    W = impulse_responses(basis.ssm, 40)
    for tau in range(40):
        total = sum(
            (Mh * table.to_list()[tau][h] for h, Mh in enumerate(basis.basis())), DomainMatrix.zeros((4, 4), QQ)
        )
        assert total.to_list() == W[tau].to_list()


def test_gaussian_instance_reproduces_eq8_over_qq_i():
    basis = interaction_basis(INSTANCES["gaussian"].ssm())
    W = impulse_responses(basis.ssm, 12)
    for tau, c in enumerate(coefficients(basis, 12)):
        total = sum((Mh * x for x, Mh in zip(c, basis.basis())), DomainMatrix.zeros((2, 1), QQ_I))
        assert total.to_list() == W[tau].to_list()


def test_first_nonzero_lags_and_feature_dimension_of_the_delay_instance():
    basis = interaction_basis(INSTANCES["delay"].ssm())
    assert basis.first_nonzero() == [1, 2]
    assert basis.head_ranks(8) == [7, 6] and basis.feature_dimension(8) == 7
    assert basis.feature_dimension(1) == 0


def test_zero_impulse_response_has_interaction_rank_zero():
    basis = interaction_basis(ssm_from_strings([["1/2", "1"], ["0", "1/2"]], [["1"], ["0"]], [["0", "0"]]))
    assert (basis.k, basis.n_min, basis.feature_dimension(5)) == (0, 1, 0)
