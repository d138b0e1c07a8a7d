"""Theory modes, jordan_structure.py: Jordan block sizes and indices read off ranks; irreducibility by factorization."""

from __future__ import annotations

import pytest
from flint import fmpq, fmpq_mat, fmpq_poly

from verify.kernel.core.errors import KernelError
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


def test_annihilation_is_decided_exactly_modulo_enough_primes():
    from verify.kernel.theories.modes.jordan_structure import annihilates

    a = _disguised([["1/2", 1, 0, 0], [0, "1/2", 0, 0], [0, 0, "1/2", 0], [0, 0, 0, -1]])
    half, minus_one = fmpq_poly([fmpq(-1, 2), 1]), fmpq_poly([1, 1])
    assert annihilates(half**2 * minus_one, a, "t")  # the minimal polynomial
    assert not annihilates(half * minus_one, a, "t")  # the block of size 2 needs (a - 1/2)^2
    assert not annihilates(half**2 * minus_one + fmpq(1, 10**40), a, "t")  # a constant far below any one prime


def test_indices_of_a_disguised_jordan_form_of_16_states():
    j = [[0] * 16 for _ in range(16)]
    for r in range(16):
        j[r][r] = "2/3" if r < 12 else "-1/4"
        if r not in (6, 11, 15):
            j[r][r + 1] = 1
    a = _disguised(j)  # at 2/3 blocks 7 and 5, at -1/4 one block of 4
    chi = charpoly(a)
    assert root_index(fmpq_poly([fmpq(-2, 3), 1]), a, "t", chi) == 7
    assert root_index(fmpq_poly([fmpq(1, 4), 1]), a, "t", chi) == 4
    assert block_sizes(fmpq_poly([fmpq(-2, 3), 1]), a, 12, "t") == [7, 5]


def test_an_index_from_an_unlucky_prime_is_rejected_by_the_annihilation(monkeypatch):
    from verify.kernel.core.limits import work_budget as budget
    from verify.kernel.theories.modes import jordan_structure

    # ranks modulo P that drop too early (as an unlucky prime could) give too small an index: never accepted
    monkeypatch.setattr(jordan_structure, "rank_mod_p", lambda image, what: 0)
    a = _disguised([["1/2", 1, 0, 0], [0, "1/2", 0, 0], [0, 0, "1/3", 0], [0, 0, 0, "-7/5"]])  # used only here
    with budget(), pytest.raises(KernelError, match="do not annihilate A"):
        root_index(fmpq_poly([fmpq(-1, 2), 1]), a, "t")


def test_an_invertible_a_has_index_0_from_one_rank_modulo_p():
    from verify.kernel.theories.modes.jordan_structure import zero_part

    assert zero_part(_disguised([["1/2", 1], [0, "1/2"]]), "t") == (0, 2)
    assert zero_part(_disguised([[0, 1, 0], [0, 0, 0], [0, 0, "1/2"]]), "t") == (2, 1)
