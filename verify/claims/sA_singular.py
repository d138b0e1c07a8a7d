"""Appendix A, assumption (A2) (singular A under the causal mask), and the related review's 2x2-block claim.

(A2): when the nilpotent part of a singular A reaches head h, g_h = (invertible modes) + d_h with d_h != 0
supported on lags < nu. For every n, every matrix equal to g_h(i - j) on and below the diagonal then has rank
>= max(floor((n - t0 - 1) / s) + 1, n - (t0 + s - 1)) - R0 (t0, t0 + s - 1 the first and last nonzero lag of d_h,
R0 the dimension of the shift span of the invertible part): the kernel kind masked_rank_family derives t0, s
and R0 from (A, B, C) and proves the bound for every n. So no lag-only (or any) feature map of dimension
independent of n reproduces the head under the mask; dimension n suffices (phi(i) = e_i).
"""

from __future__ import annotations

from flint import fmpq

from constructions.jordan import to_fraction_matrix
from constructions.modes import NotBlockable, masked_data, real_block_form
from verify.certificate import Obligation, make_certificate
from verify.claims.sA_modes import INSTANCES, instance_data, rows_of, ssm_data
from verify.registry import claim

__all__ = ["block_certificate", "block_obligation", "family_obligations", "FAMILY_LENGTH", "DELTA", "head_masks"]

# Length at which the builder reads R0 off the lag matrix (> 2 m for the instances; the kernel needs no n).
FAMILY_LENGTH = 16
# The smallest singular SSM: A = 0, B = C = 1, so W(tau) = [tau == 0] (a delta at lag 0).
DELTA = ([["0"]], [["1"]], [["1"]])
BLOCKABLE = ("real", "pair", "sqrt2", "singular")


def _coefficients(data: dict, n: int) -> list[list[fmpq]]:
    """c_{tau,h} for tau < n from the Theorem 4.4 construction (constructions.ssm), as rationals."""
    from constructions.ssm import coefficient_table

    table = coefficient_table(data["thm44"], n).to_Matrix().tolist()
    return [[fmpq(int(x.p), int(x.q)) for x in row] for row in table]


def head_masks(rows: tuple[list, list, list], n: int) -> list[dict]:
    """For each head h: g_h(0..n-1) and the (A2) data of constructions.modes.masked_data."""
    data = ssm_data(*rows)
    table = _coefficients(data, n)
    out = []
    for h in range(len(data["b"])):
        g = [row[h] for row in table]
        out.append({"g": g, **masked_data(data["modes"], data["b"][h], g)})
    return out


def family_obligation(name: str, rows: tuple[list, list, list], head: int, mask: dict) -> Obligation:
    """The (A2) rank bound of one head for every n: t0, s, R0 derived by the kernel from (A, B, C) alone."""
    a_rows, b_rows, c_rows = rows
    goal = {"A": a_rows, "B": b_rows, "C": c_rows, "head": head, "t0": mask["t0"], "span": mask["span"]}
    goal["r0"] = mask["rank"]
    return Obligation(name, "masked_rank_family", goal)


def _a2_cases() -> list[tuple[str, tuple]]:
    """The singular SSMs of the (A2) claims: the delta and the built-in singular instance."""
    return [("delta", DELTA), ("singular", INSTANCES["singular"])]


def family_obligations() -> list[Obligation]:
    """One masked_rank_family obligation per head that the nilpotent part reaches (heads numbered from 1).

    R0 is the rank of the invertible part's lag matrix at FAMILY_LENGTH, which is the dimension of the span of
    its shifts once the length exceeds twice the state dimension (the kernel computes it from a Hankel matrix).
    """
    out = []
    for name, rows in _a2_cases():
        for h, mask in enumerate(head_masks(rows, FAMILY_LENGTH)):
            if mask["support"]:
                out.append(family_obligation(f"{name}.h{h + 1}", rows, h + 1, mask))
    return out


@claim("appA.A2")
def a2_refuted() -> dict:
    """A lag-only masked construction with r_h independent of n does not exist when the nilpotent part reaches h."""
    return make_certificate("appA.A2", "refuted", family_obligations())


@claim("appA.A2.corrected")
def a2_corrected() -> dict:
    """Singular A reaching a head: r >= max(floor((n - t0 - 1) / s) + 1, n - (t0 + s - 1)) - R0 for every n."""
    return make_certificate("appA.A2.corrected", "certified", family_obligations())


@claim("appA.eq18.singular")
def eq18_singular() -> dict:
    """Eq. (18) for all tau >= 0 under (A1) alone fails for A = N_2: its only eigenvalue is 0 but A^1 != 0."""
    from constructions.modes import analyse
    from verify.claims.sA_modes import jordan_obligation

    rows = [["0", "1"], ["0", "0"]]
    a = to_fraction_matrix(rows)
    modes = analyse(a, to_fraction_matrix([[1], [0]]), to_fraction_matrix([[1, 0]]))
    witness = {"rows": [0], "cols": [1], "combinations": [{"row": 1, "coefficients": ["0"]}]}
    nonzero = Obligation("A-to-the-1-is-nonzero", "rank", {"matrix": rows, "rank": 1}, witness)
    return make_certificate("appA.eq18.singular", "refuted", [jordan_obligation("jordan", modes), nonzero])


def block_obligation(name: str, a_rows: list, b_rows: list, c_rows: list) -> Obligation:
    """T A T^-1 block diagonal in 1x1 / 2x2 rational blocks; (T A T^-1, T B, C T^-1) has the same W(tau)."""
    t, t_inv, sizes = real_block_form(to_fraction_matrix(a_rows))
    goal = {"A": a_rows, "B": b_rows, "C": c_rows}
    return Obligation(name, "real_block_similarity", goal, {"T": rows_of(t), "T_inv": rows_of(t_inv), "blocks": sizes})


@claim("review.blockdiag")
def blockdiag() -> dict:
    """The related review's claim, for the built-in instances whose Jordan structure allows it."""
    obligations = [block_obligation(name, *INSTANCES[name]) for name in BLOCKABLE]
    return make_certificate("review.blockdiag", "certified", obligations)


def block_certificate(a_rows: list, b_rows: list, c_rows: list) -> dict:
    """The certificate of review.blockdiag.ssm for a user's SSM (rows of exact rational strings).

    Raises NotBlockable (a ValueError) with the reason when A's Jordan structure does not allow 1x1/2x2 blocks
    with a rational similarity, and ValueError for non-rational entries.
    """
    for label, rows in (("A", a_rows), ("B", b_rows), ("C", c_rows)):
        if any("i" in str(x) for row in rows for x in row):
            raise ValueError(f"{label}: expected a real SSM (rational entries); found a complex entry")
    obligation = block_obligation("similarity", a_rows, b_rows, c_rows)
    return make_certificate(
        "review.blockdiag.ssm", "certified", [obligation], params={"A": a_rows, "B": b_rows, "C": c_rows}
    )


@claim("review.blockdiag.ssm")
def blockdiag_template() -> dict:
    """The template claim, shown on the built-in 'pair' instance (verify heads passes the user's SSM)."""
    return block_certificate(*INSTANCES["pair"])


__all__ += ["NotBlockable", "instance_data"]
