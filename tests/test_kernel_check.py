"""The certificate-level checks: statement matching, verdicts, digests, params."""

from __future__ import annotations

import copy

import pytest

from verify.certificate import reseal as _rehash
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.statements import statement_of, statements, substitute_params


def test_fresh_theorem_certificate_is_valid(cert_of):
    result = check_certificate(cert_of("thm4.2.eq5"), "eq5")
    assert result.valid, result.errors
    assert result.obligations == 2


def test_a_goal_must_be_the_registered_goal_spelled_the_same_even_when_equivalent(cert_of):
    cert = cert_of("thm4.2.eq5")
    ob = next(o for o in cert["obligations"] if o["name"] == "lower-bound")
    ob["goal"]["poly"] = "(1-a*v1)^2 + (a*v2)^2 + (b*v1)^2 + (1-b*v2)^2 - 1"
    result = check_certificate(_rehash(cert), "eq5")
    assert result.errors == ["eq5: obligation 'lower-bound': goal differs from the registered statement"]


def test_obligation_of_another_kind_with_the_right_name_is_rejected(cert_of):
    cert = cert_of("thm4.2.step4.v0")
    cert["obligations"][0]["kind"] = "sum_of_squares"
    cert["obligations"][0]["goal"] = {"vars": ["a", "b"], "poly": "2", "nonneg": []}
    cert["obligations"][0]["witness"] = {"terms": [{"coeff": "2", "square": "1"}]}
    result = check_certificate(_rehash(cert), "v0")
    assert any("has kind 'sum_of_squares', expected 'polynomial_identity'" in e for e in result.errors)


def test_unknown_claim_and_missing_fields_are_rejected(cert_of):
    cert = cert_of("thm4.2")
    assert "no registered statement" in check_certificate({**cert, "claim": "thm9.9"}, "x").errors[0]
    del cert["hash"]
    assert "missing fields ['hash']" in check_certificate(cert, "x").errors[0]


def test_unknown_top_level_field_is_rejected(cert_of):
    cert = cert_of("thm4.2")
    cert["trust_me"] = True
    assert "unknown fields ['trust_me']" in check_certificate(_rehash(cert), "x").errors[0]


def test_edited_provenance_breaks_the_hash(cert_of):
    cert = cert_of("thm4.2")
    cert["provenance"]["python"] = "9.9.9"
    errors = check_certificate(cert, "x").errors
    assert errors == ["x: hash: does not match the content (the file was changed after it was made)"]


def test_obligation_outside_the_statement_is_rejected_before_any_work(cert_of):
    cert = cert_of("thm4.2")
    extra = {"name": "extra", "kind": "polynomial_identity", "goal": {"vars": ["x"], "lhs": "(x+1)^10000", "rhs": "x"}}
    cert["obligations"].append(extra)
    errors = check_certificate(_rehash(cert), "x").errors
    assert errors == [
        f"x: obligations[{len(cert['obligations']) - 1}]: obligation 'extra' is not part of the statement of thm4.2"
    ]


def test_every_statement_lists_goals_with_names_kinds_and_goals():
    for claim_id, spec in statements().items():
        assert spec["reference"] and spec["statement"]["latex"] and spec["statement"]["words"], claim_id
        for verdict in ("certified", "refuted"):
            for goal in spec.get(verdict, []):
                assert {"name", "kind", "goal"} <= set(goal), (claim_id, goal)


def test_statement_lookup_names_unknown_ids():
    with pytest.raises(KernelError, match="no registered statement"):
        statement_of("nope", "claim")


def test_params_are_substituted_into_goals():
    goal = {"matrices": {"A": {"$param": "A"}}, "lhs": "A", "rhs": "A"}
    assert substitute_params(goal, {"A": [["1"]]}, "w")["matrices"]["A"] == [["1"]]
    with pytest.raises(KernelError, match="missing parameter 'A'"):
        substitute_params(goal, {}, "w")


def test_check_never_mutates_its_input(cert_of):
    cert = cert_of("thm4.2.step1")
    before = copy.deepcopy(cert)
    check_certificate(cert, "x")
    assert cert == before
