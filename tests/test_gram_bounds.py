"""constructions/gram_bounds.py: the a priori float64 bounds hold against ball arithmetic, and the tables are sound."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from flint import acb, arb, arb_mat, ctx

from constructions.gram_bounds import NotContractive, mimo_rows, power_rows, smallest_heads, spectrum, table


def _modes(rng: np.random.Generator, rows: int, modes: int) -> tuple[np.ndarray, np.ndarray]:
    """Random stable modes a (|a| < 1) and complex coefficients."""
    a = np.exp(-rng.uniform(0.001, 0.5, (rows, modes)) + 1j * rng.uniform(0, 3, (rows, modes)))
    c = rng.standard_normal((rows, modes)) + 1j * rng.standard_normal((rows, modes))
    return a, c


def _exact_rows(a: np.ndarray, c: np.ndarray, n: int) -> list[list[arb]]:
    """Re(sum_j c_rj a_rj^t) in 200-bit ball arithmetic from the exact floats."""
    with ctx.workprec(200):
        out = []
        for r in range(a.shape[0]):
            row = []
            for t in range(n):
                total = acb(0)
                for j in range(a.shape[1]):
                    total += acb(c[r, j].real, c[r, j].imag) * acb(a[r, j].real, a[r, j].imag) ** t
                row.append(total.real)
            out.append(row)
        return out


def test_power_rows_errors_are_inside_their_bound():
    a, c = _modes(np.random.default_rng(1), 3, 4)
    F, eps = power_rows(a, c, 300)
    exact = _exact_rows(a, c, 300)
    for r in range(3):
        for t in range(300):
            assert abs(exact[r][t] - F[r, t]).upper() <= eps[r, t]
    assert np.max(eps / (np.abs(F) + 1e-300)) < 1e-9  # and the bound is not vacuous
    misses = sum(abs(exact[r][t] - F[r, t]).upper() > 0 for r in range(3) for t in range(300))
    assert misses > 0  # the float rows really are inexact, so a bound of 0 would fail this test


def test_without_the_power_error_term_the_bound_fails_somewhere(monkeypatch):
    """Mutation: every error term 4096 times too small; some entry must escape the bound (it is not loose)."""
    import constructions.gram_bounds as gb

    a, c = _modes(np.random.default_rng(1), 3, 4)
    monkeypatch.setattr(gb, "UNIT", 2.0**-53 / 4096)  # a bound 4096 times too small in every term
    F, eps = gb.power_rows(a, c, 300)
    exact = _exact_rows(a, c, 300)
    assert any(abs(exact[r][t] - F[r, t]).upper() > eps[r, t] for r in range(3) for t in range(300))


def test_an_unstable_mode_is_refused():
    with pytest.raises(NotContractive):
        power_rows(np.array([[1.0 + 1e-9j]]) * 1.0000001, np.ones((1, 1), complex), 10)


def _exact_eigenvalues(a: np.ndarray, c: np.ndarray, n: int) -> list[arb]:
    """Eigenvalues of G = K w K^T with K in ball arithmetic (a small symmetric matrix, enclosed)."""
    rows = _exact_rows(a, c, n)
    with ctx.workprec(200):
        R = len(rows)
        G = arb_mat(R, R)
        for i in range(R):
            for j in range(R):
                G[i, j] = sum((rows[i][t] * rows[j][t] * (n - t) for t in range(n)), arb(0))
        return sorted((z.real for z in G.eig(algorithm="approx")), key=lambda x: -x.mid())


def test_eigenvalue_and_trace_brackets_contain_the_exact_values():
    a, c = _modes(np.random.default_rng(2), 4, 3)
    n = 120
    spec = spectrum(*power_rows(a, c, n), n)
    exact = _exact_eigenvalues(a, c, n)
    trace = sum(exact, arb(0))
    for (lo, hi), value in zip(spec["brackets"], exact):
        assert arb(lo.numerator) / lo.denominator <= value.mid() <= arb(hi.numerator) / hi.denominator
    lo, hi = spec["trace"]
    assert float(lo) <= float(trace.mid()) <= float(hi) and (hi - lo) / lo < 1e-10


def test_table_is_monotone_ends_at_zero_and_gives_the_smallest_heads():
    a, c = _modes(np.random.default_rng(3), 6, 5)
    n = 200
    bounds = table(spectrum(*power_rows(a, c, n), n))
    assert bounds[-1] == (0, 0)
    assert all(lo <= hi for lo, hi in bounds)
    assert all(bounds[h + 1][0] <= bounds[h][1] for h in range(len(bounds) - 1))
    middle = (bounds[2][0] + bounds[2][1]) / 2
    assert smallest_heads(bounds, middle) == (3, 4)  # tolerance inside e_3's enclosure: H = 3 or 4
    assert smallest_heads(bounds, bounds[2][1]) == (3, 3)
    assert smallest_heads(bounds, Fraction(1)) == (0, 0)


@pytest.mark.parametrize("P", [3, 1])
def test_mimo_spectrum_matches_the_depthwise_form_of_the_same_layer(P):
    """A one-output, one-input diagonal layer written both ways (ambient and Cholesky forms); brackets overlap."""
    rng = np.random.default_rng(4)
    n = 80
    a = np.exp(-rng.uniform(0.01, 0.3, P) + 1j * rng.uniform(0.1, 3, P))
    C = rng.standard_normal((1, P)) + 1j * rng.standard_normal((1, P))
    B = np.ones((P, 1), complex)
    F, eps, mu = mimo_rows(a, B, C, n)
    mimo = spectrum(F, eps, n, mu)
    depthwise = spectrum(*power_rows(a[None, :], C, n), n)
    top_mimo, top_depth = mimo["brackets"][0], depthwise["brackets"][0]
    assert top_mimo[0] <= top_depth[1] and top_depth[0] <= top_mimo[1]
    assert mimo["trace"][0] <= depthwise["trace"][1] and depthwise["trace"][0] <= mimo["trace"][1]
    assert all(hi <= Fraction(1, 10**6) * top_depth[0] for _, hi in mimo["brackets"][1:])  # rank 1 (p = d = 1)


def test_cholesky_form_and_ambient_form_of_a_mimo_layer_agree():
    """p d = 9 > 2P = 4: the 2P x 2P core (Hadamard Grams, Cholesky) against G itself (9 x 9)."""
    rng = np.random.default_rng(5)
    P, n = 2, 60
    a = np.exp(-rng.uniform(0.01, 0.3, P) + 1j * rng.uniform(0.1, 3, P))
    B = rng.standard_normal((P, 3)) + 1j * rng.standard_normal((P, 3))
    C = rng.standard_normal((3, P)) + 1j * rng.standard_normal((3, P))
    F, eps, mu = mimo_rows(a, B, C, n, ambient=False)
    core = spectrum(F, eps, n, mu)
    assert 0 < mu < Fraction(1, 10**10)
    F, eps, mu = mimo_rows(a, B, C, n, ambient=True)
    full = spectrum(F, eps, n, mu)
    assert len(core["brackets"]) == 2 * P and len(full["brackets"]) == 9
    for (lo1, hi1), (lo2, hi2) in zip(core["brackets"], full["brackets"]):
        assert lo1 <= hi2 and lo2 <= hi1 and hi1 - lo1 < Fraction(1, 10**6) * hi1
    assert all(hi < Fraction(1, 10**6) * full["brackets"][0][0] for _, hi in full["brackets"][2 * P :])
    assert core["trace"][0] <= full["trace"][1] and full["trace"][0] <= core["trace"][1]
