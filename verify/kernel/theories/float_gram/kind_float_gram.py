"""Kernel kind float_gram: e_H enclosures of an SSM layer at real sizes, from float64 with a-priori error bounds.

Goal {form, method, arrays, n, tolerance, table, heads}. The layer's discretized arrays are float64 data in the
goal (little-endian bytes in base64, each with its shape and sha256, checked before anything is read):
form "depthwise": a, c (R x N complex), optional d (R real); row r of vec W(tau) is F[r, tau] = Re(sum_j c_rj
a_rj^tau) (+ d_r at tau = 0), at R distinct coordinates (S4D: channel r, input r; every other entry is 0).
form "mimo": a (P complex), B (P x d complex), C (p x P complex), optional D (p x d real); W(tau) = Re(C
diag(a)^tau B) (+ D at tau = 0). method "rows" (mimo: F = vec W(tau), p d rows) or "core" (mimo: F = L^T Z,
the 2P x 2P core of G = U Z w Z^T U^T). Every |a| <= 1 (checked exactly). G = sum_{tau<n} (n - tau) vec W(tau)
vec W(tau)^T; e_H = (trace G - sum of the H largest eigenvalues) / trace G. table[H-1] = [lower, upper] for
H = 1..R (R = rows of F) must contain the kernel's own enclosure of e_H; heads = [lo, hi] must contain the
kernel's range of the smallest H >= 0 with e_H <= tolerance (e_0 = 1).

Soundness (docs/trusted-base.md, "Float64 Gram bounds, re-checked by the kernel"): float_gram.py recomputes
F~ with |F~ - F| <= eps entrywise, G~ = fl(F~ w F~^T), and takes d, V = eigh(G~) as an untrusted witness with
measured f >= ||V^T V - I||_F < 1 and r >= ||G~ - V diag(d) V^T||_F; e >= ||G - G~||_F. Here, exactly (fmpq):
Ostrowski and Weyl give lambda_i(G) in [d_i - f|d_i| - (e + r), d_i + f|d_i| + (e + r)]; Ky Fan gives the sum
of the H largest within sqrt(H)(e + r) + f sum_{i<=H} |d_i| of sum_{i<=H} d_i; trace G = ||F sqrt w||_F^2 lies
within 2 sqrt(T0 E2) + E2 of T0 = sum w F~^2. For "core", the eigenvalues and trace of F w F^T are those of G
times factors in [1 - mu, 1 + mu] (mu = ||L L^T - Gamma||_F / lambda_min(Gamma) < 1, lambda_min bracketed the
same way). e_H = T/(T + S) (tail T, top S) is increasing in T and decreasing in S. Undecided is rejection.

Tails (forms depthwise and mimo): the sum of the R - H smallest eigenvalues is also bracketed to a relative
accuracy from V^T (F~ w F~^T) V (tails.py, step 6a), and the two brackets intersected.

Work: R n N complex products and real multiply-adds for F~ and eps, 2 R^2 n for G~ and 4 R^2 n for the tails,
about 10 R^3 for eigh and the residuals (plus 4 side^2 n and P^2 (p + d) for "core"); charged at FLOPS_PER_UNIT
per unit; sizes capped.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re

from flint import fmpq

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.kind import KindTable
from ...core.limits import charge, declare_work, shared_result
from ...core.numbers import GQ, format_number, parse_integer, parse_number
from . import dense, tails
from .dense import Array, Measured

__all__ = [
    "KINDS",
    "ESTABLISHES",
    "MAX_ROWS",
    "MAX_LENGTH",
    "MAX_VALUES",
    "enclosures",
    "own_enclosures",
    "heads_range",
    "decode",
    "claim_text",
]

MAX_ROWS = 4096  # R, the side of the float Gram matrix
MAX_LENGTH = 1 << 16  # n
MAX_VALUES = 1 << 22  # float64 values in all arrays together
# R n: values of the row matrix F~: 128 x 65,536 peaked at 333 MB and 256 x 16,384 (2^22) at 297 MB when F~ was made
# in one piece (issue 20's goal: 300 MB); float_gram.power_rows now makes it in blocks of rows, and 2^22 values
# (S4D H = 1024 at n = 4096, 32 modes a channel, tail brackets included) peak at 197 MB, 64 x 65,536 at 158 MB.
MAX_ROW_VALUES = 1 << 22
MAX_FLOAT_WORK = 1 << 40  # float operations (R n N + R^2 n + R^3 terms) in one obligation
FLOPS_PER_UNIT = 2000  # float operations per unit: 0.3-0.7 us of CPU (4000: 1.2-1.7 us at load 12, issue 20)
FORMS = {"depthwise": (("a", "c"), ("d",)), "mimo": (("a", "B", "C"), ("D",)), "dense": (("A", "B", "C"), ())}
METHODS = {"depthwise": ("rows",), "mimo": ("rows", "core"), "dense": ("rows", "core")}
_COMPLEX = {"a", "c", "B", "C"}
_REAL = {"dense": {"A", "B", "C"}}  # arrays stored as float64 in a form, though complex in the others
_SHA = r"sha256:[0-9a-f]{64}"  # a pattern, compiled by re when used (no work at import time)
_SCALE = (fmpq(1, 10**100), fmpq(10**100))  # trace G~ must lie in [1e-100, 1e100] (underflow/overflow margins)

ESTABLISHES = {
    "float_gram": {"table": ("form", "method", "arrays", "n"), "heads": ("form", "method", "arrays", "n", "tolerance")}
}


# One checked array: (shape, little-endian bytes).
Encoded = tuple[tuple[int, ...], bytes]
# The goal's arrays by name, sorted.
Arrays = tuple[tuple[str, Encoded], ...]
# (form, method, arrays, n, tolerance, table of [lower, upper], heads [lowest, highest])
Goal = tuple[str, str, Arrays, int, fmpq, tuple[tuple[fmpq, fmpq], ...], tuple[int, int]]
# F~, eps, mu and, for the dense form, the core's measured extra (None without one).
Rows = tuple[Array, Array, fmpq] | tuple[Array, Array, fmpq, Measured | None]


def decode(value: object, name: str, where: str, real: bool = False) -> Encoded:
    """(shape, bytes) of one array after its sha256 is checked; numpy is not needed to read it."""
    value = expect_keys(value, where, required=("shape", "sha256", "base64"))
    shape = value["shape"]
    if not (isinstance(shape, list) and 1 <= len(shape) <= 2 and all(type(k) is int and k >= 1 for k in shape)):
        raise KernelError(f"{where}.shape", "expected a list of 1 or 2 positive integers")
    count = math.prod(shape)
    if count > MAX_VALUES:
        raise KernelError(f"{where}.shape", f"{count} values; at most {MAX_VALUES}")
    text, sha = value["base64"], value["sha256"]
    if not (isinstance(sha, str) and re.fullmatch(_SHA, sha)):
        raise KernelError(f"{where}.sha256", "expected 'sha256:' and 64 lowercase hex digits")
    if not isinstance(text, str) or len(text) > 4 * count * 16 // 3 + 8:
        raise KernelError(f"{where}.base64", "expected base64 text of the array's bytes")
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise KernelError(f"{where}.base64", "not valid base64") from None
    width = 16 if name in _COMPLEX and not real else 8
    if len(data) != count * width:
        raise KernelError(f"{where}.base64", f"{len(data)} bytes; expected {count} x {width} for shape {shape}")
    if "sha256:" + hashlib.sha256(data).hexdigest() != sha:
        raise KernelError(f"{where}.sha256", "does not match the array's bytes")
    charge(count // 64 + 1, f"reading {where}")
    return tuple(shape), data


def _rational(value: object, where: str) -> fmpq:
    """An exact real number."""
    x = parse_number(value, where)
    if not x.is_real():
        raise KernelError(where, "expected a real number")
    return x.re


def _goal(goal: JSONObject, where: str) -> Goal:
    """The float_gram goal: form, method, arrays (decoded, hashed), n, tolerance, table and heads."""
    expect_keys(goal, where, required=("form", "method", "arrays", "n", "tolerance", "table", "heads"))
    form, method = goal["form"], goal["method"]
    if form not in FORMS:
        raise KernelError(f"{where}.form", f"found {str(form)[:40]!r}, expected one of {sorted(FORMS)}")
    if method not in METHODS[form]:
        raise KernelError(f"{where}.method", f"found {str(method)[:40]!r}, expected one of {list(METHODS[form])}")
    required, optional = FORMS[form]
    arrays_in = expect_keys(goal["arrays"], f"{where}.arrays", required, optional)
    if sum(math.prod(v.get("shape", [0])) if isinstance(v, dict) and isinstance(v.get("shape"), list) and
           all(type(k) is int for k in v["shape"]) else 0 for v in arrays_in.values()) > MAX_VALUES:  # fmt: skip
        raise KernelError(f"{where}.arrays", f"more than {MAX_VALUES} values")
    real = _REAL.get(form, set())
    arrays = tuple(sorted((k, decode(v, k, f"{where}.arrays.{k}", k in real)) for k, v in arrays_in.items()))
    n = parse_integer(goal["n"], f"{where}.n", 1, MAX_LENGTH)
    tolerance = _rational(goal["tolerance"], f"{where}.tolerance")
    table_in = goal["table"]
    if not isinstance(table_in, list) or not 1 <= len(table_in) <= MAX_ROWS:
        raise KernelError(f"{where}.table", f"expected a list of 1 to {MAX_ROWS} [lower, upper] pairs")
    table: list[tuple[fmpq, fmpq]] = []
    for h, pair in enumerate(table_in):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise KernelError(f"{where}.table[{h}]", "expected [lower, upper]")
        lower, upper = (_rational(x, f"{where}.table[{h}]") for x in pair)
        if not 0 <= lower <= upper <= 1:
            raise KernelError(f"{where}.table[{h}]", "expected 0 <= lower <= upper <= 1")
        table.append((lower, upper))
    heads = goal["heads"]
    if not (isinstance(heads, list) and len(heads) == 2):
        raise KernelError(f"{where}.heads", "expected [lowest, highest]")
    low, high = (parse_integer(x, f"{where}.heads", 0, MAX_ROWS) for x in heads)
    return (form, method, arrays, n, tolerance, tuple(table), (low, high))


def _arrays(arrays: Arrays, form: str, where: str) -> dict[str, Array]:
    """numpy arrays from the checked bytes, shapes agreeing, every value finite and every |a| <= 1."""
    from . import float_gram as fg

    np = fg.np
    out: dict[str, Array] = {}
    for name, (shape, data) in arrays:
        complex_value = name in _COMPLEX and name not in _REAL.get(form, set())
        out[name] = np.frombuffer(data, dtype="<c16" if complex_value else "<f8").reshape(shape).copy()
        if not np.all(np.isfinite(out[name])):
            raise KernelError(f"{where}.arrays.{name}", "a value is NaN or infinite")
    if form == "dense":
        A, B, C = out["A"], out["B"], out["C"]
        m = A.shape[0]
        if not (A.ndim == 2 and A.shape == (m, m) and B.ndim == 2 and B.shape[0] == m and C.ndim == 2
                and C.shape[1] == m):  # fmt: skip
            found = ", ".join(f"{k} {list(v.shape)}" for k, v in sorted(out.items()))
            raise KernelError(f"{where}.arrays", f"shapes {found}; expected A m x m, B m x d, C p x m")
        return out
    a = out["a"]
    if form == "depthwise":
        ok = a.ndim == 2 and out["c"].shape == a.shape and ("d" not in out or out["d"].shape == (a.shape[0],))
        expected = "a and c of one shape R x N, d of length R"
    else:
        P = a.shape[0]
        B, C = out["B"], out["C"]
        ok = a.ndim == 1 and B.ndim == 2 and C.ndim == 2 and B.shape[0] == P and C.shape[1] == P
        ok = ok and ("D" not in out or out["D"].shape == (C.shape[0], B.shape[1]))
        expected = "a of length P, B P x d, C p x P, D p x d"
    if not ok:
        found = ", ".join(f"{k} {list(v.shape)}" for k, v in sorted(out.items()))
        raise KernelError(f"{where}.arrays", f"shapes {found}; expected {expected}")
    close = (a.real**2 + a.imag**2) > 1 - 1e-12  # the float test errs by < 3u; closer ones are decided exactly
    for z in a[close].ravel():
        x, y = fmpq(*float(z.real).as_integer_ratio()), fmpq(*float(z.imag).as_integer_ratio())
        if x * x + y * y > 1:
            raise KernelError(f"{where}.arrays.a", f"a mode with |a| > 1 ({complex(z)}): only stable layers")
    return out


def _charge_work(rows: int, n: int, modes: int, extra: int, where: str) -> None:
    """Charge the float work of the check (and reject beyond MAX_FLOAT_WORK or MAX_ROW_VALUES)."""
    if rows * n > MAX_ROW_VALUES:
        raise KernelError(where, f"{rows} rows of length n = {n}: more than {MAX_ROW_VALUES} values (memory)")
    # (modes + 8): the row matrix's own passes (scaling, copies) cost like 8 more modes (measured with 4 modes)
    work = 16 * rows * n * (modes + 8) + 6 * rows * rows * n + 12 * rows**3 + 40 * rows**2 + extra  # 4 R^2 n: tails
    if work > MAX_FLOAT_WORK:
        raise KernelError(where, f"about {work:.3g} float operations; at most {MAX_FLOAT_WORK:.3g}")
    charge(work // FLOPS_PER_UNIT + 1, f"{where}: float64 Gram")


def _rows_of(arrays: dict[str, Array], form: str, method: str, n: int, where: str) -> Rows:
    """F~, eps and mu (an exact fmpq) for the goal's form and method."""
    from . import float_gram as fg

    np = fg.np
    if form == "dense":
        return dense.dense_rows(arrays, method, n, where)
    a = arrays["a"]
    if form == "depthwise":
        c = arrays["c"]
        if "d" in arrays:
            a = np.concatenate([a, np.zeros((a.shape[0], 1), complex)], axis=1)
            c = np.concatenate([c, arrays["d"][:, None].astype(complex)], axis=1)
        if a.shape[0] > MAX_ROWS:
            raise KernelError(f"{where}.arrays.a", f"{a.shape[0]} rows; at most {MAX_ROWS}")
        _charge_work(a.shape[0], n, a.shape[1], 0, where)
        F, eps = fg.power_rows(a, c, n)
        return F, eps, fmpq(0), None
    B, C = arrays["B"], arrays["C"]
    if "D" in arrays:  # D as modes a = 0 with B rows e_i and C columns D[:, i] (exact)
        p, d = arrays["D"].shape
        a = np.concatenate([a, np.zeros(d, complex)])
        B = np.concatenate([B, np.eye(d, dtype=complex)])
        C = np.concatenate([C, arrays["D"].astype(complex)], axis=1)
    P, (p, d) = len(a), (C.shape[0], B.shape[1])
    if method == "rows":
        if p * d > MAX_ROWS:
            raise KernelError(f"{where}.method", f"'rows' has p d = {p * d} rows; at most {MAX_ROWS}")
        _charge_work(p * d, n, P, 0, where)
        coef = (C[:, None, :] * B.T[None, :, :]).reshape(p * d, P)  # one complex product each: coef_steps = 1
        F, eps = fg.power_rows(np.ascontiguousarray(np.broadcast_to(a, (p * d, P))), coef, n, coef_steps=1)
        return F, eps, fmpq(0), None
    side = 2 * P
    if side > MAX_ROWS:
        raise KernelError(f"{where}.method", f"'core' has 2P = {side} rows; at most {MAX_ROWS}")
    _charge_work(side, n, 1, 4 * side * side * n + 8 * P * P * (p + d), where)
    core = fg.core_rows(a, B, C, n)
    low = _bracket_low(core["gamma_min"], core["gamma_f"], core["gamma_r"] + core["eg"])
    if not low > 0:
        raise KernelError(where, "the Gram matrix of the modes (Gamma = U^T U) is not certified positive definite")
    mu = _up(core["ec"]) / low
    if not mu < 1:
        raise KernelError(where, f"Gamma is too ill-conditioned for the core method (mu <= {float(mu):.3g})")
    return core["F"], core["eps"], mu


def _up(x: float) -> fmpq:
    """A finite nonnegative float as an exact rational (it is one)."""
    if not (math.isfinite(x) and x >= 0):
        raise ValueError(f"a bound is {x}")
    return fmpq(*float(x).as_integer_ratio())


def _bracket_low(d: float, f: float, slack: float) -> fmpq:
    """A lower bound of the smallest eigenvalue from the witness: d - f |d| - slack."""
    x = fmpq(*float(d).as_integer_ratio())
    return x - _up(f) * abs(x) - _up(slack)


def _isqrt_up(h: int) -> int:
    """The smallest integer >= sqrt(h)."""
    s = math.isqrt(h)
    return s if s * s == h else s + 1


def enclosures(form: str, method: str, arrays: Arrays, n: int, where: str = "float_gram") -> list[tuple[fmpq, fmpq]]:
    """The kernel's own [lower, upper] of e_H for H = 1..R (R = rows of F)."""
    from . import float_gram as fg

    values = _arrays(arrays, form, where)
    try:
        F, eps, mu, *extra = _rows_of(values, form, method, n, where)
        spec = fg.gram_and_eigen(F, eps, n, tails=form != "dense")
    except (ValueError, fg.np.linalg.LinAlgError) as err:
        raise KernelError(where, f"float64 bounds undecided: {err}") from None
    if not spec["f"] < 1:
        raise KernelError(where, f"the eigenvector witness is not orthonormal enough (f <= {spec['f']:.3g})")
    R = spec["side"]
    u = fmpq(1, 2**53)
    g_trace = fmpq(n + R + 2) * u / (1 - fmpq(n + R + 2) * u)  # relative error of the computed T0
    t0 = _up(spec["t0"])
    t0_lo, t0_hi = t0 / (1 + g_trace) - fmpq(1, 10**300), t0 / (1 - g_trace)  # 1e-300: underflow of F~^2
    if not _SCALE[0] <= t0 <= _SCALE[1]:
        raise KernelError(where, f"trace G~ = {spec['t0']:.3g} is outside [1e-100, 1e100]")
    e2 = _up(spec["e2"])
    cross = _up(2 * math.sqrt(float(t0_hi) * spec["e2"]) * fg.SAFE)  # >= 2 sqrt(T0 E2)
    e = _up(spec["rounding"]) * t0_hi + cross + e2 + fmpq(1, 10**150)  # ||G - G~||_F
    t_lo, t_hi = max(fmpq(0), t0_lo - cross), t0_hi + cross + e2
    f, delta = _up(spec["f"]), e + _up(spec["r"])
    d = [fmpq(*float(x).as_integer_ratio()) for x in spec["d"]]
    lows = [max(fmpq(0), x - f * abs(x) - delta) for x in d]
    highs = [x + f * abs(x) + delta for x in d]
    scale_lo, scale_hi = 1 / (1 + mu), 1 / (1 - mu)
    core_extra = extra[0] if extra else None
    out, top_d, top_abs, top_lo, top_hi, projected = [], fmpq(0), fmpq(0), fmpq(0), fmpq(0), []
    rest_lo, rest_hi = sum(lows), sum(highs)
    try:
        refined = tails.tail_brackets(spec["tails"], f, e2) if "tails" in spec else []  # step 6a: relative tails
    except ValueError as err:  # a non-finite float bound: undecided, so rejected
        raise KernelError(where, f"float64 tail bounds undecided: {err}") from None
    for h in range(1, R + 1):
        x = d[h - 1]
        top_d, top_abs = top_d + x, top_abs + abs(x)
        top_lo, top_hi = top_lo + lows[h - 1], top_hi + highs[h - 1]
        rest_lo, rest_hi = rest_lo - lows[h - 1], rest_hi - highs[h - 1]
        kyfan = _isqrt_up(h) * delta + f * top_abs
        s_lo = max(top_lo, top_d - kyfan, fmpq(0))
        s_hi = min(top_hi, top_d + kyfan, t_hi)
        tail_lo = max(fmpq(0), t_lo - s_hi, rest_lo)
        tail_hi = max(fmpq(0), min(t_hi - s_lo, rest_hi))
        if h <= len(refined):
            tail_lo, tail_hi = max(tail_lo, refined[h - 1][0]), min(tail_hi, refined[h - 1][1])
        s_lo, s_hi, tail_lo, tail_hi = s_lo * scale_lo, s_hi * scale_hi, tail_lo * scale_lo, tail_hi * scale_hi
        lo_t, hi_t = t_lo * scale_lo, t_hi * scale_hi
        if core_extra is not None:
            projected.append((s_lo, s_hi, max(fmpq(0), rest_lo) * scale_lo, rest_hi * scale_hi, lo_t, hi_t))
            continue
        lower = max(tail_lo / hi_t, tail_lo / (tail_lo + s_hi) if tail_lo + s_hi > 0 else fmpq(0))
        upper = min(fmpq(1), tail_hi / lo_t if lo_t > 0 else fmpq(1))
        if tail_hi + s_lo > 0:
            upper = min(upper, tail_hi / (tail_hi + s_lo))
        out.append((lower, upper))
    return dense.projected(projected, core_extra) if core_extra is not None else out


def own_enclosures(
    form: str, method: str, arrays: Arrays, n: int, where: str = "float_gram"
) -> list[tuple[fmpq, fmpq]]:
    """enclosures(), remembered by limits.shared_result under the inputs' content (form, method, n, each array's
    shape and checked sha256), so that a builder that asked the kernel for them inside a work budget and the
    certificate check that follows in the same process compute them once; another process recomputes them."""
    if form == "dense":  # work fixed by the declared sizes (a user's SSM), allowed beyond the budget up to a cap
        shapes = dict((name, shape) for name, (shape, _) in arrays)
        m, p, d = shapes["A"][0], shapes["C"][0], shapes["B"][-1]
        units = dense.dense_work(m, p, d, n, method) // FLOPS_PER_UNIT + 1
        declare_work(units, dense.DENSE_WORK_CAP, f"{where}: float64 Gram")
    content = [
        form,
        method,
        n,
        [(name, list(shape), hashlib.sha256(data).hexdigest()) for name, (shape, data) in arrays],
    ]
    key = "float_gram:" + hashlib.sha256(repr(content).encode()).hexdigest()
    return shared_result(key, f"{where}: float64 Gram", lambda: enclosures(form, method, arrays, n, where))


def heads_range(bounds: list[tuple[fmpq, fmpq]], tolerance: fmpq) -> tuple[int, int]:
    """(first H whose enclosure allows e_H <= tolerance, first H whose enclosure proves it); e_0 = 1."""
    values = [(fmpq(1), fmpq(1)), *bounds]
    last = len(values) - 1
    possible = next((h for h, (lo, _) in enumerate(values) if lo <= tolerance), last)
    sure = next((h for h, (_, hi) in enumerate(values) if hi <= tolerance), last)
    return possible, sure


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """Recompute the enclosures; each claimed one must contain the kernel's, and heads its range."""
    expect_keys(witness, f"{where}.witness")
    form, method, arrays, n, tolerance, table, (low, high) = goal
    own = own_enclosures(form, method, arrays, n, where)
    if len(table) != len(own):
        raise KernelError(f"{where}.table", f"{len(table)} rows; expected {len(own)} (H = 1..R, R = rows of F)")
    for h, ((lower, upper), (lo, hi)) in enumerate(zip(table, own)):
        if not (lower <= lo and hi <= upper):
            raise KernelError(
                f"{where}.table[{h}]",
                f"claims e_{h + 1} in [{float(lower):.12g}, {float(upper):.12g}], not implied by the kernel's "
                f"[{float(lo):.12g}, {float(hi):.12g}]",
            )
    possible, sure = heads_range(own, tolerance)
    if not (low <= possible and sure <= high):
        raise KernelError(f"{where}.heads", f"claims [{low}, {high}]; the kernel's bounds give [{possible}, {sure}]")


def claim_text(value: fmpq) -> str:
    """Canonical exact text of a rational (for builders)."""
    return format_number(GQ(value))


KINDS: KindTable = {"float_gram": (_goal, _check)}
