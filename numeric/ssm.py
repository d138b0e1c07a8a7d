"""Float64 evaluations of a linear SSM and of its k-head attention form, each with its shadow pass.

Every method returns (y, shadow): y has shape (n, p); shadow holds the float64 norms of absolute values that the
matching bound in numeric.bounds needs (not yet inflated by SHADOW_SAFETY). Inputs x have shape (n, d).
Methods: recurrence, causal convolution (direct), FFT convolution (zero-padded to a power of two >= 2n),
chunked scan (local recurrences in parallel plus carried boundary states), and the k-head form (Theorem 4.4).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from numeric.backends import Backend

__all__ = [
    "recurrence",
    "chunked_scan",
    "impulse_responses",
    "direct_conv",
    "fft_conv",
    "heads",
    "heads_chunked",
    "fft_size",
    "pack",
]

# Threads for the per-head FFT convolutions of `heads` on numpy (the machine's cores, at most 4).
FFT_WORKERS = max(1, min(4, os.cpu_count() or 1))


def fft_size(n: int) -> int:
    """The FFT length: the smallest power of two >= 2n (zero padding to at least 2n avoids wrap-around)."""
    return 1 << (2 * n - 1).bit_length()


def _norm2_rows(bk: Backend, a: Any) -> float:
    """max over rows of the 2-norm (rows are the last axis)."""
    return bk.amax((a * a).sum(-1) ** 0.5) if a.shape[0] else 0.0


def recurrence(bk: Backend, A: Any, B: Any, C: Any, x: Any) -> tuple[Any, dict]:
    """h_i = A h_{i-1} + B x_i, y_i = C h_i, one step at a time."""
    n, m = x.shape[0], A.shape[0]
    BX = x @ B.T
    H = bk.zeros((n, m))
    h = bk.zeros((m,))
    for i in range(n):
        h = A @ h + BX[i]
        H[i] = h
    prev = bk.zeros((n, m))
    prev[1:] = H[:-1]
    D = _norm2_rows(bk, abs(prev) @ abs(A).T + abs(x) @ abs(B).T)
    return H @ C.T, {"D": D, "Y": bk.amax(abs(H) @ abs(C).T)}


def chunked_scan(bk: Backend, A: Any, B: Any, C: Any, x: Any, chunk: int) -> tuple[Any, dict]:
    """The scan in chunks: local recurrences from zero (all chunks at once), carried states, then a correction."""
    n, m = x.shape[0], A.shape[0]
    Q = -(-n // chunk)
    BX = bk.zeros((Q * chunk, m))
    BX[:n] = x @ B.T
    BX = BX.reshape(Q, chunk, m)
    local = bk.zeros((Q, chunk, m))
    prev = bk.zeros((Q, m))
    for t in range(chunk):
        prev = prev @ A.T + BX[:, t]
        local[:, t] = prev
    P = bk.zeros((chunk + 1, m, m))
    P[0] = bk.asarray(np.eye(m))
    for t in range(1, chunk + 1):
        P[t] = A @ P[t - 1]
    carried = bk.zeros((Q, m))
    for c in range(1, Q):
        carried[c] = P[chunk] @ carried[c - 1] + local[c - 1, chunk - 1]
    h = local + bk.einsum("tab,cb->cta", P[1:], carried)
    y = h.reshape(Q * chunk, m)[:n] @ C.T
    xs = bk.zeros((Q * chunk, x.shape[1]))
    xs[:n] = x
    before = bk.zeros((Q, chunk, m))
    before[:, 1:] = local[:, :-1]
    shadow = {
        "Dl": _norm2_rows(bk, abs(before) @ abs(A).T + (abs(xs) @ abs(B).T).reshape(Q, chunk, m)),
        "P": bk.amax(((abs(A) @ abs(P[:-1])) ** 2).sum((1, 2)) ** 0.5),
        "Hm": _norm2_rows(bk, carried),
        "Cm": _norm2_rows(bk, abs(carried[:-1]) @ abs(P[chunk]).T + abs(local[:-1, chunk - 1])),
        "G": _norm2_rows(bk, bk.einsum("tab,cb->cta", abs(P[1:]), abs(carried)) + abs(local)),
        "Ys": bk.amax(abs(h.reshape(Q * chunk, m)[:n]) @ abs(C).T),
    }
    return y, shadow


def impulse_responses(bk: Backend, A: Any, B: Any, C: Any, n: int) -> tuple[Any, dict]:
    """W(tau) = C A^tau B for tau < n from the power recurrence P_tau = A P_{tau-1}, P_0 = B."""
    m, d = B.shape
    P = bk.zeros((n, m, d))
    P[0] = B
    for t in range(1, n):
        P[t] = A @ P[t - 1]
    W = bk.einsum("pm,tmd->tpd", C, P)
    psum = float((((abs(A) @ abs(P[:-1])) ** 2).sum((1, 2)) ** 0.5).sum()) if n > 1 else 0.0
    per_tau = bk.einsum("pm,tmd->tpd", abs(C), abs(P)).reshape(n, -1)
    ysum = float(bk.numpy(per_tau).max(axis=1).sum())
    return W, {"Psum": psum, "Ysum": ysum}


def direct_conv(bk: Backend, W: Any, x: Any) -> tuple[Any, dict]:
    """y_i = sum_{tau < i} W(tau) x_{i - tau}, term by term (O(n^2); for modest n)."""
    n = x.shape[0]
    y = bk.zeros((n, W.shape[1]))
    z = bk.zeros((n, W.shape[1]))
    ax, aW = abs(x), abs(W)
    for t in range(n):
        y[t:] += x[: n - t] @ W[t].T
        z[t:] += ax[: n - t] @ aW[t].T
    return y, {"Z": bk.amax(z)}


def pack(bk: Backend, x: Any) -> Any:
    """Pairs of real columns packed as complex columns x_{2c} + i x_{2c+1} (a zero column pads an odd d)."""
    n, d = x.shape
    if d % 2:
        x = bk.asarray(np.concatenate([bk.numpy(x), np.zeros((n, 1))], axis=1))
    return x[:, 0::2] * (1 + 0j) + x[:, 1::2] * 1j


def _unpack(bk: Backend, zc: Any, d: int) -> Any:
    """Inverse of pack for the convolution outputs."""
    n = zc.shape[0]
    z = bk.zeros((n, 2 * zc.shape[1]))
    z[:, 0::2] = zc.real
    z[:, 1::2] = zc.imag
    return z[:, :d]


def _packed_norms(bk: Backend, xc: Any) -> dict:
    """max over packed columns of the 2-norm."""
    mod = abs(xc)
    return {"b2": bk.amax((mod * mod).sum(0) ** 0.5)}


def fft_conv(bk: Backend, W: Any, x: Any) -> tuple[Any, dict]:
    """The causal convolution through complex FFTs of length N = fft_size(n), inputs packed in pairs."""
    n, d = x.shape
    p = W.shape[1]
    N = fft_size(n)
    xc = pack(bk, x)
    FX = bk.fft(xc, N)
    FW = bk.fft(W.reshape(n, p * d), N).reshape(N, p, d)
    cols = [c // 2 for c in range(d)]
    Z = bk.ifft(FW * FX[:, None, cols])[:n]
    parts = bk.zeros((n, p, d))
    parts[:, :, 0::2] = Z[:, :, 0::2].real
    parts[:, :, 1::2] = Z[:, :, 1::2].imag
    aW = abs(W)
    shadow = {"a1": bk.amax(aW.sum(0)), "a2": bk.amax((aW * aW).sum(0) ** 0.5), "Z": bk.amax(abs(parts))}
    shadow.update(aF=bk.amax(abs(FW)), bF=bk.amax(abs(FX)))
    shadow.update(_packed_norms(bk, xc))
    return parts.sum(2), shadow


def heads(bk: Backend, V: Any, beta: Any, lam: Any, x: Any) -> tuple[Any, dict]:
    """y_i = sum_h V^(h) sum_j c_{i-j,h} x_j with c_{tau,h} = Re sum_l beta_{hl} lambda_l^tau (Theorem 4.4).

    Each head's convolution z_h = c_h * x goes through FFTs; the heads are then summed in one product
    [z_1 ... z_k] [V^(1) ... V^(k)]^T (k d terms per output, as the bound assumes).
    """
    n, d = x.shape
    k, M = beta.shape
    steps = bk.zeros((n, M), complex_=True)
    steps[0] = 1
    steps[1:] = lam
    c = (bk.cumprod(steps) @ beta.T).real
    ab = abs(lam)
    asteps = bk.zeros((n, M))
    asteps[0] = 1
    asteps[1:] = ab
    s = bk.cumprod(asteps) @ abs(beta).T
    tau = bk.asarray(np.arange(n, dtype=np.float64))
    N = fft_size(n)
    xc = pack(bk, x)
    FX = bk.fft(xc, N)
    Z = bk.zeros((n, k * d))

    def head(h: int) -> tuple[float, float]:
        """Head h's convolution z_h = c_h * x into its own columns of Z; max |fft(c_h)| and max |z_h|."""
        Fc = bk.fft(c[:, h], N)
        z = _unpack(bk, bk.ifft(Fc[:, None] * FX)[:n], d)
        Z[:, h * d : (h + 1) * d] = z
        return bk.amax(abs(Fc)), bk.amax(abs(z))

    # The heads are independent: numpy's FFT releases the GIL, so two threads run two heads at once (the same
    # transforms and products as one after the other, hence the same result and the same bound). torch threads itself.
    with ThreadPoolExecutor(FFT_WORKERS if bk.name == "numpy" else 1) as pool:
        maxima = list(pool.map(head, range(k)))
    afft, zmax = max((a for a, _ in maxima), default=0.0), max((z for _, z in maxima), default=0.0)
    p = V.shape[1]
    y = (
        Z @ V.permute(1, 0, 2).reshape(p, k * d).T
        if bk.name == "torch"
        else Z @ V.transpose(1, 0, 2).reshape(p, k * d).T
    )
    ac = abs(c)
    shadow = {
        "S1": bk.amax(s.sum(0)),
        "ST": bk.amax((tau[:, None] * s).sum(0)),
        "a1": bk.amax(ac.sum(0)),
        "a2": bk.amax((ac * ac).sum(0) ** 0.5),
        "Z": zmax,
        "aF": afft,
        "bF": bk.amax(abs(FX)),
    }
    shadow.update(_packed_norms(bk, xc))
    return y, shadow


def heads_chunked(bk: Backend, V: Any, beta: Any, lam: Any, x: Any, chunk: int) -> Any:
    """The k-head form in chunks of length L: attention by FFT inside each chunk, modal states carried across.

    Inside chunk q (positions s_q .. s_q + L - 1) the heads attend with c_{tau,h}, tau < L (cumulative powers of
    lambda): y_loc = sum_h V^(h) (c_h * x) restricted to the chunk. With inputs packed in pairs, zeta_(h,c) = z_(h,2c)
    + i z_(h,2c+1) and V_(r,2c) z_(h,2c) + V_(r,2c+1) z_(h,2c+1) = Re((V_(r,2c) - i V_(r,2c+1)) zeta_(h,c)), so by
    linearity y_loc,r = Re ifft(sum_c K_(r,c) * fft(x_c)), K_(r,c) = sum_h (V^(h)_(r,2c) - i V^(h)_(r,2c+1)) fft(c_h),
    one inverse FFT of length 2L per output and chunk. Across chunks, c_{tau,h} = Re sum_l beta_hl lambda_l^tau makes
    the earlier chunks' part Re sum_l lambda_l^(t+1) U_l S_(q,l) with U_l = sum_h beta_hl V^(h) and the modal states
    S_(q,l) = lambda_l^L S_(q-1,l) + T_(q-1,l), T_(q,l) = sum_t lambda_l^(L-1-t) x_(q,t). Its a-priori bound is
    numeric.bounds' "heads_chunked". Returns y (n x p).
    """
    n, d = x.shape
    k, M = beta.shape
    p = V.shape[1]
    Q = -(-n // chunk)
    steps = bk.zeros((chunk + 1, M), complex_=True)
    steps[0] = 1
    steps[1:] = lam
    powers = bk.cumprod(steps)  # lambda^t, t = 0..L
    c = (powers[:chunk] @ beta.T).real  # c_{tau,h}, tau < L
    xs = bk.zeros((Q * chunk, d))
    xs[:n] = x
    packed = pack(bk, xs).reshape(Q, chunk, -1)
    NL = 2 * chunk
    FX = _fft_axis1(bk, packed, NL)  # (Q, 2L, ceil(d/2))
    Vn = np.concatenate([bk.numpy(V), np.zeros((k, p, d % 2))], axis=2)  # pad an odd d
    weights = bk.asarray(Vn[:, :, 0::2] - 1j * Vn[:, :, 1::2], complex_=True)  # (k, p, ceil(d/2))
    K = bk.einsum("wh,hrc->wrc", bk.fft(c, NL), weights)  # (2L, p, ceil(d/2))
    y = _ifft_axis1(bk, bk.einsum("wrc,qwc->qwr", K, FX))[:, :chunk].real  # (Q, L, p)
    Vc = bk.asarray(bk.numpy(V), complex_=True)
    U = bk.einsum("hl,hpd->lpd", beta, Vc)  # sum_h beta_hl V^(h)
    reverse = powers[:chunk][::-1] if bk.name == "numpy" else powers[:chunk].flip(0)  # lambda^(L-1-t)
    T = bk.einsum("tl,qtd->qld", reverse, bk.asarray(bk.numpy(xs).reshape(Q, chunk, d), complex_=True))
    S = bk.zeros((Q, M, d), complex_=True)
    for q in range(1, Q):
        S[q] = powers[chunk][:, None] * S[q - 1] + T[q - 1]
    R = bk.einsum("lpd,qld->qlp", U, S)
    y = y + bk.einsum("tl,qlp->qtp", powers[1:], R).real
    return y.reshape(Q * chunk, p)[:n]


def _fft_axis1(bk: Backend, a: Any, n: int) -> Any:
    """Complex FFT along axis 1, zero-padded to length n."""
    if bk.name == "numpy":
        return np.fft.fft(a, n=n, axis=1)
    return bk.mod.fft.fft(a.to(bk.mod.complex128), n=n, dim=1)


def _ifft_axis1(bk: Backend, a: Any) -> Any:
    """Inverse complex FFT along axis 1 (scaled by 1/N)."""
    return np.fft.ifft(a, axis=1) if bk.name == "numpy" else bk.mod.fft.ifft(a, dim=1)
