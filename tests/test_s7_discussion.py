"""Section 7: H >= k for the interaction tensor; two content-dependent heads match a k = 4 SSM's input-output map."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from verify.certificate import reseal
from verify.claims.s7_discussion import SSM
from verify.kernel import check_certificate

ROT = ((0, -1), (1, 0))


@pytest.mark.parametrize(
    ("claim_id", "verdict"),
    [
        ("sec7.rank-gap.tensor", "certified"),
        ("sec7.rank-gap.input-output", "refuted"),
        ("sec7.rank-gap.input-output.corrected", "certified"),
    ],
)
def test_section7_certificates_have_their_verdict_and_are_valid(cert_of, claim_id, verdict):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == verdict and result.valid, result.errors


def _mul(M, x):  # noqa: ANN001, ANN202
    return tuple(sum(M[r][c] * x[c] for c in range(len(x))) for r in range(len(M)))


def _lag(tau: int) -> tuple:
    """W(tau) of the Section 7 SSM, from its closed form."""
    h, t = Fraction(1, 2), Fraction(1, 3)
    return ((h**tau, (-h) ** tau), (t**tau, (-t) ** tau))


def _heads(W, x):  # noqa: ANN001, ANN202
    """alpha_1 x + alpha_2 R x with alpha_1 = x^T W x/|x|^2, alpha_2 = x^T R^T W x/|x|^2."""
    wx, rx, norm = _mul(W, x), _mul(ROT, x), x[0] ** 2 + x[1] ** 2
    a1 = (x[0] * wx[0] + x[1] * wx[1]) / norm
    a2 = (rx[0] * wx[0] + rx[1] * wx[1]) / norm
    return tuple(a1 * x[r] + a2 * rx[r] for r in range(2))


def test_two_heads_reproduce_w_x_for_random_rational_w_and_x():
    rng = random.Random(7)
    for _ in range(50):
        W = tuple(tuple(Fraction(rng.randint(-9, 9), rng.randint(1, 5)) for _ in range(2)) for _ in range(2))
        x = (Fraction(rng.randint(-9, 9), 3), Fraction(rng.randint(1, 9), 7))
        assert _heads(W, x) == _mul(W, x)


def test_the_two_head_model_equals_the_ssm_on_random_sequences():
    rng = random.Random(3)
    for _ in range(10):
        xs = [(Fraction(rng.randint(-5, 5)), Fraction(rng.randint(-5, 5))) for _ in range(6)]
        for i in range(6):
            terms = [_heads(_lag(i - j), xs[j]) if any(xs[j]) else (0, 0) for j in range(i + 1)]
            target = [_mul(_lag(i - j), xs[j]) for j in range(i + 1)]
            assert tuple(map(sum, zip(*terms))) == tuple(map(sum, zip(*target)))


def test_the_instance_has_the_stated_impulse_responses():
    from constructions.jordan import to_fraction_matrix

    a, b, c = (to_fraction_matrix(SSM[k]) for k in "ABC")
    state = b
    for tau in range(6):
        w = c * state
        assert [[Fraction(str(w[r, s])) for s in range(2)] for r in range(2)] == [list(row) for row in _lag(tau)]
        state = a * state


def test_a_wrong_second_head_breaks_the_identity(cert_of):
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    cert = cert_of("sec7.rank-gap.input-output")
    ob = next(o for o in cert["obligations"] if o["name"] == "two-heads")
    goal = dict(ob["goal"], lhs=ob["goal"]["lhs"].replace("*x1)", "*x2)", 1))  # the second head's map changed
    with pytest.raises(KernelError):  # the mathematics fails (the kernel first refuses any edited goal)
        check_obligation(ob["kind"], read_goal(ob["kind"], goal, "t"), ob.get("witness"), "t")
    ob["goal"] = goal
    assert check_certificate(reseal(cert), "t").errors == [
        "t: obligation 'two-heads': goal differs from the registered statement"
    ]


def test_the_tensor_reading_rejects_a_smaller_k():
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    cert_goal = {**SSM, "n": 4, "k": 3}
    from constructions.ssm import interaction_basis, ssm_from_strings
    from verify.claims.s4_heads import span_witness

    witness = span_witness(interaction_basis(ssm_from_strings(SSM["A"], SSM["B"], SSM["C"])))
    witness.pop("first_nonzero")
    with pytest.raises(KernelError, match="found interaction rank 4, expected 3"):
        check_obligation("ssm_heads_necessary", read_goal("ssm_heads_necessary", cert_goal, "t"), witness, "t")
