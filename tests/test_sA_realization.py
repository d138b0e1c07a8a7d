"""Both directions of the 1x1/2x2 criterion: F4 certified for every SSM, and the per-SSM realization."""

from __future__ import annotations

import copy

import pytest

from verify.certificate import reseal
from verify.claims.sA_realization import (
    JORDAN3_E1,
    NotRational,
    realization_certificate,
    realization_outcome,
    realization_summary,
)
from verify.claims.sA_realization_goals import ONLY_IF_IDENTITIES, only_if_obligations
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal

ROTATION = [["0", "-1"], ["1", "0"]]


@pytest.mark.parametrize("claim_id", ["review.blockdiag.criterion.only-if", "review.blockdiag.realization.ssm"])
def test_the_certificates_are_certified_and_valid(cert_of, claim_id):
    cert = cert_of(claim_id)
    result = check_certificate(cert, claim_id)
    assert cert["verdict"] == "certified" and result.valid, result.errors


def test_the_template_realizes_the_issue_example_by_one_1x1_block(cert_of):
    params = cert_of("review.blockdiag.realization.ssm")["params"]
    assert params["minpoly"] == ["-1/2", "1"]
    assert params["blocks"] == [{"D": [["1/2"]], "B": [["1"]], "C": [["1"]]}]


def test_every_only_if_identity_is_checked_and_a_changed_one_fails():
    names = [o.name for o in only_if_obligations()]
    assert names == [name for name, *_ in ONLY_IF_IDENTITIES] and len(names) == 7
    for o in only_if_obligations():
        check_obligation(o.kind, read_goal(o.kind, o.goal, o.name), {}, o.name)
        wrong = dict(o.goal, rhs=f"({o.goal['rhs']}) + t" if "t" in o.goal["vars"] else f"({o.goal['rhs']}) + a")
        with pytest.raises(KernelError, match="not zero"):
            check_obligation(o.kind, read_goal(o.kind, wrong, o.name), {}, o.name)


def test_an_edited_only_if_goal_does_not_match_the_statement(cert_of):
    cert = cert_of("review.blockdiag.criterion.only-if")
    cert["obligations"][0]["goal"]["lhs"] = "0"  # 0 = 0 is true, but not the registered Cayley-Hamilton entry
    cert["obligations"][0]["goal"]["rhs"] = "0"
    result = check_certificate(reseal(cert), "t")
    assert not result.valid and any("goal differs from the registered statement" in e for e in result.errors)


def test_a_minimal_realization_is_built_for_several_inputs_and_outputs():
    cert, note = realization_outcome(ROTATION, [["1", "0"], ["0", "1"]], [["1", "0"], ["0", "1"]])
    assert cert is not None and check_certificate(cert, "t").valid
    summary = realization_summary(cert)
    assert summary["state_size"] == 2 and "the rank of the Hankel matrix" in note  # A itself is minimal
    assert summary["blocks"] == "diag([[0, -1], [1, 0]])"


def test_a_single_input_realization_is_said_minimal():
    cert, note = realization_outcome(*JORDAN3_E1)
    assert cert is not None and realization_summary(cert)["minimal"]
    assert note.startswith("state size 1, D' = diag([[1/2]]) (minimal: deg q = 1")


@pytest.mark.parametrize(
    ("a", "b", "c", "reason"),
    [
        (  # the Jordan block of size 3 seen whole: the first obstruction
            JORDAN3_E1[0],
            [["0"], ["0"], ["1"]],
            [["1", "0", "0"]],
            "obstructed: a root of multiplicity >= 3",
        ),
        (  # x^3 - 2: realizable (simple roots) but the real root 2^(1/3) has no rational block
            [["0", "0", "2"], ["1", "0", "0"], ["0", "1", "0"]],
            [["1"], ["0"], ["0"]],
            [["1", "0", "0"]],
            "needs irrational entries",
        ),
    ],
)
def test_no_realization_is_built_when_none_exists_or_none_is_rational(a, b, c, reason):
    cert, note = realization_outcome(a, b, c)
    assert cert is None and note.startswith("not constructed") and reason in note
    with pytest.raises(NotRational):
        realization_certificate(a, b, c)


def test_a_complex_ssm_is_refused():
    with pytest.raises(ValueError, match="complex entry"):
        realization_certificate([["i"]], [["1"]], [["1"]])


def test_a_resealed_certificate_with_another_block_is_rejected():
    cert = realization_certificate(*JORDAN3_E1)
    mutated = copy.deepcopy(cert)
    for target in (mutated["params"], mutated["obligations"][0]["goal"]):
        target["blocks"] = [{"D": [["1/2"]], "B": [["1"]], "C": [["1"]]}, {"D": [["1/3"]], "B": [["1"]], "C": [["1"]]}]
    result = check_certificate(reseal(mutated), "t")
    assert not result.valid and any("q(D) is not zero" in e for e in result.errors)
