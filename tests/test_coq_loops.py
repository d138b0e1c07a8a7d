"""verify/coq/loops.py: loop_nest_cost stated with the Coq cost semantics of loop-nest programs and proved."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from coq_helpers import load, run_goals

from verify.coq import translate as tr
from verify.coq.loops import LOOPS_PRELUDE, loop_nest_cost
from verify.coq.terms import NotMapped

# A matrix-vector product (n rows, fan-in-2 sums over d) and a scan on n = 2^k items by halving: the step
# combines N pairs, recurses, then combines N - 1 pairs (depth 2 per level, 2N - 1 - ... additions).
_MATVEC = {
    "sizes": ["n", "d"],
    "powers": {},
    "model": "fan-in-2",
    "procedures": {},
    "program": [
        {"alloc": "n*d"},
        {"loop": "par", "var": "r", "from": "1", "to": "n", "body": [
            {"loop": "sum", "var": "j", "from": "1", "to": "d", "width": "1", "body": [{"op": "mul"}]},
        ]},
    ],
    "ops": {"add": "n*d - n", "mul": "n*d"},
    "memory": "n*d",
    "depth": "lg_d + 1",
}  # fmt: skip
_SCAN = {
    "sizes": ["n"],
    "powers": {"n": "k"},
    "model": "unbounded-fan-in",
    "procedures": {
        "scan": {
            "size": "N",
            "level": "K",
            "base": [],
            "step": [
                {"loop": "par", "var": "m", "from": "1", "to": "N", "body": [{"op": "add"}]},
                {"call": "scan"},
                {"loop": "par", "var": "m", "from": "1", "to": "N - 1", "body": [{"op": "add"}]},
            ],
        }
    },
    "program": [{"call": "scan", "size": "n"}, {"loop": "seq", "var": "t", "from": "1", "to": "n", "body": [
        {"op": "exp"}]}],
    "ops": {"add": "2*n - k - 2", "exp": "n"},
    "memory": "0",
    "depth": "2*k + n",
}  # fmt: skip
_SCAN_WITNESS = {"procedures": {"scan": {"ops": {"add": "2*N - K - 2"}, "memory": "0", "depth": "2*K"}}}


def test_statement_is_the_program_and_the_stated_cost() -> None:
    """The program is written from the goal; the statement says run = the goal's counts, memory and depth."""
    definitions, statement, proof, interval = loop_nest_cost(_MATVEC, {"procedures": {}})
    assert not interval
    assert "Loop Par (1) (n) (fun r =>" in definitions and "Loop (Sum (1)) (1) (d) (fun j =>" in definitions
    assert "Alloc (n * d)" in definitions
    assert "1 <= n ->\n    1 <= d ->" in statement
    assert "run FanIn2 none (program n d) =" in statement
    assert "n_add := (n * d - n)" in statement and "n_exp := 0" in statement
    assert "depth := ((Z.log2_up d) + 1)" in statement
    _, statement, proof, _ = loop_nest_cost(_SCAN, _SCAN_WITNESS)
    assert "0 <= k ->\n    n = 2 ^ k ->" in statement
    assert "2 * N - K - 2" not in statement and "2 * N - K - 2" in proof  # the witness is only in the proof
    assert "Fixpoint cost_of" in LOOPS_PRELUDE and "Definition program" not in LOOPS_PRELUDE


def test_goals_outside_the_proof_generator_are_not_mapped() -> None:
    """A body that uses its loop variable, a fractional coefficient, a missing closed form: not mapped."""
    uses_var = copy.deepcopy(_MATVEC)
    uses_var["program"][1]["body"] = [{"alloc": "r"}]
    with pytest.raises(NotMapped, match="uses the loop variable"):
        loop_nest_cost(uses_var, {"procedures": {}})
    fraction = copy.deepcopy(_MATVEC)
    fraction["memory"] = "n*d/2"
    with pytest.raises(NotMapped, match="only integer polynomials"):
        loop_nest_cost(fraction, {"procedures": {}})
    with pytest.raises(NotMapped, match="closed forms"):
        loop_nest_cost(_SCAN, {"procedures": {}})


def test_coqc_checks_true_costs_and_rejects_false_ones(tmp_path: Path) -> None:
    """True counts are checked; a wrong depth and a wrong closed form of the procedure are rejected by coqc."""
    wrong_depth = {**_MATVEC, "depth": "lg_d"}
    wrong_closed = {"procedures": {"scan": {"ops": {"add": "2*N - K - 2"}, "memory": "0", "depth": "2*K + 1"}}}
    statuses = run_goals(
        tmp_path,
        [
            ("matvec", "loop_nest_cost", _MATVEC, {"procedures": {}}),
            ("scan", "loop_nest_cost", _SCAN, _SCAN_WITNESS),
            ("wrong-depth", "loop_nest_cost", wrong_depth, {"procedures": {}}),
            ("wrong-closed", "loop_nest_cost", _SCAN, wrong_closed),
        ],
    )
    assert statuses == {"matvec": "checked", "scan": "checked", "wrong-depth": "failed", "wrong-closed": "failed"}


@pytest.mark.slow
def test_coqc_rejects_a_wrong_count_and_a_wrong_memory(tmp_path: Path) -> None:
    """A count one too large and a memory one too large are rejected by coqc (a further coqc run each)."""
    wrong_count = {**_SCAN, "ops": {"add": "2*n - k - 1", "exp": "n"}}
    wrong_memory = {**_MATVEC, "memory": "n*d + 1"}
    statuses = run_goals(
        tmp_path,
        [
            ("wrong-count", "loop_nest_cost", wrong_count, _SCAN_WITNESS),
            ("wrong-memory", "loop_nest_cost", wrong_memory, {"procedures": {}}),
        ],
    )
    assert statuses == {"wrong-count": "failed", "wrong-memory": "failed"}


def test_committed_goal_comes_from_the_statement() -> None:
    """The .v file of a committed cost certificate holds its registered program and stated depth."""
    cert = load("tab1.ssm.depth.json")
    translation = tr.translate(cert)
    item = next(i for i in translation.items if i.kind == "loop_nest_cost")
    assert (
        item.text
        and "Call (procedure FanIn2 (scan_base n d p s k 1 0) (scan_step n d p s k) (Z.to_nat k))" in item.text
    )
    assert "depth := (4 * k * (Z.log2_up s) + 6 * k + (Z.log2_up d) + (Z.log2_up s) + 2)" in item.text
    text = tr.coq_file(translation, "certificate")
    assert "From VerifyVocabulary Require Import Voc_loops." in text and "vocabulary/Voc_loops.v" in text


def test_the_test_goals_agree_with_the_python_kernel() -> None:
    """The kernel accepts the true goals above and rejects the false ones, so both semantics agree on them."""
    from verify.kernel.core.errors import KernelError
    from verify.kernel.theories.costs.kind_cost import KINDS

    read, check = KINDS["loop_nest_cost"]
    check(read(_MATVEC, "g"), {"procedures": {}}, "g")
    check(read(_SCAN, "g"), _SCAN_WITNESS, "g")
    for goal, witness in (
        (_MATVEC | {"depth": "lg_d"}, {"procedures": {}}),
        (_MATVEC | {"memory": "n*d + 1"}, {"procedures": {}}),
        (_SCAN | {"ops": {"add": "2*n - k - 1", "exp": "n"}}, _SCAN_WITNESS),
    ):
        with pytest.raises(KernelError):
            check(read(goal, "g"), witness, "g")
