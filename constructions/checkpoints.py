"""Published SSM parameterizations read from a checkpoint and discretized in ball arithmetic (S4D, S5, LRU).

Each reader follows its reference code (docs/heads-error.md has the formulas and where they come from):

* S4D (state-spaces/s4: models/s4/s4d.py, the v3 SSKernelDiag and the v4 SSMKernelDiag): A = -exp(log_A_real)
  + i A_imag (also `inv_A_real`, real_type 'exp'), or v4's A = -exp(A_real) - i A_imag; dt = exp(log_dt) or
  exp(inv_dt); ZOH dA = exp(dt A), dB = (exp(dt A) - 1)/A * B, or bilinear dA = (1 + dt A/2)/(1 - dt A/2),
  dB = dt/(1 - dt A/2) * B; B = 1 when absent; C stored as real pairs (torch.view_as_real); the kernel is
  K[c, h](tau) = 2 Re(sum_n C[c, h, n] dB[h, n] dA[h, n]^tau): W(tau) is depthwise (channel h feeds only h).
* S5 (lindermanlab/S5: s5/ssm.py): Lambda = Lambda_re + i Lambda_im, B (P, H, 2), C (H, P, 2), step =
  exp(log_step[:, 0]); ZOH or bilinear as in discretize_zoh/discretize_bilinear; y = 2 Re(C x) (conj_sym).
* LRU (Orvieto et al. 2023, Appendix A): Lambda = exp(-exp(nu_log) + i exp(theta_log)), B = (B_re + i B_im)
  * exp(gamma_log)[:, None], C = C_re + i C_im (complex B, C as lru-pytorch stores them are read too),
  y = Re(C x).

The discretization is evaluated in python-flint ball arithmetic (acb, 128 bits) on the exact stored floats,
and each result (its radius checked below 2^-100 of its size) is rounded to the nearest float64: every entry
of the discrete system is within 2^-53 (relative, per real and imaginary part) of the exact discretization.
The layer is then the diagonal SSM W(tau) = Re(C diag(a)^tau B) (+ D at tau = 0 when asked).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from flint import acb, arb, ctx

from constructions.weights import BadWeights, _finite, find_blocks

__all__ = ["FORMATS", "Layer", "find_layers", "read_layer", "refuse_unsupported", "PRECISION"]

FORMATS = ("auto", "s4d", "s5", "lru", "s4", "abc")
PRECISION = 128
_S4D_REAL = ("log_A_real", "inv_A_real", "A_real")
_SELECTIVE = ("dt_proj.weight", "x_proj.weight", "dt_bias", "in_proj.weight")
_MARKERS = {"s4d": ("log_dt", "inv_dt"), "s5": ("Lambda_re",), "lru": ("nu_log",), "selective": ("A_log",)}


@dataclass
class Layer:
    """One LTI layer in modal form: W(tau) = Re(C diag(a)^tau B) (+ D at tau = 0), depthwise or MIMO."""

    prefix: str
    format: str
    mapping: dict
    discretization: str
    p: int
    d: int
    a: np.ndarray  # (m,) complex, or (R, N) per output row when depthwise
    B: np.ndarray | None  # (m, d) complex (MIMO); None when depthwise
    C: np.ndarray  # (p, m) complex (MIMO), or (R, N) coefficients per output row when depthwise
    inputs: np.ndarray | None = None  # depthwise: the input channel of each output row
    D: np.ndarray | None = None  # (p, d) real feedthrough, when included
    dtypes: dict = field(default_factory=dict)

    @property
    def depthwise(self) -> bool:
        """True when output row r depends on input channel inputs[r] only."""
        return self.inputs is not None

    def impulse_response(self, n: int) -> np.ndarray:
        """W(tau) for tau < n as a float64 array (n, p, d) (uncertified; tests and the numpy baseline)."""
        out = np.zeros((n, self.p, self.d))
        powers = np.ones_like(self.a)
        for tau in range(n):
            if self.depthwise:
                out[tau, np.arange(self.p), self.inputs] = np.real(np.sum(self.C * powers, axis=1))
            else:
                out[tau] = np.real((self.C * powers) @ self.B)
            powers = powers * self.a
        if self.D is not None:
            out[0] += self.D
        return out


def _names(arrays: dict, prefix: str, *options: str) -> str | None:
    """The first of prefix+option present in the file, or None."""
    return next((prefix + o for o in options if prefix + o in arrays), None)


def _prefixes(arrays: dict, marker: str) -> list[str]:
    """Prefixes X with an array named X + marker."""
    return sorted({name[: -len(marker)] for name in arrays if name.endswith(marker)})


def refuse_unsupported(arrays: dict, source: str) -> None:
    """BadWeights for a selective SSM (Mamba) or S4's DPLR form, whose reading is not supported (one line)."""
    for prefix in _prefixes(arrays, "A_log"):
        found = [prefix + s for s in _SELECTIVE if prefix + s in arrays]
        if found:
            raise BadWeights(
                f"{source}: array {prefix}A_log with {found[0]}: a selective SSM (Mamba); its discrete A, B, C depend "
                "on the input (dt, B, C are computed from x by dt_proj/x_proj), so it has no fixed impulse response "
                "W(tau) and Theorem 4.4 (a fixed LTI SSM) does not apply; read claim appA.practice.selective and "
                "docs/heads-error.md 'Selective SSMs'"
            )
    for real in _S4D_REAL:
        for prefix in _prefixes(arrays, real):
            if prefix + "P" in arrays and prefix + "A_imag" in arrays:
                raise BadWeights(
                    f"{source}: array {prefix}P with {prefix}{real}: S4's DPLR kernel (A = Lambda - P P^*); its C is "
                    "stored as C~ = C (I - dA^L) for the internal length l_kernel, which this reader does not invert; "
                    "see docs/heads-error.md 'S4 (DPLR)'"
                )


def find_layers(arrays: dict, fmt: str, source: str) -> list[tuple[str, str]]:
    """(prefix, format) of every layer in the file for --format fmt ('auto': discrete A, B, C win per prefix)."""
    refuse_unsupported(arrays, source)
    abc = set(find_blocks(arrays)) if fmt in ("auto", "abc") else set()
    if fmt == "auto":  # v4 S4D stores A_real/A_imag (continuous) beside inv_dt: not a discrete A_real/A_imag pair
        abc = {p for p in abc if _names(arrays, p, "A", "A_re") or not _names(arrays, p, "inv_dt", "log_dt")}
    found = [(p, "abc") for p in sorted(abc)]
    for name in ("s4d", "s5", "lru"):
        if fmt not in ("auto", name):
            continue
        for marker in _MARKERS[name]:
            for prefix in _prefixes(arrays, marker):
                if prefix not in abc and (prefix, name) not in found:
                    found.append((prefix, name))  # an array it lacks is named when the layer is read
    if fmt == "s4":
        raise BadWeights(f"{source}: --format s4: no DPLR layer (arrays P with A_real/log_A_real) found")
    if not found:
        shown = ", ".join(sorted(arrays)[:12]) or "none"
        wanted = {
            "auto": "A, B, C, or an S4D, S5 or LRU layer",
            "abc": "A, B, C (or A_re/A_im, ...)",
            "s4d": "S4D arrays log_dt|inv_dt, log_A_real|inv_A_real|A_real, A_imag, C",
            "s5": "S5 arrays Lambda_re, Lambda_im, B, C, log_step",
            "lru": "LRU arrays nu_log, theta_log, gamma_log, B_re/B_im (or B), C_re/C_im (or C)",
        }[fmt]
        raise BadWeights(f"{source}: no {wanted} under any prefix; arrays found: {shown}")
    return sorted(found)


def _array(arrays: dict, name: str | None, source: str, what: str) -> np.ndarray:
    """A required array as float64/complex128, finite; a missing one is named with what was expected."""
    if name is None or name not in arrays:
        raise BadWeights(f"{source}: missing array {name or what!r}; expected {what}")
    return _finite(np.asarray(arrays[name]), name, source)


def _pairs(array: np.ndarray, name: str, source: str, shape: tuple) -> np.ndarray:
    """A complex array stored as real pairs (last axis 2, torch.view_as_real) or complex, of the given shape."""
    if array.dtype.kind != "c" and array.ndim == len(shape) + 1 and array.shape[-1] == 2:
        array = array[..., 0] + 1j * array[..., 1]
    if array.shape != shape:
        want = f"{list(shape)} complex (or {list(shape) + [2]} real pairs)"
        raise BadWeights(f"{source}: array {name!r} has shape {list(array.shape)}, expected {want}")
    return array.astype(np.complex128)


def _shape(array: np.ndarray, name: str, source: str, *shapes: tuple) -> np.ndarray:
    """The array if its shape is one of `shapes` (real), else BadWeights naming both."""
    if array.dtype.kind == "c" or tuple(array.shape) not in shapes:
        raise BadWeights(
            f"{source}: array {name!r} has shape {list(array.shape)} ({array.dtype}), expected real "
            + " or ".join(str(list(s)) for s in shapes)
        )
    return array


def _ball(z: complex) -> acb:
    """The exact float (or complex float) as a ball of radius 0."""
    return acb(arb(float(np.real(z))), arb(float(np.imag(z))))


def _round(z: acb, where: str) -> complex:
    """A ball rounded to the nearest complex float64, after checking its radius is far below one ulp."""
    for part in (z.real, z.imag):
        if not part.is_finite() or part.rad() > abs(part.mid()) * arb(2) ** -100 + arb(2) ** -1000:
            raise BadWeights(f"{where}: the discretization is not determined to 100 bits (a value overflows?)")
    return complex(float(z.real.mid()), float(z.imag.mid()))


def _discretize(lam: acb, step: arb, disc: str) -> tuple[acb, acb]:
    """(dA, dB factor) of one mode: ZOH (exp(step lam), (exp(step lam) - 1)/lam) or bilinear."""
    x = lam * step
    if disc == "zoh":
        e = x.exp()
        return e, (e - 1) / lam
    half = 1 - x / 2
    return (1 + x / 2) / half, step / half


def _dt(arrays: dict, prefix: str, source: str, H: int, N: int) -> tuple[np.ndarray, str]:
    """S4D's step per (h, n): exp(log_dt) or exp(inv_dt) of shape (H,), (H, 1) or (H, N)."""
    name = _names(arrays, prefix, "log_dt", "inv_dt")
    found = _array(arrays, name, source, "log_dt or inv_dt")
    assert name is not None  # _array refuses a missing array
    raw = _shape(found, name, source, (H,), (H, 1), (H, N))
    return np.broadcast_to(raw.reshape(H, -1), (H, N)), name


def _s4d(arrays: dict, prefix: str, source: str, disc: str) -> tuple:
    """S4D: depthwise rows (c, h) with modes a[h, n] and coefficients 2 C[c, h, n] dB[h, n]."""
    real = _names(arrays, prefix, *_S4D_REAL)
    v4 = real == prefix + "A_real"
    re_arr = _array(arrays, real, source, "log_A_real, inv_A_real or A_real")
    im_name = prefix + "A_imag"
    if re_arr.ndim != 2:
        raise BadWeights(f"{source}: array {real!r} has shape {list(re_arr.shape)}, expected (n_ssm, N/2)")
    S, N = re_arr.shape
    im_arr = _shape(_array(arrays, im_name, source, f"A_imag of shape {[S, N]}"), im_name, source, (S, N))
    c_name = prefix + "C"
    c_raw = _array(arrays, c_name, source, "C (channels, H, N/2, 2) real pairs")
    c_raw = c_raw[None] if (c_raw.ndim == 3 and c_raw.dtype.kind != "c") or c_raw.ndim == 2 else c_raw
    if c_raw.ndim < 3:
        raise BadWeights(f"{source}: array {c_name!r} has shape {list(c_raw.shape)}, expected (H, {N}, 2)")
    channels, H = c_raw.shape[0], c_raw.shape[1]
    C = _pairs(c_raw, c_name, source, (channels, H, N))
    if H % S:
        raise BadWeights(f"{source}: array {real!r} has {S} rows, expected a divisor of H = {H} (from {c_name!r})")
    b_name = _names(arrays, prefix, "B")
    B = np.ones((S, N), complex)
    if b_name is not None:
        B = _pairs(_array(arrays, b_name, source, f"B ({S}, {N}, 2)"), b_name, source, (S, N))
    dt, dt_name = _dt(arrays, prefix, source, H, N)
    a = np.zeros((H, N), complex)
    coef = np.zeros((H, N), complex)
    for h in range(H):
        t = h % S
        for j in range(N):
            lam = -arb(float(re_arr[t, j])).exp() + acb(0, 1) * (-1 if v4 else 1) * arb(float(im_arr[t, j]))
            dA, factor = _discretize(lam, arb(float(dt[h, j])).exp(), disc)
            a[h, j] = _round(dA, f"{source}: {real}[{t}, {j}]")
            coef[h, j] = _round(2 * factor * _ball(B[t, j]), f"{source}: {c_name}[:, {h}, {j}]")
    rows = np.array([[_round(_ball(C[c, h, j]) * _ball(coef[h, j]), c_name) for j in range(N)]
                     for c in range(channels) for h in range(H)])  # fmt: skip
    mapping = {
        "A": f"-exp({real}) {'-' if v4 else '+'} i {im_name}",
        "dt": f"exp({dt_name})",
        "B": b_name or "1 (no B stored: minimal S4D)",
        "C": f"{c_name} (real pairs), times 2 Re (conjugate symmetry)",
    }
    inputs = np.tile(np.arange(H), channels)
    return np.tile(a, (channels, 1)), None, rows, inputs, mapping, H, channels * H


def _s5(arrays: dict, prefix: str, source: str, disc: str) -> tuple:
    """S5: Lambda_bar, B_bar = discretize(Lambda, B~, exp(log_step[:, 0])), C~ with y = 2 Re(C~ x)."""
    if prefix + "C1" in arrays:
        raise BadWeights(f"{source}: array {prefix}C1: a bidirectional S5 layer is not causal; expected C only")
    names = {k: prefix + k for k in ("Lambda_re", "Lambda_im", "B", "C", "log_step")}
    re_arr = _array(arrays, names["Lambda_re"], source, "Lambda_re (P,)")
    P = re_arr.shape[0] if re_arr.ndim == 1 else -1
    re_arr = _shape(re_arr, names["Lambda_re"], source, (P,))
    im_arr = _shape(_array(arrays, names["Lambda_im"], source, f"Lambda_im ({P},)"), names["Lambda_im"], source, (P,))
    b_raw = _array(arrays, names["B"], source, f"B ({P}, H, 2)")
    H = b_raw.shape[1] if b_raw.ndim >= 2 else -1
    B = _pairs(b_raw, names["B"], source, (P, H))
    c_raw = _array(arrays, names["C"], source, f"C (H, {P}, 2)")
    C = _pairs(c_raw, names["C"], source, (c_raw.shape[0] if c_raw.ndim else -1, P))
    step = _shape(_array(arrays, names["log_step"], source, f"log_step ({P}, 1)"), names["log_step"], source,
                  (P, 1), (P,)).reshape(P)  # fmt: skip
    a = np.zeros(P, complex)
    Bd = np.zeros((P, H), complex)
    for j in range(P):
        lam = acb(arb(float(re_arr[j])), arb(float(im_arr[j])))
        dA, factor = _discretize(lam, arb(float(step[j])).exp(), disc)
        a[j] = _round(dA, f"{source}: {names['Lambda_re']}[{j}]")
        Bd[j] = [_round(factor * _ball(x), f"{source}: {names['B']}[{j}]") for x in B[j]]
    mapping = {
        "A": f"{names['Lambda_re']} + i {names['Lambda_im']}",
        "dt": f"exp({names['log_step']}[:, 0])",
        "B": f"{names['B']} (real pairs)",
        "C": f"{names['C']} (real pairs), times 2 Re (conj_sym)",
    }
    return a, Bd, 2 * C, None, mapping, H, C.shape[0]


def _lru(arrays: dict, prefix: str, source: str) -> tuple:
    """LRU: Lambda = exp(-exp(nu_log) + i exp(theta_log)), B = (B_re + i B_im) exp(gamma_log), y = Re(C x)."""
    nu_name, th_name, g_name = prefix + "nu_log", prefix + "theta_log", prefix + "gamma_log"
    nu = _array(arrays, nu_name, source, "nu_log (N,)")
    N = nu.shape[0] if nu.ndim == 1 else -1
    nu = _shape(nu, nu_name, source, (N,))
    theta = _shape(_array(arrays, th_name, source, f"theta_log ({N},)"), th_name, source, (N,))
    gamma = _shape(_array(arrays, g_name, source, f"gamma_log ({N},)"), g_name, source, (N,))
    mats: dict[str, np.ndarray] = {}
    labels: dict[str, str] = {}
    for letter in ("B", "C"):
        if prefix + letter + "_re" in arrays or prefix + letter not in arrays:
            re_name, im_name = prefix + letter + "_re", prefix + letter + "_im"
            re_part = _array(arrays, re_name, source, f"{letter}_re and {letter}_im")
            im_part = _array(arrays, im_name, source, f"{letter}_im like {re_name}")
            if re_part.shape != im_part.shape or re_part.ndim != 2:
                raise BadWeights(f"{source}: arrays {re_name!r}, {im_name!r} have shapes {list(re_part.shape)}, "
                                 f"{list(im_part.shape)}, expected one 2-D shape")  # fmt: skip
            mats[letter], label = re_part + 1j * im_part, f"{re_name} + i {im_name}"
        else:
            raw = _array(arrays, prefix + letter, source, f"{letter} complex")
            if raw.ndim != 2:
                raise BadWeights(f"{source}: array {prefix + letter!r} has shape {list(raw.shape)}, expected 2-D")
            mats[letter], label = raw.astype(complex), f"{prefix + letter} (complex)"
        labels[letter] = label
    B, C = mats["B"], mats["C"]
    if B.shape[0] != N or C.shape[1] != N:
        raise BadWeights(f"{source}: B has shape {list(B.shape)} and C {list(C.shape)}, expected ({N}, H) and "
                         f"(H_out, {N}) for N = {N} from {nu_name!r}")  # fmt: skip
    a = np.zeros(N, complex)
    Bn = np.zeros(B.shape, complex)
    for j in range(N):
        lam = acb(-arb(float(nu[j])).exp(), arb(float(theta[j])).exp())
        a[j] = _round(lam.exp(), f"{source}: {nu_name}[{j}]")
        g = arb(float(gamma[j])).exp()
        Bn[j] = [_round(g * _ball(x), f"{source}: B[{j}]") for x in B[j]]
    mapping = {
        "A": f"exp(-exp({nu_name}) + i exp({th_name}))",
        "B": f"({labels['B']}) * exp({g_name})",
        "C": f"{labels['C']}, Re (no factor 2)",
    }
    return a, Bn, C, None, mapping, B.shape[1], C.shape[0]


def _skip(arrays: dict, prefix: str, source: str, p: int, d: int, depthwise: bool, factor: float) -> tuple:
    """The feedthrough D as a (p, d) matrix, looked up at prefix + D or one module up (S4D's kernel.)."""
    parent = prefix[: -len("kernel.")] if prefix.endswith("kernel.") else prefix
    name = _names(arrays, prefix, "D") or _names(arrays, parent, "D")
    if name is None:
        raise BadWeights(f"{source}: --with-d: no array {prefix + 'D'!r} (nor {parent + 'D'!r}); expected the skip D")
    raw = _finite(np.asarray(arrays[name]), name, source)
    if raw.dtype.kind == "c":
        raise BadWeights(f"{source}: array {name!r} is complex, expected a real skip D")
    out = np.zeros((p, d))
    if depthwise and raw.size == p:
        out[np.arange(p), np.arange(p) % d] = raw.reshape(p)
    elif not depthwise and raw.shape == (p,) and p == d:
        out = np.diag(raw)
    elif raw.shape == (p, d):
        out = raw
    else:
        raise BadWeights(f"{source}: array {name!r} has shape {list(raw.shape)}, expected ({p},) or ({p}, {d})")
    return out * factor, name


def read_layer(arrays: dict, prefix: str, fmt: str, source: str, disc: str = "zoh", with_d: bool = False) -> Layer:
    """Read and discretize the layer of format fmt (s4d, s5 or lru) under prefix (ball arithmetic, 128 bits)."""
    with ctx.workprec(PRECISION):
        if fmt == "s4d":
            a, B, C, inputs, mapping, d, p = _s4d(arrays, prefix, source, disc)
        elif fmt == "s5":
            a, B, C, inputs, mapping, d, p = _s5(arrays, prefix, source, disc)
        elif fmt == "lru":
            a, B, C, inputs, mapping, d, p = _lru(arrays, prefix, source)
            disc = "none (LRU is discrete-time)"
        else:
            raise BadWeights(f"{source}: --format {fmt}: expected s4d, s5 or lru here")
    layer = Layer(prefix, fmt, mapping, disc, p, d, a, B, C, inputs)
    if with_d:
        layer.D, mapping["D"] = _skip(arrays, prefix, source, p, d, inputs is not None, 1.0)
    used = [n for n in arrays if n.startswith(prefix) and any(n.startswith(prefix + k) for k in _ALL_KEYS)]
    layer.dtypes = {n: str(np.asarray(arrays[n]).dtype) for n in sorted(used)}
    return layer


_ALL_KEYS = (*_S4D_REAL, "A_imag", "log_dt", "inv_dt", "B", "C", "D", "Lambda_", "log_step", "nu_log", "theta_log",
             "gamma_log")  # fmt: skip
