"""Native exact linear algebra over QQ and QQ(i) (constructions/gaussian.py)."""

from __future__ import annotations

from flint import fmpq, fmpq_mat, nmod_mat

from constructions.gaussian import GMat, column_basis, integer_form, krylov_cyclic, minimal_polynomial, primes_1_mod_4


def _gmat(re: list[list[int]], im: list[list[int]] | None = None) -> GMat:
    rows, cols = len(re), len(re[0])
    return GMat(fmpq_mat(rows, cols, sum(re, [])), fmpq_mat(rows, cols, sum(im, [])) if im else None)


def test_primes_are_one_mod_four_with_a_square_root_of_minus_one():
    for p, s in primes_1_mod_4(3):
        assert p % 4 == 1 and pow(s, 2, p) == p - 1


def test_minimal_polynomial_over_qq_i_of_a_diagonal_matrix_with_a_repeated_eigenvalue():
    a = _gmat([[1, 0, 0], [0, 1, 0], [0, 0, 2]], [[1, 0, 0], [0, 1, 0], [0, 0, 0]])
    # (x - (1 + i)) (x - 2) = x^2 - (3 + i) x + 2 + 2i: the repeated eigenvalue counts once
    assert minimal_polynomial(a) == [(2, 2), (-3, -1), (1, 0)]


def test_minimal_polynomial_over_qq_i_annihilates_a_jordan_block_with_rational_parts():
    a = GMat(fmpq_mat(2, 2, [fmpq(1, 2), 1, 0, fmpq(1, 2)]), fmpq_mat(2, 2, [fmpq(1, 3), 0, 0, fmpq(1, 3)]))
    lam_re, lam_im = fmpq(1, 2), fmpq(1, 3)  # (x - lam)^2, lam = 1/2 + i/3
    sq = (lam_re * lam_re - lam_im * lam_im, 2 * lam_re * lam_im)
    assert minimal_polynomial(a) == [sq, (-2 * lam_re, -2 * lam_im), (1, 0)]


def test_integer_form_has_one_common_denominator():
    a = GMat(fmpq_mat(1, 2, [fmpq(1, 2), fmpq(1, 3)]), fmpq_mat(1, 2, [fmpq(1, 4), 0]))
    x, y, den = integer_form(a)
    assert den == 12 and x.entries() == [6, 4] and y.entries() == [3, 0]


def test_column_basis_over_qq_i_finds_a_complex_multiple_as_dependent():
    m = _gmat([[1, 0, 3], [0, 0, 7]], [[0, 1, 0], [0, 0, 0]])  # column 1 = i * column 0
    pivots, coords = column_basis(m)
    assert pivots == [0, 2]
    assert coords[1] == [(0, 1), (0, 0)]


def test_krylov_cyclic_vectors_span_the_space_modulo_the_prime():
    a = _gmat([[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 0, -1], [0, 0, 1, 0]])  # two equal rotations: not cyclic
    vectors = krylov_cyclic(a, 2)
    assert vectors is not None and len(vectors) == 2
    p, _ = primes_1_mod_4(1)[0]
    ap = nmod_mat(4, 4, [x % p for x in a.re.numer_denom()[0].entries()], p)
    columns = []
    for v in vectors:
        u = nmod_mat(4, 1, v, p)
        columns += [u, ap * u]
    stacked = nmod_mat(4, 4, [int(c[r, 0]) for r in range(4) for c in columns], p)
    assert stacked.rank() == 4
