"""Kind binomial_expansion (kind_binomial.py of theory modes): the induction on q, what it refuses, what it means."""

from __future__ import annotations

import random
from math import comb

import pytest
from flint import fmpq, fmpq_mat

from verify.certificate import reseal
from verify.claims.sA_modes import eq21_obligation, jordan_block_obligation
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

EQ21 = eq21_obligation()
JORDAN = jordan_block_obligation()


def _check(goal: dict, witness: dict) -> None:
    check_obligation("binomial_expansion", read_goal("binomial_expansion", goal, "t"), witness, "t")


def test_eq21_and_the_jordan_power_identity_are_accepted():
    _check(EQ21.goal, EQ21.witness)
    _check(JORDAN.goal, JORDAN.witness)


def test_the_eq21_goal_means_the_binomial_expansion_at_random_integers():
    rng = random.Random(21)
    for _ in range(50):
        q, i, j, lam = rng.randint(0, 12), rng.randint(-9, 9), rng.randint(-9, 9), fmpq(rng.randint(1, 5), 3)
        right = sum(comb(q, t) * (i**t * lam**i) * ((-j) ** (q - t) * lam ** (-j)) for t in range(q + 1))
        assert lam ** (i - j) * (i - j) ** q == right


def test_the_jordan_goal_means_the_power_of_a_jordan_block_of_every_small_size():
    for s in range(1, 7):
        lam = fmpq(2, 3)
        block = fmpq_mat(s, s, [lam if r == c else (1 if c == r + 1 else 0) for r in range(s) for c in range(s)])
        shift = fmpq_mat(s, s, [1 if c == r + 1 else 0 for r in range(s) for c in range(s)])
        for tau in range(0, 9):
            right = fmpq_mat(s, s)
            for q in range(min(tau, s - 1) + 1):
                right += shift**q * (comb(tau, q) * lam ** (tau - q))
            assert block**tau == right


def test_a_wrong_split_is_refused_by_the_step_at_t_zero():
    with pytest.raises(KernelError, match="step t = 0"):
        _check(EQ21.goal, {"split": ["jj", "ii - 2*jj"]})


def test_a_false_expansion_is_refused():
    goal = dict(EQ21.goal, base="ii + jj")
    with pytest.raises(KernelError, match="alpha \\+ beta differs from base"):
        _check(goal, EQ21.witness)
    with pytest.raises(KernelError, match="step t = 0"):
        _check(goal, {"split": ["jj", "ii"]})


def test_a_wrong_factor_is_refused_by_the_base_case():
    with pytest.raises(KernelError, match="base"):
        _check(dict(EQ21.goal, factor="2*L*M"), EQ21.witness)


@pytest.mark.parametrize("exponent", [[0, 1, -1], [-1, 1, 0], [1, -2, 0]])
def test_an_exponent_that_can_be_negative_on_the_triangle_is_refused(exponent):
    powers = [{"base": "ii", "exponent": exponent}, EQ21.goal["powers"][1]]
    with pytest.raises(KernelError, match="w >= 0, u >= 0, u \\+ v >= 0"):
        read_goal("binomial_expansion", dict(EQ21.goal, powers=powers), "t")


def test_the_nilpotent_symbol_must_occur_only_as_its_own_power():
    with pytest.raises(KernelError, match="only as the factor"):
        read_goal("binomial_expansion", dict(JORDAN.goal, coeff="1 + N"), "t")
    powers = [JORDAN.goal["powers"][0], {"base": "N", "exponent": [1, 0, 0]}]
    with pytest.raises(KernelError, match="exactly one factor N"):
        read_goal("binomial_expansion", dict(JORDAN.goal, powers=powers), "t")
    with pytest.raises(KernelError, match="declared symbol"):
        read_goal("binomial_expansion", dict(JORDAN.goal, nilpotent="Z"), "t")


def test_reserved_names_booleans_and_unknown_fields_are_refused():
    with pytest.raises(KernelError, match="reserved"):
        read_goal("binomial_expansion", dict(EQ21.goal, vars=["L", "M", "ii", "jj", "binom_q_t"]), "t")
    powers = [{"base": "ii", "exponent": [False, True, 0]}, EQ21.goal["powers"][1]]
    with pytest.raises(KernelError):
        read_goal("binomial_expansion", dict(EQ21.goal, powers=powers), "t")
    with pytest.raises(KernelError, match="unknown field"):
        read_goal("binomial_expansion", dict(EQ21.goal, index="q"), "t")
    with pytest.raises(KernelError, match="unknown field"):
        _check(EQ21.goal, {"split": EQ21.witness["split"], "note": "x"})


def test_a_resealed_certificate_with_a_swapped_split_is_rejected(cert_of):
    cert = cert_of("appA.eq18.block")
    cert["obligations"][0]["witness"]["split"] = ["N", "lam"]
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("step t = 0" in e for e in result.errors)
