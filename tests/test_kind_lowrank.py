"""kind_lowrank.py: the kernel kinds lowrank_optimum and ssm_jacobian accept truths, reject tampering."""

from __future__ import annotations

from fractions import Fraction

import pytest
from flint import fmpq, fmpq_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.theories.students.kind_lowrank import KINDS, eigenvalues, spectral_norm

OPT_READ, OPT_CHECK = KINDS["lowrank_optimum"]
JAC_READ, JAC_CHECK = KINDS["ssm_jacobian"]

QUARTER = [["0", "-1"], ["1", "0"]]
EYE = [["1", "0"], ["0", "1"]]


def _optimum_goal(**changes) -> dict:
    # quarter turn J, n = 2: W(0) = I, W(1) = J, G = 2 vec I vec I^T + vec J vec J^T (4 x 4);
    # <I, J> = 0 and ||I||^2 = ||J||^2 = 2, so the nonzero eigenvalues of G are 4 and 2
    goal = {"A": QUARTER, "B": EYE, "C": EYE, "n": 2, "heads": 1, "lower": "0", "upper": "1"}
    goal.update(changes)
    return goal


def _check_optimum(goal: dict) -> None:
    OPT_CHECK(OPT_READ(goal, "g"), {}, "g")


def test_kernel_accepts_a_true_bracket_of_the_optimum():
    # one head keeps the eigenvalue 4; optimum = 2 / (n p) = 2 / 4 = 1/2
    _check_optimum(_optimum_goal(lower="499/1000", upper="501/1000"))


def test_kernel_rejects_a_bracket_that_misses_the_optimum():
    with pytest.raises(KernelError, match="not decided inside"):
        _check_optimum(_optimum_goal(lower="1/3", upper="2/5"))


def test_kernel_accepts_a_closed_bracket_at_an_exact_rational_optimum():
    _check_optimum(_optimum_goal(lower="1/2", upper="1/2"))
    with pytest.raises(KernelError):
        _check_optimum(_optimum_goal(lower="1/2", upper="1/3"))


def test_kernel_certifies_zero_optimum_when_heads_reach_the_rank():
    _check_optimum(_optimum_goal(heads=2, lower="0", upper="0"))


def test_kernel_rejects_mismatched_shapes_with_a_clear_message():
    with pytest.raises(KernelError, match="expected A m x m"):
        OPT_READ(_optimum_goal(B=[["1", "0", "0"]]), "g")


def test_kernel_rejects_complex_teacher_entries():
    with pytest.raises(KernelError, match="real matrix"):
        OPT_READ(_optimum_goal(A=[["i", "0"], ["0", "1"]]), "g")


def test_kernel_rejects_missing_fields():
    goal = _optimum_goal()
    del goal["heads"]
    with pytest.raises(KernelError, match="heads"):
        OPT_READ(goal, "g")


def test_eigenvalues_of_a_diagonal_matrix_are_exact_and_sorted():
    values = eigenvalues(fmpq_mat(3, 3, [5, 0, 0, 0, 1, 0, 0, 0, 5]), "m")
    assert [float(v.mid()) for v in values] == [1.0, 5.0, 5.0]


def test_eigenvalues_reject_a_rotation_with_complex_spectrum():
    with pytest.raises(KernelError, match="non-real"):
        eigenvalues(fmpq_mat(2, 2, [0, -1, 1, 0]), "m")


def test_spectral_norm_of_a_scaled_rotation_is_its_scale():
    norm = spectral_norm(fmpq_mat(2, 2, [fmpq(3, 10), fmpq(-4, 10), fmpq(4, 10), fmpq(3, 10)]), "m")
    assert norm.contains(fmpq(1, 2))
    assert norm.rad() < 1e-60


def _jacobian_goal(**changes) -> dict:
    # A = diag(1/4, 1/2), B = I, C = [[1, 1], [0, 1]]: C A^3 B = [[1/64, 1/8], [0, 1/8]], norm 0.17712...
    goal = {"A": [["1/4", "0"], ["0", "1/2"]], "B": EYE, "C": [["1", "1"], ["0", "1"]], "T": 3, "measured": "1/64"}
    goal.update(changes)
    return goal


def _float_norm() -> str:
    """The float64 2-norm of C A^3 B, written exactly as the dyadic rational it is."""
    from fractions import Fraction

    import numpy as np

    value = np.linalg.norm(np.array([[1 / 64, 1 / 8], [0, 1 / 8]]), 2)
    return str(Fraction(float(value)))


def test_kernel_accepts_a_float64_measurement_within_the_derived_tolerance():
    JAC_CHECK(JAC_READ(_jacobian_goal(measured=_float_norm()), "g"), {}, "g")


def test_kernel_rejects_a_measurement_off_by_more_than_rounding_can_explain():
    # 1e-10 off: far above the a-priori float64 bound (about 1e-16 here), so it is not a rounding error.
    off = str(Fraction(_float_norm()) + Fraction(1, 10**10))
    with pytest.raises(KernelError, match="is not within the a-priori bound"):
        JAC_CHECK(JAC_READ(_jacobian_goal(measured=off), "g"), {}, "g")


def test_kernel_accepts_the_jacobian_bound_at_equality_when_both_sides_are_exact():
    # A = I/2, B = C = I: ||C A^3 B|| = 1/8 = ||C|| ||B|| ||A||^3, every eigenvalue an exact ball
    goal = _jacobian_goal(A=[["1/2", "0"], ["0", "1/2"]], C=EYE, measured="1/8")
    JAC_CHECK(JAC_READ(goal, "g"), {}, "g")


def test_kernel_takes_no_tolerance_from_the_certificate():
    with pytest.raises(KernelError, match="unknown field 'tolerance'"):
        JAC_READ(_jacobian_goal(tolerance="1000"), "g")


def test_eigenvalues_are_charged_by_the_working_precision_before_the_roots_are_isolated():
    from verify.kernel.core.intervals import with_precision
    from verify.kernel.core.limits import WorkExceeded, work_budget

    diagonal = fmpq_mat(3, 3, [fmpq(i + 1) if i == j else fmpq(0) for i in range(3) for j in range(3)])
    used = []
    for bits in (256, 100_000):
        with work_budget(10**12) as budget, with_precision(bits, "p"):
            eigenvalues(diagonal, "d")
        used.append(budget.used)
    assert used[1] > 100 * used[0]
    with pytest.raises(WorkExceeded, match="eigenvalues: isolating the roots"):
        with work_budget(used[0] + 1_000), with_precision(100_000, "p"):
            eigenvalues(diagonal, "d")


def test_the_obligations_of_one_certificate_share_the_eigenvalues_of_g():
    from pathlib import Path

    from verify.kernel import check_file
    from verify.kernel.core import limits

    charged: list[str] = []
    original = limits.Budget.charge

    def spy(self, units, what):
        charged.append(what)
        original(self, units, what)

    limits.Budget.charge = spy
    try:
        result = check_file(Path(__file__).parent.parent / "certs" / "exp.fig3.optimum.k8.json")
    finally:
        limits.Budget.charge = original
    assert result.valid and result.obligations == 9
    # computed once (or, if an earlier test in this process computed it, charged once as a shared result)
    assert charged.count("eigenvalues: isolating the roots") + charged.count("eigenvalues of G") == 1
