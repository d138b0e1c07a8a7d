"""kernel/core/rational_matrix.py: charged integer products, rank lower bounds and impulse responses."""

from __future__ import annotations

import pytest
from flint import fmpq, fmpq_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.core.integer_matrix import P
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.core.rational_matrix import impulse_responses, qmul, rank_lower_bound


def test_qmul_equals_the_rational_product():
    x = fmpq_mat([[fmpq(1, 3), 2], [fmpq(-5, 7), fmpq(1, 2)]])
    y = fmpq_mat([[fmpq(2, 9), 1, 0], [3, fmpq(-1, 4), fmpq(5, 6)]])
    assert qmul(x, y, "t") == x * y


def test_qmul_charges_its_work_before_it_runs():
    big = fmpq_mat(64, 64, [fmpq(3**200 + k, 7**100) for k in range(64 * 64)])
    with work_budget(1000), pytest.raises(WorkExceeded, match="t"):
        qmul(big, big, "t")


def test_rank_lower_bound_is_the_rank_of_a_rational_matrix():
    assert rank_lower_bound(fmpq_mat([[fmpq(1, 2), 1], [1, 2]]), "t") == 1
    assert rank_lower_bound(fmpq_mat([[fmpq(1, 2), 1], [1, fmpq(1, 3)]]), "t") == 2


def test_rank_lower_bound_refuses_a_denominator_divisible_by_the_prime():
    with pytest.raises(KernelError, match="divisible by the prime"):
        rank_lower_bound(fmpq_mat([[fmpq(1, P)]]), "t")


def test_impulse_responses_are_c_a_to_the_tau_b():
    a = fmpq_mat([[fmpq(1, 2), 1], [fmpq(-1, 3), fmpq(2, 5)]])
    b, c = fmpq_mat([[1], [fmpq(1, 7)]]), fmpq_mat([[fmpq(3, 4), -1]])
    power, expected = fmpq_mat([[1, 0], [0, 1]]), []
    for _ in range(6):
        expected.append(c * power * b)
        power = a * power
    assert impulse_responses(a, b, c, 6) == expected
