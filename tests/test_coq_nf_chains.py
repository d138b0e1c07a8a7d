"""verify/coq/nf_chains.py: jordan_chains stated as irreducible distinct moduli and exact ranks of m(A)^s."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, need_coqc, run_goals

from verify.certificate import reseal
from verify.coq import translate as tr
from verify.coq.nf_chains import jordan_chains
from verify.coq.runner import check_translation
from verify.coq.terms import NotMapped

# A Jordan block of size 3 at 1/2 and the eigenvalue -1 (appA.ssm's A).
_A = [["1/2", "1", "0", "0"], ["0", "1/2", "1", "0"], ["0", "0", "1/2", "0"], ["1", "0", "0", "-1"]]
_EIGEN = [{"chains": [3], "modulus": "-1/2 + 1*a"}, {"chains": [1], "modulus": "1 + 1*a"}]
# A rotation by (3 + 4i)/5 (the irreducible modulus a^2 - 6/5 a + 1) and the eigenvalue 1/2.
_PAIR = {
    "A": [["3/5", "-4/5", "0"], ["4/5", "3/5", "0"], ["1", "0", "1/2"]],
    "eigen": [{"chains": [1], "modulus": "-1/2 + 1*a"}, {"chains": [1], "modulus": "1 + -6/5*a + 1*a^2"}],
}
_NILPOTENT = {"A": [["0", "1"], ["0", "0"]], "eigen": [{"chains": [2], "modulus": "1*a"}]}
# Roots +-sqrt(1/2) = +-sqrt(2)/2 and 3/2 +- sqrt(2) (irreducible: c1^2/4 - c0 is 1/2 = 2 (1/2)^2, and 2).
_SQRT = {"A": [["0", "1/2"], ["1", "0"]], "eigen": [{"chains": [1], "modulus": "-1/2 + a^2"}]}
_SHIFTED = {"A": [["0", "-1/4"], ["1", "3"]], "eigen": [{"chains": [1], "modulus": "1/4 + -3*a + a^2"}]}


def test_statement_comes_from_the_goal_only() -> None:
    """The theorem states the goal's ranks n - d sum min(b, s); the witness does not change it."""
    definitions, statement, _, _ = jordan_chains({"A": _A, "eigen": _EIGEN}, None)
    assert "Definition nfc_m1 : list Q := [(-1#2); (1#1)]." in definitions
    assert statement.split(" /\\\n  ") == [
        "square 4 nfc_A = true",
        "(1 * 3 + 1 * 1 = 4)%nat",
        "Req nfc_m1 nfc_m2 = false",
        "nfc_rank 4 (Mpow (nfc_peval nfc_A nfc_m1) 1) 3",
        "nfc_rank 4 (Mpow (nfc_peval nfc_A nfc_m1) 2) 2",
        "nfc_rank 4 (Mpow (nfc_peval nfc_A nfc_m1) 3) 1",
        "nfc_rank 4 (Mpow (nfc_peval nfc_A nfc_m2) 1) 3",
    ]
    assert jordan_chains({"A": _A, "eigen": _EIGEN}, {"anything": 1})[1] == statement
    assert "nfc_no_rational_root nfc_m2" in jordan_chains(_PAIR, None)[1]
    assert jordan_chains(_NILPOTENT, None)[1].endswith("nfc_rank 2 (Mpow (nfc_peval nfc_A nfc_m1) 2) 0")


def test_moduli_without_an_irreducibility_proof_are_not_mapped() -> None:
    """Degree 3, or degree 2 with a nonnegative discriminant, is left out with the reason."""
    cyclic = [["0", "0", "1"], ["1", "0", "0"], ["0", "1", "0"]]
    cubic = {"A": cyclic, "eigen": [{"chains": [1], "modulus": "-2 + a^3"}]}
    with pytest.raises(NotMapped, match="irreducibility"):
        jordan_chains(cubic, None)
    reducible = {"A": [["0", "1"], ["1", "0"]], "eigen": [{"chains": [1], "modulus": "-1 + a^2"}]}
    with pytest.raises(NotMapped, match="irreducibility"):
        jordan_chains(reducible, None)
    sqrt5 = {"A": [["0", "5"], ["1", "0"]], "eigen": [{"chains": [1], "modulus": "-5 + a^2"}]}
    with pytest.raises(NotMapped, match="irreducibility"):
        jordan_chains(sqrt5, None)


def test_coqc_on_jordan_chains(tmp_path: Path) -> None:
    """True Jordan structures are checked; wrong block sizes and a repeated modulus are rejected by coqc."""
    repeated = {
        "A": [["1", "0"], ["0", "1"]],
        "eigen": [{"chains": [1], "modulus": "-1 + a"}, {"chains": [1], "modulus": "-1 + a"}],
    }
    statuses = run_goals(
        tmp_path,
        [
            ("jordan3", "jordan_chains", {"A": _A, "eigen": _EIGEN}, None),
            ("pair", "jordan_chains", _PAIR, None),
            ("nilpotent", "jordan_chains", _NILPOTENT, None),
            ("sqrt", "jordan_chains", _SQRT, None),
            ("shifted", "jordan_chains", _SHIFTED, None),
            ("split-block", "jordan_chains", {**_NILPOTENT, "eigen": [{"chains": [1, 1], "modulus": "1*a"}]}, None),
            ("wrong-sizes", "jordan_chains", {"A": _A, "eigen": [{**_EIGEN[0], "chains": [2, 1]}, _EIGEN[1]]}, None),
            ("repeated", "jordan_chains", repeated, None),
        ],
    )
    assert statuses == {
        "jordan3": "checked",
        "pair": "checked",
        "nilpotent": "checked",
        "sqrt": "checked",
        "shifted": "checked",
        "split-block": "failed",
        "wrong-sizes": "failed",
        "repeated": "failed",
    }


@pytest.mark.slow
def test_false_goal_through_resealed_parameters_is_rejected(tmp_path: Path) -> None:
    """appA.eq18 takes the block sizes from its parameters: a forged jordan3.eigen fails in Coq alone."""
    coqc = need_coqc()
    cert = load("appA.eq18.json")
    forged = copy.deepcopy(cert)
    forged["params"]["jordan3.eigen"][0]["chains"] = [2, 1]
    for source, expected in ((cert, "checked"), (reseal(forged), "failed")):
        result = check_translation(tr.translate(source), "appA_eq18", tmp_path, coqc, 600)
        statuses = {o.name: o.status for o in result.obligations}
        assert statuses["jordan3.jordan"] == expected
        assert statuses["real.jordan"] == "checked"
