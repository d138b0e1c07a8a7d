"""Kernel kind real_block_similarity (verify/kernel/theories/realization/kind_masked.py), with tampered witnesses."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _check(kind: str, goal: dict, witness: dict) -> None:
    check_obligation(kind, read_goal(kind, goal, "t"), witness, "t")


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
