"""Appendix A lag features in float64: the paper's raw features (21) against a stable re-anchored evaluation.

Both compute y_i = sum_{j<=i} lambda^{i-j} (i-j)^q x_j for a complex mode lambda (|lambda| < 1) and real x.
- raw (paper, eq. 21): phi_t(i) = i^t lambda^i, psi_t(j) = binom(q,t) (-j)^(q-t) lambda^(-j), evaluated as causal
  linear attention y_i = sum_t phi_t(i) * cumsum_j psi_t(j) x_j. lambda^(-j) overflows, lambda^i underflows, and
  the binomial sum cancels terms of size (i+j)^q.
- stable: chunks of length L anchored at their start s (as chunked linear attention / SSD kernels do): inside a
  chunk the lags are direct, earlier chunks enter through moments S_t(s) = sum_{j<s} lambda^(s-j) (s-j)^t x_j that
  are carried with nonnegative binomial weights. No negative power and no cancelling sum occurs.
The reference is the stable evaluation in x87 extended precision (numpy.longdouble, u = 2^-64).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from numeric.bounds import ACCURACY_LOST, SHADOW_SAFETY, U, evaluate, round_up

__all__ = [
    "Mode",
    "FeatureRun",
    "MODES",
    "raw_eval",
    "stable_eval",
    "run",
    "study",
    "overflow_index",
    "longdouble_ok",
    "plot",
]

# Round to nearest sends x to Inf exactly when |x| >= 2^1024 - 2^970 (the largest double plus half an ulp).
OMEGA = Fraction(2**54 - 1) * Fraction(2) ** 970


@dataclass(frozen=True)
class Mode:
    """A complex mode lambda = a + i b with dyadic a, b (exact in float64 and longdouble)."""

    label: str
    a: Fraction
    b: Fraction

    @property
    def value(self) -> complex:
        """lambda as a Python complex (exact)."""
        return complex(float(self.a), float(self.b))

    @property
    def modulus2(self) -> Fraction:
        """|lambda|^2 exactly."""
        return self.a * self.a + self.b * self.b


def _mode(r: float, theta: float) -> Mode:
    """The dyadic mode nearest to r e^{i theta} on a 2^-24 grid."""
    scale = 2**24
    return Mode(
        f"|l|={r:g}",
        Fraction(round(r * math.cos(theta) * scale), scale),
        Fraction(round(r * math.sin(theta) * scale), scale),
    )


MODES = (_mode(0.9, 0.3), _mode(0.99, 0.3), _mode(0.999, 0.3))


def longdouble_ok() -> bool:
    """True where numpy.longdouble has at least a 64-bit significand (x86-64 extended precision)."""
    return np.finfo(np.longdouble).nmant >= 63


def _abs_up(mode: Mode) -> float:
    """A float64 >= |lambda| (the square root rounded, then nudged up)."""
    return float(np.nextafter(math.sqrt(float(mode.modulus2)) * (1 + 2**-51), np.inf))


def stable_eval(
    lam: complex | float | np.number, q: int, x: np.ndarray, chunk: int, dtype: type = np.complex128
) -> np.ndarray:
    """The re-anchored chunked evaluation (dtype complex128, clongdouble, or float64 for the absolute pass)."""
    real = np.float64 if dtype in (np.complex128, np.float64) else np.longdouble
    n, L = len(x), chunk
    Q = -(-n // L)
    flat = np.zeros(Q * L, dtype=real)
    flat[:n] = x
    X = flat.reshape(Q, L)
    steps: np.ndarray = np.full(L + 1, lam, dtype=dtype)
    steps[0] = 1
    T = np.cumprod(steps)  # lambda^tau, tau = 0..L
    taus = np.arange(L + 1)
    pw = np.array([[real(t**e) for t in range(L + 1)] for e in range(q + 1)], dtype=real)  # tau^t
    G = T[None, :] * pw  # G[t, tau] = lambda^tau tau^t
    diff = np.subtract.outer(np.arange(L), np.arange(L))
    lower = diff >= 0
    Lmat: np.ndarray = np.where(lower, G[q][np.where(lower, diff, 0)], 0).astype(dtype)
    y = X.astype(dtype) @ Lmat.T  # inside each chunk
    Gstack = G[:, L - np.arange(L)].T.astype(dtype)  # (L, q+1): lambda^(L-b) (L-b)^t
    E = X.astype(dtype) @ Gstack  # each chunk's moments at the next anchor
    Bm = np.array([[real(math.comb(t, v) * L ** (t - v)) if v <= t else 0 for v in range(q + 1)] for t in range(q + 1)])
    S: np.ndarray = np.zeros((Q, q + 1), dtype=dtype)
    for c in range(1, Q):
        S[c] = T[L] * (Bm @ S[c - 1]) + E[c - 1]
    Ct = np.array([[real(math.comb(q, t) * a ** (q - t)) for t in range(q + 1)] for a in range(L)], dtype=real)
    y = y + (S @ Ct.T.astype(dtype)) * T[None, :L]
    del taus
    return y.reshape(Q * L)[:n]


def raw_eval(lam: complex | float, q: int, x: np.ndarray, absolute: bool = False) -> np.ndarray:
    """The paper's features (21) as causal linear attention, positions 1..n, in float64."""
    n = len(x)
    dtype = np.float64 if absolute else np.complex128
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        up = np.cumprod(np.full(n, lam, dtype=dtype))  # lambda^i
        down = np.cumprod(np.full(n, 1 / np.asarray(lam, dtype=dtype), dtype=dtype))  # lambda^-j
        pos = np.arange(1, n + 1, dtype=np.float64)
        y = np.zeros(n, dtype=dtype)
        for t in range(q + 1):
            sign = 1.0 if absolute else (-1.0) ** (q - t)
            psi = math.comb(q, t) * sign * pos ** (q - t) * down
            y = y + pos**t * up * np.cumsum(psi * x)
    return y


@dataclass
class FeatureRun:
    """One (mode, q, n): measured errors of both evaluations against the reference, and their bounds."""

    mode: Mode
    q: int
    n: int
    chunk: int
    err_stable: float
    err_raw: float
    ybar: float
    yraw: float
    nonfinite_stable: int
    nonfinite_raw: int
    wnorm: float
    values: dict = field(default_factory=dict)
    rel_raw: float = math.inf  # max_i |y^_i - y_i| / ybar_i: each output against its own scale
    rel_stable: float = math.inf
    first_nonfinite: int | None = None  # smallest n whose raw outputs contain NaN/Inf
    first_lost: int | None = None  # smallest n with an output that lost half its bits (finite or not)
    curve: list = field(default_factory=list)  # (n, prefix max rel error raw, stable) at powers of two

    def bound(self, which: str) -> Fraction:
        """The a-priori bound of the stable or raw evaluation (numeric.bounds)."""
        env = {"u": U, "n": self.n, "L": self.chunk, "q": self.q, **self.values}
        return evaluate(which, env)

    def passed(self, which: str) -> bool:
        """Finite and within the bound."""
        err = self.err_stable if which == "stable" else self.err_raw
        bad = self.nonfinite_stable if which == "stable" else self.nonfinite_raw
        return bad == 0 and math.isfinite(err) and round_up(err * (1 + 2**-50)) <= self.bound(which)

    @property
    def raw_broken(self) -> bool:
        """Non-finite output, or some output lost more than half its significant bits (against its own scale)."""
        return self.nonfinite_raw > 0 or not self.rel_raw <= ACCURACY_LOST

    @property
    def stable_ratio(self) -> float:
        """err / (u ||W|| ||x||) for the stable evaluation (||W|| = sum_tau |g(tau)|)."""
        return self.err_stable / (float(U) * self.wnorm * self.values.get("X_float", 1.0))


def _bad(a: np.ndarray) -> int:
    """Number of NaN/Inf entries."""
    return int(a.size - np.count_nonzero(np.isfinite(a)))


def run(mode: Mode, q: int, n: int, chunk: int = 64, seed: int = 3) -> FeatureRun:
    """Evaluate raw, stable, the longdouble reference and the absolute-value passes at one size."""
    if not longdouble_ok():
        raise RuntimeError("numpy.longdouble is not x87 extended precision here; the reference needs u <= 2^-64")
    x = np.random.Generator(np.random.PCG64(seed)).uniform(-1.0, 1.0, size=n)
    lam = mode.value
    lam_ld = np.clongdouble(np.longdouble(float(mode.a)) + 1j * np.longdouble(float(mode.b)))
    ref = stable_eval(lam_ld, q, x.astype(np.longdouble), chunk, np.clongdouble)
    y_st = stable_eval(lam, q, x, chunk)
    y_raw = raw_eval(lam, q, x)
    absl = _abs_up(mode)
    ybar_i = stable_eval(absl, q, np.abs(x), chunk, np.float64)
    ybar = float(np.max(ybar_i))
    yraw = float(np.max(raw_eval(absl, q, np.abs(x), absolute=True)))
    bad_st, bad_raw = _bad(y_st), _bad(y_raw)
    err_st = float(np.max(np.abs(y_st - ref))) if not bad_st else math.nan
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        err_raw = float(np.max(np.abs(y_raw - ref))) if not bad_raw else math.nan
        scale = np.where(ybar_i > 0, ybar_i, np.inf)
        rel_raw_i = np.abs(y_raw - ref).astype(np.float64) / scale
        rel_st_i = np.abs(y_st - ref).astype(np.float64) / scale
    rel_raw_i[~np.isfinite(y_raw)] = np.inf
    rel_st_i[~np.isfinite(y_st)] = np.inf
    rel_raw, rel_st = float(np.max(rel_raw_i)), float(np.max(rel_st_i))
    tau = np.arange(n, dtype=np.float64)
    wnorm = float(np.sum(absl**tau * tau**q))
    values = {
        "Ybar": round_up(SHADOW_SAFETY * ybar),
        "Yraw": round_up(SHADOW_SAFETY * yraw) if math.isfinite(yraw) else Fraction(-1),
    }
    out = FeatureRun(
        mode,
        q,
        n,
        chunk,
        err_st,
        err_raw,
        ybar,
        yraw,
        bad_st,
        bad_raw + (0 if math.isfinite(yraw) else 1),
        wnorm,
        values,
    )
    out.values["X_float"] = float(np.max(np.abs(x)))
    out.rel_raw, out.rel_stable = rel_raw, rel_st
    out.first_nonfinite = _first(~np.isfinite(y_raw))
    out.first_lost = _first(rel_raw_i > ACCURACY_LOST)
    prefix_raw, prefix_st = np.maximum.accumulate(rel_raw_i), np.maximum.accumulate(rel_st_i)
    grid = [g for g in (2**e for e in range(4, 40)) if g < n] + [n]
    out.curve = [(g, float(prefix_raw[g - 1]), float(prefix_st[g - 1])) for g in grid]
    return out


def _first(mask: np.ndarray) -> int | None:
    """The prefix length n at which mask first holds (outputs are causal: y_1..y_n depend on x_1..x_n only)."""
    hits = np.flatnonzero(mask)
    return int(hits[0]) + 1 if hits.size else None


def overflow_index(mode: Mode) -> int:
    """The smallest j with |lambda|^-j >= 2^1024 - 2^970 (which rounds to Inf), decided in ball arithmetic."""
    from flint import arb, ctx

    with ctx.workprec(256):
        r2 = arb(mode.modulus2.numerator) / mode.modulus2.denominator
        ratio = -2 * (arb(2**54 - 1) * arb(2) ** 970).log() / r2.log()
        floor = ratio.floor().unique_fmpz() if ratio.floor().is_exact() else None
        j = int(floor) if floor is not None else None
        if j is None or ratio.contains(j) or ratio.contains(j + 1):
            raise ArithmeticError(f"{mode.label}: the overflow index is not decided at 256 bits")
    return j + 1


def study(
    modes: tuple[Mode, ...] = MODES, qs: tuple[int, ...] = (0, 1, 2, 3), n: int = 2**20, chunk: int = 64
) -> list[FeatureRun]:
    """The breakdown study: one causal run per (mode, q) at length n gives every prefix length at once."""
    return [run(mode, q, n, chunk) for mode in modes for q in qs]


def breakdown(runs: list[FeatureRun]) -> dict[tuple[str, int], tuple[int | None, int | None]]:
    """For each (mode, q): (first n with lost accuracy or NaN/Inf, first n with NaN/Inf) of the raw features."""
    return {(r.mode.label, r.q): (r.first_lost if r.first_lost else r.first_nonfinite, r.first_nonfinite) for r in runs}


__all__ += ["breakdown", "OMEGA"]


def plot(runs: list[FeatureRun], path: str) -> None:
    """Relative error against n, paper features vs stable, one panel per q (log-log PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    qs = sorted({r.q for r in runs})
    fig, axes = plt.subplots(1, len(qs), figsize=(4 * len(qs), 3.4), sharey=True)
    for ax, q in zip(np.atleast_1d(axes), qs):
        for k, r in enumerate(sorted((r for r in runs if r.q == q), key=lambda r: r.mode.label)):
            ns = [c[0] for c in r.curve]
            ax.loglog(ns, [min(c[1], 1e3) for c in r.curve], "-o", color=f"C{k}", ms=3, label=f"paper {r.mode.label}")
            ax.loglog(ns, [max(c[2], 1e-19) for c in r.curve], "--", color=f"C{k}", label=f"stable {r.mode.label}")
        ax.axhline(ACCURACY_LOST, color="gray", lw=0.8)
        ax.set_title(f"q = {q}")
        ax.set_xlabel("n")
    np.atleast_1d(axes)[0].set_ylabel("max_i |err_i| / ybar_i  (1e3 = NaN/Inf)")
    np.atleast_1d(axes)[-1].legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
