"""examples/make_weights.py: the shipped closed-form examples are exactly what the script makes."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))

import make_weights  # noqa: E402

from constructions.weights import read_arrays  # noqa: E402


def test_s4d_and_hippo_examples_are_reproduced_bit_for_bit():
    lin, _ = read_arrays(ROOT / "examples" / "weights" / "s4d-lin.safetensors")
    made = make_weights.s4d("lin")
    for name in "ABC":
        assert np.array_equal(lin[f"{name}_re"] + 1j * lin[f"{name}_im"], made[name])
    for file, arrays in (
        ("s4d-inv.npz", make_weights.s4d("inv", seed=1)),
        ("hippo-legs.npz", make_weights.hippo_legs()),
    ):
        read, _ = read_arrays(ROOT / "examples" / "weights" / file)
        assert all(np.array_equal(read[k], arrays[k]) and read[k].dtype == arrays[k].dtype for k in "ABC"), file


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
