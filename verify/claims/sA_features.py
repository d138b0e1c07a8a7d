"""Appendix A feature counts that beat the paper: features merged over q (r_h <= sum_l J_l <= m), and the exact
minimum feature dimension of each head under the causal mask (kind lag_minimum).

The obligations are built by verify/claims/sA_modes.py (lag_obligation, real_obligation, minimum_obligation);
the statements are in verify/statements/sA_modes.py and sA_features_texts.py.
"""

from __future__ import annotations

from collections.abc import Callable

from verify.certificate import Obligation, make_certificate
from verify.claims.sA_modes import (
    INVERTIBLE,
    dual_obligation,
    instance_data,
    lag_obligation,
    minimum_obligation,
    output_obligation,
    real_obligation,
)
from verify.registry import claim

__all__ = ["features_merged", "features_minimum"]


def _all(build: Callable[[str, dict], list[Obligation]]) -> list[Obligation]:
    """The obligations that build makes for each invertible built-in instance."""
    return [o for name in INVERTIBLE for o in build(name, instance_data(name))]


@claim("appA.features.merged")
def features_merged() -> dict:
    """Features indexed by (l, t) only: within sum_l deg(m_l) J_l <= m, complex and rational, every head."""
    build = lambda n, d: [  # noqa: E731
        output_obligation(f"{n}.W", d["modes"]),
        dual_obligation(f"{n}.dual", d),
        lag_obligation(f"{n}.features", d, "merged"),
        real_obligation(f"{n}.realform", d, "merged"),
    ]
    return make_certificate("appA.features.merged", "certified", _all(build))


@claim("appA.features.minimum")
def features_minimum() -> dict:
    """The exact minimum feature dimension of every head under the causal mask (n >= 2R - 1)."""
    build = lambda n, d: [  # noqa: E731
        output_obligation(f"{n}.W", d["modes"]),
        dual_obligation(f"{n}.dual", d),
        minimum_obligation(f"{n}.minimum", d),
    ]
    return make_certificate("appA.features.minimum", "certified", _all(build))
