"""Tests of verify/claims/s5_common.py: the obligation builders shared by the Section 5 claim modules."""

from __future__ import annotations

import pytest
import sympy

from verify.claims.s5_common import counterexample, positive_sos, rational
from verify.kernel.core.errors import KernelError
from verify.kernel.kinds import check_obligation, read_goal


def _kernel(obligation) -> None:
    check_obligation(obligation.kind, read_goal(obligation.kind, obligation.goal, "t"), obligation.witness, "t")


def test_positive_sos_splits_odd_powers_into_atoms_and_the_kernel_accepts() -> None:
    G, C = sympy.symbols("G C")
    _kernel(positive_sos("p", ["G", "C"], 3 * G**3 * C + C**2, ["G", "C"]))


def test_positive_sos_refuses_a_negative_coefficient() -> None:
    G, C = sympy.symbols("G C")
    with pytest.raises(ValueError, match="negative coefficient"):
        positive_sos("p", ["G", "C"], G - C, ["G", "C"])


def test_positive_sos_refuses_an_odd_power_of_a_free_variable() -> None:
    G, C = sympy.symbols("G C")
    with pytest.raises(ValueError, match="odd power"):
        positive_sos("p", ["G", "C"], G * C, ["G"])


def test_rational_builder_states_a_derivative_the_kernel_checks() -> None:
    s, E = sympy.symbols("s E")
    _kernel(rational("d", ["s", "E"], {"E": s**2}, (E, 1), (2 * s * E, 1), wrt="s"))
    with pytest.raises(KernelError):
        _kernel(rational("d", ["s", "E"], {"E": s**2}, (E, 1), (s * E, 1), wrt="s"))


def test_counterexample_builder_writes_exact_points_and_the_kernel_decides() -> None:
    _kernel(counterexample("c", ["g"], [("g", ">", "0")], ("exp(g)", "<=", "2"), {"g": sympy.Rational(1)}))
    with pytest.raises(KernelError):
        _kernel(counterexample("c", ["g"], [("g", ">", "0")], ("exp(g)", "<=", "3"), {"g": sympy.Rational(1)}))
