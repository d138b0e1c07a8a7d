"""Statement of exp.fig3.optimum.ssm.float: e_H enclosures of an SSM layer at real sizes (float64 bounds, verify heads).

The weight file (source), the layer's discretized float64 arrays (form, method, arrays), n and the tolerance are
inputs; the table of enclosures and the range of the smallest H are established by kind float_gram.
"""

from __future__ import annotations

from verify.statements import entry, param

__all__ = ["entries", "CLAIM"]

CLAIM = "exp.fig3.optimum.ssm.float"
INPUTS = ("source", "form", "method", "arrays", "n", "tolerance")
DERIVED = ("table", "heads")

LATEX = (
    r"e_H = \frac{\sum_{i>H}\lambda_i(G)}{\operatorname{tr}G},\quad "
    r"G = \sum_{\tau=0}^{n-1}(n-\tau)\,\mathrm{vec}\,\mathcal W(\tau)\,\mathrm{vec}\,\mathcal W(\tau)^{\top},\quad "
    r"e_H\in[\ell_H,u_H]\ (H=1,\dots,R),\quad \min\{H\ge0:\ e_H\le\varepsilon\}\in[h_\ell,h_u]"
)

WORDS = (
    "For the SSM layer whose discretized float64 arrays are stored in arrays (each with its sha256; source names "
    "the weight file, its sha256 and the reading that produced them): with form 'depthwise' (S4D), vec W(tau) "
    "has the R nonzero entries F[r, tau] = Re(sum_j c_rj a_rj^tau) (+ d_r at tau = 0); with form 'mimo' (S5, "
    "LRU), W(tau) = Re(C diag(a)^tau B) (+ D at tau = 0), every |a| <= 1; with form 'dense' (real A, B, C), "
    "W(tau) = C A^tau B. On length n, e_H is the smallest test "
    "MSE of any H-head student (the Experiment I objective, as in exp.fig3.optimum.ssm) divided by that of the "
    "zero model, i.e. the sum of all but the H largest eigenvalues of G divided by trace G. The table lists, "
    "for H = 1..R (R = the rows of the float matrix F of method: 'rows', or the 2P x 2P 'core'), an interval "
    "[lower, upper] that contains e_H, and heads = [lo, hi] contains the smallest H >= 0 with e_H <= tolerance "
    "(e_0 = 1). The enclosures rest on float64 arithmetic with a-priori error bounds under the assumptions of "
    "docs/trusted-base.md (IEEE-754 binary64 round to nearest, BLAS products of any summation order without "
    "Strassen-type algorithms); they are not exact."
)

WHY = (
    "As for exp.fig3.optimum.ssm, e_H is the Experiment I optimum over the zero model's objective. The kernel "
    "kind float_gram recomputes, from the stored arrays, F~ with an entrywise bound eps of |F~ - F| (powers by "
    "repeated multiplication, each complex product within 4u, dot products within gamma_k), G~ = fl(F~ w F~^T) "
    "with ||G - G~||_F <= gamma_(n+1) T0 + 2 sqrt(T0 E2) + E2, and takes eigh(G~) as an untrusted witness whose "
    "orthogonality f and residual r it measures; Ostrowski and Weyl bracket every eigenvalue, Ky Fan the sum of "
    "the H largest within sqrt(H)(e + r) + f sum |d_i|, and the trace lies within 2 sqrt(T0 E2) + E2 of T0. For "
    "method 'core' the nonzero spectrum of G is that of Y^1/2 Gamma Y^1/2 (Gamma = U^T U from Hadamard products "
    "of Grams of B and C), and L^T Y L with a float Cholesky factor L changes every eigenvalue by a factor in "
    "[1 - mu, 1 + mu], mu = ||L L^T - Gamma||_F / lambda_min(Gamma). For form 'dense', ||A^k||_2 <= kappa rho^k "
    "from a Lyapunov witness (rho^2 P - A^T P A >= 0 and P > 0, decided from bracketed eigenvalues) bounds the "
    "error of the float powers, and method 'core' projects on a measured near-orthonormal basis Z of the rows, "
    "adding ||G - Pi G Pi||_F to every bracket (Weyl). Every claimed interval must contain the kernel's. See "
    "verify/kernel/theories/float_gram/ and docs/trusted-base.md."
)


def entries() -> dict:
    """The one statement of this file."""
    text = {
        "section": "6.1",
        "reference": "Section 6.1, Experiment I objective: error-versus-heads enclosures of an SSM layer at real "
        "sizes from float64 bounds (verify heads --method float)",
        "statement": {"latex": LATEX, "words": WORDS},
        "why": WHY,
    }
    goal = {key: param(key) for key in ("form", "method", "arrays", "n", "tolerance", *DERIVED)}
    spec = entry(text, "certified", [{"name": "table", "kind": "float_gram", "goal": goal}], INPUTS)
    spec["params"] = [*INPUTS, *DERIVED]
    return {CLAIM: spec}
