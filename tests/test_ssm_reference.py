"""The python-flint interaction basis (constructions/ssm.py) equals the first SymPy one (ssm_reference.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from constructions import ssm_reference as reference
from constructions.heads import INSTANCES
from constructions.ssm import interaction_basis, minimal_polynomial, ssm_from_strings
from verify.claims.sA_modes import INSTANCES as MODE_INSTANCES

CASES = {**{name: inst.ssm for name, inst in INSTANCES.items()}}
CASES.update({f"modes-{name}": (lambda rows=rows: ssm_from_strings(*rows)) for name, rows in MODE_INSTANCES.items()})


def _same(ssm) -> None:
    """Annihilator, lags, coefficients and minor columns agree exactly, element by element."""
    fast, slow = interaction_basis(ssm), reference.interaction_basis(ssm)
    assert fast.annihilator == slow.annihilator
    assert fast.lags == slow.lags
    assert fast.base == slow.base
    assert fast.minor_cols == slow.minor_cols


@pytest.mark.parametrize("name", sorted(CASES))
def test_fast_interaction_basis_equals_the_reference_on_every_built_in_instance(name):
    _same(CASES[name]())


@pytest.mark.parametrize("name", ["gaussian", "jordan", "k-small", "stall"])
def test_fast_minimal_polynomial_equals_the_reference(name):
    ssm = INSTANCES[name].ssm()
    assert minimal_polynomial(ssm) == reference.minimal_polynomial(ssm)


_ENTRY = st.sampled_from(["0", "0", "0", "1", "-1", "1/2", "-2/3", "3", "i", "1/2-i", "-1/3*i", "2+i"])


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 3), st.integers(1, 3), st.booleans(), st.data())
def test_fast_interaction_basis_equals_the_reference_on_random_ssms(m, p, d, gaussian, data):
    entry = _ENTRY if gaussian else _ENTRY.filter(lambda x: "i" not in x)
    draw = lambda r, c: [[data.draw(entry) for _ in range(c)] for _ in range(r)]  # noqa: E731
    _same(ssm_from_strings(draw(m, m), draw(m, d), draw(p, m)))


def test_fast_interaction_basis_equals_the_reference_on_a_repeated_complex_eigenvalue():
    # A = diag(J_2(i/2), i/2, 1/3 + i): minimal polynomial (x - i/2)^2 (x - 1/3 - i), degree 3 < m = 4
    A = [["1/2*i", "1", "0", "0"], ["0", "1/2*i", "0", "0"], ["0", "0", "1/2*i", "0"], ["0", "0", "0", "1/3+i"]]
    B = [["1", "0"], ["0", "1"], ["1", "i"], ["1", "1"]]
    C = [["1", "0", "1", "1"], ["0", "1", "i", "0"]]
    ssm = ssm_from_strings(A, B, C)
    assert len(minimal_polynomial(ssm)) == 4
    _same(ssm)
