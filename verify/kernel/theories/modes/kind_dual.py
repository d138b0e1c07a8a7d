"""Kind dual_coordinates (eq. 20): the closed-form coordinates b_{h,l}(tau) in the Theorem 4.4 basis.

Soundness: the kernel computes W(tau) = C A^tau B for tau < n itself, takes M_h = W(t_h) at the stated lags,
checks functionals L_h with L_h(M_g) = delta (so the M_h are independent), that every W(tau), tau < n, equals
sum_h L_h(W(tau)) M_h (so, by Cayley-Hamilton, the M_h span S_target = span{W(tau): tau >= 0}) and that W(tau)
for tau < t_h needs no M_g with g >= h (so t_h is the first lag at which the rank reaches h: the lags are the
Theorem 4.4 basis, not any basis). Then H_l(tau) = sum_h b_{h,l}(tau) M_h in K_l[tau], with H_l the closed form of
W (an output_closed_form goal), gives c_{tau,h} = sum_l Tr_l(a^tau b_{h,l}(tau)) for tau >= start, and the b_{h,l}
are unique because the M_h are independent. Both H_l and b_{h,l} are in trace coordinates (trace_coordinates.py); the
identity is QQ-linear in them, so it is checked coordinate by coordinate: T(H_(l,q)) = sum_h T(b_(h,l,q)) M_h.
The goal's support (the moduli, and per head and mode the powers q of tau with b_{h,l,q} != 0) is computed from
the modes and b and compared: it is what the feature kinds need of b (kind_features.py), a few integers.
All products are integer matrix products with common denominators (flint_matrix.qmul), charged before they run.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import identity, impulse_responses, qmul
from ...core.kind import Establishes, KindTable
from ...core.limits import charge
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_integer
from .kind_modes import check_moduli, read_modulus
from .kind_output import KTMatrix, read_output_modes
from .trace_coordinates import KT, MAX_TAU_DEGREE, read_kt, support

__all__ = ["KINDS", "ESTABLISHES", "read_heads", "read_support"]


def read_heads(goal: JSONObject, moduli: tuple[fmpq_poly, ...], where: str) -> tuple[tuple[KT, ...], ...]:
    """b: one row per head of one K_l[tau] element (trace coordinates) per mode."""
    table = _field(goal, "b", where)
    if not isinstance(table, list) or not table or any(not isinstance(r, list) or len(r) != len(moduli) for r in table):
        raise KernelError(f"{where}.b", f"expected a nonempty list of rows (heads) of {len(moduli)} elements (modes)")
    return tuple(
        tuple(read_kt(x, m.degree(), f"{where}.b[{h}][{k}]") for k, (m, x) in enumerate(zip(moduli, row)))
        for h, row in enumerate(table)
    )


# (moduli, per head and modulus the increasing powers of tau with a nonzero coefficient)
Support = tuple[tuple[fmpq_poly, ...], tuple[tuple[tuple[int, ...], ...], ...]]
# (A, B, C, moduli, H_l per modulus, lags, b per head and mode, support)
Goal = tuple[
    fmpq_mat,
    fmpq_mat,
    fmpq_mat,
    tuple[fmpq_poly, ...],
    tuple[KTMatrix, ...],
    tuple[int, ...],
    tuple[tuple[KT, ...], ...],
    Support,
]


def read_support(value: object, where: str) -> Support:
    """{"moduli": [...], "heads": per head, per modulus, the increasing powers q with b_{h,l,q} != 0}."""
    value = expect_keys(value, where, ("moduli", "heads"))
    given = value["moduli"]
    if not isinstance(given, list):
        raise KernelError(f"{where}.moduli", "expected a list of moduli")
    moduli = [read_modulus(m, f"{where}.moduli[{k}]") for k, m in enumerate(given)]
    check_moduli(moduli, f"{where}.moduli")
    heads = value["heads"]
    if not isinstance(heads, list) or not heads or any(not isinstance(r, list) or len(r) != len(moduli) for r in heads):
        raise KernelError(f"{where}.heads", f"expected a nonempty list of rows (heads) of {len(moduli)} lists")
    out: list[tuple[tuple[int, ...], ...]] = []
    for h, row in enumerate(heads):
        cells = []
        for k, powers in enumerate(row):
            here = f"{where}.heads[{h}][{k}]"
            if not isinstance(powers, list) or len(powers) > MAX_TAU_DEGREE + 1:
                raise KernelError(here, "expected a list of powers of tau")
            qs = tuple(parse_integer(q, here, 0, MAX_TAU_DEGREE) for q in powers)
            if any(x >= y for x, y in zip(qs, qs[1:])):
                raise KernelError(here, f"found {list(qs)}, expected strictly increasing powers")
            cells.append(qs)
        out.append(tuple(cells))
    return tuple(moduli), tuple(out)


def _goal_dual(goal: JSONObject, where: str) -> Goal:
    """Read (A, B, C), the output modes, the basis lags t_h and the closed-form coordinates b_{h,l}(tau)."""
    expect_keys(goal, where, ("A", "B", "C", "modes", "lags", "b", "support"))
    a, b_in, c = (read_rational_matrix(goal[k], f"{where}.{k}") for k in ("A", "B", "C"))
    m = a.nrows()
    if a.ncols() != m or b_in.nrows() != m or c.ncols() != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    moduli, coeffs = read_output_modes(goal, (c.nrows(), b_in.ncols()), where)
    lags = goal["lags"]
    if not isinstance(lags, list) or not lags:
        raise KernelError(f"{where}.lags", "expected a nonempty list of basis lags")
    basis_lags = tuple(parse_integer(t, f"{where}.lags[{h}]", 0, m - 1) for h, t in enumerate(lags))
    if any(x >= y for x, y in zip(basis_lags, basis_lags[1:])):
        raise KernelError(f"{where}.lags", f"found {list(basis_lags)}, expected strictly increasing lags")
    table = read_heads(goal, moduli, where)
    if len(table) != len(basis_lags):
        raise KernelError(f"{where}.b", f"expected {len(basis_lags)} rows (heads), one per lag")
    return (a, b_in, c, moduli, coeffs, basis_lags, table, read_support(goal["support"], f"{where}.support"))


def _flat(matrices: list[fmpq_mat], rows: int) -> fmpq_mat:
    """The matrices flattened row-major into the columns of one rows x len(matrices) matrix (charged)."""
    charge(rows * len(matrices), "flattening matrices")
    columns = [m.entries() for m in matrices]
    return fmpq_mat(rows, len(matrices), [col[e] for e in range(rows) for col in columns])


def _check_basis(
    a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, lags: tuple[int, ...], witness: JSONObject, where: str
) -> fmpq_mat:
    """M_h = W(t_h) with dual functionals; every W(tau) in their span; the t_h are the greedy (first) lags."""
    given = expect_keys(witness, f"{where}.witness", ("functionals",))["functionals"]
    if not isinstance(given, list) or len(given) != len(lags):
        raise KernelError(f"{where}.witness.functionals", f"expected {len(lags)} matrices")
    n, k, entries = a.nrows(), len(lags), c.nrows() * b.ncols()
    responses = impulse_responses(a, b, c, n)
    funcs = []
    for h, f in enumerate(given):
        f = read_rational_matrix(f, f"{where}.witness.functionals[{h}]")
        if (f.nrows(), f.ncols()) != (c.nrows(), b.ncols()):
            raise KernelError(f"{where}.witness.functionals[{h}]", f"expected a {c.nrows()}x{b.ncols()} matrix")
        funcs.append(f)
    basis = _flat([responses[t] for t in lags], entries)  # entries x k: column h is M_h
    dual = _flat(funcs, entries).transpose()  # k x entries: row h is L_h
    pairing = qmul(dual, basis, f"{where}: L_h(M_g)")
    if pairing != identity(k):
        h, g = next((h, g) for h in range(k) for g in range(k) if pairing[h, g] != (1 if h == g else 0))
        raise KernelError(f"{where}.witness.functionals[{h}]", f"L_{h}(W(t_{g})) is not delta_{h}{g}")
    lag_matrix = _flat(responses, entries)  # entries x n: column tau is W(tau)
    coords = qmul(dual, lag_matrix, f"{where}: coordinates of W(tau)")
    rebuilt = qmul(basis, coords, f"{where}: sum_h L_h(W(tau)) M_h")
    charge(entries * n + k * n, f"{where}: span and first lags")
    for tau in range(n):
        if any(rebuilt[e, tau] != lag_matrix[e, tau] for e in range(entries)):
            raise KernelError(f"{where}.lags", f"W({tau}) is not in the span of W(t_h): the lags are not a basis")
        late = [h for h, t in enumerate(lags) if tau < t and any(coords[g, tau] != 0 for g in range(h, k))]
        if late:
            raise KernelError(f"{where}.lags", f"W({tau}) needs W(t_{late[0]}) with t > {tau}: not the first lags")
    return basis


def _check_dual(goal: Goal, witness: JSONObject, where: str) -> None:
    """The Theorem 4.4 basis W(t_h) (greedy lags), and T(H_(l,q)) = sum_h T(b_(h,l,q)) M_h for every mode and q."""
    a, b_in, c, moduli, coeffs, lags, table, (support_moduli, heads) = goal
    if support_moduli != moduli:
        raise KernelError(f"{where}.support.moduli", "differ from the moduli of the modes")
    expected = tuple(tuple(support(x) for x in row) for row in table)
    if heads != expected:
        h = next(h for h, (x, y) in enumerate(zip(heads, expected)) if x != y)
        raise KernelError(f"{where}.support.heads[{h}]", f"found {heads[h]}, expected the support of b: {expected[h]}")
    basis = _check_basis(a, b_in, c, lags, witness, where)
    entries, k = basis.nrows(), len(lags)
    for k_mode, (m, coeff) in enumerate(zip(moduli, coeffs)):
        d = m.degree()
        flat = [x for row in coeff for x in row]
        top = max([len(x) for x in flat] + [len(table[h][k_mode]) for h in range(k)])
        for q in range(top):
            output = fmpq_mat(entries, d, [v for x in flat for v in _part(x, q, d)])
            coords = fmpq_mat(k, d, [v for h in range(k) for v in _part(table[h][k_mode], q, d)])
            if qmul(basis, coords, f"{where}.modes[{k_mode}]: sum_h b_h M_h") != output:
                raise KernelError(f"{where}.modes[{k_mode}]", f"coeff differs from sum_h b_h M_h (the tau^{q} part)")


def _part(x: KT, q: int, d: int) -> tuple[fmpq, ...] | tuple[int, ...]:
    """The trace coordinates of the tau^q coefficient of x (zeros beyond its degree)."""
    return x[q] if q < len(x) else (0,) * d


KINDS: KindTable = {"dual_coordinates": (_goal_dual, _check_dual)}

ESTABLISHES: Establishes = {
    "dual_coordinates": {
        "lags": ("A", "B", "C"),
        "b": ("A", "B", "C", "modes", "lags"),
        "support": ("modes", "b"),
    }
}
