"""constructions.framework: both sides of every Section 3 identity agree at random exact rational points."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
import sympy

from constructions import framework as fw

_CACHE: dict = {}


def _built(function):
    """Each construction is built once per test session."""
    if function not in _CACHE:
        _CACHE[function] = function()
    return _CACHE[function]


IDENTITY_FAMILIES = {
    "matrix_form": fw.matrix_form,
    "mlp": fw.mlp,
    "cnn": fw.cnn,
    "kan": fw.kan,
    "attention": fw.attention,
    "linear_attention": fw.linear_attention,
    "lti_ssm": fw.lti_ssm,
    "affine_scan": fw.affine_scan,
}
SINGLE = {
    "selective_ssm": fw.selective_ssm,
    "fft_convolution": fw.fft_convolution,
    "multi_head": fw.multi_head,
    "kan_membership": fw.kan_membership,
    "linear_attention_membership": fw.linear_attention_membership,
    "attention_score_bilinear": fw.attention_score_bilinear,
    "standard_kan_obstruction": fw.standard_kan_obstruction,
}


def _point(variables: list[sympy.Symbol], seed: int) -> dict:
    """Random small rationals for every variable (exact, reproducible)."""
    rng = random.Random(seed)
    return {v: sympy.Rational(rng.randint(-9, 9), rng.randint(1, 5)) for v in variables}


def _agree(identity: fw.Identity, seeds: range = range(2)) -> bool:
    """lhs - rhs evaluates to exactly zero at each random rational point."""
    variables, lhs, rhs = identity
    difference = lhs - rhs
    return all(sympy.expand(difference.xreplace(_point(variables, s))) == 0 for s in seeds)


@pytest.mark.parametrize("family", sorted(IDENTITY_FAMILIES))
def test_identity_sides_agree_at_random_rational_points(family):
    for name, identity in _built(IDENTITY_FAMILIES[family]).items():
        assert _agree(identity), f"{family}.{name}"


@pytest.mark.parametrize("name", sorted(SINGLE))
def test_single_identity_sides_agree_at_random_rational_points(name):
    assert _agree(_built(SINGLE[name]))


def test_identity_variables_cover_every_symbol_used():
    for family in IDENTITY_FAMILIES.values():
        for variables, lhs, rhs in _built(family).values():
            assert (lhs.free_symbols | rhs.free_symbols) <= set(variables)


def test_pairing_detects_a_single_wrong_entry():
    variables, lhs, rhs = _built(fw.matrix_form)["matrix-form"]
    wrong = rhs + sympy.Symbol("L2_3") * sympy.Symbol("V1_1")
    assert not _agree((variables, lhs, wrong))


def test_reversed_time_order_breaks_the_selective_ssm_identity():
    point = fw.COUNTEREXAMPLES[("def3.2.selective-ssm", "order-matters")]
    m = lambda k: sympy.Matrix(2, 2, lambda r, c: point[f"A{k}_{r + 1}_{c + 1}"])  # noqa: E731
    b1, c3 = sympy.Matrix([point["B1_1"], point["B1_2"]]), sympy.Matrix([[point["C3_1"], point["C3_2"]]])
    assert (c3 * m(3) * m(2) * b1)[0, 0] == 1
    assert (c3 * m(2) * m(3) * b1)[0, 0] == 0


def test_fft_without_padding_gives_the_circular_not_the_causal_convolution():
    k1, k2, y1, y2 = sympy.symbols("k1 k2 y1 y2")
    dft = sympy.Matrix([[1, 1], [1, -1]])  # length 2, omega = -1
    prod = sympy.Matrix([a * b for a, b in zip(dft * sympy.Matrix([k1, k2]), dft * sympy.Matrix([y1, y2]))])
    out = (dft * prod) / 2
    assert sympy.expand(out[0] - k1 * y1) != 0  # the wrap-around term k2*y2 appears


def test_positional_pair_function_gives_delta_and_toeplitz_weights():
    _, delta = fw.positional_pair_function({0: sympy.Integer(1)})
    assert delta == sympy.eye(3)
    c = {-1: Fraction(2), 0: Fraction(3), 1: Fraction(5)}
    _, band = fw.positional_pair_function({k: sympy.Rational(v) for k, v in c.items()})
    assert band == sympy.Matrix([[3, 2, 0], [5, 3, 2], [0, 5, 3]])


def test_rnn_jacobian_remainders_are_divisible_by_t_squared():
    items = _built(fw.rnn_jacobian)
    t = sympy.Symbol("t")
    for name in ("jacobian-21", "jacobian-22"):
        _, poly = items[name]
        assert sympy.Poly(sympy.expand(poly), t).degree() >= 2
        assert sympy.expand(poly).subs(t, 0) == 0
        assert sympy.expand(sympy.diff(poly, t)).subs(t, 0) == 0


def test_counterexample_points_give_values_for_every_declared_variable():
    from verify.kernel import statements

    for (claim_id, name), point in fw.COUNTEREXAMPLES.items():
        spec = statements()[claim_id]
        goal = next(o["goal"] for v in ("certified", "refuted") for o in spec.get(v, []) if o["name"] == name)
        assert set(goal["vars"]) == set(point)


def test_standard_kan_layer_is_framework_form_of_eq1_but_its_equations_have_no_common_zero():
    x1, x2 = sympy.symbols("x1 x2")
    general = sympy.Matrix([[0, x2], [x1, 0]]) * sympy.Matrix([x1, x2])  # Eq. (1) with W_ii(x) = [[0, x2], [x1, 0]]
    assert general == sympy.Matrix([x2**2, x1**2])
    variables, combination, one = _built(fw.standard_kan_obstruction)
    assert sympy.expand(combination) == one


def test_mixed_difference_vanishes_for_every_definition_3_1_model_with_positions():
    rng = random.Random(11)
    x = sympy.symbols("x1:4")
    pos = [sympy.Integer(k) for k in (1, 2, 3)]  # fixed positional features
    coeffs = [sympy.Rational(rng.randint(-5, 5), rng.randint(1, 3)) for _ in range(6)]
    f = lambda u, p, v, q: (
        coeffs[0] + coeffs[1] * u * v + coeffs[2] * u**2 * q + coeffs[3] * v**3 * p + coeffs[4] * p * q
    )  # noqa: E731
    vx = lambda v, q: coeffs[5] * v + q  # V acting on (content, position)  # noqa: E731

    def output(tokens: list) -> sympy.Expr:
        return sum(f(tokens[0], pos[0], tokens[j], pos[j]) * vx(tokens[j], pos[j]) for j in range(3))

    assert sympy.expand(fw.mixed_difference(output, x[0], (x[1], x[2]), (sympy.Integer(1), sympy.Integer(5)))) == 0


def test_mixed_difference_of_softmax_attention_is_negative_at_the_certified_point():
    def output(t: list) -> sympy.Expr:
        weights = [sympy.exp(t[0] * t[j]) for j in range(3)]
        return sum(w * t[j] for j, w in enumerate(weights)) / sum(weights)

    value = fw.mixed_difference(output, sympy.Integer(1), (0, 0), (1, 1))
    assert sympy.N(value, 30) < -0.1
