"""verify/coq/implication.py: implied inequalities (Positivstellensatz witnesses, built-in facts of exp)."""

from __future__ import annotations

from pathlib import Path

from coq_helpers import run_goals

from verify.coq.implication import implied_inequality

_ONE = "1"


def _goal(claim: str) -> dict:
    """a^2 - b^2 >= 0 (or another claim) from a >= b with a, b >= 0."""
    return {
        "vars": ["a", "b"],
        "nonneg": ["a", "b"],
        "facts": [{"name": "h", "poly": "a - b", "rel": ">="}],
        "claim": claim,
    }


_WITNESS = {
    "multiplier": _ONE,
    "products": [
        {"coeff": "1", "atoms": ["a"], "facts": ["h"], "square": _ONE},
        {"coeff": "1", "atoms": ["b"], "facts": ["h"], "square": _ONE},
    ],
}


def test_statement_lists_signs_exponentials_and_facts() -> None:
    """Declared signs, E = exp(s) and the facts are hypotheses; the witness is not in the statement."""
    goal = {"vars": ["x", "E"], "exps": {"E": "x"}, "facts": [], "claim": "E - 1 - x"}
    witness = {"multiplier": "1", "products": [{"coeff": "1", "facts": ["exp_tangent:E"], "square": "1"}]}
    statement, proof, _ = implied_inequality(goal, witness)
    assert statement == "forall (x E : R),\n  E = exp (x) ->\n  0 <= E - 1 - x"
    assert "exp_ineq1_le" in proof
    assert implied_inequality(_goal("a^2 - b^2"), _WITNESS)[0].endswith("0 <= a - b ->\n  0 <= a ^ 2 - b ^ 2")


def test_coqc_accepts_valid_and_rejects_wrong_certificates(tmp_path: Path) -> None:
    """The true implications are checked; a claim the witness does not prove is rejected."""
    exp_goal = {"vars": ["x", "E"], "exps": {"E": "x"}, "facts": [], "claim": "E - 1 - x"}
    exp_witness = {"multiplier": "1", "products": [{"coeff": "1", "facts": ["exp_tangent:E"], "square": "1"}]}
    statuses = run_goals(
        tmp_path,
        [
            ("squares", "implied_inequality", _goal("a^2 - b^2"), _WITNESS),
            ("wrong", "implied_inequality", _goal("a^2 - b^2 + a - 2*b"), _WITNESS),
            ("exp", "implied_inequality", exp_goal, exp_witness),
        ],
    )
    assert statuses == {"squares": "checked", "wrong": "failed", "exp": "checked"}
