"""Kernel feature kinds (kind_features.py): eq. (21) features and their real form, tampering rejected."""

from __future__ import annotations

import json

import pytest

from verify.certificate import reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _check(kind: str, goal: dict, witness: dict | None) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


# A with eigenvalues +-sqrt 2, each in one Jordan block of size 2 (C = companion of a^2 - 2), and with J = 1.
SQRT2_J2 = [["0", "2", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "2"], ["0", "0", "1", "0"]]
SQRT2_J1 = [["0", "2"], ["1", "0"]]


def _support(modulus: str, powers: list) -> dict:
    return {"moduli": [modulus], "heads": [[powers]]}


def _lag_goal(bound: int = 6, construction: str = "paper") -> dict:
    # One mode lambda = roots of a^2 - 2 with J = 2 and b(tau) = b_0 + b_1 tau (both nonzero).
    return {"A": SQRT2_J2, "support": _support("a^2 - 2", [0, 1]), "bound": bound, "construction": construction}


def _paper_features(coefficient: str = "-1") -> list:
    # q = 0: (L, B0 M); q = 1: (L, -j B1 M) and (i L, B1 M)
    return [{"phi": "L", "psi": "B0*M"}, {"phi": "L", "psi": f"{coefficient}*j*B1*M"}, {"phi": "i*L", "psi": "B1*M"}]


def test_lag_features_accept_the_binomial_features():
    _check("lag_features", _lag_goal(), {"heads": [{"features": [_paper_features()]}]})


def test_lag_features_reject_a_perturbed_coefficient():
    with pytest.raises(KernelError, match=r"differs from L M sum_q B_q \(i - j\)\^q"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [_paper_features("-2")]}]})


def test_lag_features_reject_a_feature_of_i_that_uses_j():
    features = [{"phi": "j*L", "psi": "B0*M"}]
    with pytest.raises(KernelError, match="unknown variable 'j'"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [features]}]})


def test_lag_features_reject_a_symbol_outside_the_support():
    features = [{"phi": "L", "psi": "B2*M"}]
    with pytest.raises(KernelError, match="unknown variable 'B2'"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [features]}]})


def test_lag_features_reject_a_coefficient_in_the_generator():
    features = [{"phi": "a*L", "psi": "B0*M"}]
    with pytest.raises(KernelError, match="unknown variable 'a'"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [features]}]})


def test_lag_features_reject_a_wrong_bound():
    with pytest.raises(KernelError, match="expected sum_l J_l"):
        read_goal("lag_features", _lag_goal(3), "t")


def test_lag_features_reject_a_zero_eigenvalue():
    goal = {"A": [["0"]], "support": _support("a", [0]), "bound": 1, "construction": "paper"}
    with pytest.raises(KernelError, match="A2"):
        read_goal("lag_features", goal, "t")


def test_lag_features_reject_a_modulus_whose_roots_are_not_eigenvalues_of_a():
    goal = {"A": [["1/2"]], "support": _support("a - 1/3", [0]), "bound": 1, "construction": "paper"}
    with pytest.raises(KernelError, match="not eigenvalues of A"):
        read_goal("lag_features", goal, "t")


def test_lag_features_reject_a_reducible_modulus():
    goal = {"A": [["1/2", "0"], ["0", "1/3"]], "support": _support("(a - 1/2)*(a - 1/3)", [0]), "bound": 2}
    goal["construction"] = "paper"
    with pytest.raises(KernelError, match="irreducible"):
        read_goal("lag_features", goal, "t")


def test_lag_features_read_the_block_size_off_a():
    # The same modulus with J = 1 allows no tau in b and a bound of 2, whatever the certificate says.
    with pytest.raises(KernelError, match="degree in tau exceeds J - 1 = 0"):
        read_goal("lag_features", {**_lag_goal(), "A": SQRT2_J1}, "t")


def _real_goal() -> dict:
    return {"A": SQRT2_J1, "support": _support("a^2 - 2", [0]), "bound": 2, "construction": "paper"}


def test_real_lag_features_accept_rational_features():
    # one listed feature stands for the deg m = 2 rational features X_r(i) Z_(0,r)(j), r = 0, 1
    _check("real_lag_features", _real_goal(), {"heads": [{"features": [[{"phi": "X", "psi": "Z0"}]]}]})


def test_real_lag_features_reject_a_wrong_identity():
    with pytest.raises(KernelError, match=r"differs from X sum_q Z_q \(i - j\)\^q"):
        _check("real_lag_features", _real_goal(), {"heads": [{"features": [[{"phi": "X", "psi": "2*Z0"}]]}]})


def test_real_lag_features_reject_a_feature_of_i_that_uses_j():
    with pytest.raises(KernelError, match="unknown variable 'Z0'"):
        _check("real_lag_features", _real_goal(), {"heads": [{"features": [[{"phi": "Z0", "psi": "X"}]]}]})


def test_real_lag_features_reject_more_features_than_the_bound():
    features = [{"phi": "X", "psi": "Z0"}, {"phi": "X", "psi": "0"}]
    with pytest.raises(KernelError, match="4 features, more than the bound 2"):
        _check("real_lag_features", _real_goal(), {"heads": [{"features": [features]}]})


def _merged_features() -> list:
    # merged over q: t = 0 gives psi = (B0 - j B1) M, t = 1 gives phi = i L, psi = B1 M (2 features, 4 with conjugates)
    return [{"phi": "L", "psi": "B0*M - j*B1*M"}, {"phi": "i*L", "psi": "B1*M"}]


def test_merged_construction_has_the_bound_sum_of_block_sizes():
    goal = _lag_goal(4, "merged")
    _check("lag_features", goal, {"heads": [{"features": [_merged_features()]}]})
    with pytest.raises(KernelError, match="expected sum_l J_l = 4"):
        read_goal("lag_features", {**goal, "bound": 6}, "t")


def test_merged_bound_rejects_the_papers_three_features_of_a_block_of_size_two():
    goal = _lag_goal(4, "merged")
    with pytest.raises(KernelError, match="6 features, more than the bound 4"):
        _check("lag_features", goal, {"heads": [{"features": [_paper_features()]}]})


def test_lag_features_reject_an_unknown_construction():
    with pytest.raises(KernelError, match="construction"):
        read_goal("lag_features", {**_lag_goal(), "construction": "optimal"}, "t")


def test_certificate_with_a_dropped_feature_is_rejected_after_resealing():
    from verify.claims.sA_modes import features

    cert = json.loads(json.dumps(features()))
    item = next(o for o in cert["obligations"] if o["name"] == "jordan3")
    feats = item["witness"]["heads"][0]["features"][0]
    feats.pop()
    result = check_certificate(reseal(cert))
    assert not result.valid
    assert any("jordan3" in e and "differs from L M sum_q B_q" in e for e in result.errors), result.errors


def test_an_identity_repeated_across_heads_is_checked_for_each_distinct_text():
    # two heads with the same support: the first head's identity is checked once, a perturbed second one still fails
    goal = {**_lag_goal(), "support": {"moduli": ["a^2 - 2"], "heads": [[[0, 1]], [[0, 1]]]}}
    same = {"heads": [{"features": [_paper_features()]}, {"features": [_paper_features()]}]}
    _check("lag_features", goal, same)
    perturbed = {"heads": [{"features": [_paper_features()]}, {"features": [_paper_features("-2")]}]}
    with pytest.raises(KernelError, match=r"heads\[1\].features\[0\]: sum_t phi_t psi_t differs"):
        _check("lag_features", goal, perturbed)
