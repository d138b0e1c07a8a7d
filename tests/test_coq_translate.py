"""verify/coq/translate.py: the .v goals come from the frozen statement, never from the certificate's own goal."""

from __future__ import annotations

import copy
from pathlib import Path

from coq_helpers import load, need_coqc

from verify.certificate import reseal
from verify.coq import translate as tr
from verify.coq.runner import check_translation
from verify.kernel.check import check_certificate


def _text(cert: dict) -> str:
    """The .v file text of a certificate."""
    return tr.coq_file(tr.translate(cert), "certificate")


def test_every_obligation_of_the_statement_is_listed() -> None:
    """Mapped or not, each obligation the statement requires appears once, in the statement's order."""
    cert = load("thm5.1.eq15.json")
    translation = tr.translate(cert)
    assert [i.name for i in translation.items] == [o["name"] for o in cert["obligations"]]
    unmapped = [i for i in translation.items if not i.text]
    assert unmapped and all("has no Coq translation" in i.reason for i in unmapped)


def test_goal_edited_in_the_certificate_does_not_change_the_v_file() -> None:
    """The certificate's own copy of a goal is ignored: the .v file states the registered goal."""
    cert = load("thm4.2.eq5.json")
    forged = copy.deepcopy(cert)
    item = next(o for o in forged["obligations"] if o["kind"] == "sum_of_squares")
    item["goal"]["poly"] = item["goal"]["poly"] + " + 1"  # a weaker (false) goal in the certificate's copy
    forged = reseal(forged)
    assert not check_certificate(forged).valid  # the kernel rejects it (goal differs from the statement)
    assert _text(forged) == _text(cert)


def test_statement_changed_changes_the_goal_and_coqc_rejects_it(tmp_path: Path, monkeypatch) -> None:
    """With a false registered statement (the same witness), the goal in the .v file is false and coqc says so."""
    coqc = need_coqc()
    cert = load("thm4.2.eq5.json")
    real = tr.statements()
    spec = copy.deepcopy(real["thm4.2.eq5"])
    item = next(i for i in spec["certified"] if i["kind"] == "sum_of_squares")
    item["goal"]["poly"] = f"({item['goal']['poly']}) - 1"  # the minimum is 0, so this bound is false
    original = _text(cert)
    monkeypatch.setattr(tr, "statements", lambda: {**real, "thm4.2.eq5": spec})
    assert _text(cert) != original
    translation = tr.translate(cert)
    result = check_translation(translation, "forged", tmp_path, coqc, 600)
    status = {o.kind: o.status for o in result.obligations}
    assert status == {"sum_of_squares": "failed", "attained": "checked"}


def test_false_goal_through_a_resealed_parameter_is_rejected(tmp_path: Path) -> None:
    """Edit a parameter of a sealed certificate (the MSE of one student) and re-seal: Coq alone rejects it."""
    coqc = need_coqc()
    cert = load("exp.fig3.json")
    forged = copy.deepcopy(cert)
    forged["params"]["mse.k2.H1"] = "0"  # the statement then says 0 >= the optimum, which is false
    forged = reseal(forged)
    keep = {"k2.H1.above-optimum", "k2.H2.above-optimum"}
    for source, expected in ((cert, "checked"), (forged, "failed")):
        translation = tr.translate(source)
        translation.items = [i for i in translation.items if i.name in keep]
        result = check_translation(translation, "exp.fig3", tmp_path, coqc, 600)
        status = {o.name: o.status for o in result.obligations}
        assert status == {"k2.H1.above-optimum": expected, "k2.H2.above-optimum": "checked"}


def test_file_names_are_coq_identifiers() -> None:
    """Dots and dashes of claim ids become underscores."""
    assert tr.file_stem("thm4.2.step4-v0") == "c_thm4_2_step4_v0"
