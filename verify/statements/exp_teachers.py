"""The fixed instances of Section 6's statements: the rotation teachers of Experiment I, the certified optimum
enclosures, and the untrained student of Figure 3 (right), as statement data.

The certificate builders (constructions/optimum.py, verify/claims/exp_figures.py, exp_readings.py) keep their own
copies; the check that a certificate's goal equals the statement catches any difference between the two.
"""

from __future__ import annotations

import random
from fractions import Fraction

__all__ = [
    "N",
    "RANKS",
    "HEADS",
    "TRIPLES",
    "OPTIMUM_BOUNDS",
    "teacher_rows",
    "optimum_bounds",
    "untrained_family",
    "io_operator_rows",
]

N = 16  # the sequence length of Experiment I
RANKS = (2, 4, 8)  # the teachers' interaction ranks k
HEADS = tuple(range(1, 10))  # the students' head counts H
# Pythagorean triples (a, b, c): block b of the teacher rotates by cos = a/c, sin = b/c (distinct angles).
TRIPLES = ((3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25))
SEED = 15  # the untrained student: integer weights in -2..2 drawn by random.Random(SEED)

# [lower, upper] of the optimum (1/(n p)) (sum of all but the H largest eigenvalues of G) for the rank-k teacher
# and H < k heads, with denominators 2^64 (computed once in ball arithmetic and frozen; the kernel re-derives the
# eigenvalues and decides lower <= optimum <= upper). For H >= k the optimum is exactly 0.
OPTIMUM_BOUNDS = {
    (2, 1): ("72289982594266373929/18446744073709551616", "36144991297133186965/9223372036854775808"),
    (4, 1): ("89711199531858584849/18446744073709551616", "44855599765929292425/9223372036854775808"),
    (4, 2): ("14902769711978723781/9223372036854775808", "29805539423957447563/18446744073709551616"),
    (4, 3): ("12942411535819137209/18446744073709551616", "6471205767909568605/9223372036854775808"),
    (8, 1): ("90294291640580760889/18446744073709551616", "45147145820290380445/9223372036854775808"),
    (8, 2): ("3839234982157311031/2305843009213693952", "30713879857258488249/18446744073709551616"),
    (8, 3): ("7284402602532639619/9223372036854775808", "14568805205065279239/18446744073709551616"),
    (8, 4): ("1937581792070819185/18446744073709551616", "968790896035409593/9223372036854775808"),
    (8, 5): ("748469092100141613/18446744073709551616", "374234546050070807/9223372036854775808"),
    (8, 6): ("14883050021654123/18446744073709551616", "3720762505413531/4611686018427387904"),
    (8, 7): ("1271255502545367/4611686018427387904", "5085022010181469/18446744073709551616"),
}


def _text(x: Fraction) -> str:
    """An exact rational as the kernel's number string."""
    return str(x)


def teacher_rows(k: int) -> dict[str, list[list[str]]]:
    """(A, B, C) of the rank-k teacher: A = blockdiag(R_1, ..., R_{k/2}), R_b = [[c_b, -s_b], [s_b, c_b]], B = C = I_k."""
    A = [[Fraction(0)] * k for _ in range(k)]
    for b in range(k // 2):
        a, s, c = TRIPLES[b]
        A[2 * b][2 * b], A[2 * b][2 * b + 1] = Fraction(a, c), Fraction(-s, c)
        A[2 * b + 1][2 * b], A[2 * b + 1][2 * b + 1] = Fraction(s, c), Fraction(a, c)
    identity = [["1" if r == c else "0" for c in range(k)] for r in range(k)]
    return {"A": [[_text(x) for x in row] for row in A], "B": identity, "C": identity}


def optimum_bounds(k: int, heads: int) -> tuple[str, str]:
    """The statement's [lower, upper] for the rank-k teacher and H heads (0 when H >= k)."""
    return OPTIMUM_BOUNDS[k, heads] if heads < k else ("0", "0")


def _mul(P: list[list[int]], Q: list[list[int]]) -> list[list[int]]:
    """The product of two integer matrices."""
    return [[sum(p * q for p, q in zip(row, col, strict=True)) for col in zip(*Q)] for row in P]


def untrained_family(heads: int = 4, k: int = 4, n: int = N) -> list[list[str]]:
    """[vec K_ij]_{i >= j} of the untrained student: K_ij = sum_h (phi^(h) psi^(h)^T)_ij V^(h), one row per pair.

    The weights are drawn in this order, each matrix row by row: V^(1..H) (k x k), phi^(1..H), psi^(1..H) (n x n).
    """
    rng = random.Random(SEED)
    draw = lambda r, c: [[rng.randint(-2, 2) for _ in range(c)] for _ in range(r)]  # noqa: E731
    V = [draw(k, k) for _ in range(heads)]
    phi = [draw(n, n) for _ in range(heads)]
    psi = [draw(n, n) for _ in range(heads)]
    alpha = [_mul(f, [list(col) for col in zip(*g)]) for f, g in zip(phi, psi, strict=True)]
    rows = []
    for i in range(n):
        for j in range(i + 1):
            K = [[sum(alpha[h][i][j] * V[h][r][c] for h in range(heads)) for c in range(k)] for r in range(k)]
            rows.append([str(x) for row in K for x in row])
    return rows


def io_operator_rows(k: int = 4, n: int = N) -> list[list[str]]:
    """The rank-k teacher's (n p) x (n d) input-output matrix: block (i, j) is W(i - j) = C A^(i-j) B for i >= j."""
    rows = teacher_rows(k)
    A = [[Fraction(x) for x in row] for row in rows["A"]]
    W = [[[Fraction(int(r == c)) for c in range(k)] for r in range(k)]]  # B = C = I: W(tau) = A^tau
    for _ in range(n - 1):
        W.append(
            [[sum((p * q for p, q in zip(row, col, strict=True)), Fraction(0)) for col in zip(*A)] for row in W[-1]]
        )
    zero = [[Fraction(0)] * k for _ in range(k)]
    return [
        [_text((W[i - j] if i >= j else zero)[r][c]) for j in range(n) for c in range(k)]
        for i in range(n)
        for r in range(k)
    ]
