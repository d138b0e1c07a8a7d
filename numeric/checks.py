"""The float64 checks: two evaluations of one exact map, their measured difference, and the a-priori bound.

A check passes iff nothing was NaN/Inf and max |y1 - y2| <= bound1 + bound2, where each bound is the formula of
numeric.bounds for that method evaluated at the sizes and the (safety-inflated, rounded-up) shadow norms.
Sizes come from VERIFY_NUMERIC_SCALE (default|large) and the backend from VERIFY_NUMERIC_DEVICE / _BACKEND.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from numeric import ssm as methods
from numeric.backends import Backend
from numeric.bounds import FORMULAS, GEO_FACTS, SHADOW_SAFETY, U, evaluate, exact, round_up
from numeric.caps import cap_values, caps_for
from numeric.construction import ExactSSM, HeadForm, builtin, head_form

__all__ = [
    "Check",
    "heads_check",
    "forms_checks",
    "scale_from_env",
    "SIZES",
    "text",
    "gram_bound",
    "chunk_for",
    "modal_matrices",
    "reference_scan",
]

# n per scale: default keeps `python -m verify all` fast; large is the n = 10^6 (forms: 2^17, since the
# direct convolution is O(n^2) it stays at default size, and the FFT of all p*d kernels holds N*p*d values).
SIZES = {
    "default": {"heads": 4096, "forms": 2048, "direct": 1024},
    "large": {"heads": 1_000_000, "forms": 131072, "direct": 2048},
}


def scale_from_env() -> str:
    """VERIFY_NUMERIC_SCALE: 'default' or 'large'."""
    scale = os.environ.get("VERIFY_NUMERIC_SCALE", "default").strip() or "default"
    if scale not in SIZES:
        raise ValueError(f"VERIFY_NUMERIC_SCALE={scale!r}; expected one of {sorted(SIZES)}")
    return scale


def text(q: Fraction) -> str:
    """Exact text 'p' or 'p/q' of a rational."""
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def gram_bound(A: tuple) -> Fraction:
    """max_i sum_j |(A^T A)_ij|, a Gershgorin upper bound of ||A||_2^2 (computed exactly)."""
    cols = list(zip(*A))
    return max(sum(abs(sum(a * b for a, b in zip(ci, cj))) for cj in cols) for ci in cols)


def _sqrt_up(q: Fraction) -> Fraction:
    """A short dyadic s with s^2 >= q."""
    s = round_up(math.sqrt(float(q)) * (1 + 2**-40))
    while s * s < q:
        s = round_up(s * (1 + Fraction(1, 2**20)))
    return s


def chunk_for(n: int) -> int:
    """Chunk length of the scan: a power of two near sqrt(n)."""
    return max(16, 1 << round(math.log2(max(n, 1)) / 2))


@dataclass
class Check:
    """One comparison: its bound formulas, sizes, exact matrices, certificate values, their caps, measured error.

    The caps (numeric.caps) are derived from the formulas, the geo kind, the sizes and the exact matrices when the
    check is made; the certificate supplies exactly the values its formulas read (numeric.bounds.VALUES).
    """

    name: str
    formulas: tuple[str, ...]
    sizes: dict[str, int]
    matrices: dict[str, list[list[str]]]
    values: dict[str, Fraction]
    error: float
    nonfinite: int
    geo: str | None = None
    seconds: float = 0.0
    info: dict = field(default_factory=dict)
    params: dict = field(default_factory=lambda: {"n": "n", "N": "N"})  # size -> certificate parameter name
    caps: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Derive the caps of the supplied values from the exact inputs."""
        if not self.caps:
            self.caps = caps_for(self.formulas, self.geo, self.sizes, self.matrices)

    @property
    def error_cert(self) -> Fraction:
        """The measured error rounded up (first for the rounding of the subtraction, then to CERT_BITS)."""
        return round_up(self.error * (1 + 2**-50)) if math.isfinite(self.error) else Fraction(-1)

    def _bound_at(self, values: dict[str, Fraction]) -> Fraction:
        """The sum of the formulas at the sizes and the given values."""
        env: dict[str, Fraction | int] = {"u": U, **self.sizes, **values}
        env.update({f"{k}_log2": (v - 1).bit_length() if v > 1 else 0 for k, v in self.sizes.items()})
        env.update(Vcat_rowsum=self.info.get("Vcat_rowsum", 0))
        return sum((evaluate(f, env) for f in self.formulas), Fraction(0))

    @property
    def bound(self) -> Fraction:
        """The a-priori bound at the certificate's values."""
        return self._bound_at(self.values)

    @property
    def cap_values(self) -> dict[str, Fraction]:
        """The exact value of each cap."""
        return cap_values(self.caps, self.sizes, self.matrices)

    @property
    def bound_at_caps(self) -> Fraction:
        """The a-priori bound at the caps: the most any certificate of this goal can get."""
        return self._bound_at({**self.values, **self.cap_values})

    @property
    def within_caps(self) -> bool:
        """True iff every supplied value lies in [0, cap]."""
        limits = self.cap_values
        return all(0 <= self.values[k] <= limits[k] for k in self.caps)

    @property
    def passed(self) -> bool:
        """True iff nothing was NaN/Inf, every value is within its cap and the measured error within the bound."""
        finite = self.nonfinite == 0 and math.isfinite(self.error)
        return finite and self.within_caps and self.error_cert <= self.bound

    def goal_template(self) -> dict:
        """The frozen goal (sizes n and N are parameters of the certificate)."""
        facts: list[dict] = []
        for f in self.formulas:
            facts += [x for x in FORMULAS[f]["facts"] if x not in facts]
        if self.geo:
            facts += GEO_FACTS[self.geo]
        sizes = {k: v for k, v in self.sizes.items() if k not in self.params}
        sizes.update({k: {"$param": name} for k, name in self.params.items() if k in self.sizes})
        return {
            "u": text(U),
            "sizes": sizes,
            "matrices": self.matrices,
            "bound": " + ".join(f"({FORMULAS[f]['bound']})" for f in self.formulas),
            "facts": facts,
            "caps": self.caps,
        }

    def witness(self) -> dict:
        """Measured error, non-finite count and the formula's inputs, all exact."""
        err = text(self.error_cert) if math.isfinite(self.error) else "nan"
        return {
            "error": err,
            "nonfinite": self.nonfinite,
            "values": {k: text(self.values[k]) for k in sorted(self.caps)},
        }


def _inputs(n: int, d: int, seed: int) -> np.ndarray:
    """Inputs x in [-1, 1), reproducible on every platform (PCG64)."""
    return np.random.Generator(np.random.PCG64(seed)).uniform(-1.0, 1.0, size=(n, d))


def _common(model: ExactSSM, x: np.ndarray) -> tuple[dict, dict, dict, str]:
    """Sizes, matrices and values shared by the SSM checks (CF, geo, X)."""
    m, p, d = model.dims
    n = x.shape[0]
    frob2 = sum((v * v for row in model.C for v in row), Fraction(0))
    gram = gram_bound(model.A)
    if gram < 1:
        kind, geo = "contractive", round_up(Fraction(2) / (1 - gram))
    elif gram == 1:
        kind, geo = "isometric", Fraction(n)
    else:
        raise ValueError(f"{model.name}: ||A||_2 may exceed 1 (Gershgorin bound {float(gram)}); no bound applies")
    sizes = {"n": n, "m": m, "p": p, "d": d, "k": head_form(model).k}
    mats = {name: [[text(v) for v in r] for r in M] for name, M in (("A", model.A), ("B", model.B), ("C", model.C))}
    values = {"CF": _sqrt_up(frob2), "geo": geo, "X": round_up(float(np.max(np.abs(x))))}
    return sizes, mats, values, kind


def _shadow(values: dict, shadow: dict) -> None:
    """Add shadow norms, inflated by SHADOW_SAFETY and rounded up (NaN/Inf make the check fail later)."""
    for k, v in shadow.items():
        values[k] = round_up(SHADOW_SAFETY * v) if math.isfinite(v) else Fraction(-1)


def _measure(bk: Backend, y1: Any, y2: Any) -> tuple[float, int]:
    """max |y1 - y2| and the number of non-finite values in both, BLOCK_ROWS rows at a time (no n-row temporary)."""
    bad, error = bk.nonfinite(y1) + bk.nonfinite(y2), 0.0
    for start in range(0, y1.shape[0], methods.BLOCK_ROWS):
        rows = slice(start, start + methods.BLOCK_ROWS)
        error = max(error, bk.amax(abs(y1[rows] - y2[rows])))
    return (float("nan") if bad else error), bad


def modal_matrices(form: HeadForm) -> dict[str, list[list[str]]]:
    """The float64 lambda_l and beta_{hl} the run uses (exact dyadics): lam{l} = [[Re, Im]], beta{l} = [[Re, Im] per h].

    The caps of the head form's values read |lambda_l|^2 = lam{l}_frob2 and max_h |Re| + |Im| = beta{l}_rowsum.
    """
    out = {}
    for j, (a, b) in enumerate(form.lam, start=1):
        out[f"lam{j}"] = [[text(exact(float(a))), text(exact(float(b)))]]
        out[f"beta{j}"] = [[text(exact(float(row[j - 1][0]))), text(exact(float(row[j - 1][1])))] for row in form.beta]
    return out


def _head_arrays(bk: Backend, model: ExactSSM, basis: str, corrupt: float) -> tuple:
    """V^(h), beta and lambda on the backend (beta[0, 0] scaled by 1 + corrupt when corrupt != 0)."""
    form = head_form(model, basis)
    V = np.array([[[float(v) for v in r] for r in M] for M in form.V])
    beta = np.array([[complex(float(a), float(b)) for a, b in row] for row in form.beta])
    beta[0, np.flatnonzero(beta[0])[0]] *= 1 + corrupt
    lam = np.array([complex(float(a), float(b)) for a, b in form.lam])
    vcat = [[text(M[r][c]) for M in form.V for c in range(len(M[0]))] for r in range(len(form.V[0]))]
    return bk.asarray(V), bk.asarray(beta, complex_=True), bk.asarray(lam, complex_=True), vcat, form


def reference_scan(bk: Backend, name: str, n: int, seed: int = 1) -> tuple:
    """The chunked scan (y, shadow) of the built-in SSM `name` on the checks' inputs: computed once per SSM and
    shared by the checks of both bases (heads_check and numeric.chunked.chunked_check take it as `scan`)."""
    model = builtin(name)
    A, B, C = (bk.asarray(M) for M in model.floats())
    return methods.chunked_scan(bk, A, B, C, bk.asarray(_inputs(n, model.dims[2], seed)), chunk_for(n))


def heads_check(
    bk: Backend, name: str, n: int, basis: str = "modal", seed: int = 1, corrupt: float = 0.0, scan: tuple = ()
) -> Check:
    """Theorem 4.4: the SSM (chunked scan, or `scan` = reference_scan(bk, name, n, seed)) against its k-head
    attention form built from exact V^(h), c_{tau,h}."""
    model = builtin(name)
    A, B, C = (bk.asarray(M) for M in model.floats())
    x_np = _inputs(n, model.dims[2], seed)
    x = bk.asarray(x_np)
    sizes, mats, values, geo = _common(model, x_np)
    V, beta, lam, vcat, form = _head_arrays(bk, model, basis, corrupt)
    sizes.update(k=form.k, M=len(form.lam), N=methods.fft_size(n))
    mats.update(Vcat=vcat, **modal_matrices(form))
    start, cpu = time.perf_counter(), time.process_time()
    norms: dict = {}
    y_heads, sh = methods.heads(bk, V, beta, lam, x, norms)
    y_scan, ss = scan or methods.chunked_scan(bk, A, B, C, x, chunk_for(n))
    error, bad = _measure(bk, y_heads, y_scan)
    bk.synchronize()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    _shadow(values, {**sh, **ss})
    vrow = max(sum(abs(Fraction(v)) for v in row) for row in vcat)
    wnorm = norms["Wnorm"]
    info = {"Vcat_rowsum": vrow, "ratio": error / (float(U) * wnorm * float(values["X"])), "Wnorm": wnorm, "cpu": cpu}
    return Check(
        f"heads-vs-scan:{name}:{basis}", ("heads", "scan"), sizes, mats, values, error, bad, geo, seconds, info
    )


def forms_checks(bk: Backend, name: str, n: int, n_direct: int, seed: int = 2) -> list[Check]:
    """Recurrence = causal convolution = FFT convolution (zero-padded to >= 2n) = chunked scan."""
    model = builtin(name)
    A, B, C = (bk.asarray(M) for M in model.floats())
    out = []
    for label, size in (("direct", n_direct), ("fft", n), ("scan", n)):
        x_np = _inputs(size, model.dims[2], seed)
        x = bk.asarray(x_np)
        sizes, mats, values, geo = _common(model, x_np)
        start = time.perf_counter()
        y_rec, sr = methods.recurrence(bk, A, B, C, x)
        if label == "scan":
            y2, s2 = methods.chunked_scan(bk, A, B, C, x, chunk_for(size))
        else:
            W, s2 = methods.impulse_responses(bk, A, B, C, size)
            y2, s3 = (methods.direct_conv if label == "direct" else methods.fft_conv)(bk, W, x)
            s2 = {**s2, **s3}
        if label == "fft":
            sizes["N"] = methods.fft_size(size)
        error, bad = _measure(bk, y_rec, y2)
        bk.synchronize()
        _shadow(values, {**sr, **s2})
        info = {"Vcat_rowsum": 0}
        check = Check(
            f"{label}-vs-recurrence:{name}", (label, "recurrence"), sizes, mats, values, error, bad, geo, 0.0, info
        )
        check.seconds = time.perf_counter() - start
        if label == "direct":
            check.params = {"n": "n_direct"}
        out.append(check)
    return out


__all__ += ["exact"]
