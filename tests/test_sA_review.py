"""The review's 2x2-block sentence in its scope: 2x2 blocks alone with one extra state; no form for a Jordan block 3."""

from __future__ import annotations

import pytest
from flint import fmpq_mat

from constructions.jordan import to_fraction_matrix
from verify.certificate import reseal
from verify.claims.sA_modes import INSTANCES
from verify.claims.sA_review import PADDABLE, _targets, two_by_two_realization
from verify.kernel import check_certificate


@pytest.mark.parametrize(
    "claim_id", ["review.blockdiag.2x2", "review.blockdiag.scope", "review.blockdiag.scope.complex"]
)
def test_review_scope_certificates_are_certified_and_valid(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == "certified" and result.valid, result.errors


def test_one_by_one_blocks_are_paired_and_an_odd_one_is_padded():
    assert _targets([1, 1, 1]) == [[0, 1], [2, None]]
    assert _targets([2, 1]) == [[0, 1], [2, None]]
    assert _targets([1, 2, 1]) == [[1, 2], [0, 3]]
    assert _targets([2, 2]) == [[0, 1], [2, 3]]


@pytest.mark.parametrize("name", PADDABLE)
def test_the_2x2_realization_has_the_same_impulse_responses(name):
    a, b, c = (to_fraction_matrix(x) for x in INSTANCES[name])
    parts = two_by_two_realization(*INSTANCES[name])
    blocks = sorted(k for k in parts if k.startswith("D"))
    size = 2 * len(blocks)
    assert size == 4 and parts["E"].nrows() == size
    d = fmpq_mat(size, size)
    for k, key in enumerate(blocks):
        for r in range(2):
            for s in range(2):
                d[2 * k + r, 2 * k + s] = parts[key][r, s]
    state, big = b, parts["Bp"]
    for _ in range(12):  # an independent check in the producer: C' D^tau B' = C A^tau B for tau < 12
        assert c * state == parts["Cp"] * big
        state, big = a * state, d * big


def test_a_padded_state_that_is_driven_is_rejected(cert_of):
    cert = cert_of("review.blockdiag.2x2")
    ob = next(o for o in cert["obligations"] if o["name"] == "real.input")
    ob["goal"]["matrices"]["Bp"][3][0] = "1"  # the extra state would receive input
    result = check_certificate(reseal(cert), "t")
    assert not result.valid
    assert any("goal differs from the registered statement" in e for e in result.errors)


def test_a_wrong_intertwining_fails_the_identity_itself():
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    goal = {
        "matrices": {"A": [["1"]], "D1": [["1", "0"], ["0", "0"]], "E": [["1"], ["1"]]},
        "lhs": "D1*E",
        "rhs": "E*A",
    }
    with pytest.raises(KernelError, match=r"entry \(1, 0\) differs"):
        check_obligation("matrix_identity", read_goal("matrix_identity", goal, "t"), {}, "t")


def test_scope_rejects_a_shorter_annihilator_and_a_singular_minor(cert_of):
    cert = cert_of("review.blockdiag.scope")
    cert["obligations"][1]["witness"]["cols"] = [0, 0, 0, 0]
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("distinct" in e for e in result.errors)
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    goal = dict(cert_of("review.blockdiag.scope")["obligations"][0]["goal"])
    goal["lhs"] = goal["lhs"].replace(")^3", ")^2")
    with pytest.raises(KernelError, match="differs"):
        check_obligation("matrix_identity", read_goal("matrix_identity", goal, "t"), {}, "t")


def test_the_complex_jordan_block_response_is_tau_cos_and_needs_order_four():
    from verify.claims.sA_review import COMPLEX_JORDAN2, _hankel_rows

    a, b, c = (to_fraction_matrix(x) for x in COMPLEX_JORDAN2)
    state, seq = b, []
    for _ in range(12):
        seq.append((c * state)[0, 0])
        state = a * state
    cosines = (1, 0, -1, 0)  # cos((tau - 1) pi/2) for tau = 1, 2, 3, 4 (period 4)
    assert seq == [tau * cosines[(tau - 1) % 4] for tau in range(12)]
    for tau in range(8):  # (x^2 + 1)^2 = x^4 + 2 x^2 + 1 annihilates the sequence
        assert seq[tau + 4] + 2 * seq[tau + 2] + seq[tau] == 0
    # x^2 + 1 alone does not: the double root is seen by the response
    assert any(seq[tau + 2] + seq[tau] != 0 for tau in range(8))
    assert to_fraction_matrix(_hankel_rows(COMPLEX_JORDAN2, 4, 4)).rank() == 4
    assert to_fraction_matrix(_hankel_rows(COMPLEX_JORDAN2, 5, 5)).rank() == 4  # order exactly 4


def test_complex_scope_rejects_the_simple_annihilator(cert_of):
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    goal = dict(cert_of("review.blockdiag.scope.complex")["obligations"][0]["goal"])
    goal["lhs"] = goal["lhs"].replace(")^2", ")")
    with pytest.raises(KernelError, match="differs"):
        check_obligation("matrix_identity", read_goal("matrix_identity", goal, "t"), {}, "t")
