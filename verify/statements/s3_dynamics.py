"""Section 3.2's formulas as statement goals (SSMs, the convolution and scan dualities, the RNN Jacobian) and
footnote 1's sum of heads.

Sizes: state dimension 2, scalar inputs x_t and outputs, n = 3 (selective) or 4 (LTI) steps; the free
multipliers L_t pair the outputs into one polynomial identity (verify.statements.display).
"""

from __future__ import annotations

from collections.abc import Callable

from verify.statements.display import (
    Mat,
    col,
    column,
    counterexample,
    framework,
    identity,
    names,
    pairing,
    polynomial_identity,
    product,
    symbols,
    table,
    total,
    vector,
    weights,
)

__all__ = ["recurrence", "selective_ssm", "lti_ssm", "fft_convolution", "affine_scan", "rnn_jacobian", "multi_head"]


def recurrence(A: list[Mat], B: list[Mat], C: list[Mat], x: list[str], L: list[str]) -> str:
    """sum_t L_t y_t for h_1 = B_1 x_1, h_t = A_t h_{t-1} + B_t x_t, y_t = C_t h_t (Definition 3.2, unrolled)."""
    outputs, h = [], None
    for t in range(len(x)):
        inputs = [f"({b})*{x[t]}" for b in col(B[t], 0)]
        h = [[u] for u in inputs] if h is None else [[f"({a}) + {u}"] for a, u in zip(col(product(A[t], h), 0), inputs)]
        outputs.append(f"{L[t]}*({product(C[t], h)[0][0]})")
    return " + ".join(outputs)


def _weight(A: list[Mat], B: list[Mat], C: list[Mat], i: int, j: int) -> str:
    """W_ij = C_i A_i A_{i-1} ... A_{j+1} B_j (time-ordered; C_i B_i when j = i), a scalar."""
    left = C[i]
    if j < i:
        transition = A[i]
        for k in range(i - 1, j, -1):
            transition = product(transition, A[k])
        left = product(C[i], transition)
    return product(left, B[j])[0][0]


def _weighted_sum(L: list[str], x: list[str], weight: Callable[[int, int], str]) -> str:
    """sum_i L_i sum_{j <= i} (W_ij) x_j, in the order j = 1..i."""
    return " + ".join(f"{L[i]}*({' + '.join(f'({weight(i, j)})*{x[j]}' for j in range(i + 1))})" for i in range(len(x)))


def selective_ssm(n: int = 3) -> list[dict]:
    """The time-varying recurrence equals sum_j C_i A_i ... A_{j+1} B_j x_j; the other order of the product differs."""
    A: list[Mat] = [[], *(symbols(f"A{k}_", 2, 2) for k in range(2, n + 1))]  # A_1 never acts (h_0 = 0): a placeholder
    B = [[[f"B{j}_{r}"] for r in (1, 2)] for j in range(1, n + 1)]
    C = [[[f"C{i}_{c}" for c in (1, 2)]] for i in range(1, n + 1)]
    x, L = vector("x", n), vector("L", n)
    variables = names(*A[1:], *(names(b) for b in B), *(names(c) for c in C), x, L)
    unrolled = _weighted_sum(L, x, lambda i, j: _weight(A, B, C, i, j))
    reversed_order = product(product(product(C[2], A[1]), A[2]), B[0])[0][0]  # C_3 A_2 A_3 B_1
    point = names(A[1], A[2], B[0], C[2])
    return [
        polynomial_identity("recurrence", variables, recurrence(A, B, C, x, L), unrolled),
        counterexample("order-matters", point, (_weight(A, B, C, 2, 0), reversed_order)),
    ]


def _lti(n: int = 4) -> tuple:
    """The LTI SSM (A, B, C) with state dimension 2, its kernel k_tau = C A^tau B (tau < n), x and L."""
    A, B, C = symbols("A", 2, 2), vector("B", 2, as_column=True), [vector("C", 2)]
    powers = [identity(2)]
    for _ in range(1, n):
        powers.append(product(powers[-1], A))
    kernel = [product(product(C, power), B)[0][0] for power in powers]
    return A, B, C, kernel, vector("x", n), vector("L", n)


def lti_ssm() -> dict[str, dict]:
    """The LTI recurrence (n = 4) against sum_j C A^{i-j} B x_j and against the causal convolution (k * x)_i."""
    A, B, C, kernel, x, L = _lti()
    n = len(x)
    unrolled = recurrence([A] * n, [B] * n, [C] * n, x, L)
    weights_form = _weighted_sum(L, x, lambda i, j: kernel[i - j])
    convolution = " + ".join(
        f"{L[i]}*({' + '.join(f'({kernel[t]})*{x[i - t]}' for t in range(i + 1))})" for i in range(n)
    )
    variables = names(A, B, C, x, L)
    return {
        "recurrence": polynomial_identity("recurrence", variables, unrolled, weights_form),
        "unrolled-convolution": polynomial_identity("unrolled-convolution", variables, unrolled, convolution),
    }


I_POWERS = ("1", "(i)", "(-1)", "(-i)")  # i^e, e = 0..3


def fft_convolution() -> dict:
    """(k * x)_t for t = 0, 1 equals the inverse DFT_4 of DFT_4(k) DFT_4(x), k and x of length 2 zero-padded to 4."""
    k, y, M = ["k1", "k2", "0", "0"], ["y1", "y2", "0", "0"], ["M1", "M2"]
    dft = lambda v, m: " + ".join(f"{I_POWERS[-m * t % 4]}*({v[t]})" for t in range(4))  # noqa: E731  (-i)^(mt)
    inverse = [
        "(1/4)*(" + " + ".join(f"{I_POWERS[m * t % 4]}*({dft(k, m)})*({dft(y, m)})" for m in range(4)) + ")"
        for t in range(2)
    ]
    causal = ["k1*y1", "k1*y2 + k2*y1"]  # sum_s k_s y_{t-s}
    return polynomial_identity("fft-padded", ["k1", "k2", "y1", "y2", *M], pairing(M, inverse), pairing(M, causal))


def _compose(second: tuple[Mat, Mat], first: tuple[Mat, Mat]) -> tuple[Mat, Mat]:
    """The affine map second o first: (A_2 A_1, A_2 b_1 + b_2)."""
    (A2, b2), (A1, b1) = second, first
    return product(A2, A1), _plus(product(A2, b1), b2)


def _apply(f: tuple[Mat, Mat], h: Mat) -> Mat:
    """The affine map f = (A, b) at h: A h + b."""
    return _plus(product(f[0], h), f[1])


def _plus(u: Mat, v: Mat) -> Mat:
    """The sum of two columns, entries (u_r) + (v_r)."""
    return [[f"({a[0]}) + ({b[0]})"] for a, b in zip(u, v)]


def affine_scan() -> list[dict]:
    """Affine composition is associative; the tree-ordered and the prefix scans give the recurrence's states."""
    A = {k: symbols(f"A{k}_", 2, 2) for k in (1, 2, 3, 4)}
    b = {k: [[f"b{k}_{r}"] for r in (1, 2)] for k in (1, 2, 3, 4)}
    M, ell, h0 = symbols("M", 2, 2), vector("l", 2, as_column=True), [["h0_1"], ["h0_2"]]
    f = {k: (A[k], b[k]) for k in A}
    pair = lambda g: f"{pairing(M, g[0])} + {pairing(ell, g[1])}"  # noqa: E731
    states = [h0]
    for t in (1, 2, 3, 4):
        states.append(_apply(f[t], states[-1]))  # h_t = A_t h_{t-1} + b_t
    tree = _compose(_compose(f[4], f[3]), _compose(f[2], f[1]))
    prefix = _compose(f[3], _compose(f[2], f[1]))
    avars = names(A[1], A[2], A[3], *(names(b[k]) for k in (1, 2, 3)), M, ell)
    tvars = names(A[1], A[2], A[3], A[4], *(names(b[k]) for k in (1, 2, 3, 4)), h0, ell)
    left, right = _compose(_compose(f[3], f[2]), f[1]), _compose(f[3], _compose(f[2], f[1]))
    return [
        polynomial_identity("associativity", avars, pair(left), pair(right)),
        polynomial_identity("tree-h4", tvars, pairing(ell, _apply(tree, h0)), pairing(ell, states[4])),
        polynomial_identity("prefix-h3", tvars, pairing(ell, _apply(prefix, h0)), pairing(ell, states[3])),
    ]


def _sigma(z: str) -> str:
    """The activation sigma(z) = z + z^2."""
    return f"(({z}) + ({z})^2)"


def _sigma_prime(z: str) -> str:
    """sigma'(z) = 1 + 2 z."""
    return f"1 + 2*({z})"


def _z2(W: Mat, U: list[str], x1: str, x2: str, act: bool = True) -> list[str]:
    """The pre-activation z_2 = W h_1 + U x_2 with h_1 = sigma(U x_1) (h_1 = U x_1 in the linear case)."""
    h1 = [[_sigma(f"({u})*({x1})") if act else f"({u})*({x1})"] for u in U]
    return [f"({w}) + ({u})*({x2})" for w, u in zip(col(product(W, h1), 0), U)]


def _jacobian_21(W: Mat, U: list[str], x1: str, x2: str) -> list[str]:
    """dy_2/dx_1 = D_2 W D_1 U by the chain rule, D_t = diag(sigma'(z_t))."""
    inner = [[f"({_sigma_prime(f'({u})*({x1})')})*({u})"] for u in U]  # D_1 U
    return [f"({_sigma_prime(z)})*({g})" for z, g in zip(_z2(W, U, x1, x2), col(product(W, inner), 0))]


def rnn_jacobian() -> list[dict]:
    """y_2(x + t e_j) - y_2(x) - t dy_2/dx_j = O(t^2); for sigma = id it is 0; dy_2/dx_1 changes with x."""
    W, U, L = symbols("W", 2, 2), vector("U", 2), vector("L", 2)
    variables = [*names(W), *U, "x1", "x2", "t", *L]
    y2 = lambda x1, x2: [_sigma(z) for z in _z2(W, U, x1, x2)]  # noqa: E731  y_2 = h_2 = sigma(z_2)
    j22 = [f"({_sigma_prime(z)})*({u})" for z, u in zip(_z2(W, U, "x1", "x2"), U)]  # dy_2/dx_2 = D_2 U
    goals = []
    for name, shifted, jacobian in (
        ("jacobian-21", y2("x1 + t", "x2"), _jacobian_21(W, U, "x1", "x2")),
        ("jacobian-22", y2("x1", "x2 + t"), j22),
    ):
        remainder = [f"({a}) - ({b}) - t*({j})" for a, b, j in zip(shifted, y2("x1", "x2"), jacobian)]
        goal = {"vars": variables, "poly": pairing(L, remainder), "var": "t", "order": 2}
        goals.append({"name": name, "kind": "vanishing_order", "goal": goal})
    linear = lambda x1: _z2(W, U, x1, "x2", act=False)  # noqa: E731
    WU = col(product(W, [[u] for u in U]), 0)  # the constant Jacobian W U
    remainder = [f"({a}) - ({b}) - t*({g})" for a, b, g in zip(linear("x1 + t"), linear("x1"), WU)]
    goals.append(polynomial_identity("linear-case", variables, pairing(L, remainder), "0"))
    point = [*names(W), *U, "x1", "x2", "y1", "y2"]
    claim = (_jacobian_21(W, U, "x1", "x2")[0], _jacobian_21(W, U, "y1", "y2")[0])
    goals.append(counterexample("input-dependent", point, claim))
    return goals


def _mixed(alpha: Mat, X: Mat) -> Mat:
    """X alpha^T for 2 x 2 matrices: entry (r, i) = sum_j alpha_ij X_rj."""
    return table(2, 2, lambda r, i: total(f"({alpha[i][j]})*({X[r][j]})" for j in range(2)))


def multi_head() -> dict:
    """Footnote 1: W_O [z^(1); z^(2)] = sum_h (W_O^(h) V_h) sum_j alpha^(h)_ij x_j, two heads of output size 1."""
    WO, X, L = symbols("WO", 2, 2), symbols("x", 2, 2), symbols("L", 2, 2)
    V = {h: [[f"V{h}_{c}" for c in (1, 2)]] for h in (1, 2)}
    a = {h: symbols(f"a{h}_", 2, 2) for h in (1, 2)}
    z = {h: framework(weights(a[h]), V[h], X) for h in (1, 2)}
    concat = product(WO, z[1] + z[2])
    mixed = {h: _mixed(a[h], X) for h in (1, 2)}
    heads = {h: product(product(column(WO, h - 1), V[h]), mixed[h]) for h in (1, 2)}  # (W_O^(h) V_h)(X alpha^(h)T)
    summed = table(2, 2, lambda r, c: total(heads[h][r][c] for h in (1, 2)))
    variables = names(WO, V[1], V[2], a[1], a[2], X, L)
    return polynomial_identity("sum-of-heads", variables, pairing(L, concat), pairing(L, summed))
