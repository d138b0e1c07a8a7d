"""The built-in SSMs of the Appendix A statements and of the review's block-form claims, as statement data.

The certificate builders (verify/claims/sA_modes.py) keep their own copy; the check that a certificate's goal
equals the statement catches any difference between the two.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["INSTANCES", "INVERTIBLE", "COMPLEX_JORDAN2", "responses", "hankel_rows"]

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
