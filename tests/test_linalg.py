"""Rank witnesses produced by constructions.linalg are accepted by the kernel."""

from __future__ import annotations

from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.exact import matrix_rows
from constructions.linalg import rank_witness
from verify.kernel.core.matrix import check_rank_witness, read_matrix


def _dm(rows):
    return DomainMatrix([[QQ(x) for x in r] for r in rows], (len(rows), len(rows[0])), QQ)


def test_rank_witness_of_a_rank_two_matrix_passes_the_kernel():
    m = _dm([[1, 2, 3], [2, 4, 6], [0, 1, 1], [1, 3, 4]])
    rank, witness = rank_witness(m)
    assert rank == 2
    check_rank_witness(read_matrix(matrix_rows(m), "M"), rank, witness, "w")


def test_rank_witness_of_full_rank_has_no_combinations():
    rank, witness = rank_witness(_dm([[1, 0], [0, 1]]))
    assert rank == 2 and witness["combinations"] == []
