"""verify/coq/vocabulary.py: the vocabularies are compiled once and reused; their axioms still fail the check."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import need_coqc

from verify.coq import vocabulary
from verify.coq.runner import check_translation
from verify.coq.translate import Item, Translation, coq_file
from verify.coq.vocabulary import LIBRARIES, Library, ensure_vocabulary, library_source


def _fake_run(calls: list[str], fail: str = ""):
    """A stand-in for coqc that records the library it compiles and writes its .vo (or fails on `fail`)."""

    def run(arguments: list[str], cwd: Path, timeout: float) -> tuple[int, str, float]:
        name = arguments[-1].removesuffix(".v")
        calls.append(name)
        if name == fail:
            return 1, f'File "./{name}.v", line 3, characters 0-5:\nError: broken', 0.5
        (cwd / f"{name}.vo").write_bytes(b"vo")
        return 0, "", 0.5

    return run


def test_libraries_are_compiled_once_and_again_when_their_text_or_a_dependency_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second call reuses every library; a changed prelude recompiles it and the libraries that import it."""
    calls: list[str] = []
    errors, cpu = ensure_vocabulary(_fake_run(calls), tmp_path, ["Voc_realization"], 60)
    assert calls == ["Voc_prelude", "Voc_ssm", "Voc_realization"] and cpu == 1.5 and not any(errors.values())
    assert (tmp_path / "Voc_ssm.v").read_text(encoding="utf-8") == library_source("Voc_ssm")
    calls.clear()
    assert ensure_vocabulary(_fake_run(calls), tmp_path, ["Voc_realization", "Voc_ssm"], 60)[1] == 0.0
    assert calls == []
    changed = Library("Voc_prelude", LIBRARIES["Voc_prelude"].text + "\nDefinition extra := 1.\n", ())
    monkeypatch.setitem(LIBRARIES, "Voc_prelude", changed)
    ensure_vocabulary(_fake_run(calls), tmp_path, ["Voc_realization"], 60)
    assert calls == ["Voc_prelude", "Voc_ssm", "Voc_realization"]


def test_a_library_that_does_not_compile_fails_the_ones_that_need_it(tmp_path: Path) -> None:
    """coqc's message names the broken library; a library that imports it is not compiled and says why."""
    calls: list[str] = []
    errors, _ = ensure_vocabulary(_fake_run(calls, fail="Voc_ssm"), tmp_path, ["Voc_realization", "Voc_loops"], 60)
    assert calls == ["Voc_prelude", "Voc_ssm", "Voc_loops"]
    assert "Voc_ssm did not compile" in errors["Voc_ssm"] and "Error: broken" in errors["Voc_ssm"]
    assert errors["Voc_realization"] == "vocabulary Voc_realization needs Voc_ssm, which did not compile"
    assert errors["Voc_prelude"] == errors["Voc_loops"] == ""
    calls.clear()
    ensure_vocabulary(_fake_run(calls), tmp_path, ["Voc_realization"], 60)
    assert calls == ["Voc_ssm", "Voc_realization"]  # nothing is recorded as compiled after a failure


def test_library_sources_export_their_imports_and_scopes() -> None:
    """Importing a library replays its Require and top-level scope commands; those inside a module stay local."""
    loops = library_source("Voc_loops")
    assert "From Coq Require Export Lia." in loops and "Local Open Scope Z_scope." in loops
    ssm = library_source("Voc_ssm")
    assert "From VerifyVocabulary Require Import Voc_prelude." in ssm and "\nLocal Open Scope Q_scope." not in ssm
    assert "\nClose Scope Q_scope.\nOpen Scope R_scope.\n" in library_source("Voc_prelude")


def test_the_file_names_the_libraries_it_loads() -> None:
    """The header lists the vocabulary files and the command; the imports follow in the inlined order."""
    translation = Translation("test.claim", "certified")
    text = "Module Ob1.\nTheorem goal : True.\nProof. exact I. Qed.\nEnd Ob1.\n"
    translation.items.append(Item("o1", "dual_coordinates", "Ob1", text))
    source = coq_file(translation, "c")
    assert "vocabulary/Voc_prelude.v, vocabulary/Voc_ssm.v, vocabulary/Voc_nf_dual.v" in source
    assert "coqc -Q vocabulary VerifyVocabulary" in source
    loads = [line for line in source.splitlines() if line.startswith("From VerifyVocabulary")]
    assert loads == [f"From VerifyVocabulary Require Import {n}." for n in ("Voc_prelude", "Voc_ssm", "Voc_nf_dual")]
    assert "Definition mat" not in source  # the prelude is loaded, not inlined


def test_an_axiom_or_admitted_lemma_inside_a_vocabulary_fails_the_obligation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real coqc: Print Assumptions follows a theorem into the compiled library, so a vocabulary lemma resting on an
    Axiom, or left Admitted, makes the obligation that uses it fail; an obligation that does not use them passes."""
    coqc = need_coqc()
    cheat = (
        "Axiom voc_cheat : (1 = 2)%nat.\nLemma voc_uses : (1 = 2)%nat.\nProof. exact voc_cheat. Qed.\n"
        "Lemma voc_admitted : (2 = 3)%nat.\nProof. Admitted.\n"
    )
    monkeypatch.setitem(vocabulary.LIBRARIES, "Voc_nf_chains", Library("Voc_nf_chains", cheat))
    translation = Translation("test.claim", "certified")
    proofs = ["(1 = 2)%nat.\nProof. exact voc_uses. Qed.", "(2 = 3)%nat.\nProof. exact voc_admitted. Qed."]
    proofs.append("True.\nProof. exact I. Qed.")
    for k, body in enumerate(proofs, start=1):
        text = f"Module Ob{k}.\nTheorem goal : {body}\nEnd Ob{k}.\n"
        translation.items.append(Item(f"o{k}", "jordan_chains", f"Ob{k}", text))
    result = check_translation(translation, "t", tmp_path, coqc, 600, tmp_path / "vocabulary")
    assert [o.status for o in result.obligations] == ["failed", "failed", "checked"]
    assert "voc_cheat" in result.obligations[0].reason and "voc_admitted" in result.obligations[1].reason
    assert (tmp_path / "vocabulary" / "Voc_nf_chains.v").read_text(encoding="utf-8").endswith(cheat)
