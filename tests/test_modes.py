"""Closed forms and features of constructions/modes.py, compared with direct exact powers A^tau."""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly
from hypothesis import given, settings
from hypothesis import strategies as st

from constructions.jordan import to_fraction_matrix
from constructions.modes import (
    NotBlockable,
    analyse,
    head_minimum,
    lag_features,
    masked_data,
    merged_lag_features,
    real_block_form,
    trace,
)


def _closed_form_value(entry: dict, tau: int, f: fmpq_poly) -> fmpq:
    """Tr_f(a^tau entry(tau)) evaluated independently of the kernel."""
    gen = fmpq_poly([0, 1])
    value = sum((x * tau**k for k, x in entry.items()), fmpq_poly([0]))
    return trace((gen**tau * value) % f, f)


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
    chosen = [blocks[k] for k in kinds]
    m = sum(len(b) for b in chosen)
    j = fmpq_mat(m, m)
    offset = 0
    for b in chosen:
        for r, row in enumerate(b):
            for c, x in enumerate(row):
                j[offset + r, offset + c] = fmpq(x)
        offset += len(b)
    s = fmpq_mat(m, m, [1 if c >= r else rnd.randint(-2, 2) for r in range(m) for c in range(m)])
    s = s * s.transpose() + fmpq_mat(m, m, [int(r == c) for r in range(m) for c in range(m)])  # positive definite
    a = s * j * s.inv()
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
    b = {q: c for q, c in modes.modes[0].output[0][0].items() if not c.is_zero()}
    assert len(merged_lag_features(modes.modes[0], b)) == 3
    assert len(lag_features(modes.modes[0], b)) == 5
    assert head_minimum(modes, [b]) == 3
