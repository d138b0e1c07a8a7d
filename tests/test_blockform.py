"""The native real block form (constructions/blockform.py) equals the first one (modes_reference.py)."""

from __future__ import annotations

import random

import pytest
from flint import fmpq_mat

from constructions import modes_reference as reference
from constructions.blockform import NotBlockable, block_sizes, eigen_factors, real_block_form
from constructions.heads import INSTANCES
from constructions.jordan import to_fraction_matrix
from verify.claims.sA_modes import INSTANCES as MODE_INSTANCES

REAL = {name: inst.A for name, inst in INSTANCES.items() if "i" not in str(inst.A)}
REAL.update({f"modes-{name}": rows[0] for name, rows in MODE_INSTANCES.items()})
REAL.update(
    {
        "identity": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        "two-blocks": [[2, 1, 0, 0], [0, 2, 0, 0], [0, 0, 2, 1], [0, 0, 0, 2]],
    }
)
BLOCKS = [[[2]], [[-1]], [[0, -1], [1, 0]], [[1, -2], [1, 1]], [[3, 1], [0, 3]], [[1, 1, 0], [0, 1, 1], [0, 0, 1]]]
BLOCKS += [[[0, 2], [1, 0]], [[0, 0, 1], [1, 0, 0], [0, 1, 0]]]


def _outcome(fn, a: fmpq_mat) -> object:
    """(T, T^-1, sizes), or the NotBlockable message."""
    try:
        return fn(a)
    except NotBlockable as err:
        return str(err)


@pytest.mark.parametrize("name", sorted(REAL))
def test_native_block_form_equals_the_reference_on_every_built_in_matrix(name):
    a = to_fraction_matrix([[str(x) for x in row] for row in REAL[name]])
    assert _outcome(real_block_form, a) == _outcome(reference.real_block_form, a)


def test_native_block_form_equals_the_reference_on_disguised_jordan_forms():
    rng = random.Random(7)
    for _ in range(60):
        chosen = [rng.choice(BLOCKS) for _ in range(rng.randint(1, 3))]
        n = sum(len(b) for b in chosen)
        j, offset = fmpq_mat(n, n), 0
        for b in chosen:
            for r, row in enumerate(b):
                for c, x in enumerate(row):
                    j[offset + r, offset + c] = x
            offset += len(b)
        s = fmpq_mat(n, n, [rng.randint(-2, 2) for _ in range(n * n)])
        while s.det() == 0:
            s = fmpq_mat(n, n, [rng.randint(-2, 2) for _ in range(n * n)])
        a = s * j * s.inv()
        assert _outcome(real_block_form, a) == _outcome(reference.real_block_form, a), chosen


def test_block_sizes_come_from_the_ranks_of_powers_of_f_of_a():
    a = to_fraction_matrix([[2, 1, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 5]])
    (f2, e2), (f5, e5) = eigen_factors(a)
    assert block_sizes(a, f2, e2) == [2, 1] and block_sizes(a, f5, e5) == [1]


def test_a_cubic_factor_is_refused_with_a_shortened_polynomial_when_long():
    rng = random.Random(3)
    a = fmpq_mat(12, 12, [rng.randint(-9, 9) for _ in range(144)])
    with pytest.raises(NotBlockable, match=r"degree 12, \d+ characters\) have Jordan blocks of sizes \[1\]"):
        real_block_form(a)
