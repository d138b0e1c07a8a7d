"""The registry: every claim has a frozen statement, ids are unique, order follows the spec files."""

from __future__ import annotations

import pytest

from verify.kernel import statements
from verify.registry import all_claims, claim, get_claim


def test_every_registered_claim_has_a_statement():
    specs = statements()
    for item in all_claims():
        assert item.id in specs and item.reference == specs[item.id]["reference"]


def test_every_statement_has_a_builder():
    built = {c.id for c in all_claims()}
    assert set(statements()) == built


def test_registering_an_unknown_id_fails():
    with pytest.raises(ValueError, match="no statement"):
        claim("thm0.0")(lambda: {})


def test_get_claim_finds_by_id():
    assert get_claim("thm4.2").reference.startswith("Theorem 4.2")


def test_the_index_is_what_the_claim_modules_register():
    # listing reads verify/claims/data/index.json instead of importing every claim module; it must say exactly what
    # the modules' @claim decorators register (after adding or moving a claim: python -m verify.registry)
    from verify.registry import _index, registered_modules

    assert _index() == registered_modules()
    assert list(_index()) == [c.id for c in all_claims()]


def test_a_listed_claim_builds_through_its_module():
    item = get_claim("thm4.2")
    assert item.module == "verify.claims.s4_rank_gap"
    cert = item.build()
    assert cert["claim"] == "thm4.2"
