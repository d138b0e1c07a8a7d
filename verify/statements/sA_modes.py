"""Statements of Appendix A (modes, closed forms, eq. 20-21 features, (A2)) and of the related review's 2x2 claim.

Instance claims fix (A, B, C) as literals and make every derived object a parameter that a kernel kind
establishes from them: the Jordan chains (`<instance>.eigen`), the closed forms of A^tau (`.state`) and of
W(tau) (`.output`), the Theorem 4.4 lags (`.lags`), the coordinates b_{h,l}(tau) (`.b`) and the feature bound
(`.bound`). Identity claims (eq. 18 for a Jordan block, eq. 21) and the (A2) rank claims are literal goals
built by the formula functions of verify/claims/sA_modes.py and sA_singular.py; their texts are in
sA_general.py (the claims proved for a symbolic q, s, tau or n).
"""

from __future__ import annotations

from verify.claims.sA_modes import (
    INSTANCES,
    INVERTIBLE,
    dual_obligation,
    eq21_obligation,
    instance_data,
    jordan_block_obligation,
    jordan_obligation,
    lag_obligation,
    minimum_obligation,
    power_obligation,
    real_obligation,
    thm44_obligation,
)
from verify.statements import entry, goal_of, param
from verify.statements.sA_features_texts import SSM_FEATURES
from verify.statements.sA_features_texts import TEXTS as FEATURE_TEXTS
from verify.statements.sA_general import TEXTS as GENERAL_TEXTS

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
        "of A^tau (<instance>.state) are derived parameters. jordan_chains: for every root alpha of "
        "each squarefree, pairwise coprime modulus m, the given vectors are Jordan chains of A at "
        "alpha (checked modulo m) and independent (a left inverse modulo m); chains of distinct "
        "eigenvalues are independent and their count is the dimension, so A = P J P^-1 with the "
        "stated block sizes. power_closed_form: base sum_l Tr_l(a^start M_l(start)) = A^start "
        "exactly, step A M_l(tau) = a M_l(tau + 1) as polynomials in tau modulo m_l; Tr is "
        "QQ-linear, so X(tau) = sum_l Tr_l(a^tau M_l(tau)) satisfies X(tau + 1) = A X(tau) and "
        "X(start) = A^start: induction gives A^tau = X(tau) for all tau >= start, i.e. eq. (18) with "
        "lambda ranging over the roots of the moduli and G_{l,q}, p_{l,q} read off M_l. No value of "
        "tau is sampled. The start lag is checked to be nu, the index of the eigenvalue 0 of A (rank "
        "A^nu = rank A^(nu+1)).",
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
        "0 (modulus a, one chain of length 2). A-to-the-1-is-nonzero: rank A^1 = 1. With "
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
        "why": "power_closed_form with left C and right B: the induction of eq. (18) on the state closed "
        "forms M_l(tau) (witness), and C M_l(tau) B = H_l(tau) modulo m_l; Tr is linear, so C A^tau "
        "B = sum_l Tr_l(a^tau H_l(tau)) for all tau >= start. The closed form (<instance>.output) is "
        "a derived parameter; start is checked to be nu.",
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
        "why": "Per instance: W (power_closed_form) establishes the closed form H_l of W(tau) "
        "(<instance>.output) from the literal A, B, C. dual_coordinates: the kernel computes W(tau) "
        "= C A^tau B for tau < m itself, takes M_h = W(t_h) at the lags <instance>.lags, checks "
        "<F_h, M_g> = delta_{hg} exactly, that every W(tau), tau < m, equals sum_h <F_h, W(tau)> M_h "
        "(so by Cayley-Hamilton the M_h are a basis of S_target) and that W(tau) for tau < t_h needs "
        "no M_g with g >= h (so the t_h are the first lags where the rank grows: Theorem 4.4's "
        "basis, not any basis); then H_l(tau) = sum_h b_{h,l}(tau) M_h modulo m_l gives W(tau) = "
        "sum_h (sum_l Tr_l(a^tau b_{h,l}(tau))) M_h, and since the M_h are independent the "
        "coordinates are unique: c_{tau,h} = L_h(W(tau)) is the closed form. thm4.4: the table "
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
        "b_{h,l} (as in appA.eq20) from the literal A, B, C. lag_features: for each modulus m_l, "
        "with L = a^i and M = a^-j (a invertible: m_l(0) != 0), sum_t phi_t psi_t = L M b_l(i - "
        "j) modulo m_l as a polynomial identity in i, j, L, M; summed over the roots of m_l and "
        "over l this is sum_l Tr_l(a^(i-j) b_l(i - j)) = g_h(i - j). The kernel reads J_l off A "
        "itself (the smallest s with rank m_l(A)^s = rank m_l(A)^(s+1), m_l irreducible and its "
        "roots eigenvalues of A), checks bound = sum_l deg(m_l) J_l (J_l + 1) / 2 (a derived "
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
        "is read off A). real_lag_features: with X_{l,r}(i) the rational coordinates of a^i "
        "modulo m_l and Y_{l,s}(j) those of a^-j, sum_k phi_k psi_k = sum_l Tr_l((sum_r X_{l,r} "
        "a^r)(sum_s Y_{l,s} a^s) b_l(i - j)) is a polynomial identity over QQ in i, j, X, Y; the "
        "features have rational coefficients and depend only on i (resp. j); the trace of a^i "
        "a^-j b_l(i-j) is g_h's l-part. Count <= the same bound as appA.features.",
    },
    "appA.ssm": {
        "section": "A",
        "reference": "Appendix A, eqs. (18)-(20), for a user's SSM (python -m verify modes --ssm FILE)",
        "statement": {
            "latex": "\\bar A=PJP^{-1},\\ \\bar A^{\\tau},\\ \\mathcal W(\\tau),\\ c_{\\tau,h}\\ "
            "\\text{in closed form for all}\\ \\tau\\ge\\nu",
            "words": "For the given real SSM (A, B, C): its Jordan chains (eigen), the closed "
            "forms of A^tau (state) and of W(tau) = C A^tau B (output) for every integer "
            "tau >= nu (start = nu, the index of the eigenvalue 0), the Theorem 4.4 basis "
            "lags t_h (the first lags at which the rank of span{W(0..t)} grows) and the "
            "closed form (20) of the coefficients c_{tau,h} in the basis M_h = W(t_h) "
            "(b).",
        },
        "why": "A, B, C are the inputs; every other parameter is established from them: jordan_chains pins "
        "eigen (the Jordan structure of A), power_closed_form pins start = nu (computed from the "
        "ranks of A^s) and the closed forms state and output (as functions of tau), dual_coordinates "
        "computes W(tau) from A, B, C, pins the lags to the greedy Theorem 4.4 lags and b to the "
        "unique coordinates of output in that basis. The reasoning of each step is that of appA.eq18, "
        "appA.eq19 and appA.eq20.",
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


def _eq18() -> list[dict]:
    """Per instance: the Jordan structure and the closed form of A^tau, both derived from the literal A."""
    out = []
    for name in INSTANCES:
        modes = instance_data(name)["modes"]
        out.append(goal_of(jordan_obligation(f"{name}.jordan", modes), {"eigen": f"{name}.eigen"}))
        out.append(goal_of(power_obligation(f"{name}.power", modes, False), {"modes": f"{name}.state"}))
    return out


def _w(name: str, data: dict) -> dict:
    """The closed form of W(tau) = C A^tau B of one instance, a derived parameter."""
    return goal_of(power_obligation(f"{name}.W", data["modes"], True), {"modes": f"{name}.output"})


def _dual(name: str, data: dict) -> dict:
    """Eq. (20) of one instance: lags and coordinates derived from (A, B, C) and the closed form of W."""
    derived = {"modes": f"{name}.output", "lags": f"{name}.lags", "b": f"{name}.b"}
    return goal_of(dual_obligation(f"{name}.dual", data), derived)


def _eq20() -> list[dict]:
    """Per instance: W's closed form, eq. (20), and Theorem 4.4's coefficient table for tau < 8."""
    out = []
    for name in INSTANCES:
        data = instance_data(name)
        out += [_w(name, data), _dual(name, data), goal_of(thm44_obligation(f"{name}.thm4.4", data, 8))]
    return out


def _features(*builders: object) -> list[dict]:
    """Per invertible instance: W's closed form, eq. (20), and the obligations of the builders (derived b, bound)."""
    out = []
    for name in INVERTIBLE:
        data = instance_data(name)
        derived = {"modes": f"{name}.output", "b": f"{name}.b", "bound": f"{name}.bound", "minimum": f"{name}.minimum"}
        out += [_w(name, data), _dual(name, data)]
        for build in builders:
            obligation = build(name, data)
            out.append(goal_of(obligation, {k: v for k, v in derived.items() if k in obligation.goal}))
    return out


def _lag(bound: str) -> dict:
    """The feature goals of the template: A, the output modes, b and a bound, all parameters."""
    return {"A": param("A"), "modes": param("output"), "b": param("b"), "bound": param(bound)}


def _template(names: tuple[str, ...]) -> list[dict]:
    """The user-SSM template goals: A, B, C are inputs, everything else derived."""
    abc = {"A": param("A"), "B": param("B"), "C": param("C")}
    goals = {
        "jordan": ("jordan_chains", {"A": param("A"), "eigen": param("eigen")}),
        "power": ("power_closed_form", {"A": param("A"), "start": param("start"), "modes": param("state")}),
        "W": (
            "power_closed_form",
            {
                "A": param("A"),
                "left": param("C"),
                "right": param("B"),
                "start": param("start"),
                "modes": param("output"),
            },
        ),
        "dual": ("dual_coordinates", {**abc, "modes": param("output"), "lags": param("lags"), "b": param("b")}),
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
    from verify.claims.sA_singular import (
        a2_corrected,
        a2_refuted,
        blockdiag,
        eq18_singular,
    )

    def literal(claim: str, build: object, verdict: str = "certified") -> dict:
        """A claim whose goals are the literal goals its builder states."""
        cert = build()
        goals = [{"name": o["name"], "kind": o["kind"], "goal": o["goal"]} for o in cert["obligations"]]
        return entry(TEXTS[claim], verdict, goals)

    features_template = _template(("W", "dual", "features", "realform", "merged", "realmerged", "minimum"))
    for item in features_template:
        if item["name"] == "W":
            item["goal"]["start"] = 0
    return {
        "appA.eq18": entry(TEXTS["appA.eq18"], "certified", _eq18()),
        "appA.eq18.singular": literal("appA.eq18.singular", eq18_singular, "refuted"),
        "appA.eq18.block": entry(TEXTS["appA.eq18.block"], "certified", [goal_of(jordan_block_obligation())]),
        "appA.eq19": entry(TEXTS["appA.eq19"], "certified", [_w(n, instance_data(n)) for n in INSTANCES]),
        "appA.eq20": entry(TEXTS["appA.eq20"], "certified", _eq20()),
        "appA.eq21": entry(TEXTS["appA.eq21"], "certified", [goal_of(eq21_obligation())]),
        "appA.features": entry(TEXTS["appA.features"], "certified", _features(lag_obligation)),
        "appA.realform": entry(TEXTS["appA.realform"], "certified", _features(real_obligation)),
        "appA.features.merged": entry(
            FEATURE_TEXTS["appA.features.merged"],
            "certified",
            _features(
                lambda n, d: lag_obligation(f"{n}.features", d, "merged"),
                lambda n, d: real_obligation(f"{n}.realform", d, "merged"),
            ),
        ),
        "appA.features.minimum": entry(
            FEATURE_TEXTS["appA.features.minimum"],
            "certified",
            _features(lambda n, d: minimum_obligation(f"{n}.minimum", d)),
        ),
        "appA.A2": literal("appA.A2", a2_refuted, "refuted"),
        "appA.A2.corrected": literal("appA.A2.corrected", a2_corrected),
        "appA.ssm": entry(TEXTS["appA.ssm"], "certified", _template(("jordan", "power", "W", "dual")), ("A", "B", "C")),
        "appA.ssm.features": entry(SSM_FEATURES, "certified", features_template, ("A", "B", "C")),
        "review.blockdiag": literal("review.blockdiag", blockdiag),
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
