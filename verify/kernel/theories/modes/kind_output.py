"""Appendix A kind output_closed_form (eq. 19): W(tau) = C A^tau B = sum_l Tr_l(a^tau H_l(tau)) for every tau >= start.

Goal: A (n x n), B (n x d), C (p x n), start, and modes: per eigenvalue modulus m_l (squarefree, pairwise coprime)
the p x d matrix H_l of elements of K_l[tau] in trace coordinates (trace_coordinates.py). No witness.

The kernel computes nu (the index of the eigenvalue 0 of A) and checks start = nu. Let J_l be one more than the
largest power of tau in H_l (0 when H_l = 0), mu = prod_l m_l^(J_l) made monic, and D = deg mu <= n. Then:
  (1) Y(tau) = sum_l Tr_l(a^tau H_l(tau)) satisfies the recurrence of mu for every tau >= 0: for each root alpha of
      m_l (a root of mu of multiplicity >= J_l), alpha^tau P(tau) with deg P < J_l does (trace_coordinates);
  (2) R(tau) = sum_i mu_i W(start + tau + i) = C A^tau (A^start mu(A)) B = 0 for every tau >= 0: when det(x - A)
      divides x^start mu(x), A^start mu(A) = 0 by Cayley-Hamilton (a dense A: mu is det(x - A)); otherwise the
      kernel computes W(0), ..., W(start + n + D - 1) exactly and checks R(tau) = 0 for tau = 0, ..., n - 1; by
      Cayley-Hamilton every A^tau is a combination of A^0, ..., A^(n-1), so R(tau) = 0 for every tau >= 0. Either
      way W(start + .) satisfies the recurrence of mu too;
  (3) Y(tau) = W(tau) for tau = start, ..., start + D - 1.
Two sequences with the same recurrence of order D that agree on D consecutive terms agree from there on, so
W(tau) = Y(tau) for every tau >= start: eq. (19), with H_l(tau) = sum_q tau^q H_(l,q). The trace coordinates of
H_(l,q) are unique (the trace form is nondegenerate and distinct alpha^tau tau^q are independent), so H_l is
determined by (A, B, C, start) once the moduli are chosen. No tau is sampled and no closed form of A^tau is needed.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import impulse_responses, product_units, qmul
from ...core.kind import Establishes, KindTable
from ...core.limits import charge
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_integer
from .jordan_structure import charpoly, zero_part
from .kind_modes import read_modes
from .trace_coordinates import KT, closed_form_values, read_kt_matrix

__all__ = ["KINDS", "ESTABLISHES", "read_output_modes"]


# A p x d matrix of K_l[tau] elements in trace coordinates (one mode's H_l).
KTMatrix = tuple[tuple[KT, ...], ...]
# (moduli, H_l per modulus)
OutputModes = tuple[tuple[fmpq_poly, ...], tuple[KTMatrix, ...]]
# (A, B, C entries, (n, d, p), start, moduli, H_l per modulus)
Goal = tuple[
    tuple[fmpq, ...],
    tuple[fmpq, ...],
    tuple[fmpq, ...],
    tuple[int, int, int],
    int,
    tuple[fmpq_poly, ...],
    tuple[KTMatrix, ...],
]


def read_output_modes(goal: JSONObject, shape: tuple[int, int] | None, where: str) -> OutputModes:
    """(moduli, H_l per modulus): p x d matrices of K_l[tau] elements in trace coordinates (one shape for all)."""
    moduli = read_modes(goal, where, ("coeff",))
    coeffs: list[KTMatrix] = []
    for k, (m, mode) in enumerate(zip(moduli, goal["modes"])):
        matrix = read_kt_matrix(mode["coeff"], m.degree(), f"{where}.modes[{k}].coeff")
        shape = shape or (len(matrix), len(matrix[0]))
        if (len(matrix), len(matrix[0])) != shape:
            raise KernelError(f"{where}.modes[{k}].coeff", f"expected a {shape[0]}x{shape[1]} matrix")
        coeffs.append(matrix)
    return tuple(moduli), tuple(coeffs)


def _goal(goal: JSONObject, where: str) -> Goal:
    """Read A, B, C, start and the output modes."""
    expect_keys(goal, where, ("A", "B", "C", "start", "modes"))
    a, b, c = (read_rational_matrix(_field(goal, k, where), f"{where}.{k}") for k in ("A", "B", "C"))
    n = a.nrows()
    if a.ncols() != n or b.nrows() != n or c.ncols() != n:
        raise KernelError(where, f"expected A n x n, B n x d, C p x n; found A {n}x{a.ncols()}")
    start = parse_integer(goal["start"], f"{where}.start", 0, n)
    moduli, coeffs = read_output_modes(goal, (c.nrows(), b.ncols()), where)
    return (
        tuple(a.entries()),
        tuple(b.entries()),
        tuple(c.entries()),
        (n, b.ncols(), c.nrows()),
        start,
        moduli,
        coeffs,
    )


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """start = nu; W satisfies the recurrence of mu from start on; the closed form matches W on D terms."""
    a_entries, b_entries, c_entries, (n, d_in, p), start, moduli, coeffs = goal
    expect_keys(witness, f"{where}.witness")
    a = fmpq_mat(n, n, list(a_entries))
    nu, _ = zero_part(a, where)
    if start != nu:
        raise KernelError(f"{where}.start", f"found {start}, expected nu = {nu}, the index of the eigenvalue 0 of A")
    powers = [max((len(x) for row in matrix for x in row), default=0) for matrix in coeffs]
    degree = sum(m.degree() * j for m, j in zip(moduli, powers))
    if degree > n:
        raise KernelError(f"{where}.modes", f"the closed form has order {degree}, more than the dimension {n}")
    mu = fmpq_poly([1])
    for m, j in zip(moduli, powers):
        factor = m / m.leading_coefficient()
        for _ in range(j):
            charge(product_units(1, mu.degree() + 1, m.degree() + 1, _poly_bits(mu), _poly_bits(factor)), where)
            mu = mu * factor
    entries = p * d_in
    annihilated = _annihilated(a, mu, start, where)
    count = start + degree if annihilated else start + n + degree
    charge(entries * count + (0 if annihilated else count * n), f"{where}: lag and Toeplitz matrices")
    lags = impulse_responses(a, fmpq_mat(n, d_in, list(b_entries)), fmpq_mat(p, n, list(c_entries)), count)
    lag_entries = [w.entries() for w in lags]
    if not annihilated:
        _recurrence(lag_entries, mu, start, n, where)
    total = [[fmpq(0)] * degree for _ in range(entries)]
    for k, (m, matrix) in enumerate(zip(moduli, coeffs)):
        flat = [x for row in matrix for x in row]
        values = closed_form_values(flat, m, start, degree, f"{where}.modes[{k}]: closed-form values")
        total = [[t + v for t, v in zip(tr, vr)] for tr, vr in zip(total, values)]
    charge(entries * degree, f"{where}: comparison with W")
    for step in range(degree):
        tau = start + step
        row = lag_entries[tau]
        for e in range(entries):
            if total[e][step] != row[e]:
                raise KernelError(
                    f"{where}.modes",
                    f"the closed form differs from W({tau}) at entry ({e // d_in}, {e % d_in})",
                )


def _annihilated(a: fmpq_mat, mu: fmpq_poly, start: int, where: str) -> bool:
    """Whether det(x - A) divides x^start mu(x): then A^start mu(A) = 0 (Cayley-Hamilton) and every R(tau) is 0."""
    chi = charpoly(a)
    shifted = mu * fmpq_poly([0] * start + [1])
    charge((shifted.degree() + 1) * (chi.degree() + 1) + 1, f"{where}: det(x - A) divides x^start mu")
    return (shifted % chi).is_zero()


def _recurrence(lag_entries: list[list[fmpq]], mu: fmpq_poly, start: int, n: int, where: str) -> None:
    """R(tau) = sum_i mu_i W(start + tau + i) = 0 for tau = 0, ..., n - 1 (one product with a Toeplitz matrix)."""
    entries, count = len(lag_entries[0]), len(lag_entries)
    series = fmpq_mat(entries, count, [row[e] for e in range(entries) for row in lag_entries])
    toeplitz = fmpq_mat(count, n)
    for tau in range(n):
        for i, coefficient in enumerate(mu.coeffs()):
            toeplitz[start + tau + i, tau] = coefficient
    residue = qmul(series, toeplitz, f"{where}: the recurrence of mu on W")
    if residue != fmpq_mat(entries, n):
        tau = next(t for t in range(n) if any(residue[e, t] != 0 for e in range(entries)))
        raise KernelError(
            f"{where}.modes",
            f"W does not satisfy the recurrence of prod_l m_l^J_l from lag {start + tau} (wrong moduli)",
        )


def _poly_bits(poly: fmpq_poly) -> int:
    """The largest bit length of a numerator or denominator of a coefficient."""
    return max((max(c.p.bit_length(), c.q.bit_length()) for c in poly.coeffs()), default=0)


KINDS: KindTable = {"output_closed_form": (_goal, _check)}

# The closed form of W(tau) for tau >= start is unique given the moduli, and the passing check makes start = nu.
ESTABLISHES: Establishes = {"output_closed_form": {"start": ("A",), "modes": ("A", "B", "C", "start")}}
