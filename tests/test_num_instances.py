"""Tests of verify/statements/num_instances.py: the num.* statements' SSMs, head forms, modes and sizes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from verify.statements.num_instances import (
    BASES,
    BUILTINS,
    MODES,
    OMEGA,
    SIZES,
    fft_size,
    head_form,
    ssm,
    text,
)


def _times(P, Q):
    """Exact matrix product."""
    return [[sum((p * q for p, q in zip(row, col)), Fraction(0)) for col in zip(*Q)] for row in P]


def _gpow(z, t):
    """z^t for a Gaussian rational (a, b)."""
    re, im = Fraction(1), Fraction(0)
    for _ in range(t):
        re, im = re * z[0] - im * z[1], re * z[1] + im * z[0]
    return re, im


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("basis", BASES)
def test_head_form_reconstructs_every_impulse_response(name, basis):
    # eq. (8): W(tau) = C A^tau B = sum_h c_{tau,h} V^(h), c_{tau,h} = Re sum_l beta_hl lambda_l^tau, exactly
    A, B, C = ssm(name)
    V, beta, lam = head_form(name, basis)
    power = B
    for tau in range(2 * len(A) + 3):
        W = _times(C, power)
        powers = [_gpow(z, tau) for z in lam]
        c = [sum((b[0] * z[0] - b[1] * z[1] for b, z in zip(row, powers)), Fraction(0)) for row in beta]
        total = [[sum(c[h] * V[h][i][j] for h in range(len(V))) for j in range(len(W[0]))] for i in range(len(W))]
        assert total == W, (name, basis, tau)
        power = _times(A, power)


@pytest.mark.parametrize("name", BUILTINS)
def test_ssms_are_stable_dyadic_block_rotations(name):
    A, B, C = ssm(name)
    assert all(Fraction(float(x)) == x for M in (A, B, C) for row in M for x in row)
    for r in range(0, len(A), 2):
        a, b = A[r][r], A[r + 1][r]
        assert A[r][r + 1] == -b and A[r + 1][r + 1] == a and a * a + b * b <= 1


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("basis", BASES)
def test_statement_data_equals_the_producers_copy(name, basis):
    # numeric/ keeps its own copy; a difference would also show as a goal mismatch when a certificate is checked
    from numeric.construction import builtin
    from numeric.construction import head_form as producer_form

    model = builtin(name)
    assert ssm(name) == tuple([list(r) for r in M] for M in (model.A, model.B, model.C))
    form = producer_form(model, basis)
    V, beta, lam = head_form(name, basis)
    assert V == [[list(r) for r in M] for M in form.V]
    assert beta == [list(r) for r in form.beta] and lam == list(form.lam)


def test_modes_and_overflow_indices_equal_the_producers():
    from numeric.features import MODES as PRODUCER_MODES
    from numeric.features import OMEGA as PRODUCER_OMEGA
    from numeric.features import overflow_index

    assert OMEGA == PRODUCER_OMEGA == 2**1024 - 2**970
    assert [(label, a, b) for label, a, b, _ in MODES] == [(m.label, m.a, m.b) for m in PRODUCER_MODES]
    assert [n for *_, n in MODES] == [overflow_index(m) for m in PRODUCER_MODES]


def test_sizes_and_fft_lengths():
    from numeric.checks import SIZES as PRODUCER_SIZES
    from numeric.ssm import fft_size as producer_fft_size

    assert SIZES == PRODUCER_SIZES
    for n in (1, 2, 3, 1024, 2048, 4096, 131072, 1_000_000):
        N = fft_size(n)
        assert N >= 2 * n and N & (N - 1) == 0 and N < 4 * n and N == producer_fft_size(n)


def test_text_is_exact():
    assert text(Fraction(-3, 4)) == "-3/4" and text(Fraction(5)) == "5"
