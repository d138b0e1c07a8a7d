"""Kind response_block_realization: an exact real SSM with 1x1 and 2x2 diagonal blocks that has the impulse response
W(tau) = C A^tau B of a given SSM, for every tau >= 0.

Goal: {A, B, C, minpoly, blocks} with blocks a list of {"D", "B", "C"}: D a 1x1 or 2x2 rational matrix, B its rows
of the new input matrix (size(D) x d), C its columns of the new output matrix (p x size(D)). The new SSM is
D' = diag(D_1, ..., D_k) (block diagonal by its form), B' = (B_1; ...; B_k), C' = (C_1 ... C_k), so
C' D'^tau B' = sum_b C_b D_b^tau B_b. An empty list is the SSM with no state (W = 0). minpoly is established from
(A, B, C) (the minimal polynomial q of W, recomputed with kind_response.minimal_polynomial).

Check: q from (A, B, C); q(D_b) = 0 for every block (so q(D') = 0); sum_b C_b D_b^t B_b = C A^t B for t < deg q.
Why this gives every tau: q annihilates W (kind_response), and q annihilates W'(tau) = C' D'^tau B', since
sum_k q_k W'(tau + k) = C' D'^tau q(D') B' = 0. The difference u = W - W' then satisfies the monic recurrence
u(tau + d) = -sum_(k<d) q_k u(tau + k), d = deg q, and vanishes at tau < d, hence everywhere by induction
(d = 0: q = 1 annihilates both, so both vanish). docs/trusted-base.md states this next to the kind.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import impulse_responses
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, rational_work
from ...core.matrix import read_rational_matrix
from .kind_response import MAX_RESPONSE_SIDE, minimal_polynomial, read_ssm_and_minpoly

__all__ = ["KINDS", "ESTABLISHES", "MAX_REALIZATION_BLOCKS", "block_response"]

MAX_REALIZATION_BLOCKS = 4096  # blocks of the new SSM (at most 2 states each)


def _bits(m: fmpq_mat) -> int:
    """The largest bit length of a numerator or denominator of an entry."""
    return max((max(int(x.p).bit_length(), int(x.q).bit_length()) for x in m.entries()), default=0)


def _evaluate(q: fmpq_poly, d: fmpq_mat) -> fmpq_mat:
    """q(D) by Horner's rule, for a 1x1 or 2x2 matrix D."""
    n = d.nrows()
    identity = fmpq_mat(n, n, [int(r == s) for r in range(n) for s in range(n)])
    out = fmpq_mat(n, n)
    for coefficient in reversed(q.coeffs()):
        out = out * d + identity * coefficient
    return out


def _block(value: object, where: str, p: int, inputs: int) -> tuple[fmpq_mat, fmpq_mat, fmpq_mat]:
    """(D, B_b, C_b) of one block, D 1x1 or 2x2, B_b size x inputs, C_b p x size."""
    if not isinstance(value, dict):
        raise KernelError(where, "expected an object {D, B, C}")
    expect_keys(value, where, ("D", "B", "C"))
    d = read_rational_matrix(_field(value, "D", where), f"{where}.D", 2)
    size = d.nrows()
    if d.ncols() != size:
        raise KernelError(f"{where}.D", f"expected a 1x1 or 2x2 block, found {size}x{d.ncols()}")
    b = read_rational_matrix(_field(value, "B", where), f"{where}.B", MAX_RESPONSE_SIDE)
    c = read_rational_matrix(_field(value, "C", where), f"{where}.C", MAX_RESPONSE_SIDE)
    if b.nrows() != size or b.ncols() != inputs:
        raise KernelError(f"{where}.B", f"expected {size}x{inputs} (the block's rows of B')")
    if c.nrows() != p or c.ncols() != size:
        raise KernelError(f"{where}.C", f"expected {p}x{size} (the block's columns of C')")
    return (d, b, c)


# One real block of the realization: (D, B, C).
Block = tuple[fmpq_mat, fmpq_mat, fmpq_mat]
# (A, B, C, minpoly coefficients, blocks)
Goal = tuple[fmpq_mat, fmpq_mat, fmpq_mat, tuple[fmpq, ...], tuple[Block, ...]]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(A, B, C, minpoly coefficients, blocks) with fitting shapes."""
    expect_keys(goal, where, ("A", "B", "C", "minpoly", "blocks"))
    a, b, c, coefficients = read_ssm_and_minpoly(goal, where)
    blocks = _field(goal, "blocks", where)
    if not isinstance(blocks, list) or len(blocks) > MAX_REALIZATION_BLOCKS:
        raise KernelError(f"{where}.blocks", f"expected a list of at most {MAX_REALIZATION_BLOCKS} blocks")
    read = tuple(_block(x, f"{where}.blocks[{k}]", c.nrows(), b.ncols()) for k, x in enumerate(blocks))
    return (a, b, c, coefficients, read)


def block_response(blocks: tuple[Block, ...], p: int, inputs: int, count: int) -> list[fmpq_mat]:
    """W'(t) = sum_b C_b D_b^t B_b for t < count (charged)."""
    d_bits = max((_bits(d) for d, _, _ in blocks), default=0)
    bc_bits = max((max(_bits(b), _bits(c)) for _, b, c in blocks), default=0)
    work = count * sum(d.nrows() * (d.nrows() + p) * inputs for d, _, _ in blocks)
    charge(rational_work(work, 2 * bc_bits + (d_bits + 1) * count + 8), "impulse response of the block realization")
    out = [fmpq_mat(p, inputs) for _ in range(count)]
    for d, b, c in blocks:
        state = b
        for t in range(count):
            out[t] += c * state
            state = d * state
    return out


def _check(goal: Goal, witness: object, where: str) -> None:
    """q recomputed and equal to minpoly; q(D_b) = 0 per block; the two responses agree at t < deg q."""
    a, b, c, coefficients, blocks = goal
    if witness not in ({}, None):
        raise KernelError(f"{where}.witness", "expected no witness (the realization is the goal)")
    q = minimal_polynomial(a, b, c)
    if list(q.coeffs()) != list(coefficients) or len(coefficients) != q.degree() + 1:
        raise KernelError(where, f"the minimal polynomial of the response has degree {q.degree()}: {q.str()}")
    q_bits = max((max(int(x.p).bit_length(), int(x.q).bit_length()) for x in q.coeffs()), default=0)
    d_bits = max((_bits(d) for d, _, _ in blocks), default=0)
    growth = q_bits + (d_bits + 1) * (q.degree() + 1) + 8  # Horner: each step multiplies by D and adds q_k I
    charge(rational_work(8 * len(blocks) * (q.degree() + 1), growth), "q(D_b) per block")
    for k, (d, _, _) in enumerate(blocks):
        if _evaluate(q, d) != fmpq_mat(d.nrows(), d.nrows()):
            raise KernelError(f"{where}.blocks[{k}].D", "q(D) is not zero: q does not annihilate this block")
    degree = q.degree()
    original = impulse_responses(a, b, c, degree)
    new = block_response(blocks, c.nrows(), b.ncols(), degree)
    for t in range(degree):
        if original[t] != new[t]:
            raise KernelError(where, f"C' D'^t B' differs from C A^t B at t = {t}")


KINDS: KindTable = {"response_block_realization": (_goal, _check)}
ESTABLISHES: Establishes = {"response_block_realization": {"minpoly": ("A", "B", "C")}}
