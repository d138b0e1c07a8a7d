"""Gaussian-integer matrices with one denominator (core/integer_matrix.py): readers, arithmetic, rank modulo P."""

from __future__ import annotations

import pytest
from flint import fmpz_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.core.integer_matrix import GZ, P, S, gadd, gmul, mod_p, product_units, rank_mod_p, read_qmat
from verify.kernel.core.limits import WorkExceeded, work_budget


def _read(value: object):
    return read_qmat(value, "m", 8, 8)


def test_the_prime_is_one_mod_four_and_s_is_a_square_root_of_minus_one():
    assert P % 4 == 1 and pow(S, 2, P) == P - 1 and pow(2, P - 1, P) == 1


def test_both_written_forms_read_to_the_same_value():
    rows = [["1/2", "3/4-i"], ["0", "-5/6*i"]]
    compact = {"denominator": "12", "re": [["6", "9"], ["0", "0"]], "im": [["0", "-12"], ["0", "-10"]]}
    assert _read(rows) == _read(compact)


def test_a_compact_form_with_a_common_factor_is_put_in_lowest_terms():
    assert _read({"denominator": "4", "re": [["2", "6"]]}) == _read([["1/2", "3/2"]])
    assert _read({"denominator": "4", "re": [["2", "6"]]}) != _read([["1/2", "3/4"]])


def test_an_all_zero_imaginary_part_is_the_real_matrix():
    assert _read({"denominator": "1", "re": [["1"]], "im": [["0"]]}) == _read([["1"]])


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"denominator": "0", "re": [["1"]]}, "expected a positive integer"),
        ({"denominator": "1", "re": [["1.5"]]}, "expected an integer written as a canonical decimal string"),
        ({"denominator": "1", "re": [[1]]}, "expected an integer written as a canonical decimal string"),
        ({"denominator": "\u0661", "re": [["1"]]}, "expected an integer written as a canonical decimal string"),
        ({"denominator": "1\n", "re": [["1"]]}, "expected an integer written as a canonical decimal string"),
        ({"denominator": "1", "re": [["1"]], "extra": 1}, "unknown field 'extra'"),
        ({"denominator": "1", "re": [["1", "2"]], "im": [["1"]]}, "expected the shape 1x2 of re"),
        ({"re": [["1"]]}, "missing field 'denominator'"),
        ([["1"] * 9], "expected at most 8 rows and 8 columns"),
        ([["1/2", 0.5]], "expected an exact number string"),
    ],
)
def test_readers_reject_malformed_matrices_with_a_reason(value, message):
    with pytest.raises(KernelError, match=message):
        _read(value)


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
