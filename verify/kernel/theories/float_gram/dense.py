"""Form dense of kind float_gram: W(tau) = C A^tau B for a real dense A, at real sizes (m = 256, p = d = 64).

The float64 side is in float_gram.py (power_bound, dense_rows, dense_core); here, exactly in fmpq: the Lyapunov
witness decides ||A^k||_2 <= kappa rho^k for every k (rho^2 P - A^T P A >= 0 and P > 0 from bracketed smallest
eigenvalues), the projection on the sketched basis Z gives the brackets of Pi G Pi through K = Z^T G Z (a factor
in [1 - f_Z, 1 + f_Z] each), and Weyl / Ky Fan add ||G - Pi G Pi||_F <= 2 ||S||_F ||(I - Pi) S||_F + ||(I - Pi)
S||_F^2 (S = F sqrt w). Soundness: docs/trusted-base.md, "Form dense".
"""

from __future__ import annotations

import math
from typing import Any

from flint import fmpq

from ...core.errors import KernelError
from ...core.limits import charge

__all__ = [
    "DENSE_WORK_CAP",
    "MAX_DENSE_VALUES",
    "LYAPUNOV_SLACKS",
    "LYAPUNOV_CHOICES",
    "dense_work",
    "power_bound",
    "dense_rows",
    "projected",
]

# form dense, method core: F~ (p d x n) is held in memory with one chunk of the residual; p d n is capped so that
# a check stays below about 1 GB (the builder refuses larger layers at once, naming the size and this limit)
MAX_DENSE_VALUES = 1 << 25
LYAPUNOV_SLACKS = (1.0, 8.0, 64.0)  # rho = spectral radius (1 + slack / n): tried in turn, nearest first
# then rho = factor ||A||_2 (1 + 1/n): a nilpotent A (a shift register) has radius 0 but kappa ~ sqrt(m) at rho = 1
LYAPUNOV_CHOICES = ((1.0, 0.0), (8.0, 0.0), (64.0, 0.0), (1.0, 0.5), (1.0, 1.0))  # (slack, factor); slacks as above
# form dense: its work is a function of the declared sizes (m, p, d, n: a user's SSM), added to the certificate's
# budget up to this cap (64 million units, about a minute on 2 cores; dense m = 256, p = d = 64, n = 4096 is 16M)
DENSE_WORK_CAP = 64_000_000
_BLOCK = 64  # float_gram.BLOCK (that module imports numpy, so it is not imported here)
MAX_ROWS = 4096  # kind_float_gram.MAX_ROWS
MAX_FLOAT_WORK = 1 << 40  # kind_float_gram.MAX_FLOAT_WORK
FLOPS_PER_UNIT = 2000  # kind_float_gram.FLOPS_PER_UNIT


def _up(x: float) -> fmpq:
    """A finite nonnegative float as an exact rational (it is one)."""
    if not (math.isfinite(x) and x >= 0):
        raise ValueError(f"a bound is {x}")
    return fmpq(*float(x).as_integer_ratio())


def _isqrt_up(h: int) -> int:
    """The smallest integer >= sqrt(h)."""
    s = math.isqrt(h)
    return s if s * s == h else s + 1


def _sqrt_up(x: fmpq) -> fmpq:
    """An exact rational >= sqrt(x) (x >= 0), within a few parts in 10^12."""
    s = fmpq(*(math.sqrt(float(x)) * (1 + 2.0**-40)).as_integer_ratio())
    while s * s < x:
        s = s * fmpq(1 + 2**20, 2**20)
    return s


# A numpy array: numpy is imported lazily, by float_gram.py alone (importing the kernel never loads it), so these
# annotations cannot name numpy's types.
Array = Any
# Measured float64 values and arrays by name (float_gram.Measured, not imported here for the same reason).
Measured = dict[str, Any]
# Per H: the top sum's ends, the rest sum's ends and the direct trace bounds (lower, upper) of Pi G Pi.
ProjectedBounds = tuple[fmpq, fmpq, fmpq, fmpq, fmpq, fmpq]


def dense_rows(arrays: dict[str, Array], method: str, n: int, where: str) -> tuple[Array, Array, fmpq, Measured | None]:
    """Form dense (W(tau) = C A^tau B, real): F~ (rows) or its projection (core), eps, mu and the core's extra."""
    from . import float_gram as fg

    np = fg.np
    A, B, C = arrays["A"], arrays["B"], arrays["C"]
    m, d, p = A.shape[0], B.shape[1], C.shape[0]
    R = p * d
    if R * n > MAX_DENSE_VALUES or m > MAX_ROWS:
        raise KernelError(f"{where}.arrays", f"p d n = {R * n} and m = {m}; at most {MAX_DENSE_VALUES} and {MAX_ROWS}")
    side = min(m + 8, R, n) if method == "core" else R
    if side > MAX_ROWS:
        raise KernelError(f"{where}.method", f"'{method}' has {side} rows; at most {MAX_ROWS}")
    charge(dense_work(m, p, d, n, method) // FLOPS_PER_UNIT + 1, f"{where}: float64 Gram")
    kappa, rho = power_bound(A, n, where)
    F, eta = fg.dense_rows(A, B, C, n, float(kappa) * (1 + 2.0**-40), rho)
    if method == "rows":
        eps = np.zeros_like(F)
        eps[0] = eta  # only sum_t w_t ||eps_t||^2 is used (E2): the column bounds eta_t stand in one row
        return F, eps, fmpq(0), None
    core = fg.dense_core(F, eta, n, side)
    mu = _up(core["f_z"])
    if not mu < 1:
        raise KernelError(where, f"the projection basis Z is not orthonormal enough (f <= {float(mu):.3g})")
    u = fmpq(1, 2**53)
    g_trace = fmpq(n + R + 2) * u / (1 - fmpq(n + R + 2) * u)
    t0, e2, q2 = _up(core["t0"]), _up(core["e2"]), _up(core["q2"])
    t0_lo, t0_hi = t0 / (1 + g_trace) - fmpq(1, 10**300), t0 / (1 - g_trace)
    cross = 2 * _sqrt_up(t0_hi * e2)
    trace = (max(fmpq(0), t0_lo - cross), t0_hi + cross + e2)
    add = 2 * _sqrt_up(trace[1]) * _sqrt_up(q2) + q2  # >= ||G - Pi G Pi||_F
    return core["F"], core["eps"], mu, {"add": add, "ambient": R, "trace": trace, "q2": q2}


def dense_work(m: int, p: int, d: int, n: int, method: str) -> int:
    """Float operations of form dense: powers and rows, Lyapunov witnesses, sketch, QR, projection, residual, Gram."""
    R = p * d
    side = min(m + 8, R, n) if method == "core" else R
    work = 2 * R * m * n + 2 * (m + p) * m * m * _BLOCK + 2 * m * m * d * (n // _BLOCK + 1)
    work += len(LYAPUNOV_CHOICES) * 300 * m**3
    work += 2 * side * side * n + 12 * side**3
    return work + (6 * R * n * side + 4 * R * side * side if method == "core" else 0)


def power_bound(A: Array, n: int, where: str) -> tuple[fmpq, float]:
    """(kappa, rho) with ||A^k||_2 <= kappa rho^k for all k, decided exactly from a Lyapunov witness P.

    rho^2 P - A^T P A >= 0 (its smallest eigenvalue bracketed from below, minus ||M - M~||_F) and P > 0 give
    x^T (A^k)^T P A^k x <= rho^(2k) x^T P x, so ||A^k||_2^2 <= rho^(2k) lambda_max(P) / lambda_min(P).
    rho = radius (1 + slack / n) for each slack of LYAPUNOV_SLACKS (a nearer rho is a worse-conditioned P), then
    rho = factor ||A||_2 (1 + 1/n) (LYAPUNOV_CHOICES); of
    those decided, the one whose kappa^2 sum_t w_t rho^2t / sum_t w_t radius^2t is smallest (a heuristic for the
    widths: any decided pair is a valid bound).
    """
    from . import float_gram as fg

    found = []
    for slack, factor in LYAPUNOV_CHOICES:
        try:
            bound = fg.power_bound(A, n, slack, factor)
        except (ValueError, fg.np.linalg.LinAlgError):  # rho >= 2, a diverging series: try the next slack
            continue
        dp0, dp1, fp, rp = bound["p"]
        p_hi = _up(abs(dp0)) * (1 + _up(fp)) + _up(rp)
        p_lo = fmpq(*float(dp1).as_integer_ratio())
        p_lo = p_lo - _up(fp) * abs(p_lo) - _up(rp)
        dm, fm, rm = bound["m"]
        m_lo = fmpq(*float(dm).as_integer_ratio())
        m_lo = m_lo - _up(fm) * abs(m_lo) - _up(rm) - _up(bound["e_m"])
        if p_lo > 0 and m_lo >= 0:
            kappa = _sqrt_up(p_hi / p_lo)
            if kappa < 10**100:
                found.append((bound["score"], slack, factor, kappa, bound["rho"]))
    if found:
        _, _, _, kappa, rho = min(found)
        return kappa, rho
    raise KernelError(where, "no Lyapunov witness bounds ||A^k|| (rho^2 P - A^T P A >= 0 and P > 0 undecided)")


def projected(bounds: list[ProjectedBounds], extra: Measured) -> list[tuple[fmpq, fmpq]]:
    """e_H for G from the brackets of Pi G Pi (bounds: per H the top sum and rest-sum ends) and ||G - Pi G Pi||_F.

    Weyl: every eigenvalue of G is within add of that of Pi G Pi (rank <= R, so those beyond R are in [0, add]);
    Ky Fan: the sum of the H largest within sqrt(H) add; trace G = trace Pi G Pi + ||(I - Pi) S||_F^2 (<= q2),
    intersected with the direct bounds from F~.
    """
    add, ambient, (t_lo, t_hi), q2 = extra["add"], extra["ambient"], extra["trace"], extra["q2"]
    R = len(bounds)
    out = []
    for h, (s_lo, s_hi, rest_lo, rest_hi, k_lo, k_hi) in enumerate(bounds, start=1):
        lo_t, hi_t = max(t_lo, k_lo), min(t_hi, k_hi + q2)
        s_lo, s_hi = max(fmpq(0), s_lo - _isqrt_up(h) * add), min(hi_t, s_hi + _isqrt_up(h) * add)
        rest_lo, rest_hi = rest_lo - (R - h) * add, rest_hi + (ambient - h) * add
        tail_lo = max(fmpq(0), lo_t - s_hi, rest_lo)
        tail_hi = max(fmpq(0), min(hi_t - s_lo, rest_hi))
        lower = max(tail_lo / hi_t, tail_lo / (tail_lo + s_hi) if tail_lo + s_hi > 0 else fmpq(0))
        upper = min(fmpq(1), tail_hi / lo_t if lo_t > 0 else fmpq(1))
        if tail_hi + s_lo > 0:
            upper = min(upper, tail_hi / (tail_hi + s_lo))
        out.append((lower, upper))
    return out
