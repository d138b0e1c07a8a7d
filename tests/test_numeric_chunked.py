"""The chunked k-head form (numeric.ssm.heads_chunked, numeric/chunked.py) and its a-priori bound."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from numeric import ssm as methods
from numeric.backends import get_backend
from numeric.checks import _head_arrays, _inputs
from numeric.chunked import _weighted, carried_norms, chunked_check
from numeric.construction import builtin, head_form


@pytest.mark.parametrize("name", ["random16", "slow", "rotation"])
@pytest.mark.parametrize("basis", ["modal", "lags"])
def test_the_chunked_check_passes_within_its_bound(name, basis):
    check = chunked_check(get_backend(), name, 3000, basis)
    assert check.passed and check.nonfinite == 0
    assert check.error_cert <= check.bound


def test_chunked_and_full_length_head_forms_agree_to_rounding():
    bk = get_backend()
    model = builtin("random16")
    V, beta, lam, _, _ = _head_arrays(bk, model, "modal", 0.0)
    x = bk.asarray(_inputs(2000, 4, 5))
    full, _ = methods.heads(bk, V, beta, lam, x)
    chunked = methods.heads_chunked(bk, V, beta, lam, x, 64)
    assert np.max(np.abs(full - chunked)) < 1e-12


def test_a_corrupted_coefficient_fails_the_chunked_check():
    check = chunked_check(get_backend(), "random16", 3000, "modal", corrupt=1e-7)
    assert not check.passed


def test_torch_and_numpy_chunked_head_forms_agree():
    torch = pytest.importorskip("torch")
    del torch
    model = builtin("slow")
    outs = []
    for name in ("numpy", "torch"):
        bk = get_backend(name)
        V, beta, lam, _, _ = _head_arrays(bk, model, "lags", 0.0)
        outs.append(bk.numpy(methods.heads_chunked(bk, V, beta, lam, bk.asarray(_inputs(1500, 2, 2)), 128)))
    assert np.max(np.abs(outs[0] - outs[1])) < 1e-12


def test_geometric_weights_are_exact_upper_bounds():
    assert _weighted(Fraction(1), 5) == (5, 10)
    s0, s1 = _weighted(Fraction(1, 2), 50)
    assert s0 >= sum(Fraction(1, 2) ** j for j in range(50)) and s1 >= sum(j * Fraction(1, 2) ** j for j in range(50))


def test_carried_norms_refuse_an_eigenvalue_outside_the_unit_disc():
    form = head_form(builtin("random16"), "modal")
    bad = type(form)(form.pivots, form.V, form.beta, ((Fraction(2), Fraction(0)),) + form.lam[1:])
    with pytest.raises(ValueError, match="modulus above 1"):
        carried_norms(bad, 64, 4)
