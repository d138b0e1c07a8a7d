"""The texts of the Section 5 statements (Theorem 5.1, its proof steps and their corrections), verbatim."""

from __future__ import annotations

__all__ = ["TEXTS"]

TEXTS = {
    "thm5.1.part1.jacobian": {
        "section": "5",
        "reference": "Theorem 5.1, part (1): J_ij = C A^(i-j) B",
        "statement": {
            "latex": "\\mathbf y_i=\\sum_{t\\le i}C\\bar A^{i-t}\\bar B\\mathbf x_t\\ \\Rightarrow\\ "
            "J_{i,j}(X)=\\partial\\mathbf y_i/\\partial\\mathbf x_j=C\\bar A^{\\,i-j}\\bar B",
            "words": "The Jacobian of the linear SSM output y_i in x_j is C A^(i-j) B, independent of X.",
        },
        "why": "Derivative identities (kernel differentiates) for fully symbolic 2x2 A, B, C and symbolic "
        "inputs x_1..x_4: d y_4 / d x_j = C A^(4-j) B entrywise for j = 1..4 (distances 0..3). For "
        "every distance: y_i = r + C P B x_j with P = A^(i-j) and r = sum_{t != j} C A^(i-t) B x_t "
        "free of x_j; the kernel differentiates this with symbolic P and r (every-tau obligations), "
        "so the identity holds for every value of P, in particular A^tau for every tau.",
    },
    "thm5.1.part1.bound": {
        "section": "5",
        "reference": "Theorem 5.1, part (1): submultiplicative bound",
        "statement": {
            "latex": "\\|C\\bar A^{\\,\\tau}\\bar B\\|_2\\le\\|C\\|_2\\|\\bar B\\|_2\\|\\bar A\\|_2^{\\,\\tau}",
            "words": "The norm bound, on two exact instances: a contractive one (||A|| = 1/2, exponential "
            "decay 2^-tau, tau = 0..30) and a non-normal Jordan block (||A|| >= 6/5, tau = 0..40).",
        },
        "why": "||C A^tau B||_2 <= lC lB lA^tau is proved by an exact LDL^T of (lC lB lA^tau)^2 I - J^T J; "
        "lC <= ||C||, lB <= ||B||, lA <= ||A|| by vectors v with ||M v|| >= l ||v||. Together: "
        "||J|| <= lC lB lA^tau <= ||C|| ||B|| ||A||^tau. For the contractive instance also ||A|| <= "
        "1/2, so ||J(tau)|| <= 2^-tau exactly decays exponentially.",
    },
    "thm5.1.part1.loose": {
        "section": "5",
        "reference": "Theorem 5.1, part (1): the bound when ||A||_2 >= 1 > rho(A)",
        "statement": {
            "latex": "\\bar A=\\begin{pmatrix}1/2&1\\\\0&1/2\\end{pmatrix}:\\ \\|\\bar A\\|_2\\ge "
            "6/5>1>\\rho(\\bar A)=1/2,\\ \\|\\bar A^{\\tau}\\|_2\\le(6/5)^{\\tau}/10^{12}\\ "
            "(\\tau=40)",
            "words": "For a Jordan block with spectral radius 1/2 but norm above 1 the submultiplicative "
            "bound grows while ||A^tau|| decays: at tau = 10, 20, 40 the true norm is below the "
            "bound by factors 10^2, 10^5, 10^12.",
        },
        "why": "||A|| >= 6/5 by a vector witness; the characteristic polynomial is (l - 1/2)^2, so rho(A) "
        "= 1/2; each ||A^tau|| is bounded above by exact LDL^T witnesses (the bound "
        "(6/5)^tau/factor and a tight rational upper bound).",
    },
    "thm5.1.logit-j": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof: the logit at position j",
        "statement": {
            "latex": "\\mathbf q_i^\\top\\mathbf k_j=(W_Q\\mathbf u)^\\top W_K\\tfrac{\\gamma}{\\|\\mathbf "
            "a\\|^2}\\mathbf a=\\gamma",
            "words": "With x_i = u and x_j = gamma a/||a||^2 the logit at j equals gamma.",
        },
        "why": "Polynomial identity (W_Q u)^T W_K (gamma a) = gamma ||a||^2 for symbolic 2x2 W_Q, W_K, u, "
        "gamma; divide by ||a||^2 != 0 (assumption (10)).",
    },
    "thm5.1.logits-other": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof: the other logits vanish",
        "statement": {
            "latex": "\\forall t'\\ne j,\\ t'\\le i:\\ \\mathbf x_{t'}=\\mathbf 0,\\ \\mathbf "
            "q_i^\\top\\mathbf k_{t'}=0",
            "words": "Printed: every position t' != j has a zero input and a zero logit.",
        },
        "why": "At t' = i the input is x_i = u != 0 and the logit is q_i^T k_i = u^T W_Q^T W_K u = a^T u. "
        "Counterexample W_Q = W_K = u = 1 (so a = 1): the logit at i is 1, not 0.",
    },
    "thm5.1.logits-other.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof: the other logits (corrected)",
        "statement": {
            "latex": "\\mathbf q_i^\\top\\mathbf k_i=\\mathbf a^\\top\\mathbf u,\\quad \\mathbf "
            "q_i^\\top\\mathbf k_t=0\\ (t\\notin\\{i,j\\})",
            "words": "The logit at i is a^T u; the zero tokens have logit 0.",
        },
        "why": "Polynomial identities for symbolic 2x2 W_Q, W_K and u.",
    },
    "thm5.1.eq11": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (11)",
        "statement": {
            "latex": "\\alpha_{ij}=\\frac{e^\\gamma}{e^\\gamma+(i-1)},\\ "
            "1-\\alpha_{ij}=\\frac{i-1}{e^\\gamma+(i-1)}\\le(i-1)e^{-\\gamma}",
            "words": "Printed (11): the attention weight at j and the bound on its complement.",
        },
        "why": "The model (9) evaluated literally at the construction (1-D: W_Q = W_K = u = 1, i = 3; n "
        "denotes the position i): alpha_ij = e^g/(e^g + e + 1). At gamma = 1 both equalities fail; "
        "at gamma = 2, 1 - alpha = (e+1)/(e^2+e+1) > 2 e^-2. Decided in ball arithmetic.",
    },
    "thm5.1.eq11.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (11) corrected",
        "statement": {
            "latex": "\\alpha_{ij}=\\frac{e^\\gamma}{e^\\gamma+e^{\\mathbf a^\\top\\mathbf u}+(i-2)},\\ "
            "1-\\alpha_{ij}=\\frac{e^{\\mathbf a^\\top\\mathbf u}+i-2}{e^\\gamma+e^{\\mathbf "
            "a^\\top\\mathbf u}+i-2}\\le(e^{\\mathbf a^\\top\\mathbf u}+i-2)e^{-\\gamma}",
            "words": "The weight at j, with the logit a^T u at position i counted, and the corrected bound.",
        },
        "why": "exp_rational identities at the construction with symbolic 2x2 W_Q, W_K, u, gamma and m = i "
        "- 2 zero tokens (G = e^gamma, C = e^(a^T u), E0 = e^0 = 1, exponents checked at the "
        "point); the bound cleared of G (G + C + m) > 0 is a positive combination with G, C, m >= "
        "0.",
    },
    "thm5.1.eq12": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (12)",
        "statement": {
            "latex": "\\alpha_{ij}(1-\\alpha_{ij})\\le 1-\\alpha_{ij}\\le(i-1)e^{-\\gamma}",
            "words": "Printed (12).",
        },
        "why": "The first inequality holds; the second fails at gamma = 2 and the outer bound "
        "alpha(1-alpha) <= (i-1)e^-gamma fails at gamma = 5 (W_Q = W_K = u = 1, i = 3), ball "
        "arithmetic.",
    },
    "thm5.1.eq12.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (12) corrected",
        "statement": {
            "latex": "\\alpha_{ij}(1-\\alpha_{ij})\\le 1-\\alpha_{ij}\\le(e^{\\mathbf a^\\top\\mathbf "
            "u}+i-2)e^{-\\gamma}",
            "words": "Corrected (12).",
        },
        "why": "With alpha = G/S, 1 - alpha = (C+m)/S, S = G + C + m (eq11.corrected): each inequality "
        "times its positive denominator (S^2, G S, G S^2) is a polynomial with nonnegative "
        "coefficients in G, C, m >= 0.",
    },
    "thm5.1.eq13": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (13)",
        "statement": {
            "latex": "J_{i,j}=\\alpha_{ij}V+\\sum_{t\\le i}(V\\mathbf "
            "x_t)\\bigl(\\partial\\alpha_{it}/\\partial\\mathbf x_j\\bigr)^\\top",
            "words": "The product rule for the Jacobian of (9).",
        },
        "why": "Kernel-differentiated identities for symbolic d = r = p = 2, i = 3, j = 1 at a general "
        "point: d alpha_it/d x_j = alpha_it (delta_tj - alpha_ij) W_K^T q_i for t = 1, 2, 3, and d "
        "y_i/d x_j = alpha_ij V + sum_t (V x_t)(alpha_it (delta_tj - alpha_ij) W_K^T q_i)^T, i.e. "
        "(13) with the softmax derivatives made explicit.",
    },
    "thm5.1.eq14": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (14)",
        "statement": {
            "latex": "J_{i,j}(X)=\\alpha_{ij}V+(V\\mathbf x_j)\\bigl(\\partial\\alpha_{ij}/\\partial\\mathbf "
            "x_j\\bigr)^\\top",
            "words": "Printed (14): only t = j contributes to the score term.",
        },
        "why": "x_i = u != 0, so t = i adds (V u)(d alpha_ii/d x_j)^T = -alpha_ii alpha_ij (V u) a^T. With "
        "the general formula of eq13 at the construction (W_Q = W_K = V = u = 1, i = 3, gamma = 1) "
        "the two sides differ; ball arithmetic.",
    },
    "thm5.1.eq14.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (14) corrected",
        "statement": {
            "latex": "J_{i,j}(X)=\\alpha_{ij}V+\\alpha_{ij}(1-\\alpha_{ij})(V\\mathbf x_j)\\mathbf "
            "a^\\top-\\alpha_{ii}\\alpha_{ij}(V\\mathbf u)\\mathbf a^\\top",
            "words": "The Jacobian at the construction, including the t = i term.",
        },
        "why": "The kernel differentiates y_i as a function of x_j (x_i = u, m = i - 2 zero tokens held "
        "fixed) and substitutes the construction, checking every exponent at the point: symbolic in "
        "W_Q, W_K, V, u, gamma, m for d = r = p = 1, and symbolic in gamma, m for an exact 2x2 "
        "instance (all four entries).",
    },
    "thm5.1.eq15": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (15)",
        "statement": {
            "latex": "\\frac{\\partial\\alpha_{ij}}{\\partial s_{ij}}=\\alpha_{ij}(1-\\alpha_{ij}),\\ "
            "\\frac{\\partial s_{ij}}{\\partial\\mathbf x_j}=W_K^\\top\\mathbf q_i,\\ "
            "\\frac{\\partial\\alpha_{ij}}{\\partial\\mathbf "
            "x_j}=\\alpha_{ij}(1-\\alpha_{ij})W_K^\\top\\mathbf q_i",
            "words": "The softmax derivative (15).",
        },
        "why": "Kernel-differentiated identities: in s with E_j = e^s and the rest R of the denominator; "
        "in x_j for symbolic d = r = 2, i = 3, j = 1.",
    },
    "thm5.1.eq16": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (16)",
        "statement": {
            "latex": "W_K^\\top\\mathbf q_i=\\mathbf a,\\ \\|\\partial\\alpha_{ij}/\\partial\\mathbf "
            "x_j\\|_2=\\alpha_{ij}(1-\\alpha_{ij})\\|\\mathbf a\\|_2",
            "words": "At the construction W_K^T q_i = a, and the gradient norm is alpha(1-alpha)||a||.",
        },
        "why": "Polynomial identities (symbolic 2x2) for W_K^T W_Q u = a and ||c a||^2 = c^2 ||a||^2; c = "
        "alpha(1-alpha) = E_j R/S^2 >= 0 because E_j R >= 0.",
    },
    "thm5.1.eq17": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (17)",
        "statement": {
            "latex": "\\|(V\\mathbf x_j)(\\partial\\alpha_{ij}/\\partial\\mathbf "
            "x_j)^\\top\\|_2\\le\\|V\\|_2\\,\\gamma\\,(i-1)e^{-\\gamma}",
            "words": "Printed (17).",
        },
        "why": "At W_Q = W_K = V = u = 1, i = 3, gamma = 5 the left side is 5 alpha(1-alpha) with alpha = "
        "e^5/(e^5+e+1), larger than 10 e^-5; ball arithmetic.",
    },
    "thm5.1.eq17.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (17) corrected",
        "statement": {
            "latex": "\\|(V\\mathbf x_j)(\\partial_{\\mathbf "
            "x_j}\\alpha_{ij})^\\top\\|_2\\le\\|V\\|_2\\gamma(e^{\\mathbf a^\\top\\mathbf "
            "u}+i-2)e^{-\\gamma},\\ \\|(V\\mathbf u)(\\partial_{\\mathbf "
            "x_j}\\alpha_{ii})^\\top\\|_2\\le\\|V\\|_2\\|\\mathbf u\\|_2\\|\\mathbf "
            "a\\|_2e^{\\mathbf a^\\top\\mathbf u}e^{-\\gamma}",
            "words": "Bounds on both score terms of the corrected (14).",
        },
        "why": "The norms equal ||V x_j|| alpha(1-alpha)||a|| <= ||V|| gamma alpha(1-alpha) and ||V u|| "
        "alpha_ii alpha_ij ||a|| (rank-one outer products); the scalar inequalities gamma "
        "alpha(1-alpha) <= gamma (C+m)/G and alpha_ii alpha_ij <= C/G, times G S^2 > 0, are "
        "positive combinations in G, C, m, gamma >= 0.",
    },
    "thm5.1.reverse-triangle": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, reverse triangle step",
        "statement": {
            "latex": "\\|J_{i,j}(X)\\|_2\\ge\\alpha_{ij}\\|V\\|_2-\\|(V\\mathbf "
            "x_j)(\\partial\\alpha_{ij}/\\partial\\mathbf x_j)^\\top\\|_2",
            "words": "Printed: the final lower bound via (14).",
        },
        "why": "With the true Jacobian (eq13 at the construction), W_Q = W_K = V = u = 1, i = 3, gamma = "
        "1/4: |J| is below the right side; ball arithmetic.",
    },
    "thm5.1.reverse-triangle.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, reverse triangle step corrected",
        "statement": {
            "latex": "\\|J_{i,j}(X)\\|_2\\ge\\|V\\|_2\\bigl(1-((1+\\gamma)(e^{\\mathbf a^\\top\\mathbf "
            "u}+i-2)+e^{\\mathbf a^\\top\\mathbf u}\\|\\mathbf u\\|_2\\|\\mathbf "
            "a\\|_2)e^{-\\gamma}\\bigr)",
            "words": "The lower bound from the corrected (14) and (17).",
        },
        "why": "Triangle inequality on corrected (14): ||J|| >= ||V|| (alpha - gamma alpha(1-alpha) - w "
        "alpha_ii alpha) with w = ||u|| ||a||; the scalar core alpha - g alpha(1-alpha) - w "
        "alpha_ii alpha >= 1 - ((1+g)(C+m) + C w)/G times G S^2 is a positive combination in G, C, "
        "m, g, w >= 0.",
    },
    "thm5.1.gamma-choice": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, choice of gamma",
        "statement": {
            "latex": "(i-1)e^{-\\gamma}\\le\\tfrac{\\varepsilon}{2\\|V\\|_2},\\ "
            "\\|V\\|_2\\gamma(i-1)e^{-\\gamma}\\le\\tfrac\\varepsilon2\\ \\Rightarrow\\ "
            "\\|J_{i,j}(X)\\|_2\\ge\\|V\\|_2-\\varepsilon",
            "words": "Printed: a gamma meeting the two conditions (achievable by (11)) gives the bound.",
        },
        "why": "Reading 1 (the conditions the proof shows achievable via (11)): W_Q = W_K = V = 1, u = 3 "
        "(a^T u = 9), i = 2, j = 1, eps = 1/2, gamma = 3 meet both, yet |J| (true Jacobian, eq13 at "
        "the construction) is about 0.012 < 1/2. Reading 2 (first condition on the true alpha): W_Q "
        "= I, W_K = [[1,1],[-1,-1]]/60, V = [[1,0],[0,0]], u = (30,-30) (a = (1,1), a^T u = 0), i = "
        "2, eps = 1/4, gamma = 4 meet both, yet ||J||_2 <= ||J||_F = 0.694 < 3/4. Ball arithmetic; "
        "n denotes the position i.",
    },
    "thm5.1.gamma-choice.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, choice of gamma corrected",
        "statement": {
            "latex": "((1+\\gamma)(e^{\\mathbf a^\\top\\mathbf u}+i-2)+e^{\\mathbf a^\\top\\mathbf "
            "u}\\|\\mathbf u\\|\\|\\mathbf "
            "a\\|)e^{-\\gamma}\\le\\varepsilon/\\|V\\|_2\\Rightarrow\\|J_{i,j}(X)\\|_2\\ge\\|V\\|_2-\\varepsilon",
            "words": "Corrected condition on gamma; on the refuting instance gamma = 13 meets it and the bound holds.",
        },
        "why": "By reverse-triangle.corrected the condition implies the bound; the left side tends to 0 as "
        "gamma grows, so gamma exists. Instance (u = 3, i = 2, eps = 1/2, gamma = 13): condition "
        "and |J| >= 1/2 checked in ball arithmetic.",
    },
    "thm5.1.conclusion": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), conclusion",
        "statement": {
            "latex": "W_Q=W_K=V=\\mathbf u=1,\\ \\gamma=2+\\log(i/\\varepsilon):\\ "
            "|J_{i,1}(X)|\\ge\\|V\\|_2-\\varepsilon\\ \\ (i-1=1,\\dots,10^6,\\ "
            "\\varepsilon\\in\\{1/10,1/100\\})",
            "words": "The conclusion does not decay with distance: for every distance from 1 to 10^6 the "
            "construction with gamma = 2 + log(i/eps) keeps |J| >= ||V|| - eps.",
        },
        "why": "J at the construction (eq13 general formula, eq14.corrected) depends on i only through the "
        "i - 2 zero tokens; the kernel evaluates |J| in ball arithmetic with i ranging over real "
        "sub-intervals covering [2, 10^6 + 1] (hence every integer i, j = 1). gamma must grow like "
        "log i: with gamma fixed, alpha_ij <= e^gamma/(e^gamma + i - 2) -> 0.",
    },
}
