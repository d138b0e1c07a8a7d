"""Tests of the kernel kind dimension_free_identity (theory dimension_free)."""

from __future__ import annotations

import copy
import json

import pytest

from verify.certificate import certificate_bytes, reseal
from verify.kernel import check_certificate
from verify.kernel.core.errors import KernelError
from verify.kernel.core.limits import WorkExceeded, work_budget
from verify.kernel.kinds import check_obligation, read_goal

KIND = "dimension_free_identity"
SQUARE = {"A": ["d", "d"], "B": ["d", "d"], "u": ["d", "1"], "v": ["d", "1"], "w": ["d", "1"]}


def _check(f: str, value: str, atoms: dict = SQUARE, scalars: list | None = None, **extra: object) -> None:
    """Check one identity (no witness)."""
    goal = {"atoms": atoms, "scalars": scalars or ["t"], "f": f, "value": value, **extra}
    check_obligation(KIND, read_goal(KIND, goal, "t"), {}, "t")


def test_kernel_accepts_a_scalar_product_equal_to_its_transpose() -> None:
    _check("T(u)*A*v", "T(v)*T(A)*u")


def test_kernel_rejects_commuting_two_square_matrices() -> None:
    with pytest.raises(KernelError, match="differ in the coefficient of the word A B"):
        _check("A*B", "B*A")


def test_kernel_rejects_swapping_the_factors_of_an_outer_product() -> None:
    with pytest.raises(KernelError, match="differ"):
        _check("u*T(v)", "v*T(u)")


def test_kernel_rejects_a_bilinear_form_equal_to_its_swap_without_a_transpose() -> None:
    with pytest.raises(KernelError, match="differ"):
        _check("T(u)*A*v", "T(v)*A*u")


def test_kernel_moves_a_one_by_one_factor_out_of_a_word() -> None:
    _check("u*T(v)*w", "(T(w)*v)*u")


def test_kernel_expands_transposes_of_products_and_sums() -> None:
    _check("T(A*B + B)", "T(B)*T(A) + T(B)")


def test_kernel_differentiates_an_exponential_of_a_bilinear_form_along_a_line() -> None:
    lets = [["x", "v + t*w"]]
    _check("exp(T(u)*A*x)*(B*x)", "exp(T(u)*A*v)*((T(u)*A*w)*(B*v) + B*w)", lets=lets, wrt="t")
    with pytest.raises(KernelError, match="differ"):
        _check("exp(T(u)*A*x)*(B*x)", "exp(T(u)*A*v)*(B*w)", lets=lets, wrt="t")


def test_kernel_applies_the_quotient_rule() -> None:
    _check("1/(1 + t*T(u)*v)", "0 - T(u)*v", wrt="t")


def test_kernel_identifies_exponentials_with_equal_exponents_and_exp_zero_as_one() -> None:
    _check("exp(T(u)*v)*exp(0*T(u)*v)", "exp(T(v)*u)")
    _check("exp(2*(T(u)*u)/(T(u)*u))", "exp(2)")


def test_kernel_rejects_mismatched_shapes() -> None:
    with pytest.raises(KernelError, match="multiplying shapes"):
        _check("u*v", "0")
    with pytest.raises(KernelError, match="adding shapes"):
        _check("u + A", "0")


def test_kernel_rejects_division_by_an_identically_zero_expression() -> None:
    with pytest.raises(KernelError, match="identically zero"):
        _check("u/(T(u)*v - T(v)*u)", "u")


def test_kernel_rejects_a_derivative_whose_denominator_vanishes_at_zero() -> None:
    with pytest.raises(KernelError, match="vanishes identically at t = 0"):
        _check("1/t", "0", wrt="t")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"atoms": {"u": ["2", "1"]}}, "expected '1' or a dimension name"),
        ({"scalars": ["u"]}, "declared as atoms too"),
        ({"f": "sin(u)"}, "unknown function"),
        ({"wrt": "s"}, "expected one of the scalars"),
        ({"lets": [["u", "v"]]}, "already taken"),
        ({"extra": 1}, "unknown field"),
    ],
)
def test_kernel_rejects_malformed_goals(change: dict, message: str) -> None:
    goal = {"atoms": {"u": ["d", "1"]}, "scalars": ["t"], "f": "T(u)*u", "value": "T(u)*u", **change}
    with pytest.raises(KernelError, match=message):
        check_obligation(KIND, read_goal(KIND, goal, "t"), {}, "t")


def test_kernel_rejects_a_witness_for_an_identity_that_needs_none() -> None:
    goal = read_goal(KIND, {"atoms": {"u": ["d", "1"]}, "scalars": [], "f": "u", "value": "u"}, "t")
    with pytest.raises(KernelError, match="unknown field"):
        check_obligation(KIND, goal, {"hint": "x"}, "t")


def test_kernel_charges_the_work_of_a_large_power() -> None:
    goal = read_goal(KIND, {"atoms": {"A": ["d", "d"]}, "scalars": ["t"], "f": "(1 + t)^4000", "value": "1"}, "t")
    with pytest.raises(WorkExceeded), work_budget(20_000):
        check_obligation(KIND, goal, {}, "t")


def _jacobian_certificate() -> dict:
    """The certificate of thm5.1.eq14.corrected (the Jacobian in every dimension)."""
    from verify.certificate import make_certificate
    from verify.claims.s5_general import CORRECTED

    cert = make_certificate("thm5.1.eq14.corrected", "certified", CORRECTED["thm5.1.eq14.corrected"]())
    return json.loads(certificate_bytes(cert))


def test_every_dimension_jacobian_certificate_passes_and_an_edited_goal_is_refused() -> None:
    cert = _jacobian_certificate()
    assert check_certificate(cert, "t").valid
    bad = copy.deepcopy(cert)
    lets = bad["obligations"][0]["goal"]["lets"]
    lets[[k for k, (name, _) in enumerate(lets) if name == "J"][0]][1] = "alpha*V + alpha*(1 - alpha)*(V*xj)*T(a)"
    result = check_certificate(reseal(bad), "t")
    assert not result.valid and any("differs from the registered statement" in e for e in result.errors)


def test_jacobian_without_the_t_equals_i_term_is_rejected_mathematically() -> None:
    goal = _jacobian_certificate()["obligations"][0]["goal"]
    goal["lets"] = [[n, "alpha*V + alpha*(1 - alpha)*(V*xj)*T(a)" if n == "J" else e] for n, e in goal["lets"]]
    with pytest.raises(KernelError, match="differ in the coefficient of the word V u"):
        check_obligation(KIND, read_goal(KIND, goal, "t"), {}, "t")
