"""verify/coq/runner.py: only a coqc run that exits 0, with standard axioms only, marks an obligation checked."""

from __future__ import annotations

import os
from pathlib import Path

from coq_helpers import need_coqc

from verify.coq.runner import _assumptions_ok, _failing_module, check_translation
from verify.coq.translate import Item, Translation


def _translation(*texts: str) -> Translation:
    """A translation whose items are the given theorem bodies (modules Ob1, Ob2, ...)."""
    result = Translation("test.claim", "certified")
    for k, body in enumerate(texts, start=1):
        text = f"Module Ob{k}.\nTheorem goal : {body}\nEnd Ob{k}.\n"
        result.items.append(Item(f"o{k}", "polynomial_identity", f"Ob{k}", text))
    result.items.append(Item("skipped", "ssm_jacobian", reason="kind 'ssm_jacobian' has no Coq translation"))
    return result


def _fake_coqc(tmp_path: Path, body: str) -> str:
    """An executable standing in for coqc."""
    path = tmp_path / "fake-coqc"
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    os.chmod(path, 0o755)
    return str(path)


# In a fake coqc: "compile" a vocabulary library (coqc -q -Q FOLDER VerifyVocabulary Voc_x.v) by touching its .vo.
_LIBRARY = 'case "$5" in Voc_*) touch "${5%.v}.vo"; exit 0;; esac'


def _own(tmp_path: Path) -> Path:
    """A vocabulary folder of the test's own (a fake coqc must not touch the session's compiled libraries)."""
    return tmp_path / "vocabulary"


def test_assumptions_are_read_per_theorem() -> None:
    """Closed theorems and standard-library axioms pass; any other axiom (an Admitted lemma) fails."""
    output = (
        "@@Ob1\nClosed under the global context\n"
        "@@Ob2\nAxioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop, P 0\n"
        "@@Ob3\nAxioms:\nOb3.goal : 1 = 2\n"
        "@@Ob5\nAxioms:\nPrimInt63.int : Set\nlong_admitted_lemma\n  : forall a b : nat,\n    a + b = b + a\n"
    )
    verdicts = _assumptions_ok(output, ["Ob1", "Ob2", "Ob3", "Ob4", "Ob5"])
    assert verdicts["Ob1"] == "" and verdicts["Ob2"] == ""
    assert "Ob3.goal" in verdicts["Ob3"] and verdicts["Ob4"] == "Print Assumptions gave no answer"
    # an Admitted lemma whose type does not fit on its line is printed as "name" then "  : type"
    assert "long_admitted_lemma" in verdicts["Ob5"] and "PrimInt63" not in verdicts["Ob5"]


def test_error_lines_point_at_their_module() -> None:
    """coqc's line number names the module to drop."""
    text = "Header.\nModule Ob1.\nTheorem goal : True.\nEnd Ob1.\nModule Ob2.\nbad.\nEnd Ob2.\n"
    assert _failing_module(text, 'File "./x.v", line 6, characters 0-3:\nError') == "Ob2"
    assert _failing_module(text, 'File "./x.v", line 1, characters 0-3:\nError') is None


def test_a_failing_coqc_never_checks_anything(tmp_path: Path) -> None:
    """A coqc that fails without pointing at an obligation marks every mapped obligation failed."""
    coqc = _fake_coqc(tmp_path, f"{_LIBRARY}\necho 'Error: something'; exit 1")
    result = check_translation(_translation("True.\nProof. exact I. Qed."), "t", tmp_path, coqc, 60, _own(tmp_path))
    assert [(o.name, o.status) for o in result.obligations] == [("o1", "failed"), ("skipped", "not_mapped")]
    assert result.coq_verdict == "none"


def test_a_coqc_that_succeeds_silently_checks_nothing(tmp_path: Path) -> None:
    """Exit 0 without the Print Assumptions answers is not enough."""
    translation = _translation("True.\nProof. exact I. Qed.")
    result = check_translation(translation, "t", tmp_path, _fake_coqc(tmp_path, _LIBRARY), 60, _own(tmp_path))
    assert result.obligations[0].status == "failed"


def test_timeout_fails(tmp_path: Path) -> None:
    """A coqc run past the time limit is stopped and fails its obligations."""
    coqc = _fake_coqc(tmp_path, f"{_LIBRARY}\nsleep 30")
    result = check_translation(_translation("True."), "t", tmp_path, coqc, 1, _own(tmp_path))
    assert result.obligations[0].status == "failed" and "past" in result.obligations[0].reason


def test_admitted_and_false_goals_are_not_checked(tmp_path: Path) -> None:
    """Real coqc: a proved goal is checked, an Admitted one and a false one fail, the others still count."""
    coqc = need_coqc()
    translation = _translation(
        "(1 + 1 = 2)%nat.\nProof. reflexivity. Qed.",
        "(1 + 1 = 3)%nat.\nProof. Admitted.",
        "(1 + 1 = 3)%nat.\nProof. reflexivity. Qed.",
    )
    result = check_translation(translation, "t", tmp_path, coqc, 600)
    assert [o.status for o in result.obligations] == ["checked", "failed", "failed", "not_mapped"]
    assert result.coq_verdict == "partly" and result.checked == 1
    assert "axioms outside" in result.obligations[1].reason


def test_one_print_assumptions_for_all_theorems_checks_them_when_it_is_clean(tmp_path: Path) -> None:
    """The conjunction's assumptions are the union of the theorems': clean means every theorem is checked."""
    answer = "echo '@@ALL'; echo 'Closed under the global context'; echo run >> runs.log"
    coqc = _fake_coqc(tmp_path, f"{_LIBRARY}\n{answer}")
    result = check_translation(_translation("True.", "True."), "t", tmp_path, coqc, 60, _own(tmp_path))
    assert [o.status for o in result.obligations] == ["checked", "checked", "not_mapped"]
    assert (tmp_path / "runs.log").read_text().count("run") == 1
    assert "Definition all_obligations := (conj Ob1.goal Ob2.goal)." in Path(result.file).read_text()


def test_an_axiom_in_the_union_is_attributed_theorem_by_theorem(tmp_path: Path) -> None:
    """When the union has a foreign axiom, coqc runs again with one Print Assumptions per theorem."""
    body = _LIBRARY + (
        '\nif grep -q all_obligations "$5"; then '  # coqc -q -Q FOLDER VerifyVocabulary FILE
        "echo '@@ALL'; echo 'Axioms:'; echo 'Ob2.goal : True'; "
        "else echo '@@Ob1'; echo 'Closed under the global context'; "
        "echo '@@Ob2'; echo 'Axioms:'; echo 'Ob2.goal : True'; fi"
    )
    coqc = _fake_coqc(tmp_path, body)
    result = check_translation(_translation("True.", "True."), "t", tmp_path, coqc, 60, _own(tmp_path))
    assert [o.status for o in result.obligations] == ["checked", "failed", "not_mapped"]
    assert "Ob2.goal" in result.obligations[1].reason


def test_a_vocabulary_that_does_not_compile_fails_what_needs_it(tmp_path: Path) -> None:
    """A library that coqc rejects fails every obligation of the file (they all load the prelude), with its reason."""
    coqc = _fake_coqc(tmp_path, "echo 'Error: the prelude is broken'; exit 1")
    result = check_translation(_translation("True.", "True."), "t", tmp_path, coqc, 60, _own(tmp_path))
    assert [o.status for o in result.obligations] == ["failed", "failed", "not_mapped"]
    assert "vocabulary Voc_prelude did not compile" in result.obligations[0].reason
    assert "the prelude is broken" in result.obligations[1].reason
