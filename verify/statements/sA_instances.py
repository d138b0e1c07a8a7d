"""The built-in SSMs of the Appendix A statements and of the review's block-form claims, as statement data.

The certificate builders (verify/claims/sA_modes.py) keep their own copy; the check that a certificate's goal
equals the statement catches any difference between the two.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["INSTANCES", "INVERTIBLE", "COMPLEX_JORDAN2", "responses", "hankel_rows", "rank", "start_index", "lag_basis"]

# name -> (A, B, C): rational eigenvalues, a complex pair, a Jordan block of size 3, +-sqrt 2, a singular A.
INSTANCES: dict[str, tuple[list, list, list]] = {
    "real": (
        [["1/2", "0", "0"], ["1/3", "-1/3", "0"], ["1", "1", "3/4"]],
        [["1", "0"], ["0", "1"], ["1", "1"]],
        [["1", "0", "1"], ["0", "1", "0"]],
    ),
    "pair": (
        [["3/5", "-4/5", "0"], ["4/5", "3/5", "0"], ["1", "0", "1/2"]],
        [["1", "0"], ["0", "1"], ["0", "1"]],
        [["1", "0", "1"], ["0", "1", "1"]],
    ),
    "jordan3": (
        [["1/2", "1", "0", "0"], ["0", "1/2", "1", "0"], ["0", "0", "1/2", "0"], ["1", "0", "0", "-1"]],
        [["0", "1"], ["0", "0"], ["1", "0"], ["0", "1"]],
        [["1", "0", "0", "1"], ["0", "1", "1", "0"]],
    ),
    "sqrt2": (
        [["0", "2", "0"], ["1", "0", "0"], ["1", "1", "1/3"]],
        [["1", "0"], ["0", "1"], ["1", "0"]],
        [["1", "0", "1"], ["0", "1", "0"]],
    ),
    "singular": (
        [["0", "1", "0"], ["0", "0", "0"], ["1", "0", "1/2"]],
        [["0", "1"], ["1", "0"], ["0", "0"]],
        [["1", "0", "0"], ["0", "1", "1"]],
    ),
}
INVERTIBLE = ("real", "pair", "jordan3", "sqrt2")  # the instances with an invertible A

# The real form of a complex Jordan block of size 2 at +-i: A = [[R, I], [0, R]], R the 90-degree rotation; B drives
# the second block and C reads the first, so the impulse response sees the whole block: W(tau) = tau cos((tau-1) pi/2).
COMPLEX_JORDAN2 = (
    [["0", "-1", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "-1"], ["0", "0", "1", "0"]],
    [["0"], ["0"], ["1"], ["0"]],
    [["1", "0", "0", "0"]],
)


def _times(P: list[list[Fraction]], Q: list[list[Fraction]]) -> list[list[Fraction]]:
    """The exact product of two rational matrices."""
    return [[sum((p * q for p, q in zip(row, col, strict=True)), Fraction(0)) for col in zip(*Q)] for row in P]


def responses(rows: tuple[list, list, list], count: int) -> list[list[str]]:
    """vec W(tau) (row by row) of W(tau) = C A^tau B for tau = 0, ..., count - 1."""
    A, B, C = ([[Fraction(x) for x in row] for row in m] for m in rows)
    out, state = [], B
    for _ in range(count):
        out.append([str(x) for row in _times(C, state) for x in row])
        state = _times(A, state)
    return out


def hankel_rows(rows: tuple[list, list, list], d: int, width: int) -> list[list[str]]:
    """The block Hankel matrix: row i is vec W(i), ..., vec W(i + width - 1) side by side, for i < d."""
    W = responses(rows, d + width)
    return [[x for tau in range(i, i + width) for x in W[tau]] for i in range(d)]


def _reduce(rows: list[list[Fraction]]) -> list[list[Fraction]]:
    """The nonzero rows of the row echelon form of a rational matrix (Gaussian elimination)."""
    rows = [list(r) for r in rows]
    out: list[list[Fraction]] = []
    width = len(rows[0]) if rows else 0
    for c in range(width):
        pivot = next((r for r in rows if r[c] != 0), None)
        if pivot is None:
            continue
        rows.remove(pivot)
        rows = [[x - r[c] / pivot[c] * p for x, p in zip(r, pivot, strict=True)] for r in rows]
        out.append(pivot)
    return out


def rank(rows: list[list[Fraction]]) -> int:
    """The rank of a rational matrix."""
    return len(_reduce(rows))


def start_index(a_rows: list[list[str]]) -> int:
    """nu: the smallest s with rank A^s = rank A^(s+1) (0 for an invertible A), from which eq. (18) holds."""
    A = [[Fraction(x) for x in row] for row in a_rows]
    power = [[Fraction(int(r == c)) for c in range(len(A))] for r in range(len(A))]
    s = 0
    while rank(power) != rank(_times(power, A)):
        power, s = _times(power, A), s + 1
    return s


def lag_basis(rows: tuple[list, list, list], n: int) -> tuple[list[int], list[list[str]]]:
    """Theorem 4.4's basis: the lags t_1 < ... < t_k whose W(t_h) are independent of the earlier ones, and the
    table c_{tau,h} (tau < n) of the coordinates of W(tau) in the basis W(t_1), ..., W(t_k)."""
    W = [[Fraction(x) for x in w] for w in responses(rows, n)]
    lags: list[int] = []
    for tau in range(n):
        if rank([W[t] for t in lags] + [W[tau]]) > len(lags):
            lags.append(tau)
    k = len(lags)
    table = []
    for tau in range(n):  # solve sum_h c_h W(t_h) = W(tau): row-reduce [W(t_1) .. W(t_k) | W(tau)] transposed
        system = [[W[t][e] for t in lags] + [W[tau][e]] for e in range(len(W[tau]))]
        echelon = _reduce(system)
        c = [Fraction(0)] * k
        for row in reversed(echelon):
            lead = next(j for j, x in enumerate(row) if x != 0)
            if lead == k:
                raise ValueError(f"W({tau}) is outside the span of the basis lags {lags}")
            c[lead] = (row[k] - sum(row[j] * c[j] for j in range(lead + 1, k))) / row[lead]
        table.append([str(x) for x in c])
    return lags, table
