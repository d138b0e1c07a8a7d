"""The exact objects of Theorem 4.2 (constructions.rotation)."""

from __future__ import annotations

import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.rotation import (
    SYMBOLS,
    impulse_response,
    lagrange_sos,
    one_token_input,
    projection_minimizer,
    rotation_counterexample,
    two_step_error,
)


def test_rotation_impulse_responses_are_identity_and_quarter_turn():
    A, B, C = rotation_counterexample()
    identity = DomainMatrix.eye(2, QQ).to_Matrix()
    assert impulse_response(A, B, C, 0).to_Matrix() == identity
    assert impulse_response(A, B, C, 1).to_Matrix() == sympy.Matrix([[0, -1], [1, 0]])
    assert impulse_response(A, B, C, 4).to_Matrix() == identity


def test_one_token_input_has_a_single_nonzero_entry():
    X = one_token_input(5)
    assert X.shape == (2, 5) and X.to_Matrix() == sympy.Matrix([[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]])


def test_lagrange_sos_matches_the_error_minus_one():
    for general in (False, True):
        total = sum(c * sympy.Mul(*[SYMBOLS[a] for a in atoms]) * s**2 for c, atoms, s in lagrange_sos(general))
        assert sympy.expand(total - (two_step_error(general) - 1)) == 0


def test_projection_minimizer_attains_one_in_the_plane():
    num_a, num_b, s = projection_minimizer()
    a, b = SYMBOLS["a"], SYMBOLS["b"]
    value = two_step_error().subs({a: num_a / s, b: num_b / s})
    assert sympy.cancel(value - 1) == 0
