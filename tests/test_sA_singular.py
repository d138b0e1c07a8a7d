"""(A2) and the 2x2-block claim: certificates valid, lower bounds grow with n, tampering rejected."""

from __future__ import annotations

import pytest

from constructions.modes import NotBlockable
from verify.certificate import reseal as _rehash
from verify.claims.sA_modes import INSTANCES
from verify.claims.sA_singular import DELTA, block_certificate, head_masks
from verify.kernel import check_certificate


@pytest.mark.parametrize(
    "claim_id",
    [
        "appA.A2",
        "appA.A2.corrected",
        "review.blockdiag",
        "review.blockdiag.ssm",
        "appA.eq18.singular",
    ],
)
def test_singular_and_block_certificates_are_valid(cert_of, claim_id):
    result = check_certificate(cert_of(claim_id), claim_id)
    assert result.valid, result.errors


def _family_bound(goal: dict, n: int) -> int:
    """The certified lower bound of appA.A2.corrected at length n."""
    t0, s, r0 = goal["t0"], goal["span"], goal["r0"]
    return max((n - t0 - 1) // s + 1, n - (t0 + s - 1)) - r0


def test_a2_is_refuted_with_a_bound_above_the_papers_formula(cert_of):
    cert = cert_of("appA.A2")
    assert cert["verdict"] == "refuted"
    bounds = {o["name"]: _family_bound(o["goal"], 16) for o in cert["obligations"]}
    assert bounds == {"delta.h1": 16, "singular.h1": 16, "singular.h2": 15, "singular.h3": 14}
    assert bounds["delta.h1"] > 1 and max(v for k, v in bounds.items() if k.startswith("singular")) > 1 + 3


def test_the_certified_bound_grows_linearly_and_beats_the_first_family():
    cert_goals = {f"h{h + 1}": m for h, m in enumerate(head_masks(INSTANCES["singular"], 16))}
    goal = {"t0": cert_goals["h3"]["t0"], "span": cert_goals["h3"]["span"], "r0": cert_goals["h3"]["rank"]}
    assert [_family_bound(goal, n) for n in (8, 16, 32)] == [6, 14, 30]
    assert [head_masks(INSTANCES["singular"], n)[2]["bound"] for n in (8, 16, 32)] == [3, 7, 15]
    assert [head_masks(DELTA, n)[0]["bound"] for n in (8, 16)] == [8, 16]


@pytest.mark.parametrize("n", [5, 9, 12])
def test_random_completions_have_at_least_the_certified_rank(cert_of, n):
    import random

    from flint import fmpq, fmpq_mat

    rng = random.Random(n)
    for ob in cert_of("appA.A2.corrected")["obligations"]:
        rows = (ob["goal"]["A"], ob["goal"]["B"], ob["goal"]["C"])
        g = head_masks(rows, n)[ob["goal"]["head"] - 1]["g"]
        for _ in range(3):
            entries = [g[i - j] if i >= j else fmpq(rng.randint(-3, 3)) for i in range(n) for j in range(n)]
            assert fmpq_mat(n, n, entries).rank() >= _family_bound(ob["goal"], n)


def test_a2_bound_is_rejected_when_t0_is_shifted(cert_of):
    from verify.kernel.core.errors import KernelError
    from verify.kernel.kinds import check_obligation, read_goal

    ob = next(o for o in cert_of("appA.A2.corrected")["obligations"] if o["name"] == "singular.h3")
    goal = dict(ob["goal"], t0=1, span=1)  # the stronger family alone would need d_h(0) = 0
    with pytest.raises(KernelError, match="found \\(t0, span, r0\\) = \\(0, 2, 1\\)"):
        check_obligation("masked_rank_family", read_goal("masked_rank_family", goal, "t"), {}, "t")


def test_block_form_is_rejected_for_a_jordan_block_of_size_three():
    with pytest.raises(NotBlockable):
        block_certificate(*INSTANCES["jordan3"])


def test_block_certificate_rejects_a_complex_ssm():
    with pytest.raises(ValueError, match="real SSM"):
        block_certificate([["i"]], [["1"]], [["1"]])


def test_block_certificate_is_rejected_when_t_is_tampered(cert_of):
    cert = cert_of("review.blockdiag.ssm")
    cert["obligations"][0]["witness"]["T"][0][0] = "7"
    assert not check_certificate(_rehash(cert), "t").valid
