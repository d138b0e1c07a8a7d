"""Tail refinement of kind float_gram: the sum of the R - H smallest eigenvalues of G to a relative, not absolute,
accuracy (so that an e_H far below the float64 error of G~ is still enclosed tightly).

The float data come from float_gram.tail_data (N = V^T M V, M = F~ w F~^T, V the float eigenvectors); here,
exactly in fmpq, for each split h with a certified gap between A = N[:h, :h] and C = N[h:, h:]:
  Ky Fan: tail(N) <= trace C (the coordinate vectors e_h+1..e_R are orthonormal);
  gap: A >= a I, C <= c I, t = a - c > 0 give N <= diag(A + B B^T / t, C + t I) (since [[B B^T / t, -B], [-B^T,
  t I]] >= 0), whose H largest eigenvalues are those of its first block, so tail(N) >= trace C - ||B||_F^2 / t;
  a >= min D (1 - ||D^-1/2 offdiag(A) D^-1/2||_F) (A = D^1/2 (I + E) D^1/2, D = diag A), c <= max diag C +
  ||offdiag(C)||_F (Weyl);
  per column (v): with K = diag(k_j) > 0 instead of t I, N <= diag(A + B K^-1 B^T, C + K); k_j = w - hi_j (w <= a -
  ||offdiag(C)||_F, hi_j >= C_jj) keeps C + K <= a I (Weyl), so tail(N) >= trace C - sum_j ||B_:j||^2 / k_j;
  Ostrowski: lambda_i(V^T M V) = theta_i lambda_i(M), theta_i in [1 - f, 1 + f] (f >= ||V^T V - I||_F < 1);
  Eckart-Young: sqrt(tail(X X^T)) is the Frobenius distance from X to the matrices of rank <= H, so it moves by at
  most ||S - S~||_F <= sqrt(E2) between S = F sqrt w and S~ = F~ sqrt w (tail(G) from tail(M)).
Soundness: docs/trusted-base.md, "Float64 Gram bounds", step 6a.
"""

from __future__ import annotations

import math

from flint import fmpq

from .dense import Measured

__all__ = ["tail_brackets"]


def _q(x: float) -> fmpq:
    """A finite float as the exact rational it is."""
    if not math.isfinite(x):
        raise ValueError(f"a bound is {x}")
    return fmpq(*float(x).as_integer_ratio())


def _sqrt_up(x: fmpq) -> fmpq:
    """An exact rational >= sqrt(x) (x >= 0)."""
    s = _q(math.sqrt(float(x)) * (1 + 2.0**-40) + 1e-300)
    while s * s < x:
        s = s * fmpq(1 + 2**20, 2**20)
    return s


def _sqrt_down(x: fmpq) -> fmpq:
    """An exact rational in [0, sqrt(x)] (x >= 0), within a few parts in 10^12."""
    s = _q(math.sqrt(float(x)) * (1 - 2.0**-40))
    while s * s > x:
        s = s * fmpq(2**20 - 1, 2**20)
    return s


def _float_down(x: fmpq) -> float:
    """A float <= x."""
    f = float(x)
    return f if _q(f) <= x else math.nextafter(f, -math.inf)


def tail_brackets(data: Measured, f: fmpq, e2: fmpq) -> list[tuple[fmpq, fmpq]]:
    """Per H = 1..R-1 a bracket [lower, upper] of the sum of the R - H smallest eigenvalues of G = S S^T.

    data: float_gram.tail_data; f >= ||V^T V - I||_F (< 1); e2 >= ||S - S~||_F^2. The upper end needs no gap;
    the lower end is 0 where no gap is certified.
    """
    g = _q(data["c_rel"])
    root_e2 = _sqrt_up(e2)
    out: list[tuple[fmpq, fmpq]] = []
    for h in range(len(data["csum"])):
        csum, cerr = _q(float(data["csum"][h])), _q(float(data["cerr"][h]))
        n_hi = csum / (1 - g) + cerr
        n_lo = fmpq(0)
        lead, trail, cross = (float(data[k][h]) for k in ("lead", "trail", "cross"))
        if math.isfinite(lead) and lead < 1 and math.isfinite(trail) and math.isfinite(cross):
            a_lo = _q(float(data["min_lo"][h])) * (1 - _sqrt_up(_q(lead)))
            c_hi = _q(float(data["max_hi"][h])) + _sqrt_up(_q(trail))
            if a_lo > c_hi:
                n_lo = max(fmpq(0), csum / (1 + g) - cerr - _q(cross) / (a_lo - c_hi))
                w = _float_down(a_lo - _sqrt_up(_q(trail)))  # per column: K = diag(w - hi_j), step 6a (v)
                per_column = data["weighted"](h + 1, w) if "weighted" in data else math.inf
                if math.isfinite(per_column):
                    n_lo = max(n_lo, csum / (1 + g) - cerr - _q(per_column))
        m_lo, m_hi = n_lo / (1 + f), n_hi / (1 - f)
        low = _sqrt_down(m_lo) - root_e2 if m_lo > 0 else fmpq(0)
        high = _sqrt_up(m_hi) + root_e2
        out.append((low * low if low > 0 else fmpq(0), high * high))
    return out
