"""Statements of Section 7's sentence 'The Interaction Rank Gap (Theorem 4.2) shows that matching a k-dimensional
interaction family requires at least k heads in a multi-head factorized attention model', in its two readings.

The SSM of the readings (constructions/heads.py does not have it; it is fixed here): p = d = 2, A = diag(1/2, -1/2,
1/3, -1/3), B, C chosen so that W(tau) = [[(1/2)^tau, (-1/2)^tau], [(1/3)^tau, (-1/3)^tau]], interaction rank k = 4
= p d, condition (7) from n = 4. Polynomial goals are displayed formulas (expression strings) built here,
independently of the SymPy builders of verify/claims/s7_discussion.py; SSM and rank goals are literal.
"""

from __future__ import annotations

from verify.statements import entry
from verify.statements.display import pairing

__all__ = ["entries", "TEXTS", "two_heads_goal", "model_goal", "lag", "TENSOR_ROWS", "ONE_TOKEN_ROWS"]

# The readings' SSM (module docstring): W(tau) = C A^tau B = [[(1/2)^tau, (-1/2)^tau], [(1/3)^tau, (-1/3)^tau]].
SSM = {
    "A": [["1/2", "0", "0", "0"], ["0", "-1/2", "0", "0"], ["0", "0", "1/3", "0"], ["0", "0", "0", "-1/3"]],
    "B": [["1", "0"], ["0", "1"], ["1", "0"], ["0", "1"]],
    "C": [["1", "1", "0", "0"], ["0", "0", "1", "1"]],
}
# Theorem 4.2's SSM: the 90-degree rotation with B = C = I (interaction rank 2).
ROTATION_SSM = {"A": [["0", "-1"], ["1", "0"]], "B": [["1", "0"], ["0", "1"]], "C": [["1", "0"], ["0", "1"]]}
N = 4  # the length from which condition (7) holds for SSM
K = 4  # the interaction rank of SSM: the four geometric sequences (+-1/2)^tau, (+-1/3)^tau are independent


def lag(tau: int) -> list[list[str]]:
    """W(tau) of SSM, displayed."""
    return [[f"(1/2)^{tau}", f"(-1/2)^{tau}"], [f"(1/3)^{tau}", f"(-1/3)^{tau}"]]


def _heads(W: list[list[str]], x: tuple[str, str]) -> tuple[list[str], list[str]]:
    """(x^T W x) x + (x^T R^T W x) R x and |x|^2 W x, entrywise, R the 90-degree rotation."""
    x1, x2 = x
    wx = [f"({W[r][0]})*{x1} + ({W[r][1]})*{x2}" for r in range(2)]
    q1 = f"{x1}*({wx[0]}) + {x2}*({wx[1]})"  # x^T W x
    q2 = f"-{x2}*({wx[0]}) + {x1}*({wx[1]})"  # (R x)^T W x = x^T R^T W x
    lhs = [f"({q1})*{x1} + ({q2})*(-{x2})", f"({q1})*{x2} + ({q2})*{x1}"]  # V1 = I, V2 = R
    rhs = [f"({x1}^2 + {x2}^2)*({w})" for w in wx]
    return lhs, rhs


def two_heads_goal() -> dict:
    """For every 2x2 W and x: (x^T W x) x + (x^T R^T W x) R x = |x|^2 W x (two identities paired with L1, L2)."""
    W = [["w11", "w12"], ["w21", "w22"]]
    lhs, rhs = _heads(W, ("x1", "x2"))
    goal: dict[str, object] = {"vars": ["w11", "w12", "w21", "w22", "x1", "x2", "L1", "L2"]}
    goal.update(lhs=pairing(["L1", "L2"], lhs), rhs=pairing(["L1", "L2"], rhs))
    return {"name": "two-heads", "kind": "polynomial_identity", "goal": goal}


def model_goal(n: int = N) -> dict:
    """The assembled 2-head model equals the SSM on length n, multiplied by D = N_1 ... N_n, N_j = |x_j|^2."""
    xs = [(f"x{j}_1", f"x{j}_2") for j in range(1, n + 1)]
    norms = [f"({a}^2 + {b}^2)" for a, b in xs]
    lhs, rhs = [], []
    for i in range(n):
        parts = [_heads(lag(i - j), xs[j]) for j in range(i + 1)]
        others = ["*".join(norms[k] for k in range(n) if k != j) for j in range(i + 1)]
        everything = "*".join(norms)
        lhs.append([" + ".join(f"{others[j]}*({parts[j][0][r]})" for j in range(i + 1)) for r in range(2)])
        wx = [
            [f"({lag(i - j)[r][0]})*{xs[j][0]} + ({lag(i - j)[r][1]})*{xs[j][1]}" for r in range(2)]
            for j in range(i + 1)
        ]
        rhs.append([f"{everything}*({' + '.join(w[r] for w in wx)})" for r in range(2)])
    L = [[f"L{i}_{r}" for r in (1, 2)] for i in range(1, n + 1)]
    goal: dict[str, object] = {"vars": [v for x in xs for v in x] + [v for row in L for v in row]}
    goal.update(lhs=pairing(L, lhs), rhs=pairing(L, rhs))
    return {"name": "model", "kind": "polynomial_identity", "goal": goal}


def _condition7(name: str, ssm: dict, k: int, n_min: int) -> dict:
    """k = dim span{W(tau)} and the smallest n for (7), for a literal SSM."""
    return {"name": name, "kind": "ssm_condition7", "goal": {**ssm, "k": k, "n_min": n_min}}


def _necessity(name: str) -> dict:
    """Theorem 4.4 Part I for SSM at n = N: k = 4 independent lags below n."""
    return {"name": name, "kind": "ssm_heads_necessary", "goal": {**SSM, "n": N, "k": K}}


def _rank(name: str, matrix: list[list[str]], rank: int) -> dict:
    """rank(matrix) = rank, literal."""
    return {"name": name, "kind": "rank", "goal": {"matrix": matrix, "rank": rank}}


# Rows vec V1 = vec I, vec V2 = vec R and vec W(0): W(0) is not in span{V1, V2}.
TENSOR_ROWS = [["1", "0", "0", "1"], ["0", "-1", "1", "0"], ["1", "1", "1", "1"]]
# W(0) e1 and W(1) e1 (first columns of W(0), W(1)): independent, so one head cannot match a one-token input.
ONE_TOKEN_ROWS = [["1", "1"], ["1/2", "1/3"]]

_SENTENCE = (
    "Section 7: 'The Interaction Rank Gap (Theorem 4.2) shows that matching a k-dimensional interaction family "
    "requires at least k heads in a multi-head factorized attention model'"
)

TEXTS = {
    "sec7.rank-gap.tensor": {
        "section": "7",
        "reference": f"{_SENTENCE}, read for the interaction tensor (the theorem meant is Theorem 4.4, Part I)",
        "statement": {
            "latex": "\\sum_{h=1}^{H}\\alpha^{(h)}_{ij}(X)V^{(h)}=\\mathcal W(i-j)\\ (1\\le j\\le i\\le n)\\ "
            "\\Longrightarrow\\ H\\ge\\dim\\mathrm{span}\\{\\mathcal W(0..n-1)\\}=k",
            "words": "Read for the interaction tensor: if the kernels K_ij(X) = sum_h alpha^(h)_ij(X) V^(h) of an "
            "H-head factorized model equal W(i - j) as matrices for 1 <= j <= i <= n at one input X, whatever the "
            "weights depend on (positions or content), then H >= k once (7) holds. Shown for the p = d = 2 SSM "
            "with W(tau) = [[(1/2)^tau, (-1/2)^tau], [(1/3)^tau, (-1/3)^tau]] (k = 4 at n = 4). The sentence "
            "cites Theorem 4.2, which is the case H = 1 for one SSM with k = 2 (the 90-degree rotation); the "
            "statement for k heads is Theorem 4.4, Part I.",
        },
        "why": "necessity (kind ssm_heads_necessary): an annihilating polynomial of A, k = 4 basis lags below n = "
        "4 with a nonzero 4 x 4 minor of their vec W, and every W(tau), tau < deg, in their span: dim "
        "span{W(0..3)} = dim S_target = 4. At a fixed X the weights are numbers, so every W(tau) = K_{tau+1,1}(X) "
        "lies in span{V^(1..H)}, whose dimension is <= H: H >= 4. Nothing used that the weights are positional. "
        "thm4.2-ssm (kind ssm_condition7): Theorem 4.2's rotation SSM has k = 2 (n_min = 2), so Theorem 4.2 "
        "(one head, error >= 1) is the case H = 1 < k = 2 and does not by itself give H >= k.",
    },
    "sec7.rank-gap.input-output": {
        "section": "7",
        "reference": f"{_SENTENCE}, read for the input-output map with content-dependent weights",
        "statement": {
            "latex": "\\hat y_i=\\sum_j\\sum_{h=1}^{H}\\alpha^{(h)}_{ij}(X)V^{(h)}x_j=y_i\\ \\forall X\\ "
            "\\Longrightarrow\\ H\\ge k",
            "words": "Read for the input-output map, with weights that may depend on the content of X as "
            "attention's do (the class M_Fact of Theorem 4.2, with H heads): every H-head factorized model that "
            "reproduces the SSM's causal map y_i = sum_{j<=i} W(i - j) x_j on length-n sequences has H >= k.",
        },
        "why": "Refuted by the SSM with k = 4, p = d = 2 at n = 4 (condition7: k = 4, n_min = 4, kernel-checked "
        "from A, B, C) and two heads V1 = I, V2 = R (the 90-degree rotation) with alpha^(1)_ij = x_j^T W(i-j) "
        "x_j/|x_j|^2, alpha^(2)_ij = x_j^T R^T W(i-j) x_j/|x_j|^2 (0 when x_j = 0, and for i < j). two-heads: "
        "(x^T W x) x + (x^T R^T W x) R x = |x|^2 W x for every 2x2 W and every x, as a polynomial identity (x "
        "and R x are an orthogonal basis of length |x|); so each term alpha^(1)_ij x_j + alpha^(2)_ij R x_j = "
        "W(i-j) x_j for x_j != 0 (and 0 = 0 for x_j = 0), and y_hat = y for every X. model: the assembled "
        "model times N_1 ... N_4 (N_j = |x_j|^2) equals the SSM's output times the same product, for the "
        "concrete W(tau) and symbolic X. tensor-differs: vec W(0) is not in span{vec I, vec R} (rank 3), so the "
        "model's interaction tensor is not W(i - j): the tensor reading (sec7.rank-gap.tensor) is untouched.",
    },
    "sec7.rank-gap.input-output.corrected": {
        "section": "7",
        "reference": f"{_SENTENCE}: what the necessity needs, and the head count with content-dependent weights",
        "statement": {
            "latex": "H\\ge\\max_{x}\\dim\\mathrm{span}\\{\\mathcal W(\\tau)x:\\tau<n\\}\\ (\\le p)\\ "
            "\\text{for content-dependent weights};\\ H\\ge k\\ \\text{for position-only weights}",
            "words": "Theorem 4.4's necessity H >= k needs position-only weights (then exact equality for all "
            "inputs forces K_ij = W(i - j)) or the tensor reading. With content-dependent weights, Theorem 4.2's "
            "one-token argument gives the lower bound H >= max_x dim span{W(0) x, ..., W(n-1) x}, at most p (not k). For "
            "the p = d = 2 SSM with k = 4 the smallest number of content-dependent heads is exactly 2, while "
            "position-only heads need 4.",
        },
        "why": "one-token: the rows W(0) e1 = (1, 1) and W(1) e1 = (1/2, 1/3) have rank 2. On X = [e1, 0, ..., 0] "
        "a one-head model outputs y_hat_i = alpha_i1(X) V e1, all on one line, while y_1, y_2 are independent: "
        "one head fails for every choice of weights (Theorem 4.2, Steps 2-3). two-heads: the identity of "
        "sec7.rank-gap.input-output, so two heads suffice. position-only (kind ssm_heads_necessary): k = 4 at n "
        "= 4; with weights independent of X, y_hat = y for all X forces K_ij = W(i - j) (compare coefficients "
        "of each x_j), so H >= 4 (Theorem 4.4, Part I). In general, on one-token inputs X = [x, 0, ...] every "
        "output of an H-head model lies in span{V^(h) x}, which gives the lower bound max_x dim span{W(tau) x}.",
    },
}


def entries() -> dict:
    """The Section 7 statements."""
    tensor = [_necessity("necessity"), _condition7("thm4.2-ssm", ROTATION_SSM, 2, 2)]
    refuted = [_condition7("rank", SSM, K, N), two_heads_goal(), model_goal(), _rank("tensor-differs", TENSOR_ROWS, 3)]
    corrected = [_rank("one-token", ONE_TOKEN_ROWS, 2), two_heads_goal(), _necessity("position-only")]
    return {
        "sec7.rank-gap.tensor": entry(TEXTS["sec7.rank-gap.tensor"], "certified", tensor),
        "sec7.rank-gap.input-output": entry(TEXTS["sec7.rank-gap.input-output"], "refuted", refuted),
        "sec7.rank-gap.input-output.corrected": entry(
            TEXTS["sec7.rank-gap.input-output.corrected"], "certified", corrected
        ),
    }
