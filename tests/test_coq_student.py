"""verify/coq/student.py: the exact test MSE of a student stated over Q and decided through scaled integers."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from coq_helpers import run_goals

from verify.coq.student import STUDENT_PRELUDE, student_mse
from verify.coq.terms import NotMapped


def _mse(A: list, B: list, C: list, n: int, V: list, phi: list, psi: list) -> Fraction:
    """The MSE computed here with Fractions (an independent restatement of the kernel's formula)."""
    F = Fraction
    m, p, d = len(A), len(C), len(B[0])

    def mul(x: list, y: list) -> list:
        return [
            [sum((F(x[i][k]) * F(y[k][j]) for k in range(len(y))), F(0)) for j in range(len(y[0]))]
            for i in range(len(x))
        ]

    power = [[F(int(i == j)) for j in range(m)] for i in range(m)]
    impulses = []
    for _ in range(n):
        impulses.append(mul(mul(C, power), B))
        power = mul(A, power)
    total = F(0)
    for i in range(n):
        for j in range(i + 1):
            for a in range(p):
                for b in range(d):
                    k = sum(
                        (sum((F(f[i][r]) * F(g[j][r]) for r in range(len(f[0]))), F(0)) * F(v[a][b]))
                        for v, f, g in zip(V, phi, psi)
                    )
                    total += (k - impulses[i - j][a][b]) ** 2
    return total / (n * p)


_TEACHER = {"A": [["1/2", "-1/3"], ["1/3", "1/2"]], "B": [["1"], ["1/2"]], "C": [["1", "0"]], "n": 3}
_STUDENT = {
    "V": [[["3/4"]], [["-5/8"]]],
    "phi": [[["1/2", "1"], ["-1/4", "3/2"], ["1", "0"]], [["1", "1"], ["1/8", "0"], ["0", "1/3"]]],
    "psi": [[["1", "0"], ["1/2", "1/2"], ["0", "1"]], [["1/16", "1"], ["1", "-1"], ["2", "0"]]],
}


def _goal(mse: Fraction, student: dict | None = None) -> dict:
    """A student_mse goal with the small teacher and student above."""
    return {**_TEACHER, "student": student or _STUDENT, "mse": f"{mse.numerator}/{mse.denominator}"}


def _true_mse() -> Fraction:
    """The exact MSE of the small student."""
    s = _STUDENT
    return _mse(_TEACHER["A"], _TEACHER["B"], _TEACHER["C"], _TEACHER["n"], s["V"], s["phi"], s["psi"])


def test_statement_comes_from_the_goal() -> None:
    """The data are the goal's numbers (dyadic ones as dy m e), the statement names no witness or hint."""
    definitions, statement, proof, interval = student_mse(_goal(Fraction(7, 3)), {"anything": 1})
    assert statement == "student_shapes A B C n V phi psi = true /\\ student_mse A B C n V phi psi == mse"
    assert "Definition A : mat := [[(1#2); (-1#3)]; [(1#3); (1#2)]]." in definitions
    assert "Definition n : nat := 3." in definitions and "Definition mse : Q := (7#3)." in definitions
    assert "(dy (3)%sint63 2)" in definitions and "(dy (-5)%sint63 3)" in definitions and "(1#3)" in definitions
    assert not interval and "student_mse_by_integers" in proof
    assert student_mse(_goal(Fraction(7, 3)), None)[:2] == (definitions, statement)
    with pytest.raises(NotMapped):
        student_mse({**_goal(Fraction(1)), "student": {"V": []}}, None)


def test_vocabulary_is_small_and_proved() -> None:
    """The trusted vocabulary defines the MSE; the helpers hold no Admitted proof or axiom."""
    assert "Definition student_mse (A B C : mat)" in STUDENT_PRELUDE
    assert "Admitted" not in STUDENT_PRELUDE and "Axiom" not in STUDENT_PRELUDE and "Parameter" not in STUDENT_PRELUDE


def test_coqc_on_student_mse(tmp_path: Path) -> None:
    """The exact MSE is checked; an MSE off by 2^-60 is rejected by coqc."""
    mse = _true_mse()
    statuses = run_goals(
        tmp_path,
        [("true", "student_mse", _goal(mse), None), ("off", "student_mse", _goal(mse + Fraction(1, 2**60)), None)],
    )
    assert statuses == {"true": "checked", "off": "failed"}


@pytest.mark.slow
def test_coqc_rejects_a_student_of_the_wrong_shape(tmp_path: Path) -> None:
    """A psi table with a missing row (the MSE recomputed for it) fails the shape conjunct in coqc."""
    short = {**_STUDENT, "psi": [_STUDENT["psi"][0][:2], _STUDENT["psi"][1]]}
    padded = {**short, "psi": [short["psi"][0] + [["0", "0"]], short["psi"][1]]}
    mse = _mse(_TEACHER["A"], _TEACHER["B"], _TEACHER["C"], _TEACHER["n"], padded["V"], padded["phi"], padded["psi"])
    statuses = run_goals(tmp_path, [("shape", "student_mse", _goal(mse, short), None)])
    assert statuses == {"shape": "failed"}
