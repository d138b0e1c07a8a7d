"""ssm_gram.py: G = U Y U^T encloses the exact Gram matrix of Experiment I in every representation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from flint import acb, arb, arb_mat, ctx, fmpq, fmpq_mat

from verify.kernel.core.errors import KernelError
from verify.kernel.core.numbers import GQ
from verify.kernel.theories.heads_error.ssm_gram import exact_columns, gram_core, representation, weighted_power_sum


def _gq(z: complex | str) -> GQ:
    if isinstance(z, str):
        return GQ(fmpq(Fraction(z).numerator, Fraction(z).denominator))
    re_part, im_part = Fraction(z.real).limit_denominator(1000), Fraction(z.imag).limit_denominator(1000)
    return GQ(fmpq(re_part.numerator, re_part.denominator), fmpq(im_part.numerator, im_part.denominator))


def _exact_gram(W: list[list[list[GQ]]], n: int) -> fmpq_mat:
    """sum_tau (n - tau) vec W vec W^T from exact real W(tau) (row-major vec)."""
    vecs = [[x.re for row in w for x in row] for w in W]
    side = len(vecs[0])
    G = fmpq_mat(side, side)
    for tau, v in enumerate(vecs):
        for r in range(side):
            for c in range(side):
                G[r, c] += (n - tau) * v[r] * v[c]
    return G


def _diagonal_impulses(lam: list[GQ], B: list, C: list, n: int) -> list:
    """W(tau) = Re(C diag(lam)^tau B) exactly."""
    out, powers = [], [GQ(1)] * len(lam)
    for _ in range(n):
        W = []
        for r in range(len(C)):
            row = []
            for c in range(len(B[0])):
                acc = GQ(0)
                for j in range(len(lam)):
                    acc = acc + C[r][j] * powers[j] * B[j][c]
                row.append(GQ(acc.re))
            W.append(row)
        out.append(W)
        powers = [p * a for p, a in zip(powers, lam)]
    return out


def _encloses(U: fmpq_mat, Y: arb_mat, G: fmpq_mat) -> bool:
    enclosure = arb_mat(U) * Y * arb_mat(U.transpose())
    return enclosure.contains(arb_mat(G))


@pytest.mark.parametrize("n", [1, 2, 5, 17, 100])
@pytest.mark.parametrize("z", [(1, 0), (-1, 0), (0, 0), (fmpq(1, 2), fmpq(-3, 4)), (fmpq(11, 10), 0)])
def test_weighted_power_sum_equals_the_direct_sum(n, z):
    with ctx.workprec(200):
        x = acb(arb(z[0]), arb(z[1]))
        direct = sum(((n - t) * x**t for t in range(n)), acb(0))
        assert weighted_power_sum(x, n).overlaps(direct)
        assert weighted_power_sum(x, n).rad() < 1e-30 * max(1, abs(direct).mid())


def test_diagonal_form_with_conjugate_pairs_real_and_repeated_modes_encloses_exact_g():
    lam = [_gq(0.5 + 0.25j), _gq(0.5 - 0.25j), _gq("-3/4"), _gq("-3/4"), _gq(0), _gq(0.1 + 0.9j)]
    B = [[_gq(complex(j + 1, -j)), _gq(complex(1, 2 - j))] for j in range(6)]
    C = [[_gq(complex(1 - j, j / 2)) for j in range(6)], [_gq(complex(j, 1)) for j in range(6)]]
    n = 12
    with ctx.workprec(200):
        U, recipe = exact_columns("diagonal", lam, B, C, n, "t")
        assert recipe[0] == "diagonal"
        # (0.5 +- 0.25i) merge into one complex mode, the two -3/4 into one real mode, 0 is real: 2 + 1 + 1 + 2 columns
        assert U.ncols() == 6
        G = _exact_gram(_diagonal_impulses(lam, B, C, n), n)
        assert _encloses(U, gram_core(recipe, 200, "t"), G)


def test_short_sequences_use_the_exact_impulse_responses():
    lam = [_gq(0.5 + 0.25j), _gq("1/3")]
    B = [[_gq(1), _gq(2)], [_gq(3), _gq(-1)]]
    C = [[_gq(1j), _gq(1)]]
    with ctx.workprec(128):
        U, Y = representation("diagonal", lam, B, C, 2, 128, "t")
        assert U.ncols() == 2 and Y.contains(arb_mat([[2, 0], [0, 1]]))
        assert _encloses(U, Y, _exact_gram(_diagonal_impulses(lam, B, C, 2), 2))


def test_dense_form_with_complex_eigenvalues_on_the_unit_circle_encloses_exact_g():
    A = fmpq_mat([[fmpq(3, 5), fmpq(-4, 5), 0], [fmpq(4, 5), fmpq(3, 5), 0], [0, 0, fmpq(-1, 2)]])
    B = [[GQ(1), GQ(0)], [GQ(fmpq(1, 3)), GQ(2)], [GQ(-1), GQ(1)]]
    C = [[GQ(1), GQ(0), GQ(1)], [GQ(0), GQ(fmpq(2, 7)), GQ(1)]]
    n = 15
    Bm = fmpq_mat(3, 2, [x.re for row in B for x in row])
    Cm = fmpq_mat(2, 3, [x.re for row in C for x in row])
    W, power = [], Bm
    for _ in range(n):
        P = Cm * power
        W.append([[GQ(P[r, c]) for c in range(2)] for r in range(2)])
        power = A * power
    with ctx.workprec(256):
        U, Y = representation("dense", A, B, C, n, 256, "t")
        assert U.ncols() == 3
        assert _encloses(U, Y, _exact_gram(W, n))


def test_dense_form_refuses_a_repeated_eigenvalue():
    A = fmpq_mat([[fmpq(1, 2), 1], [0, fmpq(1, 2)]])
    B, C = [[GQ(1)], [GQ(1)]], [[GQ(1), GQ(0)]]
    with ctx.workprec(128), pytest.raises(KernelError, match="not isolated"):
        representation("dense", A, B, C, 10, 128, "t")


def test_zero_impulse_response_is_refused():
    with pytest.raises(KernelError, match="identically zero"):
        exact_columns("diagonal", [_gq(0.5)], [[GQ(0)]], [[GQ(1)]], 10, "t")


def test_ball_radii_shrink_with_precision():
    lam = [_gq(0.99 + 0.01j), _gq(0.9)]
    B, C = [[GQ(1)], [GQ(1)]], [[GQ(1), GQ(-1)]]
    radii = []
    for bits in (64, 256):
        with ctx.workprec(bits):
            _, Y = representation("diagonal", lam, B, C, 4096, bits, "t")
            radii.append(max(Y[i, j].rad() for i in range(Y.nrows()) for j in range(Y.nrows())))
    assert radii[1] < radii[0] * arb(2) ** -150
