"""Section 3.1's formulas as statement goals: each architecture's f in the framework against its standard form.

Sizes: n = 3 tokens x_j in R^d, d = 2, outputs in R^p, p = 2 (the CNN uses n = 4). Variables are named after
the paper's matrices: A, V, x (the columns of X), G, H (KAN), W_Q, W_K, W_V, Phi (P), Psi (S); L and M are
the free test matrices that turn a matrix identity into one polynomial identity (verify.statements.display).
"""

from __future__ import annotations

from verify.statements.display import (
    Mat,
    col,
    column,
    dot,
    framework,
    identity,
    names,
    output_eq1,
    pairing,
    polynomial_identity,
    product,
    scale,
    symbols,
    table,
    total,
    transpose,
    vector,
    weights,
)

__all__ = [
    "N",
    "D",
    "P",
    "KERNEL",
    "banded",
    "matrix_form",
    "mlp",
    "cnn",
    "kan",
    "kan_standard_layer",
    "attention_symbols",
    "token_scores",
    "softmax_framework",
    "attention",
    "linear_attention",
]

N, D, P = 3, 2, 2  # tokens n, input dimension d, output dimension p


def matrix_form() -> list[dict]:
    """Eq. (1) with W_ij = A_ij V is the framework's output y_i = sum_j A_ij (V x_j); stacked, Y = V X A^T."""
    A, V, X, L = symbols("A", N, N), symbols("V", P, D), symbols("x", D, N), symbols("L", P, N)
    eq1 = output_eq1(lambda i, j: scale(A[i][j], V), X)
    output = framework(weights(A), V, X)
    variables = names(A, V, X, L)
    return [
        polynomial_identity("eq1-factorized", variables, pairing(L, eq1), pairing(L, output)),
        polynomial_identity(
            "matrix-form", variables, pairing(L, output), pairing(L, product(product(V, X), transpose(A)))
        ),
    ]


def mlp() -> list[dict]:
    """f = Kronecker delta: the framework's output is V x_i, and Y = V X I = V X."""
    V, X, L = symbols("V", P, D), symbols("x", D, N), symbols("L", P, N)
    delta, VX = identity(N), product(V, X)
    variables = names(V, X, L)
    return [
        polynomial_identity("kronecker", variables, pairing(L, framework(weights(delta), V, X)), pairing(L, VX)),
        polynomial_identity("matrix-form", variables, pairing(L, product(VX, delta)), pairing(L, VX)),
    ]


KERNEL = {-1: "cm1", 0: "c0", 1: "cp1"}  # the convolution kernel c_-1, c_0, c_1 (r = 1)


def banded(n: int, r: int = 1) -> Mat:
    """The Toeplitz weights c_{i-j} on the band |i - j| <= r, 0 elsewhere."""
    return table(n, n, lambda i, j: KERNEL[i - j] if abs(i - j) <= r else "0")


def cnn(n: int = 4, r: int = 1) -> list[dict]:
    """f = c_{i-j} on the band: the convolution sum_k c_k V x_{i-k} (zero padding) and Y = V X C_Toeplitz^T."""
    V, X, L = symbols("V", P, D), symbols("x", D, n), symbols("L", P, n)
    output = framework(lambda i, j: [KERNEL[i - j]] if abs(i - j) <= r else [], V, X)
    U = product(V, X)  # U[:, j] = V x_j
    shifted = table(
        P, n, lambda a, i: total(f"({KERNEL[k]})*({U[a][i - k]})" for k in range(-r, r + 1) if 0 <= i - k < n)
    )
    toeplitz = product(U, transpose(banded(n, r)))
    variables = [KERNEL[-1], KERNEL[0], KERNEL[1], *names(V, X, L)]
    return [
        polynomial_identity("change-of-variable", variables, pairing(L, output), pairing(L, shifted)),
        polynomial_identity("toeplitz", variables, pairing(L, output), pairing(L, toeplitz)),
    ]


def kan(r: int = 2) -> list[dict]:
    """f = sum_m g_m(x_i) h_m(x_j) (G_mi = g_m(x_i), H_mj = h_m(x_j)): content channels, and Y = V X (G^T H)^T."""
    G, H = symbols("G", r, N), symbols("H", r, N)
    V, X, L = symbols("V", P, D), symbols("x", D, N), symbols("L", P, N)
    output = framework(lambda i, j: [f"{G[m][i]}*{H[m][j]}" for m in range(r)], V, X)
    Vx = [col(product(V, column(X, j)), 0) for j in range(N)]
    channels = table(r, P, lambda m, a: total(f"({H[m][j]})*({Vx[j][a]})" for j in range(N)))  # C_m = sum_j h_m V x_j
    via_channels = table(P, N, lambda a, i: total(f"({G[m][i]})*({channels[m][a]})" for m in range(r)))
    A = product(transpose(G), H)
    variables = names(G, H, V, X, L)
    return [
        polynomial_identity("content-channels", variables, pairing(L, output), pairing(L, via_channels)),
        polynomial_identity(
            "matrix-form", variables, pairing(L, output), pairing(L, product(product(V, X), transpose(A)))
        ),
    ]


# The standard KAN layer's obstruction: the equations g_k (V x_k) = Phi(x_k), Phi(x) = (x2^2, x1^2) (phi_12(t) =
# phi_21(t) = t^2), at four points, combined with the Nullstellensatz multipliers c below give 1, so no V, g solve
# them. The multipliers are literal data: a witness found once by solving sum_k c_k E_k = 1 over QQ with degree
# <= 2 (constructions/framework.py standard_kan_obstruction builds the same combination).
KAN_POINTS = ((1, 0), (0, 1), (1, 1), (1, 2))
KAN_MULTIPLIERS = ("-g4*v21/2", "g4*v11/2", "g4*v22", "-g4*v12", "g4*(v21 + v22)", "-g4*(v11 + v12)", "-1/2", "1")


def kan_standard_layer() -> list[dict]:
    """sum_k c_k E_k = 1 for the equations E of g(x) V x = Phi(x) at four points: they have no common solution."""
    V = [["v11", "v12"], ["v21", "v22"]]
    g = vector("g", len(KAN_POINTS))
    equations = []
    for k, x in enumerate(KAN_POINTS):
        phi = (x[1] ** 2, x[0] ** 2)
        for r in range(2):
            equations.append(f"{g[k]}*({' + '.join(f'{v}*{c}' for v, c in zip(V[r], x))}) - {phi[r]}")
    combination = " + ".join(f"({c})*({e})" for c, e in zip(KAN_MULTIPLIERS, equations))
    return [polynomial_identity("no-common-solution", [*names(V), *g], combination, "1")]


def attention_symbols(dk: int = 4) -> tuple:
    """W_Q, W_K (d_k x d), W_V (p x d), X, the softmax numerators E_ij, the row factors R_i, test matrices M, L."""
    WQ, WK, WV = symbols("WQ", dk, D), symbols("WK", dk, D), symbols("WV", P, D)
    X, E, M, L = symbols("x", D, N), symbols("E", N, N), symbols("M", N, N), symbols("L", P, N)
    return WQ, WK, WV, X, E, vector("R", N), M, L


def token_scores(WQ: Mat, WK: Mat, X: Mat) -> Mat:
    """q_i^T k_j / sqrt(d_k) with q_i = W_Q x_i, k_j = W_K x_j, sqrt(d_k) = 2."""
    Q, K = product(WQ, X), product(WK, X)
    return table(N, N, lambda i, j: f"({dot(col(Q, i), col(K, j))})/2")


def softmax_framework(name: str, variables: list[str], WV: Mat, X: Mat, E: Mat, R: list[str], L: Mat) -> dict:
    """The framework with alpha_ij = E_ij R_i (E_ij = exp(score), R_i = 1 / sum_l E_il formal) and V = W_V is V_val A^T."""
    A = table(N, N, lambda i, j: f"{E[i][j]}*{R[i]}")
    output = framework(weights(A), WV, X)
    return polynomial_identity(name, variables, pairing(L, output), pairing(L, product(product(WV, X), transpose(A))))


def attention() -> list[dict]:
    """Token-level scores are the entries of Q^T K / sqrt(d_k); softmax weights in the framework give V_val A^T."""
    WQ, WK, WV, X, E, R, M, L = attention_symbols()
    variables = names(WQ, WK, WV, X, E, R, M, L)
    matrix = [[f"({e})/2" for e in row] for row in product(transpose(product(WQ, X)), product(WK, X))]
    scores = polynomial_identity("scores", variables, pairing(M, token_scores(WQ, WK, X)), pairing(M, matrix))
    return [scores, softmax_framework("framework", variables, WV, X, E, R, L)]


def _prefix_summary(Psi: Mat, Vx: list[list[str]], i: int) -> Mat:
    """The prefix summary S_i = sum_{j <= i} psi(k_j) (V x_j)^T, r x P."""
    return table(len(Psi), P, lambda m, a: total(f"({Psi[m][j]})*({Vx[j][a]})" for j in range(i + 1)))


def linear_attention(r: int = 2) -> dict[str, dict]:
    """f_ij = phi(q_i)^T psi(k_j): the framework sum, V_val Psi^T Phi, the summary S, prefix sums, the causal mask."""
    WV, X, L = symbols("WV", P, D), symbols("x", D, N), symbols("L", P, N)
    Phi, Psi = symbols("P", r, N), symbols("S", r, N)  # columns phi(q_i), psi(k_j)
    variables = names(WV, X, Phi, Psi, L)
    W, Vval = product(transpose(Phi), Psi), product(WV, X)
    standard = product(product(Vval, transpose(Psi)), Phi)
    output, causal = framework(weights(W), WV, X), framework(weights(W), WV, X, causal=True)
    Vx = [col(product(WV, column(X, j)), 0) for j in range(N)]
    summary = table(r, P, lambda m, a: " + ".join(f"({Psi[m][j]})*({Vx[j][a]})" for j in range(N)))  # S
    via_summary = table(P, N, lambda a, i: dot(col(Phi, i), col(summary, a)))  # y_i = S^T phi(q_i)
    prefix = [_prefix_summary(Psi, Vx, i) for i in range(N)]
    recurrent = table(P, N, lambda a, i: dot(col(Phi, i), col(prefix[i], a)))  # y_i = S_i^T phi(q_i)
    masked = table(N, N, lambda i, j: f"({'1' if j <= i else '0'})*({W[i][j]})")
    return {
        "framework-sum": polynomial_identity("framework-sum", variables, pairing(L, output), pairing(L, standard)),
        "transpose": polynomial_identity(
            "transpose", variables, pairing(L, product(Vval, transpose(W))), pairing(L, standard)
        ),
        "summary": polynomial_identity("summary", variables, pairing(L, via_summary), pairing(L, output)),
        "prefix-sums": polynomial_identity("prefix-sums", variables, pairing(L, recurrent), pairing(L, causal)),
        "masked-matrix-form": polynomial_identity(
            "masked-matrix-form", variables, pairing(L, causal), pairing(L, product(Vval, transpose(masked)))
        ),
    }
