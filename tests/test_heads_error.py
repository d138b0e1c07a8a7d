"""constructions/heads_error.py: the certified table agrees with an independent high-precision computation."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import mpmath
import numpy as np
import pytest

from constructions.heads_error import NotCertified, ZeroSystem, _smallest_heads, error_table
from constructions.optimum import rotation_teacher
from constructions.weights import ExactSystem, exact_system

ROOT = Path(__file__).resolve().parent.parent


def _reference(arrays: dict[str, np.ndarray], n: int, dps: int = 60) -> list:
    """e_H for H = 0..pd by direct summation of G and mpmath's symmetric eigensolver (no code shared)."""
    with mpmath.workdps(dps):
        A, B, C = (np.asarray(arrays[k]).astype(np.complex128) for k in "ABC")
        mp = lambda z: mpmath.mpc(float(z.real), float(z.imag))  # float32 -> float64 -> mpc: exact
        A = [[mp(x) for x in row] for row in (np.diag(A) if A.ndim == 1 else A)]
        B, C = [[mp(x) for x in row] for row in B], [[mp(x) for x in row] for row in C]
        m, d, p = len(A), len(B[0]), len(C)
        side = p * d
        G = mpmath.zeros(side, side)
        power = [row[:] for row in B]  # A^tau B
        for tau in range(n):
            w = [mpmath.re(sum(C[r][j] * power[j][c] for j in range(m))) for r in range(p) for c in range(d)]
            for i in range(side):
                for j in range(side):
                    G[i, j] += (n - tau) * w[i] * w[j]
            power = [[sum(A[i][k] * power[k][c] for k in range(m)) for c in range(d)] for i in range(m)]
        values = sorted(mpmath.eigsy(G, eigvals_only=True), reverse=True)
        total = sum(values)
        return [sum(values[h:]) / total for h in range(side + 1)]


def _assert_agrees(arrays: dict, n: int, tolerance: Fraction) -> None:
    system = exact_system(arrays, "", "mem", "0" * 64)
    table = error_table(system, n, tolerance)
    reference = _reference(arrays, n)
    for h, (lower, upper) in enumerate(table.bounds, start=1):
        exact = reference[h]
        assert mpmath.mpf(lower.numerator) / lower.denominator <= exact + mpmath.mpf(10) ** -40, (h, exact)
        assert exact <= mpmath.mpf(upper.numerator) / upper.denominator + mpmath.mpf(10) ** -40, (h, exact)
        assert upper - lower <= Fraction(1, 10**6) * lower
    assert all(abs(x) < mpmath.mpf(10) ** -30 for x in reference[table.k :])
    assert reference[table.k - 1] > mpmath.mpf(10) ** -30  # the rank is the number of nonzero eigenvalues
    eps = mpmath.mpf(tolerance.numerator) / tolerance.denominator
    smallest = min(h for h in range(len(reference)) if reference[h] <= eps)
    assert table.heads == smallest


def test_complex_diagonal_float32_model_agrees_with_mpmath():
    rng = np.random.default_rng(7)
    m, p, d = 4, 2, 3
    a = np.exp((-0.05 - 0.5 * rng.random(m)) + 1j * rng.uniform(0, 3, m))
    arrays = {
        "A": a.astype(np.complex64),
        "B": (rng.standard_normal((m, d)) + 1j * rng.standard_normal((m, d))).astype(np.complex64),
        "C": rng.standard_normal((p, m)).astype(np.float32),
    }
    _assert_agrees(arrays, 120, Fraction(1, 50))


def test_dense_float32_model_with_a_rank_deficient_g_agrees_with_mpmath():
    rng = np.random.default_rng(3)
    m, p, d = 5, 2, 2  # p * d = 4 < m: G has full rank 4 but U (Krylov, 5 columns) needs a column basis
    A = rng.standard_normal((m, m)) / 2.5
    arrays = {
        "A": A.astype(np.float32),
        "B": rng.standard_normal((m, d)).astype(np.float32),
        "C": rng.standard_normal((p, m)).astype(np.float32),
    }
    _assert_agrees(arrays, 90, Fraction(1, 1000))


def test_real_diagonal_model_with_fewer_modes_than_outputs_agrees_with_mpmath():
    rng = np.random.default_rng(11)
    arrays = {
        "A": np.array([0.9, -0.7, 0.3], dtype=np.float32),
        "B": rng.standard_normal((3, 2)).astype(np.float32),
        "C": rng.standard_normal((3, 3)).astype(np.float32),
    }
    _assert_agrees(arrays, 64, Fraction(1, 100))  # rank G = 3 < p * d = 6


@pytest.mark.parametrize("k", [2, 4, 8])
def test_experiment_one_teachers_reproduce_the_certified_optimum(k):
    A, B, C = rotation_teacher(k)
    rows = lambda M: [[str(M[i, j]) for j in range(M.ncols())] for i in range(M.nrows())]  # noqa: E731
    table = error_table(ExactSystem("dense", rows(A), rows(B), rows(C)), 16, Fraction(1, 100))
    assert table.k == k
    # exp.fig3.optimum is (1/(n p)) * tail; here e_H = tail / trace G with trace G = sum (n - tau) ||A^tau||_F^2
    scale = Fraction(k * 16 * 17, 2) / (16 * k)
    certified = json.loads((ROOT / "certs" / f"exp.fig3.optimum.k{k}.json").read_text())
    for obligation in certified["obligations"]:
        goal = obligation["goal"]
        h, lower, upper = goal["heads"], Fraction(goal["lower"]), Fraction(goal["upper"])
        mine = table.bounds[h - 1] if h <= table.k else (Fraction(0), Fraction(0))
        assert mine[0] * scale <= lower and upper <= mine[1] * scale, (h, lower, upper, mine)


def test_smallest_heads_is_undecided_when_the_tolerance_is_inside_an_enclosure():
    bounds = [(Fraction(1, 2), Fraction(3, 5)), (Fraction(1, 10), Fraction(1, 9)), (Fraction(0), Fraction(0))]
    assert _smallest_heads(bounds, Fraction(1, 5)) == 2
    assert _smallest_heads(bounds, Fraction(11, 20)) is None
    assert _smallest_heads(bounds, Fraction(1)) == 0 and _smallest_heads(bounds, Fraction(0)) == 3


def test_a_zero_impulse_response_is_refused():
    arrays = {"A": np.array([0.5, 0.25], np.float32), "B": np.zeros((2, 2), np.float32), "C": np.ones((1, 2))}
    with pytest.raises(ZeroSystem, match="G = 0"):
        error_table(exact_system(arrays, "", "mem", "x"), 10, Fraction(1, 10))


def test_shift_ssm_with_a_nilpotent_a_and_a_mixed_a_agree_with_mpmath():
    rng = np.random.default_rng(4)
    shift = {
        "A": np.diag(np.ones(5), -1).astype(np.float32),  # H3's shift SSM: A^6 = 0, W(tau) = 0 for tau >= 6
        "B": np.eye(6, 2, dtype=np.float32),
        "C": rng.standard_normal((2, 6)).astype(np.float32),
    }
    _assert_agrees(shift, 50, Fraction(1, 100))
    mixed = np.zeros((6, 6))
    mixed[:3, :3] = np.diag(np.ones(2), -1)
    mixed[3:, 3:] = rng.standard_normal((3, 3)) / 2  # chi_A = x^3 chi_1 with distinct nonzero roots
    arrays = {"A": mixed.astype(np.float32), "B": rng.standard_normal((6, 2)).astype(np.float32)}
    arrays["C"] = rng.standard_normal((2, 6)).astype(np.float32)
    _assert_agrees(arrays, 50, Fraction(1, 100))


def test_a_jordan_block_of_a_nonzero_eigenvalue_is_refused_with_a_way_out():
    arrays = {"A": np.array([[0.5, 1], [0, 0.5]], np.float32), "B": np.ones((2, 1)), "C": np.ones((1, 2))}
    with pytest.raises(NotCertified, match="Jordan block of a nonzero eigenvalue.*length n <= m"):
        error_table(exact_system(arrays, "", "mem", "x"), 10, Fraction(1, 10))
    assert error_table(exact_system(arrays, "", "mem", "x"), 2, Fraction(1, 10)).k == 1  # n <= m: direct, p = d = 1


def test_a_diagonalizable_a_with_repeated_eigenvalues_uses_its_minimal_polynomial():
    rng = np.random.default_rng(2)
    rotation = np.array([[0.6, -0.3], [0.3, 0.6]])
    arrays = {"A": np.kron(np.eye(3), rotation).astype(np.float32)}  # eigenvalues 0.6 +- 0.3i, three times each
    arrays["B"] = rng.standard_normal((6, 2)).astype(np.float32)
    arrays["C"] = rng.standard_normal((2, 6)).astype(np.float32)
    _assert_agrees(arrays, 40, Fraction(1, 100))
    table = error_table(exact_system(arrays, "", "mem", "x"), 40, Fraction(1, 100))
    assert table.witness["annihilator"] == ["9/20", "-6/5", "1"] or len(table.witness["annihilator"]) == 3


@pytest.mark.slow
@pytest.mark.parametrize("name", ["s4d-lin.safetensors", "s4d-inv.npz", "hippo-legs.npz"])
def test_benchmark_size_examples_fit_the_width_and_the_kernel_work_budget(name):
    from constructions.weights import load_system
    from verify.certificate import certificate_bytes
    from verify.claims.exp_heads_error import error_certificate
    from verify.kernel import check_certificate, load_json
    from verify.kernel.core.limits import work_budget

    system = load_system(ROOT / "examples" / "weights" / name)
    cert, table = error_certificate(system, 4096, Fraction(1, 100))
    assert all(hi - lo <= Fraction(1, 10**6) * lo for lo, hi in table.bounds[:-1])
    with work_budget():
        result = check_certificate(load_json(certificate_bytes(cert), name), name)
    assert result.valid, result.errors


@pytest.mark.parametrize("seed", range(6))
def test_the_producers_own_brackets_equal_those_the_kernel_rederives(seed):
    from flint import arb, arb_mat, ctx

    from constructions.heads_error import error_brackets, ostrowski_brackets
    from verify.kernel.theories.heads_error.kind_heads_error import eigen_brackets, relative_errors

    rng = np.random.default_rng(seed)
    size = 2 + seed
    with ctx.workprec(128):
        diagonal = np.sort(rng.uniform(0.1, 10.0, size))[:: 1 if seed % 2 else -1]  # not necessarily sorted
        noise = rng.normal(0, 1e-3, (size, size))
        S = arb_mat(
            [
                [arb(float(diagonal[i] if i == j else noise[i, j] + noise[j, i])) for j in range(size)]
                for i in range(size)
            ]
        )
        R = arb_mat([[arb(float(x), 1e-9) for x in row] for row in rng.normal(0, 1e-4, (size, size))])
        ours, kernels = ostrowski_brackets(S, R), eigen_brackets(S, R, "test")
        assert [(a.str(30), b.str(30)) for a, b in ours] == [(a.str(30), b.str(30)) for a, b in kernels]
        assert all(a == c and b == d for (a, b), (c, d) in zip(ours, kernels))
        errors, kernel_errors = error_brackets(ours), relative_errors(kernels)
        assert all(a == c and b == d for (a, b), (c, d) in zip(errors, kernel_errors)) and len(errors) == size - 1


def test_the_producers_brackets_refuse_an_s_that_is_not_near_diagonal():
    from flint import arb_mat

    from constructions.heads_error import ostrowski_brackets

    S = arb_mat([[1, 2], [2, 1]])
    with pytest.raises(ValueError, match="near-diagonal"):
        ostrowski_brackets(S, arb_mat(2, 2))
    with pytest.raises(ValueError, match="positive"):
        ostrowski_brackets(arb_mat([[1, 0], [0, -1]]), arb_mat(2, 2))
