"""numeric.table1: every row runs, modes that must agree do, and the fits and command line behave."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from numeric import table1


def _integer_inputs(n: int) -> dict[str, np.ndarray]:
    """Small-integer inputs with a permutation as A: every float64 operation of the SSM rows is exact."""
    rng = np.random.default_rng(7)
    inputs = table1.make_inputs(n)
    integers = lambda shape: rng.integers(-3, 4, shape).astype(float)  # noqa: E731
    inputs.update(X=integers((table1.D, n)), B=integers((table1.S, table1.D)), C=integers((table1.P, table1.S)))
    inputs["A"] = np.roll(np.eye(table1.S), 1, axis=0)
    return inputs


def test_ssm_scan_and_recurrence_give_identical_outputs_on_exact_inputs():
    n = 16
    inputs = _integer_inputs(n)
    recurrent = np.asarray(table1.plain_row("ssm (recurrence)", inputs, np)[1]())
    scanned = np.asarray(table1.plain_row("ssm (scan)", inputs, np)[1]())
    assert np.array_equal(recurrent, scanned)
    _, _, tracked_rec = table1.tracked_row("ssm (recurrence)", n, inputs)
    _, _, tracked_scan = table1.tracked_row("ssm (scan)", n, inputs)
    assert np.array_equal(tracked_rec[..., 0], recurrent.T)
    assert np.array_equal(tracked_scan[..., 0], recurrent.T)


def test_ssm_fft_convolution_recovers_the_integer_outputs():
    n = 16
    inputs = _integer_inputs(n)
    exact = np.asarray(table1.plain_row("ssm (recurrence)", inputs, np)[1]()).T
    via_fft = np.asarray(table1.plain_row("ssm (fft convolution)", inputs, np)[1]())
    assert np.all(np.isfinite(via_fft))
    assert np.array_equal(np.rint(via_fft), exact)  # rounding recovers the integers: every error < 1/2


def test_attention_depth_grows_by_two_per_doubling_of_n():
    depths = [table1.tracked_row("attention", n)[1] for n in (8, 16, 32)]
    assert np.diff(depths).tolist() == [2, 2]


def test_recurrence_depth_grows_linearly_and_scan_depth_logarithmically():
    sizes = [8, 16, 32]
    rec = [table1.tracked_row("selective-ssm (recurrence)", n)[1] for n in sizes]
    scan = [table1.tracked_row("selective-ssm (scan)", n)[1] for n in sizes]
    assert table1.fit_exponent(sizes, rec) > 0.8
    assert table1.classify_depth(sizes, scan).startswith("O(log n)")


def test_attention_keeps_n_squared_weights_and_linear_attention_a_fixed_summary():
    m = table1.measure_row("attention", [8, 16, 32], [8, 16], torch_too=False)
    assert m["weights_bytes"] == [8 * n * n for n in (8, 16, 32)]
    lin = table1.measure_row("linear-attention", [8, 16, 32], [8, 16], torch_too=False)
    assert len(set(lin["weights_bytes"])) == 1 and lin["weights_bytes"][0] == 8 * table1.R * table1.P


def test_fit_exponent_recovers_known_powers_and_rejects_zero_or_nan():
    sizes = [8, 16, 32, 64]
    assert table1.fit_exponent(sizes, [3 * n**2 for n in sizes]) == pytest.approx(2.0, abs=1e-9)
    assert table1.fit_exponent(sizes, [0, 1, 2, 3]) is None
    assert table1.fit_exponent(sizes, [1.0, math.nan, 2.0, 3.0]) is None


def test_classify_depth_names_constant_logarithmic_and_power_growth():
    sizes = [8, 16, 32, 64]
    assert table1.classify_depth(sizes, [5, 5, 5, 5]) == "O(1)"
    assert table1.classify_depth(sizes, [3, 5, 7, 9]).startswith("O(log n)")
    assert table1.classify_depth(sizes, sizes) == "O(n^1.00)"


@pytest.mark.parametrize("name", table1.ROWS)
def test_every_row_runs_in_numpy_and_torch_and_gives_finite_outputs(name):
    import torch

    inputs = table1.make_inputs(8)
    out_np = np.asarray(table1.plain_row(name, inputs, np)[1](), dtype=float)
    tin = {k: torch.as_tensor(v) for k, v in inputs.items()}
    out_torch = table1.plain_row(name, tin, torch)[1]()
    out_torch = np.asarray([np.asarray(v) for v in out_torch] if isinstance(out_torch, list) else out_torch.numpy())
    assert np.all(np.isfinite(out_np)) and out_np.shape == out_torch.shape
    assert table1.tracked_row(name, 8)[0] > 0


def test_main_rejects_sizes_that_are_not_powers_of_two(capsys):
    assert table1.main(["--sizes", "8", "12"]) == 2
    assert "--sizes" in capsys.readouterr().err


def test_main_writes_json_and_markdown_with_the_papers_entries(tmp_path):
    js, md = tmp_path / "t1.json", tmp_path / "t1.md"
    args = ["--sizes", "8", "16", "--time-sizes", "8", "16", "--no-torch", "--rows", "mlp", "attention"]
    assert table1.main([*args, "--json", str(js), "--markdown", str(md)]) == 0
    data = json.loads(js.read_text())
    assert set(data["rows"]) == {"mlp", "attention"}
    assert data["rows"]["attention"]["paper"]["memory"] == "O(n^2)"
    assert "| attention | O(n^2) |" in md.read_text()


def test_summary_matrix_cost_grows_with_n_times_r_times_p():
    base = table1.summary_matrix_ops(64, 4, 4)
    assert base == 4 * 4 * (2 * 64 - 1) + 64 * 4 * (2 * 4 - 1)
    assert table1.summary_matrix_ops(64, 4, 8) == 2 * base
    assert table1.summary_matrix_ops(128, 4, 8) > 3.9 * base
