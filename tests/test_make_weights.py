"""examples/make_weights.py: the shipped closed-form examples are what the script makes, on any machine.

The files hold float32 roundings of float64 computations. What does not depend on the machine (array names,
dtypes, shapes, the exact zero pattern of HiPPO-LegS's lower-triangular A) is compared exactly; the values
are compared within an a-priori bound, because libm (exp, log, the normal draws) and LAPACK (the solve) round
their last float64 bits differently on different CPUs (tests/test_make_weights.py never compares them bit
for bit).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))

import make_weights  # noqa: E402

from constructions.weights import read_arrays  # noqa: E402

U64 = 2.0**-53  # float64 unit roundoff
# Elementwise float64 chains (a few libm calls: exp, log, cexp, the ziggurat's exp/log; glibc documents at most
# 4 ulps for each) differ between two machines by at most LIBM_DRIFT units of U64 relative to the array's scale.
LIBM_DRIFT = 64


def _agree(shipped: np.ndarray, made: np.ndarray, drift: float) -> bool:
    """Both float32 roundings of float64 values at most drift * U64 * scale apart: then they differ by at most
    one float32 ulp of the larger magnitude plus that drift (rounding each side moves it by half an ulp)."""
    a, b = shipped.astype(np.complex128), made.astype(np.complex128)
    scale = max(np.max(np.abs(a)), np.max(np.abs(b)))
    for part in (np.real, np.imag):
        x, y = part(shipped), part(made)
        ulp = np.spacing(np.maximum(np.abs(x), np.abs(y)).astype(np.float32)).astype(np.float64)
        if not np.all(np.abs(x.astype(np.float64) - y.astype(np.float64)) <= ulp + 2 * drift * U64 * scale):
            return False
    return True


def _same_layout(shipped: dict, made: dict) -> None:
    """Names, dtypes and shapes agree exactly."""
    assert sorted(shipped) == sorted(made)
    for key in made:
        assert (shipped[key].dtype, shipped[key].shape) == (made[key].dtype, made[key].shape), key


def _hippo_solve_drift() -> float:
    """The float64 drift of HiPPO-LegS's solve, from its condition number: LU with partial pivoting has backward
    error gamma_{3n} (Higham, Thm 9.4), so the forward error is at most kappa_inf(L) * 3n u relative to each column
    (doubled for two machines in _agree), plus the right-hand side's libm drift amplified by ||L^-1||."""
    n = np.arange(make_weights.M)
    a_c = -np.sqrt((2 * n[:, None] + 1) * (2 * n[None, :] + 1)) * (n[:, None] > n[None, :]) - np.diag(n + 1)
    left = np.eye(make_weights.M) - 0.005 * a_c
    inverse = np.abs(np.linalg.inv(left)).sum(axis=1).max()
    kappa = 2 * np.abs(left).sum(axis=1).max() * inverse  # factor 2: margin for inv's own rounding
    return kappa * (3 * make_weights.M + LIBM_DRIFT)


def test_s4d_examples_are_reproduced_within_the_float32_rounding():
    lin, _ = read_arrays(ROOT / "examples" / "weights" / "s4d-lin.safetensors")
    made = make_weights._split(make_weights.s4d("lin"))
    _same_layout(lin, made)
    assert all(_agree(lin[k], made[k], LIBM_DRIFT) for k in made)
    inv, _ = read_arrays(ROOT / "examples" / "weights" / "s4d-inv.npz")
    made = make_weights.s4d("inv", seed=1)
    _same_layout(inv, made)
    assert all(_agree(inv[k], made[k], LIBM_DRIFT) for k in "ABC")


def test_hippo_example_is_reproduced_within_the_solve_error_bound():
    shipped, _ = read_arrays(ROOT / "examples" / "weights" / "hippo-legs.npz")
    made = make_weights.hippo_legs()
    _same_layout(shipped, made)
    assert not np.triu(shipped["A"], 1).any() and not np.triu(made["A"], 1).any()  # lower triangular, exactly
    drift = _hippo_solve_drift()
    assert drift * U64 < 2.0**-30  # the premise: float64 drift far below float32 resolution
    for k in "AB":  # solved column by column: the bound is relative to each column's scale
        assert all(_agree(shipped[k][:, j], made[k][:, j], drift) for j in range(shipped[k].shape[1])), k
    assert _agree(shipped["C"], made["C"], LIBM_DRIFT)


def test_the_comparison_detects_a_one_bit_change_beyond_a_float32_ulp():
    made = make_weights.hippo_legs()["A"]
    changed = made.copy()
    changed[5, 3] = np.nextafter(np.nextafter(changed[5, 3], np.float32(9)), np.float32(9))  # two float32 ulps
    assert _agree(made[:, 3], made[:, 3], _hippo_solve_drift())
    assert not _agree(made[:, 3], changed[:, 3], _hippo_solve_drift())


def test_hippo_legs_is_the_bilinear_discretization_of_the_closed_form_matrix():
    A = make_weights.hippo_legs()["A"].astype(np.float64)
    n = np.arange(64)
    a_c = -np.sqrt((2 * n[:, None] + 1) * (2 * n[None, :] + 1)) * (n[:, None] > n[None, :]) - np.diag(n + 1)
    expected = np.linalg.solve(np.eye(64) - 0.005 * a_c, np.eye(64) + 0.005 * a_c)
    assert np.max(np.abs(A - expected)) < 1e-6 and np.allclose(np.linalg.eigvals(A).imag, 0, atol=1e-4)


def test_the_trained_model_files_hold_the_same_two_blocks():
    pt, _ = read_arrays(ROOT / "examples" / "weights" / "lti-trained.pt")
    st, _ = read_arrays(ROOT / "examples" / "weights" / "lti-trained.safetensors")
    assert sorted(pt) == sorted(st) and all(np.array_equal(pt[k], st[k]) for k in pt)


def test_the_claims_copy_of_the_trained_model_is_the_example_file():
    from verify.claims.exp_heads_error import DEFAULT_FILE

    assert DEFAULT_FILE.read_bytes() == (ROOT / "examples" / "weights" / "lti-trained.safetensors").read_bytes()
