"""verify/kernel/kind_lagmin.py: the exact minimum feature dimension of a head under the causal mask."""

from __future__ import annotations

import json

import pytest
from flint import fmpq, fmpq_poly

from verify.certificate import reseal
from verify.claims.sA_features import features_minimum
from verify.kernel import check_certificate
from verify.kernel.errors import KernelError
from verify.kernel.kind_lagmin import lag_values
from verify.kernel.obligations import check_obligation, read_goal
from verify.kernel.poly import Poly, read_poly

# eigenvalues +-sqrt 2, one Jordan block of size 2 each; g(tau) = Tr(a^tau (1 + a tau)) has rank 2 * 2 = 4
SQRT2_J2 = [["0", "2", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "2"], ["0", "0", "1", "0"]]
MODES = [{"modulus": "a^2 - 2", "coeff": [["1"]]}]
MERGED = [{"phi": "L", "psi": "(1 - a*j)*M"}, {"phi": "i*L", "psi": "a*M"}]


def _check(b: str, minimum: int, features: list) -> None:
    goal = {"A": SQRT2_J2, "modes": MODES, "b": [[b]], "minimum": [minimum]}
    check_obligation("lag_minimum", read_goal("lag_minimum", goal, "t"), {"heads": [{"features": [features]}]}, "t")


def test_lag_values_are_the_traces_of_the_closed_form():
    # Tr(a^tau (1 + a tau)) over the roots +-sqrt 2: tau = 0: 2; tau = 1: Tr(a + a^2) = 4; tau = 2: Tr(a^2 + 2 a^3) = 4
    g = lag_values((_modulus(),), (_b("1 + a*tau"),), 3)
    assert g == [fmpq(2), fmpq(4), fmpq(4)]


def _modulus() -> fmpq_poly:
    return fmpq_poly([-2, 0, 1])


def _b(text: str) -> Poly:
    return read_poly(text, ("a", "tau"), "b", complex_ok=False)


def test_kernel_accepts_the_merged_features_as_the_minimum():
    _check("1 + a*tau", 4, MERGED)


def test_kernel_rejects_a_minimum_the_features_do_not_attain():
    with pytest.raises(KernelError, match="expected exactly the minimum 3"):
        _check("1 + a*tau", 3, MERGED)


def test_kernel_rejects_a_claimed_minimum_above_the_rank_of_the_lag_kernel():
    # g = Tr(a^tau) has rank 2; four features (one of them zero) reproduce it but do not prove a lower bound 4
    padded = [{"phi": "L", "psi": "M"}, {"phi": "i*L", "psi": "0*M"}]
    with pytest.raises(KernelError, match="is singular"):
        _check("1", 4, padded)


def test_certificate_with_a_lowered_minimum_is_rejected_after_resealing():
    cert = json.loads(json.dumps(features_minimum()))
    item = next(o for o in cert["obligations"] if o["kind"] == "lag_minimum")
    item["goal"]["minimum"][0] -= 1
    result = check_certificate(reseal(cert))
    assert not result.valid and any("goal differs" in e for e in result.errors)
