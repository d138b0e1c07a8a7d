"""num.thm4.4's check: the k-head form run chunk by chunk (each chunk's own attention exactly as the full-length
k-head form would run on it, the earlier chunks through carried modal states) against the chunked scan.

Inside a chunk of L positions, c_{tau,h} (tau < L) comes from the cumulative powers of lambda (numeric.ssm's
_coefficients at length L) and each head attends by one FFT convolution of length NL = 2L per packed input pair, the
k d products z_(h,c) V^(h)_(.,c) summed once: the computation numeric.ssm.heads does at n = L, so its a-priori bound
is the "heads" bound at n = L, N = NL, with the per-chunk values (b2, bF, Z) maximised over the chunks. The earlier
chunks enter through numeric.ssm.carried_part, the same operations as numeric.ssm.heads_chunked; bound
"heads_local" (numeric/bounds.py).
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Any

import numpy as np

from numeric import ssm as methods
from numeric.backends import Backend
from numeric.bounds import round_up
from numeric.checks import (
    Check,
    _measure,
    _shadow,
    chunk_for,
    reference_scan,
)
from numeric.chunked import CHUNK, carried_norms, chunked_setup
from numeric.construction import BUILTINS

__all__ = ["heads_local", "local_check", "local_checks"]


def _as_pairs(bk: Backend, z: Any) -> Any:
    """A complex array as real pairs (..., 2): real and imaginary parts."""
    if bk.name == "numpy":
        z = np.ascontiguousarray(z)
        return z.view(np.float64).reshape(*z.shape, 2)
    return bk.mod.view_as_real(z.contiguous())


def _local_numpy(Fc: Any, FX: Any, weights: Any, buf: Any, chunk: int) -> tuple[Any, float]:
    """The chunks' own attention (g, L, p) and max |z|: z_(h,c) = ifft(fft(c_h) fft(x_c)) in `buf` (g, k, ceil(d/2),
    NL), its first L values as (real, imaginary) pairs, summed with the weights (k ceil(d/2), 2, p) of V^(h)."""
    g, k, half, NL = buf.shape
    np.multiply(Fc[None, :, None, :], FX[:, None, :, :], out=buf)
    z = np.fft.ifft(buf, axis=-1, out=buf)
    pairs = z.view(np.float64).reshape(g, k * half, 2 * NL)[:, :, : 2 * chunk]  # z_t as (Re, Im) at 2t, 2t + 1
    top, bottom = float(np.max(pairs)), float(np.min(pairs))  # max |z| without a temporary; NaN propagates
    zmax = top if math.isnan(top) else max(top, -bottom)
    real = weights[:, 0, :].T @ pairs  # (g, p, 2L): only the even places (real parts) are used
    imag = weights[:, 1, :].T @ pairs  # only the odd places (imaginary parts) are used
    return (real[:, :, 0::2] + imag[:, :, 1::2]).swapaxes(1, 2), zmax


def _local_generic(bk: Backend, Fc: Any, FX: Any, weights: Any, chunk: int) -> tuple[Any, float]:
    """The same on any backend: z as (real, imaginary) pairs, then one product with the weights (k 2 ceil(d/2), p)."""
    g, half = FX.shape[0], FX.shape[1]
    k = Fc.shape[0]
    z = methods._ifft_last(bk, Fc[None, :, None, :] * FX[:, None, :, :])[..., :chunk]  # (g, k, ceil(d/2), L)
    pairs = _as_pairs(bk, z)  # (g, k, ceil(d/2), L, 2): the convolutions with columns 2c and 2c + 1
    local = pairs.permute(0, 3, 1, 2, 4) if bk.name == "torch" else pairs.transpose(0, 3, 1, 2, 4)
    local = local.reshape(g * chunk, k * 2 * half) @ weights  # the k d-term head sum (zero columns add 0)
    return local.reshape(g, chunk, -1), bk.amax(abs(pairs))


def heads_local(bk: Backend, V: Any, beta: Any, lam: Any, x: Any, chunk: int) -> tuple[Any, dict]:
    """y_i = sum_h V^(h) sum_j c_{i-j,h} x_j: the chunk's own part by the k-head form of length L, plus the carried
    modal states; (y, shadow) with the "heads" shadows at length L (S1, ST, a1, a2, aF over tau < L; b2, bF, Z the
    maxima over the chunks)."""
    n, d = x.shape
    k, M = beta.shape
    p, half, NL = V.shape[1], (d + 1) // 2, 2 * chunk
    Q = -(-n // chunk)
    c, shadow = methods._coefficients(bk, V, beta, lam, chunk, None)  # (k, L), as heads() at n = L
    Fc = methods._fft_last(bk, c * (1 + 0j) if bk.name == "numpy" else c, NL)  # (k, NL): complex FFT of each c_h
    shadow["aF"] = bk.amax(abs(Fc))
    Vp = np.concatenate([bk.numpy(V), np.zeros((k, p, d % 2))], axis=2)  # pad an odd d with a zero column
    weights = bk.asarray(np.ascontiguousarray(Vp.transpose(0, 2, 1).reshape(k * 2 * half, p)))  # row (h, column)
    steps = bk.zeros((chunk + 1, M), complex_=True)
    steps[0] = 1
    steps[1:] = lam
    powers = bk.cumprod(steps)  # lambda^t, t = 0..L (as heads_chunked)
    U = bk.einsum("hl,hpd->lpd", beta, bk.asarray(bk.numpy(V), complex_=True))  # sum_h beta_hl V^(h)
    reverse = (powers[:chunk][::-1] if bk.name == "numpy" else powers[:chunk].flip(0)).T  # (M, L): lambda^(L-1-t)
    y, state = bk.zeros((n, p)), bk.zeros((M, d), complex_=True)
    b2 = bF = Z = 0.0
    group = max(1, methods.BLOCK_ROWS // (8 * chunk))  # temporaries: group x k x ceil(d/2) x NL complex values
    buf = np.empty((group, k, half, NL), np.complex128) if bk.name == "numpy" else None
    for q0 in range(0, Q, group):
        g = min(group, Q - q0)
        lo, hi = q0 * chunk, min(n, (q0 + g) * chunk)
        xb = bk.zeros((g * chunk, d))
        xb[: hi - lo] = x[lo:hi]
        packed = methods.pack(bk, xb).reshape(g, chunk, half).swapaxes(1, 2)  # (g, ceil(d/2), L)
        b2 = methods._max_nan(b2, bk.amax((abs(packed) ** 2).sum(-1)) ** 0.5)
        FX = methods._fft_last(bk, packed, NL)  # (g, ceil(d/2), NL)
        bF = methods._max_nan(bF, bk.amax(abs(FX)))
        if buf is not None:  # numpy: in place in one reused buffer; the head sum as two products over the heads
            local, zmax = _local_numpy(Fc, FX, weights.reshape(k * half, 2, p), buf[:g], chunk)
        else:
            local, zmax = _local_generic(bk, Fc, FX, weights, chunk)
        Z = methods._max_nan(Z, zmax)
        carried, state = methods.carried_part(bk, powers, reverse, U, xb.reshape(g, chunk, d), state)
        y[lo:hi] = (local + carried).reshape(g * chunk, p)[: hi - lo]
    shadow.update(b2=b2, bF=bF, Z=Z)
    return y, shadow


def local_check(
    bk: Backend, name: str, n: int, basis: str = "modal", seed: int = 1, corrupt: float = 0.0, scan: tuple = ()
) -> Check:
    """Theorem 4.4 (num.thm4.4): the SSM (chunked scan, or `scan` = numeric.checks.reference_scan) against its k-head
    attention form built from exact V^(h), c_{tau,h}, run chunk by chunk (heads_local)."""
    A, B, C, x, sizes, mats, values, geo, V, beta, lam, vcat, form, q = chunked_setup(bk, name, n, basis, seed, corrupt)
    start, cpu = time.perf_counter(), time.process_time()
    y_heads, sh = heads_local(bk, V, beta, lam, x, CHUNK)
    y_scan, ss = scan or methods.chunked_scan(bk, A, B, C, x, chunk_for(n))
    error, bad = _measure(bk, y_heads, y_scan)
    bk.synchronize()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    _shadow(values, {**sh, **ss})
    _, y0, y1 = carried_norms(form, CHUNK, q)
    values.update(Y0=round_up(y0 * values["X"]), Y1=round_up(y1 * values["X"]))
    vrow = max(sum(abs(Fraction(v)) for v in row) for row in vcat)
    info = {"Vcat_rowsum": vrow, "cpu": cpu}
    formulas = ("heads_local", "scan")
    params = {"n": "n", "Q": "Q"}
    return Check(f"heads-vs-scan:{name}:{basis}", formulas, sizes, mats, values, error, bad, geo, seconds, info, params)


def local_checks(bk: Backend, n: int, bases: tuple[str, ...], corrupt: float = 0.0) -> list[Check]:
    """Every built-in SSM in every basis, the scan computed once per SSM."""
    out = []
    for name in BUILTINS:
        scan = reference_scan(bk, name, n)  # one scan per SSM, shared by its bases
        out += [local_check(bk, name, n, basis, corrupt=corrupt, scan=scan) for basis in bases]
    return out
