"""The explicit kind list (verify/kernel/kinds.py): every kind once, with its theory; dispatch rejects the rest."""

from __future__ import annotations

import pytest

from verify.kernel.core.errors import KernelError
from verify.kernel.core.kind import kinds_of
from verify.kernel.kinds import ALL_KINDS, ESTABLISHES, KINDS, check_obligation, kind, read_goal
from verify.kernel.theories.costs import kind_growth


def test_each_kind_is_listed_once_with_the_theory_of_its_module():
    assert len({k.name for k in ALL_KINDS}) == len(ALL_KINDS) == len(KINDS)
    for k in ALL_KINDS:
        module = k.check.__module__
        if k.theory == "core":
            assert module == "verify.kernel.core.generic"
        else:
            assert module.startswith(f"verify.kernel.theories.{k.theory}."), (k.name, module)
        assert k.read_goal.__module__ == module


def test_establishes_is_carried_from_the_modules():
    assert ESTABLISHES["rank"] == {"rank": ("matrix",)}
    assert kind("rank").establishes == {"rank": ("matrix",)}


def test_a_module_must_define_exactly_the_listed_names():
    with pytest.raises(ValueError, match="kind list names"):
        kinds_of("costs", kind_growth, ("poly_bound",))


def test_dispatch_rejects_an_unlisted_kind_and_a_non_object_witness():
    with pytest.raises(KernelError, match="expected one of"):
        read_goal("no_such_kind", {}, "x")
    goal = read_goal("polynomial_identity", {"vars": ["a"], "lhs": "a", "rhs": "a"}, "x")
    check_obligation("polynomial_identity", goal, None, "x")
    with pytest.raises(KernelError, match="expected an object"):
        check_obligation("polynomial_identity", goal, [1], "x")
