"""The explicit list of every obligation kind the kernel accepts, and the dispatch from a kind's name to its code.

There is no folder scanning: a kind exists only if it is listed here, with the theory it belongs to. The
generic kinds live in the core; each domain kind lives in one theory (verify/kernel/theories/<name>/), which
imports only the core.
"""

from __future__ import annotations

from typing import Any

from .core import generic
from .core.errors import KernelError
from .core.kind import Kind, kinds_of
from .theories.algebra import kind_exp_rational, kind_vanishing
from .theories.costs import kind_cost, kind_growth
from .theories.dimension_free import kind_dimension_free
from .theories.float_bounds import kind_float_bound
from .theories.float_gram import kind_float_gram
from .theories.heads_error import kind_heads_error
from .theories.modes import kind_binomial, kind_dual, kind_features, kind_lagmin, kind_modes, kind_output
from .theories.norms import kind_norms
from .theories.parameterizations import kind_discrete, kind_masked_family
from .theories.positivity import kind_implication, kind_psd
from .theories.realization import kind_masked, kind_realization, kind_response
from .theories.ssm import kind_ssm
from .theories.students import kind_lowrank

__all__ = ["ALL_KINDS", "KINDS", "ESTABLISHES", "Kind", "kind", "read_goal", "check_obligation"]

ALL_KINDS: tuple[Kind, ...] = (
    *kinds_of(
        "core",
        generic,
        (
            "polynomial_identity",
            "sum_of_squares",
            "attained",
            "matrix_identity",
            "rank",
            "counterexample",
            "interval_inequality",
        ),
    ),
    *kinds_of("algebra", kind_exp_rational, ("exp_rational_identity",)),
    *kinds_of("algebra", kind_vanishing, ("vanishing_order",)),
    *kinds_of("costs", kind_cost, ("loop_nest_cost",)),
    *kinds_of("costs", kind_growth, ("poly_bound", "unbounded_ratio")),
    *kinds_of("dimension_free", kind_dimension_free, ("dimension_free_identity",)),
    *kinds_of("float_bounds", kind_float_bound, ("float_bound",)),
    *kinds_of("float_gram", kind_float_gram, ("float_gram",)),
    *kinds_of("heads_error", kind_heads_error, ("heads_error",)),
    *kinds_of("modes", kind_modes, ("jordan_chains", "power_closed_form")),
    *kinds_of("modes", kind_binomial, ("binomial_expansion",)),
    *kinds_of("modes", kind_output, ("output_closed_form",)),
    *kinds_of("modes", kind_dual, ("dual_coordinates",)),
    *kinds_of("modes", kind_features, ("lag_features", "real_lag_features")),
    *kinds_of("modes", kind_lagmin, ("lag_minimum",)),
    *kinds_of("norms", kind_norms, ("spectral_norm_bound",)),
    *kinds_of("parameterizations", kind_discrete, ("discretized_transition",)),
    *kinds_of("parameterizations", kind_masked_family, ("masked_rank_family",)),
    *kinds_of("positivity", kind_psd, ("psd_certificate",)),
    *kinds_of("positivity", kind_implication, ("implied_inequality",)),
    *kinds_of("realization", kind_response, ("response_block_criterion",)),
    *kinds_of("realization", kind_realization, ("response_block_realization",)),
    *kinds_of("realization", kind_masked, ("real_block_similarity",)),
    *kinds_of("ssm", kind_ssm, ("ssm_condition7", "ssm_heads_necessary", "ssm_heads_sufficient")),
    *kinds_of("students", kind_lowrank, ("lowrank_optimum", "student_mse", "ssm_jacobian")),
)

_BY_NAME: dict[str, Kind] = {k.name: k for k in ALL_KINDS}
if len(_BY_NAME) != len(ALL_KINDS):
    raise ValueError("a kind name is listed twice")

# The tables in the shape the statements module reads: name -> (read_goal, check), name -> establishes.
KINDS: dict[str, tuple[Any, Any]] = {k.name: (k.read_goal, k.check) for k in ALL_KINDS}
ESTABLISHES: dict[str, dict[str, tuple[str, ...]]] = {k.name: dict(k.establishes) for k in ALL_KINDS if k.establishes}


def kind(name: str) -> Kind:
    """The Kind record of a listed kind name (KeyError for any other name)."""
    return _BY_NAME[name]


def read_goal(kind: object, goal: object, where: str) -> Any:
    """The goal of an obligation as exact objects, comparable with ==."""
    if not isinstance(kind, str) or kind not in _BY_NAME:
        raise KernelError(f"{where}.kind", f"found {kind!r}, expected one of {sorted(_BY_NAME)}")
    if not isinstance(goal, dict):
        raise KernelError(f"{where}.goal", "expected an object")
    return _BY_NAME[kind].read_goal(goal, f"{where}.goal")


def check_obligation(kind: str, goal: Any, witness: object, where: str) -> None:
    """Re-derive the goal from the witness; a KernelError says which step failed."""
    if witness is not None and not isinstance(witness, dict):
        raise KernelError(f"{where}.witness", "expected an object")
    _BY_NAME[kind].check(goal, witness or {}, where)
