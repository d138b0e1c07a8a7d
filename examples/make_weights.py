"""Make the float-weight examples in examples/weights/ (run from the repository root; about 10 s on 2 cores).

    python examples/make_weights.py            # all files
    python examples/make_weights.py --no-train # skip the torch-trained model

Every file holds the discrete-time (A, B, C) of h_t = A h_{t-1} + B x_t, y_t = C h_t in float32 (complex64
for complex arrays), m = 64 state dimensions and p = d = 16 unless said otherwise:

* s4d-lin.safetensors: S4D-Lin A_j = -1/2 + i pi j (Gu et al. 2022), zero-order hold with per-mode steps
  dt_j log-uniform in [1e-3, 1e-1], A = exp(dt A_c), B = (A - 1)/A_c * B_c, random complex B_c, C (the MIMO
  form used by S5); safetensors has no complex dtype, so real and imaginary parts are A_re/A_im, ...
* s4d-inv.npz: S4D-Inv A_j = -1/2 + i (N/pi)(N/(2j+1) - 1), the same discretization, complex64 arrays.
* hippo-legs.npz: the HiPPO-LegS matrix A_nk = -sqrt((2n+1)(2k+1)) (n > k), -(n+1) (n = k), bilinear
  discretization with dt = 0.01, A dense 64 x 64; B_c's first column is HiPPO's sqrt(2n+1), the others random.
* lti-trained.pt and .safetensors: a 2-layer model of diagonal complex SSM blocks (m = 16, p = d = 4, S4D-Lin
  initialization, ZOH in float32) trained with torch for a few seconds to imitate a fixed random causal
  filter of length 8 on Gaussian input; arrays layers.{0,1}.ssm.{A,B,C}_{re,im} (plus a mixing layer and the
  continuous parameters, as a state dict has them). The .safetensors holds the same arrays.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from constructions.weights import safetensors_bytes  # noqa: E402
from verify.certificate import write_atomic  # noqa: E402

__all__ = ["s4d", "hippo_legs", "train_lti", "main"]

OUT = ROOT / "examples" / "weights"
M, P, D = 64, 16, 16


def _zoh(a_continuous: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zero-order hold of a diagonal complex A with log-uniform steps; random complex B, C (float64)."""
    m = len(a_continuous)
    dt = np.exp(rng.uniform(np.log(1e-3), np.log(1e-1), m))
    a = np.exp(dt * a_continuous)
    b_c = (rng.standard_normal((m, D)) + 1j * rng.standard_normal((m, D))) / np.sqrt(2)
    c = (rng.standard_normal((P, m)) + 1j * rng.standard_normal((P, m))) / np.sqrt(2 * m)
    return a, ((a - 1) / a_continuous)[:, None] * b_c, c


def s4d(kind: str, seed: int = 0) -> dict[str, np.ndarray]:
    """S4D-Lin or S4D-Inv initialization of a MIMO diagonal SSM, discretized, as complex64 arrays A, B, C."""
    j = np.arange(M)
    if kind == "lin":
        a_continuous = -0.5 + 1j * np.pi * j
    else:
        a_continuous = -0.5 + 1j * (M / np.pi) * (M / (2 * j + 1) - 1)
    a, b, c = _zoh(a_continuous, np.random.default_rng(seed))
    return {"A": a.astype(np.complex64), "B": b.astype(np.complex64), "C": c.astype(np.complex64)}


def hippo_legs(dt: float = 0.01, seed: int = 2) -> dict[str, np.ndarray]:
    """The HiPPO-LegS matrix, bilinear discretization, float32 (A dense)."""
    rng = np.random.default_rng(seed)
    n = np.arange(M)
    a_c = -np.sqrt((2 * n[:, None] + 1) * (2 * n[None, :] + 1)) * (n[:, None] > n[None, :]) - np.diag(n + 1)
    b_c = rng.standard_normal((M, D)) / np.sqrt(M)
    b_c[:, 0] = np.sqrt(2 * n + 1)
    identity = np.eye(M)
    left = identity - dt / 2 * a_c
    a = np.linalg.solve(left, identity + dt / 2 * a_c)
    b = np.linalg.solve(left, dt * b_c)
    c = rng.standard_normal((P, M)) / np.sqrt(M)
    return {"A": a.astype(np.float32), "B": b.astype(np.float32), "C": c.astype(np.float32)}


def _split(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Complex arrays as float32 name_re / name_im pairs (safetensors has no complex dtype)."""
    out = {}
    for name, value in arrays.items():
        if np.iscomplexobj(value):
            out[f"{name}_re"], out[f"{name}_im"] = value.real.astype(np.float32), value.imag.astype(np.float32)
        else:
            out[name] = value
    return out


def train_lti(seconds: float = 5.0, seed: int = 0) -> dict[str, np.ndarray]:
    """Train a 2-block diagonal SSM model to imitate a random causal filter; its state dict as numpy arrays."""
    import torch

    torch.manual_seed(seed)
    m, width, length = 16, 4, 32
    teacher = torch.randn(8, width, width) * torch.exp(-0.4 * torch.arange(8.0))[:, None, None] / 2
    steps_t = torch.arange(length)
    lags = (steps_t[:, None] - steps_t[None, :]).clamp(min=0)  # t - s, (length, length)
    causal = (steps_t[:, None] >= steps_t[None, :]).float()[:, :, None, None]
    filt = torch.zeros(length, width, width)
    filt[:8] = teacher

    class Block(torch.nn.Module):
        """A diagonal complex SSM: S4D-Lin initialization, ZOH in float32, y = Re(C h)."""

        def __init__(self) -> None:
            super().__init__()
            self.log_A_real = torch.nn.Parameter(torch.log(0.5 * torch.ones(m)))
            self.A_imag = torch.nn.Parameter(torch.pi * torch.arange(m, dtype=torch.float32))
            self.log_dt = torch.nn.Parameter(torch.log(torch.full((m,), 0.05)))
            self.B = torch.nn.Parameter(torch.randn(m, width, dtype=torch.cfloat) / 2)
            self.C = torch.nn.Parameter(torch.randn(width, m, dtype=torch.cfloat) / m**0.5)

        def discrete(self) -> tuple:
            a_c = -torch.exp(self.log_A_real) + 1j * self.A_imag
            a = torch.exp(torch.exp(self.log_dt) * a_c)
            return a, ((a - 1) / a_c)[:, None] * self.B, self.C

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            a, b, c = self.discrete()
            powers = a[None, :] ** torch.arange(length, dtype=torch.float32)[:, None]  # (tau, m)
            kernel = torch.einsum("pm,tm,md->tpd", c, powers, b).real  # W(tau), (length, p, d)
            return torch.einsum("tspd,bsd->btp", kernel[lags] * causal, x)

    blocks = torch.nn.ModuleList([Block(), Block()])
    mix = torch.nn.Linear(width, width)
    params = [*blocks.parameters(), *mix.parameters()]
    optimizer = torch.optim.Adam(params, lr=3e-2)
    import time

    start, steps, first = time.monotonic(), 0, None
    while time.monotonic() - start < seconds:
        x = torch.randn(16, length, width)
        target = torch.einsum("tspd,bsd->btp", filt[lags] * causal, x)
        y = blocks[1](torch.tanh(mix(blocks[0](x))))
        loss = torch.mean((y - torch.tanh(target)) ** 2)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        steps, first = steps + 1, loss.item() if first is None else first
    print(f"  trained {steps} steps in {seconds:.0f} s: loss {first:.4f} -> {loss.item():.4f}")
    state = {}
    with torch.no_grad():
        for index, block in enumerate(blocks):
            a, b, c = block.discrete()
            for name, value in (("A", a), ("B", b), ("C", c)):
                state[f"layers.{index}.ssm.{name}_re"] = value.real.float().numpy().copy()
                state[f"layers.{index}.ssm.{name}_im"] = value.imag.float().numpy().copy()
            for name, value in block.named_parameters():
                if not value.is_complex():
                    state[f"layers.{index}.ssm.{name}"] = value.detach().numpy().copy()
        state["mix.weight"], state["mix.bias"] = mix.weight.detach().numpy().copy(), mix.bias.detach().numpy().copy()
    return state


def _save_pt(path: Path, state: dict[str, np.ndarray]) -> None:
    """A torch state dict file of the arrays."""
    import io

    import torch

    buffer = io.BytesIO()
    torch.save({name: torch.from_numpy(value) for name, value in state.items()}, buffer)
    write_atomic(path, buffer.getvalue())


def _save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """An .npz archive of the arrays."""
    import io

    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    write_atomic(path, buffer.getvalue())


def main(argv: list[str] | None = None) -> None:
    """Write the example weight files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-train", action="store_true", help="skip the torch-trained model")
    args = parser.parse_args(argv)
    write_atomic(OUT / "s4d-lin.safetensors", safetensors_bytes(_split(s4d("lin")), {"init": "S4D-Lin"}))
    _save_npz(OUT / "s4d-inv.npz", s4d("inv", seed=1))
    _save_npz(OUT / "hippo-legs.npz", hippo_legs())
    if not args.no_train:
        state = train_lti()
        _save_pt(OUT / "lti-trained.pt", state)
        write_atomic(OUT / "lti-trained.safetensors", safetensors_bytes(state, {"model": "2-block diagonal SSM"}))
    for path in sorted(OUT.iterdir()):
        print(f"  {path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
