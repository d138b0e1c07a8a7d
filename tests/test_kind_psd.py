"""Kind psd_certificate (kernel/theories/positivity/kind_psd.py): nonnegative combinations under PSD hypotheses."""

from __future__ import annotations

import random

import pytest

from verify.certificate import reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

GOAL = {  # x^T M x >= 0 for a PSD matrix M, and the square (x - y)^2
    "vars": ["m11", "m12", "m22", "x", "y"],
    "poly": "m11*x^2 + 2*m12*x*y + m22*y^2 + (x - y)^2",
    "psd": {"M": [["m11", "m12"], ["m12", "m22"]]},
}
WITNESS = {
    "terms": [
        {"coeff": "1", "factors": [{"form": "M", "vector": ["x", "y"]}]},
        {"coeff": "1", "factors": [{"square": "x - y"}]},
    ]
}


def _check(goal: dict, witness: dict) -> None:
    check_obligation("psd_certificate", read_goal("psd_certificate", goal, "t"), witness, "t")


def test_a_form_plus_a_square_is_accepted():
    _check(GOAL, WITNESS)


def test_a_poly_that_differs_from_the_combination_is_refused():
    with pytest.raises(KernelError, match="differs from multiplier"):
        _check(dict(GOAL, poly="m11*x^2 + 2*m12*x*y + m22*y^2"), WITNESS)


def test_a_negative_coefficient_and_an_unknown_matrix_are_refused():
    bad = {"terms": [{"coeff": "-1", "factors": [{"square": "x"}]}]}
    with pytest.raises(KernelError, match="c > 0"):
        _check(dict(GOAL, poly="-x^2"), bad)
    with pytest.raises(KernelError, match="expected one of"):
        _check(GOAL, {"terms": [{"coeff": "1", "factors": [{"form": "N", "vector": ["x", "y"]}]}]})


def test_an_atom_must_be_declared_nonnegative():
    goal = dict(GOAL, poly="x*y^2")
    witness = {"terms": [{"coeff": "1", "factors": [{"atom": "x"}, {"square": "y"}]}]}
    with pytest.raises(KernelError, match="expected one of"):
        _check(goal, witness)
    _check(dict(goal, nonneg=["x"]), witness)


def test_signs_of_squares_and_vectors_are_canonical():
    with pytest.raises(KernelError, match="positive leading coefficient"):
        _check(dict(GOAL, poly="x^2"), {"terms": [{"coeff": "1", "factors": [{"square": "-x"}]}]})
    witness = {"terms": [{"coeff": "1", "factors": [{"form": "M", "vector": ["-x", "-y"]}]}, WITNESS["terms"][1]]}
    with pytest.raises(KernelError, match="positive leading coefficient"):
        _check(GOAL, witness)


def test_a_nonsymmetric_hypothesis_is_refused():
    with pytest.raises(KernelError, match="symmetric"):
        read_goal("psd_certificate", dict(GOAL, psd={"M": [["m11", "m12"], ["m22", "m22"]]}), "t")


def test_the_multiplier_must_be_free_of_hypotheses_and_nonzero():
    goal = {"vars": ["x", "g"], "poly": "g", "psd": {"G": [["g"]]}}
    term = {"coeff": "1", "factors": [{"square": "x"}, {"form": "G", "vector": ["1"]}]}
    witness = {"multiplier": ["x"], "terms": [term]}
    _check(goal, witness)  # x^2 g >= 0 and x != 0 on a dense set: g >= 0
    with pytest.raises(KernelError, match="uses a variable of a hypothesis"):
        _check(goal, dict(witness, multiplier=["g"]))
    with pytest.raises(KernelError, match="zero polynomial"):
        _check(goal, dict(witness, multiplier=["0"]))


def test_the_remark_bound_holds_at_random_gram_points():
    """E + R - g >= 0 at points built from real vectors in R^5, with g = lambda_min of G (the certified claim)."""
    rng = random.Random(43)
    for _ in range(200):
        w0, w1, v = ([rng.uniform(-2, 2) for _ in range(5)] for _ in range(3))
        dot = lambda x, y: sum(p * q for p, q in zip(x, y))  # noqa: E731
        a, b, c = dot(w0, w0), dot(w1, w1), dot(w0, w1)
        lam = (a + b - ((a - b) ** 2 + 4 * c * c) ** 0.5) / 2
        s, t = rng.uniform(-3, 3), rng.uniform(-3, 3)
        error = sum((p - s * r) ** 2 for p, r in zip(w0, v)) + sum((p - t * r) ** 2 for p, r in zip(w1, v))
        assert error >= lam - 1e-9 * (1 + a + b)
        assert lam >= (a * b - c * c) / (a + b) - 1e-9 * (1 + a + b)


def test_a_resealed_remark_certificate_with_a_changed_vector_is_rejected(cert_of):
    cert = cert_of("rem4.3.non-collinear")
    ob = next(o for o in cert["obligations"] if o["name"] == "separating-token")
    ob["witness"]["terms"][1]["factors"][0]["vector"][2] = "-1"
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("differs from multiplier * poly" in e for e in result.errors)
