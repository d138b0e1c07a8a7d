"""Tests of the benchmark scripts: the prepared GPU script runs on CPU at small n, the benchmark's quick mode runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    """Import a script from benchmarks/ as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_gpu_script_passes_on_cpu_at_small_n(capsys):
    pytest.importorskip("torch")
    assert _load("gpu_numeric").main(["--device", "cpu", "--n", "256"]) == 0
    out = capsys.readouterr().out
    assert "n=256" in out and "pass=True" in out


def test_gpu_script_reports_a_missing_device_with_exit_code_2(capsys):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    assert _load("gpu_numeric").main(["--device", "cuda", "--n", "16"]) == 2
    assert "cuda" in capsys.readouterr().err


def test_gpu_shell_wrapper_runs_the_script_on_cuda():
    text = (ROOT / "benchmarks" / "gpu_numeric.sh").read_text()
    assert "gpu_numeric.py --device cuda" in text and "10000000" in text


@pytest.mark.slow
def test_benchmark_quick_mode_prints_every_section(capsys):
    assert _load("bench_numeric").main(["--quick"]) == 0
    out = capsys.readouterr().out
    for title in ("Theorem 4.4", "naive SymPy", "FFT", "Appendix A"):
        assert title in out
