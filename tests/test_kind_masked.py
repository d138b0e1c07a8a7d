"""Kernel kinds for the causal mask and the block form (verify/kernel/kind_masked.py), with tampered witnesses."""

from __future__ import annotations

import pytest

from verify.kernel.errors import KernelError
from verify.kernel.obligations import check_obligation, read_goal


def _check(kind: str, goal: dict, witness: dict) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


DELTA4 = {"n": 4, "g": ["1", "0", "0", "0"]}


def test_masked_rank_bound_proves_that_the_delta_needs_full_rank():
    _check("masked_rank_bound", {**DELTA4, "bound": 4}, {"rows": [1, 2, 3, 4], "cols": [1, 2, 3, 4]})


def test_masked_rank_bound_rejects_a_bound_larger_than_the_witness_proves():
    with pytest.raises(KernelError, match="less than the bound"):
        _check("masked_rank_bound", {**DELTA4, "bound": 4}, {"rows": [1, 2, 3], "cols": [1, 2, 3]})


def test_masked_rank_bound_rejects_a_nonzero_entry_below_the_diagonal():
    goal = {"n": 4, "g": ["1", "1", "0", "0"], "bound": 4}
    with pytest.raises(KernelError, match="nonzero, expected 0"):
        _check("masked_rank_bound", goal, {"rows": [1, 2, 3, 4], "cols": [1, 2, 3, 4]})


def test_masked_rank_bound_rejects_a_free_entry_used_as_diagonal():
    with pytest.raises(KernelError, match="above the diagonal"):
        _check("masked_rank_bound", {**DELTA4, "bound": 1}, {"rows": [1], "cols": [2]})


def test_masked_rank_bound_subtracts_the_rank_of_the_factorization():
    # g = 1 + [tau == 0]: the all-ones part has rank 1 (phi = psi = 1), the residue is the delta.
    goal = {"n": 3, "g": ["2", "1", "1"], "bound": 2}
    ones = [["1"], ["1"], ["1"]]
    _check("masked_rank_bound", goal, {"phi": ones, "psi": ones, "rows": [1, 2, 3], "cols": [1, 2, 3]})
    with pytest.raises(KernelError, match="less than the bound"):
        _check(
            "masked_rank_bound", {**goal, "bound": 3}, {"phi": ones, "psi": ones, "rows": [1, 2, 3], "cols": [1, 2, 3]}
        )


def test_masked_factorization_accepts_the_identity_features():
    identity = [["1" if r == c else "0" for c in range(4)] for r in range(4)]
    _check("masked_factorization", {**DELTA4, "dimension": 4}, {"phi": identity, "psi": identity})
    shifted = [["1" if r == c + 1 else "0" for c in range(4)] for r in range(4)]
    with pytest.raises(KernelError, match="differs from g"):
        _check("masked_factorization", {**DELTA4, "dimension": 4}, {"phi": identity, "psi": shifted})


ROT = {"A": [["0", "-1", "0"], ["1", "0", "0"], ["1", "1", "2"]], "B": [["1"], ["0"], ["0"]], "C": [["1", "0", "1"]]}


def test_real_block_similarity_accepts_a_block_diagonalizing_similarity():
    # T^-1 = [[1, 0, 0], [0, 1, 0], [x, y, 1]] with x, y solving the coupling: here (x, y) = (-3/5, -1/5).
    t_inv = [["1", "0", "0"], ["0", "1", "0"], ["-3/5", "-1/5", "1"]]
    t = [["1", "0", "0"], ["0", "1", "0"], ["3/5", "1/5", "1"]]
    _check("real_block_similarity", ROT, {"T": t, "T_inv": t_inv, "blocks": [2, 1]})


def test_real_block_similarity_rejects_an_entry_outside_the_blocks():
    identity = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
    with pytest.raises(KernelError, match="outside its diagonal blocks"):
        _check("real_block_similarity", ROT, {"T": identity, "T_inv": identity, "blocks": [2, 1]})


def test_real_block_similarity_rejects_a_block_of_size_three():
    identity = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
    with pytest.raises(KernelError, match="block sizes"):
        _check("real_block_similarity", ROT, {"T": identity, "T_inv": identity, "blocks": [3]})
