"""Theorem 4.4's multi-head construction, exactly as in the proof, and the paper's built-in SSM instances.

Head h (h <= k) has value matrix V^(h) = M_h, the lower-triangular Toeplitz coefficient matrix
A^(h)_ij = c_{i-j,h} (i >= j), features phi^(h)(i) = e_i and psi^(h)(j) = A^(h)[:, j] (r = n), and the
rank-refined factorization A^(h) = P Q^T with rho_h = rank A^(h) = n - z_h columns, where z_h is the first
lag with c_{z_h,h} != 0: P = [e_{z_h}, ..., e_{n-1}] and Q^T = the first n - z_h rows of the Toeplitz matrix
with first column c_{z_h + ., h}. The explicit n x n matrices are for moderate n (tests, small examples);
certificates never materialize them (see verify/kernel/theories/ssm/kind_ssm.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from sympy.polys.matrices import DomainMatrix

from constructions.ssm import SSM, InteractionBasis, coefficients, impulse_responses, ssm_from_strings

__all__ = [
    "Instance",
    "INSTANCES",
    "PAIRS",
    "rotation_block",
    "block_rotation_rows",
    "head_matrices",
    "features",
    "rank_refined",
    "kernel_blocks",
    "causal_target",
    "footnote2_identities",
]


def head_matrices(basis: InteractionBasis, n: int) -> list[DomainMatrix]:
    """A^(1), ..., A^(k): n x n lower-triangular Toeplitz matrices with A^(h)_ij = c_{i-j,h}."""
    domain, zero = basis.ssm.domain, basis.ssm.domain.zero
    c = list(coefficients(basis, n))
    return [
        DomainMatrix([[c[i - j][h] if i >= j else zero for j in range(n)] for i in range(n)], (n, n), domain)
        for h in range(basis.k)
    ]


def features(head: DomainMatrix) -> tuple[DomainMatrix, DomainMatrix]:
    """(Phi, Psi) with rows phi(i) = e_i and psi(j) = A^(h)[:, j], so <phi(i), psi(j)> = A^(h)_ij (r = n)."""
    n = head.shape[0]
    return DomainMatrix.eye(n, head.domain), head.transpose()


def rank_refined(head: DomainMatrix) -> tuple[DomainMatrix, DomainMatrix, int]:
    """(P, Q, rho) with head = P Q^T and rho = rank(head) columns, for a lower-triangular Toeplitz head."""
    n, domain = head.shape[0], head.domain
    column = [head.to_list()[i][0] for i in range(n)]
    z = next((i for i, x in enumerate(column) if x != domain.zero), n)
    rho = n - z
    if rho == 0:
        return DomainMatrix.zeros((n, 1), domain), DomainMatrix.zeros((n, 1), domain), 0
    P = DomainMatrix(
        [[domain.one if i == z + c else domain.zero for c in range(rho)] for i in range(n)], (n, rho), domain
    )
    Qt = [[column[z + c - j] if c >= j else domain.zero for j in range(n)] for c in range(rho)]
    return P, DomainMatrix(Qt, (rho, n), domain).transpose(), rho


def kernel_blocks(basis: InteractionBasis, n: int) -> DomainMatrix:
    """The np x nd block matrix K with K_ij = sum_h alpha^(h)_ij V^(h), alpha^(h)_ij = <phi(i), psi(j)>."""
    ssm = basis.ssm
    out = DomainMatrix.zeros((n * ssm.p, n * ssm.d), ssm.domain)
    for head, V in zip(head_matrices(basis, n), basis.basis()):
        Phi, Psi = features(head)
        out = out + _kron(Phi * Psi.transpose(), V)
    return out


def _kron(a: DomainMatrix, b: DomainMatrix) -> DomainMatrix:
    """Kronecker product of two DomainMatrix over one domain."""
    ra, ca = a.shape
    rb, cb = b.shape
    al, bl = a.to_list(), b.to_list()
    rows = [[al[i // rb][j // cb] * bl[i % rb][j % cb] for j in range(ca * cb)] for i in range(ra * rb)]
    return DomainMatrix(rows, (ra * rb, ca * cb), a.domain)


def causal_target(ssm: SSM, n: int) -> DomainMatrix:
    """The np x nd block matrix of the SSM's map on length n: block (i, j) is W(i - j) for i >= j, else 0."""
    W = impulse_responses(ssm, n)
    p, d = ssm.p, ssm.d
    rows = []
    for i in range(n):
        for a in range(p):
            row: list = []
            for j in range(n):
                row += W[i - j].to_list()[a] if i >= j else [ssm.domain.zero] * d
            rows.append(row)
    return DomainMatrix(rows, (n * p, n * d), ssm.domain)


# --- built-in instances -----------------------------------------------------------------------------------------


def rotation_block(cos: str, sin: str) -> list[list[str]]:
    """The 2x2 rotation [[cos, -sin], [sin, cos]] as exact strings."""
    neg = sin[1:] if sin.startswith("-") else f"-{sin}"
    return [[cos, neg], [sin, cos]]


def block_rotation_rows(pairs: list[tuple[str, str]]) -> list[list[str]]:
    """Block-diagonal matrix of rotations with the given rational (cos, sin) pairs."""
    m = 2 * len(pairs)
    rows = [["0"] * m for _ in range(m)]
    for b, (c, s) in enumerate(pairs):
        for i, row in enumerate(rotation_block(c, s)):
            rows[2 * b + i][2 * b : 2 * b + 2] = row
    return rows


def _identity(m: int) -> list[list[str]]:
    """The m x m identity as exact strings."""
    return [["1" if i == j else "0" for j in range(m)] for i in range(m)]


@dataclass(frozen=True)
class Instance:
    """A built-in SSM with the length n it is certified at and its k, n_min, r worked out by hand (see docs)."""

    name: str
    A: list[list[str]]
    B: list[list[str]]
    C: list[list[str]]
    n: int
    k: int
    n_min: int
    r: int
    why: str

    def ssm(self) -> SSM:
        """The SSM as DomainMatrix."""
        return ssm_from_strings(self.A, self.B, self.C)


# Pythagorean (cos, sin) pairs with pairwise different cosines: distinct, non-real eigenvalue pairs.
PAIRS = [("3/5", "4/5"), ("4/5", "3/5"), ("-3/5", "4/5"), ("-4/5", "3/5"), ("0", "1"), ("5/13", "12/13")]
PAIRS += [("12/13", "5/13"), ("-5/13", "12/13")]
_SHIFT = [["0", "0", "0"], ["1", "0", "0"], ["0", "1", "0"]]
_M16_B = [["1" if i // 4 == j or i % 4 == j else "0" for j in range(4)] for i in range(16)]
_M16_C = [["1" if j // 4 == i or (i + j) % 5 == 0 else "0" for j in range(16)] for i in range(4)]

INSTANCES: dict[str, Instance] = {
    i.name: i
    for i in [
        Instance("exp1-k2", block_rotation_rows(PAIRS[:1]), _identity(2), _identity(2), 64, 2, 2, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 2: one rotation (3/5, 4/5); "
                 "B = C = I; W(tau) = A^tau spans the 2-dimensional algebra of A (minimal polynomial of degree 2)."),
        Instance("exp1-k4", block_rotation_rows(PAIRS[:2]), _identity(4), _identity(4), 64, 4, 4, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 4: rotations with cosines 3/5, "
                 "4/5 (distinct eigenvalue pairs); B = C = I; the minimal polynomial has degree 4, so k = 4 and "
                 "n_min = 4."),
        Instance("exp1-k8", block_rotation_rows(PAIRS[:4]), _identity(8), _identity(8), 64, 8, 8, 64,
                 "A Section 6.1-style rotation teacher (not exp.fig3's), k = 8: four rotations with cosines 3/5, "
                 "4/5, -3/5, -4/5; B = C = I; the minimal polynomial has degree 8."),
        Instance("rot-m16", block_rotation_rows(PAIRS), _M16_B, _M16_C, 4096, 16, 16, 4096,
                 "The benchmark SSM: m = 16, eight rotations with distinct cosines (denominators 5 and 13), "
                 "p = d = 4; k = 16 = p*d, certified at n = 4096 without materializing the 4096 lags."),
        Instance("jordan", [["1/2", "1", "0"], ["0", "1/2", "0"], ["0", "0", "-1/3"]], _identity(3), _identity(3),
                 8, 3, 3, 8,
                 "A nontrivial Jordan block J_2(1/2) plus the eigenvalue -1/3; B = C = I, W(tau) = A^tau; "
                 "minimal polynomial (x - 1/2)^2 (x + 1/3) of degree 3, so k = 3 < min(m^2, p*d) = 9."),
        Instance("p-ne-d", [["1/2", "0", "0"], ["0", "-1/2", "0"], ["0", "0", "1/3"]],
                 [["1", "0"], ["0", "1"], ["1", "1"]], [["1", "1", "1"]], 8, 2, 2, 8,
                 "p = 1 != d = 2: W(tau) = [(1/2)^tau + (1/3)^tau, (-1/2)^tau + (1/3)^tau]; W(0) = [2, 2] and "
                 "W(1) = [5/6, -1/6] are independent, so k = 2 = p*d and n_min = 2."),
        Instance("k-small", block_rotation_rows([PAIRS[0], PAIRS[0]]), _identity(4), _identity(4), 8, 2, 2, 8,
                 "Two copies of the rotation (3/5, 4/5): the minimal polynomial x^2 - 6/5 x + 1 has degree 2, "
                 "so k = 2 is strictly smaller than m^2 = 16 and p*d = 16."),
        Instance("stall", _SHIFT, [["1"], ["0"], ["0"]], [["1", "0", "0"], ["0", "0", "1"]], 8, 2, 3, 8,
                 "The rank of span{W(0..t-1)} stalls and grows again: W(0) = [1, 0], W(1) = 0, W(2) = [0, 1] "
                 "(A the 3x3 nilpotent shift, A^3 = 0); k = 2 and the smallest n for (7) is 3, not 2."),
        Instance("delay", _SHIFT, [["1"], ["0"], ["0"]], [["0", "1", "0"], ["0", "0", "1"]], 8, 2, 3, 7,
                 "W(0) = 0, W(1) = [1, 0], W(2) = [0, 1]: every coefficient matrix A^(h) vanishes on its "
                 "diagonal, so the rank-refined feature dimension is r = n - 1 = 7 < n."),
        Instance("gaussian", [["1/2*i", "1", "0"], ["0", "1/2*i", "0"], ["0", "0", "1/3+2/3*i"]],
                 [["0"], ["1"], ["1"]], [["1", "0", "1"], ["0", "1", "0"]], 8, 2, 2, 8,
                 "Entries in QQ(i) with a Jordan block at i/2: W(tau) = [tau (i/2)^(tau-1) + l^tau, (i/2)^tau], "
                 "l = 1/3 + 2i/3; W(0) = [1, 1] and W(1) = [1 + l, i/2] are independent: k = 2, n_min = 2."),
    ]
}  # fmt: skip


# --- footnote 2 as polynomial identities with symbolic entries (small fixed sizes) -------------------------


def footnote2_identities(heads: int = 2, n: int = 3, d: int = 2, p: int = 2) -> list[tuple]:
    """Footnote 2: without the mask, phi(i) = e_i, psi(j) = A^(h)[:, j] give sum_j K_ij x_j for every i and j.

    Symbols: A{h}{l}{j} a full (not triangular) coefficient matrix, M{h}{o}{c} the basis matrices, x{j}{c} tokens;
    e_i is written out with its 0/1 entries, so the identity covers the pairs i < j that the causal model masks.
    """
    H, N, D = range(1, heads + 1), range(1, n + 1), range(1, d + 1)
    names = [f"A{h}{q}{j}" for h in H for q in N for j in N]
    names += [f"M{h}{o}{c}" for h in H for o in range(1, p + 1) for c in D]
    names += [f"x{j}{c}" for j in N for c in D]
    out = []
    for i in N:
        for o in range(1, p + 1):
            lhs = " + ".join(
                f"({' + '.join(f'{int(q == i)}*A{h}{q}{j}' for q in N)})"
                f"*({' + '.join(f'M{h}{o}{c}*x{j}{c}' for c in D)})"
                for j in N
                for h in H
            )
            rhs = " + ".join(f"({' + '.join(f'A{h}{i}{j}*M{h}{o}{c}' for h in H)})*x{j}{c}" for j in N for c in D)
            out.append((f"y{i}-{o}", names, lhs, rhs))
    return out
