"""Float64 side of kind float_gram: F~, its entrywise error bound, G~ = F~ w F~^T and measured eigen-residuals.

The only kernel module that may import numpy (tests/test_kernel_imports.py); kind_float_gram.py imports it
lazily, when a float_gram obligation is checked, so importing the kernel never loads numpy. Every function
returns floats that are upper bounds of the named exact quantities under the assumptions of
docs/trusted-base.md ("Float64 Gram bounds, re-checked by the kernel"): IEEE-754 binary64 round to nearest in
numpy's elementwise operations, and real BLAS products (matmul, dot) of any summation order, with or without
fused multiply-add, obeying |fl(x^T y) - x^T y| <= gamma_k |x|^T |y| (no Strassen-type algorithm). LAPACK
(eigh, cholesky) is only a source of approximations whose accuracy is measured here, never assumed.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = [
    "np",  # the numpy module, for the theory's other modules (this is the one kernel module that imports numpy)
    "Measured",
    "UNIT",
    "SAFE",
    "TINY",
    "gamma",
    "power_rows",
    "mode_gram",
    "core_rows",
    "gram_and_eigen",
    "fro",
    "power_bound",
    "dense_rows",
    "dense_core",
    "two_norm",
]

UNIT = 2.0**-53
# Every bound below is a monotone float expression of nonnegative floats with fewer than 2^30 roundings on any
# path (sizes are capped by kind_float_gram), so its computed value is at least (1 - 1.3e-7) times the exact one;
# SAFE (1 + 2^-20 > 1 + 9.5e-7) times it is an upper bound.
SAFE = 1.0 + 2.0**-20
TINY = 1e-300  # an underflow errs by at most 2^-1074 per rounding; TINY per entry covers every such term here
BLOCK = 64  # t = BLOCK q + s: powers a^s (s < BLOCK) and a^(BLOCK q) by repeated multiplication

# Measured float64 values and arrays by name (numpy floats, arrays and tuples of them), as the checkers read them.
Measured = dict[str, Any]


def gamma(k: int) -> float:
    """gamma_k = k u / (1 - k u) (Higham), rounded up by SAFE."""
    return k * UNIT / (1 - k * UNIT) * SAFE


def fro(x: np.ndarray) -> float:
    """An upper bound of the Frobenius norm of x: sqrt of a dot product of its entries, times SAFE, plus TINY."""
    flat = np.ascontiguousarray(x, dtype=float).ravel()
    return (math.sqrt(float(np.dot(flat, flat))) + 1e-150) * SAFE


def _absolute(z: np.ndarray) -> np.ndarray:
    """|Re z| + |Im z| (an upper bound of |z| with one rounding, hence >= (1 - u) |z|)."""
    out: np.ndarray = np.abs(z.real) + np.abs(z.imag)
    return out


def power_rows(a: np.ndarray, c: np.ndarray, n: int, coef_steps: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """_power_rows on blocks of rows (rows are independent; the same operations), so that its temporaries
    (about 40 (b + Q) N bytes a row) stay near 2^22 values whatever R."""
    R, N = a.shape
    step = max(1, (1 << 22) // (n * (N + 2)))
    if step >= R:
        return _power_rows(a, c, n, coef_steps)
    F, eps = np.empty((R, n)), np.empty((R, n))
    for start in range(0, R, step):
        F[start : start + step], eps[start : start + step] = _power_rows(
            a[start : start + step], c[start : start + step], n, coef_steps
        )
    return F, eps


def _power_rows(a: np.ndarray, c: np.ndarray, n: int, coef_steps: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """F~[r, t] = fl(Re sum_j c_rj a_rj^t) (t < n, 0^0 = 1) and eps with |F~ - F| <= eps entrywise.

    a, c: (R, N) complex128 with |a| <= 1 (checked by the caller). coef_steps: roundings by which c itself is
    away from the exact coefficients (each a complex product, relative error < 4u). For t = BLOCK q + s:
    P~_s = fl(P~_(s-1) a) and Q~_q = fl(Q~_(q-1) fl(P~_(BLOCK-1) a)), X~_q = fl(c Q~_q); every complex product
    errs by a factor (1 + delta), |delta| < 4u, so X~_q P~_s = c a^t (1 + rho), |rho| <= theta_m = (1 + 4u)^m - 1,
    m = t + q + 1 + coef_steps. F~ = fl(sum_j Re X~ Re P~ - Im X~ Im P~) is a real dot product of length 2N.
    """
    R, N = a.shape
    b = min(BLOCK, n)
    Q = -(-n // b)
    P = np.empty((R, b, N), complex)
    P[:, 0, :] = 1
    for s in range(1, b):
        P[:, s, :] = P[:, s - 1, :] * a
    step = P[:, b - 1, :] * a
    X = np.empty((R, Q, N), complex)
    power = np.ones((R, N), complex)
    for q in range(Q):
        X[:, q, :] = c * power
        power = power * step
    Xr = np.concatenate([X.real, -X.imag], axis=2)
    Pr = np.concatenate([P.real, P.imag], axis=2)
    F = np.matmul(Xr, Pr.transpose(0, 2, 1)).reshape(R, Q * b)[:, :n]
    size = np.matmul(_absolute(X), _absolute(P).transpose(0, 2, 1)).reshape(R, Q * b)[:, :n]
    t = np.arange(n, dtype=float)
    m = t + t // b + 1 + coef_steps
    theta = 4 * UNIT * m / (1 - 4 * UNIT * m)  # (1 + 4u)^m - 1 <= 4um / (1 - 4um)
    # |F~ - F| <= gamma_2N sum |X~||P~| + sum |c||a|^t theta_m, and |c||a|^t <= |X~||P~| / (1 - theta_m);
    # the computed size is >= (1 - gamma_(N+3)) sum (|Re X~| + |Im X~|)(|Re P~| + |Im P~|) >= that of moduli.
    rel = (gamma(2 * N) + theta / (1 - theta)) / (1 - gamma(N + 3)) * SAFE
    tiny = TINY * (2 * N + 4) * (1 + _absolute(c).sum(axis=1, keepdims=True))
    return F, rel * size * SAFE + tiny


def _gram(Xr: np.ndarray, Xi: np.ndarray, conj: bool) -> tuple[np.ndarray, np.ndarray]:
    """X^T X (conj: X^H X) of a complex matrix given by its parts, and an entrywise bound of its error."""
    s = 1.0 if conj else -1.0
    rr, ii, ri = Xr.T @ Xr, Xi.T @ Xi, Xr.T @ Xi
    value = (rr + s * ii) + 1j * (ri - s * ri.T)
    A = np.abs(Xr) + np.abs(Xi)
    k = Xr.shape[0]
    # each part: a length-k product of each of two kinds, then one addition: error <= gamma_(k+1) (A^T A)
    return value, gamma(k + 3) * (A.T @ A) * SAFE + TINY * (k + 2)


def mode_gram(B: np.ndarray, C: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gamma~ = U^T U for U = [Re u_j | -Im u_j] (u_j = C[:, j] kron B[j, :]) on the kept columns, and a bound.

    u_j^T u_l = (C^T C)_jl (B B^T)_jl and u_j^H u_l = (C^H C)_jl (conj(B) B^T)_jl; Re u_j . Re u_l = Re(x + h)/2,
    Im u_j . Im u_l = Re(h - x)/2, Re u_j . Im u_l = Im(x + h)/2, Im u_j . Re u_l = Im(x - h)/2.
    """
    parts = []
    for conj in (False, True):
        gc, ec = _gram(C.real, C.imag, conj)
        gb, eb = _gram(B.T.real, B.T.imag, conj)
        value = gc * gb
        # |x~ - x| <= ec |gb~| + (|gc~| + ec) eb + 4u |gc~ gb~| (the complex product's own rounding)
        err = ec * np.abs(gb) + (np.abs(gc) + ec) * eb + 4 * UNIT * np.abs(gc) * np.abs(gb)
        parts.append((value, err * SAFE + TINY))
    (x, ex), (h, eh) = parts
    P = x.shape[0]
    G = np.empty((2 * P, 2 * P))
    G[:P, :P] = (x.real + h.real) / 2
    G[:P, P:] = -(x.imag + h.imag) / 2
    G[P:, :P] = -(x.imag - h.imag) / 2
    G[P:, P:] = (h.real - x.real) / 2
    E = np.tile((ex + eh) / 2, (2, 2)) * SAFE + UNIT * (np.tile(np.abs(x) + np.abs(h), (2, 2)) / 2) * SAFE + TINY
    G, E = G[np.ix_(keep, keep)], E[np.ix_(keep, keep)]
    return np.triu(G) + np.triu(G, 1).T, np.maximum(E, E.T)


def eigen_residuals(G: np.ndarray) -> tuple[np.ndarray, float, float]:
    """eigh(G) as a witness: d (largest first), f >= ||V^T V - I||_F and r >= ||G - V diag(d) V^T||_F."""
    d, _, f, r = _eigen(G)
    return d, f, r


def _eigen(G: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """eigen_residuals with the eigenvectors V (columns, largest eigenvalue first) too."""
    R = G.shape[0]
    d, V = np.linalg.eigh(G)
    if not (np.all(np.isfinite(d)) and np.all(np.isfinite(V))):
        raise ValueError("the float eigensolver returned non-finite values")
    d, V = np.ascontiguousarray(d[::-1]), np.ascontiguousarray(V[:, ::-1])
    norms = np.sum(V * V, axis=0)
    # fl(V^T V) errs entrywise by gamma_R |V|^T |V|, whose Frobenius norm is <= ||V||_F^2; the subtraction of I
    # rounds once more (factor 1 + u); likewise fl((V d) V^T) errs by gamma_(R+1) |V| |d| |V|^T.
    f = (fro(V.T @ V - np.eye(R)) + gamma(R) * float(norms.sum())) * (1 + UNIT) * SAFE
    r = (fro(G - (V * d) @ V.T) + gamma(R + 1) * float(np.sum(np.abs(d) * norms))) * (1 + UNIT) * SAFE
    return d, V, f, r


def core_rows(a: np.ndarray, B: np.ndarray, C: np.ndarray, n: int) -> Measured:
    """The MIMO core: F~ = fl(L^T Z~), eps, and the numbers that give mu (||L L^T - Gamma||_F, lambda_min(Gamma)).

    Rows of Z: Re a_j^t for every mode, Im a_j^t = Re(-i a_j^t) for modes with Im a_j != 0 (others are 0).
    """
    keep = np.concatenate([np.ones(len(a), bool), a.imag != 0])
    rows_a = np.concatenate([a, a])[keep][:, None]
    rows_c = np.concatenate([np.ones(len(a)), -1j * np.ones(len(a))])[keep][:, None]
    Z, ez = power_rows(rows_a, rows_c.astype(complex), n)
    gam, egam = mode_gram(B, C, keep)
    if not (np.all(np.isfinite(gam)) and np.all(np.isfinite(egam))):
        raise ValueError("the Gram matrix of the modes is not finite")
    eg = fro(egam)
    d, f, r = eigen_residuals(gam)
    L = np.linalg.cholesky(gam)  # LinAlgError when Gamma~ is not numerically positive definite
    side = L.shape[0]
    # ||L L^T - Gamma||_F <= ||fl(fl(L L^T) - Gamma~)||_F (1 + u) + gamma_side ||L||_F^2 + eg
    ec = fro(L @ L.T - gam) * (1 + UNIT) * SAFE + gamma(side) * fro(L) ** 2 * SAFE + eg
    F = L.T @ Z
    # |fl(L^T Z~) - L^T Z| <= gamma_side |L^T| |Z~| + |L^T| eps_Z
    eps = (np.abs(L.T) @ (gamma(side) * np.abs(Z) + ez)) * (1 + gamma(side + 2)) * SAFE + TINY * (side + 2)
    return {"F": F, "eps": eps, "ec": ec, "eg": eg, "gamma_min": float(d[-1]), "gamma_f": f, "gamma_r": r}


def gram_and_eigen(F: np.ndarray, eps: np.ndarray, n: int, tails: bool = False) -> Measured:
    """T0 = fl(sum w F~^2), E2 >= sum w eps^2, e >= ||F~ w F~^T - fl(G~)||_F, and the eigen witness of G~.

    w = n - t (exact). G~ = fl(S S^T) with S = fl(F~ fl(sqrt w)) (one product S S^T: BLAS may use a symmetric
    rank-k update), symmetrized from its upper triangle. S_it S_jt = F~_it F~_jt w_t (1 + theta_4) (two roundings
    of sqrt w squared, two of the products), so the entrywise error is <= gamma_(n+5) |F~| w |F~|^T, whose
    Frobenius norm is <= gamma_(n+5) sum w F~^2. tails: also the data of tail_data (key "tails").
    """
    w = n - np.arange(n, dtype=float)
    R = F.shape[0]
    S = F * np.sqrt(w)
    G = S @ S.T
    del S
    G = np.triu(G) + np.triu(G, 1).T
    t0 = float(np.sum((F * F) @ w))  # relative error <= gamma_(n + R + 2)
    e2 = float(np.sum((eps * eps) @ w)) * (1 + gamma(n + R + 2)) * SAFE + TINY * R
    if not (math.isfinite(t0) and math.isfinite(e2) and np.all(np.isfinite(G))):
        raise ValueError("F~ w F~^T is not finite")
    d, V, f, r = _eigen(G)
    del G
    out: dict[str, Any] = {"t0": t0, "e2": e2, "rounding": gamma(n + 6), "d": d, "f": f, "r": r, "side": R}
    if tails and R > 1:
        out["tails"] = tail_data(F, V, n)
    return out


def tail_data(F: np.ndarray, V: np.ndarray, n: int) -> dict[str, Any]:
    """Per split h = 1..R-1 of N = V^T M V (M = F~ w F~^T exactly, V the float eigenvectors): the float bounds
    that kind_float_gram's tails.py turns into a bracket of the sum of the R - h smallest eigenvalues of M.

    T~ = fl(V^T F~) errs by <= gamma_R |V|^T |F~|, so delta_i = gamma_R sum_k |V_ki| phi_k >= ||(T - T~)_i sqrt
    w|| (phi_k >= ||F~_k sqrt w||). N~ = fl(Y Y^T), Y = fl(T~ fl(sqrt w)), errs from T~ w T~^T by gamma_(n+5)
    tau_i tau_j (tau_i >= ||T~_i sqrt w||), and T~ w T~^T from N by delta_i tau_j + tau_i delta_j + delta_i delta_j
    (Cauchy-Schwarz): c_ij = |N~_ij| + err_ij >= |N_ij|; N_ii in [lo_i, hi_i]. Returned, for A = N[:h, :h], C =
    N[h:, h:], B = N[:h, h:]: min_lo (min lo_i, i < h), lead >= ||D^-1/2 offdiag(A) D^-1/2||_F^2 (D = diag A,
    through lo), max_hi (max hi_j, j >= h), trail >= ||offdiag(C)||_F^2, cross >= ||B||_F^2, csum = fl(sum_{j>=h}
    N~_jj) (relative error <= gamma_R: c_rel) and cerr >= sum_{j>=h} err_jj. Every sum is one of nonnegative
    floats in sequence (cumsum), within gamma_(2R) of its exact value. weighted(h, w): the per-column form of cross.
    """
    R = F.shape[0]
    w = n - np.arange(n, dtype=float)
    T = V.T @ F
    T *= np.sqrt(w)
    N = T @ T.T
    del T
    N = np.triu(N) + np.triu(N, 1).T
    phi = np.sqrt((F * F) @ w) * (1 + gamma(n + 2)) * SAFE + 1e-150
    delta = gamma(R) * (np.abs(V).T @ phi) * (1 + gamma(R)) * SAFE + 1e-150
    diag = np.diag(N).copy()
    tau = np.sqrt(np.maximum(diag, 0)) * (1 + gamma(n + 6)) * SAFE + 1e-150
    g = gamma(n + 5)
    c = (g * tau[:, None] + delta[:, None]) * tau[None, :] + (tau[:, None] + delta[:, None]) * delta[None, :]
    c *= SAFE
    err = np.diag(c).copy()
    c += np.abs(N) * SAFE + TINY
    del N
    if not (np.all(np.isfinite(c)) and np.all(np.isfinite(diag))):
        raise ValueError("the projected Gram matrix V^T G V is not finite")
    lo = np.maximum((diag - err) * (1 - 2.0**-40), 0.0)  # fl(x - y) (1 - 2^-40) <= x - y when positive
    hi = (diag + err) * SAFE
    sums = (1 + gamma(2 * R + 2)) * SAFE
    root = np.sqrt(lo)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        scaled = np.triu(c / root[:, None] / root[None, :], 1)
        scaled[~np.isfinite(scaled)] = np.inf  # lo_i = 0: no bound for A containing row i
        lead = 2 * np.cumsum(np.sum(scaled * scaled, axis=0))[:-1] * SAFE * sums  # i < j < h
    del scaled
    c = np.triu(c, 1)
    c *= c
    trail = 2 * np.cumsum(np.sum(c, axis=1)[::-1])[::-1][1:] * SAFE * sums  # h <= i < j
    c += c.T  # symmetric squares, zero diagonal
    columns = np.cumsum(c, axis=0)  # [i, j]: sum_{i' <= i} c_i'j^2 >= ||column j of B||^2 for h = i + 1
    c = np.cumsum(np.cumsum(c[:, ::-1], axis=1)[:, ::-1], axis=0)  # [i, h]: sum_{i' <= i, j >= h}
    cross = c[np.arange(R - 1), np.arange(1, R)] * SAFE * sums
    del c

    def weighted(h: int, w: float) -> float:
        """>= sum_{j >= h} ||B_:j||^2 / (w - hi_j) (split h, w a float), or inf when some w - hi_j is not > 0."""
        den = (w - hi[h:]) * (1 - 2.0**-40)  # fl(w - hi_j) (1 - 2^-40) <= w - hi_j when positive
        if not np.all(den > 0):
            return math.inf
        return float(np.sum(columns[h - 1, h:] / den)) * SAFE * sums

    return {
        "weighted": weighted,
        "min_lo": np.minimum.accumulate(lo)[:-1],
        "lead": lead,
        "max_hi": np.maximum.accumulate(hi[::-1])[::-1][1:],
        "trail": trail,
        "cross": cross,
        "csum": np.cumsum(diag[::-1])[::-1][1:],
        "c_rel": gamma(R),
        "cerr": np.cumsum(err[::-1])[::-1][1:] * sums,
    }


def power_bound(A: np.ndarray, n: int, slack: float = 1.0, norm_factor: float = 0.0) -> Measured:
    """A Lyapunov witness for ||A^k||_2 <= kappa rho^k (k >= 0): rho, and measured brackets of P and of M.

    rho (a dyadic float, rho^2 exact) is chosen above the spectral radius (or as norm_factor ||A||_2); P ~ sum_k
    (A/rho)^kT (A/rho)^k (Smith's doubling, an untrusted approximation) is symmetrized, so the exact P is that float
    matrix. Returned: the eigen witnesses of P and of M~ = fl(rho^2 P - fl(fl(A^T P) A)) (d, f, r as in
    eigen_residuals) and e_M >= ||M - M~||_F (M = rho^2 P - A^T P A exactly): the kind decides lambda_min(M) >= 0
    and lambda_min(P) > 0 in fmpq.
    """
    m = A.shape[0]
    radius = float(np.max(np.abs(np.linalg.eigvals(A)))) if m else 0.0
    rho = max(radius * (1 + slack / n), 2.0**-20)  # ratio rho^n / radius^n about e^slack; P grows as slack falls
    if norm_factor:  # rho from the norm instead (a nilpotent or far-from-normal A: the radius says little)
        rho = max(norm_factor * float(np.linalg.norm(A, 2)) * (1 + 1 / n), 2.0**-20)
    rho = math.ceil(rho * 2.0**24) / 2.0**24  # 24 fractional bits: rho^2 is exact in float64 while rho < 2
    if not (math.isfinite(rho) and rho < 2):
        raise ValueError(f"the spectral radius of A is {radius:.3g}; at most 2")
    scaled, P = A / rho, np.eye(m)
    with np.errstate(over="ignore", invalid="ignore"):  # a diverging series is detected below, not warned about
        for _ in range(40):  # (radius / rho)^(2^40) is below 1e-30 for every slack used (at most n <= 2^16)
            P = P + scaled.T @ P @ scaled
            scaled = scaled @ scaled
            if not (np.all(np.isfinite(P)) and np.all(np.isfinite(scaled))):
                raise ValueError("the Lyapunov series for ||A^k|| diverged (A too far from normal)")
            if float(np.max(np.abs(scaled), initial=0.0)) < 1e-30:
                break
    P = np.triu(P) + np.triu(P, 1).T
    AtP = A.T @ P
    M = rho * rho * P - AtP @ A
    M = np.triu(M) + np.triu(M, 1).T  # symmetrizing copies entries: M~ is symmetric, each entry one of the computed
    norm_a, norm_p = fro(A), fro(P)
    # |fl(A^T P) - A^T P| <= gamma_m |A^T||P|; the second product adds gamma_m |fl(A^T P)||A|; rho^2 P and the
    # subtraction round once each (u rho^2 |P|, u |M~|); Frobenius norms of |X||Y| are <= ||X||_F ||Y||_F.
    e_m = (gamma(m) * norm_a * norm_a * norm_p + gamma(m) * fro(AtP) * norm_a) * (1 + UNIT) * SAFE
    e_m = (e_m + UNIT * rho * rho * norm_p + UNIT * fro(M) + TINY * (m + 2) ** 2) * SAFE
    dp, fp, rp = eigen_residuals(P)
    dm, fm, rm = eigen_residuals(M)
    # a heuristic (not a bound): log of the weighted amplification of errors kappa^2 sum w rho^2t / sum w radius^2t
    t = np.arange(n, dtype=float)
    logs = [np.log(n - t) + 2 * t * math.log(max(x, 1e-300)) for x in (rho, radius)]
    spread = [float(np.max(v) + np.log(np.sum(np.exp(v - np.max(v))))) for v in logs]
    score = math.log(max(float(dp[0]), 1e-300) / max(float(dp[-1]), 1e-300)) + spread[0] - spread[1]
    return {
        "rho": rho,
        "p": (float(dp[0]), float(dp[-1]), fp, rp),
        "m": (float(dm[-1]), fm, rm),
        "e_m": e_m,
        "score": score,
    }


def two_norm(X: np.ndarray) -> float:
    """An upper bound of ||X||_2: ||X||_2^2 = ||X^T X||_2 <= ||fl(X^T X)||_F + gamma_k ||X||_F^2 (the smaller side)."""
    X = X if X.shape[0] >= X.shape[1] else X.T
    norm = fro(X)
    return math.sqrt(fro(X.T @ X) + gamma(X.shape[0]) * norm * norm) * SAFE + 1e-150


def dense_rows(
    A: np.ndarray, B: np.ndarray, C: np.ndarray, n: int, kappa: float, rho: float
) -> tuple[np.ndarray, np.ndarray]:
    """F~[(i, j), t] ~ (C A^t B)_ij for t < n, and eta with eta_t >= ||F~[:, t] - vec C A^t B||_2.

    Given ||A^k||_2 <= kappa rho^k for every k >= 0, with t = b q + s (b = BLOCK): Q~_s = fl(Q~_(s-1) A) (Q~_0 =
    C), P~_s = fl(A P~_(s-1)) (P~_0 = I), Y~_(q+1) = fl(P~_b Y~_q) (Y~_0 = B) and F~_t = fl(Q~_s Y~_q). Each
    product errs by some delta with ||delta||_F <= gamma_m ||X||_F ||Y||_F (+ underflow). Every error is a sum of
    terms (power of A) delta (power of A) (Y~ or nothing) whose powers add up to one exponent k, so its norm is
    <= kappa rho^k ||delta||_F ||Y~||_2: with phi_s = rho phi_(s-1) + ||delta^Q_s||, pi = sum_i rho^(b-i)
    ||delta^P_i|| and eps_(q+1) = rho^b eps_q + pi ||Y~_q||_2 + gamma_m ||P~_b||_F ||Y~_q||_F, ||Q~_s Y~_q - C A^s
    Y~_q|| <= kappa phi_s ||Y~_q||_2, ||Y~_q - A^(b q) B|| <= kappa eps_q and ||F~_t - C A^t B|| <= gamma_m ||Q~_s||_F
    ||Y~_q||_F + kappa phi_s ||Y~_q||_2 + ||C||_2 kappa rho^s eps_q: kappa enters once (||.||_2 by two_norm). Every
    bound is a monotone float expression (SAFE at the end covers its roundings).
    """
    m, d = B.shape
    p = C.shape[0]
    b = min(BLOCK, n)
    g, norm_a = gamma(m), fro(A)
    tiny = TINY * (m + 2) * (m + p + d + 2)
    Q, phi, P, pi = [np.array(C, dtype=float)], [0.0], np.eye(m), 0.0
    for _ in range(1, b):
        phi.append(rho * phi[-1] + g * fro(Q[-1]) * norm_a + tiny)
        Q.append(Q[-1] @ A)
    for _ in range(b):
        pi = rho * pi + g * norm_a * fro(P) + tiny
        P = A @ P
    stacked = np.concatenate(Q)  # (b p) x m
    q_norms = np.array([fro(x) for x in Q])
    powers = np.array([rho**s for s in range(b)]) * SAFE  # rho^s, rounded up
    phis = np.array(phi)
    blocks = -(-n // b)
    F = np.empty((p, d, blocks * b))
    eta = np.empty(blocks * b)
    Y, eps, norm_p = np.array(B, dtype=float), 0.0, fro(P)
    spectral_c = two_norm(C)
    for q in range(blocks):
        norm_y, spectral_y = fro(Y), two_norm(Y)
        F[:, :, q * b : (q + 1) * b] = (stacked @ Y).reshape(b, p, d).transpose(1, 2, 0)
        eta[q * b : (q + 1) * b] = g * q_norms * norm_y + kappa * phis * spectral_y + spectral_c * kappa * powers * eps
        eta[q * b : (q + 1) * b] += tiny
        eps = rho**b * SAFE * eps + pi * spectral_y + g * norm_p * norm_y + tiny
        Y = P @ Y
    if not (np.all(np.isfinite(F)) and np.all(np.isfinite(eta))):
        raise ValueError("the powers A^t B are not finite in float64")
    return np.ascontiguousarray(F.reshape(p * d, -1)[:, :n]), eta[:n] * SAFE


def dense_core(F: np.ndarray, eta: np.ndarray, n: int, side: int, chunk: int = 512) -> Measured:
    """Project the rows on Z (side orthonormal-ish columns spanning them): F_K = fl(Z^T F~), eps_K, f_Z, the
    residual q^2 >= sum_t w_t ||(I - Pi) F_t||^2 (Pi the orthogonal projector on range Z, F the exact rows), and
    the direct trace data T0 = fl(sum w ||F~_t||^2), E2 >= sum w eta_t^2 of G.

    Z comes from a sketch (fixed seed) and QR: untrusted; everything about it is measured. ||F~_t - Z k_t|| <=
    ||fl(F~_t - fl(Z k_t))|| / (1 - u) + gamma_side ||Z||_F ||k_t||, and Pi minimizes the distance to range Z, so
    ||(I - Pi) F_t|| <= that + eta_t.
    """
    R = F.shape[0]
    w = n - np.arange(n, dtype=float)
    omega = np.random.default_rng(0).standard_normal((n, side)) * np.sqrt(w)[:, None]
    Z, _ = np.linalg.qr(F @ omega)
    del omega
    Z = np.ascontiguousarray(Z)
    norm_z = fro(Z)
    f_z = (fro(Z.T @ Z - np.eye(side)) + gamma(R) * norm_z * norm_z) * (1 + UNIT) * SAFE
    K = Z.T @ F
    col_f = np.sqrt(np.sum(F * F, axis=0)) * (1 + gamma(R + 2)) * SAFE + 1e-150
    # ||fl(Z^T F~_t) - Z^T F_t|| <= gamma_R || |Z|^T |F~_t| || + ||Z||_2 eta_t <= gamma_R ||Z||_F ||F~_t|| +
    # sqrt(1 + f_Z) eta_t. Only sum_t w_t ||eps_t||^2 is used (E2), so the column bound stands in row 0.
    eps = np.zeros_like(K)
    eps[0] = (gamma(R) * norm_z * col_f + math.sqrt(1 + f_z) * SAFE * eta) * (1 + gamma(4)) * SAFE + TINY
    col_k = np.sqrt(np.sum(K * K, axis=0)) * (1 + gamma(side + 2)) * SAFE + 1e-150
    residual = np.empty(n)
    for start in range(0, n, chunk):
        part = F[:, start : start + chunk] - Z @ K[:, start : start + chunk]
        residual[start : start + chunk] = np.sqrt(np.sum(part * part, axis=0)) * (1 + gamma(R + 2)) * SAFE
    residual = residual / (1 - UNIT) + gamma(side) * norm_z * col_k + eta
    q2 = float(np.dot(residual * residual, w)) * (1 + gamma(n + 2)) * SAFE
    t0 = float(np.sum((F * F) @ w))  # relative error <= gamma_(n + R + 2)
    e2 = float(np.dot(eta * eta, w)) * (1 + gamma(n + 2)) * SAFE + TINY
    if not all(math.isfinite(x) for x in (f_z, q2, t0, e2)) or not np.all(np.isfinite(eps)):
        raise ValueError("the projected rows are not finite")
    return {"F": K, "eps": eps, "f_z": f_z, "q2": q2, "t0": t0, "e2": e2, "rows": R}
