"""Statements of Section 3.2's implicit weights of nonlinear RNNs read through Eq. (1): where it fails, what holds.

The paper defines W_ij = dy_i/dx_j for h_t = sigma(W h_{t-1} + U x_t) "in our Unified Framework", whose output
equation is Eq. (1), y_i = sum_j W_ij(X) x_j. Goals are written out here as displayed formulas (expression
strings), independently of the SymPy builders in verify/claims/s3_rnn.py; the kernel compares them as polynomials.
Sizes: the scalar RNN y_1 = sigma(U x_1) for the failures (one step suffices); state dimension 2 with symbolic
W, U for the linear case (n = 3) and the first-order expansion (n = 2, sigma(z) = z + z^2, exact derivatives).
"""

from __future__ import annotations

from verify.statements import entry
from verify.statements.display import Mat, col, counterexample, names, pairing, product, symbols, vector

__all__ = ["entries", "TEXTS", "tanh_derivative", "linear_goals", "first_order_goal", "polynomial_goals"]

TANH = "(E - 1)/(E + 1)"  # tanh(U x1) with E = exp(2 U x1)


def tanh_derivative() -> dict:
    """d/dx1 tanh(U x1) = U (1 - tanh^2(U x1)) = 4 U E/(E + 1)^2, E = exp(2 U x1): the Jacobian weight W_11."""
    goal = {
        "vars": ["E", "U", "x1"],
        "exps": {"E": "2*U*x1"},
        "f": {"num": "E - 1", "den": "E + 1"},
        "wrt": "x1",
        "value": {"num": "4*U*E", "den": "(E + 1)^2"},
    }
    return {"name": "tanh-jacobian", "kind": "exp_rational_identity", "goal": goal}


def polynomial_goals() -> list[dict]:
    """sigma(z) = z + z^2: W_11 = U (1 + 2 U x1) is dy_1/dx_1 (vanishing order 2), and W_11 x1 != y_1 at a point."""
    y1 = lambda x: f"(U*({x})) + (U*({x}))^2"  # noqa: E731
    w11 = "U*(1 + 2*U*x1)"
    remainder = f"({y1('x1 + t')}) - ({y1('x1')}) - t*({w11})"
    jacobian = {"vars": ["U", "x1", "t"], "poly": remainder, "var": "t", "order": 2}
    return [
        {"name": "polynomial-jacobian", "kind": "vanishing_order", "goal": jacobian},
        counterexample("polynomial-eq1", ["U", "x1"], (f"({w11})*x1", y1("x1"))),
    ]


def refuted_goals() -> list[dict]:
    """The Jacobian weights of y_1 = tanh(U x_1), and Eq. (1) failing for tanh and for sigma(z) = z + z^2."""
    e = "exp(2*U*x1)"
    lhs = f"(4*U*{e}/({e} + 1)^2)*x1"  # W_11 x_1
    rhs = f"({e} - 1)/({e} + 1)"  # y_1 = tanh(U x_1)
    return [tanh_derivative(), counterexample("tanh-eq1", ["U", "x1"], (lhs, rhs)), *polynomial_goals()]


def _linear_states(W: Mat, U: Mat, x: list[str]) -> list[list[str]]:
    """h_1 = U x_1, h_t = W h_{t-1} + U x_t (sigma = id), as lists of entries."""
    states, h = [], None
    for xt in x:
        inputs = [f"({u})*({xt})" for u in col(U, 0)]
        h = inputs if h is None else [f"({a}) + {b}" for a, b in zip(col(product(W, [[v] for v in h]), 0), inputs)]
        states.append(h)
    return states


def _power_u(W: Mat, U: Mat, k: int) -> list[str]:
    """W^k U as a list of entries."""
    out = U
    for _ in range(k):
        out = product(W, out)
    return col(out, 0)


def linear_goals(n: int = 3) -> list[dict]:
    """sigma = id: dy_i/dx_j = W^(i-j) U exactly (one identity per j), and Eq. (1) with these weights is y_i."""
    W, U = symbols("W", 2, 2), [[u] for u in vector("U", 2)]
    x, L = vector("x", n), symbols("L", n, 2)
    variables = [*names(W), *vector("U", 2), *x, "t", *names(L)]
    y = _linear_states(W, U, x)
    goals = []
    for j in range(n):
        moved = _linear_states(W, U, [f"{xt} + t" if k == j else xt for k, xt in enumerate(x)])
        rem = [
            [
                f"({a}) - ({b}) - t*({w})" if i >= j else f"({a}) - ({b})"
                for a, b, w in zip(moved[i], y[i], _power_u(W, U, i - j))
            ]
            for i in range(n)
        ]
        goals.append({"name": f"linear.jacobian-x{j + 1}", "kind": "polynomial_identity",
                      "goal": {"vars": variables, "lhs": pairing(L, rem), "rhs": "0"}})  # fmt: skip
    eq1 = [[" + ".join(f"({w})*({x[j]})" for j in range(i + 1) for w in [_power_u(W, U, i - j)[r]]) for r in range(2)]
           for i in range(n)]  # fmt: skip
    goals.append({"name": "linear.eq1", "kind": "polynomial_identity",
                  "goal": {"vars": variables, "lhs": pairing(L, eq1), "rhs": pairing(L, y)}})  # fmt: skip
    return goals


def _sigma(z: str) -> str:
    """sigma(z) = z + z^2."""
    return f"({z}) + ({z})^2"


def _prime(z: str) -> str:
    """sigma'(z) = 1 + 2 z."""
    return f"1 + 2*({z})"


def first_order_goal() -> dict:
    """sigma(z) = z + z^2, n = 2: y(X + t D) - y(X) - t sum_j W_ij(X) D_j is divisible by t^2 for i = 1, 2."""
    W, U, L = symbols("W", 2, 2), vector("U", 2), symbols("L", 2, 2)
    variables = [*names(W), *U, "x1", "x2", "d1", "d2", "t", *names(L)]

    def outputs(x1: str, x2: str) -> tuple[list[str], list[str], list[str]]:
        z1 = [f"({u})*({x1})" for u in U]
        h1 = [_sigma(z) for z in z1]
        z2 = [f"({a}) + ({u})*({x2})" for a, u in zip(col(product(W, [[h] for h in h1]), 0), U)]
        return h1, [_sigma(z) for z in z2], z1 + z2

    h1, h2, (z11, z12, z21, z22) = outputs("x1", "x2")
    m1, m2, _ = outputs("x1 + t*d1", "x2 + t*d2")
    j11 = [f"({_prime(z)})*({u})" for z, u in zip((z11, z12), U)]  # D_1 U
    j21 = [f"({_prime(z)})*({g})" for z, g in zip((z21, z22), col(product(W, [[g] for g in j11]), 0))]  # D_2 W D_1 U
    j22 = [f"({_prime(z)})*({u})" for z, u in zip((z21, z22), U)]  # D_2 U
    rem1 = [f"({a}) - ({b}) - t*(({j})*d1)" for a, b, j in zip(m1, h1, j11)]
    rem2 = [f"({a}) - ({b}) - t*(({p})*d1 + ({q})*d2)" for a, b, p, q in zip(m2, h2, j21, j22)]
    goal = {"vars": variables, "poly": pairing(L, [rem1, rem2]), "var": "t", "order": 2}
    return {"name": "nonlinear.first-order", "kind": "vanishing_order", "goal": goal}


TEXTS = {
    "sec3.2.rnn-jacobian.eq1": {
        "section": "3.2",
        "reference": "Section 3.2, Implicit Weights in Nonlinear RNNs: W_ij = dy_i/dx_j 'in our Unified Framework', "
        "i.e. in Eq. (1)",
        "statement": {
            "latex": "h_t=\\sigma(Wh_{t-1}+Ux_t),\\ y_t=h_t,\\ \\mathcal W_{ij}=\\frac{\\partial y_i}{\\partial "
            "x_j}\\ \\Longrightarrow\\ y_i=\\sum_{j}\\mathcal W_{ij}(X)\\,x_j",
            "words": "Read as an instance of the framework's output equation (1): for a nonlinear RNN h_t = "
            "sigma(W h_{t-1} + U x_t), y_t = h_t, the Jacobian weights W_ij = dy_i/dx_j reproduce the output, "
            "y_i = sum_j W_ij(X) x_j.",
        },
        "why": "One step suffices (h_0 = 0, scalar state): y_1 = sigma(U x_1) and sum_j W_1j x_j = sigma'(U x_1) "
        "U x_1. tanh-jacobian: with E = exp(2 U x1), d/dx1 (E - 1)/(E + 1) = 4 U E/(E + 1)^2 = U (1 - tanh^2(U "
        "x1)) as rational functions (kind exp_rational_identity, dE/dx1 = 2 U E), so that is W_11. tanh-eq1: at "
        "U = x1 = 1, W_11 x1 = 4e^2/(e^2 + 1)^2 = 0.41997... and y_1 = tanh 1 = 0.76159..., decided unequal in "
        "ball arithmetic. The same with the polynomial activation sigma(z) = z + z^2 exactly: polynomial-jacobian "
        "shows W_11 = U (1 + 2 U x1) (y_1(x1 + t) - y_1(x1) - t W_11 is divisible by t^2), and polynomial-eq1 "
        "finds W_11 x1 = 3 != 2 = y_1 at U = x1 = 1. The text calls W_ij 'the local sensitivity': the "
        "corrected statement gives what holds.",
    },
    "sec3.2.rnn-jacobian.eq1.corrected": {
        "section": "3.2",
        "reference": "Section 3.2, Implicit Weights in Nonlinear RNNs: the scope of Eq. (1) with Jacobian weights",
        "statement": {
            "latex": "\\sigma=\\mathrm{id}:\\ y_i=\\sum_{j\\le i}\\tfrac{\\partial y_i}{\\partial x_j}x_j,\\ "
            "\\tfrac{\\partial y_i}{\\partial x_j}=W^{i-j}U;\\quad \\sigma\\ \\text{nonlinear}:\\ "
            "y_i(X+t\\Delta)=y_i(X)+t\\sum_j\\mathcal W_{ij}(X)\\Delta_j+O(t^2)",
            "words": "Eq. (1) with Jacobian weights reproduces the output exactly for a linear RNN (sigma = id: "
            "W_ij = W^(i-j) U, constant; symbolic 2x2 W, U, n = 3); for a nonlinear RNN the Jacobian weights are "
            "the local (first-order) sensitivity: Eq. (1) holds for increments, y_i(X + t D) = y_i(X) + t sum_j "
            "W_ij(X) D_j + O(t^2) (sigma(z) = z + z^2, n = 2, symbolic W, U, X, D; and W_11 = U (1 - tanh^2) for "
            "tanh). The framework's Eq. (1) covers nonlinear RNNs only in this linearized sense.",
        },
        "why": "linear.jacobian-x<j>: y(X + t e_j) - y(X) - t J_j = 0 identically (the outputs paired with free "
        "test entries L), so J_ij = W^(i-j) U (0 for i < j) is the exact Jacobian; linear.eq1: sum_{j<=i} "
        "W^(i-j) U x_j = y_i for i = 1..3. Euler's relation explains the scope: y(X) = J(X) X for all X exactly "
        "when y is positively homogeneous of degree 1 (y(sX) = s y(X), s > 0), which the linear RNN is and a "
        "tanh RNN is not. nonlinear.first-order: y(X + t D) - y(X) - t sum_j J_ij(X) D_j is divisible by t^2 "
        "(kind vanishing_order) with J from the chain rule (J_11 = D_1 U, J_21 = D_2 W D_1 U, J_22 = D_2 U, D_t = "
        "diag sigma'(z_t)); tanh-jacobian: the tanh weight is U (1 - tanh^2(U x1)).",
    },
}


def entries() -> dict:
    """The Section 3.2 RNN statements."""
    corrected = [*linear_goals(), first_order_goal(), tanh_derivative()]
    return {
        "sec3.2.rnn-jacobian.eq1": entry(TEXTS["sec3.2.rnn-jacobian.eq1"], "refuted", refuted_goals()),
        "sec3.2.rnn-jacobian.eq1.corrected": entry(TEXTS["sec3.2.rnn-jacobian.eq1.corrected"], "certified", corrected),
    }
