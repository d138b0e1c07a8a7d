"""verify/heads_float.py: the float64 path of `verify heads --ssm WEIGHTS --tolerance` for A, B, C files.

Run as a user would: a dense and a diagonal block with --method float give a kernel-checked certificate of claim
exp.fig3.optimum.ssm.float whose smallest H agrees with the exact path; --check accepts the weight file it was
made from and refuses another; a block over the memory bound is refused at once (exit 2, sizes and limit named).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from verify import heads_float
from verify.cli import main
from verify.kernel import check_file


def _dense(seed: int = 3, m: int = 6) -> dict[str, np.ndarray]:
    """A small stable dense SSM in float32."""
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((m, m))
    A *= 0.8 / max(abs(np.linalg.eigvals(A)))
    return {k: v.astype(np.float32) for k, v in {"A": A, "B": rng.standard_normal((m, 2)),
                                                 "C": rng.standard_normal((2, m))}.items()}  # fmt: skip


def _diagonal(seed: int = 4, m: int = 5) -> dict[str, np.ndarray]:
    """A small stable diagonal complex SSM."""
    rng = np.random.default_rng(seed)
    a = np.exp(-rng.uniform(0.05, 0.4, m) + 1j * rng.uniform(0, 3, m))
    B = rng.standard_normal((m, 2)) + 1j * rng.standard_normal((m, 2))
    return {"A": a.astype(np.complex64), "B": B.astype(np.complex64), "C": rng.standard_normal((2, m)).astype("f4")}


@pytest.mark.parametrize("make", [_dense, _diagonal])
def test_method_float_is_kernel_checked_and_agrees_with_the_exact_path(tmp_path, capsys, make):
    path = tmp_path / "model.npz"
    np.savez(path, **make())
    heads = {}
    for method in ("float", "exact"):
        out = tmp_path / method
        args = ["heads", "--ssm", str(path), "--out", str(out), "--n", "64", "--json", "--quiet", "--method", method]
        assert main(args) == 0
        summary = json.loads(capsys.readouterr().out)
        heads[method] = summary["heads"]
        cert = out / Path(summary["certificate"]).name
        assert check_file(cert).valid
        if method == "float":
            assert summary["claim"] == "exp.fig3.optimum.ssm.float" and summary["method"].startswith("float (")
            assert summary["heads_range"][0] <= summary["heads"] and cert.with_suffix(".png").exists()
            float_cert = cert
    assert heads["float"] == heads["exact"]
    assert main(["heads", "--ssm", str(path), "--check", str(float_cert)]) == 0
    assert "is valid (kind float_gram" in capsys.readouterr().out
    other = tmp_path / "other.npz"
    arrays = make()
    arrays["C"] = arrays["C"] * 2
    np.savez(other, **arrays)
    assert main(["heads", "--ssm", str(other), "--check", str(float_cert)]) == 1
    assert "was not made from" in capsys.readouterr().err


def test_the_auto_method_is_exact_when_small_and_float_beyond():
    assert heads_float.choose_method("dense", 64, 16, 16, "auto") == "exact"
    assert heads_float.choose_method("dense", 65, 16, 16, "auto") == "float"
    assert heads_float.choose_method("diagonal", 256, 32, 32, "auto") == "exact"
    assert heads_float.choose_method("diagonal", 256, 64, 64, "auto") == "float"
    assert heads_float.choose_method("dense", 256, 64, 64, "exact") == "exact"


def test_a_block_over_the_memory_bound_is_refused_at_once(tmp_path, capsys, monkeypatch):
    path = tmp_path / "model.npz"
    np.savez(path, **_dense())
    monkeypatch.setattr(heads_float, "MEMORY_LIMIT", 10**5)
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "o"), "--method", "float", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "m = 6, p d = 4, n = 4096 need about" in err and "the limit is" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_the_estimate_of_the_issue_size_is_below_the_bound():
    need = heads_float.estimate_bytes("dense", "core", 256, 64, 64, 4096)
    assert 0.2e9 < need < heads_float.MEMORY_LIMIT  # measured peak 0.46 GB (benchmarks/bench_heads_error.py)
