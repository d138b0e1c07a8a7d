"""Appendix A for a user's own SSM (template claims): modes, closed forms, eq. (20), features and the real form.

`modes_certificate(A, B, C)` builds appA.ssm (any rational A); `features_certificate(A, B, C)` builds
appA.ssm.features (invertible A only, assumption (A2): the paper's features, features merged over q, and the
exact minimum per head); A, B, C are rows of exact rational strings. Both accept the analysis `ssm_data(A, B, C)`
when the caller already has it (verify modes computes it once). Every derived object is a parameter shared by the
obligations that use it, so the kernel sees one consistent SSM; for a user's SSM the goals refer to it by name
({"$param": name}), so it is written once (a dense 256-state SSM's closed forms would otherwise exceed 16 MiB).
"""

from __future__ import annotations

from verify.certificate import make_certificate
from verify.claims.sA_modes import (
    INSTANCES,
    dual_obligation,
    jordan_obligation,
    lag_obligation,
    minimum_obligation,
    output_obligation,
    power_obligation,
    real_obligation,
    ssm_data,
)
from verify.registry import claim

__all__ = ["modes_certificate", "features_certificate", "SingularA", "user_data"]


class SingularA(ValueError):
    """The lag-only features of Appendix A need an invertible A (assumption (A2))."""


def _real_rows(label: str, rows: list) -> list:
    """Reject complex entries with a message naming the matrix."""
    if any("i" in str(x) for row in rows for x in row):
        raise ValueError(f"{label}: expected a real SSM (rational entries); found a complex entry")
    return rows


def user_data(a_rows: list, b_rows: list, c_rows: list) -> dict:
    """The Appendix A analysis of a user's real SSM (complex entries are refused with the matrix named)."""
    a_rows, b_rows, c_rows = (_real_rows(k, r) for k, r in zip("ABC", (a_rows, b_rows, c_rows)))
    return ssm_data(a_rows, b_rows, c_rows)


def modes_certificate(
    a_rows: list, b_rows: list, c_rows: list, data: dict | None = None, by_reference: bool = True
) -> dict:
    """appA.ssm: Jordan chains, the closed forms of A^tau (chains) and W(tau), and eq. (20), for one SSM (by_reference:
    goals name their parameters, each written once, in params)."""
    data = data or user_data(a_rows, b_rows, c_rows)
    modes = data["modes"]
    obligations = [
        jordan_obligation("jordan", modes),
        power_obligation("power", modes),
        output_obligation("W", modes),
        dual_obligation("dual", data),
    ]
    return make_certificate("appA.ssm", "certified", obligations, by_reference=by_reference)


def features_certificate(
    a_rows: list, b_rows: list, c_rows: list, data: dict | None = None, by_reference: bool = True
) -> dict:
    """appA.ssm.features: eq. (20)-(21) lag features and their real form for one SSM with invertible A (by_reference: as
    in modes_certificate)."""
    data = data or user_data(a_rows, b_rows, c_rows)
    if data["modes"].start:
        raise SingularA(
            "A is singular: assumption (A2) fails and the lag-only features do not exist with a dimension "
            "independent of n when the nilpotent part reaches the output (see appA.A2.corrected)"
        )
    obligations = [
        output_obligation("W", data["modes"]),
        dual_obligation("dual", data),
        lag_obligation("features", data),
        real_obligation("realform", data),
        lag_obligation("merged", data, "merged"),
        real_obligation("realmerged", data, "merged"),
        minimum_obligation("minimum", data),
    ]
    return make_certificate("appA.ssm.features", "certified", obligations, by_reference=by_reference)


@claim("appA.ssm")
def ssm_template() -> dict:
    """The template claim appA.ssm, shown on the built-in instance with a Jordan block of size 3."""
    return modes_certificate(*INSTANCES["jordan3"], by_reference=False)  # the committed form: every goal written out


@claim("appA.ssm.features")
def features_template() -> dict:
    """The template claim appA.ssm.features, shown on the built-in complex-pair instance."""
    return features_certificate(*INSTANCES["pair"], by_reference=False)
