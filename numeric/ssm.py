"""Float64 evaluations of a linear SSM and of its k-head attention form, each with its shadow pass.

Every method returns (y, shadow): y has shape (n, p); shadow holds the float64 norms of absolute values that the
matching bound in numeric.bounds needs (not yet inflated by SHADOW_SAFETY). Inputs x have shape (n, d).
Methods: recurrence, causal convolution (direct), FFT convolution (zero-padded to a power of two >= 2n),
chunked scan (local recurrences in parallel plus carried boundary states), and the k-head form (Theorem 4.4).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
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
    "carried_part",
]

# Rows per block of the streamed passes (powers lambda^tau, scan chunks, output accumulation): bounds the size of
# every temporary to BLOCK_ROWS x (m or k or p) values instead of n x ..., without changing any result's operations.
BLOCK_ROWS = 1 << 16


def _max_nan(a: float, b: float) -> float:
    """max(a, b), NaN if either is NaN (as numpy's max over both would be)."""
    return a if math.isnan(a) else b if math.isnan(b) else max(a, b)


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


def _max_sq_rows(bk: Backend, a: Any) -> float:
    """max over rows (last axis) of the squared 2-norm, without a temporary of the array's size (NaN propagates)."""
    if not a.shape[0]:
        return 0.0
    if bk.name == "numpy":
        return float(np.max(np.einsum("...i,...i->...", a, a)))
    return float((a * a).sum(-1).max().item())


def chunked_scan(bk: Backend, A: Any, B: Any, C: Any, x: Any, chunk: int) -> tuple[Any, dict]:
    """The scan in chunks: local recurrences from zero, carried states, then a correction; streamed in blocks.

    Chunks are processed BLOCK_ROWS positions at a time (whole chunks), laid out position-major (L, chunks, m) so
    that each step of the local recurrences is one contiguous matrix product over all chunks of the block, done in
    place; the carried state crosses from block to block, and the outputs and shadow norms of the block are computed
    before the next one, so memory is O(BLOCK_ROWS m + chunk m^2) beyond x and y. Every output is the same
    computation as the unblocked scan (dot products of the same length, the same additions); only the order of the
    shadow maxima changes (and the square root is taken of the maximum), which does not change them.
    """
    n, d, m = x.shape[0], x.shape[1], A.shape[0]
    Q = -(-n // chunk)
    P = bk.zeros((chunk + 1, m, m))
    P[0] = bk.asarray(np.eye(m))
    for t in range(1, chunk + 1):
        P[t] = A @ P[t - 1]
    aA, aB, aC, aP = abs(A), abs(B), abs(C), abs(P)
    PT, aPT = P[1:].mT, aP[1:].mT  # rows @ PT[t] = rows @ (A^(t+1))^T
    y = bk.zeros((n, C.shape[0]))
    squares = {"Dl": 0.0, "Hm": 0.0, "Cm": 0.0, "G": 0.0}  # maxima of squared row norms
    shadow = {"P": bk.amax(((aA @ aP[:-1]) ** 2).sum((1, 2)) ** 0.5), "Ys": 0.0}
    carried, end = bk.zeros((m,)), bk.zeros((m,))  # the carried state of the last chunk and its local end state
    group = max(1, BLOCK_ROWS // chunk)
    for c0 in range(0, Q, group):
        g = min(group, Q - c0)
        lo, hi = c0 * chunk, min(n, (c0 + g) * chunk)
        padded = bk.zeros((g * chunk, d))
        padded[: hi - lo] = x[lo:hi]
        xs = padded.reshape(g, chunk, d).swapaxes(0, 1)  # xs[t, c]: position t of chunk c0 + c
        local = xs @ B.T  # (L, g, m): B x_t, then the local recurrences in place, one step for all chunks
        for t in range(1, chunk):
            local[t] += local[t - 1] @ A.T
        states = bk.zeros((g, m))
        for c in range(g):
            if c0 + c > 0:
                carried = P[chunk] @ carried + end
            states[c], end = carried, local[chunk - 1, c]
        h = states @ PT  # (L, g, m): A^(t+1) times the carried state, plus the local state
        h += local
        y[lo:hi] = (h @ C.T).swapaxes(0, 1).reshape(g * chunk, -1)[: hi - lo]
        D = abs(xs) @ aB.T  # |A||h_(t-1)| + |B||x_t| (h_(-1) = 0 locally)
        D[1:] += abs(local[:-1]) @ aA.T
        G = abs(states) @ aPT
        G += abs(local)
        inner = g - 1 if c0 + g == Q else g  # chunks whose end state is carried on (all but the last of the scan)
        parts = {
            "Dl": _max_sq_rows(bk, D),
            "Hm": _max_sq_rows(bk, states),
            "Cm": _max_sq_rows(bk, abs(states[:inner]) @ aP[chunk].T + abs(local[chunk - 1, :inner])),
            "G": _max_sq_rows(bk, G),
        }
        for key, value in parts.items():
            squares[key] = _max_nan(squares[key], value)
        valid = h if hi - lo == g * chunk else h.swapaxes(0, 1).reshape(g * chunk, m)[: hi - lo]
        shadow["Ys"] = _max_nan(shadow["Ys"], bk.amax(abs(valid) @ aC.T))
    shadow.update({key: value**0.5 for key, value in squares.items()})
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
    out = bk.zeros((n, (d + 1) // 2), complex_=True)
    parts = out.view(np.float64).reshape(n, -1, 2) if bk.name == "numpy" else bk.mod.view_as_real(out)
    parts[:, :, 0] = x[:, 0::2]
    parts[:, : d // 2, 1] = x[:, 1::2]
    return out


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


def _power_blocks(bk: Backend, base: Any, n: int, complex_: bool) -> Iterator[tuple[int, Any]]:
    """(start, base^t for t in [start, start + BLOCK_ROWS)) up to n, as an (M, rows) array: one chain of products,
    base^t = base^(t-1) base."""
    last = None
    for start in range(0, n, BLOCK_ROWS):
        rows = min(BLOCK_ROWS, n - start)
        steps = bk.zeros((base.shape[0], rows + (last is not None)), complex_=complex_)  # (M, rows): contiguous chains
        steps[:, 0] = 1 if last is None else last
        steps[:, 1:] = base[:, None]
        chains = np.cumprod(steps, axis=1) if bk.name == "numpy" else bk.mod.cumprod(steps, dim=1)
        block = chains if last is None else chains[:, 1:]
        last = block[:, -1]
        yield start, block


def _coefficients(bk: Backend, V: Any, beta: Any, lam: Any, n: int, norms: dict | None) -> tuple[Any, dict]:
    """c_{tau,h} as a (k, n) array and the shadows S1, ST, a1, a2, from one blocked pass over lambda^tau.

    Everything is laid out (k or M, rows), so each block of c is one product beta @ lambda^tau written into
    contiguous rows of c (each c_{tau,h} the same M-term dot product as before).
    With `norms`, also norms["Wnorm"] = sum_tau ||W(tau)||_inf in float64 from the same powers (a scale for
    reporting, not a bound).
    """
    k, p, d = V.shape
    c = bk.zeros((k, n))
    acc = {key: bk.zeros((k,)) for key in ("S1", "ST", "a1", "a2")}
    abeta, flat, wnorm = abs(beta), V.permute(1, 2, 0) if bk.name == "torch" else V.transpose(1, 2, 0), 0.0
    flat = flat.reshape(p * d, k)
    blocks = zip(_power_blocks(bk, lam, n, True), _power_blocks(bk, abs(lam), n, False))
    for (start, powers), (_, apowers) in blocks:
        cb = c[:, start : start + powers.shape[1]]  # a view: (k, rows)
        cb[:] = (beta @ powers).real
        s = abeta @ apowers  # (k, rows): sum_l |lambda_l|^tau |beta_hl|
        tau = bk.asarray(np.arange(start, start + cb.shape[1], dtype=np.float64))
        acc["S1"] += s.sum(1)
        acc["ST"] += s @ tau
        acc["a1"] += abs(cb).sum(1)
        acc["a2"] += (cb * cb).sum(1)
        if norms is not None:
            wnorm += float(bk.numpy(abs(flat @ cb)).reshape(p, d, -1).sum(1).max(0).sum())
    if norms is not None:
        norms["Wnorm"] = wnorm
    shadow = {key: bk.amax(acc[key]) for key in ("S1", "ST", "a1")}
    shadow["a2"] = bk.amax(acc["a2"] ** 0.5)
    return c, shadow


def _transform(bk: Backend, columns: Any, N: int, buf: Any | None = None) -> Any:
    """The FFTs of length N of the zero-padded rows of `columns` (numpy: in the given (rows, N) buffer, in place)."""
    if bk.name != "numpy":
        return bk.mod.fft.fft(columns.to(bk.mod.complex128), n=N, dim=-1)
    buf = np.empty((columns.shape[0], N), dtype=np.complex128) if buf is None else buf
    buf[:, : columns.shape[1]] = columns
    buf[:, columns.shape[1] :] = 0
    for row in buf:  # one row at a time: pocketfft's scratch for several rows at once is several rows long
        np.fft.fft(row, out=row)
    return buf


def _heads_sum(bk: Backend, V: Any, c: Any, FX: Any, n: int) -> tuple[Any, float, float]:
    """sum_h z_h V^(h)T with z_h = c_h * x by FFT, head after head; max |fft c_h| and max |z_h|.

    Per head: fft(c_h) (length N) in one reused buffer, then per packed input column the product with its transform
    and the inverse transform in a second one (numpy: in place), and z_h V^(h)T added BLOCK_ROWS rows at a time.
    """
    k, p, d = V.shape
    N = FX.shape[1]
    out, afft, zmax = bk.zeros((n, p)), 0.0, 0.0
    numpy = bk.name == "numpy"
    fbuf, zbuf = (np.empty((1, N), np.complex128), np.empty(N, np.complex128)) if numpy else (None, None)
    for h in range(k):
        Fc = _transform(bk, c[h : h + 1], N, fbuf)[0]
        afft = _max_nan(afft, bk.amax(abs(Fc)))
        for j in range(FX.shape[0]):  # packed column j holds the input columns 2j (real part) and 2j + 1 (imaginary)
            if numpy:
                z = np.fft.ifft(np.multiply(Fc, FX[j], out=zbuf), out=zbuf)
            else:
                z = bk.mod.fft.ifft(Fc * FX[j])
            width = min(2, d - 2 * j)
            cols = z.view(np.float64).reshape(N, 2) if numpy else bk.mod.view_as_real(z)
            weights = V[h][:, 2 * j : 2 * j + width]
            for start in range(0, n, BLOCK_ROWS):
                block = cols[start : min(n, start + BLOCK_ROWS), :width]
                zmax = _max_nan(zmax, bk.amax(abs(block)))
                if numpy:  # einsum's own loops: no temporary beyond the block, no BLAS call per block
                    out[start : start + block.shape[0]] += np.einsum("rc,pc->rp", block, weights)
                else:
                    out[start : start + block.shape[0]] += block @ weights.T
    return out, afft, zmax


def heads(bk: Backend, V: Any, beta: Any, lam: Any, x: Any, norms: dict | None = None) -> tuple[Any, dict]:
    """y_i = sum_h V^(h) sum_j c_{i-j,h} x_j with c_{tau,h} = Re sum_l beta_{hl} lambda_l^tau (Theorem 4.4).

    Each head's convolution z_h = c_h * x goes through FFTs of length N = fft_size(n); the outputs are the sum of
    the k d products z_{h,c} V^(h)_{.,c}, accumulated head by head (a sum of k d terms in a fixed order, as the bound
    assumes). Memory: c (k x n), the inputs' transforms (ceil(d/2) x N) and two buffers of N complex values; nothing
    of size n k d or N k.
    With `norms`, norms["Wnorm"] receives sum_tau ||W(tau)||_inf (see _coefficients).
    """
    n, d = x.shape
    N = fft_size(n)
    c, shadow = _coefficients(bk, V, beta, lam, n, norms)
    xc = pack(bk, x)
    shadow.update(_packed_norms(bk, xc))
    FX = _transform(bk, xc.T, N)  # (ceil(d/2), N): one row per packed input column
    del xc
    shadow.update(bF=bk.amax(abs(FX)))
    y, afft, zmax = _heads_sum(bk, V, c, FX, n)
    shadow.update(aF=afft, Z=zmax)
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
    p, half, NL = V.shape[1], (d + 1) // 2, 2 * chunk
    Q = -(-n // chunk)
    steps = bk.zeros((chunk + 1, M), complex_=True)
    steps[0] = 1
    steps[1:] = lam
    powers = bk.cumprod(steps)  # lambda^t, t = 0..L
    c = (powers[:chunk] @ beta.T).real  # c_{tau,h}, tau < L
    Vn = np.concatenate([bk.numpy(V), np.zeros((k, p, d % 2))], axis=2)  # pad an odd d
    weights = bk.asarray(Vn[:, :, 0::2] - 1j * Vn[:, :, 1::2], complex_=True)  # (k, p, ceil(d/2))
    K = bk.einsum("wh,hrc->crw", bk.fft(c, NL), weights)  # (ceil(d/2), p, 2L)
    U = bk.einsum("hl,hpd->lpd", beta, bk.asarray(bk.numpy(V), complex_=True))  # sum_h beta_hl V^(h)
    reverse = (powers[:chunk][::-1] if bk.name == "numpy" else powers[:chunk].flip(0)).T  # (M, L): lambda^(L-1-t)
    y = bk.zeros((n, p))
    state = bk.zeros((M, d), complex_=True)  # S_(q,l) of the next chunk
    group = max(1, BLOCK_ROWS // chunk)
    for q0 in range(0, Q, group):  # blocks of whole chunks: temporaries of BLOCK_ROWS x (2 p) complex values
        g = min(group, Q - q0)
        lo, hi = q0 * chunk, min(n, (q0 + g) * chunk)
        xb = bk.zeros((g * chunk, d))
        xb[: hi - lo] = x[lo:hi]
        FX = _fft_last(bk, pack(bk, xb).reshape(g, chunk, half).swapaxes(1, 2), NL)  # (g, ceil(d/2), 2L)
        prod = FX[:, None, 0] * K[0]  # (g, p, 2L): sum_c K_(r,c) fft(x_c), c in order
        for j in range(1, half):
            prod += FX[:, None, j] * K[j]
        local = _ifft_last(bk, prod)[:, :, :chunk].real.swapaxes(1, 2)  # (g, L, p)
        carried, state = carried_part(bk, powers, reverse, U, xb.reshape(g, chunk, d), state)
        block = local + carried  # (g, L, p)
        y[lo:hi] = block.reshape(g * chunk, p)[: hi - lo]
    return y


def carried_part(bk: Backend, powers: Any, reverse: Any, U: Any, xq: Any, state: Any) -> tuple[Any, Any]:
    """The earlier chunks' part Re sum_l lambda_l^(t+1) U_l S_(q,l) for a block of chunks xq (g, L, d), and the
    modal state S_(q,l) entering the chunk after the block: T_(q,l) = sum_t lambda_l^(L-1-t) x_(q,t) (reverse = the
    (M, L) powers lambda^(L-1-t)), S_(q+1) = lambda^L S_q + T_q, R_q = sum_l U_l S_(q,l) (U_l = sum_h beta_hl V^(h)).
    """
    g, chunk, d = xq.shape
    T = reverse @ (xq if bk.name == "numpy" else xq.to(bk.mod.complex128))  # (g, M, d)
    S = bk.zeros((g, reverse.shape[0], d), complex_=True)
    for j in range(g):
        S[j] = state
        state = powers[chunk][:, None] * state + T[j]
    R = bk.einsum("lpd,qld->qlp", U, S)
    return (powers[1:] @ R).real, state  # (g, L, p)


def _fft_last(bk: Backend, a: Any, n: int) -> Any:
    """Complex FFT along the last axis, zero-padded to length n."""
    if bk.name == "numpy":
        return np.fft.fft(a, n=n, axis=-1)
    return bk.mod.fft.fft(a.to(bk.mod.complex128), n=n, dim=-1)


def _ifft_last(bk: Backend, a: Any) -> Any:
    """Inverse complex FFT along the last axis (scaled by 1/N)."""
    return np.fft.ifft(a, axis=-1) if bk.name == "numpy" else bk.mod.fft.ifft(a, dim=-1)
