"""The display algebra of the statements: parenthesization as committed, and the mathematics it writes out."""

from __future__ import annotations

from verify.kernel.core.poly import read_poly
from verify.statements.display import (
    framework,
    identity,
    names,
    pairing,
    product,
    symbols,
    total,
    transpose,
    weights,
)


def _poly(text: str, variables: list[str]):
    """The kernel's reading of an expression."""
    return read_poly(text, tuple(sorted(variables)), "test")


def test_product_puts_each_entry_sum_in_parentheses():
    A, x = symbols("A", 2, 2), [["x1"], ["x2"]]
    assert product(A, x) == [["((A1_1)*(x1) + (A1_2)*(x2))"], ["((A2_1)*(x1) + (A2_2)*(x2))"]]


def test_total_sums_left_to_right_and_keeps_a_single_term():
    assert total(["a", "b", "c"]) == "((a) + (b)) + (c)"
    assert total(["a"]) == "a"


def test_pairing_lists_every_entry_row_major():
    assert pairing(symbols("L", 1, 2), [["p", "q"]]) == "L1_1*(p) + L1_2*(q)"


def test_framework_with_kronecker_weights_is_V_X():
    V, X, L = symbols("V", 2, 2), symbols("x", 2, 3), symbols("L", 2, 3)
    variables = names(V, X, L)
    output = pairing(L, framework(weights(identity(3)), V, X))
    assert _poly(output, variables) == _poly(pairing(L, product(V, X)), variables)


def test_framework_with_all_ones_weights_differs_from_V_X():
    V, X, L = symbols("V", 2, 2), symbols("x", 2, 3), symbols("L", 2, 3)
    variables = names(V, X, L)
    ones = [["1"] * 3 for _ in range(3)]
    output = pairing(L, framework(weights(ones), V, X))
    assert _poly(output, variables) != _poly(pairing(L, product(V, X)), variables)


def test_causal_framework_is_V_X_times_the_masked_weights():
    V, X, L, W = symbols("V", 2, 2), symbols("x", 2, 3), symbols("L", 2, 3), symbols("w", 3, 3)
    variables = names(V, X, L, W)
    masked = [[W[i][j] if j <= i else "0" for j in range(3)] for i in range(3)]
    causal = pairing(L, framework(weights(W), V, X, causal=True))
    assert _poly(causal, variables) == _poly(pairing(L, product(product(V, X), transpose(masked))), variables)


def test_framework_leaves_out_weights_given_as_no_summand():
    V, X = symbols("V", 1, 1), symbols("x", 1, 2)
    banded = framework(lambda i, j: ["c"] if i == j else [], V, X)
    assert banded == [["(c)*(((V1_1)*(x1_1)))", "(c)*(((V1_1)*(x1_2)))"]]
