"""Arithmetic that measures itself: arrays carrying every entry's depth, and a global count of scalar operations.

Model: fan-in-2 arithmetic with unbounded parallelism. An elementwise operation costs one operation per
output entry and adds 1 to the depth; a sum of k terms is a balanced tree (k - 1 additions, depth
ceil(log2 k)); a matrix product is k products and a tree of sums per entry. Scans and FFTs are built from
these, so their cost and depth are measured, not assumed. Values may be float, complex or Fraction arrays.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

__all__ = [
    "UNIT_ROUNDOFF",
    "TWIDDLE_ERROR",
    "fft_error_bound",
    "Tracked",
    "add",
    "mul",
    "ew",
    "tsum",
    "matmul",
    "cat",
    "scan",
    "affine",
    "diag_affine",
    "sum_pair",
    "fft",
]


UNIT_ROUNDOFF = 2.0**-53
# Error of one computed twiddle exp(sign*2*pi*i*k/(2m)): the angle carries <= 2u relative error (pi rounded,
# one division), i.e. <= 2*pi*u absolute since |angle| <= pi; cos and sin add <= 1 ulp each.
TWIDDLE_ERROR = (2 * math.pi + 2) * UNIT_ROUNDOFF


def fft_error_bound(n: int) -> float:
    """Higham (2002), Theorem 24.2: ||fl(FFT x) - FFT x||_2 <= bound * ||FFT x||_2 for radix-2 length n."""
    gamma4 = 4 * UNIT_ROUNDOFF / (1 - 4 * UNIT_ROUNDOFF)
    eta = TWIDDLE_ERROR + gamma4 * (math.sqrt(2) + TWIDDLE_ERROR)
    stages = math.log2(n)
    return stages * eta / (1 - stages * eta)


class Tracked:
    """An array with the depth of every entry; all arithmetic goes through the module's functions."""

    ops = 0  # scalar operations since the last reset

    def __init__(self, value: np.ndarray, depth: np.ndarray | None = None) -> None:
        self.v = np.asarray(value)
        self.d = np.zeros(self.v.shape, dtype=np.int64) if depth is None else np.broadcast_to(depth, self.v.shape)

    def __getitem__(self, index: int | slice | tuple | np.ndarray | None) -> Tracked:
        return Tracked(self.v[index], self.d[index])

    @property
    def T(self) -> Tracked:  # noqa: N802
        return Tracked(self.v.T, self.d.T)


def ew(fn: Callable, *args: Tracked | float) -> Tracked:
    """Elementwise operation: one scalar op per output entry, depth max(inputs) + 1."""
    vals = [a.v if isinstance(a, Tracked) else a for a in args]
    deps = [a.d for a in args if isinstance(a, Tracked)]
    out = fn(*vals)
    Tracked.ops += out.size
    return Tracked(out, np.maximum.reduce(np.broadcast_arrays(*deps)) + 1 if len(deps) > 1 else deps[0] + 1)


def add(a: Tracked, b: Tracked) -> Tracked:
    """a + b."""
    return ew(np.add, a, b)


def mul(a: Tracked | float, b: Tracked) -> Tracked:
    """a * b."""
    return ew(np.multiply, a, b)


def tsum(x: Tracked, axis: int) -> Tracked:
    """Balanced-tree sum along an axis: k - 1 additions per output, depth + ceil(log2 k)."""
    k = x.v.shape[axis]
    Tracked.ops += (k - 1) * (x.v.size // k)
    return Tracked(x.v.sum(axis=axis), x.d.max(axis=axis) + math.ceil(math.log2(k)) if k > 1 else x.d.max(axis=axis))


def matmul(a: Tracked, b: Tracked) -> Tracked:
    """(..., m, k) @ (..., k, n): k products and a tree of k - 1 sums per entry."""
    k = a.v.shape[-1]
    out = a.v @ b.v
    Tracked.ops += out.size * (2 * k - 1)
    rows, cols = a.d.max(axis=-1)[..., :, None], b.d.max(axis=-2)[..., None, :]
    return Tracked(out, np.maximum(rows, cols) + 1 + (math.ceil(math.log2(k)) if k > 1 else 0))


def cat(parts: list[Tracked], axis: int = 0) -> Tracked:
    """Concatenate values and depths."""
    return Tracked(np.concatenate([p.v for p in parts], axis), np.concatenate([p.d for p in parts], axis))


def scan(x: tuple[Tracked, ...], combine: Callable) -> tuple[Tracked, ...]:
    """Work-efficient inclusive scan along axis 0 (Ladner-Fischer): combine(earlier, later), n a power of 2."""
    n = x[0].v.shape[0]
    if n == 1:
        return x
    even, odd = tuple(t[0::2] for t in x), tuple(t[1::2] for t in x)
    z = scan(combine(even, odd), combine)  # z_k = x_0 ... x_{2k+1}
    prev = tuple(t[:-1] for t in z)
    mid = combine(prev, tuple(t[2::2] for t in x))  # x_0 ... x_{2k} for k >= 1
    out = []
    for j, zt in enumerate(z):
        evens = cat([x[j][0:1], mid[j]])
        inter = np.empty((n,) + zt.v.shape[1:], dtype=np.result_type(zt.v, evens.v))
        depth = np.empty((n,) + zt.v.shape[1:], dtype=np.int64)
        inter[0::2], inter[1::2], depth[0::2], depth[1::2] = evens.v, zt.v, evens.d, zt.d
        out.append(Tracked(inter, depth))
    return tuple(out)


def affine(earlier: tuple, later: tuple) -> tuple:
    """(A2, b2) o (A1, b1) = (A2 A1, A2 b1 + b2) on batches."""
    (a1, b1), (a2, b2) = earlier, later
    return (matmul(a2, a1), add(matmul(a2, b1), b2))


def diag_affine(earlier: tuple, later: tuple) -> tuple:
    """Diagonal transitions: (a2 * a1, a2 * b1 + b2)."""
    (a1, b1), (a2, b2) = earlier, later
    return (mul(a2, a1), add(mul(a2, b1), b2))


def sum_pair(earlier: tuple, later: tuple) -> tuple:
    """Addition as a scan operator."""
    return (add(earlier[0], later[0]),)


def fft(x: Tracked, sign: int) -> Tracked:
    """Iterative radix-2 Cooley-Tukey along axis 0 (length a power of 2): log2 N stages of butterflies."""
    n = x.v.shape[0]
    bits = int(math.log2(n))
    rev = np.array([int(f"{k:0{bits}b}"[::-1], 2) for k in range(n)]) if bits else np.zeros(1, dtype=int)
    y = x[rev]
    m = 1
    while m < n:
        w = np.exp(sign * 2j * np.pi * np.arange(m) / (2 * m)).reshape((m,) + (1,) * (y.v.ndim - 1))
        blocks_v, blocks_d = (
            y.v.reshape((n // (2 * m), 2, m) + y.v.shape[1:]),
            y.d.reshape((n // (2 * m), 2, m) + y.v.shape[1:]),
        )
        top, bottom = Tracked(blocks_v[:, 0], blocks_d[:, 0]), Tracked(blocks_v[:, 1], blocks_d[:, 1])
        t = mul(w, bottom)
        up, down = add(top, t), ew(np.subtract, top, t)
        y = Tracked(np.stack([up.v, down.v], 1).reshape(y.v.shape), np.stack([up.d, down.d], 1).reshape(y.v.shape))
        m *= 2
    return y
