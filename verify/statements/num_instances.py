"""The instances of the num.* statements: the built-in SSMs, their k-head forms, the Appendix A modes, the sizes.

Written as statement data, independently of numeric/ (which keeps its own copy and builds the certificates); the
check that a certificate's goal equals the statement catches any difference. Everything here is exact: A, B, C are
dyadic, the head forms are computed from them in Fractions, and the float64 beta_hl, lambda_l a run uses are the
nearest doubles of the exact values (Python's float(Fraction) rounds correctly), recorded as exact dyadics.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements.sA_instances import rank

__all__ = [
    "SIZES",
    "FEATURE_N",
    "RAW_N",
    "FEATURE_L",
    "FEATURE_QS",
    "CHUNK",
    "BUILTINS",
    "BASES",
    "MODES",
    "OMEGA",
    "fft_size",
    "ssm",
    "head_form",
    "text",
]

# n per scale (num.thm4.4 "heads", num.ssm.forms "forms" and its direct convolution "direct").
SIZES = {
    "default": {"heads": 4096, "forms": 2048, "direct": 1024},
    "large": {"heads": 1_000_000, "forms": 131072, "direct": 2048},
}
FEATURE_N = {"default": 2048, "large": 65536}  # num.appA.eq21: the stable features' length per scale
RAW_N = 2048  # the paper's raw features are checked at this length at every scale (below every N(lambda))
FEATURE_L = 64  # chunk length of the stable Appendix A evaluation
FEATURE_QS = (0, 2)  # the powers q of the lag kernels lambda^tau tau^q
CHUNK = 256  # num.thm4.4 and num.thm4.4.chunked: chunk length of the k-head form (FFTs of 2 CHUNK points in a chunk)
BUILTINS = ("rotation", "random16", "slow")
BASES = ("modal", "lags")
# Round to nearest sends x to Inf exactly when |x| >= 2^1024 - 2^970 (the largest double plus half an ulp).
OMEGA = Fraction(2**54 - 1) * Fraction(2) ** 970

Matrix = list[list[Fraction]]
Gauss = tuple[Fraction, Fraction]

# The blocks [[a, -b], [b, a]] (lambda = a + i b) and B, C of each built-in SSM, as (numerators, denominator).
# random16: a random stable SSM (m = 16, p = d = 4; |lambda| in [0.5, 0.95], a and b on a 2^-12 grid, B and C entries
# in {-1, -7/8, ..., 1}), drawn once with seed 20251215 and frozen here.
_RANDOM16_BLOCKS = [(1892, 1988), (-1247, 2305), (-46, 2216), (3193, 601), (2522, 1986), (2697, 2009), (-1284, 2317)]
_RANDOM16_BLOCKS += [(652, 2801)]
_RANDOM16_B = [
    [0, 8, -6, -5], [-3, 4, -6, 8], [-8, -3, 3, 1], [3, 3, 0, 5], [-2, 4, 0, -2], [5, -5, -2, -6], [0, -3, 2, -5],
    [6, -7, 6, 7], [0, 8, 2, -1], [5, -6, -4, 4], [-5, -2, -3, -7], [-7, -4, -2, 2], [0, 6, 7, -8], [-7, -1, 1, 4],
    [4, 0, 2, -2], [-8, 2, 5, 1],
]  # fmt: skip
_RANDOM16_C = [
    [7, -5, 2, -7, 2, 4, 0, 7, -6, 4, 7, -3, 8, -4, 2, 0],
    [-6, -5, 4, 7, 0, -7, -1, -5, 3, 6, 1, 0, 4, 0, -2, -5],
    [-5, 3, 8, 6, -7, -1, 6, -2, -6, 6, 0, -7, -3, 1, 7, 6],
    [-8, 1, 7, -8, 0, 2, 8, -2, 8, -1, 0, -3, 7, -4, -2, 3],
]
_SSMS: dict[str, tuple[list[tuple[int, int]], int, list[list[int]], list[list[int]], int]] = {
    # Theorem 4.2's rotation by 90 degrees (lambda = i), B = C = I.
    "rotation": ([(0, 1)], 1, [[1, 0], [0, 1]], [[1, 0], [0, 1]], 1),
    "random16": (_RANDOM16_BLOCKS, 4096, _RANDOM16_B, _RANDOM16_C, 8),
    # A slow SSM: |lambda| ~ 0.999 and ~ 0.9993 (a, b on 2^-12 and 2^-11 grids).
    "slow": ([(4087, 205), (-4090, 164)], 4096, [[8, 0], [0, 8], [4, 8], [-8, 2]], [[8, 4, 0, -8], [0, 8, 8, 1]], 8),
}

# The Appendix A modes lambda = a + i b (a, b on a 2^-24 grid: r e^{0.3 i} for r = 0.9, 0.99, 0.999) and N(lambda),
# the smallest j with |lambda|^-j >= OMEGA (the statement's overflow goals check both sides exactly).
_S24 = 2**24
MODES = (
    ("|l|=0.9", Fraction(14425098, _S24), Fraction(4462206, _S24), 6737),
    ("|l|=0.99", Fraction(15867608, _S24), Fraction(4908426, _S24), 70623),
    ("|l|=0.999", Fraction(16011859, _S24), Fraction(4953048, _S24), 709434),
)


def text(q: Fraction) -> str:
    """Exact text 'p' or 'p/q' of a rational."""
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def fft_size(n: int) -> int:
    """The FFT length: the smallest power of two >= 2n."""
    return 1 << (2 * n - 1).bit_length()


def ssm(name: str) -> tuple[Matrix, Matrix, Matrix]:
    """(A, B, C) of a built-in SSM, exactly: A block diagonal with the blocks [[a, -b], [b, a]]."""
    blocks, den, b_num, c_num, bc_den = _SSMS[name]
    m = 2 * len(blocks)
    A = [[Fraction(0)] * m for _ in range(m)]
    for blk, (a, b) in enumerate(blocks):
        r = 2 * blk
        A[r][r], A[r][r + 1], A[r + 1][r], A[r + 1][r + 1] = (Fraction(x, den) for x in (a, -b, b, a))
    B = [[Fraction(x, bc_den) for x in row] for row in b_num]
    C = [[Fraction(x, bc_den) for x in row] for row in c_num]
    return A, B, C


def _times(P: Matrix, Q: Matrix) -> Matrix:
    """The exact product of two rational matrices."""
    return [[sum((p * q for p, q in zip(row, col)), Fraction(0)) for col in zip(*Q)] for row in P]


def _inverse(S: Matrix) -> Matrix:
    """The inverse of an invertible rational matrix (Gauss-Jordan)."""
    k = len(S)
    M = [list(row) + [Fraction(int(i == j)) for j in range(k)] for i, row in enumerate(S)]
    for c in range(k):
        p = next(r for r in range(c, k) if M[r][c] != 0)
        M[c], M[p] = M[p], M[c]
        M[c] = [x / M[c][c] for x in M[c]]
        for r in range(k):
            if r != c and M[r][c] != 0:
                M[r] = [x - M[r][c] * y for x, y in zip(M[r], M[c])]
    return [row[k:] for row in M]


def _first_independent(vectors: list[list[Fraction]]) -> list[int]:
    """The indices of the vectors independent of the earlier ones (the pivot columns of the echelon form)."""
    out: list[int] = []
    for i, v in enumerate(vectors):
        if rank([vectors[j] for j in out] + [v]) > len(out):
            out.append(i)
    return out


def _eigenvalues(A: Matrix) -> list[Gauss]:
    """lambda_l = a + i b of each 2x2 block [[a, -b], [b, a]]."""
    return [(A[r][r], A[r + 1][r]) for r in range(0, len(A), 2)]


def head_form(name: str, basis: str) -> tuple[list[Matrix], list[list[Gauss]], list[Gauss]]:
    """Theorem 4.4's k-head form (V^(h), beta_hl, lambda_l) with c_{tau,h} = Re sum_l beta_hl lambda_l^tau.

    "modal" (Appendix A): V = C_l B_l (beta = 1 at mode l) and C_l J B_l (beta = -i), J the quarter turn;
    "lags" (the proof): V^(h) = W(t_h) for the first independent lags t_h, and c_{tau,h} = <G_h, A^tau>_F with
    G_h = C^T L_h B^T for the dual functional L_h of the basis read on its first independent coordinates, so
    beta_hl = (G_11 + G_22, G_12 - G_21) of block l of G_h.
    """
    A, B, C = ssm(name)
    m, p, d = len(A), len(C), len(B[0])
    lam = _eigenvalues(A)
    zero = (Fraction(0), Fraction(0))
    if basis == "modal":
        V, beta = [], []
        for blk in range(m // 2):
            Cl = [[row[2 * blk], row[2 * blk + 1]] for row in C]
            Bl = [B[2 * blk], B[2 * blk + 1]]
            JB = [[-x for x in Bl[1]], list(Bl[0])]
            for Bx, coeff in ((Bl, (Fraction(1), Fraction(0))), (JB, (Fraction(0), Fraction(-1)))):
                V.append(_times(Cl, Bx))
                beta.append([coeff if j == blk else zero for j in range(m // 2)])
        return V, beta, lam
    W, power = [], B
    for _ in range(m):  # Cayley-Hamilton: W(0), ..., W(m-1) span every W(tau)
        W.append(_times(C, power))
        power = _times(A, power)
    flat = [[x for row in w for x in row] for w in W]
    lags = _first_independent(flat)
    coords = _first_independent([[flat[t][i] for t in lags] for i in range(p * d)])
    S_inv = _inverse([[flat[t][i] for t in lags] for i in coords])
    Ct = [list(col) for col in zip(*C)]
    Bt = [list(col) for col in zip(*B)]
    beta = []
    for h in range(len(lags)):
        dual = [[Fraction(0)] * d for _ in range(p)]
        for j, i in enumerate(coords):
            dual[i // d][i % d] = S_inv[h][j]
        G = _times(_times(Ct, dual), Bt)
        beta.append([(G[r][r] + G[r + 1][r + 1], G[r][r + 1] - G[r + 1][r]) for r in range(0, m, 2)])
    return [W[t] for t in lags], beta, lam
