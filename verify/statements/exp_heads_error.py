"""Statement of exp.fig3.optimum.ssm: the certified error-versus-heads table of a user's SSM (verify heads).

The weight file (source), the realization (form), A, B, C, n, the tolerance and the requested relative width
are inputs; k, the table of enclosures and the smallest H within the tolerance are established by heads_error.
"""

from __future__ import annotations

from verify.statements import entry, param

__all__ = ["entries", "CLAIM"]

CLAIM = "exp.fig3.optimum.ssm"
INPUTS = ("source", "form", "A", "B", "C", "n", "tolerance", "width")
DERIVED = ("k", "table", "heads")

LATEX = (
    r"e_H = \frac{\min_{V^{(h)},\phi^{(h)},\psi^{(h)}}\frac{1}{np}\sum_{i\ge j}\|K_{ij}-\mathcal W(i-j)\|_F^2}"
    r"{\frac{1}{np}\sum_{i\ge j}\|\mathcal W(i-j)\|_F^2} = \frac{\sum_{i>H}\lambda_i(G)}{\operatorname{tr}G},\quad "
    r"G = \sum_{\tau=0}^{n-1}(n-\tau)\,\mathrm{vec}\,\mathcal W(\tau)\,\mathrm{vec}\,\mathcal W(\tau)^{\top},\quad "
    r"e_H\in[\ell_H,u_H]\ (H=1,\dots,k),\quad k=\operatorname{rank}G,\quad "
    r"H^\ast=\min\{H\ge0:\ e_H\le\varepsilon\}"
)

WORDS = (
    "For the SSM read exactly (every float as the dyadic rational it is) from the arrays named in source of the "
    "weight file with the sha256 in source: with form 'dense', W(tau) = C A^tau B for the real matrices A, B, C; "
    "with form 'diagonal', A is the list of diagonal entries a_j (complex, as S4D stores them) of a state that "
    "is complex, and W(tau) = Re(C diag(a)^tau B), i.e. the real SSM of state dimension 2m with 2x2 blocks "
    "[[Re a_j, -Im a_j], [Im a_j, Re a_j]], B_real = [Re B; Im B], C_real = [Re C, -Im C] (a factor such as "
    "S4D's 2 Re(.) scales every W(tau) alike and changes no ratio below). On length n, with i.i.d. standard "
    "Gaussian inputs, e_H is the smallest test MSE of any H-head student of eq. (6) (the Experiment I objective, "
    "r = n, causal mask) divided by the test MSE of the zero model; it equals the sum of all but the H largest "
    "eigenvalues of G divided by trace G. The table lists, for H = 1..k with k = rank G, an interval [lower, "
    "upper] that contains e_H, with 0 < lower and upper - lower <= width * lower for H < k, and [0, 0] for "
    "H = k (e_H = 0 exactly for H >= k); heads is the smallest H >= 0 with e_H <= tolerance (e_0 = 1)."
)

WHY = (
    "The test MSE of a student is (1/(n p)) sum_{i>=j} ||K_ij - W(i-j)||_F^2 (E x x^T = I) and the zero model's "
    "is (1/(n p)) sum_tau (n - tau) ||W(tau)||_F^2 = trace(G)/(n p); the optimum is (1/(n p)) times the sum of "
    "all but the H largest eigenvalues of G by the argument of exp.fig3.optimum (projection onto S = span V^(h), "
    "reachable with r = n; Eckart-Young-Mirsky), so the ratio is e_H. The kernel kind heads_error writes "
    "G = U Y U^T with U exact (from A, B, C; for a dense A the Krylov vectors up to the degree of chi_A or of the "
    "witness's annihilator p, with p(A) B = 0 checked exactly) and Y enclosed in ball arithmetic, restricts G to "
    "its range (all columns of U, all of R^{p d}, or the witness's exact column basis with U = U[:, basis] "
    "coords checked exactly), and for X = U_b T with the witness T encloses X^T X - I and "
    "S = X^T G X; when ||X^T X - I||_F < 1 and S is decided diagonally dominant in the relative sense "
    "(eta = ||D^-1/2 S D^-1/2 - I||_F < 1), Ostrowski's theorem brackets every nonzero eigenvalue of G by the "
    "sorted diagonal of S within factors (1 -+ eta)/(1 +- rho), and shows rank G = the basis size. The table "
    "entries are monotone functions of the tail and top sums of these brackets; heads follows from the table "
    "because e_H is non-increasing. See verify/kernel/theories/heads_error/kind_heads_error.py and docs/heads-error.md."
)


def entries() -> dict:
    """The one statement of this file."""
    text = {
        "section": "6.1",
        "reference": "Section 6.1, Experiment I objective: the error-versus-heads table of a user's SSM (verify heads)",
        "statement": {"latex": LATEX, "words": WORDS},
        "why": WHY,
    }
    goal = {key: param(key) for key in ("form", "A", "B", "C", "n", "tolerance", "width", *DERIVED)}
    spec = entry(text, "certified", [{"name": "table", "kind": "heads_error", "goal": goal}], INPUTS)
    spec["params"] = [*INPUTS, *DERIVED]
    return {CLAIM: spec}
