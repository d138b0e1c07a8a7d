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
            "words": "The Jacobian of the linear SSM output y_i in x_j is C A^(i-j) B, independent of X; for "
            "A in R^{n x n}, B in R^{n x d}, C in R^{p x n} of every size and every distance.",
        },
        "why": "dimension_free_identity (matrix atoms of symbolic shapes n x n, n x d, p x n; the kernel "
        "differentiates along x_j + t h): d y_4/d x_j = C A^(4-j) B for j = 1..4 (distances 0..3). For "
        "every distance: y_i = r + C P B x_j with P = A^(i-j) and r = sum_{t != j} C A^(i-t) B x_t "
        "free of x_j; the kernel differentiates this with P and r atoms (obligation every-tau), so the "
        "identity holds for every value of P, in particular A^tau for every tau.",
    },
    "thm5.1.part1.bound": {
        "section": "5",
        "reference": "Theorem 5.1, part (1): submultiplicative bound",
        "statement": {
            "latex": "\\|C\\bar A^{\\,\\tau}\\bar B\\|_2\\le\\|C\\|_2\\|\\bar B\\|_2\\|\\bar A\\|_2^{\\,\\tau}",
            "words": "The norm bound for A, B, C of every size and every tau >= 0 (from submultiplicativity, "
            "a hypothesis), and on two exact instances: a contractive one (||A|| = 1/2, exponential decay "
            "2^-tau, tau = 0..30) and a non-normal Jordan block (||A|| >= 6/5, tau = 0..40).",
        },
        "why": "General (implied_inequality, norms as variables; hypotheses: ||X Y|| <= ||X|| ||Y||, a property "
        "of the spectral norm not checked by the kernel): with z = ||A||^tau, the induction step "
        "||A^tau|| <= z and ||A^(tau+1)|| <= ||A^tau|| ||A|| give ||A^(tau+1)|| <= z ||A|| (obligation "
        "power-step; base ||A^0|| = ||I|| = 1 = z_0), and ||C A^tau B|| <= ||C|| ||A^tau B|| <= ||C|| "
        "||B|| z (obligation bound-every-tau). Instances: "
        "||C A^tau B||_2 <= lC lB lA^tau is proved by an exact LDL^T of (lC lB lA^tau)^2 I - J^T J; "
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
            "latex": "\\forall d,r:\\ \\mathbf q_i^\\top\\mathbf k_j=(W_Q\\mathbf u)^\\top W_K\\tfrac{\\gamma}"
            "{\\|\\mathbf a\\|^2}\\mathbf a=\\gamma",
            "words": "In every dimension d, r: with x_i = u and x_j = gamma a/||a||^2 the logit at j equals gamma.",
        },
        "why": "dimension_free_identity (matrix atoms W_Q, W_K of symbolic shape r x d, u in R^d): the kernel's "
        "normal form, valid for matrices of every size, reduces (W_Q u)^T W_K (gamma a/(a^T a)) to gamma, "
        "where a^T a = ||a||^2 != 0 by assumption (10).",
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
            "latex": "\\forall d,r:\\ \\mathbf q_i^\\top\\mathbf k_i=\\mathbf a^\\top\\mathbf u,\\quad \\mathbf "
            "q_i^\\top\\mathbf k_t=0\\ (t\\notin\\{i,j\\})",
            "words": "In every dimension: the logit at i is a^T u; the zero tokens have logit 0.",
        },
        "why": "dimension_free_identity with W_Q, W_K of symbolic shape r x d and u in R^d: (W_Q u)^T W_K u = "
        "(W_K^T W_Q u)^T u = a^T u and (W_Q u)^T W_K 0 = 0 in the kernel's normal form (valid for every size).",
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
            "latex": "\\forall d,r,\\gamma,\\ i\\ge2:\\ \\alpha_{ij}=\\frac{e^\\gamma}{e^\\gamma+e^{\\mathbf "
            "a^\\top\\mathbf u}+(i-2)},\\ 1-\\alpha_{ij}=\\frac{e^{\\mathbf a^\\top\\mathbf u}+i-2}"
            "{e^\\gamma+e^{\\mathbf a^\\top\\mathbf u}+i-2}\\le(e^{\\mathbf a^\\top\\mathbf u}+i-2)"
            "e^{-\\gamma},\\ \\alpha_{ii}=\\frac{e^{\\mathbf a^\\top\\mathbf u}}{e^\\gamma+e^{\\mathbf "
            "a^\\top\\mathbf u}+i-2}",
            "words": "The weights at j and at i, with the logit a^T u at position i counted, and the corrected "
            "bound; in every dimension, for every gamma and every position i >= 2.",
        },
        "why": "dimension_free_identity: the softmax of model (9) at the construction (W_Q, W_K of symbolic shape "
        "r x d, u in R^d, symbolic gamma and m = i - 2 zero tokens) equals the closed forms in the kernel's "
        "normal form (valid in every dimension; exp(0) = 1, exponentials with equal exponents identified). "
        "The bound cleared of G (G + C + m) > 0 (G = e^gamma, C = e^(a^T u)) is a positive combination "
        "with G, C, m >= 0.",
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
            "words": "The product rule for the Jacobian of (9), at a general point, in every dimension d, r, p.",
        },
        "why": "dimension_free_identity (W_Q, W_K in R^{r x d}, V in R^{p x d}, tokens in R^d; the kernel "
        "differentiates along x_j + t h): for i = 3, j = 1, d alpha_it/d x_j = alpha_it (delta_tj - "
        "alpha_ij) W_K^T q_i (t = 1, 2, 3) and d y_i/d x_j = alpha_ij V + sum_t (V x_t)(alpha_it "
        "(delta_tj - alpha_ij) W_K^T q_i)^T, i.e. (13) with the softmax derivatives explicit. For every "
        "number of tokens (obligation dy-dxj-every-i): the tokens t != j enter y_i only through "
        "N = sum_{t != j} e^(s_it) V x_t (an atom in R^p) and R = sum_{t != j} e^(s_it) (a scalar), free "
        "of x_j since j < i; the derivative is alpha V + alpha(1-alpha)(V x_j) g^T - alpha (N/S) g^T with "
        "g = W_K^T q_i, which is the sum in (13) because N/S = sum_{t != j} alpha_it V x_t.",
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
        "the two sides differ; ball arithmetic. The true J compared is the expression that obligation "
        "true-jacobian proves equal to d y_i/d x_j of the literal 1-D model (9) (the kernel differentiates).",
    },
    "thm5.1.eq14.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (14) corrected",
        "statement": {
            "latex": "\\forall d,r,p,\\gamma,\\ i\\ge2:\\ J_{i,j}(X)=\\alpha_{ij}V+\\alpha_{ij}(1-\\alpha_{ij})"
            "(V\\mathbf x_j)\\mathbf a^\\top-\\alpha_{ii}\\alpha_{ij}(V\\mathbf u)\\mathbf a^\\top",
            "words": "The Jacobian at the construction, including the t = i term, in every dimension d, r, p, for "
            "every gamma and every position i >= 2 (alpha's as in eq11.corrected).",
        },
        "why": "dimension_free_identity with wrt = t: for matrix atoms W_Q, W_K (r x d), V (p x d), u and a "
        "direction h in R^d (d, r, p symbolic), the kernel differentiates model (9) at position i along "
        "x_j + t h (x_i = u and the m = i - 2 zero tokens fixed; d/dt exp(s) = exp(s) ds/dt) and checks that "
        "the derivative at t = 0 equals J h in its normal form, which is valid for matrices of every size. "
        "Since h is arbitrary, J is the Jacobian. Denominators: a^T a = ||a||^2 != 0 and sums of exponentials.",
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
        "why": "Kernel-differentiated identities: in s with E_j = e^s and the rest R of the denominator "
        "(free of x_j); in x_j along x_j + t h in every dimension (dimension_free_identity, W_Q, W_K in "
        "R^{r x d}, x_i, x_j, h in R^d).",
    },
    "thm5.1.eq16": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, eq. (16)",
        "statement": {
            "latex": "W_K^\\top\\mathbf q_i=\\mathbf a,\\ \\|\\partial\\alpha_{ij}/\\partial\\mathbf "
            "x_j\\|_2=\\alpha_{ij}(1-\\alpha_{ij})\\|\\mathbf a\\|_2",
            "words": "At the construction W_K^T q_i = a, and the gradient norm is alpha(1-alpha)||a||; in "
            "every dimension.",
        },
        "why": "dimension_free_identity (every d, r): W_K^T W_Q u = a; d alpha_ij/d x_j = alpha(1-alpha) a at "
        "the construction (the kernel differentiates along x_j + t h); ||c a||^2 = (c a)^T (c a) = "
        "c^2 ||a||^2; and c = alpha(1-alpha) = E_j R/S^2 >= 0 because E_j R >= 0 (positive combination).",
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
            "latex": "\\forall d,p,\\gamma\\ge0,\\ i\\ge2:\\ \\|\\alpha_{ij}(1-\\alpha_{ij})(V\\mathbf x_j)"
            "\\mathbf a^\\top\\|_2\\le\\|V\\|_2\\gamma(e^{\\mathbf a^\\top\\mathbf u}+i-2)e^{-\\gamma},\\ "
            "\\|\\alpha_{ii}\\alpha_{ij}(V\\mathbf u)\\mathbf a^\\top\\|_2\\le\\|V\\|_2\\|\\mathbf u\\|_2"
            "\\|\\mathbf a\\|_2e^{\\mathbf a^\\top\\mathbf u}e^{-\\gamma}",
            "words": "Bounds on both score terms of the corrected (14), in every dimension, every gamma >= 0 and "
            "every position i >= 2.",
        },
        "why": "implied_inequality, norms as variables (nB = ||alpha(1-alpha)(V x_j) a^T||, nBo = ||(V x_j) a^T||, "
        "nVxj = ||V x_j||, nxj = ||x_j||, nV, na, nu, likewise nD, nDo, nVu for the t = i term; G = e^gamma, "
        "C = e^(a^T u), m = i - 2). Hypotheses (properties of the spectral norm for matrices of every size, "
        "not checked by the kernel): homogeneity ||c X|| = |c| ||X|| with the coefficients alpha(1-alpha) = "
        "G(C+m)/S^2 and alpha_ii alpha = C G/S^2 of eq14.corrected (S = G + C + m); ||x y^T|| = ||x|| ||y||; "
        "||V x|| <= ||V|| ||x||; ||x_j|| ||a|| = gamma (x_j = gamma a/||a||^2, gamma >= 0). The kernel checks "
        "a Positivstellensatz certificate: S^2 times each claim is a combination of the hypotheses with "
        "nonnegative products of the nonnegative variables.",
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
        "1/4: |J| is below the right side; ball arithmetic. J is the expression that obligation "
        "true-jacobian proves equal to d y_i/d x_j of the literal 1-D model (9).",
    },
    "thm5.1.reverse-triangle.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, reverse triangle step corrected",
        "statement": {
            "latex": "\\forall d,r,p,\\gamma\\ge0,\\ i\\ge2:\\ \\|J_{i,j}(X)\\|_2\\ge\\|V\\|_2\\bigl(1-"
            "((1+\\gamma)(e^{\\mathbf a^\\top\\mathbf u}+i-2)+e^{\\mathbf a^\\top\\mathbf u}\\|\\mathbf "
            "u\\|_2\\|\\mathbf a\\|_2)e^{-\\gamma}\\bigr)",
            "words": "The lower bound from the corrected (14) and (17), in every dimension, every gamma >= 0 and "
            "every position i >= 2; the corrected sufficient condition is therefore "
            "((1+gamma)(e^(a^T u)+i-2) + e^(a^T u)||u|| ||a||) e^-gamma <= eps/||V||.",
        },
        "why": "Obligation jacobian (as in eq14.corrected, every dimension) proves J = alpha V + "
        "alpha(1-alpha)(V x_j)a^T - alpha_ii alpha (V u)a^T. Obligation bound (implied_inequality, norms as "
        "variables nJ = ||J||, nA = ||alpha V||, nB, nD, ... as in eq17.corrected; G = e^gamma, C = e^(a^T u), "
        "m = i - 2) derives G nJ >= nV (G - (1+gamma)(C+m) - C nu na) from hypotheses that are properties of "
        "the spectral norm for matrices of every size (not checked by the kernel): the triangle inequality "
        "||X + Y - Z|| >= ||X|| - ||Y|| - ||Z|| for that decomposition of J, homogeneity with alpha = G/S, "
        "||x y^T|| = ||x|| ||y||, ||V x|| <= ||V|| ||x||, ||x_j|| ||a|| = gamma (gamma >= 0). Certificate: "
        "G S^2 times the claim is a combination of the hypotheses plus nonnegative products.",
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
        "n denotes the position i. The J of each reading is the expression that obligations true-jacobian "
        "(1-D) and true-jacobian-2d-pk (each entry, the same strings as in ||J||_F) prove equal to the "
        "derivative of the literal model (9).",
    },
    "thm5.1.gamma-choice.corrected": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), proof, choice of gamma corrected",
        "statement": {
            "latex": "\\gamma=2\\log\\Bigl(1+\\tfrac{\\|V\\|_2}{\\varepsilon}\\bigl(4(e^{\\mathbf a^\\top"
            "\\mathbf u}+i-2)+2e^{\\mathbf a^\\top\\mathbf u}\\|\\mathbf u\\|_2\\|\\mathbf a\\|_2\\bigr)\\Bigr)"
            "\\ \\Rightarrow\\ \\gamma\\ge0,\\ ((1+\\gamma)(e^{\\mathbf a^\\top\\mathbf u}+i-2)+e^{\\mathbf "
            "a^\\top\\mathbf u}\\|\\mathbf u\\|\\|\\mathbf a\\|)e^{-\\gamma}\\le\\varepsilon/\\|V\\|_2\\ "
            "(\\forall i\\ge2,\\ \\varepsilon>0)",
            "words": "An explicit gamma(i, eps, ||u||, ||a||, ||V||, a^T u) meets the corrected sufficient "
            "condition for every position i >= 2 and every eps > 0 (and is >= 0); on the instance that refutes "
            "the printed choice, gamma = 13 also meets it and gives |J| >= ||V|| - eps.",
        },
        "why": "implied_inequality with m = i - 2 >= 0 a real variable (so every i >= 2 at once, no sweep), T = "
        "e^(gamma/2), G = e^gamma, C = e^(a^T u); the choice of gamma is the hypothesis eps T = eps + nV(4(C+m) "
        "+ 2 C nu na); nV, nu, na >= 0 and eps > 0 are hypotheses; the only facts of exp used are built into "
        "the kernel kind: T >= 1 + gamma/2 and T(1 - gamma/2) <= 1 (instances of e^y >= 1 + y) and G = T^2. "
        "Condition: eps times (eps G - nV((1+gamma)(C+m) + C nu na)) is a combination of them with nonnegative "
        "products; gamma >= 0: eps T gamma likewise. Instance (u = 3, i = 2, eps = 1/2, gamma = 13): condition "
        "and |J| >= 1/2 checked in ball arithmetic, J being the 1-D expression that obligation true-jacobian "
        "proves to be d y_i/d x_j of the literal model (9), at these values.",
    },
    "thm5.1.conclusion": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), conclusion",
        "statement": {
            "latex": "\\forall d,r,p,\\ \\forall W_Q,W_K,V,\\mathbf u\\ (\\mathbf a\\ne0),\\ \\forall i\\ge2,"
            "\\ \\varepsilon>0:\\ \\gamma=2\\log\\Bigl(1+\\tfrac{\\|V\\|_2}{\\varepsilon}\\bigl(4(e^{\\mathbf "
            "a^\\top\\mathbf u}+i-2)+2e^{\\mathbf a^\\top\\mathbf u}\\|\\mathbf u\\|_2\\|\\mathbf a\\|_2\\bigr)"
            "\\Bigr)\\Rightarrow\\|J_{i,j}(X)\\|_2\\ge\\|V\\|_2-\\varepsilon",
            "words": "Theorem 5.1 (2), corrected proof: in every dimension d, r, p, for every position i >= 2 (any "
            "j < i, so every distance) and every eps > 0, the construction with this gamma has "
            "||J_ij(X)|| >= ||V|| - eps.",
        },
        "why": "Obligation jacobian proves J_ij(X) = alpha V + alpha(1-alpha)(V x_j)a^T - alpha_ii alpha (V u)a^T "
        "in every dimension (dimension_free_identity, as in eq14.corrected). Obligation gamma-nonneg proves "
        "gamma >= 0 for this gamma (as in gamma-choice.corrected), which the fact ||x_j|| ||a|| = gamma needs. "
        "Obligation bound (implied_inequality) derives nJ - nV + eps >= 0 from: the spectral-norm facts of "
        "reverse-triangle.corrected (hypotheses: properties of the norm for matrices of every size, not "
        "checked by the kernel), the choice of gamma (eps T = eps + nV(4(C+m) + 2 C nu na), T = e^(gamma/2)), "
        "and the kernel's built-in facts of exp; m = i - 2 >= 0 is a real variable, so no sweep over i. The "
        "certificate: eps G^2 S^2 times the claim = eps (the reverse-triangle certificate) + G S^2 (the "
        "gamma-choice certificate) in one checked identity.",
    },
    "thm5.1.conclusion.instance": {
        "section": "5",
        "reference": "Theorem 5.1, part (2), conclusion (scalar instance, smaller gamma)",
        "statement": {
            "latex": "W_Q=W_K=V=\\mathbf u=1,\\ \\gamma=2+\\log(i/\\varepsilon):\\ "
            "|J_{i,1}(X)|\\ge\\|V\\|_2-\\varepsilon\\ \\ (i-1=1,\\dots,10^6,\\ "
            "\\varepsilon\\in\\{1/10,1/100\\})",
            "words": "One scalar instance only (d = r = p = 1, W_Q = W_K = V = u = 1, j = 1, eps = 1/10 and "
            "1/100, every distance 1 .. 10^6): the smaller gamma = 2 + log(i/eps) also gives |J| >= ||V|| - "
            "eps, although it does not meet the corrected sufficient condition (kernel-checked at i = 10^6 + 1, "
            "left side about 2.6 eps; in float64 the left side is >= 1.13 eps at eps = 1/10 and >= 1.47 eps at "
            "eps = 1/100 at every i >= 2, already 1.29 eps and 1.71 eps at i = 2, not kernel-checked).",
        },
        "why": "An instance, not the theorem (thm5.1.conclusion is the general statement): the kernel "
        "differentiates the literal 1-D model (9) (obligation jacobian) to the closed form "
        "(1 + r(1+g) - c)/(1+r)^2 with r = (e + i - 2)/e^g, c = e/e^g, then evaluates it in arb balls with "
        "g = 2 + log(i/eps) and i a real variable over pieces covering [2, 10^6 + 1] (hence every integer "
        "i, j = 1). At i = 10^6 + 1, eps = 1/10 the corrected sufficient condition has left side about "
        "2.6 eps > eps (obligation condition-not-met): the bound holds here because the score term "
        "alpha(1-alpha) gamma is positive and helps, not because of the sufficient condition. The range "
        "is finite because ball evaluation covers a bounded box.",
    },
}
