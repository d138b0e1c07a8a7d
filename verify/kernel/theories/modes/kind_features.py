"""Appendix A feature kinds: eq. (21) lag features <phi_h(i), psi_h(j)> = g_h(i - j) and their rational form.

The lag kernel of head h is g_h(tau) = sum_l Tr_{m_l}(a^tau b_{h,l}(tau)) (eq. 20 over the roots of m_l), with
b_{h,l}(tau) = sum_q b_{h,l,q} tau^q in K_l[tau] (trace coordinates). Features are given per head and per
mode l as polynomials with rational coefficients in the position (i or j) and in formal symbols, and the kernel
checks one polynomial identity per mode, in which the symbols stay symbols:
  complex (lag_features): phi in (i, L), psi in (j, M, B_q for q in supp b_{h,l}), and
      sum_t phi_t psi_t = L M sum_q B_q (i - j)^q.
      For each root alpha of m_l put L = alpha^i, M = alpha^-j (m_l(0) != 0) and B_q = b_{h,l,q}(alpha): every
      feature pair t gives one complex pair phi_t(i, alpha^i), psi_t(j, alpha^-j, b(alpha)) of functions of i alone
      and of j alone, and their sum over t and alpha is sum_alpha alpha^(i-j) b_{h,l}(alpha)(i - j)
      = Tr_l(a^(i-j) b_{h,l}(i - j)), the l-part of g_h(i - j), for all integers i, j: deg(m_l) features per listed one;
  real (real_lag_features): phi in (i, X), psi in (j, Z_q for q in supp), and
      sum_t phi_t psi_t = X sum_q Z_q (i - j)^q.
      For r < deg m_l put X = X_{l,r}(i), the r-th rational coordinate of a^i modulo m_l (a^i = sum_r X_{l,r}(i) a^r),
      and Z_q = Z_{l,q,r}(j) = Tr_l(a^(r-j) b_{h,l,q}), a rational number: each (t, r) is one pair of rational
      functions of i alone and of j alone, and summing over r gives sum_q (i - j)^q Tr_l((sum_r X_{l,r}(i) a^r)
      a^-j b_{h,l,q}) = Tr_l(a^(i-j) b_{h,l}(i - j)) (Tr is QQ-linear): again deg(m_l) features per listed one.
An identity with symbolic L, M, B (or X, Z) holds at every specialization, hence for all integers i, j and every b
with that support; only which b_{h,l,q} are nonzero enters the identity. So the goal is A, the support (the moduli
and, per head and mode, the powers q of tau with b_{h,l,q} != 0: dual_coordinates pins it from the b of eq. (20)),
the construction and the bound; b itself (hundreds of kilobytes for a 64-state SSM) is not repeated here.

The goal's construction names the bound the feature count must meet, computed from A and the moduli (J_l =
the index of m_l's roots, read off A): "paper", sum_l deg(m_l) J_l (J_l + 1)/2 (the paper's features indexed by
(l, q, t)); "merged", sum_l deg(m_l) J_l (features indexed by (l, t) only, since phi depends on (l, t) alone),
which is <= m because J_l is at most the multiplicity of each root of m_l.
"""

from __future__ import annotations

import json

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import Checker, Establishes, KindTable
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_integer
from ...core.poly import Poly, read_poly, relabel
from .jordan_structure import charpoly, is_irreducible, root_index
from .kind_dual import read_heads, read_support
from .kind_output import KTMatrix, read_output_modes
from .trace_coordinates import KT, support

__all__ = ["KINDS", "ESTABLISHES", "CONSTRUCTIONS", "read_modes_and_heads", "head_features"]

CONSTRUCTIONS = ("paper", "merged")
# The symbols of each feature family: (left symbol, right symbols, coefficient-symbol prefix).
Family = tuple[str, tuple[str, ...], str]
_COMPLEX: Family = ("L", ("M",), "B")
_REAL: Family = ("X", (), "Z")
# Per head, per mode: the increasing powers of tau of b's support.
HeadPowers = tuple[tuple[tuple[int, ...], ...], ...]
# Checked feature identities of one obligation: (feature texts, support, family) -> number of features.
FeatureMemo = dict[tuple[str, tuple[int, ...], Family], int]
# (A, moduli, block sizes, supports, H_l per modulus, b)
ModesAndHeads = tuple[
    fmpq_mat, tuple[fmpq_poly, ...], tuple[int, ...], HeadPowers, tuple[KTMatrix, ...], tuple[tuple[KT, ...], ...]
]
# (moduli, block sizes, supports, bound, A's entries, A's side, construction)
LagGoal = tuple[tuple[fmpq_poly, ...], tuple[int, ...], HeadPowers, int, tuple[fmpq, ...], int, str]


def mode_sizes(a: fmpq_mat, moduli: tuple[fmpq_poly, ...], where: str, field: str) -> tuple[int, ...]:
    """J_l for each modulus: nonzero, irreducible roots that are eigenvalues of A, their largest Jordan block."""
    if not moduli:
        raise KernelError(f"{where}.{field}", "expected at least one nonzero eigenvalue")
    sizes: list[int] = []
    chi = charpoly(a)
    for k, m in enumerate(moduli):
        here = f"{where}.{field}[{k}]"
        if m_zero(m):
            raise KernelError(here, "has the root 0: (A2) needs nonzero eigenvalues")
        if not is_irreducible(m):
            raise KernelError(here, "expected an irreducible modulus (one Galois orbit of eigenvalues)")
        size = root_index(m, a, here, chi)
        if size == 0:
            raise KernelError(here, "its roots are not eigenvalues of A")
        sizes.append(size)
    return tuple(sizes)


def _degrees(heads: HeadPowers, sizes: tuple[int, ...], where: str) -> None:
    """Every power q of tau in the support is below the block size J_l (q <= J_l - 1)."""
    for h, row in enumerate(heads):
        for k, powers in enumerate(row):
            if powers and powers[-1] > sizes[k] - 1:
                raise KernelError(f"{where}[{h}][{k}]", f"degree in tau exceeds J - 1 = {sizes[k] - 1}")


def read_modes_and_heads(goal: JSONObject, where: str) -> ModesAndHeads:
    """A, its nonzero modes (output modes with irreducible moduli, block sizes read off A), b and its support."""
    a = read_rational_matrix(_field(goal, "A", where), f"{where}.A")
    if a.nrows() != a.ncols():
        raise KernelError(f"{where}.A", "expected a square matrix")
    moduli, coeffs = read_output_modes(goal, None, where)
    sizes = mode_sizes(a, moduli, where, "modes")
    b = read_heads(goal, moduli, where)
    heads = tuple(tuple(support(x) for x in row) for row in b)
    _degrees(heads, sizes, f"{where}.b")
    return a, moduli, sizes, heads, coeffs, b


def _goal_lag(goal: JSONObject, where: str) -> LagGoal:
    """Read A, the support (moduli, powers of tau per head and mode), the construction and its bound (from A)."""
    expect_keys(goal, where, ("A", "support", "bound", "construction"))
    construction = goal["construction"]
    if construction not in CONSTRUCTIONS:
        raise KernelError(f"{where}.construction", f"found {str(construction)[:20]!r}, expected one of {CONSTRUCTIONS}")
    a = read_rational_matrix(_field(goal, "A", where), f"{where}.A")
    if a.nrows() != a.ncols():
        raise KernelError(f"{where}.A", "expected a square matrix")
    moduli, heads = read_support(goal["support"], f"{where}.support")
    sizes = mode_sizes(a, moduli, where, "support.moduli")
    _degrees(heads, sizes, f"{where}.support.heads")
    bound = parse_integer(goal["bound"], f"{where}.bound", 0)
    if construction == "paper":
        expected, formula = sum(m.degree() * s * (s + 1) // 2 for m, s in zip(moduli, sizes)), "J_l (J_l + 1) / 2"
    else:
        expected, formula = sum(m.degree() * s for m, s in zip(moduli, sizes)), "J_l"
        if expected > a.nrows():
            raise KernelError(f"{where}.bound", f"sum_l deg(m_l) J_l = {expected} exceeds m = {a.nrows()}")
    if bound != expected:
        raise KernelError(f"{where}.bound", f"found {bound}, expected sum_l {formula} = {expected}")
    return (moduli, sizes, heads, bound, tuple(a.entries()), a.nrows(), construction)


def m_zero(m: fmpq_poly) -> bool:
    """True when 0 is a root of m."""
    return m.coeffs()[0] == 0


def _mode_features(feats: object, terms: tuple[int, ...], family: Family, where: str) -> int:
    """One mode's features: sum_t phi_t psi_t equals the family's target identically; returns their number."""
    left, right, prefix = family
    symbols = tuple(f"{prefix}{q}" for q in terms)
    phi_vars, psi_vars = ("i", left), ("j", *right, *symbols)
    variables = (*phi_vars, *psi_vars)
    if not isinstance(feats, list):
        raise KernelError(where, "expected a list of {phi, psi}")
    total = Poly(variables)
    for t, f in enumerate(feats):
        expect_keys(f, f"{where}[{t}]", ("phi", "psi"))
        phi = read_poly(_field(f, "phi", f"{where}[{t}]"), phi_vars, f"{where}[{t}].phi", False)
        psi = read_poly(_field(f, "psi", f"{where}[{t}]"), psi_vars, f"{where}[{t}].psi", False)
        total = total + relabel(phi, variables) * relabel(psi, variables)
    lag = Poly.variable(variables, "i") - Poly.variable(variables, "j")
    target = Poly(variables)
    for q, name in zip(terms, symbols):
        target = target + Poly.variable(variables, name) * lag**q
    for name in (left, *right):
        target = target * Poly.variable(variables, name)
    if total != target:
        written = f"{left} {' '.join(right)} sum_q {prefix}_q (i - j)^q".replace("  ", " ")
        raise KernelError(where, f"sum_t phi_t psi_t differs from {written} (q in {list(terms)})")
    return len(feats)


def head_features(
    moduli: tuple[fmpq_poly, ...],
    powers: tuple[tuple[int, ...], ...],
    given: object,
    where: str,
    family: Family = _COMPLEX,
    memo: FeatureMemo | None = None,
) -> int:
    """One head's features, one list per mode (powers: the support of b per mode), checked symbolically; returns
    sum_l deg(m_l) * (number listed).

    The identity depends only on the feature texts, the support and the family (no value of the SSM enters it), so
    an identity already checked in this obligation (memo: the same texts, support and family) is not checked again:
    heads and modes of a Jordan-heavy SSM repeat one identity (the disguised 64-state A: 16 times per obligation).
    """
    if not isinstance(given, list) or len(given) != len(moduli):
        raise KernelError(where, f"expected one feature list per mode ({len(moduli)})")
    memo = {} if memo is None else memo
    count = 0
    for k, (m, terms, feats) in enumerate(zip(moduli, powers, given)):
        key = (json.dumps(feats, sort_keys=True), terms, family)
        if key not in memo:
            memo[key] = _mode_features(feats, terms, family, f"{where}.features[{k}]")
        count += m.degree() * memo[key]
    return count


def _heads(goal: LagGoal, witness: JSONObject, where: str) -> list[JSONObject]:
    """The per-head witnesses, one for each row of b, each an object {features}."""
    heads = expect_keys(witness, f"{where}.witness", ("heads",))["heads"]
    if not isinstance(heads, list) or len(heads) != len(goal[2]):
        raise KernelError(f"{where}.witness.heads", f"expected one witness per head ({len(goal[2])})")
    for h, item in enumerate(heads):
        expect_keys(item, f"{where}.witness.heads[{h}]", ("features",))
    return heads


def _checker(family: Family) -> Checker:
    """The check of lag_features (complex symbols) or real_lag_features (rational coordinates and traces)."""

    def check(goal: LagGoal, witness: JSONObject, where: str) -> None:
        """Per head and mode: the symbolic identity of the family, and the feature count <= bound."""
        moduli, _, heads, bound = goal[:4]
        memo: FeatureMemo = {}
        for h, (polys, item) in enumerate(zip(heads, _heads(goal, witness, where))):
            here = f"{where}.witness.heads[{h}]"
            count = head_features(moduli, polys, item["features"], here, family, memo)
            if count > bound:
                raise KernelError(here, f"{count} features, more than the bound {bound}")

    return check


KINDS: KindTable = {
    "lag_features": (_goal_lag, _checker(_COMPLEX)),
    "real_lag_features": (_goal_lag, _checker(_REAL)),
}

# The bound (sum_l deg(m_l) J_l (J_l + 1) / 2, or sum_l deg(m_l) J_l) is computed from A, the moduli of the support
# (J_l = the index of m_l's roots) and the construction.
ESTABLISHES: Establishes = {
    "lag_features": {"bound": ("A", "support", "construction")},
    "real_lag_features": {"bound": ("A", "support", "construction")},
}
