"""Tests of numeric.ssm: every evaluation of the causal map gives the exact outputs up to rounding."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from numeric import checks
from numeric import ssm as methods
from numeric.backends import get_backend
from numeric.construction import builtin, head_form

BK = get_backend()


def _exact_outputs(name: str, x: np.ndarray) -> list[list[Fraction]]:
    """y_i by the recurrence in exact rational arithmetic (x are floats, hence exact rationals)."""
    model = builtin(name)
    m, p, _ = model.dims
    h = [Fraction(0)] * m
    out = []
    for row in x:
        xs = [Fraction(v) for v in row]
        h = [sum(a * b for a, b in zip(model.A[i], h)) + sum(b * v for b, v in zip(model.B[i], xs)) for i in range(m)]
        out.append([sum(c * v for c, v in zip(model.C[r], h)) for r in range(p)])
    return out


def _arrays(name: str):
    model = builtin(name)
    A, B, C = model.floats()
    form = head_form(model)
    V = np.array([[[float(v) for v in r] for r in M] for M in form.V])
    beta = np.array([[complex(float(a), float(b)) for a, b in row] for row in form.beta])
    lam = np.array([complex(float(a), float(b)) for a, b in form.lam])
    return A, B, C, V, beta, lam


def _within_bound(name: str, formula: str, y: np.ndarray, exact: list, x: np.ndarray, shadow: dict) -> bool:
    """max |y - exact| (computed exactly) against the a-priori bound of one method, every value within its cap."""
    model = builtin(name)
    sizes, mats, values, geo = checks._common(model, x)
    sizes.update(M=len(head_form(model).lam), N=methods.fft_size(len(x)))
    mats.update(checks.modal_matrices(head_form(model)))  # lambda_l, beta_hl for the head form's caps
    checks._shadow(values, shadow)
    vrow = max(sum(abs(v) for M in head_form(model).V for v in M[r]) for r in range(model.dims[1]))
    err = float(max(abs(Fraction(float(v)) - e) for row_y, row_e in zip(y, exact) for v, e in zip(row_y, row_e)))
    return checks.Check("t", (formula,), sizes, mats, values, err, 0, geo, info={"Vcat_rowsum": vrow}).passed


@pytest.mark.parametrize("name", ["slow", "rotation"])
def test_every_method_is_within_its_bound_of_the_exact_outputs(name):
    A, B, C, V, beta, lam = _arrays(name)
    x = np.random.default_rng(1).uniform(-1, 1, size=(40, B.shape[1]))
    exact = _exact_outputs(name, x)
    W, sw = methods.impulse_responses(BK, A, B, C, 40)
    runs = {
        "recurrence": methods.recurrence(BK, A, B, C, x),
        "scan": methods.chunked_scan(BK, A, B, C, x, 8),
        "direct": methods.direct_conv(BK, W, x),
        "fft": methods.fft_conv(BK, W, x),
        "heads": methods.heads(BK, V, beta, lam, x),
    }
    for formula, (y, shadow) in runs.items():
        if formula in ("direct", "fft"):
            shadow = {**sw, **shadow}
        assert _within_bound(name, formula, y, exact, x, shadow), formula


def test_a_perturbed_output_leaves_the_bound():
    A, B, C, *_ = _arrays("slow")
    x = np.random.default_rng(1).uniform(-1, 1, size=(40, 2))
    exact = _exact_outputs("slow", x)
    y, shadow = methods.recurrence(BK, A, B, C, x)
    y[7, 1] += 1e-6
    assert not _within_bound("slow", "recurrence", y, exact, x, shadow)


def test_chunked_scan_handles_a_ragged_last_chunk():
    A, B, C, *_ = _arrays("slow")
    x = np.random.default_rng(2).uniform(-1, 1, size=(37, 2))
    exact = _exact_outputs("slow", x)
    y2, shadow = methods.chunked_scan(BK, A, B, C, x, 16)
    assert y2.shape == (len(exact), len(exact[0])) and _within_bound("slow", "scan", y2, exact, x, shadow)


def test_fft_size_is_a_power_of_two_at_least_2n():
    for n in (1, 2, 3, 1000, 1 << 20):
        N = methods.fft_size(n)
        assert N >= 2 * n and N & (N - 1) == 0


def test_shadow_norms_are_nonnegative_and_finite():
    A, B, C, V, beta, lam = _arrays("slow")
    x = np.random.default_rng(3).uniform(-1, 1, size=(64, 2))
    for _, shadow in (methods.heads(BK, V, beta, lam, x), methods.chunked_scan(BK, A, B, C, x, 16)):
        assert all(np.isfinite(v) and v >= 0 for v in shadow.values())


def test_torch_backend_gives_the_numpy_results():
    pytest.importorskip("torch")
    tb = get_backend("torch", "cpu")
    A, B, C, V, beta, lam = _arrays("slow")
    x = np.random.default_rng(4).uniform(-1, 1, size=(50, 2))
    y_np, _ = methods.heads(BK, V, beta, lam, x)
    y_t, _ = methods.heads(tb, tb.asarray(V), tb.asarray(beta, True), tb.asarray(lam, True), tb.asarray(x))
    ys_t, _ = methods.chunked_scan(tb, tb.asarray(A), tb.asarray(B), tb.asarray(C), tb.asarray(x), 8)
    exact = _exact_outputs("slow", x)
    assert _within_bound("slow", "heads", tb.numpy(y_t), exact, x, methods.heads(BK, V, beta, lam, x)[1])
    assert _within_bound("slow", "scan", tb.numpy(ys_t), exact, x, methods.chunked_scan(BK, A, B, C, x, 8)[1])


def test_streamed_blocks_stay_within_the_bounds_and_keep_the_shadow_norms(monkeypatch):
    # n = 40 in blocks of 16 rows (and of 2 scan chunks): the same bounds hold against the exact outputs, and the
    # shadow norms (sums of nonnegative terms in another order) agree with the one-block run to rounding (1e-12).
    A, B, C, V, beta, lam = _arrays("slow")
    x = np.random.default_rng(5).uniform(-1, 1, size=(40, 2))
    exact = _exact_outputs("slow", x)
    whole = {"heads": methods.heads(BK, V, beta, lam, x)[1], "scan": methods.chunked_scan(BK, A, B, C, x, 8)[1]}
    monkeypatch.setattr(methods, "BLOCK_ROWS", 16)
    runs = {"heads": methods.heads(BK, V, beta, lam, x), "scan": methods.chunked_scan(BK, A, B, C, x, 8)}
    for formula, (y, shadow) in runs.items():
        assert _within_bound("slow", formula, y, exact, x, shadow), formula
        assert shadow.keys() == whole[formula].keys()
        assert all(abs(shadow[key] - v) <= 1e-12 * v for key, v in whole[formula].items()), formula


def test_a_nonfinite_input_reaches_the_outputs_and_the_shadow_norms():
    A, B, C, V, beta, lam = _arrays("slow")
    x = np.random.default_rng(6).uniform(-1, 1, size=(40, 2))
    x[33, 1] = np.nan
    for y, shadow in (methods.heads(BK, V, beta, lam, x), methods.chunked_scan(BK, A, B, C, x, 8)):
        assert np.isnan(y).any() and any(np.isnan(v) for v in shadow.values())


def test_the_reporting_norm_is_the_sum_of_the_lags_infinity_norms():
    _, _, _, V, beta, lam = _arrays("slow")
    norms: dict = {}
    methods.heads(BK, V, beta, lam, np.zeros((30, 2)), norms)
    tau = np.arange(30)[:, None]
    c = ((lam[None, :] ** tau) @ beta.T).real  # (30, k)
    W = np.einsum("th,hpd->tpd", c, V)
    assert norms["Wnorm"] == pytest.approx(float(np.abs(W).sum(2).max(1).sum()), rel=1e-12)
