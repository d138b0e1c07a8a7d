"""verify/coq/bigq.py: exact comparisons proved by BigQ computation, as float_bound's proofs use them."""

from __future__ import annotations

from pathlib import Path

import pytest
from coq_helpers import run_goals
from flint import fmpq

from verify.coq.bigq import largest_bits, reflect, relation_proof
from verify.coq.matrices import float_bound
from verify.coq.prelude import prelude
from verify.coq.terms import NotMapped
from verify.kernel.core.expr import parse_expression

# A bound with a power as large as the chunked-heads certificates use: lam^128 with lam = 3/4 - 2^-40.
_GOAL = {
    "u": "1/9007199254740992",
    "sizes": {"n": 4096},
    "matrices": {"lam": [["3/4", "-1/1099511627776"]]},
    "caps": {"Y": "2/(1-lam_frob2^128)^2", "geo": "n"},
    "bound": "geo*u/(1-geo*u)*Y",
    "facts": [{"lhs": "4*n*u", "op": "<=", "rhs": "1"}, {"lhs": "geo", "op": ">=", "rhs": "n"}],
}
_WITNESS = {"error": "1/1099511627776", "nonfinite": 0, "values": {"Y": "2", "geo": "4096"}}


def test_reflected_trees_follow_the_expression() -> None:
    """Numbers, names, powers and the four operations become FB constructors; >= is <= with sides swapped."""
    tree = reflect(parse_expression("-(2*x - y/3)^2 + 1", "e"), lambda name: name)
    assert tree == (
        "(FB.Add (FB.Opp (FB.Pow (FB.Sub (FB.Mul (FB.C (2#1)) (FB.C x)) (FB.Div (FB.C y) (FB.C (3#1)))) (2)%Z)) "
        "(FB.C (1#1)))"
    )
    assert relation_proof("A", ">=", "B") == "refine (FB.le B A _); vm_compute; reflexivity"
    assert relation_proof("A", "<", "B").startswith("refine (FB.lt A B _)")
    with pytest.raises(NotMapped):
        relation_proof("A", "!=", "B")


def test_bignums_are_loaded_only_when_asked() -> None:
    """The prelude imports Bignums and proves the FB lemmas only for files that use them."""
    assert "Bignums" not in prelude(False) and "Module FB." not in prelude(False)
    assert "From Bignums Require BigQ." in prelude(False, True) and "Lemma le (x y : e)" in prelude(False, True)


def test_float_bound_statement_is_unchanged_by_the_proof() -> None:
    """The statement is the goal's (values, facts, bound at values and caps); the proof compares BigQ values."""
    definitions, statement, proof, _ = float_bound(_GOAL, _WITNESS)
    assert statement.splitlines()[-1].strip() == "measured_error <= bound Y_cap geo_cap"
    assert "Definition Y_cap : Q := (2#1) / ((1#1) - lam_frob2 ^ 128) ^ 2." in definitions
    assert "FB.Pow (FB.C lam_frob2) (128)%Z" in proof and "FB" not in definitions + statement
    small = {**_GOAL, "caps": {"Y": "2/(1-lam_frob2)^2", "geo": "n"}}
    assert float_bound(small, _WITNESS)[2] == "decide_closed."  # small rationals: plain vm_compute in Q


def test_largest_bits_follows_every_subexpression() -> None:
    """The size estimate that picks the proof: the largest numerator or denominator met, None when undefined."""
    env = {"x": fmpq(3, 4)}
    value, bits = largest_bits(parse_expression("(x^100 - x^100)*2", "e"), env)
    assert value == 0 and bits == (4**100).bit_length()
    assert largest_bits(parse_expression("1/(x - x)", "e"), env)[0] is None
    assert largest_bits(parse_expression("y", "e"), env) == (None, 0)


def test_coqc_on_float_bounds(tmp_path: Path) -> None:
    """A true bound is checked; an error above the bound, a value above its cap and a false fact are rejected."""
    above_bound = {**_WITNESS, "error": "1/1048576"}
    above_cap = {**_WITNESS, "values": {"Y": "2", "geo": "4097"}}
    false_fact = {**_GOAL, "facts": [{"lhs": "n", "op": "<", "rhs": "4096"}]}
    statuses = run_goals(
        tmp_path,
        [
            ("true", "float_bound", _GOAL, _WITNESS),
            ("above-bound", "float_bound", _GOAL, above_bound),
            ("above-cap", "float_bound", _GOAL, above_cap),
            ("false-fact", "float_bound", false_fact, _WITNESS),
        ],
    )
    assert statuses == {"true": "checked", "above-bound": "failed", "above-cap": "failed", "false-fact": "failed"}
