"""num.thm4.4's check: the k-head form run chunk by chunk (numeric/heads_local.py) and its a-priori bound."""

from __future__ import annotations

import numpy as np
import pytest

from numeric import heads_local as local
from numeric import ssm as methods
from numeric.backends import get_backend
from numeric.checks import _head_arrays, _inputs
from numeric.construction import builtin


@pytest.mark.parametrize("name", ["random16", "slow", "rotation"])
@pytest.mark.parametrize("basis", ["modal", "lags"])
def test_the_local_check_passes_within_its_bound_and_caps(name, basis):
    check = local.local_check(get_backend(), name, 3000, basis)
    assert check.passed and check.nonfinite == 0 and check.within_caps
    assert check.formulas == ("heads_local", "scan") and check.sizes["NL"] == 2 * check.sizes["L"]


@pytest.mark.parametrize("name", ["random16", "slow", "rotation"])
def test_a_corrupted_coefficient_fails_the_local_check(name):
    for basis in ("modal", "lags"):
        assert not local.local_check(get_backend(), name, 3000, basis, corrupt=1e-7).passed


def test_local_and_full_length_head_forms_agree_to_rounding():
    bk = get_backend()
    V, beta, lam, _, _ = _head_arrays(bk, builtin("random16"), "lags", 0.0)
    x = bk.asarray(_inputs(2000, 4, 5))
    full, _ = methods.heads(bk, V, beta, lam, x)
    chunked, shadow = local.heads_local(bk, V, beta, lam, x, 64)
    assert np.max(np.abs(full - chunked)) < 1e-10
    assert set(shadow) == {"S1", "ST", "a1", "a2", "aF", "bF", "b2", "Z"}


def test_the_numpy_path_and_the_generic_path_agree(monkeypatch):
    bk = get_backend()
    V, beta, lam, _, _ = _head_arrays(bk, builtin("slow"), "modal", 0.0)
    x = bk.asarray(_inputs(1500, 2, 3))
    fast = local.heads_local(bk, V, beta, lam, x, 128)
    monkeypatch.setattr(
        local,
        "_local_numpy",
        lambda Fc, FX, w, buf, chunk: local._local_generic(bk, Fc, FX, w.reshape(-1, w.shape[2]), chunk),
    )
    slow = local.heads_local(bk, V, beta, lam, x, 128)
    assert np.max(np.abs(fast[0] - slow[0])) < 1e-13
    assert fast[1]["Z"] == pytest.approx(slow[1]["Z"], rel=1e-12)


def test_a_nan_input_is_seen_in_the_output_and_the_shadow():
    bk = get_backend()
    V, beta, lam, _, _ = _head_arrays(bk, builtin("random16"), "modal", 0.0)
    x = _inputs(600, 4, 1)
    x[300, 1] = np.nan
    y, shadow = local.heads_local(bk, V, beta, lam, bk.asarray(x), 64)
    assert np.isnan(shadow["Z"]) and bk.nonfinite(y) > 0


def test_torch_and_numpy_local_head_forms_agree():
    pytest.importorskip("torch")
    model = builtin("slow")
    outs = []
    for name in ("numpy", "torch"):
        bk = get_backend(name)
        V, beta, lam, _, _ = _head_arrays(bk, model, "lags", 0.0)
        y, _ = local.heads_local(bk, V, beta, lam, bk.asarray(_inputs(1500, 2, 2)), 128)
        outs.append(bk.numpy(y))
    assert np.max(np.abs(outs[0] - outs[1])) < 1e-12
