"""Appendix A: the exact minimum feature dimension of each head under the causal mask (kind lag_minimum).

Goal: A, the output modes and b_{h,l}(tau) per head (read as in lag_features: irreducible moduli of nonzero
eigenvalues of A, deg_tau b_{h,l} < J_l read off A), and minimum[h] per head. The lag kernel is
g_h(tau) = sum_l Tr_{m_l}(a^tau b_{h,l}(tau)).

Witness: per head, complex lag features (phi in i and L = a^i, psi in j and M = a^-j, one list per mode), as
in lag_features. The kernel checks:
  upper: per mode, sum phi psi = L M b_{h,l}(i - j) modulo m_l, so <phi(i), psi(j)> = g_h(i - j) for all
         integers i, j, with sum_l deg(m_l) len(features_l) = minimum[h] features (lag-only, no mask needed);
  lower: it computes g_h(0), ..., g_h(2R - 2) exactly (R = minimum[h]) and checks that the R x R matrix
         H = [g_h(R - 1 + a - b)]_{a, b = 0..R-1} is nonsingular.
Why this is the minimum: let n >= 2R - 1 and phi, psi: {1..n} -> C^r with <phi(i), psi(j)> = g_h(i - j) for
all 1 <= j <= i <= n (the causal mask leaves the entries i < j free). The n x n matrix P Q^T has rank <= r and
agrees with g_h(i - j) on i >= j; its rows i = R..2R-1 and columns j = 1..R lie in that region (i >= R >= j)
and form H (a = i - R, b = j - 1), so r >= rank H = R. The witness attains R. Hence, for every n >= 2R - 1,
R is the smallest feature dimension of any features (lag-only or not, real or complex) reproducing head h
under the causal mask, and also without it. (For n < 2R - 1 the masked minimum can be smaller.)
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from .errors import KernelError, expect_keys
from .kind_features import head_features, read_modes_and_heads
from .limits import charge, rational_work
from .numbers import parse_integer
from .poly import Poly

__all__ = ["KINDS", "ESTABLISHES", "lag_values"]


def _goal(goal: dict, where: str) -> tuple:
    """(moduli, sizes, heads, minimum per head, closed forms, A) read strictly."""
    expect_keys(goal, where, ("A", "modes", "b", "minimum"))
    a, moduli, sizes, heads, coeffs = read_modes_and_heads(goal, where)
    minimum = goal["minimum"]
    if not isinstance(minimum, list) or len(minimum) != len(heads):
        raise KernelError(f"{where}.minimum", f"expected one integer per head ({len(heads)})")
    values = tuple(parse_integer(x, f"{where}.minimum[{h}]", 0, a.nrows()) for h, x in enumerate(minimum))
    return (moduli, sizes, heads, values, coeffs, tuple(a.entries()), a.nrows())


def _traces(m: fmpq_poly) -> list[fmpq]:
    """Tr_m(a^k) for k < deg m: the trace of multiplication by a^k on the basis 1, a, ..., a^(d-1)."""
    d = m.degree()
    out = []
    for k in range(d):
        total = fmpq(0)
        for s in range(d):
            coeffs = (fmpq_poly([0] * (s + k) + [1]) % m).coeffs()
            total += coeffs[s] if s < len(coeffs) else fmpq(0)
        out.append(total)
    return out


def _tau_coefficients(b: Poly) -> dict[int, fmpq_poly]:
    """b(a, tau) = sum_q b_q(a) tau^q, with b_q as fmpq_poly in a (variables are (a, tau))."""
    parts: dict[int, dict[int, fmpq]] = {}
    for (ea, et), c in b.terms.items():
        parts.setdefault(et, {})[ea] = c.re
    return {q: fmpq_poly([p.get(k, fmpq(0)) for k in range(max(p) + 1)]) for q, p in parts.items()}


def lag_values(moduli: tuple, polys: tuple, count: int) -> list[fmpq]:
    """g(0), ..., g(count - 1) with g(tau) = sum_l Tr_{m_l}(a^tau b_l(tau)), exactly."""
    out = [fmpq(0)] * count
    for m, b in zip(moduli, polys):
        charge(count * (m.degree() + 1) ** 2 * (len(b.terms) + 1), "lag values")
        traces, parts = _traces(m), _tau_coefficients(b)
        power, generator = fmpq_poly([1]), fmpq_poly([0, 1])
        for tau in range(count):
            value = sum((bq * tau**q for q, bq in parts.items()), fmpq_poly([0]))
            coeffs = ((power * value) % m).coeffs()
            out[tau] += sum((c * t for c, t in zip(coeffs, traces)), fmpq(0))
            power = (power * generator) % m
    return out


def _check(goal: tuple, witness: dict, where: str) -> None:
    """Per head: features of dimension minimum[h] (upper) and a nonsingular R x R lag block (lower)."""
    moduli, _, heads, minimum = goal[:4]
    items = expect_keys(witness, f"{where}.witness", ("heads",))["heads"]
    if not isinstance(items, list) or len(items) != len(heads):
        raise KernelError(f"{where}.witness.heads", f"expected one witness per head ({len(heads)})")
    for h, (polys, item, r) in enumerate(zip(heads, items, minimum)):
        here = f"{where}.witness.heads[{h}]"
        expect_keys(item, here, ("features",))
        count = head_features(moduli, polys, item["features"], here)
        if count != r:
            raise KernelError(here, f"{count} features, expected exactly the minimum {r}")
        g = lag_values(moduli, polys, max(2 * r - 1, 0))
        block = fmpq_mat(r, r, [g[r - 1 + a - b] for a in range(r) for b in range(r)]) if r else None
        if block is not None:
            bits = max((max(x.p.bit_length(), x.q.bit_length()) for x in g), default=1)
            charge(rational_work(r**3, bits), "rank of the lag block")
            if block.rank() != r:
                raise KernelError(here, f"the lag block [g(R - 1 + a - b)] of size {r} is singular: no lower bound {r}")


KINDS: dict = {"lag_minimum": (_goal, _check)}

# The minimum of each head is a function of its lag kernel, i.e. of A, the modes and b.
ESTABLISHES: dict = {"lag_minimum": {"minimum": ("A", "modes", "b")}}
