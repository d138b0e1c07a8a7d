"""kernel/core/flint_matrix.py: charged rational and Gaussian-integer products, ranks modulo P, impulse responses."""

from __future__ import annotations

import pytest
from flint import fmpq, fmpq_mat, fmpz_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.core.flint_matrix import (
    GZ,
    P,
    S,
    gadd,
    gmul,
    impulse_responses,
    mod_p,
    product_units,
    qmul,
    rank_lower_bound,
    rank_mod_p,
)
from verify.kernel.core.limits import WorkExceeded, work_budget


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


def test_the_prime_is_one_mod_four_and_s_is_a_square_root_of_minus_one():
    assert P % 4 == 1 and pow(S, 2, P) == P - 1 and pow(2, P - 1, P) == 1


def test_gaussian_products_and_sums_are_exact():
    a = GZ(fmpz_mat([[1, 2], [0, 1]]), fmpz_mat([[0, 1], [1, 0]]))  # [[1, 2 + i], [i, 1]]
    b = GZ(fmpz_mat([[1], [1]]))
    product = gmul(a, b, "t")
    assert product.re.entries() == [3, 1] and product.im.entries() == [1, 1]
    total = gadd(product, b, "t", (2, -1))  # + (2 - i) [1, 1]
    assert total.re.entries() == [5, 3] and total.im.entries() == [0, 0]


def test_rank_modulo_p_of_a_gaussian_matrix_sees_the_complex_dependency():
    # rows [1, i] and [i, -1] = i * [1, i]: rank 1 over QQ(i) (rank 2 if i were a free real number)
    m = GZ(fmpz_mat([[1, 0], [0, -1]]), fmpz_mat([[0, 1], [1, 0]]))
    assert rank_mod_p(mod_p(m), "t") == 1


def test_product_charges_grow_with_size_and_bits():
    assert product_units(256, 256, 4, 16, 6000) > product_units(64, 64, 4, 16, 6000) > product_units(64, 64, 4, 16, 16)
    assert product_units(256, 256, 256, 16, 16) < product_units(256, 256, 256, 2000, 2000)


def test_a_hostile_product_is_refused_before_it_runs():
    huge = GZ(fmpz_mat(256, 256), None, 200_000)
    with work_budget(8_000_000), pytest.raises(WorkExceeded, match="exceeds the kernel's work bound"):
        gmul(huge, huge, "hostile")
