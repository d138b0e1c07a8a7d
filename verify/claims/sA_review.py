"""The related review's 2x2-block sentence, read within its scope (review.blockdiag.2x2, review.blockdiag.scope).

The review (State Space Models are Provably Comparable to Transformers in Dynamic Token Selection) says of its
own constructions that A can be taken block diagonal with 2x2 blocks. review.blockdiag (sA_singular.py) certifies
the exact real 1x1/2x2 similarity when the Jordan structure allows it. Here:

* review.blockdiag.2x2: if the state may grow, 2x2 blocks alone suffice. Two 1x1 blocks l1, l2 form one 2x2 block
  diag(l1, l2); an odd one out becomes diag(l, 0) with a decoupled extra state. The new SSM (D, B', C') is tied to
  (A, B, C) by an exact intertwining E (D E = E A, B' = E B, C' E = C), so C' D^tau B' = C A^tau B for every tau.
* review.blockdiag.scope: a Jordan block of size 3 has no realization of the same impulse responses with a 1x1/2x2
  block-diagonal state matrix, in any state dimension (the minimal recurrence of W has a triple root).
* review.blockdiag.scope.complex: the second obstruction, a non-real root of multiplicity 2: the real form of the
  complex Jordan block J_2(i) (minimal recurrence (x^2 + 1)^2); a real 2x2 block with non-real eigenvalues has a
  minimal polynomial with simple roots, so no 1x1/2x2 realization exists in any state dimension.
"""

from __future__ import annotations

from fractions import Fraction

from flint import fmpq_mat

from constructions.jordan import to_fraction_matrix
from constructions.modes import real_block_form
from verify.certificate import Obligation, make_certificate
from verify.claims.sA_modes import INSTANCES, rows_of
from verify.registry import claim

__all__ = [
    "PADDABLE",
    "COMPLEX_JORDAN2",
    "two_by_two_realization",
    "two_by_two_obligations",
    "scope_obligations",
    "complex_scope_obligations",
    "criterion_certificate",
]

# Instances whose real block form has 1x1 blocks (odd state dimension 3): each gets a 2x2-only realization of size 4.
PADDABLE = ("real", "pair", "sqrt2", "singular")


def _targets(sizes: list[int]) -> list[list[int | None]]:
    """Source coordinates of each 2x2 target block: 2x2 blocks kept, 1x1 blocks paired, an odd one padded (None)."""
    out: list[list[int | None]] = []
    start, single = 0, None
    for size in sizes:
        if size == 2:
            out.append([start, start + 1])
        elif single is None:
            single = start
        else:
            out.append([single, start])
            single = None
        start += size
    if single is not None:
        out.append([single, None])
    return out


def two_by_two_realization(a_rows: list, b_rows: list, c_rows: list) -> dict[str, fmpq_mat]:
    """(D_b, P_b) per 2x2 block, E, B', C' with D = sum_b P_b D_b P_b^T, D E = E A, B' = E B, C' E = C."""
    a, b, c = (to_fraction_matrix(x) for x in (a_rows, b_rows, c_rows))
    t, t_inv, sizes = real_block_form(a)
    blocks = _targets(sizes)
    m, size = a.nrows(), 2 * len(blocks)
    place = fmpq_mat(size, m)  # P: source coordinate -> its slot in the 2x2 blocks (padded slots stay zero)
    for k, sources in enumerate(blocks):
        for slot, src in enumerate(sources):
            if src is not None:
                place[2 * k + slot, src] = 1
    d = place * (t * a * t_inv) * place.transpose()
    e = place * t
    out = {"E": e, "Bp": e * b, "Cp": c * t_inv * place.transpose()}
    for k in range(len(blocks)):
        out[f"D{k + 1}"] = fmpq_mat(2, 2, [d[2 * k + r, 2 * k + s] for r in range(2) for s in range(2)])
        out[f"P{k + 1}"] = fmpq_mat(size, 2, [int(row == 2 * k + s) for row in range(size) for s in range(2)])
    return out


def two_by_two_obligations(name: str) -> list[Obligation]:
    """Intertwining D E = E A, B' = E B, C' E = C for one instance, D written as a sum of 2x2 blocks P_b D_b P_b^T."""
    a_rows, b_rows, c_rows = INSTANCES[name]
    parts = two_by_two_realization(a_rows, b_rows, c_rows)
    count = sum(1 for key in parts if key.startswith("D"))
    mats = {"A": a_rows, "B": b_rows, "C": c_rows, **{k: rows_of(v) for k, v in parts.items()}}
    d_sum = " + ".join(f"P{k}*D{k}*T(P{k})" for k in range(1, count + 1))
    pairs = [("intertwine", f"({d_sum})*E", "E*A"), ("input", "Bp", "E*B"), ("output", "Cp*E", "C")]
    return [
        Obligation(f"{name}.{label}", "matrix_identity", {"matrices": mats, "lhs": lhs, "rhs": rhs})
        for label, lhs, rhs in pairs
    ]


@claim("review.blockdiag.2x2")
def two_by_two() -> dict:
    """2x2 blocks alone, with one extra (decoupled) state for an odd count of 1x1 blocks."""
    obligations = [o for name in PADDABLE for o in two_by_two_obligations(name)]
    return make_certificate("review.blockdiag.2x2", "certified", obligations)


def _hankel_rows(rows: tuple[list, list, list], d: int, width: int) -> list[list[str]]:
    """Row i = vec W(i), vec W(i + 1), ..., vec W(i + width - 1) concatenated, for i < d."""
    a, b, c = (to_fraction_matrix(x) for x in rows)
    responses, state = [], b
    for _ in range(d + width):
        w = c * state
        responses.append([str(w[r, k]) for r in range(w.nrows()) for k in range(w.ncols())])
        state = a * state
    return [sum(responses[i : i + width], []) for i in range(d)]


# The real form of a complex Jordan block of size 2 at +-i: A = [[R, I], [0, R]], R the 90-degree rotation; B drives
# the second block and C reads the first, so the impulse response sees the whole block: W(tau) = tau cos((tau-1) pi/2).
COMPLEX_JORDAN2 = (
    [["0", "-1", "1", "0"], ["1", "0", "0", "1"], ["0", "0", "0", "-1"], ["0", "0", "1", "0"]],
    [["0"], ["0"], ["1"], ["0"]],
    [["1", "0", "0", "0"]],
)


def _scope(rows: tuple[list, list, list], annihilator: str, degree: int) -> list[Obligation]:
    """p(A) = 0 for the given p, and the block Hankel matrix of W of size deg p has full rank."""
    from sympy.polys.domains import QQ
    from sympy.polys.matrices import DomainMatrix

    from constructions.linalg import rank_witness

    hankel = _hankel_rows(rows, degree, degree)
    exact = [[QQ(Fraction(x).numerator, Fraction(x).denominator) for x in r] for r in hankel]
    rank, witness = rank_witness(DomainMatrix(exact, (degree, len(hankel[0])), QQ))
    if rank != degree:
        raise ValueError(f"the block Hankel matrix has rank {rank}, expected {degree}")
    m = len(rows[0])
    annihilates = Obligation(
        "annihilator",
        "matrix_identity",
        {"matrices": {"A": rows[0]}, "lhs": annihilator.format(m=m), "rhs": f"0*I({m})"},
    )
    return [annihilates, Obligation("no-shorter-recurrence", "rank", {"matrix": hankel, "rank": rank}, witness)]


def scope_obligations() -> list[Obligation]:
    """p(A) = 0 for p = (x - 1/2)^3 (x + 1), and the 4 x 4 block Hankel matrix of W has rank 4 (jordan3)."""
    return _scope(INSTANCES["jordan3"], "(A - 1/2*I({m}))^3*(A + I({m}))", 4)


def complex_scope_obligations() -> list[Obligation]:
    """p(A) = 0 for p = (x^2 + 1)^2, and the 4 x 4 Hankel matrix of W has rank 4 (complex Jordan block of size 2)."""
    return _scope(COMPLEX_JORDAN2, "(A*A + I({m}))^2", 4)


@claim("review.blockdiag.scope")
def scope() -> dict:
    """Outside the scope: W of J_3(1/2) + (-1) has minimal recurrence (x - 1/2)^3 (x + 1), so no 1x1/2x2 form."""
    return make_certificate("review.blockdiag.scope", "certified", scope_obligations())


@claim("review.blockdiag.scope.complex")
def scope_complex() -> dict:
    """Outside the scope: W of the real form of J_2(i) has minimal recurrence (x^2 + 1)^2, a double non-real root."""
    return make_certificate("review.blockdiag.scope.complex", "certified", complex_scope_obligations())


def criterion_certificate(a_rows: list, b_rows: list, c_rows: list) -> dict:
    """The certificate of review.blockdiag.criterion.ssm for a real SSM: minimal polynomial of W and the verdict.

    The values are computed with the kernel's own functions (kind_response); the kernel recomputes them on check.
    """
    from verify.kernel.theories.realization.kind_response import criterion, minimal_polynomial

    for label, rows in (("A", a_rows), ("B", b_rows), ("C", c_rows)):
        if any("i" in str(x) for row in rows for x in row):
            raise ValueError(f"{label}: expected a real SSM (rational entries); found a complex entry")
    a, b, c = (to_fraction_matrix(x) for x in (a_rows, b_rows, c_rows))
    q = minimal_polynomial(a, b, c)
    coefficients = [str(x) for x in q.coeffs()]
    params = {"A": a_rows, "B": b_rows, "C": c_rows, "minpoly": coefficients, "verdict": criterion(q)}
    goal = dict(params)
    return make_certificate(
        "review.blockdiag.criterion.ssm",
        "certified",
        [Obligation("criterion", "response_block_criterion", goal)],
        params=params,
    )


@claim("review.blockdiag.criterion.ssm")
def criterion_template() -> dict:
    """The template claim, shown on the complex Jordan block of size 2 (verify heads/modes pass the user's SSM)."""
    return criterion_certificate(*COMPLEX_JORDAN2)
