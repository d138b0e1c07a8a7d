"""Statements of the related review's 2x2-block sentence within its scope: 2x2 blocks alone, and where it ends.

Both claims are literal, written here: the instance SSMs (sA_instances.py), the frozen 2x2-only realizations
(the blocks, the intertwining E, the new B' and C'), the annihilators and the Hankel matrices of W computed from
(A, B, C); the certificate builders (verify/claims/sA_review.py) make theirs independently.
"""

from __future__ import annotations

from verify.statements import entry, param
from verify.statements.sA_instances import COMPLEX_JORDAN2, INSTANCES, hankel_rows

__all__ = ["entries", "TEXTS"]

TEXTS = {
    "review.blockdiag.2x2": {
        "section": "A",
        "reference": "Related review: 'A can be assumed to be a block diagonal matrix A = diag(D_1, ..., D_k), "
        "where D_1, ..., D_k are 2x2 matrices', with the state allowed to grow",
        "statement": {
            "latex": "D=\\sum_b P_bD_bP_b^{\\top},\\ D_b\\in\\mathbb Q^{2\\times2}:\\ DE=E\\bar A,\\ B'=E\\bar B,\\ "
            "C'E=C\\ \\Rightarrow\\ C'D^{\\tau}B'=C\\bar A^{\\tau}\\bar B\\ \\forall\\tau\\ge0",
            "words": "For each built-in real SSM of odd state dimension m = 3 whose real Jordan blocks have size "
            "<= 2 (instances real, pair, sqrt2, singular), an SSM of state dimension 4 = 2 ceil(m/2) whose state "
            "matrix is block diagonal with 2x2 blocks only has the same impulse responses for every tau: 1x1 "
            "blocks are paired as diag(l1, l2), and an odd one out becomes diag(l, 0) with a decoupled extra "
            "state. So 2x2 blocks alone suffice once the state may grow; a 1x1 block is never needed.",
        },
        "why": "matrix_identity, per instance, with D written as sum_b P_b D_b P_b^T (P_b the literal selector of "
        "coordinates 2b-1, 2b, so D is block diagonal with 2x2 blocks by its form): intertwine D E = E A, input "
        "B' = E B, output C' E = C. Then D^tau E = E A^tau by induction on tau, so C' D^tau B' = C' D^tau E B = "
        "C' E A^tau B = C A^tau B for every tau >= 0 (tau = 0 included). The general construction: take the "
        "real block form T A T^-1 (review.blockdiag), place its coordinates into 2x2 slots with an injection P "
        "(P^T P = I), D = P (T A T^-1) P^T, E = P T, B' = E B, C' = C T^-1 P^T; a padded slot has a zero row "
        "and column in D, so the extra state is never driven (B' row zero) and never read (C' column zero).",
    },
    "review.blockdiag.scope": {
        "section": "A",
        "reference": "Related review: the scope of the 2x2-block assumption (a Jordan block of size >= 3)",
        "statement": {
            "latex": "\\nexists\\,(D,B',C'),\\ D=\\mathrm{diag}(D_1,\\dots,D_k),\\ D_i\\ 1\\times1\\ \\text{or}\\ "
            "2\\times2,\\ \\text{any size}:\\ C'D^{\\tau}B'=C\\bar A^{\\tau}\\bar B\\ \\forall\\tau",
            "words": "The 2x2-block form is an assumption with a scope, and a Jordan block of size >= 3 lies "
            "outside it: for the built-in SSM jordan3 (A similar to J_3(1/2) + (-1)) no SSM of any state "
            "dimension whose state matrix is block diagonal with 1x1 and 2x2 blocks has the same impulse "
            "responses W(tau) = C A^tau B.",
        },
        "why": "annihilator: p(A) = (A - 1/2)^3 (A + 1) = 0, so p annihilates the sequence W(tau). "
        "no-shorter-recurrence: the 4 rows (vec W(i), ..., vec W(i + 3)), i = 0..3, have rank 4, so no nonzero "
        "polynomial of degree < 4 annihilates W, and p is the minimal polynomial of the sequence: it divides every "
        "annihilating polynomial of W. For D = diag(D_1, ..., D_k) with blocks of size <= 2, every root of D's "
        "minimal polynomial q_D has multiplicity <= 2 (the lcm of the blocks' minimal polynomials, each of degree "
        "<= 2), and q_D annihilates C' D^tau B'. If C' D^tau B' = W(tau) for all tau, then p divides q_D, so "
        "(x - 1/2)^3 divides q_D: a contradiction, whatever the state dimension. The last three sentences are the "
        "standard argument the kernel does not check; the two facts it rests on are kernel-checked. This is the "
        "scope of the review's assumption, not an error of the review: its sentence is about its own "
        "constructions.",
    },
    "review.blockdiag.scope.complex": {
        "section": "A",
        "reference": "Related review: the scope of the 2x2-block assumption (a complex Jordan block of size 2)",
        "statement": {
            "latex": "\\bar A=\\begin{pmatrix}R&I\\\\0&R\\end{pmatrix}:\\ \\nexists\\,(D,B',C'),\\ "
            "D=\\mathrm{diag}(D_1,\\dots,D_k),\\ D_i\\ 1\\times1\\ \\text{or}\\ 2\\times2\\ \\text{real}:\\ "
            "C'D^{\\tau}B'=C\\bar A^{\\tau}\\bar B\\ \\forall\\tau",
            "words": "The second obstruction to the review's 1x1/2x2 form, a non-real root of multiplicity 2, for one "
            "instance: the real form A = [[R, I], [0, R]] of the complex Jordan block J_2(i) (R the 90-degree "
            "rotation), B = e_3, C = e_1^T, whose impulse response W(tau) = tau cos((tau - 1) pi/2) has minimal "
            "recurrence (x^2 + 1)^2. No real SSM whose state matrix is block diagonal with 1x1 and 2x2 blocks, "
            "whatever its state size, has the same impulse responses, although every root has multiplicity 2 <= 2.",
        },
        "why": "annihilator: (A^2 + I)^2 = 0, so (x^2 + 1)^2 annihilates the sequence W(tau). "
        "no-shorter-recurrence: the 4 x 4 Hankel matrix (W(i + j))_{i,j<4} has rank 4, so no nonzero polynomial of "
        "degree < 4 annihilates W, and (x^2 + 1)^2 is the minimal polynomial of the sequence: it divides every "
        "annihilating polynomial of W. A real block diagonal D with blocks of size <= 2 has minimal polynomial "
        "lcm of its blocks' minimal polynomials; a real 2x2 block with non-real eigenvalues has an irreducible "
        "quadratic x^2 + b x + c with simple roots, so every non-real root of q_D is simple. If C' D^tau B' = W(tau) "
        "for all tau, then (x^2 + 1)^2 divides q_D: a contradiction, whatever the state size. The last three "
        "sentences are the standard argument the kernel does not check; the two facts it rests on are kernel-checked. "
        "Real roots are different: a real 2x2 Jordan block J_2(mu) has the double root mu.",
    },
    "review.blockdiag.criterion.ssm": {
        "section": "A",
        "reference": "Related review: the 2x2-block assumption, decided for a user's SSM (verify heads, verify modes)",
        "statement": {
            "latex": "q_W=\\min\\{q\\ \\text{monic}:\\ \\textstyle\\sum_k q_kW(\\tau+k)=0\\ \\forall\\tau\\},\\ "
            "W(\\tau)=C\\bar A^\\tau\\bar B;\\ \\text{verdict}=\\text{realizable}\\iff"
            "\\text{real roots of }q_W\\text{ of multiplicity}\\le2,\\ \\text{non-real roots simple}",
            "words": "For the given real SSM (A, B, C): the minimal polynomial q of its impulse response W(tau) = C "
            "A^tau B (the monic polynomial of least degree with sum_k q_k W(tau + k) = 0 for all tau) is minpoly, and "
            "the verdict of the 1x1/2x2 criterion on q is verdict: 'realizable' when every real root of q has "
            "multiplicity <= 2 and every non-real root is simple, otherwise the obstruction found (a root of "
            "multiplicity >= 3, or a non-real root of multiplicity 2). Kernel-checked for this SSM: q and its root "
            "structure. That the criterion decides whether some real SSM with 1x1 and 2x2 diagonal blocks, of any "
            "size, has the same impulse responses: 'only if' is certified for every SSM modulo the named standard "
            "facts F1-F3 (review.blockdiag.criterion.only-if); 'if' is constructed and kernel-checked for this SSM "
            "by review.blockdiag.realization.ssm when every factor of q over QQ has a rational 1x1/2x2 block, and "
            "otherwise rests on the real Jordan form of a minimal realization (standard, not kernel-checked). The "
            "template is shown on the real form of J_2(i).",
        },
        "why": "criterion (kind response_block_criterion): the kernel computes W(0..2m-1), the columns h_k = "
        "(W(k), ..., W(k + m - 1)) for k <= m, and the exact reduced row echelon form of [h_0 ... h_m]; the first "
        "dependent column h_d gives q (a polynomial annihilates W iff it annihilates h, by Cayley-Hamilton). It "
        "factors q over QQ and counts the real roots of each doubled factor by Sturm's theorem. minpoly and verdict "
        "are established from A, B, C (no witness).",
    },
    "review.blockdiag.criterion.only-if": {
        "section": "A",
        "reference": "Related review: the 2x2-block assumption; the 1x1/2x2 criterion's 'only if' direction for "
        "every SSM",
        "statement": {
            "latex": "C'D^{\\tau}B'=C\\bar A^{\\tau}\\bar B\\ \\forall\\tau,\\ D=\\mathrm{diag}(D_1,\\dots,D_k),\\ "
            "D_i\\ 1\\times1\\ \\text{or}\\ 2\\times2\\ \\text{real}\\ \\Rightarrow\\ q_W\\ \\text{has real roots of "
            "multiplicity}\\le2\\ \\text{and simple non-real roots}",
            "words": "For every SSM (A, B, C) with real entries, any m, p, d: if some real SSM (D, B', C') whose "
            "state matrix is block diagonal with 1x1 and 2x2 blocks, in any state dimension, has the same impulse "
            "responses "
            "W(tau) = C A^tau B for every tau, then the minimal polynomial q of W has real roots of multiplicity "
            "<= 2 and only simple non-real roots. Certified modulo the named standard facts F1-F3: (F1) the "
            "minimal annihilating polynomial of a sequence (or of a matrix) divides every annihilating polynomial; "
            "(F2) the minimal polynomial of D annihilates C' D^tau B'; (F3) the minimal polynomial of a block "
            "diagonal matrix is the lcm of its blocks' minimal polynomials, and a root's multiplicity in an lcm is "
            "its largest multiplicity in the factors. Kernel-checked (F4): every real 2x2 block [[a, b], [c, d]] "
            "satisfies M^2 - (a + d) M + (a d - b c) I = 0 (Cayley-Hamilton, symbolic entries), and the roots of "
            "x^2 - t x + n (t, n real) are a real double root t/2, two distinct real roots, or two distinct "
            "non-real conjugate roots.",
        },
        "why": "cayley-hamilton.11..22: the four entries of M^2 - (a + d) M + (a d - b c) I expand to 0 in "
        "QQ[a, b, c, d], so by F1 a real 2x2 block's minimal polynomial divides x^2 - t x + n (t = a + d, n = a d - "
        "b c); a 1x1 block [l] has minimal polynomial x - l, one simple real root. completed-square, real-pair, "
        "conjugate-pair: x^2 - t x + n = (x - t/2)^2 - D/4 with D = t^2 - 4 n; for D = s^2 > 0 it is (x - (t + "
        "s)/2)(x - (t - s)/2), two distinct real roots; for D = -s^2 < 0 it is (x - (t + i s)/2)(x - (t - i s)/2), "
        "two distinct non-real roots (s != 0); for D = 0 it is (x - t/2)^2, a real double root. So every root of a "
        "block's minimal polynomial is real of multiplicity <= 2 or non-real and simple. By F3 the same holds for "
        "the minimal polynomial q_D of D; by F2 q_D annihilates W' = W, and by F1 q divides q_D, so q's roots have "
        "the same property. The kernel checks the identities; F1-F3 are the standard facts named, not "
        "kernel-checked.",
    },
    "review.blockdiag.realization.ssm": {
        "section": "A",
        "reference": "Related review: the 2x2-block assumption; the 1x1/2x2 criterion's 'if' direction, "
        "constructed for a user's SSM (verify heads, verify modes)",
        "statement": {
            "latex": "D'=\\mathrm{diag}(D_1,\\dots,D_k),\\ D_b\\in\\mathbb Q^{1\\times1}\\cup\\mathbb Q^{2\\times2},\\ "
            "B'=(B_b)_b,\\ C'=(C_b)_b:\\ C'D'^{\\tau}B'=C\\bar A^{\\tau}\\bar B\\ \\forall\\tau\\ge0",
            "words": "For the given real SSM (A, B, C): the listed real SSM (D', B', C'), whose state matrix D' is "
            "block diagonal with the listed 1x1 and 2x2 rational blocks D_b (B' stacks the blocks' rows B_b, C' "
            "places their columns C_b side by side), has the same impulse responses C' D'^tau B' = C A^tau B for "
            "every tau >= 0; minpoly is the minimal polynomial q of W. This is the criterion's 'if' direction, "
            "constructed and kernel-checked for this SSM (it exists whenever the verdict is 'realizable' and every "
            "factor of q over QQ has a rational block: a rational root, simple or double, or a simple irreducible "
            "quadratic). The builder makes it minimal (the reachable and observable part of (A, B, C), put in "
            "block form by an exact change of basis); the kernel checks the realization, not its minimality, "
            "which for a single input or output is its size deg q (by F1-F2 of "
            "review.blockdiag.criterion.only-if). The template is shown on "
            "A = J_3(1/2), B = e_1, C = e_1^T, whose response (1/2)^tau one 1x1 block realizes.",
        },
        "why": "realization (kind response_block_realization): the kernel recomputes q from (A, B, C) (as for "
        "response_block_criterion), checks q(D_b) = 0 for every block, so q(D') = 0, and sum_b C_b D_b^t B_b = C "
        "A^t B for t < deg q. Both sequences satisfy the recurrence of q (W because q is its minimal polynomial, "
        "W' because sum_k q_k C' D'^(tau + k) B' = C' D'^tau q(D') B' = 0), so their difference, zero at the first "
        "deg q terms, is zero for every tau by induction. D' is block diagonal with blocks of size <= 2 by the "
        "form of the goal (a list of blocks, each read as 1x1 or 2x2).",
    },
}


# Instances whose real block form has 1x1 blocks (odd state dimension 3): each gets a 2x2-only realization of size 4.
PADDABLE = ("real", "pair", "sqrt2", "singular")
# Their 2x2-only realizations (D = P1 D1 P1^T + P2 D2 P2^T, the change of basis E (4 x 3), B' = E B, C'), as found
# once by the builder and frozen here: the statement is that these literal matrices realize each instance.
_P = {"P1": [["1", "0"], ["0", "1"], ["0", "0"], ["0", "0"]], "P2": [["0", "0"], ["0", "0"], ["1", "0"], ["0", "1"]]}
REALIZATIONS = {
    "real": {
        "E": [["-28/5", "0", "0"], ["68/13", "12/13", "1"], ["24/65", "-12/13", "0"], ["0", "0", "0"]],
        "Bp": [["-28/5", "0"], ["81/13", "25/13"], ["24/65", "-12/13"], ["0", "0"]],
        "Cp": [["23/28", "1", "1", "0"], ["-1/14", "0", "-13/12", "0"]],
        "D1": [["1/2", "0"], ["0", "3/4"]],
        "D2": [["-1/3", "0"], ["0", "0"]],
    },
    "pair": {
        "E": [["2/13", "16/13", "0"], ["14/13", "8/13", "0"], ["-2/13", "-16/13", "1"], ["0", "0", "0"]],
        "Bp": [["2/13", "16/13"], ["14/13", "8/13"], ["-2/13", "-3/13"], ["0", "0"]],
        "Cp": [["1/2", "1", "1", "0"], ["15/8", "-1/8", "1", "0"]],
        "D1": [["0", "1"], ["-1", "6/5"]],
        "D2": [["1/2", "0"], ["0", "0"]],
    },
    "sqrt2": {
        "E": [["12/17", "21/17", "0"], ["21/17", "24/17", "0"], ["-12/17", "-21/17", "1"], ["0", "0", "0"]],
        "Bp": [["12/17", "21/17"], ["21/17", "24/17"], ["5/17", "-21/17"], ["0", "0"]],
        "Cp": [["-5/3", "7/3", "1", "0"], ["7/3", "-4/3", "0", "0"]],
        "D1": [["0", "1"], ["2", "0"]],
        "D2": [["1/3", "0"], ["0", "0"]],
    },
    "singular": {
        "E": [["1", "2", "0"], ["0", "1", "0"], ["2", "4", "1"], ["0", "0", "0"]],
        "Bp": [["2", "1"], ["1", "0"], ["4", "2"], ["0", "0"]],
        "Cp": [["1", "-2", "0", "0"], ["-2", "1", "1", "0"]],
        "D1": [["0", "1"], ["0", "0"]],
        "D2": [["1/2", "0"], ["0", "0"]],
    },
}
# Cayley-Hamilton for M = [[a, b], [c, d]], entry by entry: M^2 - (a + d) M + (a d - b c) I = 0.
_CH = "{sq} - (a + d)*({m}) + (a*d - b*c)*({i})"
ONLY_IF_IDENTITIES = (
    ("cayley-hamilton.11", ["a", "b", "c", "d"], _CH.format(sq="a*a + b*c", m="a", i="1"), "0"),
    ("cayley-hamilton.12", ["a", "b", "c", "d"], _CH.format(sq="a*b + b*d", m="b", i="0"), "0"),
    ("cayley-hamilton.21", ["a", "b", "c", "d"], _CH.format(sq="c*a + d*c", m="c", i="0"), "0"),
    ("cayley-hamilton.22", ["a", "b", "c", "d"], _CH.format(sq="c*b + d*d", m="d", i="1"), "0"),
    # x^2 - t x + n = (x - t/2)^2 - D/4, D = t^2 - 4 n: one root t/2 when D = 0, two distinct otherwise
    ("completed-square", ["x", "t", "n"], "x^2 - t*x + n", "(x - t/2)^2 - (t^2 - 4*n)/4"),
    # D = s^2 > 0: the distinct real roots (t +- s)/2
    ("real-pair", ["x", "t", "s"], "(x - (t + s)/2)*(x - (t - s)/2)", "x^2 - t*x + (t^2 - s^2)/4"),
    # D = -s^2 < 0: the conjugate pair (t +- i s)/2, distinct for s != 0, so each root is simple
    ("conjugate-pair", ["x", "t", "s"], "(x - (t + i*s)/2)*(x - (t - i*s)/2)", "x^2 - t*x + (t^2 + s^2)/4"),
)


def _two_by_two(name: str) -> list[dict]:
    """D E = E A, B' = E B and C' E = C for one instance and its frozen realization, D as a sum of 2x2 blocks."""
    a, b, c = INSTANCES[name]
    r = REALIZATIONS[name]
    mats = {"A": a, "B": b, "C": c, "E": r["E"], "Bp": r["Bp"], "Cp": r["Cp"]}
    mats.update(D1=r["D1"], P1=_P["P1"], D2=r["D2"], P2=_P["P2"])
    pairs = [("intertwine", "(P1*D1*T(P1) + P2*D2*T(P2))*E", "E*A"), ("input", "Bp", "E*B"), ("output", "Cp*E", "C")]
    return [
        {"name": f"{name}.{label}", "kind": "matrix_identity", "goal": {"matrices": mats, "lhs": lhs, "rhs": rhs}}
        for label, lhs, rhs in pairs
    ]


def _scope(rows: tuple[list, list, list], annihilator: str, degree: int) -> list[dict]:
    """p(A) = 0 for the annihilator p of the given degree, and the block Hankel matrix of W of that size has full
    rank (so no recurrence shorter than deg p)."""
    m = len(rows[0])
    goal = {"matrices": {"A": rows[0]}, "lhs": annihilator.format(m=m), "rhs": f"0*I({m})"}
    rank = {"matrix": hankel_rows(rows, degree, degree), "rank": degree}
    return [
        {"name": "annihilator", "kind": "matrix_identity", "goal": goal},
        {"name": "no-shorter-recurrence", "kind": "rank", "goal": rank},
    ]


def entries() -> dict:
    """The review's 2x2-block statements."""
    two = [g for name in PADDABLE for g in _two_by_two(name)]
    scope = _scope(INSTANCES["jordan3"], "(A - 1/2*I({m}))^3*(A + I({m}))", 4)
    complex_scope = _scope(COMPLEX_JORDAN2, "(A*A + I({m}))^2", 4)
    only_if = [
        {"name": name, "kind": "polynomial_identity", "goal": {"vars": names, "lhs": lhs, "rhs": rhs}}
        for name, names, lhs, rhs in ONLY_IF_IDENTITIES
    ]
    return {
        "review.blockdiag.2x2": entry(TEXTS["review.blockdiag.2x2"], "certified", two),
        "review.blockdiag.scope": entry(TEXTS["review.blockdiag.scope"], "certified", scope),
        "review.blockdiag.scope.complex": entry(TEXTS["review.blockdiag.scope.complex"], "certified", complex_scope),
        "review.blockdiag.criterion.ssm": entry(
            TEXTS["review.blockdiag.criterion.ssm"],
            "certified",
            [
                {
                    "name": "criterion",
                    "kind": "response_block_criterion",
                    "goal": {k: param(k) for k in ("A", "B", "C", "minpoly", "verdict")},
                }
            ],
            ("A", "B", "C"),
        ),
        "review.blockdiag.criterion.only-if": entry(TEXTS["review.blockdiag.criterion.only-if"], "certified", only_if),
        "review.blockdiag.realization.ssm": entry(
            TEXTS["review.blockdiag.realization.ssm"],
            "certified",
            [
                {
                    "name": "realization",
                    "kind": "response_block_realization",
                    "goal": {k: param(k) for k in ("A", "B", "C", "minpoly", "blocks")},
                }
            ],
            ("A", "B", "C", "blocks"),
        ),
    }
