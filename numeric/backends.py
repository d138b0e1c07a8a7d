"""Array backends for the numeric checks: numpy, or torch on cpu/cuda (torch is imported only when used).

Every array is float64 or complex128. The environment variables VERIFY_NUMERIC_BACKEND (numpy|torch) and
VERIFY_NUMERIC_DEVICE (cpu|cuda; cuda implies torch) choose the backend of the num.* claims.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Backend", "get_backend", "from_env", "BackendError"]


class BackendError(ValueError):
    """An unknown backend or device, or a device that is not available."""


@dataclass(frozen=True)
class Backend:
    """A small array namespace over numpy or torch with the operations the checks use."""

    name: str
    device: str
    mod: Any

    def asarray(self, x: Any, complex_: bool = False) -> Any:
        """An array on this backend's device, float64 (or complex128)."""
        if self.name == "numpy":
            return np.asarray(x, dtype=np.complex128 if complex_ else np.float64)
        t = self.mod
        dtype = t.complex128 if complex_ else t.float64
        if isinstance(x, t.Tensor):
            return x.to(device=self.device, dtype=dtype)
        return t.as_tensor(np.asarray(x), dtype=dtype, device=self.device)

    def numpy(self, a: Any) -> np.ndarray:
        """A numpy copy (host memory)."""
        return a if self.name == "numpy" else a.detach().cpu().numpy()

    def zeros(self, shape: tuple[int, ...], complex_: bool = False) -> Any:
        """A zero array."""
        if self.name == "numpy":
            return np.zeros(shape, dtype=np.complex128 if complex_ else np.float64)
        dtype = self.mod.complex128 if complex_ else self.mod.float64
        return self.mod.zeros(shape, dtype=dtype, device=self.device)

    def fft(self, a: Any, n: int) -> Any:
        """Complex FFT along axis 0, zero-padded to length n."""
        if self.name == "numpy":
            return np.fft.fft(a, n=n, axis=0)
        return self.mod.fft.fft(a.to(self.mod.complex128), n=n, dim=0)

    def ifft(self, a: Any) -> Any:
        """Inverse complex FFT along axis 0 (scaled by 1/N)."""
        return np.fft.ifft(a, axis=0) if self.name == "numpy" else self.mod.fft.ifft(a, dim=0)

    def cumprod(self, a: Any) -> Any:
        """Cumulative product along axis 0 (a sequential chain of multiplications)."""
        return np.cumprod(a, axis=0) if self.name == "numpy" else self.mod.cumprod(a, dim=0)

    def einsum(self, spec: str, *arrays: Any) -> Any:
        """Einstein summation."""
        if self.name == "numpy":
            return np.einsum(spec, *arrays, optimize=True)  # contractions go through BLAS
        return self.mod.einsum(spec, *arrays)

    def amax(self, a: Any) -> float:
        """The largest entry as a Python float (NaN propagates)."""
        if self.name == "numpy":
            return float(np.max(a)) if a.size else 0.0
        return float(a.max().item()) if a.numel() else 0.0

    def nonfinite(self, a: Any) -> int:
        """How many entries are NaN or Inf."""
        if self.name == "numpy":
            return int(a.size - np.count_nonzero(np.isfinite(a)))
        return int((~self.mod.isfinite(a)).sum().item())

    def synchronize(self) -> None:
        """Wait for queued device work (for honest timings on cuda)."""
        if self.name == "torch" and self.device.startswith("cuda"):
            self.mod.cuda.synchronize()


def get_backend(name: str = "numpy", device: str = "cpu") -> Backend:
    """The backend `name` on `device`; torch is imported here and only here."""
    if name == "numpy":
        if device != "cpu":
            raise BackendError(f"backend numpy runs on cpu only, found device {device!r}")
        return Backend("numpy", "cpu", np)
    if name != "torch":
        raise BackendError(f"found backend {name!r}, expected 'numpy' or 'torch'")
    if device not in ("cpu", "cuda") and not device.startswith("cuda:"):
        raise BackendError(f"found device {device!r}, expected 'cpu' or 'cuda'")
    try:
        import torch
    except ImportError as err:  # pragma: no cover - depends on the installation
        raise BackendError("backend torch requested but torch is not installed (pip install '.[torch]')") from err
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise BackendError("device cuda requested but torch.cuda.is_available() is False on this machine")
    return Backend("torch", device, torch)


def from_env() -> Backend:
    """The backend chosen by VERIFY_NUMERIC_BACKEND / VERIFY_NUMERIC_DEVICE (default numpy on cpu)."""
    device = os.environ.get("VERIFY_NUMERIC_DEVICE", "cpu").strip() or "cpu"
    default = "torch" if device.startswith("cuda") else "numpy"
    name = os.environ.get("VERIFY_NUMERIC_BACKEND", default).strip() or default
    return get_backend(name, device)
