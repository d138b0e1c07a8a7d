"""Theory modes, jordan_structure.py: Jordan block sizes and indices read off ranks; irreducibility by factorization."""

from __future__ import annotations

import pytest
from flint import fmpq, fmpq_mat, fmpq_poly

from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.theories.modes.jordan_structure import (
    block_sizes,
    charpoly,
    is_irreducible,
    multiplicity,
    root_index,
)


def _disguised(j: list[list]) -> fmpq_mat:
    """S J S^-1 for a fixed unimodular-ish S (hides the Jordan structure)."""
    n = len(j)
    s = fmpq_mat(n, n, [1 if c >= r else (r + 2 * c) % 3 - 1 for r in range(n) for c in range(n)])
    return s * fmpq_mat(n, n, [fmpq(x) for row in j for x in row]) * s.inv()


def test_block_sizes_read_the_jordan_form_off_the_ranks():
    a = _disguised([["1/2", 1, 0, 0], [0, "1/2", 0, 0], [0, 0, "1/2", 0], [0, 0, 0, -1]])
    f = fmpq_poly([fmpq(-1, 2), 1])
    e = multiplicity(f, charpoly(a))
    assert e == 3 and block_sizes(f, a, e, "t") == [2, 1]
    assert root_index(f, a, "t") == 2
    assert root_index(fmpq_poly([1, 1]), a, "t") == 1 and root_index(fmpq_poly([-3, 1]), a, "t") == 0


def test_irreducibility_is_decided_by_factorization():
    assert is_irreducible(fmpq_poly([-2, 0, 1])) and not is_irreducible(fmpq_poly([-4, 0, 1]))
    with work_budget(100), pytest.raises(WorkExceeded, match="factorization"):
        is_irreducible(fmpq_poly([1] + [0] * 255 + [1]))
