"""Tests of numeric.backends: numpy and torch agree, devices are validated, torch is imported lazily."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from numeric.backends import BackendError, from_env, get_backend


def test_numpy_is_the_default_backend(monkeypatch):
    monkeypatch.delenv("VERIFY_NUMERIC_DEVICE", raising=False)
    monkeypatch.delenv("VERIFY_NUMERIC_BACKEND", raising=False)
    assert from_env().name == "numpy"


def test_importing_numeric_does_not_import_torch():
    code = "import numeric.checks, numeric.backends, sys; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_unknown_backend_and_device_are_refused():
    with pytest.raises(BackendError, match="expected 'numpy' or 'torch'"):
        get_backend("jax")
    with pytest.raises(BackendError, match="cpu only"):
        get_backend("numpy", "cuda")


def test_cuda_request_without_a_gpu_is_a_clear_error():
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    with pytest.raises(BackendError, match="cuda"):
        get_backend("torch", "cuda")


def test_torch_and_numpy_ffts_agree():
    pytest.importorskip("torch")
    x = np.random.default_rng(0).normal(size=(100, 3))
    a, b = get_backend("numpy"), get_backend("torch", "cpu")
    fa, fb = a.fft(a.asarray(x), 256), b.numpy(b.fft(b.asarray(x), 256))
    assert np.max(np.abs(fa - fb)) < 1e-12 * np.max(np.abs(fa))


def test_nonfinite_counts_nan_and_inf():
    bk = get_backend()
    assert bk.nonfinite(np.array([1.0, np.nan, np.inf, -np.inf])) == 3
