"""num.* claims: the paper's identities in float64 at scale, each comparison within an a-priori error bound.

The kernel kind float_bound re-derives each bound exactly from the certificate's sizes and shadow norms and checks
error <= bound and that no NaN/Inf occurred; it re-checks the arithmetic of the bound, not the float computation.
Size: VERIFY_NUMERIC_SCALE=default|large; backend: VERIFY_NUMERIC_DEVICE=cpu|cuda, VERIFY_NUMERIC_BACKEND.
"""

from __future__ import annotations

from collections.abc import Sequence

from numeric.checks import SIZES, Check
from numeric.claimdata import (
    FEATURE_N,
    corruption_from_env,
    feature_checks,
    forms_all,
    heads_checks,
    overflow_obligations,
    params_of,
    setting,
    substituted,
)
from numeric.construction import BUILTINS, builtin, theorem44_agrees
from verify.certificate import Obligation, make_certificate
from verify.registry import claim

__all__: list[str] = []


def _certificate(claim_id: str, checks: list[Check], params: dict, extra: Sequence[Obligation] = ()) -> dict:
    """Certificate with verdict 'certified': the kernel alone decides whether every bound holds."""
    obligations = [
        Obligation(c.name, "float_bound", substituted(c.goal_template(), params), c.witness()) for c in checks
    ]
    return make_certificate(claim_id, "certified", obligations + list(extra), params=params)


@claim("num.thm4.4")
def num_thm44() -> dict:
    """SSM (chunked scan) = k-head attention form with exact V^(h), c_{tau,h}, run chunk by chunk, in float64."""
    scale, bk = setting()
    n = SIZES[scale]["heads"]
    for name in BUILTINS:
        if theorem44_agrees(builtin(name), 2 * builtin(name).dims[0] + 4) is False:
            raise AssertionError(f"{name}: the local construction disagrees with constructions.ssm")
    checks = heads_checks(bk, n, corruption_from_env())
    return _certificate("num.thm4.4", checks, params_of(scale, bk, n=n, Q=checks[0].sizes["Q"]))


@claim("num.ssm.forms")
def num_forms() -> dict:
    """Recurrence = causal convolution = FFT convolution = chunked scan, in float64."""
    scale, bk = setting()
    checks = forms_all(bk, scale)
    fft = next(c for c in checks if c.name.startswith("fft"))
    params = params_of(scale, bk, n=fft.sizes["n"], N=fft.sizes["N"], n_direct=SIZES[scale]["direct"])
    return _certificate("num.ssm.forms", checks, params)


@claim("num.appA.eq21")
def num_features() -> dict:
    """Appendix A features in float64: stable re-anchored evaluation vs the paper's raw features (21)."""
    scale, bk = setting()
    n = FEATURE_N[scale]
    checks = feature_checks(n)
    params = params_of(scale, bk, n=n)
    params.update(backend="numpy", device="cpu")  # the feature study runs on numpy (longdouble reference)
    return _certificate("num.appA.eq21", checks, params, overflow_obligations())
