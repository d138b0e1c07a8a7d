"""verify/coq/vanishing.py: vanishing_order stated as poly = t^k * (the quotient written out), proved by ring."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import need_coqc

from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one
from verify.coq.vanishing import vanishing_order

# F(x) = x^2 at x + t: F(x + t) - F(x) - t * F'(x) = t^2
_GOAL = {"vars": ["x", "t"], "poly": "(x + t)^2 - x^2 - t*(2*x)", "var": "t", "order": 2}


def test_statement_is_the_division_by_t_to_the_order() -> None:
    """The quotient is computed from the goal and written as a polynomial."""
    _, statement, proof, _ = vanishing_order(_GOAL, None)
    assert statement == "forall (t x : R),\n    (x + t) ^ 2 - x ^ 2 - t * (2 * x) =\n    t ^ 2 * (1)"
    assert proof == "intros t x. ring."
    _, statement, _, _ = vanishing_order({**_GOAL, "poly": "t^2*x + 3*t^3"}, None)
    assert statement.endswith("t ^ 2 * (x + 3 * t)")


def test_a_term_of_lower_degree_is_not_mapped() -> None:
    """A polynomial that is not divisible by t^k has no such statement."""
    with pytest.raises(NotMapped, match="degree 1 < 2"):
        vanishing_order({**_GOAL, "poly": "(x + t)^2 - x^2"}, None)


def test_coqc_checks_the_division_and_rejects_an_edited_order(tmp_path: Path) -> None:
    """The true statement is checked; the same quotient with t^3 (a false statement) is rejected."""
    coqc = need_coqc()
    translation = Translation("test.claim", "certified")
    goal = {**_GOAL, "poly": "(x + t)^3 - x^3 - t*(3*x^2)"}
    translation.items.append(_one(1, {"name": "true", "kind": "vanishing_order"}, goal, None))
    forged = _one(2, {"name": "forged", "kind": "vanishing_order"}, goal, None)
    assert "t ^ 2 * (" in forged.text
    forged.text = forged.text.replace("t ^ 2 * (", "t ^ 3 * (")
    translation.items.append(forged)
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {"true": "checked", "forged": "failed"}
