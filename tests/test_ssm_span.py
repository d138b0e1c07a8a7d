"""The span check at state sizes beyond the built-in instances (kernel/theories/ssm/ssm_span.py), tampered and resealed.

A dense random 24-state SSM gets the witness forms of large SSMs: Krylov vectors ("cyclic") for p(A) = 0, and the
coefficients c_{tau,h} left out (solved for by the kernel), written compactly, or written as rows of strings.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache

import pytest

from constructions.ssm import ssm_from_strings
from verify.certificate import reseal
from verify.claims.s4_heads import compact_rows, heads_certificate
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.kinds import check_obligation, read_goal


def _dense(m: int, seed: int = 5) -> list[list[list[str]]]:
    """A, B, C of a dense random rational SSM (entries a/b, |a| <= 9, 1 <= b <= 9), p = d = 4."""
    rng = random.Random(seed)
    entry = lambda: f"{rng.randint(-9, 9)}/{rng.randint(1, 9)}"  # noqa: E731
    return [[[entry() for _ in range(c)] for _ in range(r)] for r, c in ((m, m), (m, 4), (4, m))]


@cache
def _certificate_text(m: int) -> str:
    return json.dumps(heads_certificate(ssm_from_strings(*_dense(m)), 20, by_reference=False))  # goals spelled out


def _certificate(m: int = 24) -> dict:
    return json.loads(_certificate_text(m))


def _check(item: dict) -> None:
    goal = read_goal(item["kind"], item["goal"], "ob")
    check_obligation(item["kind"], goal, item.get("witness"), "ob")


def _with_coefficients(form: str) -> dict:
    """The sufficiency obligation with the coefficient table as rows of strings, compact, or left out."""
    from constructions.ssm import interaction_basis
    from verify.claims.s4_heads import _parts

    item = _certificate()["obligations"][2]
    basis = interaction_basis(ssm_from_strings(*_dense(24)))
    values = [[_parts(x) for x in row] for row in basis.base]
    item["witness"].pop("coefficients", None)
    if form == "rows":
        item["witness"]["coefficients"] = [[str(re) for re, _ in row] for row in values]
    elif form == "compact":
        item["witness"]["coefficients"] = compact_rows(values)
    return item


def test_a_24_state_certificate_uses_krylov_vectors_and_is_accepted():
    cert = _certificate()
    assert all("cyclic" in item["witness"] for item in cert["obligations"])
    assert check_certificate(cert).valid


@pytest.mark.parametrize("form", ["rows", "compact", "left out"])
def test_every_written_form_of_the_coefficients_is_accepted(form):
    _check(_with_coefficients(form))


def test_a_perturbed_compact_coefficient_is_rejected():
    item = _with_coefficients("compact")
    row = item["witness"]["coefficients"]["re"][20]
    row[3] = str(int(row[3]) + 1)
    with pytest.raises(KernelError, match=r"!= W\(20\)"):
        _check(item)


def test_an_annihilator_that_fails_on_the_krylov_vectors_is_rejected():
    item = _certificate()["obligations"][0]
    item["witness"]["annihilator"][0] = "1/3"
    with pytest.raises(KernelError, match="is not the zero matrix"):
        _check(item)


def test_a_zero_krylov_vector_is_rejected_even_with_the_true_annihilator():
    item = _certificate()["obligations"][0]
    item["witness"]["cyclic"] = [[0] * 24]
    with pytest.raises(KernelError, match="do not span the state space"):
        _check(item)


def test_a_non_minimal_last_lag_is_rejected_when_the_kernel_solves_for_the_coefficients():
    item = _certificate()["obligations"][0]
    item["witness"].pop("coefficients", None)
    item["witness"]["lags"] = list(range(15)) + [16]
    with pytest.raises(KernelError, match="c_15,k is not 0"):
        _check(item)


def test_a_compact_matrix_in_the_params_means_the_same_ssm():
    cert = _certificate()
    from fractions import Fraction

    from flint import fmpq

    from verify.mutation import set_param

    rows = cert["params"]["A"]
    compact = compact_rows([[(fmpq(Fraction(x).numerator, Fraction(x).denominator), fmpq(0)) for x in r] for r in rows])
    only_params = copy.deepcopy(cert)
    only_params["params"]["A"] = compact  # the goals still spell A the other way: not the registered goal as written
    result = check_certificate(reseal(only_params))
    assert not result.valid and any("goal differs from the registered statement" in e for e in result.errors)
    set_param(cert, "A", compact)  # params and every goal that carries A: the same SSM, written compactly
    assert check_certificate(reseal(cert)).valid
    bad = copy.deepcopy(cert)
    set_param(
        bad, "A", dict(compact, re=[[str(int(compact["re"][0][0]) + 1), *compact["re"][0][1:]], *compact["re"][1:]])
    )
    result = check_certificate(reseal(bad))
    assert not result.valid


def test_a_hostile_size_is_refused_by_the_work_bound_before_the_expensive_product():
    rng = random.Random(1)
    big = lambda: str(rng.randint(10**299, 10**300))  # noqa: E731
    m = 256
    goal = {"A": [[big() for _ in range(m)] for _ in range(m)], "B": [["1"]] * m, "C": [["1"] * m], "k": 1, "n_min": 1}
    witness = {"annihilator": ["1"] * m + ["1"], "lags": [0], "minor_cols": [0]}
    with work_budget(8_000_000), pytest.raises(WorkExceeded, match="powers of A"):
        _check({"kind": "ssm_condition7", "goal": goal, "witness": witness})


def test_a_certificate_is_charged_the_same_whatever_was_checked_before(monkeypatch):
    import contextlib
    import importlib

    check_module = importlib.import_module("verify.kernel.check")
    budgets, real = [], check_module.work_budget

    @contextlib.contextmanager
    def recording(*args, **kwargs):
        with real(*args, **kwargs) as budget:
            budgets.append(budget)
            yield budget

    monkeypatch.setattr(check_module, "work_budget", recording)
    cert = _certificate()
    for _ in range(2):
        assert check_certificate(copy.deepcopy(cert)).valid
    assert budgets[0].used == budgets[1].used > 0
