"""Theorem 4.2's objects: the 90-degree rotation SSM, the one-token input, and the single-head error.

Everything is exact: matrices are DomainMatrix over QQ, errors are SymPy polynomials in symbols for
the model's free quantities (a = alpha_11, b = alpha_21, v = V e1).
"""

from __future__ import annotations

import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

__all__ = [
    "rotation_counterexample",
    "impulse_response",
    "one_token_input",
    "two_step_error",
    "lagrange_sos",
    "projection_minimizer",
    "SYMBOLS",
]

a, b, v1, v2, w, R = sympy.symbols("a b v1 v2 w R")
SYMBOLS = {"a": a, "b": b, "v1": v1, "v2": v2, "w": w, "R": R}


def rotation_counterexample() -> tuple[DomainMatrix, DomainMatrix, DomainMatrix]:
    """(A, B, C) of Step 1: A the 90-degree rotation of R^2, B = C = I_2, over QQ."""
    rotation = DomainMatrix([[QQ(0), QQ(-1)], [QQ(1), QQ(0)]], (2, 2), QQ)
    identity = DomainMatrix.eye(2, QQ)
    return rotation, identity, identity


def impulse_response(A: DomainMatrix, B: DomainMatrix, C: DomainMatrix, tau: int) -> DomainMatrix:
    """W(tau) = C A^tau B, exactly."""
    return C * A**tau * B


def one_token_input(n: int, d: int = 2) -> DomainMatrix:
    """X = [e1, 0, ..., 0] in QQ^{d x n} (Step 2)."""
    rows = [[QQ(1) if (r == 0 and c == 0) else QQ(0) for c in range(n)] for r in range(d)]
    return DomainMatrix(rows, (d, n), QQ)


def two_step_error(general_d: bool = False) -> sympy.Expr:
    """||e1 - a v||^2 + ||e2 - b v||^2, with w = v3^2 + ... + vd^2 when general_d (Remark 4.3)."""
    tail = (a**2 + b**2) * w if general_d else 0
    return (1 - a * v1) ** 2 + (a * v2) ** 2 + (b * v1) ** 2 + (1 - b * v2) ** 2 + tail


def lagrange_sos(general_d: bool = False) -> list[tuple[int, list[str], sympy.Expr]]:
    """error - 1 as a weighted sum of squares (coefficient, nonnegative atoms, square root).

    Lagrange's identity: (1 - a v1 - b v2)^2 + (a v2 - b v1)^2 = 1 - 2 a v1 - 2 b v2 + (a^2 + b^2)|v|^2,
    and the remaining coordinates add (a^2 + b^2) w with w >= 0.
    """
    terms: list[tuple[int, list[str], sympy.Expr]] = [(1, [], 1 - a * v1 - b * v2), (1, [], a * v2 - b * v1)]
    if general_d:
        terms += [(1, ["w"], a), (1, ["w"], b)]
    return terms


def projection_minimizer(general_d: bool = False) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """Numerators of the minimizing a = v1/s, b = v2/s and the denominator s = ||v||^2."""
    s = v1**2 + v2**2 + (w if general_d else 0)
    return v1, v2, s
