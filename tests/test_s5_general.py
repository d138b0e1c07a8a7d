"""Tests of verify/claims/s5_general.py: Theorem 5.1 part (2), corrected, in every dimension.

The certificates pass the kernel; edits of their hypotheses or weights are refused; and an independent numeric
spot check (numpy float64, complex-step derivatives of the literal model (9) in random dimensions) finds
||J_ij(X)|| >= ||V|| - eps with the certified gamma, and the certified reverse-triangle bound for other gamma.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from verify.certificate import certificate_bytes, make_certificate, reseal
from verify.claims import s5_general as sg
from verify.kernel import check_certificate

U = 2.0**-53  # unit roundoff of float64
# A-priori tolerance for one measured ||J||: the model is evaluated with at most K = i + d + r + p rounded sums
# and products per entry (relative error gamma_K <= 1.01 K u each), the logits enter exp with absolute error
# <= gamma_K (1 + |s|) (relative error of exp(s) and so of the weights), and the spectral norm by SVD adds
# gamma_K ||J||; the entries of J are bounded by SCALE = ||V||_F (1 + gamma) + ||V u|| ||a||. SLACK covers
# the constants of these bounds (each a small multiple of K u).
SLACK = 64.0


def _cert(claim_id: str) -> dict:
    """The certificate of a corrected claim, as canonical JSON data."""
    return json.loads(certificate_bytes(make_certificate(claim_id, "certified", sg.CORRECTED[claim_id]())))


@pytest.mark.parametrize("claim_id", sorted(sg.CORRECTED))
def test_every_corrected_certificate_passes_the_kernel(claim_id: str) -> None:
    result = check_certificate(_cert(claim_id), claim_id)
    assert result.valid, result.errors


def test_conclusion_without_the_triangle_inequality_is_refused() -> None:
    cert = _cert("thm5.1.conclusion")
    bound = next(o for o in cert["obligations"] if o["name"] == "bound")
    bound["witness"]["products"] = [p for p in bound["witness"]["products"] if p.get("facts") != ["triangle"]]
    result = check_certificate(reseal(copy.deepcopy(cert)), "t")
    assert not result.valid and any("multiplier * claim differs" in e for e in result.errors)


def test_every_corrected_claim_is_stated_for_symbolic_dimensions_or_as_scalars() -> None:
    for claim_id in sg.CORRECTED:
        for ob in _cert(claim_id)["obligations"]:
            if ob["kind"] == "dimension_free_identity" and ob["name"] != "true-jacobian":  # the 1-D literal tie
                assert {"d", "p", "r"} >= {x for shape in ob["goal"]["atoms"].values() for x in shape} - {"1"}
                assert "d" in {x for shape in ob["goal"]["atoms"].values() for x in shape}


# --- the independent numeric spot check -----------------------------------------------------------------------


def _output(WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, X: np.ndarray, i: int) -> np.ndarray:
    """y_i of model (9), literally: softmax over the logits q_i^T k_t, t = 1..i (complex arithmetic allowed)."""
    q = WQ @ X[i - 1]
    logits = (X[:i] @ WK.T) @ q
    weights = np.exp(logits - np.max(logits.real))  # a real shift: softmax is unchanged
    return (weights[:, None] * (X[:i] @ V.T)).sum(axis=0) / weights.sum()


def _jacobian(WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, X: np.ndarray, i: int, j: int) -> np.ndarray:
    """dy_i/dx_j by complex steps (exact to rounding for this analytic function; no cancellation)."""
    step, d = 1e-100, X.shape[1]
    columns = []
    for k in range(d):
        Xc = X.astype(complex)
        Xc[j - 1, k] += 1j * step
        columns.append(_output(WQ, WK, V, Xc, i).imag / step)
    return np.stack(columns, axis=1)


def _gamma(nV: float, C: float, m: int, nu: float, na: float, eps: float) -> float:
    """The certified choice gamma = 2 log(1 + ||V||(4(e^(a^T u) + i - 2) + 2 e^(a^T u)||u|| ||a||)/eps)."""
    return 2.0 * np.log1p(nV * (4.0 * (C + m) + 2.0 * C * nu * na) / eps)


def _instance(rng: np.random.Generator, max_i: int, dims: tuple[int, int, int] | None = None) -> dict:
    """Random dimensions (or the given d, r, p), matrices, u, eps and positions j < i."""
    d, r, p = dims or (int(x) for x in rng.integers(1, 9, 3))
    i = int(rng.integers(2, max_i))
    WQ, WK = rng.normal(size=(r, d)), rng.normal(size=(r, d))
    V = rng.normal(size=(p, d)) * 10 ** rng.uniform(-1, 1)
    u = rng.normal(size=d) * 10 ** rng.uniform(-1, 0.5)
    a = WK.T @ WQ @ u
    nV = np.linalg.norm(V, 2)
    return {"d": d, "r": r, "p": p, "i": i, "j": int(rng.integers(1, i)), "WQ": WQ, "WK": WK, "V": V, "u": u,
            "a": a, "nV": nV, "eps": nV * 10 ** rng.uniform(-4, 0)}  # fmt: skip


def _measure(inst: dict, gamma: float) -> tuple[float, float]:
    """(||J_ij(X)||_2 measured at the construction with this gamma, its a-priori tolerance)."""
    i, j, a, u, V = inst["i"], inst["j"], inst["a"], inst["u"], inst["V"]
    X = np.zeros((i, inst["d"]))
    X[i - 1] = u
    X[j - 1] = gamma * a / (a @ a)
    J = _jacobian(inst["WQ"], inst["WK"], V, X, i, j)
    assert np.all(np.isfinite(J))
    K = i + inst["d"] + inst["r"] + inst["p"]
    scale = np.linalg.norm(V) * (1 + gamma) + np.linalg.norm(V @ u) * np.linalg.norm(a)
    return float(np.linalg.norm(J, 2)), SLACK * K * U * (1 + gamma + abs(a @ u)) * scale


def test_spot_check_the_certified_gamma_gives_the_bound_in_random_dimensions() -> None:
    rng = np.random.default_rng(20251130)
    worst = np.inf
    for _ in range(120):
        inst = _instance(rng, 400)
        C, nu, na = np.exp(inst["a"] @ inst["u"]), np.linalg.norm(inst["u"]), np.linalg.norm(inst["a"])
        gamma = _gamma(inst["nV"], C, inst["i"] - 2, nu, na, inst["eps"])
        norm_j, tol = _measure(inst, gamma)
        assert norm_j >= inst["nV"] - inst["eps"] - tol, inst
        worst = min(worst, (norm_j - inst["nV"] + inst["eps"]) / inst["eps"])
    assert worst > 0  # the margin, in units of eps (about 1 - 1e-3: the choice of gamma is conservative)


def test_spot_check_the_certified_reverse_triangle_bound_for_other_gammas() -> None:
    rng = np.random.default_rng(7)
    for _ in range(80):
        inst = _instance(rng, 200)
        gamma = float(rng.uniform(0.0, 30.0))
        C, nu, na = np.exp(inst["a"] @ inst["u"]), np.linalg.norm(inst["u"]), np.linalg.norm(inst["a"])
        condition = ((1 + gamma) * (C + inst["i"] - 2) + C * nu * na) * np.exp(-gamma)
        norm_j, tol = _measure(inst, gamma)
        assert norm_j >= inst["nV"] * (1 - condition) - tol, inst


def test_spot_check_fails_for_a_gamma_that_ignores_the_distance() -> None:
    """The check can fail: gamma = log(2/eps) (no growth in i) misses ||V|| - eps at long distances."""
    rng = np.random.default_rng(3)
    misses = 0
    for _ in range(20):
        inst = _instance(rng, 400)
        inst.update(i=2000 + int(rng.integers(0, 1000)), j=1)
        norm_j, tol = _measure(inst, float(np.log(2 * inst["nV"] / inst["eps"])))
        misses += norm_j < inst["nV"] - inst["eps"] - tol
    assert misses >= 10


def test_spot_check_at_a_million_tokens() -> None:
    rng = np.random.default_rng(11)
    inst = _instance(rng, 3, dims=(2, 3, 2))
    inst.update(i=10**6 + 1, j=1)
    C, nu, na = np.exp(inst["a"] @ inst["u"]), np.linalg.norm(inst["u"]), np.linalg.norm(inst["a"])
    norm_j, tol = _measure(inst, _gamma(inst["nV"], C, inst["i"] - 2, nu, na, inst["eps"]))
    assert norm_j >= inst["nV"] - inst["eps"] - tol
