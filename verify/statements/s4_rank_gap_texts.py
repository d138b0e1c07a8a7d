"""Texts of the Section 4.1 statements (Theorem 4.2, its proof steps, Remark 4.3), for s4_rank_gap.py."""

from __future__ import annotations

__all__ = ["TEXTS"]

TEXTS = {
    "thm4.2.step1": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 1",
        "statement": {
            "latex": (
                "\\bar A=\\begin{pmatrix}0&-1\\\\1&0\\end{pmatrix},\\ \\bar B=C=I_2:\\quad W(0)=I_2,\\ W(1)=\\bar A,\\ "
                "W(0)\\not\\parallel W(1)"
            ),
            "words": (
                "The target SSM is the 90-degree rotation with B = C = I; its impulse responses W(0) = I and W(1) = "
                "A are not collinear."
            ),
        },
        "why": (
            "W(tau) = C A^tau B evaluated exactly at tau = 0, 1; the rows vec W(0), vec W(1) have rank 2, so "
            "neither is a multiple of the other. A^T A = I and A^4 = I show A is a rotation by 90 degrees."
        ),
    },
    "thm4.2.step2": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 2",
        "statement": {
            "latex": "X=[e_1,0,\\dots,0]:\\quad \\|X\\|_F=1,\\quad y_1=W(0)x_1=e_1,\\quad y_2=W(1)x_1+W(0)x_2=e_2\\quad(n\\ge 2)",
            "words": (
                "On the one-token input X = [e1, 0, ..., 0] (unit Frobenius norm for every n), the SSM's first two "
                "outputs are e1 and e2."
            ),
        },
        "why": (
            "z counts the n - 1 zero columns of X, so the norm identity holds for every n >= 2; the outputs are "
            "exact matrix products."
        ),
    },
    "thm4.2.eq4": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 3, eq. (4)",
        "statement": {
            "latex": (
                "\\hat y_1=\\alpha_{11}Ve_1,\\ \\hat y_2=\\alpha_{21}Ve_1:\\quad \\|y_1-\\hat y_1\\|^2+\\|y_2-\\hat "
                "y_2\\|^2=\\|e_1-av\\|^2+\\|e_2-bv\\|^2,\\ v=Ve_1"
            ),
            "words": (
                "On that input any single-head factorized model outputs a*v and b*v with v = V e1 (terms with x_j = "
                "0 vanish), so the squared error of the first two steps is ||e1 - a v||^2 + ||e2 - b v||^2."
            ),
        },
        "why": (
            "c stands for any alpha_ij with j >= 2: its term c V x_j is zero because x_j = 0, for every n. The "
            "error identity is in the entries of an arbitrary V and arbitrary a = alpha_11, b = alpha_21."
        ),
    },
    "thm4.2.step4.v0": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 4 (case v = 0)",
        "statement": {
            "latex": "v=0:\\quad \\|e_1-av\\|^2+\\|e_2-bv\\|^2=2\\quad\\forall a,b",
            "words": "If v = 0 the error (4) equals 2 whatever a and b are.",
        },
        "why": "Polynomial identity in a, b with v = 0 substituted.",
    },
    "thm4.2.step4.projection": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 4 (projection onto L = span{v})",
        "statement": {
            "latex": (
                "v\\ne0,\\ P_L=\\tfrac{vv^\\top}{\\|v\\|^2}:\\ "
                "\\inf_a\\|e_i-av\\|^2=\\mathrm{dist}(e_i,L)^2=\\|(I-P_L)e_i\\|^2=1-\\|P_Le_i\\|^2=1-\\tfrac{v_i^2}{\\|v\\|^2}"
            ),
            "words": (
                "For v != 0, minimizing over the scalar is projecting onto L: the infimum is the squared distance 1 "
                "- ||P_L e_i||^2 = 1 - v_i^2/||v||^2, attained at a = v_i/||v||^2."
            ),
        },
        "why": (
            "Each line is multiplied by s = ||v||^2 > 0 (or s^2) to clear denominators: the sum of squares shows "
            "the lower bound for all a, the attained point shows it is the infimum, the Pythagoras identity is "
            "||(I-P_L)e_i||^2 = 1 - ||P_L e_i||^2 scaled by s^2."
        ),
    },
    "thm4.2.step4.trace": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 4 (trace of the projector)",
        "statement": {
            "latex": "\\|P_Le_1\\|^2+\\|P_Le_2\\|^2=\\mathrm{tr}(P_L)=1",
            "words": (
                "The squared norms of the projections of e1 and e2 add up to the trace of P_L, which is 1 for a "
                "rank-one orthogonal projector."
            ),
        },
        "why": (
            "With s = ||v||^2 and s P_L = v v^T: s^2 (||P_L e1||^2 + ||P_L e2||^2) = s * tr(s P_L), and tr(s "
            "P_L) = v1^2 + v2^2 = s."
        ),
    },
    "thm4.2.eq5": {
        "section": "4.1",
        "reference": "Theorem 4.2, proof, Step 4, eq. (5)",
        "statement": {
            "latex": (
                "\\forall v\\in\\mathbb R^2\\setminus\\{0\\}:\\ \\inf_{a,b\\in\\mathbb "
                "R}\\big(\\|e_1-av\\|_2^2+\\|e_2-bv\\|_2^2\\big)=1"
            ),
            "words": "For every nonzero v in R^2 the infimum over a and b of the two-step error is exactly 1.",
        },
        "why": (
            "The sum of squares (1 - a v1 - b v2)^2 + (a v2 - b v1)^2 shows error - 1 >= 0 for all real a, b, v; "
            "the point a = v1/||v||^2, b = v2/||v||^2 reaches it for every v != 0."
        ),
    },
    "thm4.2": {
        "section": "4.1",
        "reference": "Theorem 4.2 (conclusion, Step 5)",
        "statement": {
            "latex": "\\forall n\\ge2:\\ \\inf_{f\\in\\mathcal M_{\\mathrm{Fact}}}\\|F-f\\|_\\infty\\ \\ge\\ 1",
            "words": (
                "For every sequence length n >= 2, every single-head factorized model is at uniform distance at "
                "least 1 from the rotation SSM."
            ),
        },
        "why": (
            "X = [e1, 0, ..., 0] is feasible (||X||_F = 1 for every n), so ||F - f||_inf^2 >= ||F(X) - "
            "f(X)||_F^2 = error(a, b, v) + R with R = sum_{i>=3} ||y_i - yhat_i||^2 >= 0 (an atom, any n). The "
            "sum of squares shows error + R - 1 >= 0 for all real a, b, v (v = 0 included) and R >= 0; since f "
            "was arbitrary the infimum over f is >= 1."
        ),
    },
    "rem4.3": {
        "section": "4.1",
        "reference": "Remark 4.3 (every d >= 2)",
        "statement": {
            "latex": (
                "\\forall d\\ge2,\\ n\\ge2:\\ \\bar A_d=\\bar A\\oplus I_{d-2}\\ \\Rightarrow\\ \\inf_{f\\in\\mathcal "
                "M_{\\mathrm{Fact}}}\\|F_d-f\\|_\\infty\\ge1"
            ),
            "words": (
                "Embedding the rotation in the first two coordinates of R^d keeps the impulse responses "
                "non-collinear and the uniform gap at least 1, for every d >= 2 and n >= 2."
            ),
        },
        "why": (
            "The leading 2x2 blocks of W(0) and W(1) are I and A (rank 2 as vectors), so W(0), W(1) are not "
            "collinear; A_d e1 = (A e1, 0) = e2. For v in R^d write w = v3^2 + ... + vd^2 >= 0: the error is the "
            "d = 2 error plus (a^2 + b^2) w, and the sum of squares with atoms w, R >= 0 proves error + R - 1 >= "
            "0 for every d."
        ),
    },
    "rem4.3.eq5-general": {
        "section": "4.1",
        "reference": "Remark 4.3 with eq. (5) in dimension d",
        "statement": {
            "latex": (
                "\\forall d\\ge2,\\ v\\in\\mathbb R^d\\setminus\\{0\\}:\\ "
                "\\inf_{a,b}\\big(\\|e_1-av\\|^2+\\|e_2-bv\\|^2\\big)=2-\\frac{v_1^2+v_2^2}{\\|v\\|^2}\\ \\ge 1"
            ),
            "words": (
                "In dimension d the infimum of the two-step error is 2 - (v1^2 + v2^2)/||v||^2: at least 1, and "
                "equal to 1 (eq. (5)) exactly when v lies in span{e1, e2}."
            ),
        },
        "why": (
            "With w = v3^2 + ... + vd^2 and s = ||v||^2 = v1^2 + v2^2 + w: s * error - (2 s - v1^2 - v2^2) = (a "
            "s - v1)^2 + (b s - v2)^2 >= 0, attained at a = v1/s, b = v2/s; and (2 s - v1^2 - v2^2) - s = w >= 0."
        ),
    },
    "rem4.3.non-collinear": {
        "section": "4.1",
        "reference": "Remark 4.3, 'the impossibility for single-head factorized models already follows from the "
        "existence of two non-collinear impulse-response operators' (any p, d)",
        "statement": {
            "latex": (
                "\\forall m,p,d,\\ (\\bar A,\\bar B,C),\\ \\|x\\|=1,\\ \\tau_1<\\tau_2<n:\\ "
                "\\inf_{f\\in\\mathcal M_{\\mathrm{Fact}}}\\|F-f\\|_\\infty^2\\ \\ge\\ "
                "\\lambda_{\\min}\\big(\\mathrm{Gram}(W(\\tau_1)x,W(\\tau_2)x)\\big)"
                "=\\tfrac{a+b-\\sqrt{(a-b)^2+4c^2}}{2}\\ \\ge\\ \\tfrac{ab-c^2}{a+b}"
            ),
            "words": (
                "The two bounds below are certified in every dimension (inner products as atoms); the case split "
                "between them is a standard argument, not kernel-checked. For an SSM of any dimensions m, d, p, a "
                "unit token x in R^d and two lags tau1 < tau2 < n, every single-head factorized model f satisfies ||F - f||_inf^2 >= "
                "lambda_min of the Gram matrix of W(tau1) x and W(tau2) x, that is (a + b - sqrt((a - b)^2 + "
                "4 c^2))/2 with a = ||W(tau1) x||^2, b = ||W(tau2) x||^2, c = <W(tau1) x, W(tau2) x>; this is "
                ">= (ab - c^2)/(a + b), positive exactly when W(tau1) x and W(tau2) x are not collinear (if some x "
                "separates them, one among e_k and (e_k + e_l)/sqrt(2) does). When no "
                "token separates two non-collinear operators, both map into one line: W(tau1) = u a^T, "
                "W(tau2) = u b^T with ||u|| = 1, and ||F - f||_inf^2 >= lambda_min(Gram(a, b)) > 0, the smallest "
                "eigenvalue of their Frobenius Gram matrix. The rotation (x = e1: a = b = 1, c = 0) gives "
                "Theorem 4.2's gap 1."
            ),
        },
        "why": (
            "separating-token (psd_certificate, atoms for every dimension p): on X = [x, 0, ..., 0] (||X||_F = 1) "
            "the model outputs alpha_i1(X) V x, so ||F - f||^2 >= ||F(X) - f(X)||^2 = E + R with E = ||w0 - a_ "
            "v||^2 + ||w1 - b_ v||^2 (w0 = W(tau1) x, w1 = W(tau2) x, v = V x, a_, b_ the two weights) and R >= 0 "
            "the other outputs. With the inner products of w0, w1, v as atoms (their Gram matrix PSD: the only "
            "fact about vectors used) the kernel checks (a_^2 + b_^2)(E + R - g) = y^T (G - g I) y + z^T Gram z + "
            "(a_^2 + b_^2) R with y = (b_, -a_), z = (a_, b_, -(a_^2 + b_^2)), so E + R >= g for every g with G - "
            "g I PSD, g = lambda_min(G) included (the multiplier vanishes only at a_ = b_ = 0; continuity). "
            "rational-gap: (a + b) y^T (G - g* I) y = (a y0 + c y1)^2 + (c y0 + b y1)^2 for g* = (ab - c^2)/(a + "
            "b), so G - g* I is PSD and g* <= lambda_min. common-range: take x in span{a, b} with (V^T u) . x = "
            "0 and ||x|| = 1 (a plane meets a hyperplane): the model's outputs on X have no component along u, "
            "so the error is >= (a . x)^2 + (b . x)^2 = |H z|^2 with H = Gram(a, b), x = z0 a + z1 b, z^T H z = "
            "1; the kernel checks |H z|^2 - g z^T H z = |K z|^2 + g z^T K z with K = H - g I PSD and g >= 0. "
            "rotation-instance: W(0) e1 = e1, W(1) e1 = e2 for the 90-degree rotation, so G = I and g = 1. Not "
            "kernel-checked (a few lines each, standard): the model's form on a one-token input, and the "
            "dichotomy: if W(tau1) x || W(tau2) x for every x and rank W(tau1) >= 2, then W(tau2) x = lambda(x) "
            "W(tau1) x with lambda constant (compare x, y and x + y with independent images), so two "
            "non-collinear operators without a separating token both have rank one and a common image line; and "
            "W(tau1) x || W(tau2) x is a system of quadratic forms in x, and a quadratic form that vanishes at "
            "every e_k and e_k + e_l is zero, so a separating x exists among those when one exists. "
            "Remark, not kernel-checked: the Frobenius Gram bound is not valid in general: W(0) = I, W(1) = diag(1, -1), W(tau >= 2) = 0 "
            "is approximated by V = I within 1 < sqrt(2) = sqrt(lambda_min) of its Frobenius Gram matrix."
        ),
    },
}
