"""verify/kernel/theories/modes/kind_lagmin.py: the exact minimum feature dimension of a head under the causal mask."""

from __future__ import annotations

import json

import pytest
from flint import fmpq, fmpq_poly

from verify.certificate import reseal
from verify.claims.sA_features import features_minimum
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.core.flint_matrix import P, mod_p_image
from verify.kernel.kinds import check_obligation, read_goal
from verify.kernel.theories.modes.kind_lagmin import lag_images, lag_values

# eigenvalues +-sqrt 2, one Jordan block of size 2 each; g(tau) = Tr(a^tau (b0 + b1 tau)) has rank 2 * 2 = 4
SQRT2_J2 = [["0", "2", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "2"], ["0", "0", "1", "0"]]
MODES = [{"modulus": "a^2 - 2", "coeff": [[[["1", "0"]]]]}]
MERGED = [{"phi": "L", "psi": "B0*M - j*B1*M"}, {"phi": "i*L", "psi": "B1*M"}]
# b = 1 + a tau in trace coordinates: Tr(1) = 2, Tr(a) = 0; Tr(a) = 0, Tr(a^2) = 4
B_J2 = [["2", "0"], ["0", "4"]]


def _check(b: list, minimum: int, features: list) -> None:
    goal = {"A": SQRT2_J2, "modes": MODES, "b": [[b]], "minimum": [minimum]}
    check_obligation("lag_minimum", read_goal("lag_minimum", goal, "t"), {"heads": [{"features": [features]}]}, "t")


def test_lag_values_are_the_traces_of_the_closed_form():
    # Tr(a^tau (1 + a tau)) over the roots +-sqrt 2: tau = 0: 2; tau = 1: Tr(a + a^2) = 4; tau = 2: Tr(a^2 + 2 a^3) = 4
    b = ((fmpq(2), fmpq(0)), (fmpq(0), fmpq(4)))
    assert lag_values((fmpq_poly([-2, 0, 1]),), ((b,),), [3]) == [[fmpq(2), fmpq(4), fmpq(4)]]


def test_lag_images_are_the_exact_lag_values_modulo_the_prime():
    import random

    rnd = random.Random(7)
    moduli = (fmpq_poly([fmpq(1, 3), fmpq(-5, 7), 0, 1]), fmpq_poly([fmpq(-2, 9), 1]))
    heads = tuple(
        tuple(
            tuple(tuple(fmpq(rnd.randint(-99, 99), rnd.randint(1, 50)) for _ in range(m.degree())) for _ in range(q))
            for m, q in zip(moduli, (2, 3))
        )
        for _ in range(3)
    )
    counts = [11, 7, 0]
    exact = lag_values(moduli, heads, counts)
    assert lag_images(moduli, heads, counts, "t") == [[mod_p_image(x, "t") for x in row] for row in exact]


def test_lag_images_refuse_a_denominator_divisible_by_the_prime():
    b = ((fmpq(1, P), fmpq(0)),)
    with pytest.raises(KernelError, match="divisible by the prime"):
        lag_images((fmpq_poly([-2, 0, 1]),), ((b,),), [3], "t")


def test_kernel_accepts_the_merged_features_as_the_minimum():
    _check(B_J2, 4, MERGED)


def test_kernel_rejects_a_minimum_the_features_do_not_attain():
    with pytest.raises(KernelError, match="expected exactly the minimum 3"):
        _check(B_J2, 3, MERGED)


def test_kernel_rejects_a_claimed_minimum_above_the_rank_of_the_lag_kernel():
    # g = Tr(a^tau) has rank 2; four features (one of them zero) reproduce it but do not prove a lower bound 4
    padded = [{"phi": "L", "psi": "B0*M"}, {"phi": "i*L", "psi": "0*M"}]
    with pytest.raises(KernelError, match="is not shown nonsingular"):
        _check([["2", "0"]], 4, padded)


def test_certificate_with_a_lowered_minimum_is_rejected_after_resealing():
    cert = json.loads(json.dumps(features_minimum()))
    item = next(o for o in cert["obligations"] if o["kind"] == "lag_minimum")
    item["goal"]["minimum"][0] -= 1
    result = check_certificate(reseal(cert))
    assert not result.valid and any("goal differs" in e for e in result.errors)


def test_certificate_with_a_lowered_minimum_everywhere_is_rejected_by_the_feature_count():
    cert = json.loads(json.dumps(features_minimum()))
    item = next(o for o in cert["obligations"] if o["name"] == "jordan3.minimum")
    cert["params"]["jordan3.minimum"][0] -= 1
    item["goal"]["minimum"][0] -= 1
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("jordan3.minimum" in e and "expected exactly the minimum" in e for e in result.errors), result.errors
