"""trace_coordinates.py of theory modes: trace coordinates of K = QQ[a]/(m), their reading and the recurrence of m."""

from __future__ import annotations

import random

import pytest
from flint import fmpq, fmpq_poly

from constructions.modes_reference import trace
from verify.kernel.core.errors import KernelError
from verify.kernel.theories.modes.trace_coordinates import closed_form_values, extend, read_kt, support


def _traces(x: fmpq_poly, f: fmpq_poly, count: int) -> list[fmpq]:
    """Tr_f(a^k x) for k < count, by the matrix trace of the reference (no recurrence)."""
    return [trace((x * fmpq_poly([0] * k + [1])) % f, f) for k in range(count)]


def test_extension_by_the_recurrence_equals_the_traces_of_the_powers():
    rng = random.Random(3)
    for f in (fmpq_poly([-2, 0, 0, 1]), fmpq_poly([fmpq(1, 3), -2, fmpq(7, 5), 1]), fmpq_poly([3, 2])):
        x = fmpq_poly([fmpq(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(f.degree())])
        expected = _traces(x, f, 12)
        assert extend([tuple(expected[: f.degree()])], f, 12, "t") == [expected]


def test_closed_form_values_add_the_powers_of_tau():
    f = fmpq_poly([fmpq(-1, 2), 1])  # a = 1/2: Tr(a^tau (3 + 2 tau)) = (1/2)^tau (3 + 2 tau)
    x = ((fmpq(3),), (fmpq(2),))
    assert closed_form_values([x], f, 2, 3, "t") == [[fmpq(7, 4), fmpq(9, 8), fmpq(11, 16)]]


def test_read_kt_reads_both_written_forms_to_the_same_coordinates():
    plain = read_kt([["1/2", "3"], ["0", "-1/4"]], 2, "t")
    compact = read_kt({"denominator": "4", "numerators": [["2", "12"], ["0", "-1"]]}, 2, "t")
    assert plain == compact == ((fmpq(1, 2), fmpq(3)), (fmpq(0), fmpq(-1, 4)))
    assert support(plain) == (0, 1) and support(()) == ()


def test_read_kt_rejects_a_trailing_zero_coefficient():
    with pytest.raises(KernelError, match="the last coordinate list is zero"):
        read_kt([["1"], ["0"]], 1, "t")
    with pytest.raises(KernelError, match="the last list is zero"):
        read_kt({"denominator": "1", "numerators": [["1"], ["0"]]}, 1, "t")


def test_read_kt_rejects_coordinates_of_the_wrong_length_or_kind():
    with pytest.raises(KernelError, match="expected the 2 trace coordinates"):
        read_kt([["1"]], 2, "t")
    with pytest.raises(KernelError, match="expected a rational number"):
        read_kt([["i"]], 1, "t")
    with pytest.raises(KernelError, match="expected an integer written as a canonical decimal string"):
        read_kt({"denominator": "1", "numerators": [["1/2"]]}, 1, "t")


def test_compact_form_must_be_in_lowest_terms_with_a_positive_denominator():
    with pytest.raises(KernelError, match="not in lowest terms"):
        read_kt({"denominator": "6", "numerators": [["2", "4"]]}, 2, "t")
    with pytest.raises(KernelError, match="expected a positive integer"):
        read_kt({"denominator": "0", "numerators": [["1"]]}, 1, "t")
    with pytest.raises(KernelError, match="unknown field 'extra'"):
        read_kt({"denominator": "1", "numerators": [["1"]], "extra": 1}, 1, "t")


def test_values_of_a_rational_mode_are_the_root_power_times_the_polynomial_in_tau():
    from flint import fmpq, fmpq_poly

    from verify.kernel.theories.modes.trace_coordinates import closed_form_values, extend

    m = fmpq_poly([fmpq(3, 4), 1])  # a + 3/4: the root -3/4
    elements = [((fmpq(2, 3),), (fmpq(-5, 7),), (fmpq(1, 9),)), ((fmpq(1),),), ()]
    fast = closed_form_values(elements, m, 2, 9, "t")
    for x, values in zip(elements, fast):
        seqs = extend([c for c in x], m, 11, "t")  # the generic recurrence, term by term
        expected = [sum((seq[tau] * tau**q for q, seq in enumerate(seqs)), fmpq(0)) for tau in range(2, 11)]
        assert values == expected
    assert fast[0][0] == fmpq(9, 16) * (fmpq(2, 3) - fmpq(5, 7) * 2 + fmpq(1, 9) * 4)
