"""Obligations of Appendix A's 'Connection to common SSM parameterizations' (no @claim: shared with the statements).

HiPPO-LegS as S4 builds it (transition('legs', N)): A = T M T^-1 with T = diag(sqrt(2n + 1)) and the rational
M_nk = -(2k + 1) (n > k), -(n + 1) (n = k), 0 (n < k), i.e. A_nk = -sqrt((2n + 1)(2k + 1)) below the diagonal.
Both discretizations commute with the similarity (bilinear(T M T^-1) = T bilinear(M) T^-1, exp likewise), so
invertibility and Jordan structure are those of M, which the kernel gets exactly. S4D-Real (and Mamba's
initialization, A_n = -exp(log(n + 1))) is diag(-(n + 1)). Steps: S4's and Mamba's dt_min = 1/1000, dt_max = 1/10.
"""

from __future__ import annotations

from fractions import Fraction

from verify.certificate import Obligation

__all__ = ["STEPS", "LEGS_SIZES", "REAL_SIZES", "legs_rows", "s4d_real_rows", "transition_obligation", "selective"]

STEPS = (Fraction(1, 1000), Fraction(1, 10))
LEGS_SIZES = (64, 128, 256)
REAL_SIZES = (16, 64)  # Mamba's d_state = 16; S4D's N = 64


def legs_rows(n: int) -> list[list[str]]:
    """S4's rational HiPPO-LegS matrix M (similar to the LegS A by T = diag(sqrt(2n + 1)))."""
    return [[str(-(2 * k + 1) if r > k else -(r + 1) if r == k else 0) for k in range(n)] for r in range(n)]


def s4d_real_rows(n: int) -> list[list[str]]:
    """S4D-Real, and Mamba's initialization: diag(-1, -2, ..., -n)."""
    return [[str(-(r + 1) if r == k else 0) for k in range(n)] for r in range(n)]


def _singular_steps(diagonal: list[Fraction]) -> list[str]:
    """The steps D in [dt_min, dt_max] with -2/D an eigenvalue (a diagonal entry of the triangular matrix)."""
    lo, hi = STEPS
    steps = sorted({-2 / mu for mu in diagonal if mu < 0 and lo <= -2 / mu <= hi})
    return [str(x) for x in steps]


def transition_obligation(name: str, rows: list[list[str]]) -> Obligation:
    """discretized_transition: bilinear singular steps in S4's range, none for ZOH, distinct eigenvalues."""
    diagonal = [Fraction(rows[k][k]) for k in range(len(rows))]
    goal = {
        "A": rows,
        "steps": [str(x) for x in STEPS],
        "bilinear": _singular_steps(diagonal),
        "zoh": [],
        "distinct": len(set(diagonal)) == len(diagonal),
    }
    return Obligation(name, "discretized_transition", goal)


# Mamba, one channel: D_t = softplus(x_t), Abar_t = exp(-D_t) (A = -1), Bbar_t = D_t (B_t = 1), C_t = 1.
_SOFTPLUS = "log(1 + exp({x}))"
W21 = f"exp(-{_SOFTPLUS.format(x='x2')})*{_SOFTPLUS.format(x='x1')}"
W32 = f"exp(-{_SOFTPLUS.format(x='x3')})*{_SOFTPLUS.format(x='x2')}"


def selective() -> Obligation:
    """W_21(X) != W_32(X) at X = (0, 0, 1): the selective kernel is not a function of i - j."""
    goal = {
        "vars": ["x1", "x2", "x3"],
        "domains": {"x1": "real", "x2": "real", "x3": "real"},
        "claim": {"lhs": W21, "op": "==", "rhs": W32},
    }
    return Obligation("not-translation-invariant", "counterexample", goal, {"point": {"x1": "0", "x2": "0", "x3": "1"}})
