"""verify/coq/dimfree.py: dimension_free_identity goals without matrix atoms (identities and derivatives at t = 0)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.coq import translate as tr
from verify.coq.dimfree import dimension_free_identity
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped

_KIND = "dimension_free_identity"


def _softmax(value: str, wrt: str | None = "t") -> dict:
    """d/dt exp(a + t)/(exp(a + t) + b) at t = 0 (or, without wrt, the identity f == value)."""
    goal = {"atoms": {}, "scalars": ["a", "b", "t"], "f": "exp(a + t)/(exp(a + t) + b)", "value": value}
    if wrt:
        goal["wrt"] = wrt
    return goal


def test_statement_is_the_derivative_at_zero_with_nonzero_denominators() -> None:
    """The scalars other than t are quantified, each denominator at t = 0 is a hypothesis, value read at t = 0."""
    _, statement, proof, _ = dimension_free_identity(_softmax("exp(a)*b/(exp(a) + b)^2 + 0*t"), {})
    assert statement == (
        "forall (a b : R), exp (a + 0) + b <> 0 -> (exp (a) + b) ^ 2 <> 0 -> "
        "derivable_pt_lim (fun t : R => exp (a + t) / (exp (a + t) + b)) 0 (exp (a) * b / (exp (a) + b) ^ 2 + 0 * 0)"
    )
    assert proof == "exact P.proved."
    _, plain, _, _ = dimension_free_identity(_softmax("1 - b/(exp(a + t) + b)", wrt=None), {})
    assert plain.endswith("exp (a + t) / (exp (a + t) + b) = 1 - b / (exp (a + t) + b)")


def test_goals_with_matrix_atoms_are_not_mapped() -> None:
    """Matrices of symbolic sizes are not stated in Coq: the reason says so."""
    goal = load("thm5.1.logit-j.json")["obligations"][0]["goal"]
    with pytest.raises(NotMapped, match="matrix atoms of symbolic sizes"):
        dimension_free_identity(goal, {})


def test_coqc_checks_true_goals_and_rejects_false_ones(tmp_path: Path) -> None:
    """Derivatives and identities with exp (exp 0 = 1, equal exponents shared) are checked; a wrong value fails."""
    zero_exp = {"atoms": {}, "scalars": ["a", "t"], "f": "exp(a*0)*exp(t*a)", "value": "a", "wrt": "t"}
    statuses = run_goals(
        tmp_path,
        [
            ("derivative", _KIND, _softmax("exp(a)*b/(exp(a) + b)^2"), None),
            ("wrong-derivative", _KIND, _softmax("exp(a)*b/(exp(a) + b)"), None),
            ("identity", _KIND, _softmax("1 - b/(exp(t + a) + b)", wrt=None), None),
            ("exp-zero", _KIND, zero_exp, None),
        ],
    )
    assert statuses == {
        "derivative": "checked",
        "wrong-derivative": "failed",
        "identity": "checked",
        "exp-zero": "checked",
    }


@pytest.mark.slow
def test_registered_statement_is_the_goal_and_a_false_one_is_rejected(tmp_path: Path, monkeypatch) -> None:
    """thm5.1.eq14's true Jacobian is checked; with the registered value edited (a term dropped) coqc rejects it."""
    coqc = need_coqc()
    cert = load("thm5.1.eq14.json")
    real = tr.statements()
    spec = copy.deepcopy(real["thm5.1.eq14"])
    verdict = cert["verdict"]
    item = next(i for i in spec[verdict] if i["kind"] == _KIND)
    original = tr.coq_file(tr.translate(cert), "c")
    item["goal"]["value"] = item["goal"]["value"].split(" + (v*u)")[0] + ")"  # drop the t = i terms
    monkeypatch.setattr(tr, "statements", lambda: {**real, "thm5.1.eq14": spec})
    forged = tr.translate(cert)
    assert tr.coq_file(forged, "c") != original
    statuses = {}
    for name, translation in (("registered", None), ("edited", forged)):
        if translation is None:
            monkeypatch.setattr(tr, "statements", lambda: real)
            translation = tr.translate(cert)
        translation.items = [i for i in translation.items if i.kind == _KIND]
        result = check_translation(translation, name, tmp_path, coqc, 600)
        statuses[name] = [o.status for o in result.obligations]
    assert statuses == {"registered": ["checked"], "edited": ["failed"]}
