"""Statements of Appendix A (modes, closed forms, eq. 20-21 features, (A2)) and of the related review's 2x2 claim.

Instance claims fix (A, B, C) as literals and make every derived object a parameter that a kernel kind
establishes from them: the Jordan structure (`<instance>.eigen`), the closed form of A^tau given by the Jordan
chains of the nonzero eigenvalues (`.state`), the closed form of W(tau) (`.output`), the Theorem 4.4 lags
(`.lags`), the coordinates b_{h,l}(tau) (`.b`) and their support (`.support`), and the feature bound (`.bound`).
Elements of K = QQ[a]/(m) in `.output` and `.b` are written in trace coordinates Tr(a^k x), k < deg m
(verify/kernel/theories/modes/trace_coordinates.py). The instances are in sA_instances.py; nu and Theorem 4.4's table are computed here from
(A, B, C). Identity claims (eq. 18 for a Jordan block, eq. 21) and the (A2) rank claims are literal goals written in
sA_general.py (the claims proved for a symbolic q, s, tau or n), with their texts.
"""

from __future__ import annotations

from collections.abc import Callable

from verify.statements import entry, param
from verify.statements.sA_features_texts import SSM_FEATURES
from verify.statements.sA_features_texts import TEXTS as FEATURE_TEXTS
from verify.statements.sA_general import TEXTS as GENERAL_TEXTS
from verify.statements.sA_general import a2_family, eq21_goal, jordan_block_goal
from verify.statements.sA_instances import INSTANCES, INVERTIBLE, lag_basis, responses, start_index

__all__ = ["entries", "TEXTS"]

TEXTS = {
    "appA.eq18": {
        "section": "A",
        "reference": "Appendix A, Mode decomposition, eq. (18)",
        "statement": {
            "latex": "\\bar "
            "A^{\\tau}=\\sum_{\\ell=1}^{L}\\sum_{q=0}^{J_\\ell-1}\\lambda_\\ell^{\\tau}\\,p_{\\ell,q}(\\tau)\\,G_{\\ell,q}",
            "words": "For each built-in A (rational eigenvalues, a complex pair, a Jordan block "
            "of size 3, +-sqrt 2, a singular A) the Jordan structure is exact and A^tau "
            "is a finite sum of lambda^tau times matrix polynomials in tau, for every "
            "integer tau >= nu (nu = 0 for invertible A, the index of the zero "
            "eigenvalue otherwise).",
        },
        "why": "Each instance's A is literal; its Jordan structure (<instance>.eigen) and the closed form "
        "of A^tau (<instance>.state) are derived parameters. jordan_chains: the moduli are irreducible, "
        "squarefree and pairwise coprime; the kernel computes the multiplicity e of each modulus m in the "
        "characteristic polynomial of A (e = 1: one block of size 1) and, when e >= 2, the block sizes either "
        "from the exact ranks of m(A)^s (dim ker m(A)^s = deg(m) sum_blocks min(size, s)) or, when the "
        "witness gives Jordan chains of m (A of side >= 16), from those chains: the chain relations (A - a) "
        "v_(t+1) = v_t modulo m hold as rational identities of the coefficient matrices and the e chain "
        "vectors' deg(m) e coefficient columns have full rank modulo a 62-bit prime (a minor nonzero modulo "
        "the prime is nonzero over QQ), so at every root they are e independent Jordan chains, a Jordan "
        "basis of the generalized eigenspace, and their lengths are the block sizes. The sizes must be the "
        "stated ones and cover the dimension. power_closed_form: the kernel computes nu, the index of the "
        "eigenvalue 0 (nu = 0 at once when A has full rank modulo the prime, else the smallest s with rank "
        "A^s = rank A^(s+1)) and r = rank A^nu, and checks start = nu. The state is, per nonzero eigenvalue "
        "modulus m_l, Jordan chains V_l over K_l = QQ[a]/(m_l), or, for a simple modulus, a rational start "
        "vector u standing for the eigenvector q(A) r(A) u (r = det(x - A) / m_l, q(x) = (m_l(x) - m_l(a)) / "
        "(x - a); (A - a) q(A) r(A) u = det(A - x)(A) u = 0 by Cayley-Hamilton), of which the kernel needs "
        "only the Krylov matrix modulo the prime; the chain relations are checked as for jordan_chains, and "
        "all coefficient matrices together must have rank r = rank A^nu, their number of columns, modulo "
        "the prime (a lower bound on the rank over QQ). Then psi(y) = sum_l Tr_l(V_l y_l) is injective with "
        "image range A^nu and A psi(y) = psi(J y), so for tau >= nu A^tau = sum_l Tr_l(V_l J_l^tau Q_l) = "
        "sum_l Tr_l(a^tau M_l(tau)), M_l(tau) = V_l (sum_q binom(tau, q) a^-q N_l^q) Q_l, with the dual rows "
        "Q_l determined by V (not written: for a dense A they are far larger than V): eq. (18) with lambda "
        "ranging over the roots of the moduli. No value of tau is sampled.",
    },
    "appA.eq18.singular": {
        "section": "A",
        "reference": "Appendix A, Mode decomposition, eq. (18), stated 'under (A1)' before (A2) is used",
        "statement": {
            "latex": "\\bar "
            "A^{\\tau}=\\sum_{\\ell}\\sum_{q<J_\\ell}\\lambda_\\ell^{\\tau}p_{\\ell,q}(\\tau)G_{\\ell,q}\\ "
            "\\ \\forall\\tau\\ge0\\ \\text{(singular}\\ \\bar A\\ "
            "\\text{allowed)}",
            "words": "Eq. (18) for every tau >= 0 without assumption (A2), i.e. also for singular A.",
        },
        "why": "Counterexample A = [[0, 1], [0, 0]] (m = 2, J = 2). jordan: its only eigenvalue is "
        "0 (modulus a, one block of size 2, from the ranks of A^s). A-to-the-1-is-nonzero: rank A^1 = 1. With "
        "lambda = 0 the right side of (18) at tau = 1 is 0^1 (p_0(1) G_0 + p_1(1) G_1) = 0, "
        "whatever p and G are; so (18) fails at tau = 1. The same happens for every A with "
        "a nilpotent Jordan block of size >= 2 at lags 1 <= tau < nu. The certified form "
        "(appA.eq18) holds for tau >= nu, nu the index of the eigenvalue 0 (nu = 0 when A "
        "is invertible, where it is exactly the paper's (18)).",
    },
    "appA.eq19": {
        "section": "A",
        "reference": "Appendix A, Mode decomposition, eq. (19)",
        "statement": {
            "latex": "\\mathcal W(\\tau)=C\\bar A^{\\tau}\\bar "
            "B=\\sum_{\\ell}\\sum_{q=0}^{J_\\ell-1}\\lambda_\\ell^{\\tau}\\tau^{q}H_{\\ell,q}",
            "words": "For each built-in SSM, W(tau) = C A^tau B is a sum over the eigenvalues "
            "lambda of lambda^tau times a matrix polynomial in tau of degree < J_lambda, "
            "for every integer tau >= nu.",
        },
        "why": "output_closed_form: H_l is given in trace coordinates; with J_l = 1 + the largest power of "
        "tau in H_l and mu = prod_l m_l^J_l (degree D <= m), Y(tau) = sum_l Tr_l(a^tau H_l(tau)) "
        "satisfies the recurrence of mu. The kernel computes nu and checks start = nu. When det(x - A) "
        "divides x^start mu(x), A^start mu(A) = 0 by Cayley-Hamilton, so sum_i mu_i W(start + tau + i) = "
        "C A^tau A^start mu(A) B = 0 for every tau with no lag computed beyond the first D; otherwise the "
        "kernel computes W(0..start + m + D - 1) exactly and checks that sum for tau < m (hence for every "
        "tau, by Cayley-Hamilton). It checks Y(tau) = W(tau) for tau = start..start + D - 1; two "
        "sequences with the recurrence of mu that agree on D consecutive terms agree from there on, so "
        "C A^tau B = sum_l Tr_l(a^tau H_l(tau)) for all tau >= start. No closed form of A^tau is needed. "
        "The closed form (<instance>.output) is a derived parameter.",
    },
    "appA.eq20": {
        "section": "A",
        "reference": "Appendix A, Mode decomposition, eq. (20) and the dual functionals L_h",
        "statement": {
            "latex": "c_{\\tau,h}=\\mathcal L_h(\\mathcal "
            "W(\\tau))=\\sum_{\\ell}\\sum_{q=0}^{J_\\ell-1}b_{h,\\ell,q}\\lambda_\\ell^{\\tau}\\tau^{q}",
            "words": "With the Theorem 4.4 basis M_h = W(t_h) and functionals L_h dual to it, the "
            "coefficients c_{tau,h} have the closed form (20) for every tau >= nu, and "
            "they are the coefficients of the Theorem 4.4 construction "
            "(constructions/ssm.py).",
        },
        "why": "Per instance: W (output_closed_form) establishes the closed form H_l of W(tau) "
        "(<instance>.output) from the literal A, B, C. dual_coordinates: the kernel computes W(tau) "
        "= C A^tau B for tau < m itself, takes M_h = W(t_h) at the lags <instance>.lags, checks "
        "<F_h, M_g> = delta_{hg} exactly, that every W(tau), tau < m, equals sum_h <F_h, W(tau)> M_h "
        "(so by Cayley-Hamilton the M_h are a basis of S_target) and that W(tau) for tau < t_h needs "
        "no M_g with g >= h (so the t_h are the first lags where the rank grows: Theorem 4.4's "
        "basis, not any basis); then H_l(tau) = sum_h b_{h,l}(tau) M_h in K_l[tau] (a rational "
        "identity of trace coordinates) gives W(tau) = sum_h (sum_l Tr_l(a^tau b_{h,l}(tau))) M_h, and "
        "since the M_h are independent the coordinates are unique: c_{tau,h} = L_h(W(tau)) is the "
        "closed form; the support of b (which b_{h,l,q} are nonzero) is pinned with it. thm4.4: the table "
        "c_{tau,h} of constructions/ssm.py satisfies W(tau) = sum_h c_{tau,h} M_h for tau < 8 "
        "exactly (matrix identity with literal data), so by uniqueness it is the closed form there.",
    },
    "appA.features": {
        "section": "A",
        "reference": "Appendix A, features phi^(h), psi^(h), the causal mask and the bound on r_h",
        "statement": {
            "latex": "\\langle\\phi^{(h)}(i),\\psi^{(h)}(j)\\rangle=g_h(i-j)\\ \\forall "
            "i,j\\in\\mathbb Z,\\qquad "
            "r_h\\le\\sum_{\\ell}\\frac{J_\\ell(J_\\ell+1)}{2}",
            "words": "For every head of every invertible built-in instance, the paper's "
            "features phi(i) = (i^t lambda^i), psi(j) = (binom(q,t) b_{h,l,q} "
            "(-j)^(q-t) lambda^-j) give <phi(i), psi(j)> = g_h(i - j) for all "
            "integers i, j, with g_h the closed form (20) of c_{tau,h}; their number "
            "is at most sum_l J_l (J_l + 1) / 2, summed over the distinct "
            "eigenvalues.",
        },
        "why": "Per invertible instance, W and dual establish the closed form of W and the coordinates "
        "b_{h,l} (as in appA.eq20) from the literal A, B, C, and dual pins the support of b. "
        "lag_features: for each modulus m_l, sum_t phi_t psi_t = L M sum_q B_q (i - j)^q as a "
        "polynomial identity in i, j, L, M and symbols B_q (q in the support); with L = lambda^i, M = "
        "lambda^-j (lambda a root of m_l, nonzero) and B_q = b_{h,l,q}(lambda), summed over the roots "
        "and over l, this is sum_l Tr_l(a^(i-j) b_l(i - j)) = g_h(i - j). The kernel reads J_l off A "
        "itself (m_l irreducible, its roots eigenvalues of A): 1 when m_l is simple in the characteristic "
        "polynomial, else j where rank m_l(A)^s modulo a 62-bit prime exceeds n - deg(m_l) e_l for s < j "
        "(so J_l > s) and prod_l m_l^(j_l) annihilates A, checked exactly modulo primes whose product "
        "exceeds a bound on the cleared integer matrix (so J_l <= j); it checks "
        "bound = sum_l deg(m_l) J_l (J_l + 1) / 2 (a derived "
        "parameter) and that the feature count (deg m_l features per listed feature) is at most "
        "the bound. The causal mask alpha_ij = g_h(i - j) 1[i >= j] is then applied after the "
        "inner product, as in the paper.",
    },
    "appA.realform": {
        "section": "A",
        "reference": "Appendix A, 'Converting complex conjugate pairs to real features yields an "
        "equivalent real construction'",
        "statement": {
            "latex": "g_h(i-j)=\\sum_k\\phi_k(i)\\psi_k(j),\\ "
            "\\phi_k,\\psi_k\\in\\mathbb{Q}\\text{-valued},\\ \\#k\\le\\sum_\\ell "
            "J_\\ell(J_\\ell+1)/2",
            "words": "For every head of every invertible built-in instance, the same lag "
            "kernel g_h(i - j) is an inner product of rational-valued features of i "
            "and j, with as many features as the complex construction (deg m_l per "
            "complex feature).",
        },
        "why": "As appA.features (W and dual establish the closed forms and b from the literal SSM; J_l "
        "is read off A). real_lag_features: per mode, sum_t phi_t psi_t = X sum_q Z_q (i - j)^q as a "
        "polynomial identity over QQ in i, j, X and symbols Z_q; each listed feature stands for deg m_l "
        "rational features, X = X_{l,r}(i) (the r-th rational coordinate of a^i modulo m_l) and Z_q = "
        "Tr_l(a^(r-j) b_{h,l,q}) (a rational number), r < deg m_l; summed over r this is sum_q (i - "
        "j)^q Tr_l((sum_r X_{l,r} a^r) a^-j b_q) = Tr_l(a^(i-j) b_l(i - j)), g_h's l-part. The "
        "features have rational coefficients and depend only on i (resp. j). Count <= the same bound "
        "as appA.features.",
    },
    "appA.ssm": {
        "section": "A",
        "reference": "Appendix A, eqs. (18)-(20), for a user's SSM (python -m verify modes --ssm FILE)",
        "statement": {
            "latex": "\\bar A=PJP^{-1},\\ \\bar A^{\\tau},\\ \\mathcal W(\\tau),\\ c_{\\tau,h}\\ "
            "\\text{in closed form for all}\\ \\tau\\ge\\nu",
            "words": "For the given real SSM (A, B, C): its Jordan structure (eigen), the closed "
            "form of A^tau by the Jordan chains of its nonzero eigenvalues (state) and the closed "
            "form of W(tau) = C A^tau B (output) for every integer "
            "tau >= nu (start = nu, the index of the eigenvalue 0), the Theorem 4.4 basis "
            "lags t_h (the first lags at which the rank of span{W(0..t)} grows) and the "
            "closed form (20) of the coefficients c_{tau,h} in the basis M_h = W(t_h) "
            "(b).",
        },
        "why": "A, B, C are the inputs; every other parameter is established from them: jordan_chains pins "
        "eigen (the Jordan structure of A: multiplicities in the characteristic polynomial, with Jordan "
        "chains of each repeated modulus as the witness from 16 states on), power_closed_form pins start = nu "
        "and the state (the Jordan chains V_l of the nonzero eigenvalues, or the Krylov start vector of a "
        "simple one, independent modulo a 62-bit prime, which give A^tau = sum_l Tr_l(V_l J_l^tau Q_l) with "
        "the dual rows Q_l determined by V), output_closed_form pins output (the closed form of W, by the "
        "recurrence of mu = prod_l m_l^J_l: annihilation by Cayley-Hamilton or checked on m lags, and D "
        "initial lags), dual_coordinates computes W(tau) from A, B, C, pins the lags to the greedy "
        "Theorem 4.4 lags, b to the unique coordinates of output in that basis and the support of b. The "
        "reasoning of each step is that of appA.eq18, appA.eq19 and appA.eq20. A goal may name a "
        'parameter ({"$param": name}) instead of writing it out: the kernel checks the registered goal '
        "with the certificate's parameters either way, so each large parameter is written once.",
    },
    "review.blockdiag": {
        "section": "A",
        "reference": "Related review (State Space Models are Provably Comparable to Transformers in "
        "Dynamic Token Selection): 'A can be assumed to be a block diagonal matrix A = "
        "diag(D_1, ..., D_k), D_i 2x2'",
        "statement": {
            "latex": "T\\bar A T^{-1}=\\mathrm{diag}(D_1,\\dots,D_k),\\ D_i\\in\\mathbb "
            "Q^{1\\times1}\\cup\\mathbb Q^{2\\times2},\\quad (C T^{-1})(T\\bar A "
            "T^{-1})^{\\tau}(T\\bar B)=C\\bar A^{\\tau}\\bar B",
            "words": "For the built-in real SSMs whose Jordan structure allows it "
            "(diagonalizable over C with eigenvalues of degree <= 2, or a "
            "rational eigenvalue with blocks <= 2), an exact rational similarity "
            "makes A block diagonal with 1x1 and 2x2 blocks and leaves every "
            "impulse response unchanged.",
        },
        "why": "real_block_similarity: T T^-1 = I exactly and T A T^-1 vanishes outside the stated "
        "1x1/2x2 diagonal blocks; then (C T^-1)(T A T^-1)^tau (T B) = C A^tau B for every tau "
        "because the inner T^-1 T cancel. A Jordan block of size >= 3 (instance jordan3) "
        "cannot be brought to this form: the Jordan structure is a similarity invariant.",
    },
    "review.blockdiag.ssm": {
        "section": "A",
        "reference": "Related review: the 2x2-block claim, for a user's SSM (verify heads input)",
        "statement": {
            "latex": "T\\bar A T^{-1}=\\mathrm{diag}(D_1,\\dots,D_k),\\ D_i\\ "
            "1\\times1\\ \\text{or}\\ 2\\times2,\\ \\text{same}\\ \\mathcal "
            "W(\\tau)",
            "words": "The given real SSM (A, B, C) is equivalent, by an exact rational "
            "similarity, to one whose state matrix is block diagonal with 1x1 "
            "and 2x2 blocks; the impulse responses are identical for every "
            "tau.",
        },
        "why": "As review.blockdiag, with A, B, C the certificate's parameters.",
    },
}


TEXTS.update(GENERAL_TEXTS)


def _abc(name: str) -> dict:
    """The literal (A, B, C) of one instance."""
    a, b, c = INSTANCES[name]
    return {"A": a, "B": b, "C": c}


def _goal(name: str, kind: str, goal: dict) -> dict:
    """One goal of a statement."""
    return {"name": name, "kind": kind, "goal": goal}


def _eq18() -> list[dict]:
    """Per instance: the Jordan structure and the closed form of A^tau (for tau >= nu), derived from the literal A."""
    out = []
    for name in INSTANCES:
        a = INSTANCES[name][0]
        out.append(_goal(f"{name}.jordan", "jordan_chains", {"A": a, "eigen": param(f"{name}.eigen")}))
        power = {"A": a, "start": start_index(a), "modes": param(f"{name}.state")}
        out.append(_goal(f"{name}.power", "power_closed_form", power))
    return out


def _w(name: str) -> dict:
    """The closed form of W(tau) = C A^tau B of one instance (tau >= nu), a derived parameter."""
    goal = {**_abc(name), "start": start_index(INSTANCES[name][0]), "modes": param(f"{name}.output")}
    return _goal(f"{name}.W", "output_closed_form", goal)


def _dual(name: str) -> dict:
    """Eq. (20) of one instance: lags and coordinates derived from (A, B, C) and the closed form of W."""
    derived = {k: param(f"{name}.{v}") for k, v in (("modes", "output"), ("lags", "lags"), ("b", "b"))}
    return _goal(f"{name}.dual", "dual_coordinates", {**_abc(name), **derived, "support": param(f"{name}.support")})


def _thm44(name: str, n: int) -> dict:
    """Theorem 4.4's table: W(tau) = sum_h c_{tau,h} W(t_h) for tau < n (Ctab Mb = Wt, rows vec W)."""
    rows = INSTANCES[name]
    lags, table = lag_basis(rows, n)
    W = responses(rows, n)
    goal = {"matrices": {"Ctab": table, "Mb": [W[t] for t in lags], "Wt": W}, "lhs": "Ctab*Mb", "rhs": "Wt"}
    return _goal(f"{name}.thm4.4", "matrix_identity", goal)


def _eq20() -> list[dict]:
    """Per instance: W's closed form, eq. (20), and Theorem 4.4's coefficient table for tau < 8."""
    return [g for name in INSTANCES for g in (_w(name), _dual(name), _thm44(name, 8))]


def _feature_goal(name: str, kind: str, bound: str, construction: str) -> dict:
    """Eq. (21) features (kind lag_features) or their real form (real_lag_features): A literal, support and bound
    derived."""
    goal = {"A": INSTANCES[name][0], "support": param(f"{name}.support"), "bound": param(f"{name}.{bound}")}
    return _goal(name, kind, {**goal, "construction": construction})


def _minimum_goal(name: str) -> dict:
    """Per head the minimum feature dimension R_h, derived."""
    goal = {"A": INSTANCES[name][0], "modes": param(f"{name}.output"), "b": param(f"{name}.b")}
    return _goal(f"{name}.minimum", "lag_minimum", {**goal, "minimum": param(f"{name}.minimum")})


def _features(*builders: Callable[[str], dict]) -> list[dict]:
    """Per invertible instance: W's closed form, eq. (20), and the goals of the builders."""
    return [g for name in INVERTIBLE for g in (_w(name), _dual(name), *(build(name) for build in builders))]


def _eq18_singular() -> list[dict]:
    """A = N_2 (the 2x2 nilpotent shift): its only eigenvalue is 0 (one Jordan chain of length 2), yet A^1 != 0."""
    n2 = [["0", "1"], ["0", "0"]]
    jordan = {"A": n2, "eigen": [{"modulus": "1*a", "chains": [2]}]}
    return [_goal("jordan", "jordan_chains", jordan), _goal("A-to-the-1-is-nonzero", "rank", {"matrix": n2, "rank": 1})]


def _lag(bound: str) -> dict:
    """The feature goals of the template: A, the support of b and a bound, all parameters."""
    return {"A": param("A"), "support": param("support"), "bound": param(bound)}


def _template(names: tuple[str, ...]) -> list[dict]:
    """The user-SSM template goals: A, B, C are inputs, everything else derived."""
    abc = {"A": param("A"), "B": param("B"), "C": param("C")}
    goals = {
        "jordan": ("jordan_chains", {"A": param("A"), "eigen": param("eigen")}),
        "power": ("power_closed_form", {"A": param("A"), "start": param("start"), "modes": param("state")}),
        "W": (
            "output_closed_form",
            {"A": param("A"), "B": param("B"), "C": param("C"), "start": param("start"), "modes": param("output")},
        ),
        "dual": (
            "dual_coordinates",
            {**abc, "modes": param("output"), "lags": param("lags"), "b": param("b"), "support": param("support")},
        ),
        "features": ("lag_features", {**_lag("bound"), "construction": "paper"}),
        "realform": ("real_lag_features", {**_lag("bound"), "construction": "paper"}),
        "merged": ("lag_features", {**_lag("merged_bound"), "construction": "merged"}),
        "realmerged": ("real_lag_features", {**_lag("merged_bound"), "construction": "merged"}),
        "minimum": (
            "lag_minimum",
            {"A": param("A"), "modes": param("output"), "b": param("b"), "minimum": param("minimum")},
        ),
    }
    return [{"name": n, "kind": goals[n][0], "goal": goals[n][1]} for n in names]


def entries() -> dict:
    """The Appendix A statements in paper order."""
    features_template = _template(("W", "dual", "features", "realform", "merged", "realmerged", "minimum"))
    for item in features_template:
        if item["name"] == "W":
            item["goal"]["start"] = 0
    return {
        "appA.eq18": entry(TEXTS["appA.eq18"], "certified", _eq18()),
        "appA.eq18.singular": entry(TEXTS["appA.eq18.singular"], "refuted", _eq18_singular()),
        "appA.eq18.block": entry(TEXTS["appA.eq18.block"], "certified", [jordan_block_goal()]),
        "appA.eq19": entry(TEXTS["appA.eq19"], "certified", [_w(n) for n in INSTANCES]),
        "appA.eq20": entry(TEXTS["appA.eq20"], "certified", _eq20()),
        "appA.eq21": entry(TEXTS["appA.eq21"], "certified", [eq21_goal()]),
        "appA.features": entry(
            TEXTS["appA.features"], "certified", _features(lambda n: _feature_goal(n, "lag_features", "bound", "paper"))
        ),
        "appA.realform": entry(
            TEXTS["appA.realform"],
            "certified",
            _features(lambda n: _feature_goal(n, "real_lag_features", "bound", "paper")),
        ),
        "appA.features.merged": entry(
            FEATURE_TEXTS["appA.features.merged"],
            "certified",
            _features(
                lambda n: {**_feature_goal(n, "lag_features", "bound", "merged"), "name": f"{n}.features"},
                lambda n: {**_feature_goal(n, "real_lag_features", "bound", "merged"), "name": f"{n}.realform"},
            ),
        ),
        "appA.features.minimum": entry(FEATURE_TEXTS["appA.features.minimum"], "certified", _features(_minimum_goal)),
        "appA.A2": entry(TEXTS["appA.A2"], "refuted", a2_family()),
        "appA.A2.corrected": entry(TEXTS["appA.A2.corrected"], "certified", a2_family()),
        "appA.ssm": entry(TEXTS["appA.ssm"], "certified", _template(("jordan", "power", "W", "dual")), ("A", "B", "C")),
        "appA.ssm.features": entry(SSM_FEATURES, "certified", features_template, ("A", "B", "C")),
        "review.blockdiag": entry(
            TEXTS["review.blockdiag"],
            "certified",
            [_goal(n, "real_block_similarity", _abc(n)) for n in ("real", "pair", "sqrt2", "singular")],
        ),
        "review.blockdiag.ssm": entry(
            TEXTS["review.blockdiag.ssm"],
            "certified",
            [
                {
                    "name": "similarity",
                    "kind": "real_block_similarity",
                    "goal": {"A": param("A"), "B": param("B"), "C": param("C")},
                }
            ],
            ("A", "B", "C"),
        ),
    }
