"""The texts of the Section 4.2 statements (Theorem 4.4, condition (7), footnote 2), verbatim.

The built-in instances share one explanation (`WHY_HEADS`); their words are the hand-worked account of
k, n_min and r recorded with each instance in s4_heads_instances.py (`Instance.why`).
"""

from __future__ import annotations

from verify.statements.s4_heads_instances import Instance

__all__ = [
    "TEXTS",
    "EXPERIMENT_I",
    "WHY_CONDITION7",
    "WHY_HEAD_COUNT",
    "WHY_NECESSITY",
    "WHY_SUFFICIENCY",
    "WHY_HEADS",
    "instance_text",
]

# The built-in SSMs that are the teachers of Experiment I (Section 6.1).
EXPERIMENT_I = ("exp1-k2", "exp1-k4", "exp1-k8")
WHY_HAND = "k, n_min and r are worked out by hand in the words above and frozen here."

# Why condition (7) and k are what the certificate says (the ssm_condition7 obligation).
WHY_CONDITION7 = (
    "The kernel checks sum_j p_j A^j = 0 exactly for the monic annihilator p of degree d <= m, so "
    "sum_{j<=d} p_j W(tau+j) = C A^tau p(A) B = 0, i.e. W(tau+d) = -sum_{j<d} p_j W(tau+j), and "
    "S_target = span{W(0..d-1)} by induction on tau. It recomputes W(0..d-1) = C A^tau B, checks W(tau) "
    "= sum_h c_{tau,h} W(t_h) for tau < d and a nonzero k x k minor of the rows vec W(t_h): the W(t_h) "
    "are a basis of S_target, so k = dim S_target. Rank is monotone in n; c_{tau,k} = 0 for tau < t_k "
    "puts W(0..t_k-1) in a (k-1)-dimensional span, so (7) fails for n <= t_k and holds for n >= t_k + 1 "
    "= n_min (n_min = 1 when k = 0). Nothing is found by watching the rank stop growing (it can stall "
    "and grow again). A witness without an annihilator (full span) must name k = p*d_in lags, which the "
    "kernel compares with the goal's B and C: k independent W(t_h) then span every p x d_in matrix, hence "
    "S_target, so k = dim S_target, and only W(0..t_k) are recomputed (d = t_k + 1 above)."
)
# Why at least k heads are needed, given condition (7) at n (the ssm_heads_necessary obligation).
WHY_HEAD_COUNT = (
    "Exact representation on length n forces K_ij = W(i-j) for i >= j (paper, Part I). The kernel "
    "certifies that (7) holds at n (n >= n_min) and exhibits k lags t_h < n with W(t_h) linearly "
    "independent. Each W(t_h) = K_{t_h+1,1} = sum_h alpha V^(h) lies in S_MH = span{V^(1..H)}, which "
    "has dimension <= H; k independent vectors in it force H >= k. So for every H < k, no H value "
    "matrices span S_target. The last step is the paper's dimension count (linear algebra over the "
    "field of the entries), stated here, not re-checked."
)
WHY_NECESSITY = WHY_CONDITION7 + " " + WHY_HEAD_COUNT
# Why the paper's k-head construction is exact on length n (the ssm_heads_sufficient obligation).
WHY_SUFFICIENCY = (
    "Same witness as (7). c_{tau,.} for tau >= d are defined by the recurrence of the annihilator; both "
    "sides of (8) satisfy it and agree for tau < d (checked), so W(tau) = sum_h c_{tau,h} M_h for every "
    "tau >= 0 (induction). With V^(h) = M_h, A^(h)_ij = c_{i-j,h} for i >= j and 0 above, phi^(h)(i) = "
    "e_i, psi^(h)(j) = A^(h)[:, j], one has alpha^(h)_ij = e_i^T A^(h)[:, j] = A^(h)_ij by definition, "
    "so K_ij = sum_h c_{i-j,h} M_h = W(i-j) (i >= j) and 0 (i < j) for all i, j <= n; no n^2 products "
    "are needed. Rank refinement: the kernel checks c_{tau,h} = 0 for tau < z_h and c_{z_h,h} != 0, so "
    "A^(h) = S^{z_h} U_h with S the down-shift and U_h lower-triangular Toeplitz with nonzero diagonal "
    "c_{z_h,h}: rank A^(h) = max(0, n - z_h), P = [e_{z_h}..e_{n-1}], Q^T = the first n - z_h rows of "
    "U_h, and r = max_h rank A^(h) <= n. Heads h > k (H > k): V^(h) = 0. Full-span witness: the M_h are "
    "a basis of all p x d_in matrices, so c_{tau,.} are the unique coordinates of W(tau) and (8) holds "
    "for every tau by definition; c_{t_h,h} = 1 gives z_h <= t_h <= t_k, inside the checked rows."
)
WHY_HEADS = WHY_NECESSITY + " " + WHY_SUFFICIENCY

TEXTS = {
    "eq7": {
        "section": "4.2",
        "reference": "Theorem 4.4, condition (7) (smallest n)",
        "statement": {
            "latex": "k=\\dim\\mathrm{span}\\{\\mathcal W(\\tau):\\tau\\ge0\\},\\quad n_{\\min}=\\min\\{n:\\ "
            "\\mathrm{span}\\{\\mathcal W(0),\\dots,\\mathcal W(n-1)\\}=\\mathrm{span}\\{\\mathcal "
            "W(\\tau):\\tau\\ge0\\}\\}",
            "words": "For the SSM (A, B, C) the interaction rank is k, and condition (7) holds exactly for "
            "the lengths n >= n_min.",
        },
        "why": WHY_CONDITION7,
    },
    "thm4.4.necessity": {
        "section": "4.2",
        "reference": "Theorem 4.4 (Necessity), proof Part I",
        "statement": {
            "latex": "(7)\\text{ at }n\\ \\wedge\\ \\hat y=y\\text{ on length }n\\ \\Rightarrow\\ H\\ge k",
            "words": "For the SSM (A, B, C), condition (7) holds at length n, and any H-head factorized "
            "model (6) that represents it exactly on length-n sequences has H >= k: for every H < "
            "k, no H value matrices span S_target.",
        },
        "why": WHY_NECESSITY,
    },
    "thm4.4.sufficiency": {
        "section": "4.2",
        "reference": "Theorem 4.4 (Sufficiency), proof Part II, eq. (8)",
        "statement": {
            "latex": "H\\ge k\\ \\Rightarrow\\ \\exists V^{(h)},\\phi^{(h)},\\psi^{(h)}:\\ K_{ij}=\\mathcal "
            "W(i-j)\\mathbf 1_{i\\ge j}\\ \\forall i,j\\le n,\\quad "
            "r=\\max_h\\mathrm{rank}A^{(h)}\\le n",
            "words": "For the SSM (A, B, C) and length n, the paper's k-head construction (V^(h) = M_h, "
            "lower-triangular Toeplitz A^(h)_ij = c_{i-j,h}, phi = e_i, psi = columns) represents "
            "the SSM exactly on length n, and its rank-refined factorization has head dimension r = "
            "max_h rank A^(h) <= n.",
        },
        "why": WHY_SUFFICIENCY,
    },
    "thm4.4.heads": {
        "section": "4.2",
        "reference": "Theorem 4.4 and condition (7) for a user's SSM (verify heads)",
        "statement": {
            "latex": "k=\\dim\\mathrm{span}\\{\\mathcal W(\\tau):\\tau\\ge0\\},\\quad n_{\\min}=\\min\\{n:\\ "
            "\\mathrm{span}\\{\\mathcal W(0),\\dots,\\mathcal W(n-1)\\}=\\mathrm{span}\\{\\mathcal "
            "W(\\tau):\\tau\\ge0\\}\\};\\ (7)\\text{ at }n\\ \\wedge\\ \\hat y=y\\text{ on length "
            "}n\\ \\Rightarrow\\ H\\ge k;\\ H\\ge k\\ \\Rightarrow\\ \\exists "
            "V^{(h)},\\phi^{(h)},\\psi^{(h)}:\\ K_{ij}=\\mathcal W(i-j)\\mathbf 1_{i\\ge j}\\ "
            "\\forall i,j\\le n,\\quad r=\\max_h\\mathrm{rank}A^{(h)}\\le n",
            "words": "For the SSM (A, B, C) and length n >= n_min: the interaction rank is k, condition (7) "
            "holds exactly for n >= n_min, at least k heads are necessary, and the paper's k-head "
            "construction represents the SSM exactly on length n with head dimension r <= n.",
        },
        "why": WHY_HEADS,
    },
    "fn2": {
        "section": "4.2",
        "reference": "Section 4.2, footnote 2 (non-causal variant)",
        "statement": {
            "latex": "\\alpha^{(h)}_{ij}=\\langle e_i,A^{(h)}_{:,j}\\rangle=A^{(h)}_{ij}\\ \\forall "
            "i,j:\\quad \\sum_{j=1}^n\\sum_h\\alpha^{(h)}_{ij}V^{(h)}x_j=\\sum_{j=1}^nK_{ij}x_j,\\ "
            "K_{ij}=\\sum_hA^{(h)}_{ij}M_h",
            "words": "Dropping the causal mask and summing over all j = 1..n, the features phi(i) = e_i and "
            "psi(j) = A^(h)[:, j] of full (not triangular) coefficient matrices reproduce any "
            "kernel K_ij = sum_h A^(h)_ij M_h, including the pairs i < j.",
        },
        "why": "Entrywise polynomial identities in symbolic full coefficient matrices A^(h) (3 x 3), basis "
        "matrices M_h (2 x 2) and tokens x_j for H = 2, n = 3, p = d = 2, with e_i written out; "
        "they cover every i (so every pair i < j). The head-count argument (Part I) uses only K_ij "
        "in S_MH, which does not depend on the mask.",
    },
    "eq7.needed": {
        "section": "4.2",
        "reference": "Theorem 4.4, hypothesis (7) of the necessity part",
        "statement": {
            "latex": "\\text{stall SSM: }k=2,\\ n_{\\min}=3;\\ n=2:\\ K_{ij}=\\alpha_{ij}V,\\ V=\\mathcal "
            "W(0),\\ \\alpha=I_2\\ (H=1<k)",
            "words": "Hypothesis (7) cannot be dropped from the necessity part: for the stall SSM (A the 3x3 "
            "nilpotent shift, B = e1, C = [e1; e3]^T), k = 2 and (7) first holds at n = 3, yet on "
            "length n = 2 a single head (V = W(0), alpha_ij = 1 if i = j else 0, phi = psi = e_i) "
            "represents it exactly.",
        },
        "why": "condition7 certifies k = 2 and n_min = 3 (so (7) fails at n = 2). The four matrix "
        "identities are the blocks K_11 = W(0), K_21 = W(1) (= 0), K_22 = W(0) and K_12 = 0 of the "
        "length-2 map, each equal to alpha_ij V with one value matrix V. So H = 1 < k = 2 heads "
        "suffice at n = 2: the paper's necessity needs (7), as it assumes.",
    },
}


def instance_text(inst: Instance) -> dict:
    """The texts of thm4.4.<instance>: its dimensions, hand-worked k, n_min, r and the shared explanation."""
    m, p, d = len(inst.A), len(inst.C), len(inst.B[0])
    if inst.name in EXPERIMENT_I:
        reference = "Theorem 4.4 for a Section 6.1-style rotation teacher (not the exp.fig3 teacher)"
    else:
        reference = f"Theorem 4.4 and condition (7), built-in SSM '{inst.name}'"
    latex = (
        f"m={m},\\ p={p},\\ d={d}:\\quad k={inst.k},\\ n_{{\\min}}={inst.n_min};\\ n={inst.n}:\\ "
        f"H\\ge {inst.k}\\text{{ necessary}},\\ {inst.k}\\text{{ heads with }}r={inst.r}\\text{{ suffice}}"
    )
    words = (
        f"{inst.why} At n = {inst.n}: at least {inst.k} heads are necessary and the paper's {inst.k}-head "
        f"construction with head dimension r = {inst.r} represents the SSM exactly."
    )
    statement = {"latex": latex, "words": words}
    return {"section": "4.2", "reference": reference, "statement": statement, "why": f"{WHY_HAND} {WHY_HEADS}"}
