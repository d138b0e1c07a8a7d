"""constructions/realization.py: rational 1x1/2x2 blocks from the minimal polynomial of W, and the realization."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.realization import (
    NotRational,
    block_realization,
    describe_blocks,
    minimal_realization,
    rational_blocks,
)
from verify.kernel.theories.realization.kind_response import VERDICTS, criterion, minimal_polynomial

X = fmpq_poly([0, 1])


def _mat(rows: list[list[object]]) -> fmpq_mat:
    return fmpq_mat(
        len(rows), len(rows[0]), [fmpq(Fraction(x).numerator, Fraction(x).denominator) for r in rows for x in r]
    )


def _evaluate(q: fmpq_poly, d: fmpq_mat) -> fmpq_mat:
    n = d.nrows()
    out, power = fmpq_mat(n, n), fmpq_mat(n, n, [int(r == s) for r in range(n) for s in range(n)])
    for coefficient in q.coeffs():
        out += power * coefficient
        power = power * d
    return out


def _reproduces(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, blocks: list[dict], count: int) -> bool:
    """An independent check, far beyond deg q: sum_b C_b D_b^t B_b = C A^t B for t < count."""
    state, parts = b, [blk["B"] for blk in blocks]
    for _ in range(count):
        total = fmpq_mat(c.nrows(), b.ncols())
        for blk, part in zip(blocks, parts):
            total += blk["C"] * part
        if total != c * state:
            return False
        state, parts = a * state, [blk["D"] * part for blk, part in zip(blocks, parts)]
    return True


def _hankel_rank(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat) -> int:
    """The rank of the block Hankel matrix (W(i + j))_{i, j < m}: the size of a minimal realization."""
    m, p, d = a.nrows(), c.nrows(), b.ncols()
    ws, state = [], b
    for _ in range(2 * m):
        ws.append(c * state)
        state = a * state
    h = fmpq_mat(
        m * p, m * d, [ws[i + j][r, s] for i in range(m) for r in range(p) for j in range(m) for s in range(d)]
    )
    return h.rank()


def test_each_factor_gets_its_block_and_the_blocks_minimal_polynomials_multiply_to_q():
    q = (X - fmpq(1, 2)) * (X - 2) ** 2 * (X**2 - 2 * X + 5) * (X**2 - 2) * (X**2 + 3)
    blocks = rational_blocks(q)
    shapes = sorted(str([[str(d[r, s]) for s in range(d.ncols())] for r in range(d.nrows())]) for d, _, _ in blocks)
    assert "[['1', '-2'], ['2', '1']]" in shapes  # the pair 1 +- 2i: rotation-scaling [[a, -b], [b, a]]
    assert "[['2', '1'], ['0', '2']]" in shapes  # the double root 2: real Jordan block
    assert "[['1/2']]" in shapes
    assert "[['0', '2'], ['1', '0']]" in shapes and "[['0', '-3'], ['1', '0']]" in shapes  # companions
    assert sum(d.nrows() for d, _, _ in blocks) == q.degree()
    for d, _, _ in blocks:
        assert _evaluate(q, d) == fmpq_mat(d.nrows(), d.nrows())


@pytest.mark.parametrize(
    "q", [X**3 - 2, (X**2 - 2) ** 2, (X - 1) ** 3, (X**2 + 1) ** 2], ids=["cubic", "sqrt2-double", "triple", "i-double"]
)
def test_factors_without_a_rational_block_are_refused(q):
    with pytest.raises(NotRational, match="multiplicity"):
        rational_blocks(q)


def test_the_issue_example_is_one_1x1_block():
    a = _mat([["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]])
    b, c = _mat([["1"], ["0"], ["0"]]), _mat([["1", "0", "0"]])
    blocks = block_realization(a, b, c, minimal_polynomial(a, b, c))
    assert describe_blocks(blocks) == "diag([[1/2]])"
    assert _reproduces(a, b, c, blocks, 20)


def test_random_ssms_with_structured_spectra_are_realized_exactly():
    rnd = random.Random(3)
    built = refused = 0
    for _ in range(120):
        m, p, d = rnd.randint(1, 5), rnd.randint(1, 3), rnd.randint(1, 3)
        values = [0, 1, -1, Fraction(1, 2), 2]
        a_rows = [[0] * m for _ in range(m)]
        chain = rnd.random() < 0.4  # one long Jordan chain, or bidiagonal with random eigenvalues and links
        first = rnd.choice(values)
        for i in range(m):
            a_rows[i][i] = first if chain else rnd.choice(values)
            if i + 1 < m:
                a_rows[i][i + 1] = 1 if chain else rnd.choice([0, 1])
        if m >= 2 and rnd.random() < 0.4:  # a rotation-scaling pair in the corner
            a_rows[0][0], a_rows[0][1], a_rows[1][0], a_rows[1][1] = 1, -2, 2, 1
        a = _mat(a_rows)
        b = _mat([[rnd.randint(-2, 2) for _ in range(d)] for _ in range(m)])
        c = _mat([[rnd.randint(-2, 2) for _ in range(m)] for _ in range(p)])
        q = minimal_polynomial(a, b, c)
        try:
            blocks = block_realization(a, b, c, q)
        except NotRational:
            refused += 1
            assert criterion(q) != VERDICTS[0] or any(f.degree() > 1 for f, e in q.factor()[1] if e == 2)
            continue
        built += 1
        assert criterion(q) == VERDICTS[0]
        assert all(blk["D"].nrows() in (1, 2) for blk in blocks)
        assert sum(blk["D"].nrows() for blk in blocks) == _hankel_rank(a, b, c)  # minimal
        assert _reproduces(a, b, c, blocks, 3 * m + 4)
    assert built > 40 and refused > 5


def test_irrational_and_non_real_simple_factors_are_realized():
    for a_rows in ([["0", "2"], ["1", "0"]], [["0", "-3"], ["1", "0"]], [["1", "-1"], ["1", "1"]]):
        a, b, c = _mat(a_rows), _mat([["1", "2"], ["0", "1"]]), _mat([["1", "1"]])
        blocks = block_realization(a, b, c, minimal_polynomial(a, b, c))
        assert len(blocks) == 1 and _reproduces(a, b, c, blocks, 12)  # one 2x2 block: A itself is minimal


def test_a_zero_response_has_no_state():
    a, b, c = _mat([["1", "0"], ["0", "2"]]), _mat([["1"], ["0"]]), _mat([["0", "1"]])
    assert block_realization(a, b, c, minimal_polynomial(a, b, c)) == []
    assert describe_blocks([]) == "no state (W = 0)"


def test_describe_blocks_counts_repeats_and_shortens():
    d = [{"D": _mat([[k]])} for k in range(10)] + [{"D": _mat([[0]])}]
    text = describe_blocks(d, limit=3)
    assert text.startswith("diag([[0]] x2, [[1]], [[2]]") and "7 more distinct blocks" in text


def test_the_kalman_reduction_keeps_the_response_and_drops_unseen_states():
    a = _mat([["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]])
    b, c = _mat([["1"], ["0"], ["0"]]), _mat([["1", "1", "1"]])
    a_o, b_o, c_o = minimal_realization(a, b, c)
    assert (a_o.nrows(), a_o[0, 0], (c_o * b_o)[0, 0]) == (1, fmpq(1, 2), 1)
    zero = minimal_realization(a, _mat([["0"], ["0"], ["0"]]), c)
    assert zero[0].nrows() == 0


def test_a_double_root_gets_jordan_chains_and_1x1_blocks_for_the_rest_of_the_kernel():
    a = _mat([["2", "1", "0"], ["0", "2", "0"], ["0", "0", "2"]])
    identity = _mat([["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]])
    blocks = block_realization(a, identity, identity, minimal_polynomial(a, identity, identity))
    assert describe_blocks(blocks) == "diag([[2, 1], [0, 2]], [[2]])"
    assert _reproduces(a, identity, identity, blocks, 10)
