"""Exact objects of Section 5 (Theorem 5.1): spectral-norm witnesses, covering pieces for ball arithmetic, and
the literal model (9) at the part (2) construction as kernel expression strings.

Everything here is producer-side: SymPy matrices over QQ and python-flint rationals for spectral-norm witnesses;
exponentials are kept literal (exp(...)) in the expressions, never evaluated as floats.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy
from flint import fmpq

__all__ = [
    "ldlt_witness",
    "norm_upper",
    "norm_lower_vector",
    "geometric_pieces",
    "literal_model",
    "norm2",
]


def ldlt_witness(M: sympy.Matrix, c: sympy.Rational) -> dict:
    """L, D with c^2 I - M^T M = L diag(D) L^T (symmetric diagonal pivoting); raises if not PSD."""
    n = M.shape[1]
    S = [
        [fmpq(int(sympy.Rational(x).p), int(sympy.Rational(x).q)) for x in row]
        for row in (c**2 * sympy.eye(n) - M.T * M).tolist()
    ]
    L = [[fmpq(0)] * n for _ in range(n)]
    D = [fmpq(0)] * n
    remaining = list(range(n))
    for col in range(n):
        k = max(remaining, key=lambda r: S[r][r])
        remaining.remove(k)
        D[col] = S[k][k]
        if D[col] < 0:
            raise ValueError("c^2 I - M^T M is not positive semidefinite")
        L[k][col] = fmpq(1)
        if D[col] == 0:
            if any(S[k][r] != 0 for r in remaining):
                raise ValueError("c^2 I - M^T M is not positive semidefinite")
            continue
        for r in remaining:
            L[r][col] = S[r][k] / D[col]
        for r in remaining:
            for s in remaining:
                S[r][s] -= L[r][col] * D[col] * L[s][col]
    return {"L": [[str(x) for x in row] for row in L], "D": [str(x) for x in D]}


def norm_upper(M: sympy.Matrix, digits: int = 6) -> sympy.Rational:
    """A rational c slightly above ||M||_2 (float estimate rounded up), whose c^2 I - M^T M is PSD."""
    est = float(np.linalg.norm(np.array(M.tolist(), dtype=float), 2))
    scale = 10 ** (digits - int(np.floor(np.log10(est))) - 1) if est > 0 else 1
    c = sympy.Rational(int(np.ceil(est * scale * (1 + 1e-9))) + 1, scale)
    ldlt_witness(M, c)
    return c


def norm_lower_vector(M: sympy.Matrix, c: sympy.Rational) -> list[str]:
    """A rational vector v with ||M v||^2 >= c^2 ||v||^2 (the top right singular vector, rationalized)."""
    _, _, vt = np.linalg.svd(np.array(M.tolist(), dtype=float))
    v = [sympy.Rational(Fraction(x).limit_denominator(10**6)) for x in vt[0]]
    vec = sympy.Matrix(v)
    if ((M * vec).T * (M * vec))[0, 0] < c**2 * (vec.T * vec)[0, 0]:
        raise ValueError(f"no lower-bound witness for ||M|| >= {c}")
    return [str(x) for x in v]


def geometric_pieces(low: int, high: int, ratio: Fraction) -> list[list[str]]:
    """Consecutive pieces [a, b] covering [low, high] with b <= ratio * a (exact rationals)."""
    out, a = [], Fraction(low)
    while a < high:
        b = min(Fraction(high), Fraction(int(a * ratio) + 1) if a * ratio >= a + 1 else a + 1)
        out.append([str(a), str(b)])
        a = b
    return out


def literal_model(WQ: list, WK: list, V: list, u: list, g: str, n: str, direction: int | None = None) -> dict:
    """Model (9) at the construction for exact d x d matrices, as kernel expression strings (exp kept literal).

    Returns the entries of the true Jacobian J (the general formula of eq. (13) with the softmax derivatives
    of eq. (15) for every t: t = j, t = i and the n - 2 zero tokens), alpha_ij, the 2x2 spectral norms, and
    the output y_i itself (its p entries). With `direction` = k, x_j is moved to x_j + t e_k (a line through
    the construction) in every expression, so that d/dt y at t = 0 is column k of the Jacobian.
    """
    d, r = len(u), len(WQ)
    a = [f"({' + '.join(f'{WK[s][k]}*{WQ[s][c]}*{u[c]}' for s in range(r) for c in range(d))})" for k in range(d)]
    Q = f"({' + '.join(f'{x}*{x}' for x in a)})"
    xj = [f"({g}*{a[k]}/{Q}{' + t' if k == direction else ''})" for k in range(d)]
    q = [f"({' + '.join(f'{WQ[s][c]}*{u[c]}' for c in range(d))})" for s in range(r)]

    def logit(x: list) -> str:
        """The logit q_i^T W_K x as an expression."""
        keys = [" + ".join(f"{WK[s][k]}*{x[k]}" for k in range(d)) for s in range(r)]
        return "(" + " + ".join(f"{q[s]}*({keys[s]})" for s in range(r)) + ")"

    s_j, s_i, s_0 = logit(xj), logit([f"({x})" for x in u]), logit(["0"] * d)
    S = f"(exp({s_j}) + exp({s_i}) + ({n}-2)*exp({s_0}))"
    al_j, al_i, al_0 = (f"(exp({s})/{S})" for s in (s_j, s_i, s_0))
    grad = [f"({' + '.join(f'{WK[s][k]}*{q[s]}' for s in range(r))})" for k in range(d)]
    Vx = lambda x: [f"({' + '.join(f'{V[p][c]}*{x[c]}' for c in range(d))})" for p in range(len(V))]  # noqa: E731
    Vxj, Vu, V0 = Vx(xj), Vx([f"({x})" for x in u]), Vx(["0"] * d)
    J = [
        [
            f"({al_j}*{V[p][k]} + {Vxj[p]}*({al_j}*(1-{al_j})*{grad[k]}) + {Vu[p]}*({al_i}*(0-{al_j})*{grad[k]})"
            f" + ({n}-2)*{V0[p]}*({al_0}*(0-{al_j})*{grad[k]}))"
            for k in range(d)
        ]
        for p in range(len(V))
    ]
    y = [f"((exp({s_j})*{Vxj[p]} + exp({s_i})*{Vu[p]} + ({n}-2)*exp({s_0})*{V0[p]})/{S})" for p in range(len(V))]
    frobenius = "sqrt(" + " + ".join(f"{x}^2" for row in J for x in row) + ")"
    norm_V = norm2([[str(x) for x in row] for row in V])
    return {"J": J, "alpha": al_j, "frobenius_J": frobenius, "norm_V": norm_V, "y": y}


def norm2(M: list) -> str:
    """||M||_2 of a 2x2 matrix of expressions: sqrt((F + sqrt(F^2 - 4 det^2))/2), F the squared Frobenius norm."""
    F = f"({M[0][0]}^2 + {M[0][1]}^2 + {M[1][0]}^2 + {M[1][1]}^2)"
    det = f"({M[0][0]}*{M[1][1]} - {M[0][1]}*{M[1][0]})"
    return f"sqrt(({F} + sqrt({F}^2 - 4*{det}^2))/2)"
