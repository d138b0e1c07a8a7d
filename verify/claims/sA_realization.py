"""Both directions of the 1x1/2x2 criterion on an impulse response (issue 23, new finding 6).

* review.blockdiag.criterion.only-if: the exact facts of the "only if" direction for every SSM, a real 2x2 block's
  Cayley-Hamilton identity with symbolic entries and the root structure of x^2 - t x + n (F4); the standard facts
  F1-F3 (minimal polynomials divide annihilating ones, a realization's minimal polynomial annihilates its response,
  a block diagonal matrix's minimal polynomial is the lcm of its blocks') are named in the statement.
* review.blockdiag.realization.ssm: the "if" direction, per SSM: an exact rational realization of W with 1x1 and
  2x2 diagonal blocks (constructions/realization.py), kernel-checked by kind response_block_realization. Template
  on the issue's example A = J_3(1/2), B = e_1, C = e_1^T (W(tau) = (1/2)^tau, one 1x1 block).
"""

from __future__ import annotations

from constructions.jordan import to_fraction_matrix
from constructions.realization import NotRational, block_realization
from verify.certificate import Obligation, make_certificate
from verify.claims.sA_modes import rows_of
from verify.claims.sA_realization_goals import ONLY_IF_IDENTITIES, only_if_obligations
from verify.registry import claim

__all__ = [
    "ONLY_IF_IDENTITIES",
    "only_if_obligations",
    "realization_certificate",
    "realization_summary",
    "realization_outcome",
    "JORDAN3_E1",
    "NotRational",
]


@claim("review.blockdiag.criterion.only-if")
def only_if() -> dict:
    """The only-if direction for every SSM: F4 certified, F1-F3 named standard facts."""
    return make_certificate("review.blockdiag.criterion.only-if", "certified", only_if_obligations())


def realization_certificate(a_rows: list, b_rows: list, c_rows: list) -> dict:
    """The certificate of review.blockdiag.realization.ssm for a real SSM whose response is realizable over QQ.

    Raises NotRational with the reason when the criterion's verdict is an obstruction or the blocks would need
    irrational entries.
    """
    from verify.kernel.theories.realization.kind_response import VERDICTS, criterion, minimal_polynomial

    for label, rows in (("A", a_rows), ("B", b_rows), ("C", c_rows)):
        if any("i" in str(x) for row in rows for x in row):
            raise ValueError(f"{label}: expected a real SSM (rational entries); found a complex entry")
    a, b, c = (to_fraction_matrix(x) for x in (a_rows, b_rows, c_rows))
    q = minimal_polynomial(a, b, c)
    verdict = criterion(q)
    if verdict != VERDICTS[0]:
        raise NotRational(
            f"the criterion's verdict is {verdict!r}: no 1x1/2x2 realization exists "
            "(the 'only if' direction, review.blockdiag.criterion.only-if)"
        )
    blocks = [{k: rows_of(v) for k, v in block.items()} for block in block_realization(a, b, c, q)]
    params = {"A": a_rows, "B": b_rows, "C": c_rows, "minpoly": [str(x) for x in q.coeffs()], "blocks": blocks}
    return make_certificate(
        "review.blockdiag.realization.ssm",
        "certified",
        [Obligation("realization", "response_block_realization", dict(params))],
        params=params,
    )


# The example: a Jordan block of size 3 whose response (1/2)^tau one 1x1 block realizes.
JORDAN3_E1 = (
    [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]],
    [["1"], ["0"], ["0"]],
    [["1", "0", "0"]],
)


@claim("review.blockdiag.realization.ssm")
def realization_template() -> dict:
    """The template claim, shown on A = J_3(1/2), B = e_1, C = e_1^T (verify heads/modes pass the user's SSM)."""
    return realization_certificate(*JORDAN3_E1)


def realization_summary(cert: dict) -> dict:
    """The block form of a review.blockdiag.realization.ssm certificate: size, blocks as text, minimality."""
    from constructions.realization import describe_blocks

    params = cert["params"]
    blocks = [{"D": to_fraction_matrix(b["D"])} for b in params["blocks"]]
    size = sum(b["D"].nrows() for b in blocks)
    p, inputs = len(params["C"]), len(params["B"][0])
    single = min(p, inputs) == 1 or size == 0
    return {
        "state_size": size,
        "blocks": describe_blocks(blocks),
        "minimal": True,
        "minimality": (
            f"minimal: deg q = {size}, and q divides the minimal polynomial of any realizing state matrix (F1-F2)"
            if single
            else f"minimal: the reachable and observable part of (A, B, C), size {size} = the rank of the Hankel "
            "matrix of W (standard; minimality is not kernel-checked)"
        ),
    }


def realization_outcome(a_rows: list, b_rows: list, c_rows: list) -> tuple[dict | None, str]:
    """(the kernel-checked certificate or None, one line saying what was built or why not) for a real SSM."""
    from verify.kernel import check_certificate
    from verify.kernel.theories.realization.kind_response import MAX_RESPONSE_SIDE

    if len(a_rows) > MAX_RESPONSE_SIDE:
        return None, f"not attempted (m = {len(a_rows)} > {MAX_RESPONSE_SIDE} states)"
    try:
        cert = realization_certificate(a_rows, b_rows, c_rows)
    except NotRational as err:
        return None, f"not constructed: {err}"
    errors = check_certificate(cert).errors
    if errors:
        over = [e for e in errors if "exceeds the kernel's work bound" in e]
        if over:
            return None, f"not certified at this size ({over[0].split(': ', 1)[-1]})"
        return None, "kernel rejected: " + "; ".join(errors[:3])
    s = realization_summary(cert)
    return cert, f"state size {s['state_size']}, D' = {s['blocks']} ({s['minimality']}; B', C' in the certificate)"
