"""Appendix A, 'Connection to common SSM parameterizations': (A1)-(A2) for HiPPO-LegS (S4), S4D-Real and Mamba's
initialization under the bilinear and zero-order-hold discretizations, and the selective variants' departure
from translation invariance. Obligations are built in verify/claims/sA_practice_goals.py.
"""

from __future__ import annotations

from verify.certificate import make_certificate
from verify.claims.sA_practice_goals import (
    LEGS_SIZES,
    REAL_SIZES,
    legs_rows,
    s4d_real_rows,
    selective,
    transition_obligation,
)
from verify.registry import claim

__all__ = ["hippo_legs", "s4d_real", "selective_variants"]


@claim("appA.practice.hippo-legs")
def hippo_legs() -> dict:
    """HiPPO-LegS at N = 64, 128, 256: bilinear singular exactly at D = 2/k, k = 20..N, in S4's range; ZOH never."""
    obligations = [transition_obligation(f"N{n}", legs_rows(n)) for n in LEGS_SIZES]
    return make_certificate("appA.practice.hippo-legs", "certified", obligations)


@claim("appA.practice.s4d-real")
def s4d_real() -> dict:
    """S4D-Real / Mamba's A = diag(-(n + 1)) at N = 16 and 64: the same singular bilinear steps, ZOH never."""
    obligations = [transition_obligation(f"N{n}", s4d_real_rows(n)) for n in REAL_SIZES]
    return make_certificate("appA.practice.s4d-real", "certified", obligations)


@claim("appA.practice.selective")
def selective_variants() -> dict:
    """Mamba's selective kernel is not translation invariant: W_21(X) != W_32(X) for X = (0, 0, 1)."""
    return make_certificate("appA.practice.selective", "certified", [selective()])
