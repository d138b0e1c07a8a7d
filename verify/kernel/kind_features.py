"""Appendix A feature kinds: eq. (21) lag features <phi_h(i), psi_h(j)> = g_h(i - j) and their rational form.

The lag kernel of head h is g_h(tau) = sum_l Tr_{m_l}(a^tau b_{h,l}(tau)) (eq. 20 over the roots of m_l).
Features are polynomials in the position (i or j) and in formal symbols: L = a^i, M = a^-j for the complex
features; X_{l,r} (resp. Y_{l,s}), the rational coordinates of a^i (resp. a^-j) modulo m_l, for the real ones.
An identity in the free symbols holds at every specialization, hence for all integers i, j.

The goal's construction names the bound the feature count must meet, computed from A and the moduli (J_l =
the index of m_l's roots, read off A): "paper", sum_l deg(m_l) J_l (J_l + 1)/2 (the paper's features indexed by
(l, q, t)); "merged", sum_l deg(m_l) J_l (features indexed by (l, t) only, since phi depends on (l, t) alone),
which is <= m because J_l is at most the multiplicity of each root of m_l.
"""

from __future__ import annotations

from flint import fmpq_poly

from .errors import KernelError, expect_keys
from .errors import field as _field
from .kind_modes import GEN, TAU_VARS, frozen, read_poly_matrix, substitute, trace_mod
from .kind_modes import TAU_VARS as _TAU
from .kind_modes import read_modes as _read_modes
from .kind_modes import relabel as _relabel
from .kind_modes import zero_mod as _zero_mod
from .numbers import parse_integer
from .poly import Poly, read_poly
from .ratmat import is_irreducible, read_rational_matrix, root_index

__all__ = ["KINDS", "ESTABLISHES", "CONSTRUCTIONS", "read_modes_and_heads", "head_features"]

CONSTRUCTIONS = ("paper", "merged")


# --- lag_features (eqs 20-21): <phi_h(i), psi_h(j)> = g_h(i - j) for all integers i, j, every head h ------


def read_modes_and_heads(goal: dict, where: str) -> tuple:
    """A, its nonzero modes (irreducible moduli of eigenvalues of A, block sizes read off A) and b per head."""
    a = read_rational_matrix(goal["A"], f"{where}.A")
    if a.nrows() != a.ncols():
        raise KernelError(f"{where}.A", "expected a square matrix")
    moduli = _read_modes(goal, where, ("coeff",))
    if not moduli:
        raise KernelError(f"{where}.modes", "expected at least one nonzero eigenvalue")
    # The closed forms themselves are pinned by the power_closed_form goal that shares them; they are read
    # here too, so that the whole goal is compared with the statement.
    coeffs = tuple(
        frozen(read_poly_matrix(mode["coeff"], TAU_VARS, f"{where}.modes[{k}].coeff"))
        for k, mode in enumerate(goal["modes"])
    )
    sizes = []
    for k, m in enumerate(moduli):
        here = f"{where}.modes[{k}].modulus"
        if m_zero(m):
            raise KernelError(here, "has the root 0: (A2) needs nonzero eigenvalues")
        if not is_irreducible(m):
            raise KernelError(here, "expected an irreducible modulus (one Galois orbit of eigenvalues)")
        size = root_index(m, a, here)
        if size == 0:
            raise KernelError(here, "its roots are not eigenvalues of A")
        sizes.append(size)
    b = goal["b"]
    if not isinstance(b, list) or not b or any(not isinstance(r, list) or len(r) != len(moduli) for r in b):
        raise KernelError(f"{where}.b", f"expected one row per head of {len(moduli)} polynomials (one per mode)")
    heads = []
    for h, row in enumerate(b):
        polys = []
        for k, text in enumerate(row):
            poly = read_poly(text, _TAU, f"{where}.b[{h}][{k}]", complex_ok=False)
            if poly.degree_in({"tau"}) > sizes[k] - 1:
                raise KernelError(f"{where}.b[{h}][{k}]", f"degree in tau exceeds J - 1 = {sizes[k] - 1}")
            polys.append(poly)
        heads.append(tuple(polys))
    return a, tuple(moduli), tuple(sizes), tuple(heads), coeffs


def _goal_lag(goal: dict, where: str) -> tuple:
    """Read A, the output modes (moduli), b_{h,l}(tau) per head, the construction and its bound (from A)."""
    expect_keys(goal, where, ("A", "modes", "b", "bound", "construction"))
    construction = goal["construction"]
    if construction not in CONSTRUCTIONS:
        raise KernelError(f"{where}.construction", f"found {str(construction)[:20]!r}, expected one of {CONSTRUCTIONS}")
    a, moduli, sizes, heads, coeffs = read_modes_and_heads(goal, where)
    bound = parse_integer(goal["bound"], f"{where}.bound", 0)
    if construction == "paper":
        expected, formula = sum(m.degree() * s * (s + 1) // 2 for m, s in zip(moduli, sizes)), "J_l (J_l + 1) / 2"
    else:
        expected, formula = sum(m.degree() * s for m, s in zip(moduli, sizes)), "J_l"
        if expected > a.nrows():
            raise KernelError(f"{where}.bound", f"sum_l deg(m_l) J_l = {expected} exceeds m = {a.nrows()}")
    if bound != expected:
        raise KernelError(f"{where}.bound", f"found {bound}, expected sum_l {formula} = {expected}")
    return (moduli, sizes, heads, bound, coeffs, tuple(a.entries()), a.nrows(), construction)


def m_zero(m: fmpq_poly) -> bool:
    """True when 0 is a root of m."""
    return m.coeffs()[0] == 0


def _target(b: Poly, variables: tuple[str, ...]) -> Poly:
    """b(i - j) as a polynomial over `variables` (which contain a, i, j)."""
    lifted = _relabel(b, (*_TAU, *[v for v in variables if v not in _TAU]))
    lag = Poly.variable(lifted.variables, "i") - Poly.variable(lifted.variables, "j")
    return _relabel(_drop(substitute(lifted, "tau", lag), "tau"), variables)


def _drop(poly: Poly, name: str) -> Poly:
    """Remove a variable that no longer occurs."""
    k = poly.variables.index(name)
    rest = tuple(v for v in poly.variables if v != name)
    return Poly(rest, {m[:k] + m[k + 1 :]: c for m, c in poly.terms.items()})


def _heads(goal: tuple, witness: dict, where: str, keys: tuple[str, ...]) -> list:
    """The per-head witnesses, one for each row of b, each an object with exactly the given keys."""
    heads = expect_keys(witness, f"{where}.witness", ("heads",))["heads"]
    if not isinstance(heads, list) or len(heads) != len(goal[2]):
        raise KernelError(f"{where}.witness.heads", f"expected one witness per head ({len(goal[2])})")
    for h, item in enumerate(heads):
        expect_keys(item, f"{where}.witness.heads[{h}]", keys)
    return heads


def head_features(moduli: tuple, polys: tuple, given: object, where: str) -> int:
    """One head's complex features: per mode, sum phi psi = L M b(i - j) modulo m; returns their count."""
    variables = (GEN, "i", "j", "L", "M")
    if not isinstance(given, list) or len(given) != len(moduli):
        raise KernelError(where, f"expected one feature list per mode ({len(moduli)})")
    count = 0
    for k, (m, b, feats) in enumerate(zip(moduli, polys, given)):
        here = f"{where}.features[{k}]"
        if not isinstance(feats, list):
            raise KernelError(here, "expected a list of {phi, psi}")
        total = Poly(variables)
        for t, f in enumerate(feats):
            expect_keys(f, f"{here}[{t}]", ("phi", "psi"))
            phi = read_poly(_field(f, "phi", f"{here}[{t}]"), (GEN, "i", "L"), f"{here}[{t}].phi", False)
            psi = read_poly(_field(f, "psi", f"{here}[{t}]"), (GEN, "j", "M"), f"{here}[{t}].psi", False)
            total = total + _relabel(phi, variables) * _relabel(psi, variables)
        lm = Poly.variable(variables, "L") * Poly.variable(variables, "M")
        if not _zero_mod(total - lm * _target(b, variables), m):
            raise KernelError(here, "sum_t phi_t psi_t differs from L M b(i - j) modulo the modulus")
        count += m.degree() * len(feats)
    return count


def _check_lag(goal: tuple, witness: dict, where: str) -> None:
    """Per head and mode: sum phi psi = L M b(i - j) modulo m, features separated in i and j, count <= bound."""
    moduli, _, heads, bound = goal[:4]
    for h, (polys, item) in enumerate(zip(heads, _heads(goal, witness, where, ("features",)))):
        count = head_features(moduli, polys, item["features"], f"{where}.witness.heads[{h}]")
        if count > bound:
            raise KernelError(f"{where}.witness.heads[{h}]", f"{count} features, more than the bound {bound}")


# --- real_lag_features: the same kernels g_h(i - j) from rational-valued features ---------------------------


def _check_real_lag(goal: tuple, witness: dict, where: str) -> None:
    """Per head: rational features whose products sum to sum_l Tr_l(a^i a^-j b_l(i - j)), count <= bound."""
    moduli, _, heads, bound = goal[:4]
    xs = [[f"X{k}_{r}" for r in range(m.degree())] for k, m in enumerate(moduli)]
    ys = [[f"Y{k}_{r}" for r in range(m.degree())] for k, m in enumerate(moduli)]
    left_vars, right_vars = ("i", *sum(xs, [])), ("j", *sum(ys, []))
    variables = (GEN, "i", "j", *sum(xs, []), *sum(ys, []))
    for h, (polys, item) in enumerate(zip(heads, _heads(goal, witness, where, ("phi", "psi")))):
        here = f"{where}.witness.heads[{h}]"
        phis, psis = _field(item, "phi", here), _field(item, "psi", here)
        if not isinstance(phis, list) or not isinstance(psis, list) or len(phis) != len(psis):
            raise KernelError(here, "expected lists phi and psi of equal length")
        total = Poly(variables)
        for t, (phi, psi) in enumerate(zip(phis, psis)):
            p = read_poly(phi, left_vars, f"{here}.phi[{t}]", complex_ok=False)
            q = read_poly(psi, right_vars, f"{here}.psi[{t}]", complex_ok=False)
            total = total + _relabel(p, variables) * _relabel(q, variables)
        target = Poly(variables)
        for k, (m, b) in enumerate(zip(moduli, polys)):
            power_i, power_j = Poly(variables), Poly(variables)
            for r in range(m.degree()):
                ar = Poly.variable(variables, GEN) ** r
                power_i = power_i + Poly.variable(variables, xs[k][r]) * ar
                power_j = power_j + Poly.variable(variables, ys[k][r]) * ar
            target = target + trace_mod(power_i * power_j * _target(b, variables), m)
        if total != target:
            raise KernelError(here, "sum_t phi_t psi_t differs from sum_l Tr_l(a^i a^-j b_l(i - j))")
        if len(phis) > bound:
            raise KernelError(here, f"{len(phis)} features, more than the bound {bound}")


KINDS: dict = {
    "lag_features": (_goal_lag, _check_lag),
    "real_lag_features": (_goal_lag, _check_real_lag),
}

# The bound (sum_l deg(m_l) J_l (J_l + 1) / 2, or sum_l deg(m_l) J_l) is computed from A, the moduli (J_l = the
# index of m_l's roots) and the construction.
ESTABLISHES: dict = {
    "lag_features": {"bound": ("A", "modes", "construction")},
    "real_lag_features": {"bound": ("A", "modes", "construction")},
}
