"""Numeric companion of Theorem 5.1: torch autograd (float64) Jacobians against the certified closed forms.

Closed forms (certified by the kernel in thm5.1.part1.jacobian, thm5.1.eq13/eq15 and thm5.1.eq14.corrected):
  SSM:        J_ij = C A^(i-j) B
  attention:  J_ij = alpha_ij V + sum_t (V x_t)(alpha_it (delta_tj - alpha_ij) W_K^T q_i)^T
  at the part (2) construction: J_ij = alpha_ij V + alpha_ij(1-alpha_ij)(V x_j) a^T - alpha_ii alpha_ij (V u) a^T
Each comparison reports the measured error, an a-priori floating-point bound and a verdict; NaN or Inf fails.
torch is imported inside the functions, so this module imports without it; everything runs on the CPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import torch

__all__ = [
    "UNIT_ROUNDOFF",
    "EXP_ULPS",
    "gamma",
    "Comparison",
    "ssm_jacobian_autograd",
    "ssm_jacobian_closed",
    "ssm_error_bound",
    "attention_outputs",
    "attention_jacobian_autograd",
    "attention_jacobian_closed",
    "attention_error_bound",
    "construction_input",
    "construction_jacobian_closed",
    "compare",
]

# --- the constants of every a-priori bound, in one place --------------------------------------------------
# u = 2^-53: float64 unit roundoff (round to nearest).
UNIT_ROUNDOFF = 2.0**-53
# exp is not correctly rounded in libm/torch; glibc and SLEEF document <= 1 ulp, we allow 2 ulps = 4u relative.
EXP_ULPS = 2


def gamma(k: int) -> float:
    """Higham's gamma_k = k u / (1 - k u): the relative error bound of k floating-point operations in sequence."""
    ku = k * UNIT_ROUNDOFF
    if ku >= 1:
        raise ValueError(f"gamma_{k} is undefined (k u >= 1)")
    return ku / (1 - ku)


@dataclass(frozen=True)
class Comparison:
    """One numeric check: largest absolute entrywise difference, its a-priori bound and the verdict."""

    name: str
    error: float
    bound: float

    @property
    def ok(self) -> bool:
        """True only when both numbers are finite and the error is within the bound."""
        return bool(np.isfinite(self.error) and np.isfinite(self.bound) and self.error <= self.bound)


def compare(name: str, a: np.ndarray, b: np.ndarray, bound: float) -> Comparison:
    """Max |a - b| against a bound; any NaN/Inf in either array makes the error NaN (a failure)."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    finite = np.all(np.isfinite(a)) and np.all(np.isfinite(b))
    return Comparison(name, float(np.max(np.abs(a - b))) if finite else float("nan"), bound)


# --- linear SSM ------------------------------------------------------------------------------------------


def ssm_jacobian_autograd(A: np.ndarray, B: np.ndarray, C: np.ndarray, X: np.ndarray, i: int, j: int) -> np.ndarray:
    """d y_i / d x_j (1-based) by torch autograd through the recurrence h_t = A h_(t-1) + B x_t, y_t = C h_t."""
    import torch

    At, Bt, Ct = (torch.tensor(M, dtype=torch.float64) for M in (A, B, C))
    rows = [torch.tensor(x, dtype=torch.float64) for x in X]

    def y_i(xj: torch.Tensor) -> torch.Tensor:
        """y_i as a function of x_j alone."""
        h = torch.zeros(At.shape[0], dtype=torch.float64)
        for t in range(1, i + 1):
            h = At @ h + Bt @ (xj if t == j else rows[t - 1])
        return Ct @ h

    return torch.autograd.functional.jacobian(y_i, rows[j - 1]).numpy()


def ssm_jacobian_closed(A: np.ndarray, B: np.ndarray, C: np.ndarray, tau: int) -> np.ndarray:
    """C A^tau B in float64."""
    return C @ np.linalg.matrix_power(A, tau) @ B


def ssm_error_bound(A: np.ndarray, B: np.ndarray, C: np.ndarray, tau: int) -> float:
    """Both sides are products of tau + 2 matrices: each is within gamma_k |C||A|^tau|B| with k the summed inner
    dimensions (Higham, Thm 3.5 for any parenthesization); the difference is within twice that."""
    k = (tau + 2) * max(A.shape[0], B.shape[1], C.shape[0])
    magnitude = np.abs(C) @ np.linalg.matrix_power(np.abs(A), tau) @ np.abs(B)
    return 2 * gamma(k) * float(np.max(magnitude))


# --- causal softmax attention --------------------------------------------------------------------------------


def attention_outputs(WQ: object, WK: object, V: object, X: object, i: int) -> torch.Tensor:
    """y_i = sum_{t<=i} alpha_it V x_t with alpha_i. = softmax_t(q_i^T k_t) (torch or numpy rows, 1-based i)."""
    import torch

    X = torch.as_tensor(X, dtype=torch.float64)
    WQ, WK, V = (torch.as_tensor(M, dtype=torch.float64) for M in (WQ, WK, V))
    q = WQ @ X[i - 1]
    logits = (X[:i] @ WK.T) @ q
    alpha = torch.softmax(logits, dim=0)
    return (X[:i] @ V.T).T @ alpha


def attention_jacobian_autograd(
    WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, X: np.ndarray, i: int, j: int
) -> np.ndarray:
    """d y_i / d x_j (1-based, j < i) by torch autograd, float64 on the CPU."""
    import torch

    base = torch.tensor(X, dtype=torch.float64)

    def y_i(xj: torch.Tensor) -> torch.Tensor:
        """y_i as a function of x_j alone."""
        rows = [xj if t == j - 1 else base[t] for t in range(base.shape[0])]
        return attention_outputs(WQ, WK, V, torch.stack(rows), i)

    return torch.autograd.functional.jacobian(y_i, base[j - 1].clone()).numpy()


def _softmax_row(WQ: np.ndarray, WK: np.ndarray, X: np.ndarray, i: int) -> tuple[np.ndarray, np.ndarray]:
    """(alpha_i., q_i) in numpy float64, with the max-shift used by torch.softmax."""
    q = WQ @ X[i - 1]
    s = (X[:i] @ WK.T) @ q
    e = np.exp(s - s.max())
    return e / e.sum(), q


def attention_jacobian_closed(
    WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, X: np.ndarray, i: int, j: int
) -> np.ndarray:
    """alpha_ij V + sum_t (V x_t)(alpha_it (delta_tj - alpha_ij) W_K^T q_i)^T (eq. 13 with eq. 15 for every t)."""
    alpha, q = _softmax_row(WQ, WK, X, i)
    grad = WK.T @ q
    J = alpha[j - 1] * V
    for t in range(1, i + 1):
        weight = alpha[t - 1] * ((t == j) - alpha[j - 1])
        J = J + np.outer(V @ X[t - 1], weight * grad)
    return J


def attention_error_bound(WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, X: np.ndarray, i: int, j: int) -> float:
    """A-priori bound on |autograd - closed form|, entrywise max, from the magnitudes of every term.

    Logits: |fl(s_t) - s_t| <= ds := gamma_(d+r+1) (|W_Q||x_i|)^T (|W_K||x_t|). Each alpha_it then has relative
    error <= rho := 2 max ds + gamma_(i+2) + 2 EXP_ULPS u (shifted exp, sum over i terms, division). Every term
    of the Jacobian is a product of at most three such factors and the inputs, summed over i + d terms, so each
    side is within (3 rho + gamma_K) M with K = i + d + r + 8 and M the same sum with absolute values.
    """
    d, r = X.shape[1], WQ.shape[0]
    alpha, q = _softmax_row(WQ, WK, X, i)
    qa = np.abs(WQ) @ np.abs(X[i - 1])
    ds = gamma(d + r + 1) * max(float(qa @ (np.abs(WK) @ np.abs(X[t]))) for t in range(i))
    rho = 2 * ds + gamma(i + 2) + 2 * EXP_ULPS * UNIT_ROUNDOFF
    grad_abs = np.abs(WK).T @ np.abs(q)
    M = alpha[j - 1] * np.abs(V)
    for t in range(1, i + 1):
        weight = alpha[t - 1] * ((t == j) + alpha[j - 1])
        M = M + np.outer(np.abs(V) @ np.abs(X[t - 1]), weight * grad_abs)
    return 2 * (3 * rho + gamma(i + d + r + 8)) * float(np.max(M))


# --- the construction of part (2) ------------------------------------------------------------------------------


def construction_input(
    WQ: np.ndarray, WK: np.ndarray, u: np.ndarray, gamma_: float, i: int, j: int, n: int
) -> np.ndarray:
    """x_i = u, x_j = gamma a/||a||^2 with a = W_K^T W_Q u, every other x_t = 0 (rows, 1-based positions)."""
    a = WK.T @ WQ @ u
    X = np.zeros((n, len(u)))
    X[i - 1], X[j - 1] = u, gamma_ * a / (a @ a)
    return X


def construction_jacobian_closed(
    WQ: np.ndarray, WK: np.ndarray, V: np.ndarray, u: np.ndarray, gamma_: float, i: int
) -> np.ndarray:
    """The corrected (14): alpha_ij V + alpha_ij(1-alpha_ij)(V x_j) a^T - alpha_ii alpha_ij (V u) a^T."""
    a = WK.T @ WQ @ u
    xj = gamma_ * a / (a @ a)
    shift = max(gamma_, float(a @ u), 0.0)
    G, Cc, m = np.exp(gamma_ - shift), np.exp(float(a @ u) - shift), (i - 2) * np.exp(-shift)
    S = G + Cc + m
    al, al_ii = G / S, Cc / S
    return al * V + al * ((Cc + m) / S) * np.outer(V @ xj, a) - al_ii * al * np.outer(V @ u, a)
