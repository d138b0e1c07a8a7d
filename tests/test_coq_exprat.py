"""verify/coq/exprat.py: exp_rational_identity stated as a derivative with E = exp(s_E) (Coquelicot's is_derive)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import need_coqc

from verify.coq.exprat import exp_rational_identity
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped
from verify.coq.translate import Translation, _one

# d/dx tanh(U x) with E = exp(2 U x): (E - 1)/(E + 1) has derivative 4 U E / (E + 1)^2
_TANH = {
    "exps": {"E": "2*U*x1"},
    "f": {"den": "E + 1", "num": "E - 1"},
    "value": {"den": "(E + 1)^2", "num": "4*U*E"},
    "vars": ["E", "U", "x1"],
    "wrt": "x1",
}


def test_statement_replaces_each_exponential_symbol() -> None:
    """E becomes exp (2 * U * x1) everywhere; the denominators are hypotheses; the claim is is_derive."""
    definitions, statement, _, _ = exp_rational_identity(_TANH, None)
    assert "Import Coquelicot.Coquelicot." in definitions
    assert statement.startswith("forall (U x1 : R),\n    (exp (2 * U * x1) + 1) <> 0 ->")
    assert "is_derive (fun x1 => (exp (2 * U * x1) - 1) / (exp (2 * U * x1) + 1)) x1" in statement
    assert "E" not in statement.replace("exp", "")
    at = {"subs": {"x1": "0"}, "den": "1", "exps": {"E": "1"}}
    _, statement, _, _ = exp_rational_identity({**_TANH, "value": {"den": "4", "num": "4*U"}, "at": at}, None)
    assert statement.startswith("forall (U : R),\n    (1 + 1) <> 0 -> (4) <> 0 ->")  # E = exp 0 = 1 at x1 = 0
    assert statement.endswith(
        "is_derive (fun x1 => (exp (2 * U * x1) - 1) / (exp (2 * U * x1) + 1)) (0) ((4 * U) / (4))"
    )
    with pytest.raises(NotMapped, match="denominator 1"):
        exp_rational_identity({**_TANH, "at": {**at, "den": "2"}}, None)


def test_coqc_checks_a_derivative_and_rejects_a_wrong_one(tmp_path: Path) -> None:
    """The tanh derivative is checked, also at x1 = 0 (U); 2 U E / (E + 1)^2 (half of it) is rejected."""
    coqc = need_coqc()
    wrong = {**_TANH, "value": {"den": "(E + 1)^2", "num": "2*U*E"}}
    translation = Translation("test.claim", "certified")
    translation.items.append(_one(1, {"name": "true", "kind": "exp_rational_identity"}, _TANH, None))
    translation.items.append(_one(2, {"name": "wrong", "kind": "exp_rational_identity"}, wrong, None))
    at = {**_TANH, "value": {"den": "4", "num": "4*U"}, "at": {"subs": {"x1": "0"}, "den": "1", "exps": {"E": "1"}}}
    translation.items.append(_one(3, {"name": "at-zero", "kind": "exp_rational_identity"}, at, None))
    result = check_translation(translation, "test", tmp_path, coqc, 600)
    assert {o.name: o.status for o in result.obligations} == {
        "true": "checked",
        "wrong": "failed",
        "at-zero": "checked",
    }
