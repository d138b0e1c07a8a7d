"""The Kind record: one obligation kind of the kernel, its theory, goal reader, checker and what it establishes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

__all__ = ["Checker", "Establishes", "GoalReader", "Kind", "KindTable", "kinds_of"]

from .errors import JSONObject

# A kind's parsed goal has the kind's own type (each kind module names it); the record holds kinds of every type.
GoalReader = Callable[[JSONObject, str], Any]
Checker = Callable[[Any, JSONObject, str], None]
# A kind module's tables: kind name -> (goal reader, checker); kind name -> goal field -> fields it is read from.
KindTable = dict[str, tuple[GoalReader, Checker]]
Establishes = dict[str, dict[str, tuple[str, ...]]]


@dataclass(frozen=True)
class Kind:
    """One kind: `read_goal(goal, where)` gives exact objects, `check(goal, witness, where)` raises when unproved.

    `establishes[field]` names the goal fields that field is determined from by a passing check; every other
    goal field is an input the statement must fix. `theory` is "core" for the generic kinds, else the folder
    name under verify/kernel/theories/.
    """

    name: str
    theory: str
    read_goal: GoalReader
    check: Checker
    establishes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def kinds_of(theory: str, module: ModuleType, names: tuple[str, ...]) -> tuple[Kind, ...]:
    """The kinds `names` of one kind module (its KINDS and ESTABLISHES tables); the names must be exactly its own."""
    table: KindTable = module.KINDS
    if tuple(sorted(names)) != tuple(sorted(table)):
        raise ValueError(f"{module.__name__} defines {sorted(table)}, the kind list names {sorted(names)}")
    establishes: Establishes = getattr(module, "ESTABLISHES", {})
    return tuple(Kind(name, theory, table[name][0], table[name][1], establishes.get(name, {})) for name in names)
