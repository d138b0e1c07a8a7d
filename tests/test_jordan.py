"""Exact Jordan chains over QQ[a]/(f) (constructions/jordan.py), compared with independent exact arithmetic."""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.jordan import (
    NORMALIZE_DEGREE,
    eigen_factors,
    eigen_structure,
    format_elem,
    inverse,
    jordan_chains,
    to_fraction_matrix,
)


def _apply(a: fmpq_mat, v: list, f: fmpq_poly) -> list:
    return [sum((fmpq_poly([a[r, c]]) * v[c] for c in range(a.ncols())), fmpq_poly([0])) % f for r in range(a.nrows())]


def test_eigen_factors_of_a_jordan_block_and_a_pair_are_found_with_multiplicity():
    a = to_fraction_matrix(
        [["1/2", "1", "0", "0"], ["0", "1/2", "0", "0"], ["0", "0", "0", "-1"], ["0", "0", "1", "0"]]
    )
    factors = eigen_factors(a)
    assert [(str(f), e) for f, e in factors] == [("x + (-1/2)", 2), ("x^2 + 1", 1)]


def test_jordan_chains_satisfy_the_chain_relations_for_a_disguised_block_of_size_three():
    s = to_fraction_matrix([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
    j = to_fraction_matrix([["1/3", "1", "0"], ["0", "1/3", "1"], ["0", "0", "1/3"]])
    a = s * j * s.inv()
    f = fmpq_poly([fmpq(-1, 3), 1])  # a - 1/3
    chains = jordan_chains(a, f, 3)
    assert [len(c) for c in chains] == [3]
    lam = fmpq_poly([0, 1]) % f
    previous = [fmpq_poly([0])] * 3
    for v in chains[0]:
        image = _apply(a, v, f)
        assert [(x - lam * y) % f for x, y in zip(image, v)] == [p % f for p in previous]
        previous = v


def test_spectral_rows_of_the_reference_are_dual_to_the_chains():
    from constructions import modes_reference

    a = to_fraction_matrix([[0, 2, 0], [1, 0, 0], [1, 1, 3]])
    eig = modes_reference.eigen_structure(a)
    for e in eig:
        f = e.modulus
        columns = [v for chain in e.chains for v in chain]
        for r, row in enumerate(e.dual):
            for c, col in enumerate(columns):
                assert sum((x * y for x, y in zip(row, col)), fmpq_poly([0])) % f == fmpq_poly([int(r == c)])
    sizes = sorted((str(e.modulus), e.sizes) for e in eig)
    assert sizes == [("x + (-3)", [1]), ("x^2 + (-2)", [1])]


def test_inverse_over_a_number_field_is_a_two_sided_inverse():
    f = fmpq_poly([-2, 0, 1])
    gen = fmpq_poly([0, 1])
    m = [[gen, fmpq_poly([1])], [fmpq_poly([1]), gen]]  # det = a^2 - 1 = 1 modulo a^2 - 2
    inv = inverse(m, f)
    prod = [[sum((m[r][k] * inv[k][c] for k in range(2)), fmpq_poly([0])) % f for c in range(2)] for r in range(2)]
    assert prod == [[fmpq_poly([1]), fmpq_poly([0])], [fmpq_poly([0]), fmpq_poly([1])]]


def test_format_elem_writes_kernel_expressions_in_the_generator():
    assert format_elem(fmpq_poly([1, -3]) / 2) == "1/2 + -3/2*a"
    assert format_elem(fmpq_poly([0])) == "0"


def test_eigen_structure_with_the_simple_eigenvalue_path_equals_the_reference():
    from constructions import modes_reference
    from verify.claims.sA_modes import INSTANCES

    cases = [rows[0] for rows in INSTANCES.values()]
    cases += [[[0, 2, 0], [1, 0, 0], [1, 1, 3]], [["1/2", 1, 0], [0, "1/3", 1], [1, 0, -1]], [[2, 1], [0, 2]]]
    for rows in cases:
        a = to_fraction_matrix([[str(x) for x in r] for r in rows])
        fast, slow = eigen_structure(a), modes_reference.eigen_structure(a)
        assert [e.modulus for e in fast] == [e.modulus for e in slow]
        for e, ref in zip(fast, slow):
            if e.modulus.degree() <= NORMALIZE_DEGREE:
                assert e.chains == ref.chains
            else:  # g(A) u, not normalized: a K-multiple of the canonical eigenvector
                assert e.sizes == ref.sizes == [1] and _proportional(e.chains[0][0], ref.chains[0][0], e.modulus)


def _proportional(v: list, w: list, f: fmpq_poly) -> bool:
    """v = c w over K = QQ[a]/(f) for some c (f irreducible, w nonzero)."""
    k = next(i for i, y in enumerate(w) if not y.is_zero())
    c = v[k] * inverse([[w[k]]], f)[0][0]
    return all(((c * y - x) % f).is_zero() for x, y in zip(v, w))


def test_a_simple_eigenvalue_of_degree_three_keeps_the_unnormalized_eigenvector():
    # a^3 - 2 (degree 3 > NORMALIZE_DEGREE): g(A) u is an eigenvector, a K-multiple of the canonical one
    from constructions import modes_reference

    a = to_fraction_matrix([[0, 0, 2, 0], [1, 0, 0, 0], [0, 1, 0, 0], [1, 1, 1, "1/2"]])
    fast = {str(e.modulus): e for e in eigen_structure(a)}
    slow = {str(e.modulus): e for e in modes_reference.eigen_structure(a)}
    e, canonical = fast["x^3 + (-2)"], slow["x^3 + (-2)"].chains[0][0]
    f, v = e.modulus, e.chains[0][0]
    lam = fmpq_poly([0, 1])
    assert [(x - lam * y) % f for x, y in zip(_apply(a, v, f), v)] == [fmpq_poly([0])] * 4
    assert _proportional(v, canonical, f) and v != canonical


def test_native_kmatmul_equals_the_polynomial_products(monkeypatch):
    import random

    from constructions import jordan

    rng = random.Random(4)
    for f in (fmpq_poly([fmpq(-1, 3), 1]), fmpq_poly([2, 0, 1]), fmpq_poly([1, -1, fmpq(2, 7), 1])):
        e = f.degree()
        draw = lambda e=e, f=f: fmpq_poly([fmpq(rng.randint(-5, 5), rng.randint(1, 4)) for _ in range(e + 1)]) % f  # noqa: E731
        x = [[draw() for _ in range(3)] for _ in range(4)]
        y = [[draw() for _ in range(2)] for _ in range(3)]
        native = jordan.kmatmul(x, y, f)
        monkeypatch.setattr(jordan, "KMATMUL_NATIVE_DEGREE", 0)
        assert native == jordan.kmatmul(x, y, f)
        monkeypatch.setattr(jordan, "KMATMUL_NATIVE_DEGREE", 4)


def test_realified_jordan_chains_equal_the_chains_over_k(monkeypatch):
    from constructions import jordan

    s = to_fraction_matrix([[1, 1, 0, 2, 1], [0, 1, 1, 0, -1], [0, 0, 1, 1, 0], [0, 0, 0, 1, 1], [1, 0, 0, 0, 1]])
    j = to_fraction_matrix(
        [[2, 1, 0, 0, 0], [0, 2, 0, 0, 0], [0, 0, 2, 0, 0], [0, 0, 0, 0, -1], [0, 0, 0, 1, 0]]
    )  # J_2(2) + (2) + a rotation: multiplicity 3 with blocks [2, 1], and a quadratic pair
    a = s * j * s.inv()
    for f, e in eigen_factors(a):
        fast = jordan.jordan_chains(a, f, e)
        monkeypatch.setattr(jordan, "REALIFIED_CHAINS_SIZE", 0)
        assert fast == jordan.jordan_chains(a, f, e)
        monkeypatch.setattr(jordan, "REALIFIED_CHAINS_SIZE", 256)
