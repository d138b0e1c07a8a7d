"""Section 6's readings of Figures 3 and 4: monotone optimum, a structural spectrum, a 1/T attention curve."""

from __future__ import annotations

import math

import numpy as np
import pytest

from constructions.optimum import optimum_bounds
from verify.certificate import reseal
from verify.claims.exp_readings import family_rows, io_operator_rows, untrained_student
from verify.kernel import check_certificate


@pytest.mark.parametrize("claim_id", ["exp.fig3.monotone", "exp.fig3.spectrum", "exp.fig4.attention"])
def test_reading_certificates_are_certified_and_valid(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == "certified" and result.valid, result.errors


@pytest.mark.parametrize("k", [2, 4])
def test_the_optimum_enclosures_fall_strictly_up_to_k_and_vanish_after(k):
    bounds = [optimum_bounds(k, h, 16) for h in range(0, 10)]
    for h in range(1, k + 1):
        assert bounds[h][1] < bounds[h - 1][0]  # upper(H) < lower(H - 1): strictly decreasing
    for h in range(k, 10):
        assert bounds[h] == (0, 0)
    drops = [float(bounds[h - 1][0] - bounds[h][1]) for h in range(1, k + 1)]
    assert all(a >= b * 0.999 for a, b in zip(drops, drops[1:]))  # convex: non-increasing drops


def test_an_untrained_student_already_has_exactly_h_nonzero_singular_values():
    rows = np.array([[float(x) for x in row] for row in family_rows(untrained_student())])
    singular = np.linalg.svd(rows, compute_uv=False)
    assert (singular > 1e-8 * singular[0]).sum() == 4


def test_the_teachers_input_output_operator_has_full_rank():
    rows = np.array([[float(x) for x in row] for row in io_operator_rows()])
    assert rows.shape == (64, 64) and np.linalg.matrix_rank(rows) == 64


def _attention_output(x0: float, T: int, u: float, wq: float, wk: float, v: float) -> float:
    """y_T of scalar causal softmax attention over x_0, T - 1 zeros, x_T = u."""
    tokens = [x0] + [0.0] * (T - 1) + [u]
    logits = [(wq * u) * (wk * x) for x in tokens]
    top = max(logits)
    weights = [math.exp(s - top) for s in logits]
    return v * sum(w * x for w, x in zip(weights, tokens)) / sum(weights)


@pytest.mark.parametrize("T", [1, 2, 10, 1000])
def test_the_attention_jacobian_formula_matches_finite_differences(T):
    wq, wk, u, v, h = 0.7, -1.3, 0.9, 1.1, 1e-6
    numeric = (_attention_output(h, T, u, wq, wk, v) - _attention_output(-h, T, u, wq, wk, v)) / (2 * h)
    c = wq * wk * u * u
    closed = v * (T + math.exp(c) * (1 - c)) / (T + math.exp(c)) ** 2
    assert numeric == pytest.approx(closed, rel=1e-6)
    assert T * closed == pytest.approx(v, rel=5 / T)  # decays like 1/T


def test_a_jacobian_without_the_square_in_its_denominator_is_rejected():
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal
    from verify.statements.exp_readings import attention_goal

    goal = attention_goal()["goal"]
    goal["value"] = {"num": goal["value"]["num"], "den": "T + ET"}
    with pytest.raises(KernelError, match="rational functions differ"):
        check_obligation("exp_rational_identity", read_goal("exp_rational_identity", goal, "t"), {}, "t")


def test_a_tampered_certificate_goal_is_rejected(cert_of):
    cert = cert_of("exp.fig4.attention")
    next(o for o in cert["obligations"] if o["name"] == "uniform")["goal"]["value"]["num"] = "2*v"
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("goal differs" in e for e in result.errors)
