"""constructions/heads.py: the proof's k-head construction reproduces K_ij = W(i - j), and the built-in instances."""

from __future__ import annotations

import pytest
import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.heads import (
    INSTANCES,
    PAIRS,
    block_rotation_rows,
    causal_target,
    features,
    footnote2_identities,
    head_matrices,
    kernel_blocks,
    rank_refined,
    rotation_block,
)
from constructions.ssm import interaction_basis, ssm_from_strings

SMALL = [name for name, inst in sorted(INSTANCES.items()) if inst.n <= 8]


@pytest.mark.parametrize("name", SMALL)
def test_k_head_kernel_equals_the_causal_ssm_map_blockwise(name):
    inst = INSTANCES[name]
    basis = interaction_basis(inst.ssm())
    assert kernel_blocks(basis, inst.n).to_list() == causal_target(inst.ssm(), inst.n).to_list()


def test_k_head_kernel_reproduces_the_k4_teacher_on_length_12():
    basis = interaction_basis(INSTANCES["exp1-k4"].ssm())
    assert kernel_blocks(basis, 12).to_list() == causal_target(basis.ssm, 12).to_list()


def test_a_wrong_coefficient_breaks_the_reproduction():
    basis = interaction_basis(INSTANCES["stall"].ssm())
    base = [list(r) for r in basis.base]
    base[1][0] = QQ(1, 3)
    broken = type(basis)(basis.ssm, basis.annihilator, basis.lags, base, basis.minor_cols)
    assert kernel_blocks(broken, 4).to_list() != causal_target(basis.ssm, 4).to_list()


@pytest.mark.parametrize("name", SMALL)
def test_features_give_alpha_equal_to_the_toeplitz_coefficients(name):
    inst = INSTANCES[name]
    for head in head_matrices(interaction_basis(inst.ssm()), inst.n):
        Phi, Psi = features(head)
        assert (Phi * Psi.transpose()).to_list() == head.to_list()
        rows = head.to_list()
        assert all(rows[i][j] == head.domain.zero for i in range(inst.n) for j in range(i + 1, inst.n))


@pytest.mark.parametrize("name", SMALL)
def test_rank_refined_factors_multiply_back_with_rank_many_columns(name):
    inst = INSTANCES[name]
    basis = interaction_basis(inst.ssm())
    for head, expected in zip(head_matrices(basis, inst.n), basis.head_ranks(inst.n)):
        P, Q, rho = rank_refined(head)
        assert rho == head.rank() == expected
        if rho:
            assert P.shape == Q.shape == (inst.n, rho)
            assert (P * Q.transpose()).to_list() == head.to_list()
    assert basis.feature_dimension(inst.n) == inst.r


def test_delay_instance_needs_only_r_equal_n_minus_one():
    basis = interaction_basis(INSTANCES["delay"].ssm())
    heads = head_matrices(basis, 8)
    assert [h.rank() for h in heads] == [7, 6]


@pytest.mark.parametrize("name", sorted(INSTANCES))
def test_built_in_instances_have_the_hand_worked_k_n_min_and_r(name):
    inst = INSTANCES[name]
    basis = interaction_basis(inst.ssm())
    assert (basis.k, basis.n_min, basis.feature_dimension(inst.n)) == (inst.k, inst.n_min, inst.r)


@pytest.mark.parametrize("pair", PAIRS)
def test_rational_rotation_blocks_are_orthogonal(pair):
    R = sympy.Matrix([[sympy.Rational(x) for x in row] for row in rotation_block(*pair)])
    assert R.T * R == sympy.eye(2)
    assert R.det() == 1


def test_benchmark_instance_has_eight_distinct_cosines_and_k_equal_p_times_d():
    inst = INSTANCES["rot-m16"]
    assert len({c for c, _ in PAIRS}) == 8 and len(inst.A) == 16
    assert (len(inst.C), len(inst.B[0]), inst.k) == (4, 4, 16)


def test_block_rotation_rows_places_blocks_on_the_diagonal():
    rows = block_rotation_rows([("3/5", "4/5"), ("0", "1")])
    assert rows[0][:2] == ["3/5", "-4/5"] and rows[3][2:] == ["1", "0"] and rows[0][2:] == ["0", "0"]


def test_footnote2_identities_hold_when_expanded_by_sympy():
    for _, names, lhs, rhs in footnote2_identities():
        symbols = {n: sympy.Symbol(n) for n in names}
        difference = sympy.expand(sympy.sympify(lhs, locals=symbols) - sympy.sympify(rhs, locals=symbols))
        assert difference == 0


def test_rank_refined_of_an_all_zero_head_has_rank_zero():
    zero = DomainMatrix.zeros((3, 3), QQ).to_dense()
    assert rank_refined(zero)[2] == 0


def test_gaussian_ssm_strings_are_parsed_into_qq_i():
    ssm = ssm_from_strings(INSTANCES["gaussian"].A, INSTANCES["gaussian"].B, INSTANCES["gaussian"].C)
    assert str(ssm.domain) == "QQ_I"
