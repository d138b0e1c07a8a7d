"""kernel/core/matrix.py: the one matrix reader (every written form), expressions, determinants, rank witnesses."""

from __future__ import annotations

import pytest
from flint import fmpq

from verify.kernel.core.errors import KernelError
from verify.kernel.core.expr import parse_expression
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.core.matrix import (
    check_rank_witness,
    determinant,
    evaluate_matrix,
    read_matrix,
    read_named_matrices,
    read_qmat,
    read_rational_matrix,
)
from verify.kernel.core.numbers import GQ, parse_number

ROT = read_matrix([["0", "-1"], ["1", "0"]], "A")


def _eval(text: str, **env) -> list[list[str]]:
    return evaluate_matrix(parse_expression(text, "e"), env, "e").to_json()


def test_quarter_turn_has_order_four():
    assert _eval("A^4", A=ROT) == [["1", "0"], ["0", "1"]]
    assert _eval("A^2", A=ROT) == [["-1", "0"], ["0", "-1"]]


def test_transpose_and_identity_builtins():
    assert _eval("T(A)*A - I(2)", A=ROT) == [["0", "0"], ["0", "0"]]


def test_shape_mismatch_is_reported():
    col = read_matrix([["1"], ["0"], ["0"]], "x")
    with pytest.raises(KernelError, match="product of shapes"):
        _eval("A*x", A=ROT, x=col)


def test_ragged_and_empty_matrices_are_rejected():
    with pytest.raises(KernelError, match="rows of different lengths"):
        read_matrix([["1", "2"], ["3"]], "M")
    with pytest.raises(KernelError, match="nonempty"):
        read_matrix([], "M")


def test_determinant_over_gaussian_rationals():
    assert determinant(read_matrix([["1", "i"], ["i", "1"]], "M")) == GQ(2)
    assert determinant(read_matrix([["1", "2"], ["2", "4"]], "M")) == GQ(0)


def test_rank_witness_accepts_a_correct_witness():
    m = read_matrix([["1", "0", "1"], ["0", "1", "1"], ["2", "3", "5"]], "M")
    check_rank_witness(
        m, 2, {"rows": [0, 1], "cols": [0, 1], "combinations": [{"row": 2, "coefficients": ["2", "3"]}]}, "w"
    )


def test_rank_witness_rejects_wrong_combination_and_singular_minor():
    m = read_matrix([["1", "0", "1"], ["0", "1", "1"], ["2", "3", "5"]], "M")
    bad = {"rows": [0, 1], "cols": [0, 1], "combinations": [{"row": 2, "coefficients": ["2", "4"]}]}
    with pytest.raises(KernelError, match="differs from the stated combination"):
        check_rank_witness(m, 2, bad, "w")
    singular = {"rows": [0, 2], "cols": [0, 2], "combinations": [{"row": 1, "coefficients": ["-2", "1"]}]}
    with pytest.raises(KernelError, match="singular"):
        check_rank_witness(read_matrix([["1", "0", "1"], ["0", "1", "1"], ["2", "0", "2"]], "M"), 2, singular, "w")


def test_rank_witness_must_cover_every_row():
    m = read_matrix([["1", "0"], ["0", "1"], ["1", "1"]], "M")
    with pytest.raises(KernelError, match="not shown dependent"):
        check_rank_witness(m, 2, {"rows": [0, 1], "cols": [0, 1], "combinations": []}, "w")


def test_oversized_matrix_product_is_refused():
    big = read_matrix([["1"] * 200 for _ in range(200)], "M")
    with pytest.raises(KernelError, match="too large"):
        _eval("M*M", M=big)


@pytest.mark.parametrize("name", ["i", "I", "T"])
def test_a_matrix_named_like_the_imaginary_unit_or_a_builtin_is_refused(name):
    with pytest.raises(KernelError, match="reserved"):
        read_named_matrices({"matrices": {name: [["1"]]}}, "goal")


def test_a_rank_combination_must_show_a_new_row():
    m = read_matrix([["1", "0"], ["0", "1"], ["1", "1"]], "M")
    again = {"row": 2, "coefficients": ["1", "1"]}
    check_rank_witness(m, 2, {"rows": [0, 1], "cols": [0, 1], "combinations": [again]}, "w")
    for combinations in ([again, again], [{"row": 0, "coefficients": ["1", "0"]}, again]):
        with pytest.raises(KernelError, match="already a minor row or shown dependent"):
            check_rank_witness(m, 2, {"rows": [0, 1], "cols": [0, 1], "combinations": combinations}, "w")


def test_rank_witness_lists_are_measured_before_their_entries_are_read():
    m = read_matrix([["1", "2"], ["2", "4"]], "m")
    with pytest.raises(KernelError, match="expected 1 distinct rows"):
        check_rank_witness(m, 1, {"rows": ["not a row"] * 1000, "cols": [0], "combinations": []}, "w")
    combination = {"row": 1, "coefficients": ["not a number"] * 1000}
    with pytest.raises(KernelError, match="found 1000 coefficients, expected 1"):
        check_rank_witness(m, 1, {"rows": [0], "cols": [0], "combinations": [combination]}, "w")
    check_rank_witness(m, 1, {"rows": [0], "cols": [0], "combinations": [{"row": 1, "coefficients": ["2"]}]}, "w")


def test_each_rank_combination_is_charged_by_the_size_of_its_coefficients():
    from verify.kernel.core.limits import WorkExceeded, work_budget

    m = read_matrix([["1", "2"], ["2", "4"]], "m")
    big = "1" + "0" * 3999  # a true-but-huge coefficient would need huge products: charged before they run
    witness = {"rows": [0], "cols": [0], "combinations": [{"row": 1, "coefficients": [big]}]}
    with work_budget(10**9) as probe:
        parse_number(big, "x")
    limit = 2 * 2 * 2 + probe.used + 1  # the minor's charge and the coefficient's reading fit, the combination's not
    with work_budget(limit), pytest.raises(WorkExceeded, match="rank witness combination"):
        check_rank_witness(m, 1, witness, "w")


def _read(value: object):
    return read_qmat(value, "m", 8, 8)


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


def test_the_rational_reader_refuses_an_imaginary_part_at_its_entry():
    assert read_rational_matrix([["1/2", "3"]], "m").entries() == [fmpq(1, 2), 3]
    with pytest.raises(KernelError, match=r"m\[0\]\[1\]: found '1\+i', expected a rational number"):
        read_rational_matrix([["1", "1+i"]], "m")
    with pytest.raises(KernelError, match="expected at most 2 rows and 2 columns"):
        read_rational_matrix([["1", "2", "3"]], "m", 2)


def test_the_three_forms_read_the_same_entries():
    rows = [["1/2", "-3/4"], ["5", "0"]]
    dense, rational, gaussian = read_matrix(rows, "m"), read_rational_matrix(rows, "m"), read_qmat(rows, "m", 2, 2)
    assert [a.re for r in dense.rows for a in r] == rational.entries()
    assert gaussian.d == 4 and gaussian.x.entries() == [2, -3, 20, 0] and gaussian.y is None


def test_reading_is_charged_per_entry_before_the_entries_are_parsed():
    rows = [["1"] * 100] * 100
    with work_budget(10_000), pytest.raises(WorkExceeded, match="reading a matrix"):
        read_qmat(rows, "m", 100, 100)  # 3 units per entry: 30,000 > 10,000, before any number is read
    with work_budget(50_000):
        read_rational_matrix(rows, "m", 100)  # 1 unit per entry plus each number's own reading units
