"""Statements of the Appendix A claims proved for a symbolic index: eq. (21) for every q, the Jordan power identity
for every block size s and exponent tau, and (A2) for every length n (the refutation and the corrected bound).

Their goals are literal: the binomial goals are fixed formulas, and the (A2) goals fix (A, B, C) and a head while
the kernel kind masked_rank_family derives t0, s and R0 from them (no lag value is data of the statement).
"""

from __future__ import annotations

from verify.statements.sA_instances import INSTANCES

__all__ = ["TEXTS", "jordan_block_goal", "eq21_goal", "a2_family", "A2_FAMILY"]

TEXTS = {
    "appA.eq18.block": {
        "section": "A",
        "reference": "Appendix A, 'the standard Jordan normal form power identity' behind eq. (18)",
        "statement": {
            "latex": "\\forall s\\ge1,\\ \\forall\\tau\\in\\mathbb Z_{\\ge0}:\\ "
            "J_s(\\lambda)^{\\tau}=\\sum_{q=0}^{s-1}\\binom{\\tau}{q}\\lambda^{\\tau-q}N_s^{q}",
            "words": "For every block size s >= 1, every natural tau and every lambda (a symbol), the Jordan "
            "block J_s(lambda) = lambda I + N_s satisfies J_s(lambda)^tau = sum_{q=0}^{s-1} binom(tau, q) "
            "lambda^(tau - q) N_s^q, a term with q > tau being 0 (binom(tau, q) = 0; for lambda != 0 that is "
            "the printed term).",
        },
        "why": "Kind binomial_expansion with the commuting symbols lam, N and the option nilpotent N. By "
        "induction on tau with Pascal's rule it proves (lam + N)^tau = sum_{q<=tau} binom(tau, q) "
        "lam^(tau - q) N^q in QQ(i)[lam, N]: base (the sum at tau = 0 is 1) and step E(tau+1, q) = lam "
        "E(tau, q) + N E(tau, q - 1) for every integer q, in the cases q = 0, q = tau + 1 and 1 <= q <= tau, "
        "each a polynomial identity with binom(tau, q), binom(tau, q - 1) as formal symbols B0, B1 and "
        "binom(tau + 1, q) = B0 + B1. The identity then holds in every commutative algebra; lam I and N_s "
        "commute, so it holds for J_s(lambda) = lambda I + N_s with every s, and N_s^q = 0 for q >= s "
        "(the summand contains N exactly as N^q) cuts the sum at s - 1. No block size and no exponent is "
        "sampled.",
    },
    "appA.eq21": {
        "section": "A",
        "reference": "Appendix A, Translation-invariant feature factorization, eq. (21)",
        "statement": {
            "latex": "\\forall q\\in\\mathbb Z_{\\ge0}:\\ \\lambda^{i-j}(i-j)^{q}=\\sum_{t=0}^{q}\\binom{q}{t}"
            "\\big(i^{t}\\lambda^{i}\\big)\\big((-j)^{q-t}\\lambda^{-j}\\big)",
            "words": "Eq. (21) holds for every natural q, all integers i, j and every nonzero lambda.",
        },
        "why": "Kind binomial_expansion: L M (ii - jj)^q = sum_{t=0}^{q} binom(q, t) (ii^t L) ((-jj)^(q - t) M) "
        "for every natural q, by induction on q with Pascal's rule (split alpha = -jj, beta = ii; the step "
        "cases t = 0, t = q + 1 and 1 <= t <= q as in appA.eq18.block), an identity in QQ[L, M, ii, jj]. "
        "For lambda != 0 and integers i, j, lambda^(i-j) = lambda^i lambda^-j, so the specialization "
        "L = lambda^i, M = lambda^-j, ii = i, jj = j gives (21). No q is sampled. The kernel reserves the "
        "name i for the imaginary unit, so the positions are written ii, jj.",
    },
    "appA.A2": {
        "section": "A",
        "reference": "Appendix A, assumption (A2): 'if A is singular, additional bookkeeping is required "
        "(e.g., splitting the nilpotent part)'",
        "statement": {
            "latex": "\\bar A\\ \\text{singular}:\\ \\alpha^{(h)}_{ij}=g_h(i-j)\\mathbf 1_{i\\ge "
            "j}=\\langle\\phi^{(h)}(i),\\psi^{(h)}(j)\\rangle\\mathbf 1_{i\\ge j}\\ "
            "\\text{with}\\ r_h\\le\\sum_\\ell J_\\ell(J_\\ell+1)/2\\ \\text{independent "
            "of}\\ n",
            "words": "The reading that the omitted singular case only needs bookkeeping: for "
            "singular A the lag-only causal construction still exists with feature "
            "dimension bounded independently of n (by the formula sum_l J_l (J_l + 1)/2, "
            "the eigenvalue 0 counted as a mode).",
        },
        "why": "masked_rank_family, for every head that the nilpotent part reaches, of delta (A = 0, B = C = 1, "
        "g = [tau == 0]) and of the built-in singular instance (eigenvalue 0 with a block of size 2, "
        "eigenvalue 1/2; three heads): from (A, B, C) alone the kernel derives the head's coefficients, "
        "their nilpotent part d_h != 0 and t0, s, R0, and proves that for every n every n x n matrix equal "
        "to g_h(i - j) on and below the diagonal has rank >= max(floor((n - t0 - 1)/s) + 1, n - (t0 + s - "
        "1)) - R0 (appA.A2.corrected). The bound grows without limit in n, so no feature dimension "
        "independent of n (the formula gives 1 for delta and 1 + 3 = 4 for the singular instance) "
        "reproduces these heads under the mask; at n = 16 the bounds are already 16 (delta) and 16, 15, 14.",
    },
    "appA.A2.corrected": {
        "section": "A",
        "reference": "Appendix A, assumption (A2): the singular case worked out",
        "statement": {
            "latex": "d_h\\ne0\\Rightarrow\\ \\forall n\\ge1:\\ r_h\\ \\ge\\ \\max\\big(\\lfloor (n-t_0-1)/s"
            "\\rfloor+1,\\ n-(t_0+s-1)\\big)-R_0",
            "words": "Let A be singular and split each head's coefficients g_h(tau) = c_{tau,h} into the "
            "invertible part g_inv (annihilated by the characteristic polynomial of A with its factor x^mu "
            "removed, extended to all integers) and the nilpotent part d_h = g_h - g_inv, which vanishes "
            "from lag mu on. If d_h != 0 (the nilpotent part reaches head h; t0 and t0 + s - 1 its first and "
            "last nonzero lags), then for every n >= 1, under the causal mask, any features with "
            "<phi(i), psi(j)> = g_h(i - j) for 1 <= j <= i <= n have dimension >= max(floor((n - t0 - 1)/s) "
            "+ 1, n - (t0 + s - 1)) - R0, where R0 is the dimension of the span of the shifts of g_inv (at "
            "least the rank of its lag matrix, for every n). Certified for every head of the built-in "
            "singular SSMs (delta and singular) that the nilpotent part reaches. Since n features always "
            "suffice (phi(i) = e_i), the minimal dimension grows linearly in n; if d_h = 0 the paper's "
            "construction applies unchanged.",
        },
        "why": "masked_rank_family per head, from the literal (A, B, C) alone (no lag value is data): the "
        "kernel checks chi(A) = 0 for the characteristic polynomial chi = x^mu q, computes the Theorem 4.4 "
        "lags and the coordinates c_{tau,h} exactly (W(tau) = sum_g c_{tau,g} W(t_g) checked), extends them "
        "by the recurrence of chi, derives g_inv by the backward recurrence of q and d_h on lags < mu, and "
        "pins t0, s (first and last nonzero lag of d_h) and R0 (rank of the R x R Hankel matrix of g_inv, "
        "R = deg q). For every n: the lag matrix of g_inv has rank <= R0, and the rows/columns (t0 + 1 + k s, "
        "1 + k s) and (t0 + s + k, 1 + k) select submatrices of M minus that matrix that are upper "
        "triangular with diagonal d_h(t0), resp. d_h(t0 + s - 1), != 0 whatever the free entries are, "
        "because entries depend only on the lag and d_h vanishes beyond its last nonzero lag. No length n "
        "is sampled. The upper bound r_h <= n (phi(i) = e_i, psi(j) = (g_h(i - j) 1[i >= j])_i) holds for "
        "every n without computation and is not an obligation.",
    },
}


def _goal(name: str, kind: str, goal: dict) -> dict:
    """One goal of a statement."""
    return {"name": name, "kind": kind, "goal": goal}


def jordan_block_goal() -> dict:
    """(lam + N)^tau = sum_{q<s} binom(tau, q) lam^(tau - q) N^q wherever N^s = 0: J_s(lam)^tau for every s."""
    goal = {
        "vars": ["N", "lam"],
        "factor": "1",
        "base": "lam + N",
        "coeff": "1",
        "powers": [{"base": "lam", "exponent": [1, -1, 0]}, {"base": "N", "exponent": [0, 1, 0]}],
        "nilpotent": "N",
    }
    return _goal("jordan-block", "binomial_expansion", goal)


def eq21_goal() -> dict:
    """Eq. (21) for every natural q: L M (ii - jj)^q = sum_t binom(q, t) (ii^t L) ((-jj)^(q - t) M), L = lambda^i,
    M = lambda^-j (positions named ii, jj: the kernel reserves i)."""
    goal = {
        "vars": ["L", "M", "ii", "jj"],
        "factor": "L*M",
        "base": "ii - jj",
        "coeff": "L*M",
        "powers": [{"base": "ii", "exponent": [0, 1, 0]}, {"base": "-jj", "exponent": [1, -1, 0]}],
    }
    return _goal("binomial", "binomial_expansion", goal)


# The smallest singular SSM: A = 0, B = C = 1, so W(tau) = [tau == 0] (a delta at lag 0).
DELTA = ([["0"]], [["1"]], [["1"]])
# (A2) for the singular SSMs, per head h that the nilpotent part reaches: the first lag t0 and the span s of the
# residue d_h = g_h - (its invertible part), and R0 = the rank of the invertible part's lag matrix. Found once by the
# builder and frozen here; the kernel derives t0, s and R0 from (A, B, C) alone and compares.
A2_FAMILY = (
    ("delta", DELTA, 1, 0, 1, 0),
    ("singular", INSTANCES["singular"], 1, 0, 1, 0),
    ("singular", INSTANCES["singular"], 2, 1, 1, 0),
    ("singular", INSTANCES["singular"], 3, 0, 2, 1),
)


def a2_family() -> list[dict]:
    """The (A2) rank bound of each reached head for every n: r >= max(floor((n - t0 - 1)/s) + 1, n - (t0 + s - 1))
    - R0."""
    out = []
    for name, (a, b, c), head, t0, span, r0 in A2_FAMILY:
        goal = {"A": a, "B": b, "C": c, "head": head, "t0": t0, "span": span, "r0": r0}
        out.append(_goal(f"{name}.h{head}", "masked_rank_family", goal))
    return out
