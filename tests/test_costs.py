"""constructions/costs.py and cost_programs.py: the SymPy counts agree with the kernel and with measured counts."""

from __future__ import annotations

import pytest
import sympy as sp

from constructions.cost_programs import PROGRAMS
from constructions.costs import constant_for, evaluate, kernel_text, shift_nonneg, total
from numeric.table1 import D, K, P, R, S, summary_matrix_ops, tracked_row
from verify.claims.s3_cost_goals import cost_obligation
from verify.kernel.kinds import check_obligation, read_goal

SIZES = {"d": D, "p": P, "r": R, "s": S, "w": 2 * K + 1}


def _at(expr: sp.Expr, **values: int) -> int:
    return int(expr.subs({sp.Symbol(k, integer=True): v for k, v in values.items()}))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_kernel_accepts_the_sympy_counts_of_every_algorithm(name):
    for model in ("fan-in-2", "unbounded-fan-in"):
        ob = cost_obligation(name, name, model)
        check_obligation(ob.kind, read_goal(ob.kind, ob.goal, "t"), ob.witness, "t")


@pytest.mark.parametrize(
    ("row", "program", "offset"),
    [
        ("mlp", "mlp", 0),
        ("cnn", "cnn", 0),
        ("attention", "attention", 0),
        ("linear-attention", "linear-attention", 0),
        ("ssm (recurrence)", "ssm.recurrence", 2 * S * S),  # the measured run skips A h_0 with h_0 = 0
        ("selective-ssm (recurrence)", "selective-ssm.recurrence", 2 * S),  # likewise a_1 h_0
    ],
)
def test_exact_counts_match_the_operations_measured_on_tracked_arrays(row, program, offset):
    count = total(evaluate(PROGRAMS[program], "fan-in-2"))
    for n in (8, 16):
        assert tracked_row(row, n)[0] + offset == _at(count, n=n, **SIZES)


def test_summary_matrix_count_matches_the_measured_one():
    count = total(evaluate(PROGRAMS["summary-matrix"], "fan-in-2"))
    for n, r, p in ((256, 4, 4), (256, 4, 32), (7, 3, 5)):
        assert summary_matrix_ops(n, r, p) == _at(count, n=n, r=r, p=p)


def test_scan_closed_form_is_the_recursion_at_powers_of_two():
    closed = evaluate(PROGRAMS["ssm.scan"], "fan-in-2")["procedures"]["scan"]["ops"]["mul"]
    per_combine = S**3 + S**2
    for k in range(5):
        n, combines = 1, 0
        for _ in range(k):
            combines, n = combines + 2 * n - 1, 2 * n  # 2N - 1 combines to go from N to 2N items
        assert _at(closed, N=n, K=k, s=S) == combines * per_combine


def test_constant_for_a_bound_makes_the_shift_test_pass():
    n, d, p = (sp.Symbol(x, integer=True) for x in "ndp")
    count = 2 * d * n * p - n * p
    k = constant_for(count, ["n"])
    assert k == 2 * d * p and shift_nonneg(k * n - count, ["n", "d", "p"])
    assert kernel_text(n**2 / 2) == "n^2/2"
