"""Certified e_H for SSM layers at real sizes: float64 with a-priori error bounds, Ostrowski and Weyl.

The layer is W(tau) = Re(C diag(a)^tau B) (+ D at tau = 0), |a_j| <= 1, read by constructions/checkpoints.py.
G = sum_{tau<n} (n - tau) vec W(tau) vec W(tau)^T has the nonzero spectrum of F w F^T for a real matrix F
with n columns (w = diag(n - tau)):

* depthwise (S4D): F = K, K[r, tau] = W(tau)[r, inputs[r]] = Re(sum_j c_rj a_rj^tau), and G = K w K^T on the
  coordinates (r, inputs[r]) (every other entry of vec W is 0);
* diagonal MIMO (S5, LRU): vec W(tau) = U z_tau, U = [Re u_j | -Im u_j], u_j = C[:, j] (x) B[j, :], z_tau =
  [Re a_j^tau; Im a_j^tau]; with Gamma = U^T U = L L^T, the nonzero spectrum of G = U Z w Z^T U^T is that of
  L^T Z w Z^T L = F w F^T, F = L^T Z (2P x n). Gamma's entries are Hadamard products of P x P Grams:
  u_j^T u_l = (C_j^T C_l)(B_j^T B_l) and u_j^H u_l = (C_j^H C_l)(B_j^H B_l).

Every float64 step has an a-priori bound (u = 2^-53, gamma_k = k u / (1 - k u); docs/trusted-base.md,
"Float64 Gram bounds", has the argument): powers by repeated multiplication, |fl(a^t) - a^t| <= theta_t
|a^t| with theta_t = (1 + 4u)^t - 1 (a complex product errs by at most 4u relative); dot products of length k
by gamma_k times the sum of absolute products; so |F~ - F| <= eps entrywise with eps computed. Then
||G - G~||_F <= gamma_{n+1} T0 + 2 sqrt(E2 T0) + E2 (T0 = sum w F~^2, E2 = sum w eps^2) and trace G lies in
T0 (1 +- gamma_{R n}) +- (2 sqrt(E2 T0) + E2). For the approximate eigenvectors V (eigh of G~), with
f >= ||V^T V - I||_F < 1 and r >= ||G~ - V diag(d) V^T||_F, Ostrowski and Weyl give lambda_i(G) in
[d_i - f |d_i| - r - e, d_i + f |d_i| + r + e] (for the MIMO form divided by 1 + mu and 1 - mu, mu bounding
the relative error of L L^T = Gamma + E, with lambda_min(Gamma) bracketed the same way). Computed bounds
are sums and products of nonnegative floats (relative shortfall at most 1e-9 at these sizes), multiplied by
SAFETY = 1.01; the brackets and e_H are then evaluated exactly (Fractions).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

__all__ = ["UNIT", "SAFETY", "NotContractive", "power_rows", "mimo_rows", "spectrum", "table", "smallest_heads"]

UNIT = 2.0**-53
SAFETY = 1.01  # covers the rounding of the bound arithmetic itself (relative shortfall <= 1e-9 here)
TINY = 1e-300  # covers underflow: every rounding to a subnormal errs by at most 2^-1074 absolute
_CHUNK = 1 << 22  # complex powers held at once (64 MiB)


class NotContractive(ValueError):
    """A mode with |a| > 1: the float bounds assume |a| <= 1 (stable layers)."""


def _gamma(k: int) -> float:
    """gamma_k = k u / (1 - k u), the bound of a k-term dot product's relative error."""
    return k * UNIT / (1 - k * UNIT)


def _contractive(a: np.ndarray) -> None:
    """Every |a_j| <= 1, decided exactly when the float test is too close to call."""
    close = np.abs(a) > 1 - 1e-12
    for z in np.asarray(a)[close].ravel():
        re, im = Fraction(float(z.real)), Fraction(float(z.imag))
        if re * re + im * im > 1:
            raise NotContractive(f"a mode with |a| > 1 (a = {complex(z)}): the layer is unstable")


def power_rows(a: np.ndarray, coef: np.ndarray, n: int, coef_rel: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """F~[r, t] = fl(Re(sum_j coef_rj a_rj^t)) for t < n, and eps with |F~ - F| <= eps entrywise.

    coef_rel: when the exact coefficients are only known to |c - coef| <= coef_rel |c|, F is the exact row of c.
    """
    _contractive(a)
    R, N = a.shape
    t = np.arange(n, dtype=float)
    theta = 4 * UNIT * t / (1 - 4 * UNIT * t)  # (1 + 4u)^t - 1 <= 4ut / (1 - 4ut)
    rel = _gamma(N + 2) + theta / (1 - theta) + coef_rel / (1 - coef_rel) / (1 - theta)
    F, eps = np.empty((R, n)), np.empty((R, n))
    step = max(1, _CHUNK // max(1, N * n))
    for lo in range(0, R, step):
        hi = min(R, lo + step)
        P = np.empty((hi - lo, N, n), complex)
        P[:, :, 0] = 1
        P[:, :, 1:] = a[lo:hi, :, None]
        np.cumprod(P, axis=2, out=P)
        c = coef[lo:hi]
        F[lo:hi] = np.einsum("rj,rjt->rt", c.real, P.real) - np.einsum("rj,rjt->rt", c.imag, P.imag)
        size = np.einsum("rj,rjt->rt", np.abs(c), np.abs(P))
        eps[lo:hi] = rel * size + TINY * (np.abs(c).sum(axis=1, keepdims=True) + 2 * N + 2)
    return F, eps * SAFETY


def _real_gram(Xr: np.ndarray, Xi: np.ndarray, Yr: np.ndarray, Yi: np.ndarray, conj: bool) -> tuple:
    """X^T Y (or X^H Y) from real products, and an entrywise bound of its error (complex modulus)."""
    sign = -1 if conj else 1
    re = Xr.T @ Yr - sign * (Xi.T @ Yi)
    im = Xr.T @ Yi + sign * (Xi.T @ Yr)
    size = np.abs(Xr).T @ np.abs(Yr) + np.abs(Xi).T @ np.abs(Yi) + np.abs(Xr).T @ np.abs(Yi) + np.abs(Xi).T @ np.abs(Yr)
    k = Xr.shape[0]
    return re + 1j * im, _gamma(2 * k + 1) * size + TINY * k


def _gamma_matrix(B: np.ndarray, C: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gamma = U^T U for U = [Re u_j | -Im u_j], u_j = C_j (x) B_j, and an entrywise bound of its error."""
    parts = {}
    for conj in (False, True):
        gc, ec = _real_gram(C.real, C.imag, C.real, C.imag, conj)
        gb, eb = _real_gram(B.T.real, B.T.imag, B.T.real, B.T.imag, conj)
        x = gc * gb
        err = ec * np.abs(gb) + np.abs(gc) * eb + ec * eb + 4 * UNIT * np.abs(x) + TINY
        parts[conj] = (x, err)
    (xt, et), (xh, eh) = parts[False], parts[True]
    P = xt.shape[0]
    G = np.empty((2 * P, 2 * P))
    G[:P, :P] = (xt.real + xh.real) / 2
    G[:P, P:] = -(xt.imag + xh.imag) / 2
    G[P:, :P] = -(xt.imag - xh.imag) / 2
    G[P:, P:] = (xh.real - xt.real) / 2
    E = np.tile((et + eh) / 2, (2, 2)) + UNIT * np.abs(G) + TINY
    return G, E * SAFETY


def mimo_rows(
    a: np.ndarray, B: np.ndarray, C: np.ndarray, n: int, ambient: bool | None = None
) -> tuple[np.ndarray, np.ndarray, Fraction]:
    """F~ = fl(L^T Z), eps, and mu: G's eigenvalues are those of L^T Y L within factors [1 - mu, 1 + mu].

    L L^T = Gamma + E with ||E||_F <= ec + eg, and E = Gamma^1/2 M Gamma^1/2 with ||M||_2 <= ||E||_2 /
    lambda_min(Gamma) <= mu, so Y^1/2 (Gamma + E) Y^1/2 lies between (1 -+ mu) Y^1/2 Gamma Y^1/2 (Loewner order).

    When p d <= 2P, F is instead the p d x n matrix of vec W(tau) itself (no Gamma). Modes with a real a_j drop
    their (zero) Im row of Z; Gamma restricted accordingly. LinAlgError when Gamma is not numerically positive
    definite (a rank-deficient U, e.g. repeated modes).
    """
    P, (p, d) = len(a), (C.shape[0], B.shape[1])
    if ambient or (
        ambient is None and p * d <= 2 * P
    ):  # G itself is small: rows (i, k) of vec W(tau), coefficients C_ij B_jk (one rounding each)
        coef = (C[:, None, :] * B.T[None, :, :]).reshape(p * d, P)
        F, eps = power_rows(np.broadcast_to(a, (p * d, P)), coef, n, coef_rel=4 * UNIT)
        return F, eps, Fraction(0)
    keep = np.concatenate([np.ones(P, bool), a.imag != 0])
    rows_a = np.concatenate([a, a])[keep][:, None]
    rows_c = np.concatenate([np.ones(P), -1j * np.ones(P)])[keep][:, None]
    Z, ez = power_rows(rows_a, rows_c, n)
    gamma, egamma = _gamma_matrix(B, C)
    gamma, egamma = gamma[np.ix_(keep, keep)], egamma[np.ix_(keep, keep)]
    gamma = np.triu(gamma) + np.triu(gamma, 1).T
    eg = float(np.linalg.norm(np.maximum(egamma, egamma.T))) * SAFETY  # ||Gamma~ - Gamma||_F
    L = np.linalg.cholesky(gamma)
    side = L.shape[0]
    ec = (np.linalg.norm(L @ L.T - gamma) + _gamma(side + 1) * np.linalg.norm(L) ** 2) * SAFETY
    d, f, r = _eigen(gamma)
    low = Fraction(float(d[-1])) - Fraction(f) * abs(Fraction(float(d[-1]))) - Fraction(r) - Fraction(eg)
    if not low > 0:
        raise np.linalg.LinAlgError("the Gram matrix of the modes is not certified positive definite")
    mu = (Fraction(float(ec)) + Fraction(eg)) / low  # ||Gamma^-1/2 (L L^T - Gamma) Gamma^-1/2||_2 <= mu
    F = L.T @ Z
    eps = _gamma(side + 1) * (np.abs(L.T) @ np.abs(Z)) + np.abs(L.T) @ ez + TINY * side
    return F, eps * SAFETY, mu


def _eigen(G: np.ndarray) -> tuple[np.ndarray, float, float]:
    """eigh of a symmetric float matrix, largest first, with f >= ||V^T V - I||_F and r >= ||G - V diag(d) V^T||_F."""
    R = G.shape[0]
    d, V = np.linalg.eigh(G)
    if not (np.all(np.isfinite(d)) and np.all(np.isfinite(V))):
        raise ValueError("the float eigensolver returned non-finite values")
    d, V = d[::-1], V[:, ::-1]
    norms = np.sum(V * V, axis=0)
    f = (np.linalg.norm(V.T @ V - np.eye(R)) + _gamma(R + 1) * float(norms.sum())) * SAFETY
    r = (np.linalg.norm(G - (V * d) @ V.T) + _gamma(R + 2) * float(np.sum(np.abs(d) * norms))) * SAFETY
    if not f < 1:
        raise ValueError(f"the eigenvectors are not orthonormal enough (||V^T V - I||_F <= {f:.3g})")
    return d, float(f), float(r)


def spectrum(F: np.ndarray, eps: np.ndarray, n: int, mu: Fraction = Fraction(0)) -> dict:
    """Brackets [lo_i, hi_i] (exact Fractions, largest first) of the eigenvalues of G and of trace G.

    mu: the eigenvalues and trace of F w F^T are those of G times factors in [1 - mu, 1 + mu] (MIMO form).
    """
    w = n - np.arange(n, dtype=float)
    R = F.shape[0]
    Gt = (F * w) @ F.T
    G = np.triu(Gt) + np.triu(Gt, 1).T
    t0 = float(np.sum(w * F * F))
    e2 = float(np.sum(w * eps * eps)) * (1 + _gamma(eps.size + 4))
    cross = 2 * np.sqrt(e2 * t0 * (1 + _gamma(F.size + 4))) + e2
    e = (_gamma(n + 1) * t0 * (1 + _gamma(F.size + 4)) + cross + TINY * n * R) * SAFETY
    d, f, r = _eigen(G)
    if not mu < 1:
        raise ValueError(f"the Gram matrix of the modes is too ill-conditioned (relative perturbation {float(mu):.3g})")
    slack, ff = Fraction(r) + Fraction(e), Fraction(f)
    brackets = []
    for x in d:
        x = Fraction(float(x))
        lo, hi = max(Fraction(0), x - ff * abs(x) - slack), x + ff * abs(x) + slack
        brackets.append((lo / (1 + mu), hi / (1 - mu)))
    t_err = Fraction((_gamma(F.size + 4) * t0 + cross) * SAFETY)
    trace = (max(Fraction(0), Fraction(t0) - t_err) / (1 + mu), (Fraction(t0) + t_err) / (1 - mu))
    return {"brackets": brackets, "trace": trace, "weyl": float(e), "residual": float(r), "orthogonality": f}


def table(spec: dict) -> list[tuple[Fraction, Fraction]]:
    """[lower, upper] of e_H = (trace G - top H eigenvalues) / trace G for H = 1..R."""
    br, (tr_lo, tr_hi) = spec["brackets"], spec["trace"]
    if tr_lo <= 0:
        raise ValueError("trace G is not certified positive (the layer's impulse response is ~0)")
    lows, highs = [lo for lo, _ in br], [hi for _, hi in br]
    tail_lo, tail_hi = sum(lows), sum(highs)
    top_lo = top_hi = Fraction(0)
    out = []
    for h in range(len(br)):
        top_lo, top_hi = top_lo + lows[h], top_hi + highs[h]
        tail_lo, tail_hi = tail_lo - lows[h], tail_hi - highs[h]
        t_lo = max(Fraction(0), tr_lo - top_hi, tail_lo)
        t_hi = max(Fraction(0), min(tr_hi - top_lo, tail_hi))
        out.append((t_lo / tr_hi, min(Fraction(1), t_hi / tr_lo)))
    return out


def smallest_heads(bounds: list[tuple[Fraction, Fraction]], tolerance: Fraction) -> tuple[int, int]:
    """(lowest, highest) smallest H with e_H <= tolerance allowed by the bounds; equal when decided."""
    values = [(Fraction(1), Fraction(1)), *bounds]
    first_possible = next((h for h, (lo, _) in enumerate(values) if lo <= tolerance), len(values) - 1)
    first_sure = next((h for h, (_, hi) in enumerate(values) if hi <= tolerance), len(values) - 1)
    return first_possible, first_sure
