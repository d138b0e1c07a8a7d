"""Closed forms and features of constructions/modes.py, compared with direct exact powers A^tau and with the first
(power-basis) construction kept in constructions/modes_reference.py."""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly
from hypothesis import given, settings
from hypothesis import strategies as st

from constructions.jordan import to_fraction_matrix
from constructions.modes import (
    NotBlockable,
    analyse,
    head_minimum,
    kt_values,
    lag_features,
    masked_data,
    merged_lag_features,
    real_block_form,
    trace,
)


def _disguised(chosen: list[list[list]], rnd) -> fmpq_mat:
    """S J S^-1 for the block-diagonal J of the chosen blocks and a random positive definite S (drawn from rnd)."""
    m = sum(len(b) for b in chosen)
    j, offset = fmpq_mat(m, m), 0
    for b in chosen:
        for r, row in enumerate(b):
            for c, x in enumerate(row):
                j[offset + r, offset + c] = fmpq(x)
        offset += len(b)
    s = fmpq_mat(m, m, [1 if c >= r else rnd.randint(-2, 2) for r in range(m) for c in range(m)])
    s = s * s.transpose() + fmpq_mat(m, m, [int(r == c) for r in range(m) for c in range(m)])  # positive definite
    return s * j * s.inv()


def _closed_form_value(entry: list, tau: int, f: fmpq_poly) -> fmpq:
    """Tr_f(a^tau entry(tau)) from the trace coordinates (the recurrence of f, independent of the kernel)."""
    return kt_values(entry, f, tau, tau + 1)[tau]


def test_output_closed_form_matches_exact_powers_for_forty_lags():
    a = to_fraction_matrix(
        [["1/2", "1", "0", "0"], ["0", "1/2", "1", "0"], ["0", "0", "1/2", "0"], ["1", "0", "0", "-1"]]
    )
    b = to_fraction_matrix([[0], [0], [1], [1]])
    c = to_fraction_matrix([[1, 0, 0, 1]])
    modes = analyse(a, b, c)
    power = fmpq_mat(4, 4, [int(r == k) for r in range(4) for k in range(4)])
    for tau in range(40):
        expected = (c * power * b)[0, 0]
        got = sum((_closed_form_value(m.output[0][0], tau, m.eigen.modulus) for m in modes.modes), fmpq(0))
        assert got == expected
        power = a * power


def test_singular_matrices_start_the_closed_form_at_the_nilpotency_index():
    a = to_fraction_matrix([[0, 1, 0], [0, 0, 0], [1, 0, "1/2"]])
    modes = analyse(a, to_fraction_matrix([[1], [1], [1]]), to_fraction_matrix([[1, 1, 1]]))
    assert modes.start == 2
    assert [str(m.eigen.modulus) for m in modes.modes] == ["x + (-1/2)"]


def test_trace_of_one_is_the_degree():
    assert trace(fmpq_poly([1]), fmpq_poly([5, 0, 0, 1])) == 3


def test_real_block_form_gives_one_by_one_and_two_by_two_blocks():
    a = to_fraction_matrix([["3/5", "-4/5", "0"], ["4/5", "3/5", "0"], ["1", "0", "1/2"]])
    t, t_inv, sizes = real_block_form(a)
    d = t * a * t_inv
    owner = [k for k, s in enumerate(sizes) for _ in range(s)]
    assert sorted(sizes) == [1, 2]
    assert all(d[r, c] == 0 for r in range(3) for c in range(3) if owner[r] != owner[c])


def test_real_block_form_refuses_a_jordan_block_of_size_three():
    a = to_fraction_matrix([[1, 1, 0], [0, 1, 1], [0, 0, 1]])
    try:
        real_block_form(a)
    except NotBlockable as err:
        assert "sizes [3]" in str(err)
    else:
        raise AssertionError("a Jordan block of size 3 was put in 1x1/2x2 blocks")


def test_masked_data_of_a_delta_has_full_lower_bound():
    a = to_fraction_matrix([[0]])
    modes = analyse(a, to_fraction_matrix([[1]]), to_fraction_matrix([[1]]))
    data = masked_data(modes, [], [fmpq(1)] + [fmpq(0)] * 7)
    assert data["bound"] == 8 and data["rank"] == 0 and data["support"] == [0]


@settings(max_examples=12, deadline=None)
@given(
    kinds=st.lists(st.sampled_from(["real", "pair", "j3", "sqrt"]), min_size=1, max_size=2, unique=True),
    seed=st.integers(0, 10_000),
)
def test_closed_form_agrees_with_powers_for_random_disguised_jordan_forms(kinds, seed):
    import random

    rnd = random.Random(seed)
    blocks = {
        "real": [[fmpq(rnd.randint(-4, 4), 3)]],
        "pair": [[fmpq(3, 5), fmpq(-4, 5)], [fmpq(4, 5), fmpq(3, 5)]],
        "j3": [[fmpq(1, 2), 1, 0], [0, fmpq(1, 2), 1], [0, 0, fmpq(1, 2)]],
        "sqrt": [[0, 3], [1, 0]],
    }
    a = _disguised([blocks[k] for k in kinds], rnd)
    m = a.nrows()
    b = fmpq_mat(m, 1, [rnd.randint(-2, 2) for _ in range(m)])
    c = fmpq_mat(1, m, [rnd.randint(-2, 2) for _ in range(m)])
    modes = analyse(a, b, c)
    power = fmpq_mat(m, m, [int(r == k) for r in range(m) for k in range(m)])
    for tau in range(10):
        got = sum((_closed_form_value(md.output[0][0], tau, md.eigen.modulus) for md in modes.modes), fmpq(0))
        if tau >= modes.start:  # a zero eigenvalue (the 'real' block may be 0) contributes only before start
            assert got == (c * power * b)[0, 0]
        power = a * power


def test_newton_identity_trace_equals_the_matrix_trace_of_the_reference():
    from constructions import modes_reference

    for f in (
        fmpq_poly([5, 0, 0, 1]),
        fmpq_poly([fmpq(1, 3), -2, fmpq(7, 5), 1]),
        fmpq_poly([-2, 0, 1]),
        fmpq_poly([3, 1]),
    ):
        for x in (
            fmpq_poly([1]),
            fmpq_poly([0, 1]),
            fmpq_poly([fmpq(2, 3), -1, 4, fmpq(1, 7)]),
            fmpq_poly([0, 0, 0, 0, 1]),
        ):
            assert trace(x, f) == modes_reference.trace(x, f)


def test_merged_features_count_one_per_power_of_i_and_match_the_minimum():
    # J_3(1/2), W(tau) = binom(tau, 2) lambda^(tau - 2): b = (tau^2 - tau) / (2 lambda^2) has the powers q = 1, 2,
    # for which the paper lists (q + 1) features each (2 + 3 = 5); merged over q: t = 0, 1, 2, three features
    a = fmpq_mat([[fmpq(1, 2), 1, 0], [0, fmpq(1, 2), 1], [0, 0, fmpq(1, 2)]])
    modes = analyse(a, fmpq_mat([[0], [0], [1]]), fmpq_mat([[1, 0, 0]]))
    b = modes.modes[0].output[0][0]
    assert [q for q, c in enumerate(b) if any(x != 0 for x in c)] == [1, 2]
    assert len(merged_lag_features(b)) == 3
    assert len(lag_features(b)) == 5
    assert head_minimum(modes, [b]) == 3


def _trace_coordinates(element: dict, f: fmpq_poly) -> list[list[fmpq]]:
    """A power-basis K[tau] element {q: x_q} of the first construction in trace coordinates, trailing zeros cut."""
    top = max((q for q, x in element.items() if not x.is_zero()), default=-1)
    out = []
    for q in range(top + 1):
        x = element.get(q, fmpq_poly([0]))
        out.append([trace((x * fmpq_poly([0] * k + [1])) % f, f) for k in range(f.degree())])
    return out


def test_closed_forms_and_coordinates_equal_the_first_construction_on_every_builtin_instance():
    from constructions import modes_reference
    from verify.claims.sA_modes import INSTANCES, instance_data

    for name, rows in INSTANCES.items():
        data = instance_data(name)
        modes = data["modes"]
        a, b, c = (to_fraction_matrix(r) for r in rows)
        start, old = modes_reference.closed_forms(a, b, c)
        assert start == modes.start
        assert [f for f, _, _ in old] == [m.eigen.modulus for m in modes.modes]
        for (f, _, output), mode in zip(old, modes.modes):
            assert [[_trace_coordinates(x, f) for x in row] for row in output] == mode.output
        old_b = modes_reference.head_coefficients([(f, out) for f, _, out in old], data["functionals"])
        fs = [f for f, _, _ in old]
        assert [[_trace_coordinates(x, f) for x, f in zip(row, fs)] for row in old_b] == data["b"]
        old_chains = [(e.modulus, e.chains) for e in modes_reference.eigen_structure(a)]
        assert old_chains == [(e.modulus, e.chains) for e in modes.eigen]


def test_feature_counts_and_minimum_equal_the_first_construction_on_every_invertible_instance():
    from constructions import modes_reference
    from verify.claims.sA_modes import INSTANCES, INVERTIBLE, instance_data, lag_goal

    for name in INVERTIBLE:
        data = instance_data(name)
        a, b, c = (to_fraction_matrix(r) for r in INSTANCES[name])
        _, old = modes_reference.closed_forms(a, b, c)
        old_b = modes_reference.head_coefficients([(f, out) for f, _, out in old], data["functionals"])
        sizes = [
            max(len(ch) for ch in e.chains)
            for e in modes_reference.eigen_structure(a)
            if e.modulus.degree() and e.modulus != fmpq_poly([0, 1])
        ]
        degrees = [f.degree() for f, _, _ in old]
        paper = sum(d * j * (j + 1) // 2 for d, j in zip(degrees, sizes))
        merged = sum(d * j for d, j in zip(degrees, sizes))
        assert lag_goal(data)["bound"] == paper and lag_goal(data, "merged")["bound"] == merged
        old_minimum = [sum(d * (max(x) + 1) for d, x in zip(degrees, row) if x) for row in old_b]
        assert [head_minimum(data["modes"], row) for row in data["b"]] == old_minimum


@settings(max_examples=10, deadline=None)
@given(
    kinds=st.lists(st.sampled_from(["pair-j2", "cube", "nil2", "j2"]), min_size=1, max_size=2, unique=True),
    seed=st.integers(0, 10_000),
)
def test_closed_forms_equal_the_first_construction_for_random_disguised_jordan_forms(kinds, seed):
    import random

    from constructions import modes_reference

    rnd = random.Random(seed)
    blocks = {
        "pair-j2": [[1, -2, 1, 0], [2, 1, 0, 1], [0, 0, 1, -2], [0, 0, 2, 1]],  # 1 +- 2i with Jordan blocks of size 2
        "cube": [[0, 0, 2], [1, 0, 0], [0, 1, 0]],  # the roots of a^3 - 2
        "nil2": [[0, 1], [0, 0]],
        "j2": [[fmpq(rnd.randint(1, 5), 3), 1], [0, fmpq(rnd.randint(1, 5), 3)]],
    }
    a = _disguised([blocks[k] for k in kinds], rnd)
    m = a.nrows()
    b = fmpq_mat(m, 2, [rnd.randint(-2, 2) for _ in range(2 * m)])
    c = fmpq_mat(2, m, [rnd.randint(-2, 2) for _ in range(2 * m)])
    new = analyse(a, b, c)
    start, old = modes_reference.closed_forms(a, b, c)
    assert start == new.start and [f for f, _, _ in old] == [md.eigen.modulus for md in new.modes]
    for (f, _, output), mode in zip(old, new.modes):
        assert [[_trace_coordinates(x, f) for x in row] for row in output] == mode.output
