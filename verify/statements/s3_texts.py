"""The texts of Section 3's statements (verify/kernel/specs/s3_framework.json), verbatim."""

from __future__ import annotations

__all__ = ["TEXTS"]

TEXTS = {
    "def3.1.matrix-form": {
        "section": "3.1",
        "reference": "Eq. (1) and Definition 3.1 (output equation and matrix form)",
        "statement": {
            "latex": "\\mathcal W_{ij}=A_{ij}V:\\quad y_i=\\sum_j\\mathcal W_{ij}x_j=\\sum_j A_{ij}(Vx_j),\\qquad Y=VXA^\\top",
            "words": (
                "With W_ij = A_ij V, Eq. (1) gives y_i = sum_j A_ij (V x_j), and stacking the outputs gives Y = V X "
                "A^T."
            ),
        },
        "why": (
            "Symbolic A (3x3), V (2x2), X (2x3). Each matrix identity M1 = M2 is stated as sum_{a,i} L_ai (M1 - "
            "M2)_ai = 0 identically in the free test matrix L, which holds iff every entry agrees."
        ),
    },
    "sec3.1.1.mlp": {
        "section": "3.1.1",
        "reference": "Section 3.1.1, MLP",
        "statement": {
            "latex": "f_\\theta=\\delta_{ij}:\\quad y_i=\\sum_j\\delta_{ij}Vx_j=Vx_i,\\qquad Y=VXI=VX",
            "words": (
                "With the Kronecker delta as weight, the framework's output is V x_i for each token, and Y = V X I = "
                "V X."
            ),
        },
        "why": "Symbolic V (2x2), X (2x3); identities paired with a free test matrix L.",
    },
    "sec3.1.1.cnn": {
        "section": "3.1.1",
        "reference": "Section 3.1.1, CNN (change of variable k = i - j, Toeplitz form)",
        "statement": {
            "latex": (
                "f_\\theta=c_{i-j}\\,[|i-j|\\le r]:\\quad \\sum_{|i-j|\\le r}c_{i-j}Vx_j=\\sum_{k=-r}^{r}c_k\\,Vx_{i-k}\\ "
                "(x_{i-k}=0\\text{ outside }1..n),\\qquad Y=VXC_{\\mathrm{Toeplitz}}^\\top"
            ),
            "words": (
                "The banded shift-invariant weights give the 1D convolution of VX with kernel (c_-r..c_r) (zero "
                "padding at the ends) and the matrix form Y = V X C_Toeplitz^T, (C_Toeplitz)_ij = c_{i-j} on the "
                "band."
            ),
        },
        "why": (
            "n = 4, r = 1, d = p = 2, symbolic kernel c_-1, c_0, c_1 (cm1, c0, cp1), V, X. The change of "
            "variable keeps only indices 1 <= i - k <= n, i.e. zero padding, which the paper leaves implicit. "
            "Identities paired with a free test matrix L."
        ),
    },
    "sec3.1.2.kan": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, KAN (separable basis, content channels C_m)",
        "statement": {
            "latex": (
                "f_\\theta=\\sum_{m=1}^r g_m(x_i)h_m(x_j):\\quad y_i=\\sum_j\\sum_m g_m(x_i)h_m(x_j)Vx_j=\\sum_m "
                "g_m(x_i)C_m,\\ C_m=\\sum_j h_m(x_j)Vx_j;\\quad Y=VX(G^\\top H)^\\top"
            ),
            "words": (
                "The separable weight reorders into r content channels C_m, and the weight matrix is A = G^T H with "
                "G_mi = g_m(x_i), H_mj = h_m(x_j) (rank <= r)."
            ),
        },
        "why": (
            "r = 2, n = 3; G{m}_{i} stands for the value g_m(x_i) and H{m}_{j} for h_m(x_j) (any functions), so "
            "the identity holds for every basis. Paired with a free test matrix L."
        ),
    },
    "sec3.1.2.kan.standard-layer": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, KAN: a standard KAN layer [12] is not of Definition 3.1 form on content alone",
        "statement": {
            "latex": (
                "\\nexists\\,V\\in\\mathbb R^{2\\times2},\\ g:\\ g(x)\\,Vx=\\Phi(x)=(x_2^2,x_1^2)\\ \\text{at "
                "}x\\in\\{e_1,e_2,(1,1),(1,2)\\}"
            ),
            "words": (
                "The paper's KAN is a separable token-mixing kernel of its own; a standard KAN layer of [12] applied "
                "to each token (y = Phi(x), Phi_q(x) = sum_p phi_qp(x_p)) is not of Definition 3.1 form on content "
                "alone: with the other tokens zero, Definition 3.1 gives y_i = f(x_i, x_i) V x_i, and no V and "
                "scalars reproduce Phi(x) = (x_2^2, x_1^2) even at four points. It is in the general class of Eq. "
                "(1) (W_ii(x) = [[0, x_2], [x_1, 0]]); and once tokens carry one-hot positions on which V acts (n >= "
                "2), every tokenwise map is representable, so membership then says little."
            ),
        },
        "why": (
            "Unknowns: the entries v11..v22 of V and g_k = f(x, x) at the four points. The eight equations g_k V "
            "x_k = Phi(x_k) have no common solution: the stated combination sum_k c_k E_k of their left-hand "
            "sides minus right-hand sides is identically 1 (a Nullstellensatz certificate, found by linear "
            "algebra), so at a common zero 0 = 1. With zero tokens elsewhere the sum over j != i vanishes "
            "because V 0 = 0."
        ),
    },
    "sec3.1.2.attention": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, Attention (f_theta = softmax_j, V = W_V)",
        "statement": {
            "latex": (
                "q_i^\\top k_j/\\sqrt{d_k}=(Q^\\top K)_{ij}/\\sqrt{d_k};\\quad A_{ij}=E_{ij}/\\textstyle\\sum_l E_{il},\\ "
                "E_{ij}=e^{q_i^\\top k_j/\\sqrt{d_k}}:\\quad \\sum_j A_{ij}W_Vx_j=(V_{val}A^\\top)_{:,i}"
            ),
            "words": (
                "Token-level scores q_i^T k_j / sqrt(d_k) are the entries of Q^T K / sqrt(d_k), and the framework "
                "with V = W_V and the row-softmax weights reproduces Y = V_val A^T."
            ),
        },
        "why": (
            "d = 2, d_k = 4 (sqrt(d_k) = 2 is rational), n = 3, p = 2, symbolic W_Q, W_K, W_V, X. The "
            "exponentials are formal symbols E_ij and R_i stands for 1/sum_l E_il (a formal positive symbol), so "
            "A_ij = E_ij R_i; the identity needs no property of exp. Paired with free test matrices M, L."
        ),
    },
    "sec3.1.2.linear-attention": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, Linear Attention (matrix form)",
        "statement": {
            "latex": (
                "f_\\theta=\\phi(q_i)^\\top\\psi(k_j):\\quad "
                "\\sum_j\\phi(q_i)^\\top\\psi(k_j)\\,W_Vx_j=(V_{val}\\Psi^\\top\\Phi)_{:,i},\\qquad "
                "VX(\\Phi^\\top\\Psi)^\\top=V_{val}\\Psi^\\top\\Phi"
            ),
            "words": (
                "The inner-product weight reproduces the standard linear attention output V_val Psi^T Phi, and "
                "(Phi^T Psi)^T = Psi^T Phi."
            ),
        },
        "why": (
            "r = 2, n = 3, d = p = 2; P{a}_{i} stands for phi(q_i)_a and S{a}_{j} for psi(k_j)_a (any feature "
            "maps). Paired with a free test matrix L."
        ),
    },
    "sec3.1.2.summary-matrix": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, Linear Attention, summary matrix S",
        "statement": {
            "latex": "S=\\sum_{j=1}^n\\psi(k_j)(Vx_j)^\\top:\\qquad y_i=\\phi(q_i)^\\top S=\\sum_j\\phi(q_i)^\\top\\psi(k_j)\\,Vx_j",
            "words": (
                "Reordering the sum through the r x p summary matrix S gives the same outputs as the pairwise weights."
            ),
        },
        "why": (
            "Same symbols as sec3.1.2.linear-attention (V = W_V); y_i is the row vector phi(q_i)^T S. Paired "
            "with a free test matrix L."
        ),
    },
    "sec3.1.2.causal-linear-attention": {
        "section": "3.1.2",
        "reference": "Section 3.1.2, Linear Attention, causal variant (left implicit)",
        "statement": {
            "latex": (
                "S_i=S_{i-1}+\\psi(k_i)(Vx_i)^\\top,\\ S_0=0:\\quad y_i=\\phi(q_i)^\\top S_i=\\sum_{j\\le "
                "i}\\phi(q_i)^\\top\\psi(k_j)\\,Vx_j=(V_{val}(M\\odot\\Phi^\\top\\Psi)^\\top)_{:,i},\\ M_{ij}=[j\\le i]"
            ),
            "words": (
                "The causal version: running prefix sums S_i of the summary matrix give the masked (j <= i) weights, "
                "i.e. Y = V_val (M o Phi^T Psi)^T with the lower-triangular mask M."
            ),
        },
        "why": (
            "Same symbols as sec3.1.2.linear-attention; the prefix sums are written as the recursion itself (S_1 "
            "= outer_1, S_i = S_{i-1} + outer_i). Paired with a free test matrix L."
        ),
    },
    "def3.2.selective-ssm": {
        "section": "3.2",
        "reference": "Definition 3.2 (time-varying structured dynamics, Mamba-style)",
        "statement": {
            "latex": (
                "h_i=\\bar A_ih_{i-1}+\\bar B_ix_i,\\ y_i=C_ih_i,\\ h_0=0\\ \\Longrightarrow\\ y_i=\\sum_{j\\le "
                "i}C_i\\Big(\\prod_{k=j+1}^{i}\\bar A_k\\Big)\\bar B_jx_j,\\ \\ \\prod_{k=j+1}^{i}\\bar A_k:=\\bar A_i\\bar "
                "A_{i-1}\\cdots\\bar A_{j+1}"
            ),
            "words": (
                "The time-varying recurrence is reproduced by Definition 3.2's W_ij when the product is time-ordered "
                "(later factors on the left); the other order gives a different map."
            ),
        },
        "why": (
            "s = 2, n = 3, d = p = 1 with symbolic A_2, A_3 (A_1 only multiplies h_0 = 0), B_j, C_i, x_j; the "
            "outputs are paired with free L_i. order-matters: at the stated exact point C_3 A_3 A_2 B_1 = 1 "
            "while C_3 A_2 A_3 B_1 = 0, so the paper's unordered product must be read time-ordered."
        ),
    },
    "def3.2.lti-ssm": {
        "section": "3.2",
        "reference": "Definition 3.2, time-invariant case (S4): W_ij = C A^{i-j} B",
        "statement": {
            "latex": (
                "h_i=\\bar Ah_{i-1}+\\bar Bx_i,\\ y_i=Ch_i,\\ h_0=0\\ \\Longrightarrow\\ y_i=\\sum_{j\\le i}C\\bar "
                "A^{\\,i-j}\\bar B\\,x_j"
            ),
            "words": "With constant matrices the recurrence is reproduced by W_ij = C A^{i-j} B.",
        },
        "why": (
            "s = 2, n = 4, d = p = 1, symbolic A, B, C, x; A^t is written as the product of t copies of A. "
            "Outputs paired with free L_i."
        ),
    },
    "sec3.2.duality.convolution": {
        "section": "3.2",
        "reference": "Section 3.2, Computational Duality of Linear SSMs (recurrence = convolution, FFT)",
        "statement": {
            "latex": (
                "y_i=\\sum_{\\tau=0}^{i-1}k_\\tau x_{i-\\tau},\\ k_\\tau=C\\bar A^\\tau\\bar B\\ \\text{equals the "
                "recurrence};\\ \\ (k*x)=\\mathrm{IDFT}_4(\\mathrm{DFT}_4(\\hat k)\\cdot\\mathrm{DFT}_4(\\hat x))_{0..1}\\ "
                "\\text{(zero-padded, } n=2)"
            ),
            "words": (
                "The LTI recurrence unrolls into the causal convolution with kernel k_tau = C A^tau B, and that "
                "causal convolution equals the FFT product of zero-padded sequences."
            ),
        },
        "why": (
            "Convolution: same symbols as def3.2.lti-ssm. FFT: n = 2 padded to 4 so the roots of unity 1, -i, "
            "-1, i lie in QQ(i); k1, k2 are the kernel values k_0, k_1 and y1, y2 the inputs, paired with free "
            "M1, M2. Padding to >= 2n - 1 is what makes the circular product causal."
        ),
    },
    "sec3.2.duality.scan": {
        "section": "3.2 / Table 1",
        "reference": "Section 3.2 and Table 1 (associative scan: O(log n) depth)",
        "statement": {
            "latex": (
                "(A_2,b_2)\\circ(A_1,b_1)=(A_2A_1,\\,A_2b_1+b_2)\\ \\text{is associative};\\ \\ ((f_4\\circ "
                "f_3)\\circ(f_2\\circ f_1))(h_0)=h_4,\\ (f_3\\circ(f_2\\circ f_1))(h_0)=h_3"
            ),
            "words": (
                "Composition of affine steps h -> A_t h + b_t is associative, so a balanced (tree) scan computes the "
                "same states as the sequential recurrence."
            ),
        },
        "why": (
            "2x2 symbolic A_t, 2-vector b_t (b_t = B_t x_t for an SSM), symbolic h_0; pairs (A, b) compared "
            "through free test entries M, l. Associativity is checked for three generic maps; the tree order is "
            "checked against the recurrence for n = 4 (h_4) and a prefix (h_3)."
        ),
    },
    "sec3.2.rnn-jacobian": {
        "section": "3.2",
        "reference": "Section 3.2, Implicit Weights in Nonlinear RNNs (W_ij = dy_i/dx_j)",
        "statement": {
            "latex": (
                "h_t=\\sigma(Wh_{t-1}+Ux_t),\\ y_t=h_t:\\ \\ \\frac{\\partial y_2}{\\partial x_1}=D_2WD_1U,\\ \\frac{\\partial "
                "y_2}{\\partial x_2}=D_2U,\\ D_t=\\mathrm{diag}\\,\\sigma'(Wh_{t-1}+Ux_t);\\ \\ "
                "\\sigma=\\mathrm{id}\\Rightarrow\\frac{\\partial y_2}{\\partial x_1}=WU;\\ \\ \\frac{\\partial y_2}{\\partial "
                "x_1}\\ \\text{depends on }X"
            ),
            "words": (
                "The Jacobian definition of W_ij is the chain-rule product D_i W ... D_j U; for a linear RNN it is "
                "the constant impulse response W^{i-j} U, and for a nonlinear one it changes with the input sequence."
            ),
        },
        "why": (
            "s = 2, n = 2, d = 1, sigma(z) = z + z^2 (a polynomial activation, so derivatives are exact), "
            "symbolic W, U, x. A directional derivative is certified by divisibility: y(x + t e_j) - y(x) - t "
            "J_j is divisible by t^2 (kernel kind vanishing_order). input-dependent: at W = I, U = (1, 0), the "
            "first entry of dy_2/dx_1 is 1 at X = (0, 0) and 15 at X = (1, 0)."
        ),
    },
    "fn1": {
        "section": "4.2",
        "reference": "Footnote 1 (concatenation followed by W_O is a sum of heads)",
        "statement": {
            "latex": (
                "y_i=W_O[z_i^{(1)};\\dots;z_i^{(H)}],\\ z_i^{(h)}=\\sum_j\\alpha^{(h)}_{ij}V_hx_j\\ \\Longrightarrow\\ "
                "y_i=\\sum_h(W_O^{(h)}V_h)\\sum_j\\alpha^{(h)}_{ij}x_j"
            ),
            "words": (
                "Concatenating head outputs and applying W_O equals the sum over heads with effective value matrices "
                "V^(h) = W_O^(h) V_h."
            ),
        },
        "why": (
            "H = 2 heads of dimension 1, n = 2, d = p = 2; W_O^(h) is column h of W_O; symbolic weights "
            "a{h}_{i}_{j} = alpha^(h)_ij. Paired with a free test matrix L."
        ),
    },
    "def3.1.membership.mlp": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: MLP (f_theta = delta_ij)",
        "statement": {
            "latex": (
                "\\exists f:\\ \\delta_{ij}=f(\\tilde x_i,\\tilde x_j)\\ \\text{with positions in the token }(\\tilde "
                "x_i=(x_i,i));\\ \\ \\text{no }f\\ \\text{with }\\delta_{ij}=f(x_i,x_j)\\ \\text{on content alone}"
            ),
            "words": (
                "Member of Definition 3.1 under the paper's reading (x_i includes a fixed positional feature), "
                "certified at length n = 3: one fixed polynomial of the two positions gives delta_ij at every pair "
                "(for another n the same Lagrange construction on lags -(n-1)..(n-1) applies; not certified). On "
                "content alone it is not: tokens x_1 = x_2 make the pairs (1,1) and (1,2) identical, so a content-only "
                "f would give them one weight, while delta gives 1 and 0 (the kernel checks the counterexample "
                "point, i.e. that the two required weights differ; the rest is this one-line argument)."
            ),
        },
        "why": (
            "positional-pair-function: F(u, v) = l(u - v), l the Lagrange polynomial on lags -2..2 with l(0) = "
            "1, evaluated at every pair of positions of a length-3 sequence equals delta_ij (paired with free "
            "M). content-alone-insufficient: if x_1 = x_2 then the pairs (1,1) and (1,2) carry the same tokens, "
            "so a content-only f would give delta_11 = delta_12, i.e. 1 = 0."
        ),
    },
    "def3.1.membership.cnn": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: CNN (f_theta = c_{i-j} on the band)",
        "statement": {
            "latex": (
                "\\exists f:\\ c_{i-j}[|i-j|\\le r]=f(\\tilde x_i,\\tilde x_j)\\ \\text{with positions in the token};\\ \\ "
                "\\text{content alone: a constant sequence forces } c_0=0"
            ),
            "words": (
                "Member of Definition 3.1 under the paper's reading (positions in the token), certified at length "
                "n = 3 with bandwidth r = 1 and symbolic taps: one fixed polynomial of the two positions gives the "
                "banded Toeplitz weights at every pair (other n, r: the same Lagrange construction; not certified). "
                "On content alone it is not, unless c_0 = 0: on a constant sequence the pairs (1,1) and (1,3) carry "
                "the same tokens, so a content-only f would give c_0 = 0 (the kernel checks that the two required "
                "weights c_0 and 0 differ when c_0 != 0; the rest is this one-line argument)."
            ),
        },
        "why": (
            "positional-pair-function: F(u, v) = sum_k c_k l_k(u - v) with the Lagrange basis l_k on lags -2..2 "
            "and c_{+-2} = 0 (r = 1, n = 3) equals (C_Toeplitz)_ij at every pair, for symbolic c_-1, c_0, c_1 "
            "(paired with free M). content-alone-insufficient: on the constant sequence x_1 = x_2 = x_3 the "
            "pairs (1,1) and (1,3) carry the same tokens, so content-only weights would give c_0 = "
            "(C_Toeplitz)_13 = 0; violated for any kernel with c_0 != 0 (the same argument with the pair (i, "
            "i-k) forces every c_k = 0 once n >= r + 2)."
        ),
    },
    "def3.1.membership.kan": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: KAN-style separable weights",
        "statement": {
            "latex": (
                "y_i=\\sum_m g_m(x_i)C_m,\\ C_m=\\sum_jh_m(x_j)Vx_j\\ \\Longrightarrow\\ y_i=\\sum_jf(x_i,x_j)Vx_j,\\ "
                "f(u,v)=\\sum_mg_m(u)h_m(v)"
            ),
            "words": (
                "Member of Definition 3.1 on content alone: the content-channel computation equals the pairwise form "
                "with the fixed pair function f(u, v) = sum_m g_m(u) h_m(v)."
            ),
        },
        "why": (
            "Concrete basis g_1(u) = u_1, g_2(u) = u_1 u_2, h_1(v) = v_2, h_2(v) = 1 + v_1^2 (d = 2, r = 2, n = "
            "3), symbolic V and X; the right-hand side uses only the pair (x_i, x_j) inside f. Paired with a "
            "free test matrix L."
        ),
    },
    "def3.1.membership.linear-attention": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: linear attention (unnormalized, as written in Section 3.1.2)",
        "statement": {
            "latex": "V_{val}\\Psi^\\top\\Phi=\\Big[\\sum_jf(x_i,x_j)W_Vx_j\\Big]_i,\\ f(u,v)=\\phi(W_Qu)^\\top\\psi(W_Kv)",
            "words": (
                "Member of Definition 3.1 on content alone: the standard matrix computation V_val Psi^T Phi equals "
                "the pairwise form with the fixed pair function f(u, v) = phi(W_Q u)^T psi(W_K v)."
            ),
        },
        "why": (
            "Concrete polynomial feature maps phi(q) = (q_1, q_1 q_2), psi(k) = (k_2, k_1^2), symbolic W_Q, W_K "
            "(2x2), W_V (2x2), X (2x3). Paired with a free test matrix L. The normalized variant of [9] is not a "
            "member (def3.1.membership.normalized-linear-attention)."
        ),
    },
    "def3.1.membership.attention": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: softmax attention (Section 3.1.2 sets f_theta = softmax_j)",
        "statement": {
            "latex": (
                "\\mathrm{softmax}_j(q_i^\\top k_j/\\sqrt{d_k})=f_\\theta(x_i,x_j)\\ \\text{for some }f_\\theta:\\mathbb "
                "R^d\\times\\mathbb R^d\\to\\mathbb R;\\ \\text{indeed softmax attention}=\\Big[\\sum_jf(\\tilde x_i,\\tilde "
                "x_j)V\\tilde x_j\\Big]_i\\ \\text{for some }f,V"
            ),
            "words": (
                "The paper places softmax attention in Definition 3.1 with f_theta(x_i, x_j) = softmax_j(q_i^T k_j / "
                "sqrt(d_k)). Refuted twice: (1) the row normalization depends on every key, so two sequences with "
                "the same x_1, x_2 (and the same positions) give different weights alpha_12; (2) no pair function f "
                "and matrix V at all, even with fixed positional features in the tokens, reproduce the attention "
                "output: a Definition 3.1 output y_1 is a sum of terms each depending on x_1 and one other token, so "
                "its mixed second difference in (x_2, x_3) vanishes, and attention's does not."
            ),
        },
        "why": (
            "d = d_k = 1, W_Q = wq, W_K = wk, n = 3. (1) At wq = wk = 1, X = (1, 0, 0), X' = (1, 0, 1): x_1 = "
            "x'_1 and x_2 = x'_2 but alpha_12 = 1/(e + 2) and alpha'_12 = 1/(2e + 1), decided by ball "
            "arithmetic; both sequences have the same positions. (2) W_Q = W_K = W_V = 1, y_1(x_1, x_2, x_3) = "
            "sum_j e^{x_1 x_j} x_j / sum_l e^{x_1 x_l}; at x_1 = 1 the mixed difference y_1(1,0,0) - y_1(1,1,0) "
            "- y_1(1,0,1) + y_1(1,1,1) = e/(e + 2) - 4e/(2e + 1) + 1 (about -0.113) is not 0, whereas for every "
            "f, V (positions fixed) each term f(x_1, x_j) V x_j changes with at most one of x_2, x_3. Attention "
            "is in the wider class W_ij = alpha_ij(X) V used by Theorem 4.2 "
            "(def3.1.membership.attention.corrected)."
        ),
    },
    "def3.1.membership.attention.corrected": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: softmax attention, corrected statement",
        "statement": {
            "latex": (
                "\\mathcal W_{ij}(X)=\\alpha_{ij}(X)V,\\ \\alpha_{ij}(X)=\\frac{\\kappa(x_i,x_j)}{\\sum_l\\kappa(x_i,x_l)},\\ "
                "\\kappa(u,v)=e^{u^\\top W_Q^\\top W_Kv/\\sqrt{d_k}}:\\ \\ \\sum_j\\alpha_{ij}W_Vx_j=(V_{val}A^\\top)_{:,i}"
            ),
            "words": (
                "Softmax attention belongs to the wider class W_ij(X) = alpha_ij(X) V (the class of Theorem 4.2): "
                "the unnormalized kernel kappa is a function of the pair (its exponent is the bilinear form x_i^T "
                "W_Q^T W_K x_j / sqrt(d_k)), and the rest of the sequence enters only through the positive row "
                "normalizer."
            ),
        },
        "why": (
            "d = 2, d_k = 4, n = 3, p = 2 as in sec3.1.2.attention: score-bilinear shows q_i^T k_j / 2 = x_i^T "
            "(W_Q^T W_K / 2) x_j (paired with free M); normalized-form shows the alpha_ij(X) V form with E_ij = "
            "kappa(x_i, x_j) and R_i = 1/sum_l E_il (formal) reproduces V_val A^T (paired with free L)."
        ),
    },
    "def3.1.membership.normalized-linear-attention": {
        "section": "3.1",
        "reference": "Definition 3.1 membership: normalized linear attention ([9]) is not a member",
        "statement": {
            "latex": (
                "\\frac{\\phi(q_1)^\\top\\psi(k_2)}{\\sum_l\\phi(q_1)^\\top\\psi(k_l)}\\ne\\frac{\\phi(q'_1)^\\top\\psi(k'_2)}{\\sum_l\\phi(q'_1)^\\top\\psi(k'_l)}\\ "
                "\\text{for some } X,X'\\ \\text{with } x_1=x'_1,\\ x_2=x'_2;\\ \\text{and no }f,V\\ \\text{reproduce its "
                "output}"
            ),
            "words": (
                "The normalized linear attention of [9] (weights divided by phi(q_i)^T sum_l psi(k_l)) is, like "
                "softmax attention, not of Definition 3.1 form: the normalizer depends on all keys, and the output's "
                "mixed second difference in (x_2, x_3) does not vanish."
            ),
        },
        "why": (
            "d = r = 1, W_Q = W_K = W_V = 1, positive features phi(q) = 1 + q^2, psi(k) = 1 + k^2, n = 3. At X = "
            "(0, 0, 0), X' = (0, 0, 1) the pair (x_1, x_2) is the same but alpha_12 = 1/3 and alpha'_12 = 1/4 "
            "(exact rationals). Mixed difference of y_1 at x_1 = 0 over x_2, x_3 in {0, 1}: 0 - 1/2 - 1/2 + 4/5 "
            "= -1/5, not 0 (zero for every Definition 3.1 model, as in def3.1.membership.attention)."
        ),
    },
}
