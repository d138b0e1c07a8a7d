"""verify/coq/matrices.py: exact-matrix kinds stated over Q and decided by vm_compute."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import run_goals

from verify.coq.matrices import float_bound, matrix_identity, rank, spectral_norm_bound
from verify.coq.terms import NotMapped

_A = [["1/2", "1"], ["0", "1/2"]]


def test_matrix_expressions_follow_the_goal() -> None:
    """Products, powers, transposes and scalings become the prelude's functions."""
    goal = {"matrices": {"A": _A, "e1": [["1"], ["0"]]}, "lhs": "T(A)^2*e1 - 2*e1", "rhs": "e1/3"}
    definitions, statement, proof, _ = matrix_identity(goal, None)
    assert "Definition A : mat := [[(1#2); (1#1)]; [(0#1); (1#2)]]." in definitions
    assert statement == "Meq (Msub (Mmul (Mpow (Mtr A) 2) e1) (Mscale (2#1) e1)) (Mscale (1 / (3#1)) e1) = true"
    with pytest.raises(NotMapped):
        matrix_identity({"matrices": {"A": _A}, "lhs": "A + 1", "rhs": "A"}, None)


def test_rank_statement_does_not_mention_the_witness() -> None:
    """rank M = r is stated with the prelude's rank_at_most and rank_at_least only."""
    goal = {"matrix": [["1", "2"], ["2", "4"], ["0", "1"]], "rank": 2}
    witness = {"rows": [0, 2], "cols": [0, 1], "combinations": [{"row": 1, "coefficients": ["2", "0"]}]}
    _, statement, proof, _ = rank(goal, witness)
    assert statement == "rank_at_most Mrank 2 /\\ rank_at_least Mrank 2"
    assert "[0%nat; 2%nat]" in proof


def test_coqc_on_matrix_kinds(tmp_path: Path) -> None:
    """True matrix goals are checked; a wrong identity, a wrong rank and a too small norm bound are rejected."""
    identity = {"matrices": {"A": [["0", "-1"], ["1", "0"]]}, "lhs": "A^2", "rhs": "-1*I(2)"}
    wrong = {"matrices": {"A": [["0", "-1"], ["1", "0"]]}, "lhs": "A^2", "rhs": "I(2)"}
    matrix = [["1", "2"], ["2", "4"], ["0", "1"]]
    witness = {"rows": [0, 2], "cols": [0, 1], "combinations": [{"row": 1, "coefficients": ["2", "0"]}]}
    upper = {"matrices": {"A": _A}, "expr": "A", "op": "<=", "bound": "13/10"}
    # c^2 I - A^T A = L diag(D) L^T for c = 13/10 (computed by hand: D = 36/25 and 959/3600)
    ldl = {"L": [["1", "0"], ["-25/72", "1"]], "D": ["36/25", "959/3600"]}
    lower = {"matrices": {"A": _A}, "expr": "A", "op": ">=", "bound": "1"}
    too_small = {"matrices": {"A": _A}, "expr": "A", "op": "<=", "bound": "1"}
    statuses = run_goals(
        tmp_path,
        [
            ("identity", "matrix_identity", identity, None),
            ("wrong", "matrix_identity", wrong, None),
            ("rank", "rank", {"matrix": matrix, "rank": 2}, witness),
            ("upper", "spectral_norm_bound", upper, ldl),
            ("lower", "spectral_norm_bound", lower, {"vector": ["0", "1"]}),
            ("too-small", "spectral_norm_bound", too_small, ldl),
        ],
    )
    assert statuses == {
        "identity": "checked",
        "wrong": "failed",
        "rank": "checked",
        "upper": "checked",
        "lower": "checked",
        "too-small": "failed",
    }


def test_float_bound_states_error_below_the_bound_at_values_and_caps() -> None:
    """The measured data are definitions; the statement compares them with the bound formula."""
    goal = {"u": "1/1024", "sizes": {"n": 8}, "caps": {"Y": "4"}, "bound": "n*u*Y", "facts": []}
    definitions, statement, _, _ = float_bound(goal, {"error": "1/64", "nonfinite": 0, "values": {"Y": "2"}})
    assert "Definition measured_error : Q := (1#64)." in definitions
    assert statement.splitlines()[-1].strip() == "measured_error <= bound Y_cap"
    with pytest.raises(NotMapped):
        float_bound(goal, {"error": "0", "nonfinite": 1, "values": {"Y": "2"}})


def test_spectral_statements() -> None:
    """||M||_2 <= c is a statement about every vector; >= c about some nonzero vector; no witness in either."""
    upper = {"matrices": {"A": _A}, "expr": "A", "op": "<=", "bound": "13/10"}
    ldl = {"L": [["1", "0"], ["-25/72", "1"]], "D": ["36/25", "959/3600"]}
    definitions, statement, proof, _ = spectral_norm_bound(upper, ldl)
    assert statement.startswith("forall v : list Q, length v = ncols Mexpr ->")
    assert "Definition cbound : Q := (13#1) / (10#1)." in definitions and "959" not in definitions + statement
    lower = {"matrices": {"A": _A}, "expr": "A", "op": ">=", "bound": "1"}
    assert spectral_norm_bound(lower, {"vector": ["0", "1"]})[1].startswith("exists v : list Q")


def test_block_similarity(tmp_path: Path) -> None:
    """A rotation is one 2x2 block (checked); claiming two 1x1 blocks for it is rejected."""
    rotation = {"A": [["0", "-1"], ["1", "0"]], "B": [["1"], ["0"]], "C": [["1", "0"]]}
    identity = [["1", "0"], ["0", "1"]]
    statuses = run_goals(
        tmp_path,
        [
            ("one-block", "real_block_similarity", rotation, {"T": identity, "T_inv": identity, "blocks": [2]}),
            ("two-blocks", "real_block_similarity", rotation, {"T": identity, "T_inv": identity, "blocks": [1, 1]}),
        ],
    )
    assert statuses == {"one-block": "checked", "two-blocks": "failed"}
