"""Appendix A: the exact minimum feature dimension of each head under the causal mask (kind lag_minimum).

Goal: A, the output modes and b_{h,l}(tau) per head (read as in lag_features: irreducible moduli of nonzero
eigenvalues of A, deg_tau b_{h,l} < J_l read off A), and minimum[h] per head. The lag kernel is
g_h(tau) = sum_l Tr_{m_l}(a^tau b_{h,l}(tau)).

Witness: per head, complex lag features (phi in i and L = a^i, psi in j, M = a^-j and the symbols B_q, one list
per mode), as in lag_features. The kernel checks:
  upper: per mode, sum phi psi = L M sum_q B_q (i - j)^q identically, so <phi(i), psi(j)> = g_h(i - j) for all
         integers i, j (kind_features.py), with sum_l deg(m_l) len(features_l) = minimum[h] features (lag-only, no
         mask needed);
  lower: it computes g_h(0), ..., g_h(2R - 2) exactly (R = minimum[h]) from the trace coordinates of b by the
         recurrence of each m_l and checks that the R x R matrix H = [g_h(R - 1 + a - b)]_{a, b = 0..R-1}
         is nonsingular: its cleared numerator has rank R modulo a 62-bit prime (a lower bound on the rank).
Why this is the minimum: let n >= 2R - 1 and phi, psi: {1..n} -> C^r with <phi(i), psi(j)> = g_h(i - j) for
all 1 <= j <= i <= n (the causal mask leaves the entries i < j free). The n x n matrix P Q^T has rank <= r and
agrees with g_h(i - j) on i >= j; its rows i = R..2R-1 and columns j = 1..R lie in that region (i >= R >= j)
and form H (a = i - R, b = j - 1), so r >= rank H = R. The witness attains R. Hence, for every n >= 2R - 1,
R is the smallest feature dimension of any features (lag-only or not, real or complex) reproducing head h
under the causal mask, and also without it. (For n < 2R - 1 the masked minimum can be smaller.)
"""

from __future__ import annotations

from flint import fmpq, fmpq_poly, nmod_mat

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.flint_matrix import P, mod_p_image, rank_mod_p
from ...core.kind import Establishes, KindTable
from ...core.limits import charge
from ...core.numbers import parse_integer
from .kind_features import FeatureMemo, HeadPowers, head_features, read_modes_and_heads
from .kind_output import KTMatrix
from .trace_coordinates import KT, closed_form_values, monic

__all__ = ["KINDS", "ESTABLISHES", "lag_values", "lag_images"]


# (moduli, block sizes, supports, minimum per head, H_l per modulus, b, A's entries, A's side)
Goal = tuple[
    tuple[fmpq_poly, ...],
    tuple[int, ...],
    HeadPowers,
    tuple[int, ...],
    tuple[KTMatrix, ...],
    tuple[tuple[KT, ...], ...],
    tuple[fmpq, ...],
    int,
]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(moduli, sizes, supports, minimum per head, closed forms, b, A) read strictly."""
    expect_keys(goal, where, ("A", "modes", "b", "minimum"))
    a, moduli, sizes, heads, coeffs, b = read_modes_and_heads(goal, where)
    minimum = goal["minimum"]
    if not isinstance(minimum, list) or len(minimum) != len(heads):
        raise KernelError(f"{where}.minimum", f"expected one integer per head ({len(heads)})")
    values = tuple(parse_integer(x, f"{where}.minimum[{h}]", 0, a.nrows()) for h, x in enumerate(minimum))
    return (moduli, sizes, heads, values, coeffs, b, tuple(a.entries()), a.nrows())


def lag_values(
    moduli: tuple[fmpq_poly, ...], heads: tuple[tuple[KT, ...], ...], counts: list[int], where: str = "lag values"
) -> list[list[fmpq]]:
    """Per head h: g_h(0), ..., g_h(counts[h] - 1) with g_h(tau) = sum_l Tr_{m_l}(a^tau b_{h,l}(tau)), exactly."""
    top = max(counts, default=0)
    out = [[fmpq(0)] * count for count in counts]
    for k, m in enumerate(moduli):
        values = closed_form_values([row[k] for row in heads], m, 0, top, f"{where}: mode {k}")
        for h, count in enumerate(counts):
            out[h] = [x + y for x, y in zip(out[h], values[h][:count])]
    return out


def lag_images(
    moduli: tuple[fmpq_poly, ...], heads: tuple[tuple[KT, ...], ...], counts: list[int], where: str
) -> list[list[int]]:
    """Per head h: the images modulo P of g_h(0), ..., g_h(counts[h] - 1), by the recurrence of each m_l modulo P.

    Reduction modulo P is a ring map on the rationals whose denominators are prime to P (any other denominator is a
    KernelError: undecided), so the images of the exact sequences Tr_m(a^k x_q) satisfy the images of m's
    recurrence, and g_h's image is sum_l sum_q tau^q (image of Tr(a^tau b_(h,l,q))): the images of the exact values.
    """
    top = max(counts, default=0)
    out = [[0] * count for count in counts]
    for k, m in enumerate(moduli):
        what = f"{where}: mode {k} modulo P"
        d = m.degree()
        step = [(-mod_p_image(c, what)) % P for c in monic(m)]
        for h, row in enumerate(heads):
            for q, coords in enumerate(row[k]):
                charge(sum(2 + max(x.p.bit_length(), x.q.bit_length()) // 256 for x in coords) + top * (d + 2), what)
                seq = [mod_p_image(x, what) for x in coords][:top]
                while len(seq) < top:
                    seq.append(sum(c * x for c, x in zip(step, seq[-d:])) % P)
                for tau in range(counts[h]):
                    out[h][tau] = (out[h][tau] + pow(tau, q, P) * seq[tau]) % P
    return out


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """Per head: features of dimension minimum[h] (upper) and a nonsingular R x R lag block (lower)."""
    moduli, _, heads, minimum, _, b = goal[:6]
    items = expect_keys(witness, f"{where}.witness", ("heads",))["heads"]
    if not isinstance(items, list) or len(items) != len(heads):
        raise KernelError(f"{where}.witness.heads", f"expected one witness per head ({len(heads)})")
    memo: FeatureMemo = {}
    for h, (polys, item, r) in enumerate(zip(heads, items, minimum)):
        here = f"{where}.witness.heads[{h}]"
        expect_keys(item, here, ("features",))
        count = head_features(moduli, polys, item["features"], here, memo=memo)
        if count != r:
            raise KernelError(here, f"{count} features, expected exactly the minimum {r}")
    images = lag_images(moduli, b, [max(2 * r - 1, 0) for r in minimum], where)
    for h, (image, r) in enumerate(zip(images, minimum)):
        if not r:
            continue
        what = f"{where}: rank of the lag block of head {h}"
        charge(r * r, what)  # the block's entries are the images of the 2R - 1 values g(0..2R - 2)
        block = nmod_mat(r, r, [image[r - 1 + a - b] for a in range(r) for b in range(r)], P)
        if rank_mod_p(block, what) != r:
            raise KernelError(
                f"{where}.witness.heads[{h}]",
                f"the lag block [g(R - 1 + a - b)] of size {r} is not shown nonsingular: no lower bound {r}",
            )


KINDS: KindTable = {"lag_minimum": (_goal, _check)}

# The minimum of each head is a function of its lag kernel, i.e. of A, the modes and b.
ESTABLISHES: Establishes = {"lag_minimum": {"minimum": ("A", "modes", "b")}}
