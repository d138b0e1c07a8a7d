"""Section 7: 'matching a k-dimensional interaction family requires at least k heads', in its two readings.

The two-head construction (V1 = I, V2 = R, the 90-degree rotation; alpha_1 = x^T W x/|x|^2, alpha_2 = x^T R^T W x/|x|^2)
is computed with SymPy matrices; the interaction rank and (7) come from constructions.ssm (witnesses for the kernel
kinds of verify/kernel/theories/ssm/kind_ssm.py); rank witnesses from constructions.linalg.
"""

from __future__ import annotations

import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.exact import poly_terms
from constructions.linalg import rank_witness
from constructions.ssm import interaction_basis, ssm_from_strings
from verify.certificate import Obligation, make_certificate
from verify.claims.s4_heads import span_witness
from verify.registry import claim

__all__ = ["SSM", "ROTATION_SSM", "N", "K", "ROTATION", "two_heads", "model_identity", "head_weights"]

SSM = {
    "A": [["1/2", "0", "0", "0"], ["0", "-1/2", "0", "0"], ["0", "0", "1/3", "0"], ["0", "0", "0", "-1/3"]],
    "B": [["1", "0"], ["0", "1"], ["1", "0"], ["0", "1"]],
    "C": [["1", "1", "0", "0"], ["0", "0", "1", "1"]],
}
# Theorem 4.2's SSM: the 90-degree rotation with B = C = I (k = 2).
ROTATION_SSM = {"A": [["0", "-1"], ["1", "0"]], "B": [["1", "0"], ["0", "1"]], "C": [["1", "0"], ["0", "1"]]}
N = 4  # the length: (7) holds from n = 4 on
K = 4  # the interaction rank of SSM


ROTATION = sympy.Matrix([[0, -1], [1, 0]])


def head_weights(W: sympy.Matrix, x: sympy.Matrix) -> tuple[sympy.Expr, sympy.Expr]:
    """The numerators of alpha_1, alpha_2 (both over |x|^2): x^T W x and x^T R^T W x."""
    return (x.T * W * x)[0], (x.T * ROTATION.T * W * x)[0]


def _identity(name: str, variables: list[sympy.Symbol], lhs: sympy.Expr, rhs: sympy.Expr) -> Obligation:
    """lhs == rhs as canonical term lists."""
    goal = {"vars": [str(v) for v in variables], "lhs": poly_terms(lhs, variables), "rhs": poly_terms(rhs, variables)}
    return Obligation(name, "polynomial_identity", goal)


def _pair(L: sympy.Matrix, M: sympy.Matrix) -> sympy.Expr:
    """sum_k L_k M_k."""
    return sum((L[k] * M[k] for k in range(len(M))), sympy.Integer(0))


def two_heads() -> Obligation:
    """alpha_1 V1 x + alpha_2 V2 x = W x for every 2x2 W and x != 0, cleared of the denominator |x|^2."""
    w11, w12, w21, w22, x1, x2, L1, L2 = sympy.symbols("w11 w12 w21 w22 x1 x2 L1 L2")
    W, x, L = sympy.Matrix([[w11, w12], [w21, w22]]), sympy.Matrix([x1, x2]), sympy.Matrix([L1, L2])
    a1, a2 = head_weights(W, x)
    lhs = a1 * sympy.eye(2) * x + a2 * ROTATION * x
    rhs = (x.T * x)[0] * W * x
    return _identity("two-heads", [w11, w12, w21, w22, x1, x2, L1, L2], _pair(L, lhs), _pair(L, rhs))


def _lags(n: int) -> list[sympy.Matrix]:
    """W(tau) = C A^tau B of the Section 7 SSM, tau < n."""
    A, B, C = (sympy.Matrix([[sympy.Rational(v) for v in row] for row in SSM[k]]) for k in "ABC")
    return [C * A**tau * B for tau in range(n)]


def model_identity(n: int = N) -> Obligation:
    """The 2-head model with alpha^(h)_ij = numerator_h(W(i-j), x_j)/|x_j|^2 equals the SSM, times prod_j |x_j|^2."""
    xs = [sympy.Matrix(sympy.symbols(f"x{j}_1 x{j}_2")) for j in range(1, n + 1)]
    L = [sympy.Matrix(sympy.symbols(f"L{i}_1 L{i}_2")) for i in range(1, n + 1)]
    norms = [(x.T * x)[0] for x in xs]
    D = sympy.Mul(*norms)
    W = _lags(n)
    lhs = rhs = sympy.Integer(0)
    for i in range(n):
        model, ssm = sympy.zeros(2, 1), sympy.zeros(2, 1)
        for j in range(i + 1):
            a1, a2 = head_weights(W[i - j], xs[j])
            model += (D / norms[j]) * (a1 * xs[j] + a2 * ROTATION * xs[j])
            ssm += W[i - j] * xs[j]
        lhs, rhs = lhs + _pair(L[i], model), rhs + _pair(L[i], D * ssm)
    variables = [v for x in xs for v in x] + [v for ell in L for v in ell]
    return _identity("model", variables, sympy.expand(lhs), sympy.expand(rhs))


def _vec_rows(matrices: list[sympy.Matrix]) -> sympy.Matrix:
    """One row per matrix: its entries row-major."""
    return sympy.Matrix([list(M) for M in matrices])


def _span(name: str, kind: str, ssm: dict, goal: dict) -> Obligation:
    """An ssm_condition7 / ssm_heads_necessary obligation with constructions.ssm's witness."""
    basis = interaction_basis(ssm_from_strings(ssm["A"], ssm["B"], ssm["C"]))
    witness = {k: v for k, v in span_witness(basis).items() if k != "first_nonzero"}
    return Obligation(name, kind, {**ssm, **goal}, witness)


def _rank(name: str, matrix: sympy.Matrix) -> Obligation:
    """rank of a rational matrix with its witness."""
    rows = [[str(x) for x in matrix.row(r)] for r in range(matrix.rows)]
    exact = [[QQ(x.p, x.q) for x in matrix.row(r)] for r in range(matrix.rows)]
    rank, witness = rank_witness(DomainMatrix(exact, (len(rows), len(rows[0])), QQ))
    return Obligation(name, "rank", {"matrix": rows, "rank": rank}, witness)


@claim("sec7.rank-gap.tensor")
def tensor() -> dict:
    """H >= k when the kernels equal W(i - j) as matrices, whatever the weights depend on (Theorem 4.4, Part I)."""
    obligations = [
        _span("necessity", "ssm_heads_necessary", SSM, {"n": N, "k": K}),
        _span("thm4.2-ssm", "ssm_condition7", ROTATION_SSM, {"k": 2, "n_min": 2}),
    ]
    return make_certificate("sec7.rank-gap.tensor", "certified", obligations)


@claim("sec7.rank-gap.input-output")
def input_output() -> dict:
    """Two content-dependent heads reproduce the k = 4 SSM's input-output map exactly."""
    obligations = [
        _span("rank", "ssm_condition7", SSM, {"k": K, "n_min": N}),
        two_heads(),
        model_identity(),
        _rank("tensor-differs", _vec_rows([sympy.eye(2), ROTATION, _lags(1)[0]])),
    ]
    return make_certificate("sec7.rank-gap.input-output", "refuted", obligations)


@claim("sec7.rank-gap.input-output.corrected")
def input_output_corrected() -> dict:
    """Content-dependent weights: exactly 2 heads for the k = 4 SSM; position-only weights: H >= k = 4."""
    obligations = [
        _rank("one-token", sympy.Matrix([list(W[:, 0]) for W in _lags(2)])),
        two_heads(),
        _span("position-only", "ssm_heads_necessary", SSM, {"n": N, "k": K}),
    ]
    return make_certificate("sec7.rank-gap.input-output.corrected", "certified", obligations)
