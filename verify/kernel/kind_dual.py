"""Kind dual_coordinates (eq. 20): the closed-form coordinates b_{h,l}(tau) in the Theorem 4.4 basis.

Soundness: the kernel computes W(tau) = C A^tau B for tau < m itself, takes M_h = W(t_h) at the stated lags,
checks functionals L_h with L_h(M_g) = delta (so the M_h are independent), that every W(tau), tau < m, equals
sum_h L_h(W(tau)) M_h (so, by Cayley-Hamilton, the M_h span S_target = span{W(tau): tau >= 0}) and that W(tau)
for tau < t_h needs no M_g with g >= h (so t_h is the first lag at which the rank reaches h: the lags are the
Theorem 4.4 basis, not any basis). Then coeff_l(tau) = sum_h b_{h,l}(tau) M_h modulo m_l, with coeff_l the
closed form of W (a power_closed_form goal), gives c_{tau,h} = sum_l Tr_l(a^tau b_{h,l}(tau)) for tau >= start,
and the b_{h,l} are unique because the M_h are independent.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from .errors import KernelError, expect_keys
from .kind_modes import TAU_VARS as _TAU
from .kind_modes import frozen as _frozen
from .kind_modes import read_modes as _read_modes
from .kind_modes import read_poly_matrix
from .kind_modes import same_mod as _same_mod
from .limits import charge
from .numbers import GQ, parse_integer
from .poly import Poly, read_poly
from .ratmat import impulse_responses, read_rational_matrix

__all__ = ["KINDS", "ESTABLISHES"]


# --- dual_coordinates (eq 20): coeff_l(tau) = sum_h b_{h,l}(tau) M_h with dual functionals L_h ---------


def _goal_dual(goal: dict, where: str) -> tuple:
    """Read (A, B, C), the output modes, the basis lags t_h and the closed-form coordinates b_{h,l}(tau)."""
    expect_keys(goal, where, ("A", "B", "C", "modes", "lags", "b"))
    a, b_in, c = (read_rational_matrix(goal[k], f"{where}.{k}") for k in ("A", "B", "C"))
    m = a.nrows()
    if a.ncols() != m or b_in.nrows() != m or c.ncols() != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    moduli = _read_modes(goal, where, ("coeff",))
    coeffs = tuple(
        _frozen(read_poly_matrix(mode["coeff"], _TAU, f"{where}.modes[{k}].coeff"))
        for k, mode in enumerate(goal["modes"])
    )
    lags = goal["lags"]
    if not isinstance(lags, list) or not lags:
        raise KernelError(f"{where}.lags", "expected a nonempty list of basis lags")
    lags = tuple(parse_integer(t, f"{where}.lags[{h}]", 0, m - 1) for h, t in enumerate(lags))
    if any(x >= y for x, y in zip(lags, lags[1:])):
        raise KernelError(f"{where}.lags", f"found {list(lags)}, expected strictly increasing lags")
    table = goal["b"]
    if (
        not isinstance(table, list)
        or len(table) != len(lags)
        or any(not isinstance(r, list) or len(r) != len(moduli) for r in table)
    ):
        raise KernelError(f"{where}.b", f"expected {len(lags)} rows (heads) of {len(moduli)} polynomials (modes)")
    b_polys = tuple(
        tuple(read_poly(x, _TAU, f"{where}.b[{h}][{k}]", complex_ok=False) for k, x in enumerate(r))
        for h, r in enumerate(table)
    )
    return (a, b_in, c, tuple(moduli), coeffs, lags, b_polys)


def _inner(f: fmpq_mat, x: fmpq_mat) -> fmpq:
    """<F, X> = sum of the entrywise products (the Frobenius inner product)."""
    return sum((p * q for p, q in zip(f.entries(), x.entries())), fmpq(0))


def _check_basis(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, lags: tuple, witness: dict, where: str) -> list:
    """M_h = W(t_h) with dual functionals; every W(tau) in their span; the t_h are the greedy (first) lags."""
    given = expect_keys(witness, f"{where}.witness", ("functionals",))["functionals"]
    if not isinstance(given, list) or len(given) != len(lags):
        raise KernelError(f"{where}.witness.functionals", f"expected {len(lags)} matrices")
    responses = impulse_responses(a, b, c, a.nrows())
    basis = [responses[t] for t in lags]
    funcs = [read_rational_matrix(f, f"{where}.witness.functionals[{h}]") for h, f in enumerate(given)]
    shape = (basis[0].nrows(), basis[0].ncols())
    charge(len(funcs) * (len(basis) + len(responses)) * shape[0] * shape[1], "dual functionals")
    for h, f in enumerate(funcs):
        if (f.nrows(), f.ncols()) != shape:
            raise KernelError(f"{where}.witness.functionals[{h}]", f"expected a {shape[0]}x{shape[1]} matrix")
        for g, m in enumerate(basis):
            if _inner(f, m) != (1 if h == g else 0):
                raise KernelError(f"{where}.witness.functionals[{h}]", f"L_{h}(W(t_{g})) is not delta_{h}{g}")
    for tau, w in enumerate(responses):
        coords = [_inner(f, w) for f in funcs]
        combo = fmpq_mat(*shape)
        for x, m in zip(coords, basis):
            combo += m * x
        if combo != w:
            raise KernelError(f"{where}.lags", f"W({tau}) is not in the span of W(t_h): the lags are not a basis")
        late = [h for h, t in enumerate(lags) if tau < t and any(x != 0 for x in coords[h:])]
        if late:
            raise KernelError(f"{where}.lags", f"W({tau}) needs W(t_{late[0]}) with t > {tau}: not the first lags")
    return basis


def _check_dual(goal: tuple, witness: dict, where: str) -> None:
    """The Theorem 4.4 basis W(t_h) (greedy lags), and every mode matrix = sum_h b_{h,l} M_h modulo its modulus."""
    a, b_in, c, moduli, coeffs, lags, table = goal
    basis = _check_basis(a, b_in, c, lags, witness, where)
    shape = (basis[0].nrows(), basis[0].ncols())
    mats = [[[Poly.constant(_TAU, GQ(m[r, k])) for k in range(shape[1])] for r in range(shape[0])] for m in basis]
    for k, (m, coeff) in enumerate(zip(moduli, coeffs)):
        combo = [[Poly(_TAU) for _ in range(shape[1])] for _ in range(shape[0])]
        for h, basis_h in enumerate(mats):
            combo = [[x + table[h][k] * p for x, p in zip(cr, br)] for cr, br in zip(combo, basis_h)]
        _same_mod([list(r) for r in coeff], combo, m, f"{where}.modes[{k}]", "coeff differs from sum_h b_h M_h")


KINDS: dict = {"dual_coordinates": (_goal_dual, _check_dual)}

ESTABLISHES: dict = {"dual_coordinates": {"lags": ("A", "B", "C"), "b": ("A", "B", "C", "modes", "lags")}}
