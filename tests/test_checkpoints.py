"""constructions/checkpoints.py: each published parameterization read as its own model computes it.

The reference layers (tests/reference_ssm_layers.py) are written from the published definitions and run their
own forward pass in float64 (FFT convolution, or the step recurrence); the toolkit's reading gives W(tau) and
y_i = sum_{j <= i} W(i - j) x_j. They must agree to RELATIVE = 1e-10: the reading rounds every discretized
entry to the nearest float64 (2^-53 relative) and both sides then sum at most n * modes = 40 * 16 float64
terms of size O(1), so honest disagreement is below about 1e-13; a wrong convention (factor 2, sign of A_imag,
ZOH versus bilinear, dt in B, n_ssm tiling) changes y by 1e-3 or more (checked below).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_ssm_layers import LRULayer, S4DKernelV3, S4DKernelV4, S4DMinimal, S5Layer  # noqa: E402

from constructions.checkpoints import find_layers, read_layer  # noqa: E402
from constructions.weights import BadWeights, read_arrays  # noqa: E402

RELATIVE = 1e-10  # see the module docstring: rounding to float64 plus O(n * modes) float64 sums, ~1e-13
N_STEPS = 40


def _arrays(module: torch.nn.Module) -> dict:
    """The state dict as numpy arrays (what read_arrays gives for a .pt file)."""
    return {k: v.detach().numpy() for k, v in module.state_dict().items()}


def _convolve(W: np.ndarray, x: np.ndarray) -> np.ndarray:
    """y_i = sum_{j <= i} W(i - j) x_j for W (n, p, d), x (n, d)."""
    n = len(x)
    return np.stack([sum(W[i - j] @ x[j] for j in range(i + 1)) for i in range(n)])


def _error(y: np.ndarray, z: np.ndarray) -> float:
    """Relative error in the Frobenius norm."""
    return float(np.linalg.norm(y - z) / np.linalg.norm(y))


def _s4d_case(module, prefix: str, disc: str, with_d: bool) -> float:
    """Relative error of the reading against the S4D module's own forward pass (input (1, H, L))."""
    arrays = _arrays(module)
    assert find_layers(arrays, "auto", "m") == [(prefix, "s4d")]
    layer = read_layer(arrays, prefix, "s4d", "m", disc, with_d)
    H = layer.d
    u = torch.randn(1, H, N_STEPS, dtype=torch.float64, generator=torch.Generator().manual_seed(3))
    y = module(u)[0].detach().numpy().T
    return _error(y, _convolve(layer.impulse_response(N_STEPS), u[0].numpy().T))


def test_minimal_s4d_with_its_skip_term_is_read_as_it_computes():
    assert _s4d_case(S4DMinimal(4, 8), "kernel.", "zoh", True) <= RELATIVE


@pytest.mark.parametrize(
    "module, disc",
    [
        (S4DKernelV4(4, 3, "zoh"), "zoh"),
        (S4DKernelV4(4, 3, "bilinear", n_ssm=2), "bilinear"),
        (S4DKernelV4(3, 2, "zoh", channels=2), "zoh"),
        (S4DKernelV3(4, 3, "bilinear"), "bilinear"),
        (S4DKernelV3(4, 3, "zoh"), "zoh"),
    ],
)
def test_s4d_v3_and_v4_kernels_zoh_and_bilinear_are_read_as_they_step(module, disc):
    assert _s4d_case(module, "", disc, False) <= RELATIVE


def test_a_wrong_discretization_is_visible_to_the_comparison():
    assert _s4d_case(S4DKernelV3(4, 3, "bilinear"), "", "zoh", False) > 1e-4


def _mimo_case(module, fmt: str, disc: str = "zoh", with_d: bool = True) -> float:
    """Relative error of the reading against an S5/LRU module's own scan (input (L, H))."""
    arrays = _arrays(module)
    assert find_layers(arrays, "auto", "m") == [("", fmt)]
    layer = read_layer(arrays, "", fmt, "m", disc, with_d)
    x = torch.randn(N_STEPS, layer.d, dtype=torch.float64, generator=torch.Generator().manual_seed(4))
    y = module(x).detach().numpy()
    if not with_d:
        y = y - x.numpy() * module.D.detach().numpy()
    return _error(y, _convolve(layer.impulse_response(N_STEPS), x.numpy()))


@pytest.mark.parametrize("disc", ["zoh", "bilinear"])
def test_s5_is_read_as_its_scan_computes(disc):
    assert _mimo_case(S5Layer(3, 5, disc), "s5", disc) <= RELATIVE
    assert _mimo_case(S5Layer(3, 5, disc), "s5", disc, with_d=False) <= RELATIVE


def test_lru_of_the_paper_is_read_as_its_scan_computes():
    assert _mimo_case(LRULayer(3, 5), "lru") <= RELATIVE


def test_lru_pytorch_from_the_registry_is_read_as_it_computes(monkeypatch):
    lru = pytest.importorskip("LRU_pytorch")
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)  # the package builds its state and output in the default dtype
    try:
        torch.manual_seed(0)
        module = lru.LRU(3, 4, 5)
        arrays = _arrays(module)
        assert find_layers(arrays, "auto", "m") == [("", "lru")]
        layer = read_layer(arrays, "", "lru", "m", with_d=True)
        x = torch.randn(N_STEPS, 3)
        y = module(x).detach().numpy()
    finally:
        torch.set_default_dtype(previous)
    assert layer.mapping["B"].startswith("(B (complex))")
    assert _error(y, _convolve(layer.impulse_response(N_STEPS), x.numpy())) <= RELATIVE


def test_discretized_values_are_the_nearest_floats_of_the_exact_discretization():
    import math

    from flint import arb, ctx

    module = S4DMinimal(2, 4)
    arrays = _arrays(module)
    layer = read_layer(arrays, "kernel.", "s4d", "m")
    with ctx.workprec(400):
        for h in range(2):
            for j in range(2):
                dt = arb(float(arrays["kernel.log_dt"][h])).exp()
                modulus = (-arb(float(arrays["kernel.log_A_real"][h, j])).exp() * dt).exp()
                exact = modulus * (arb(float(arrays["kernel.A_imag"][h, j])) * dt).cos()  # Re exp(dt A)
                got = float(layer.a[h, j].real)
                gap = abs(arb(Fraction(got).numerator) / Fraction(got).denominator - exact)
                assert gap.upper() <= arb(math.ulp(got)) / 2 * (1 + arb(2) ** -60)


def test_discrete_arrays_win_over_continuous_ones_and_v4_names_are_not_read_as_discrete():
    root = Path(__file__).resolve().parent.parent
    arrays, _ = read_arrays(root / "verify" / "claims" / "data" / "lti-trained.safetensors")
    assert {fmt for _, fmt in find_layers(arrays, "auto", "f")} == {"abc"}
    assert find_layers(_arrays(S4DKernelV4(2, 2)), "auto", "m") == [("", "s4d")]


def _s4d_named() -> dict:
    """A minimal S4D state dict under layers.0.kernel. as numpy arrays."""
    return {"layers.0." + k: v for k, v in _arrays(S4DMinimal(2, 4)).items()}


@pytest.mark.parametrize(
    "edit, fmt, message",
    [
        (lambda a: a.pop("layers.0.kernel.C"), "auto", "missing array 'layers.0.kernel.C'"),
        (lambda a: a.pop("layers.0.kernel.A_imag"), "auto", "missing array 'layers.0.kernel.A_imag'; expected A_imag"),
        (lambda a: a.pop("layers.0.kernel.log_A_real"), "s4d", "expected log_A_real, inv_A_real or A_real"),
        (
            lambda a: a.update({"layers.0.kernel.A_imag": np.zeros((2, 3))}),
            "auto",
            "'layers.0.kernel.A_imag' has shape [2, 3] (float64), expected real [2, 2]",
        ),
        (
            lambda a: a["layers.0.kernel.log_dt"].__setitem__(1, np.nan),
            "auto",
            "'layers.0.kernel.log_dt' entry [1] is nan",
        ),
        (lambda a: a.update({"layers.0.kernel.log_dt": np.zeros(3)}), "auto", "'layers.0.kernel.log_dt' has shape [3]"),
        (lambda a: None, "s5", "no S5 arrays Lambda_re"),
        (
            lambda a: a.update({"layers.1.A_log": np.zeros((2, 2)), "layers.1.x_proj.weight": np.zeros((2, 2))}),
            "auto",
            "selective SSM (Mamba)",
        ),
        (lambda a: a.update({"layers.0.kernel.P": np.zeros((1, 2, 2, 2))}), "auto", "S4's DPLR kernel"),
    ],
)
def test_bad_checkpoints_are_refused_naming_file_array_and_expectation(edit, fmt, message):
    arrays = _s4d_named()
    edit(arrays)
    with pytest.raises(BadWeights) as info:
        for prefix, found in find_layers(arrays, fmt, "model.pt"):
            read_layer(arrays, prefix, found, "model.pt")
    text = str(info.value)
    assert text.startswith("model.pt: ") and message in text and "\n" not in text


def test_unknown_naming_lists_what_the_file_holds():
    with pytest.raises(BadWeights, match=r"no A, B, C, or an S4D, S5 or LRU layer under any prefix; arrays found: w"):
        find_layers({"w": np.zeros(2)}, "auto", "f.npz")


def test_bidirectional_s5_is_refused():
    arrays = _arrays(S5Layer(2, 2))
    arrays["C1"] = arrays["C"]
    with pytest.raises(BadWeights, match="bidirectional S5 layer is not causal"):
        read_layer(arrays, "", "s5", "f")
