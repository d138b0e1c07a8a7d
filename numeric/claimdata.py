"""The data of the num.* claims: their checks at a scale and the overflow obligations.

The frozen statements are generated from the same checks by verify/statements/num_checks.py. The kernel kind float_bound
caps every supplied value exactly, re-derives each bound from the certificate's sizes and values and checks error <=
bound and that no NaN/Inf occurred; it re-checks the arithmetic of the bound, not the float computation.
Size: VERIFY_NUMERIC_SCALE=default|large; backend: VERIFY_NUMERIC_DEVICE=cpu|cuda, VERIFY_NUMERIC_BACKEND.
"""

from __future__ import annotations

import os

from numeric.backends import Backend, from_env
from numeric.checks import SIZES, Check, forms_checks, scale_from_env, text
from numeric.construction import BUILTINS
from numeric.features import MODES, OMEGA, FeatureRun, overflow_index, run
from numeric.heads_local import local_checks
from verify.certificate import Obligation

__all__ = [
    "heads_checks",
    "forms_all",
    "feature_checks",
    "overflow_obligations",
    "FEATURE_QS",
    "FEATURE_N",
    "RAW_N",
    "substituted",
    "setting",
    "corruption_from_env",
    "params_of",
]

FEATURE_QS = (0, 2)
FEATURE_N = {"default": 2048, "large": 65536}
RAW_N = 2048  # below N(lambda) = 6737 of the fastest-decaying mode
BASES = ("modal", "lags")


def setting() -> tuple[str, Backend]:
    """Scale and backend from the environment."""
    return scale_from_env(), from_env()


def corruption_from_env() -> float:
    """VERIFY_NUMERIC_CORRUPT: a relative change of one coefficient beta_{1,l} (fault injection; default 0)."""
    text = os.environ.get("VERIFY_NUMERIC_CORRUPT", "0").strip() or "0"
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"VERIFY_NUMERIC_CORRUPT={text!r}; expected a number such as 1e-6") from None


def heads_checks(bk: Backend, n: int, corrupt: float = 0.0) -> list[Check]:
    """Theorem 4.4 at length n (num.thm4.4): every built-in SSM, both bases, the k-head form run chunk by chunk
    (numeric.heads_local; one coefficient scaled by 1 + corrupt)."""
    return local_checks(bk, n, BASES, corrupt)


def forms_all(bk: Backend, scale: str) -> list[Check]:
    """Recurrence = direct = FFT = chunked scan for every built-in SSM."""
    sizes = SIZES[scale]
    return [c for name in BUILTINS for c in forms_checks(bk, name, sizes["forms"], sizes["direct"])]


def params_of(scale: str, bk: Backend, **sizes: int) -> dict:
    """Certificate parameters: the sizes plus where it ran."""
    return {"scale": scale, "backend": bk.name, "device": bk.device, **sizes}


def substituted(goal: dict, params: dict) -> dict:
    """The goal with its $param entries filled in (as the kernel does)."""
    if isinstance(goal, dict):
        if set(goal) == {"$param"}:
            return params[goal["$param"]]
        return {k: substituted(v, params) for k, v in goal.items()}
    if isinstance(goal, list):
        return [substituted(v, params) for v in goal]
    return goal


def _feature_check(r: FeatureRun, which: str, sized_by_param: bool) -> Check:
    """One Appendix A comparison (stable or raw features against the longdouble reference) as a Check."""
    values = {k: v for k, v in r.values.items() if k == "Ybar" or (which == "raw" and k == "Yraw")}
    error = r.err_stable if which == "stable" else r.err_raw
    bad = r.nonfinite_stable if which == "stable" else r.nonfinite_raw
    sizes = {"n": r.n, "L": r.chunk, "q": r.q}
    mode = {"lam": [[text(r.mode.a), text(r.mode.b)]]}  # the exact dyadic lambda: lam_frob2 = |lambda|^2
    check = Check(f"{which}:{r.mode.label}:q{r.q}", (which,), sizes, mode, values, error, bad)
    check.params = {"n": "n"} if sized_by_param else {}
    return check


def feature_checks(n: int) -> list[Check]:
    """Stable features at length n (the scale's) and the paper's raw features at RAW_N, for every mode and q.

    The raw features are checked at the fixed length RAW_N < N(lambda) for every mode: beyond N(lambda) they are
    Inf in float64, which the overflow obligations certify; the statement says so.
    """
    out = []
    for mode in MODES:
        for q in FEATURE_QS:
            stable = run(mode, q, n)
            raw = stable if n == RAW_N else run(mode, q, RAW_N)
            out += [_feature_check(stable, "stable", True), _feature_check(raw, "raw", False)]
    return out


def overflow_obligations() -> list[Obligation]:
    """|lambda|^-(N-1) < 2^1024 - 2^970 <= |lambda|^-N: the paper's feature lambda^-j is Inf in float64 from j = N."""
    out = []
    big = f"({OMEGA.numerator // 2**970}*2^970)"
    for mode in MODES:
        N, r2 = overflow_index(mode), mode.modulus2
        r2_text = f"({r2.numerator}/{r2.denominator})"
        for name, j, op in ((f"overflow:{mode.label}", N, "<="), (f"finite:{mode.label}", N - 1, ">")):
            goal = {"box": {}, "lhs": f"{j}*log({r2_text})", "op": op, "rhs": f"-2*log{big}"}
            out.append(Obligation(name, "interval_inequality", goal, {"precision": 256}))
    return out
