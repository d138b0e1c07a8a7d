"""The statements' own polynomials (verify/statements/polynomials.py): reading formulas and printing kernel texts."""

from __future__ import annotations

import random

import pytest

from verify.statements.polynomials import Poly, poly, var


def test_a_formula_is_printed_with_its_terms_in_descending_lexicographic_order():
    assert poly("2*(p + r)*n^2").text() == "2*n^2*p + 2*n^2*r"
    assert poly("n^2 + p*d").text() == "d*p + n^2"
    assert poly("4*n*r*p - n*p - r*p").text() == "4*n*p*r - n*p - p*r"
    assert poly("(lg_d + 2*lg_s + 4)*n").text() == "lg_d*n + 2*lg_s*n + 4*n"


def test_a_leading_negative_term_is_printed_with_its_sign():
    assert poly("k*s^2 - 2*k*s^3").text() == "-2*k*s^3 + k*s^2"
    assert poly("-n").latex() == "- n"


def test_zero_and_constants_print_as_numbers():
    assert poly("n - n").text() == "0"
    assert poly("2*(3 + 4)").text() == "14"
    assert Poly().latex() == "0"


def test_latex_writes_lg_symbols_and_braced_powers():
    assert poly("3*lg_d + 2*lg_n + lg_r + 8").latex() == "3 \\lg d + 2 \\lg n + \\lg r + 8"
    assert poly("2*n^2*p - n").latex() == "2 n^{2} p - n"


def test_substitution_is_simultaneous():
    assert poly("N*K + N").subs({"N": var("K"), "K": var("N")}).text() == "K*N + K"
    assert poly("n^2 + n").subs({"n": 3}) == Poly.of(12)


def test_the_positive_part_and_coefficients():
    p = poly("2*n*s^2 - n*s + 3*s - 1")
    assert p.positive_part().text() == "2*n*s^2 + 3*s"
    assert p.coefficient("n", 1).text() == "2*s^2 - s"
    assert p.degree("s") == 2


@pytest.mark.parametrize("text", ["n/2", "n^x", "(n + 1", "n +", "2.5*n", "n ** 2", "exp(n)"])
def test_formulas_outside_the_language_are_refused(text):
    with pytest.raises(ValueError):
        poly(text)


def test_a_fraction_is_not_printed():
    with pytest.raises(ValueError, match="integer coefficients"):
        (poly("n") * Poly.of(1) * __import__("fractions").Fraction(1, 2)).text()


def test_printing_and_reading_back_gives_the_same_polynomial():
    rng = random.Random(20)
    names = ["d", "k", "lg_n", "n", "s"]
    for _ in range(200):
        p = Poly()
        for _ in range(rng.randint(0, 5)):
            term = Poly.of(rng.randint(-5, 5))
            for _ in range(rng.randint(0, 3)):
                term = term * var(rng.choice(names))
            p = p + term
        assert poly(p.text()) == p
