"""verify/coq/ratio.py: unbounded_ratio stated as the negation of the big-O claim and proved along x = t."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import need_coqc

from verify.coq.ratio import unbounded_ratio
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one

_GOAL = {"domains": {"n": "size", "r": "size"}, "lhs": "n^2*r - n", "rhs": "n*r + 3"}
_FAMILY = {"family": {"n": "t", "r": "t"}}


def test_statement_is_the_negated_big_o_claim() -> None:
    """No witness in the statement: every integer point with sizes >= max(N, 1), for every K and N."""
    _, statement, proof, interval = unbounded_ratio(_GOAL, _FAMILY)
    assert not interval and "t" not in statement.replace("exists", "").replace("is_int", "")
    assert statement.startswith("~ (exists Kc Nc : R, forall n r : R,")
    assert "is_int n -> is_int r -> 1 <= n -> 1 <= r -> Nc <= n -> Nc <= r ->" in statement
    assert statement.endswith("n ^ 2 * r - n <= Kc * (n * r + 3))")


def test_families_and_degrees_outside_the_proof_are_not_mapped() -> None:
    """Another family, or a ratio that does not grow along x = t, is not translated."""
    with pytest.raises(NotMapped, match="family"):
        unbounded_ratio(_GOAL, {"family": {"n": "t", "r": "2*t"}})
    with pytest.raises(NotMapped, match="deg lhs > deg rhs"):
        unbounded_ratio({**_GOAL, "lhs": "n*r"}, _FAMILY)


def test_coqc_checks_the_refutation_and_rejects_an_edited_statement(tmp_path: Path) -> None:
    """The true refutation is checked; the same proof under a false statement (lhs = n) is rejected."""
    coqc = need_coqc()
    translation = Translation("test.claim", "refuted")
    translation.items.append(_one(1, {"name": "true", "kind": "unbounded_ratio"}, _GOAL, _FAMILY))
    forged = _one(2, {"name": "forged", "kind": "unbounded_ratio"}, _GOAL, _FAMILY)
    assert "n ^ 2 * r - n <= Kc" in forged.text
    forged.text = forged.text.replace("n ^ 2 * r - n <= Kc", "n <= Kc")  # n = O(n r + 3) holds: not refutable
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {"true": "checked", "forged": "failed"}
