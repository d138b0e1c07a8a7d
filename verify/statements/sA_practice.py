"""Statements of Appendix A, 'Connection to common SSM parameterizations': (A1)-(A2) in practice, selective SSMs.

Goals are literal: the matrices S4 and Mamba use (rational, via S4's own similarity for HiPPO-LegS), the step
range of their default initialization, the singular steps D = 2/k (20 <= k <= N, as the statements say), and the
selective kernel's two weights. Written here, independently of the builders in verify/claims/sA_practice_goals.py.
A matrix with more than INLINE_ROWS rows is kept in a data file, specs/data/<family>-<N>.json (data_files), that
the goal names with its SHA-256; the kernel reads it in, hash checked, when the specs load.
"""

from __future__ import annotations

from fractions import Fraction

from verify.statements import data_ref, entry

__all__ = ["entries", "TEXTS", "legs_rows", "s4d_real_rows", "data_files"]

STEPS = (Fraction(1, 1000), Fraction(1, 10))  # S4's and Mamba's default step range [dt_min, dt_max]
LEGS_SIZES = (64, 128, 256)  # the HiPPO-LegS sizes N of the statement
REAL_SIZES = (16, 64)  # Mamba's d_state = 16; S4D's N = 64
INLINE_ROWS = 16  # larger matrices go to data files


def legs_rows(n: int) -> list[list[str]]:
    """S4's rational HiPPO-LegS matrix M: M_rk = -(2k + 1) below the diagonal, -(r + 1) on it, 0 above (0-based)."""
    return [[str(-(2 * k + 1) if r > k else -(r + 1) if r == k else 0) for k in range(n)] for r in range(n)]


def s4d_real_rows(n: int) -> list[list[str]]:
    """S4D-Real and Mamba's initialization: diag(-1, -2, ..., -n)."""
    return [[str(-(r + 1) if r == k else 0) for k in range(n)] for r in range(n)]


def _matrices() -> dict[str, list[list[str]]]:
    """Every matrix of the statements by data-file name: hippo-legs-N.json and s4d-real-N.json."""
    legs = {f"hippo-legs-{n}.json": legs_rows(n) for n in LEGS_SIZES}
    return {**legs, **{f"s4d-real-{n}.json": s4d_real_rows(n) for n in REAL_SIZES}}


def data_files() -> dict[str, list[list[str]]]:
    """The matrices too large to write inline: data-file name -> rows."""
    return {file: rows for file, rows in _matrices().items() if len(rows) > INLINE_ROWS}


def _matrix(file: str) -> list[list[str]] | dict:
    """A matrix as a goal value: its rows, or the reference to its data file."""
    rows = _matrices()[file]
    return data_ref(file, rows) if len(rows) > INLINE_ROWS else rows


def _transition(n: int, rows: list[list[str]] | dict) -> dict:
    """For a matrix with the eigenvalues -1, ..., -n: the bilinear transition is singular exactly at the steps
    D = 2/k of the range (k = 20..n, ascending in D), zero-order hold never, and the eigenvalues are distinct."""
    lo, hi = STEPS
    singular = sorted(Fraction(2, k) for k in range(1, n + 1) if lo <= Fraction(2, k) <= hi)
    goal: dict[str, object] = {
        "A": rows,
        "steps": [str(x) for x in STEPS],
        "bilinear": [str(x) for x in singular],
        "zoh": [],
    }
    goal["distinct"] = True
    return {"name": f"N{n}", "kind": "discretized_transition", "goal": goal}


def _softplus(x: str) -> str:
    """softplus(x) = log(1 + e^x)."""
    return f"log(1 + exp({x}))"


def _selective() -> dict:
    """W_21(X) = Abar_2 Bbar_1 = exp(-D_2) D_1 equals W_32(X) = exp(-D_3) D_2 for all X: refuted at (0, 0, 1)."""
    w21 = f"exp(-{_softplus('x2')})*{_softplus('x1')}"
    w32 = f"exp(-{_softplus('x3')})*{_softplus('x2')}"
    goal = {
        "vars": ["x1", "x2", "x3"],
        "domains": {"x1": "real", "x2": "real", "x3": "real"},
        "claim": {"lhs": w21, "op": "==", "rhs": w32},
    }
    return {"name": "not-translation-invariant", "kind": "counterexample", "goal": goal}


_KIND = (
    "discretized_transition (kernel): the eigenvalues of the triangular matrix are its diagonal (triangularity "
    "checked entry by entry); the bilinear transition (I - D/2 A)^-1 (I + D/2 A) exists iff 2/D is not an "
    "eigenvalue and is singular iff -2/D is one; exp(D A) has the eigenvalues exp(D mu) != 0; distinct "
    "eigenvalues give J = 1, and the bilinear map mu -> (1 + D mu/2)/(1 - D mu/2) and mu -> exp(D mu) (mu real) "
    "keep them distinct."
)

TEXTS = {
    "appA.practice.hippo-legs": {
        "section": "A",
        "reference": "Appendix A, 'Connection to common SSM parameterizations': (A1)-(A2) for the S4 family and "
        "HiPPO ('many discretizations used in SSM sequence models yield invertible discrete-time transitions')",
        "statement": {
            "latex": "\\bar A_{\\mathrm{bil}}(\\Delta)=(I-\\tfrac\\Delta2A)^{-1}(I+\\tfrac\\Delta2A)\\ \\text{singular}"
            "\\iff\\Delta\\in\\{2/k:20\\le k\\le N\\},\\quad \\bar A_{\\mathrm{zoh}}(\\Delta)=e^{\\Delta A}\\ "
            "\\text{invertible}\\qquad(\\Delta\\in[10^{-3},10^{-1}],\\ N\\in\\{64,128,256\\})",
            "words": "For HiPPO-LegS as S4 builds it (A_nk = -sqrt((2n+1)(2k+1)) for n > k, -(n+1) for n = k, 0 "
            "above the diagonal) at N = 64, 128 and 256, and every step D in S4's default range [1/1000, 1/10]: "
            "the bilinear transition (I - D/2 A)^-1 (I + D/2 A) exists, and it is singular exactly at the "
            "N - 19 steps D = 2/k, k = 20, ..., N (45, 109 and 237 values), where it has the eigenvalue 0 and "
            "(A2) fails; at every other step of the range it is invertible. The zero-order-hold transition "
            "exp(D A) is invertible at every step. A has the N distinct eigenvalues -1, ..., -N, so (A1) holds "
            "with J = 1 for A and for both discretizations.",
        },
        "why": "S4 constructs A = T M T^-1 with T = diag(sqrt(2n+1)) and the rational M_nk = -(2k+1) (n > k), "
        "-(n+1) (n = k), 0 (n < k) (transition('legs')); sqrt(2n+1) (-(2k+1)) / sqrt(2k+1) = -sqrt((2n+1)(2k+1)) "
        "is the definition above. Both discretizations commute with the similarity, so their invertibility "
        "and Jordan structure are those of M's; the obligations N64, N128, N256 are about M. " + _KIND + " So the "
        "paper's 'many discretizations ... yield invertible transitions' holds for ZOH at every step and for "
        "the bilinear transform off a finite set of steps, not at every step S4 may draw (the draw is "
        "log-uniform, so these steps have probability 0; near them an eigenvalue of the transition is near 0 "
        "and the features lambda^-j of eq. (21) grow like |lambda|^-j).",
    },
    "appA.practice.s4d-real": {
        "section": "A",
        "reference": "Appendix A, 'Connection to common SSM parameterizations': (A2) for S4D-Real and Mamba's "
        "initialization (A = -exp(A_log), A_log = log(1, ..., N))",
        "statement": {
            "latex": "A=\\mathrm{diag}(-1,\\dots,-N):\\ e^{\\Delta A}\\ \\text{invertible};\\ "
            "\\bar A_{\\mathrm{bil}}(\\Delta)\\ \\text{singular}\\iff\\Delta\\in\\{2/k:20\\le k\\le N\\}\\qquad"
            "(\\Delta\\in[10^{-3},10^{-1}],\\ N\\in\\{16,64\\})",
            "words": "For S4D-Real and Mamba's initialization, A = diag(-1, ..., -N), at N = 16 (Mamba's d_state) "
            "and N = 64 (S4D), and every step D in [1/1000, 1/10] (their default range): the zero-order-hold "
            "transition exp(D A), which S4D and Mamba use, is invertible; the bilinear transition is singular "
            "exactly at D = 2/k, 20 <= k <= N: at no step for N = 16, at 45 steps for N = 64. J = 1.",
        },
        "why": "N16 and N64: A is diagonal (triangular). " + _KIND,
    },
    "appA.practice.selective": {
        "section": "A",
        "reference": "Appendix A: 'selective/state-dependent variants such as Mamba depart from strict "
        "translation invariance and require separate analysis'",
        "statement": {
            "latex": "W_{ij}(X)=C_i\\bar A_i\\cdots\\bar A_{j+1}\\bar B_j:\\quad W_{21}(X)\\ne W_{32}(X)\\ "
            "\\text{at}\\ X=(0,0,1)",
            "words": "For a one-channel Mamba-style selective SSM (D_t = softplus(x_t), Abar_t = exp(-D_t), "
            "Bbar_t = D_t, C_t = 1), the interaction W_ij(X) is not a function of i - j: at X = (0, 0, 1), "
            "W_21 = exp(-D_2) D_1 = (log 2)/2 while W_32 = exp(-D_3) D_2 = (log 2)/(1 + e). So no lag kernel g "
            "with W_ij(X) = g(i - j), hence no translation-invariant features of this appendix, represents it "
            "on that input (with D_t constant it is the LTI case, which is translation invariant).",
        },
        "why": "counterexample: the claim W_21 = W_32 for all real x1, x2, x3 fails at (0, 0, 1), decided in "
        "ball arithmetic (about 0.3466 against 0.1864). The weights are Definition 3.2's with the time-ordered "
        "product (def3.2.selective-ssm); Mamba's discretization is ZOH for A and D_t B_t for B. 'Require "
        "separate analysis' is not a mathematical statement and is not formalized.",
    },
}


def entries() -> dict:
    """The statements in paper order."""
    legs = [_transition(n, _matrix(f"hippo-legs-{n}.json")) for n in LEGS_SIZES]
    real = [_transition(n, _matrix(f"s4d-real-{n}.json")) for n in REAL_SIZES]
    return {
        "appA.practice.hippo-legs": entry(TEXTS["appA.practice.hippo-legs"], "certified", legs),
        "appA.practice.s4d-real": entry(TEXTS["appA.practice.s4d-real"], "certified", real),
        "appA.practice.selective": entry(TEXTS["appA.practice.selective"], "certified", [_selective()]),
    }
