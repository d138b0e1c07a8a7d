"""The built-in SSMs of the Section 4.2 instance claims, with k, n_min and r worked out by hand, as statement data.

This table is the statement's own: the certificate builders (constructions/heads.py) keep a separate copy, and
the check that a certificate's goal equals the statement catches any difference between the two.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Instance", "INSTANCES", "PAIRS", "rotation_rows", "identity"]


@dataclass(frozen=True)
class Instance:
    """A built-in SSM (A, B, C as exact strings), its length n and its hand-worked k, n_min, r with their reason."""

    name: str
    A: list[list[str]]
    B: list[list[str]]
    C: list[list[str]]
    n: int
    k: int
    n_min: int
    r: int
    why: str


def rotation_rows(pairs: list[tuple[str, str]]) -> list[list[str]]:
    """The block-diagonal matrix of the rotations [[c, -s], [s, c]] for the given (c, s) pairs."""
    m = 2 * len(pairs)
    rows = [["0"] * m for _ in range(m)]
    for b, (c, s) in enumerate(pairs):
        minus_s = s[1:] if s.startswith("-") else f"-{s}"
        rows[2 * b][2 * b : 2 * b + 2] = [c, minus_s]
        rows[2 * b + 1][2 * b : 2 * b + 2] = [s, c]
    return rows


def identity(m: int) -> list[list[str]]:
    """The m x m identity matrix."""
    return [["1" if i == j else "0" for j in range(m)] for i in range(m)]


# Pythagorean (cos, sin) pairs with pairwise different cosines: distinct, non-real eigenvalue pairs.
PAIRS = [("3/5", "4/5"), ("4/5", "3/5"), ("-3/5", "4/5"), ("-4/5", "3/5"), ("0", "1"), ("5/13", "12/13")]
PAIRS += [("12/13", "5/13"), ("-5/13", "12/13")]
SHIFT = [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]]  # the 3x3 nilpotent shift, A^3 = 0
# rot-m16: B (16 x 4) reads token coordinate j into the states i with i // 4 == j or i % 4 == j;
# C (4 x 16) sums the states j with j // 4 == i or (i + j) % 5 == 0 into output i.
M16_B = [["1" if i // 4 == j or i % 4 == j else "0" for j in range(4)] for i in range(16)]
M16_C = [["1" if j // 4 == i or (i + j) % 5 == 0 else "0" for j in range(16)] for i in range(4)]

INSTANCES: dict[str, Instance] = {
    i.name: i
    for i in [
        Instance("exp1-k2", rotation_rows(PAIRS[:1]), identity(2), identity(2), 64, 2, 2, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 2: one rotation (3/5, 4/5); "
                 "B = C = I; W(tau) = A^tau spans the 2-dimensional algebra of A (minimal polynomial of degree 2)."),
        Instance("exp1-k4", rotation_rows(PAIRS[:2]), identity(4), identity(4), 64, 4, 4, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 4: rotations with cosines 3/5, "
                 "4/5 (distinct eigenvalue pairs); B = C = I; the minimal polynomial has degree 4, so k = 4 and "
                 "n_min = 4."),
        Instance("exp1-k8", rotation_rows(PAIRS[:4]), identity(8), identity(8), 64, 8, 8, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 8: four rotations with cosines 3/5, "
                 "4/5, -3/5, -4/5; B = C = I; the minimal polynomial has degree 8."),
        Instance("rot-m16", rotation_rows(PAIRS), M16_B, M16_C, 4096, 16, 16, 4096,
                 "The benchmark SSM: m = 16, eight rotations with distinct cosines (denominators 5 and 13), "
                 "p = d = 4; k = 16 = p*d, certified at n = 4096 without materializing the 4096 lags."),
        Instance("jordan", [["1/2", "1", "0"], ["0", "1/2", "0"], ["0", "0", "-1/3"]], identity(3), identity(3),
                 8, 3, 3, 8,
                 "A nontrivial Jordan block J_2(1/2) plus the eigenvalue -1/3; B = C = I, W(tau) = A^tau; "
                 "minimal polynomial (x - 1/2)^2 (x + 1/3) of degree 3, so k = 3 < min(m^2, p*d) = 9."),
        Instance("p-ne-d", [["1/2", "0", "0"], ["0", "-1/2", "0"], ["0", "0", "1/3"]],
                 [["1", "0"], ["0", "1"], ["1", "1"]], [["1", "1", "1"]], 8, 2, 2, 8,
                 "p = 1 != d = 2: W(tau) = [(1/2)^tau + (1/3)^tau, (-1/2)^tau + (1/3)^tau]; W(0) = [2, 2] and "
                 "W(1) = [5/6, -1/6] are independent, so k = 2 = p*d and n_min = 2."),
        Instance("k-small", rotation_rows([PAIRS[0], PAIRS[0]]), identity(4), identity(4), 8, 2, 2, 8,
                 "Two copies of the rotation (3/5, 4/5): the minimal polynomial x^2 - 6/5 x + 1 has degree 2, "
                 "so k = 2 is strictly smaller than m^2 = 16 and p*d = 16."),
        Instance("stall", SHIFT, [["1"], ["0"], ["0"]], [["1", "0", "0"], ["0", "0", "1"]], 8, 2, 3, 8,
                 "The rank of span{W(0..t-1)} stalls and grows again: W(0) = [1, 0], W(1) = 0, W(2) = [0, 1] "
                 "(A the 3x3 nilpotent shift, A^3 = 0); k = 2 and the smallest n for (7) is 3, not 2."),
        Instance("delay", SHIFT, [["1"], ["0"], ["0"]], [["0", "1", "0"], ["0", "0", "1"]], 8, 2, 3, 7,
                 "W(0) = 0, W(1) = [1, 0], W(2) = [0, 1]: every coefficient matrix A^(h) vanishes on its "
                 "diagonal, so the rank-refined feature dimension is r = n - 1 = 7 < n."),
        Instance("gaussian", [["1/2*i", "1", "0"], ["0", "1/2*i", "0"], ["0", "0", "1/3+2/3*i"]],
                 [["0"], ["1"], ["1"]], [["1", "0", "1"], ["0", "1", "0"]], 8, 2, 2, 8,
                 "Entries in QQ(i) with a Jordan block at i/2: W(tau) = [tau (i/2)^(tau-1) + l^tau, (i/2)^tau], "
                 "l = 1/3 + 2i/3; W(0) = [1, 1] and W(1) = [1 + l, i/2] are independent: k = 2, n_min = 2."),
    ]
}  # fmt: skip
