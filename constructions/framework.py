"""Section 3's exact objects in SymPy: each architecture's standard formula and its framework form.

Every function returns the two sides of the paper's identities as SymPy polynomials in named symbols
(matrix products, not string templates), so that the kernel's comparison with the frozen statement in
verify/kernel/specs/s3_framework.json cross-checks an independent construction. Matrix identities
M1 = M2 are paired with a free test matrix L: sum_{a,i} L_ai (M1 - M2)_ai vanishes identically in L
exactly when every entry agrees.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy

__all__ = [
    "Identity",
    "sym_matrix",
    "pairing",
    "matrix_form",
    "mlp",
    "cnn",
    "kan",
    "attention",
    "linear_attention",
    "selective_ssm",
    "lti_ssm",
    "fft_convolution",
    "affine_scan",
    "rnn_jacobian",
    "multi_head",
    "LAGS",
    "lagrange_basis",
    "positional_pair_function",
    "kan_membership",
    "standard_kan_obstruction",
    "mixed_difference",
    "linear_attention_membership",
    "attention_score_bilinear",
    "COUNTEREXAMPLES",
]

Identity = tuple[list[sympy.Symbol], sympy.Expr, sympy.Expr]
N, D, P = 3, 2, 2


def sym_matrix(prefix: str, rows: int, cols: int) -> sympy.Matrix:
    """A rows x cols matrix of symbols named prefix{r}_{c} (1-based)."""
    return sympy.Matrix(rows, cols, lambda r, c: sympy.Symbol(f"{prefix}{r + 1}_{c + 1}"))


def sym_vector(prefix: str, n: int) -> list[sympy.Symbol]:
    """Symbols prefix1 .. prefix{n}."""
    return [sympy.Symbol(f"{prefix}{k + 1}") for k in range(n)]


def _flat(*items: sympy.Matrix | list) -> list[sympy.Symbol]:
    """The symbols of matrices (row-major) and lists, in order."""
    out: list[sympy.Symbol] = []
    for item in items:
        out += (
            list(item) if isinstance(item, list) else [item[r, c] for r in range(item.rows) for c in range(item.cols)]
        )
    return out


def pairing(test: sympy.Matrix, m: sympy.Matrix) -> sympy.Expr:
    """sum_{a,i} test_ai * m_ai: the scalar that vanishes identically in `test` iff m = 0."""
    return sum((test[a, i] * m[a, i] for a in range(m.rows) for i in range(m.cols)), sympy.Integer(0))


def _columns(cols: list[sympy.Matrix]) -> sympy.Matrix:
    """Stack column vectors side by side."""
    return sympy.Matrix.hstack(*cols)


def _entry(M: sympy.Matrix) -> Callable[[int, int], sympy.Expr]:
    """The weight function (i, j) -> M[i, j]."""
    return lambda i, j: M[i, j]


def _framework(weight: Callable[[int, int], sympy.Expr], V: sympy.Matrix, X: sympy.Matrix, causal: bool = False):
    """y_i = sum_j f_ij (V x_j), the output equation of Definition 3.1, as a p x n matrix."""
    n = X.cols
    cols = []
    for i in range(n):
        js = range(i + 1) if causal else range(n)
        cols.append(sum((weight(i, j) * (V * X[:, j]) for j in js), sympy.zeros(V.rows, 1)))
    return _columns(cols)


def matrix_form() -> dict[str, Identity]:
    """Eq. (1) with W_ij = A_ij V, the output equation, and Y = V X A^T."""
    A, V, X, L = sym_matrix("A", N, N), sym_matrix("V", P, D), sym_matrix("x", D, N), sym_matrix("L", P, N)
    eq1 = _columns([sum(((A[i, j] * V) * X[:, j] for j in range(N)), sympy.zeros(P, 1)) for i in range(N)])
    fw = _framework(lambda i, j: A[i, j], V, X)
    vs = _flat(A, V, X, L)
    return {
        "eq1-factorized": (vs, pairing(L, eq1), pairing(L, fw)),
        "matrix-form": (vs, pairing(L, fw), pairing(L, V * X * A.T)),
    }


def mlp() -> dict[str, Identity]:
    """f = delta_ij gives y_i = V x_i and Y = V X I = V X."""
    V, X, L = sym_matrix("V", P, D), sym_matrix("x", D, N), sym_matrix("L", P, N)
    vs = _flat(V, X, L)
    fw = _framework(lambda i, j: sympy.KroneckerDelta(i, j), V, X)
    return {
        "kronecker": (vs, pairing(L, fw), pairing(L, V * X)),
        "matrix-form": (vs, pairing(L, V * X * sympy.eye(N)), pairing(L, V * X)),
    }


def _kernel_symbols() -> dict[int, sympy.Symbol]:
    return {-1: sympy.Symbol("cm1"), 0: sympy.Symbol("c0"), 1: sympy.Symbol("cp1")}


def cnn(n: int = 4, r: int = 1) -> dict[str, Identity]:
    """Banded weights c_{i-j}: the convolution sum_k c_k V x_{i-k} (zero padding) and Y = V X C^T."""
    c = _kernel_symbols()
    V, X, L = sym_matrix("V", P, D), sym_matrix("x", D, n), sym_matrix("L", P, n)
    fw = _framework(lambda i, j: c[i - j] if abs(i - j) <= r else 0, V, X)
    U = V * X
    conv = _columns(
        [sum((c[k] * U[:, i - k] for k in range(-r, r + 1) if 0 <= i - k < n), sympy.zeros(P, 1)) for i in range(n)]
    )
    toeplitz = sympy.Matrix(n, n, lambda i, j: c[i - j] if abs(i - j) <= r else 0)
    vs = [c[-1], c[0], c[1], *_flat(V, X, L)]
    return {
        "change-of-variable": (vs, pairing(L, fw), pairing(L, conv)),
        "toeplitz": (vs, pairing(L, fw), pairing(L, U * toeplitz.T)),
    }


def kan(r: int = 2) -> dict[str, Identity]:
    """Separable weights sum_m G_mi H_mj: content channels C_m and Y = V X (G^T H)^T."""
    G, H = sym_matrix("G", r, N), sym_matrix("H", r, N)
    V, X, L = sym_matrix("V", P, D), sym_matrix("x", D, N), sym_matrix("L", P, N)
    A = G.T * H
    fw = _framework(lambda i, j: A[i, j], V, X)
    channels = [sum((H[m, j] * V * X[:, j] for j in range(N)), sympy.zeros(P, 1)) for m in range(r)]
    chan = _columns([sum((G[m, i] * channels[m] for m in range(r)), sympy.zeros(P, 1)) for i in range(N)])
    vs = _flat(G, H, V, X, L)
    return {
        "content-channels": (vs, pairing(L, fw), pairing(L, chan)),
        "matrix-form": (vs, pairing(L, fw), pairing(L, V * X * A.T)),
    }


def _attention_symbols(dk: int = 4) -> tuple:
    WQ, WK, WV = sym_matrix("WQ", dk, D), sym_matrix("WK", dk, D), sym_matrix("WV", P, D)
    X, E, M, L = sym_matrix("x", D, N), sym_matrix("E", N, N), sym_matrix("M", N, N), sym_matrix("L", P, N)
    return WQ, WK, WV, X, E, sym_vector("R", N), M, L


def attention_score_bilinear() -> Identity:
    """q_i^T k_j / sqrt(d_k) = x_i^T (W_Q^T W_K / sqrt(d_k)) x_j with d_k = 4."""
    WQ, WK, _, X, _, _, M, _ = _attention_symbols()
    tokens = sympy.Matrix(N, N, lambda i, j: ((WQ * X[:, i]).T * (WK * X[:, j]))[0, 0] / 2)
    bilinear = sympy.Matrix(N, N, lambda i, j: (X[:, i].T * (WQ.T * WK / 2) * X[:, j])[0, 0])
    return (_flat(WQ, WK, X, M), pairing(M, tokens), pairing(M, bilinear))


def attention() -> dict[str, Identity]:
    """Scores as entries of Q^T K / sqrt(d_k); softmax weights E_ij R_i with V = W_V give V_val A^T."""
    WQ, WK, WV, X, E, R, M, L = _attention_symbols()
    A = sympy.Matrix(N, N, lambda i, j: E[i, j] * R[i])
    vs = _flat(WQ, WK, WV, X, E, R, M, L)
    tokens = sympy.Matrix(N, N, lambda i, j: ((WQ * X[:, i]).T * (WK * X[:, j]))[0, 0] / 2)
    Q, K = WQ * X, WK * X
    return {
        "scores": (vs, pairing(M, tokens), pairing(M, Q.T * K / 2)),
        "framework": (vs, pairing(L, _framework(lambda i, j: A[i, j], WV, X)), pairing(L, (WV * X) * A.T)),
    }


def linear_attention(r: int = 2) -> dict[str, Identity]:
    """Matrix form, summary matrix S, and the causal prefix-sum variant of linear attention."""
    WV, X, L = sym_matrix("WV", P, D), sym_matrix("x", D, N), sym_matrix("L", P, N)
    Phi, Psi = sym_matrix("P", r, N), sym_matrix("S", r, N)
    vs = _flat(WV, X, Phi, Psi, L)
    W = Phi.T * Psi
    Vval = WV * X
    standard = Vval * Psi.T * Phi
    fw = _framework(lambda i, j: W[i, j], WV, X)
    summary = sum((Psi[:, j] * (WV * X[:, j]).T for j in range(N)), sympy.zeros(r, P))
    via_s = _columns([(Phi[:, i].T * summary).T for i in range(N)])
    prefix, states = sympy.zeros(r, P), []
    for j in range(N):
        prefix = prefix + Psi[:, j] * (WV * X[:, j]).T
        states.append(prefix)
    causal_rec = _columns([(Phi[:, i].T * states[i]).T for i in range(N)])
    causal_fw = _framework(lambda i, j: W[i, j], WV, X, causal=True)
    mask = sympy.Matrix(N, N, lambda i, j: 1 if j <= i else 0)
    return {
        "framework-sum": (vs, pairing(L, fw), pairing(L, standard)),
        "transpose": (vs, pairing(L, Vval * W.T), pairing(L, standard)),
        "summary": (vs, pairing(L, via_s), pairing(L, fw)),
        "prefix-sums": (vs, pairing(L, causal_rec), pairing(L, causal_fw)),
        "masked-matrix-form": (vs, pairing(L, causal_fw), pairing(L, Vval * mask.multiply_elementwise(W).T)),
    }


def selective_ssm() -> Identity:
    """Time-varying recurrence (s = 2, n = 3) versus sum_j C_i A_i ... A_{j+1} B_j x_j."""
    A = {k: sym_matrix(f"A{k}_", 2, 2) for k in (2, 3)}
    B = {j: sympy.Matrix(2, 1, lambda r, _c, j=j: sympy.Symbol(f"B{j}_{r + 1}")) for j in (1, 2, 3)}
    C = {i: sympy.Matrix(1, 2, lambda _r, c, i=i: sympy.Symbol(f"C{i}_{c + 1}")) for i in (1, 2, 3)}
    x, L = sym_vector("x", 3), sym_vector("L", 3)
    h, rec = sympy.zeros(2, 1), 0
    for i in (1, 2, 3):
        h = (A[i] * h if i > 1 else h) + B[i] * x[i - 1]
        rec += L[i - 1] * (C[i] * h)[0, 0]
    fw = 0
    for i in (1, 2, 3):
        for j in range(1, i + 1):
            product = sympy.eye(2)
            for k in range(i, j, -1):  # time-ordered: A_i A_{i-1} ... A_{j+1}
                product = product * A[k]
            fw += L[i - 1] * (C[i] * product * B[j])[0, 0] * x[j - 1]
    vs = _flat(
        A[2], A[3], [B[j][r] for j in (1, 2, 3) for r in range(2)], [C[i][c] for i in (1, 2, 3) for c in range(2)], x, L
    )
    return (vs, rec, fw)


def _lti_symbols() -> tuple:
    A = sym_matrix("A", 2, 2)
    B, C = sympy.Matrix(sym_vector("B", 2)), sympy.Matrix([sym_vector("C", 2)])
    return A, B, C, sym_vector("x", 4), sym_vector("L", 4)


def lti_ssm() -> dict[str, Identity]:
    """LTI recurrence (n = 4) versus sum_j C A^{i-j} B x_j and the causal convolution with k_tau = C A^tau B."""
    A, B, C, x, L = _lti_symbols()
    h, rec = sympy.zeros(2, 1), 0
    for i in range(4):
        h = A * h + B * x[i]
        rec += L[i] * (C * h)[0, 0]
    kernel = [(C * A**t * B)[0, 0] for t in range(4)]
    fw = sum(L[i] * kernel[i - j] * x[j] for i in range(4) for j in range(i + 1))
    conv = sum(L[i] * kernel[t] * x[i - t] for i in range(4) for t in range(i + 1))
    vs = _flat(A, list(B), list(C), x, L)
    return {"recurrence": (vs, rec, fw), "unrolled-convolution": (vs, rec, conv)}


def fft_convolution() -> Identity:
    """Causal convolution of length-2 sequences = inverse DFT of the product of DFTs of length 4 (zero-padded)."""
    k1, k2, y1, y2, M1, M2 = sympy.symbols("k1 k2 y1 y2 M1 M2")
    kp, xp = [k1, k2, 0, 0], [y1, y2, 0, 0]
    dft = sympy.Matrix(4, 4, lambda m, t: (-sympy.I) ** ((m * t) % 4))
    idft = sympy.Matrix(4, 4, lambda t, m: sympy.I ** ((m * t) % 4)) / 4
    product = sympy.Matrix([a * b for a, b in zip(dft * sympy.Matrix(kp), dft * sympy.Matrix(xp))])
    out = idft * product
    return ([k1, k2, y1, y2, M1, M2], M1 * out[0] + M2 * out[1], M1 * k1 * y1 + M2 * (k1 * y2 + k2 * y1))


def affine_scan() -> dict[str, Identity]:
    """Associativity of affine composition and the tree-ordered scan against the recurrence."""
    A = {k: sym_matrix(f"A{k}_", 2, 2) for k in (1, 2, 3, 4)}
    b = {k: sympy.Matrix(2, 1, lambda r, _c, k=k: sympy.Symbol(f"b{k}_{r + 1}")) for k in (1, 2, 3, 4)}
    M, ell = sym_matrix("M", 2, 2), sympy.Matrix(sym_vector("l", 2))
    h0 = sympy.Matrix([sympy.Symbol("h0_1"), sympy.Symbol("h0_2")])

    def compose(second: tuple, first: tuple) -> tuple:
        return (second[0] * first[0], second[0] * first[1] + second[1])

    f = {k: (A[k], b[k]) for k in A}
    left, right = compose(compose(f[3], f[2]), f[1]), compose(f[3], compose(f[2], f[1]))
    pair_map = lambda g: pairing(M, g[0]) + pairing(ell, g[1])  # noqa: E731
    states = [h0]
    for t in (1, 2, 3, 4):
        states.append(A[t] * states[-1] + b[t])
    tree = compose(compose(f[4], f[3]), compose(f[2], f[1]))
    prefix = compose(f[3], compose(f[2], f[1]))
    apply = lambda g: g[0] * h0 + g[1]  # noqa: E731
    avars = _flat(A[1], A[2], A[3], [b[k][r] for k in (1, 2, 3) for r in range(2)], M, list(ell))
    tvars = _flat(A[1], A[2], A[3], A[4], [b[k][r] for k in (1, 2, 3, 4) for r in range(2)], list(h0), list(ell))
    return {
        "associativity": (avars, pair_map(left), pair_map(right)),
        "tree-h4": (tvars, pairing(ell, apply(tree)), pairing(ell, states[4])),
        "prefix-h3": (tvars, pairing(ell, apply(prefix)), pairing(ell, states[3])),
    }


def rnn_jacobian() -> dict[str, tuple[list[sympy.Symbol], sympy.Expr]]:
    """y(x + t e_j) - y(x) - t dy/dx_j for sigma(z) = z + z^2, with dy/dx_j from SymPy's diff; and the linear case."""
    W, U = sym_matrix("W", 2, 2), sympy.Matrix(sym_vector("U", 2))
    x1, x2, t, L1, L2 = sympy.symbols("x1 x2 t L1 L2")
    sigma = lambda v: v.applyfunc(lambda z: z + z**2)  # noqa: E731

    def h2(a: sympy.Expr, b: sympy.Expr, act: Callable = sigma) -> sympy.Matrix:
        return act(W * act(U * a) + U * b)

    base = h2(x1, x2)
    ell = sympy.Matrix([L1, L2])
    vs = _flat(W, list(U), [x1, x2, t, L1, L2])
    out = {}
    for name, shifted, var in (("jacobian-21", h2(x1 + t, x2), x1), ("jacobian-22", h2(x1, x2 + t), x2)):
        jac = base.diff(var)
        out[name] = (vs, pairing(ell, shifted - base - t * jac))
    ident = lambda v: v  # noqa: E731
    linear = h2(x1 + t, x2, ident) - h2(x1, x2, ident) - t * h2(x1, x2, ident).diff(x1)
    out["linear-case"] = (vs, pairing(ell, linear))
    return out


def multi_head() -> Identity:
    """Footnote 1: W_O [z^(1); z^(2)] = sum_h (W_O^(h) V_h) sum_j alpha^(h)_ij x_j."""
    WO, X, L = sym_matrix("WO", 2, 2), sym_matrix("x", 2, 2), sym_matrix("L", 2, 2)
    V = {h: sympy.Matrix([[sympy.Symbol(f"V{h}_{b}") for b in (1, 2)]]) for h in (1, 2)}
    a = {h: sym_matrix(f"a{h}_", 2, 2) for h in (1, 2)}
    z = {h: _framework(_entry(a[h]), V[h], X) for h in (1, 2)}
    concat = WO * sympy.Matrix.vstack(z[1], z[2])
    summed = sum((WO[:, h - 1] * V[h] * X * a[h].T for h in (1, 2)), sympy.zeros(2, 2))
    return (_flat(WO, V[1], V[2], a[1], a[2], X, L), pairing(L, concat), pairing(L, summed))


LAGS = range(-2, 3)  # the lags i - j the positional pair function interpolates on (n = 3 positions)


def lagrange_basis(k: int, s: sympy.Symbol) -> sympy.Expr:
    """l_k(s): the polynomial of degree <= 4 with l_k(m) = [m == k] for every lag m in LAGS."""
    return sympy.interpolate([(m, 1 if m == k else 0) for m in LAGS], s)


def positional_pair_function(kernel: dict[int, sympy.Expr], n: int = 3) -> tuple[sympy.Expr, sympy.Matrix]:
    """F(u, v) = sum_k c_k l_k(u - v) (Lagrange basis on lags -2..2) and its values at every pair of positions."""
    u, v, s = sympy.symbols("u v s")
    poly = sum(kernel.get(k, 0) * lagrange_basis(k, s) for k in LAGS)
    F = sympy.expand(poly.subs(s, u - v))
    return F, sympy.Matrix(n, n, lambda i, j: F.subs({u: i + 1, v: j + 1}))


def kan_membership() -> Identity:
    """Content channels with g = (u1, u1 u2), h = (v2, 1 + v1^2) equal sum_j f(x_i, x_j) V x_j."""
    V, X, L = sym_matrix("V", P, D), sym_matrix("x", D, N), sym_matrix("L", P, N)
    g = [lambda u: u[0], lambda u: u[0] * u[1]]
    h = [lambda v: v[1], lambda v: 1 + v[0] ** 2]
    f = lambda u, v: sum(g[m](u) * h[m](v) for m in range(2))  # noqa: E731
    channels = [sum((h[m](X[:, j]) * V * X[:, j] for j in range(N)), sympy.zeros(P, 1)) for m in range(2)]
    arch = _columns([sum((g[m](X[:, i]) * channels[m] for m in range(2)), sympy.zeros(P, 1)) for i in range(N)])
    return (_flat(V, X, L), pairing(L, arch), pairing(L, _framework(lambda i, j: f(X[:, i], X[:, j]), V, X)))


def linear_attention_membership() -> Identity:
    """V_val Psi^T Phi with phi(q) = (q1, q1 q2), psi(k) = (k2, k1^2) equals sum_j f(x_i, x_j) W_V x_j."""
    WQ, WK, WV = sym_matrix("WQ", 2, D), sym_matrix("WK", 2, D), sym_matrix("WV", P, D)
    X, L = sym_matrix("x", D, N), sym_matrix("L", P, N)
    phi = lambda q: sympy.Matrix([q[0], q[0] * q[1]])  # noqa: E731
    psi = lambda k: sympy.Matrix([k[1], k[0] ** 2])  # noqa: E731
    Phi = _columns([phi(WQ * X[:, i]) for i in range(N)])
    Psi = _columns([psi(WK * X[:, j]) for j in range(N)])
    f = lambda u, v: (phi(WQ * u).T * psi(WK * v))[0, 0]  # noqa: E731
    pairwise = _framework(lambda i, j: f(X[:, i], X[:, j]), WV, X)
    return (_flat(WQ, WK, WV, X, L), pairing(L, WV * X * Psi.T * Phi), pairing(L, pairwise))


# Exact witness points for the counterexample obligations, with the producer's own reason for each.
def standard_kan_obstruction() -> Identity:
    """sum_k c_k (g_k (V x_k) - Phi(x_k))_r == 1: no V, g with g(x) V x = Phi(x) = (x2^2, x1^2) at four points."""
    V = sympy.Matrix(2, 2, lambda r, c: sympy.Symbol(f"v{r + 1}{c + 1}"))
    g = sym_vector("g", 4)
    phi = lambda x: sympy.Matrix([x[1] ** 2, x[0] ** 2])  # noqa: E731  a KAN layer: phi_12(t) = phi_21(t) = t^2
    points = [sympy.Matrix(p) for p in ((1, 0), (0, 1), (1, 1), (1, 2))]
    equations = [e for k, x in enumerate(points) for e in g[k] * (V * x) - phi(x)]
    # Nullstellensatz multipliers, found once by solving sum_k c_k E_k = 1 over QQ with degree <= 2 (a witness).
    (v11, v12), (v21, v22) = V.tolist()
    g4 = g[3]
    half = sympy.Rational(1, 2)
    multipliers = [-half * g4 * v21, half * g4 * v11, g4 * v22, -g4 * v12]
    multipliers += [g4 * (v21 + v22), -g4 * (v11 + v12), -half, sympy.Integer(1)]
    combination = sum((c * e for c, e in zip(multipliers, equations)), sympy.Integer(0))
    return ([*V, *g], combination, sympy.Integer(1))


def mixed_difference(output: Callable[[list], sympy.Expr], x1: sympy.Expr, a: tuple, b: tuple) -> sympy.Expr:
    """y_1(x1, a2, a3) - y_1(x1, b2, a3) - y_1(x1, a2, b3) + y_1(x1, b2, b3): zero for every Definition 3.1 model."""
    return output([x1, a[0], a[1]]) - output([x1, b[0], a[1]]) - output([x1, a[0], b[1]]) + output([x1, b[0], b[1]])


def _point(names: str, values: str) -> dict[str, int]:
    """A witness point from space-separated names and integer values."""
    return dict(zip(names.split(), (int(v) for v in values.split())))


COUNTEREXAMPLES: dict[tuple[str, str], dict[str, int]] = {
    # C_3 A_3 A_2 B_1 = 1 but C_3 A_2 A_3 B_1 = 0 (A_2 = E_12, A_3 = E_21, B_1 = e_2, C_3 = e_2^T)
    ("def3.2.selective-ssm", "order-matters"): _point(
        "A2_1_1 A2_1_2 A2_2_1 A2_2_2 A3_1_1 A3_1_2 A3_2_1 A3_2_2 B1_1 B1_2 C3_1 C3_2", "0 1 0 0 0 0 1 0 0 1 0 1"
    ),
    # W = I, U = e_1: (dy_2/dx_1)_1 is 1 at X = (0, 0) and 15 at X' = (1, 0)
    ("sec3.2.rnn-jacobian", "input-dependent"): _point("W1_1 W1_2 W2_1 W2_2 U1 U2 x1 x2 y1 y2", "1 0 0 1 1 0 0 0 1 0"),
    ("def3.1.membership.mlp", "content-alone-insufficient"): _point("x1 x2", "1 1"),
    ("def3.1.membership.cnn", "content-alone-insufficient"): _point("x1 x2 x3 c0", "1 1 1 1"),
    # alpha_12 = 1/(e + 2) on X = (1, 0, 0) and 1/(2e + 1) on X' = (1, 0, 1)
    ("def3.1.membership.attention", "pair-determines-weight"): _point("wq wk x1 x2 x3 y1 y2 y3", "1 1 1 0 0 1 0 1"),
    # mixed difference of y_1 over x_2, x_3 in {0, 1} at x_1 = 1: e/(e + 2) - 4e/(2e + 1) + 1, about -0.113
    ("def3.1.membership.attention", "no-pairwise-form"): _point("x1 a2 b2 a3 b3", "1 0 1 0 1"),
    # same at x_1 = 0 with phi = psi = 1 + q^2: 0 - 1/2 - 1/2 + 4/5 = -1/5
    ("def3.1.membership.normalized-linear-attention", "no-pairwise-form"): _point("x1 a2 b2 a3 b3", "0 0 1 0 1"),
    # alpha_12 = 1/3 on X = (0, 0, 0) and 1/4 on X' = (0, 0, 1)
    ("def3.1.membership.normalized-linear-attention", "pair-does-not-determine-weight"): _point(
        "x1 x2 x3 y1 y2 y3", "0 0 0 0 0 1"
    ),
}
