"""Kernel feature kinds (verify/kernel/kind_features.py): eq. (21) features and their real form, tampering rejected."""

from __future__ import annotations

import pytest

from verify.kernel.errors import KernelError
from verify.kernel.obligations import check_obligation, read_goal


def _check(kind: str, goal: dict, witness: dict | None) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


# A with eigenvalues +-sqrt 2, each in one Jordan block of size 2 (C = companion of a^2 - 2), and with J = 1.
SQRT2_J2 = [["0", "2", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "2"], ["0", "0", "1", "0"]]
SQRT2_J1 = [["0", "2"], ["1", "0"]]


def _modes(modulus: str) -> list:
    return [{"modulus": modulus, "coeff": [["1"]]}]


def _lag_goal() -> dict:
    # One mode lambda = roots of a^2 - 2 with J = 2, g(tau) = Tr(a^tau (1 + a*tau)).
    return {"A": SQRT2_J2, "modes": _modes("a^2 - 2"), "b": [["1 + a*tau"]], "bound": 6, "construction": "paper"}


def _lag_features(coeff: str = "a") -> list:
    return [{"phi": "L", "psi": "M"}, {"phi": "L", "psi": f"-{coeff}*j*M"}, {"phi": "i*L", "psi": f"{coeff}*M"}]


def test_lag_features_accept_the_binomial_features():
    _check("lag_features", _lag_goal(), {"heads": [{"features": [_lag_features()]}]})


def test_lag_features_reject_a_perturbed_coefficient():
    with pytest.raises(KernelError, match="differs from L M b"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [_lag_features("2*a")]}]})


def test_lag_features_reject_a_feature_of_i_that_uses_j():
    features = [{"phi": "j*L", "psi": "M"}]
    with pytest.raises(KernelError, match="unknown variable 'j'"):
        _check("lag_features", _lag_goal(), {"heads": [{"features": [features]}]})


def test_lag_features_reject_a_wrong_bound():
    with pytest.raises(KernelError, match="expected sum_l J_l"):
        read_goal("lag_features", {**_lag_goal(), "bound": 3, "construction": "paper"}, "t")


def test_lag_features_reject_a_zero_eigenvalue():
    goal = {"A": [["0"]], "modes": _modes("a"), "b": [["1"]], "bound": 1, "construction": "paper"}
    with pytest.raises(KernelError, match="A2"):
        read_goal("lag_features", goal, "t")


def test_lag_features_reject_a_modulus_whose_roots_are_not_eigenvalues_of_a():
    goal = {"A": [["1/2"]], "modes": _modes("a - 1/3"), "b": [["1"]], "bound": 1, "construction": "paper"}
    with pytest.raises(KernelError, match="not eigenvalues of A"):
        read_goal("lag_features", goal, "t")


def test_lag_features_reject_a_reducible_modulus():
    goal = {"A": [["1/2", "0"], ["0", "1/3"]], "modes": _modes("(a - 1/2)*(a - 1/3)"), "b": [["1"]], "bound": 2}
    goal["construction"] = "paper"
    with pytest.raises(KernelError, match="irreducible"):
        read_goal("lag_features", goal, "t")


def test_lag_features_read_the_block_size_off_a():
    # The same modulus with J = 1 allows no tau in b and a bound of 2, whatever the certificate says.
    with pytest.raises(KernelError, match="degree in tau exceeds J - 1 = 0"):
        read_goal("lag_features", {**_lag_goal(), "A": SQRT2_J1}, "t")


def test_real_lag_features_accept_rational_features():
    # a^i = X0 + X1 a, a^-j = Y0 + Y1 a modulo a^2 - 2; g = Tr(a^(i-j)) with J = 1: Tr(1) = 2, Tr(a) = 0, Tr(a^2) = 4.
    goal = {"A": SQRT2_J1, "modes": _modes("a^2 - 2"), "b": [["1"]], "bound": 2, "construction": "paper"}
    _check("real_lag_features", goal, {"heads": [{"phi": ["X0_0", "X0_1"], "psi": ["2*Y0_0", "4*Y0_1"]}]})
    with pytest.raises(KernelError, match="differs"):
        _check("real_lag_features", goal, {"heads": [{"phi": ["X0_0", "X0_1"], "psi": ["2*Y0_0", "3*Y0_1"]}]})


def test_real_lag_features_reject_a_feature_of_i_that_uses_j():
    goal = {"A": SQRT2_J1, "modes": _modes("a^2 - 2"), "b": [["1"]], "bound": 2, "construction": "paper"}
    with pytest.raises(KernelError, match="unknown variable 'Y0_0'"):
        _check("real_lag_features", goal, {"heads": [{"phi": ["Y0_0", "X0_1"], "psi": ["2*Y0_0", "4*Y0_1"]}]})


def test_real_lag_features_reject_more_features_than_the_bound():
    goal = {"A": SQRT2_J1, "modes": _modes("a^2 - 2"), "b": [["1"]], "bound": 2, "construction": "paper"}
    phi, psi = ["X0_0", "X0_1", "X0_0", "X0_0"], ["2*Y0_0", "4*Y0_1", "Y0_0", "-Y0_0"]
    with pytest.raises(KernelError, match="more than the bound"):
        _check("real_lag_features", goal, {"heads": [{"phi": phi, "psi": psi}]})


def _merged_features() -> list:
    # merged over q: t = 0 gives psi = (1 - a*j) M, t = 1 gives phi = i L, psi = a M (2 features, 4 with conjugates)
    return [{"phi": "L", "psi": "(1 - a*j)*M"}, {"phi": "i*L", "psi": "a*M"}]


def test_merged_construction_has_the_bound_sum_of_block_sizes():
    goal = {**_lag_goal(), "bound": 4, "construction": "merged"}
    _check("lag_features", goal, {"heads": [{"features": [_merged_features()]}]})
    with pytest.raises(KernelError, match="expected sum_l J_l = 4"):
        read_goal("lag_features", {**goal, "bound": 6}, "t")


def test_merged_bound_rejects_the_papers_three_features_of_a_block_of_size_two():
    goal = {**_lag_goal(), "bound": 4, "construction": "merged"}
    with pytest.raises(KernelError, match="6 features, more than the bound 4"):
        _check("lag_features", goal, {"heads": [{"features": [_lag_features()]}]})


def test_lag_features_reject_an_unknown_construction():
    with pytest.raises(KernelError, match="construction"):
        read_goal("lag_features", {**_lag_goal(), "construction": "optimal"}, "t")
