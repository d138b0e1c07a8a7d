"""Kernel kinds for Section 6: the optimum of an H-head student and the SSM Jacobian bound of Theorem 5.1.

Both kinds re-derive everything from the exact teacher (A, B, C) in the goal: impulse responses
W(tau) = C A^tau B are exact rational matrices, eigenvalues are isolated by python-flint's rigorous
root isolation of the exact characteristic polynomial, and every comparison is a decided ball comparison.

lowrank_optimum  goal {A, B, C, n, heads, lower, upper}: lower <= opt <= upper, where
    opt = (1/(n p)) * (sum of all but the `heads` largest eigenvalues of
    G = sum_{tau < n} (n - tau) vec W(tau) vec W(tau)^T), the Eckart-Young value of
    min_{dim S <= heads} (1/(n p)) sum_tau (n - tau) ||W(tau) - P_S W(tau)||_F^2.
student_mse  goal {A, B, C, n, student: {V, phi, psi}, mse}: the exact test MSE of the H-head student of eq. (6)
    with value matrices V[h] (p x d), positional tables phi[h], psi[h] (n x r) and the causal mask,
    (1/(n p)) sum_{i>=j} ||sum_h (phi[h] psi[h]^T)_ij V[h] - W(i-j)||_F^2, equals mse exactly.
ssm_jacobian  goal {A, B, C, T, measured}: |measured - ||C A^T B||_2| <= tol and
    ||C A^T B||_2 <= ||C||_2 ||B||_2 ||A||_2^T (Theorem 5.1, part 1, at these matrices). `measured` is data (a
    float64 measurement by autograd); the tolerance tol is derived here from the exact matrices alone (see
    jacobian_tolerance), never read from the certificate.
"""

from __future__ import annotations

import hashlib
from typing import cast

from flint import acb, arb, ctx, fmpq, fmpq_mat

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import cleared, numerator_bits
from ...core.intervals import with_precision
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, charpoly_units, rational_work, root_isolation_units, shared_result
from ...core.matrix import read_matrix
from ...core.numbers import parse_integer, parse_number

__all__ = ["KINDS", "ESTABLISHES", "UNIT_ROUNDOFF", "eigenvalues", "spectral_norm", "jacobian_tolerance"]

_MAX_LENGTH = 4096  # n and T: the experiments use n = 16 and T <= 64.
_MAX_SIDE = 256  # p * d of G (64 for the k = 8 teacher).


def _real_matrix(value: object, where: str) -> fmpq_mat:
    """An exact real matrix from its JSON rows."""
    m = read_matrix(value, where)
    if not all(x.is_real() for row in m.rows for x in row):
        raise KernelError(where, "expected a real matrix")
    rows, cols = m.shape
    return fmpq_mat(rows, cols, [x.re for row in m.rows for x in row])


def _bits(m: fmpq_mat) -> int:
    """The largest bit length of a numerator or denominator of an entry."""
    return max((max(x.p.bit_length(), x.q.bit_length()) for x in m.entries()), default=0)


# A comparable form of a matrix: (rows, cols, entries row by row).
Key = tuple[int, int, tuple[fmpq, ...]]
# (A, B, C, n, heads, lower, upper)
OptimumGoal = tuple[Key, Key, Key, int, int, fmpq, fmpq]
# (A, B, C, n, (V, phi, psi) keys, mse)
StudentGoal = tuple[Key, Key, Key, int, tuple[tuple[Key, ...], ...], fmpq]
# (A, B, C, T, measured)
JacobianGoal = tuple[Key, Key, Key, int, fmpq]


def _key(m: fmpq_mat) -> Key:
    """A comparable form of a matrix."""
    return (m.nrows(), m.ncols(), tuple(m.entries()))


def _rational(value: object, where: str) -> fmpq:
    """An exact real number."""
    x = parse_number(value, where)
    if not x.is_real():
        raise KernelError(where, "expected a real number")
    return x.re


def _system(goal: JSONObject, where: str) -> tuple[fmpq_mat, fmpq_mat, fmpq_mat]:
    """(A, B, C) with compatible shapes: A m x m, B m x d, C p x m."""
    A, B, C = (_real_matrix(_field(goal, k, where), f"{where}.{k}") for k in "ABC")
    m = A.nrows()
    if A.ncols() != m or B.nrows() != m or C.ncols() != m:
        raise KernelError(
            where,
            f"shapes A {A.nrows()}x{A.ncols()}, B {B.nrows()}x{B.ncols()}, C "
            f"{C.nrows()}x{C.ncols()}; expected A m x m, B m x d, C p x m",
        )
    return A, B, C


def eigenvalues(M: fmpq_mat, where: str) -> list[arb]:
    """The eigenvalues of a rational matrix with real spectrum, with multiplicity, ascending; undecided rejects."""
    size = M.nrows()
    num, _ = cleared(M, "eigenvalues: clearing denominators")
    charge(charpoly_units(size, numerator_bits(num)), "eigenvalues: the characteristic polynomial")
    chi = M.charpoly()
    coefficient_bits = max((max(x.p.bit_length(), x.q.bit_length()) for x in chi.coeffs()), default=0)
    charge(root_isolation_units(size, ctx.prec, coefficient_bits), "eigenvalues: isolating the roots")
    values: list[arb] = []
    # (root, multiplicity) pairs: python-flint's stub says list[acb], but fmpq_poly.complex_roots returns pairs
    roots = cast(list[tuple[acb, int]], chi.complex_roots())
    for root, mult in roots:
        if not root.imag.contains(0):
            raise KernelError(where, "found a non-real eigenvalue, expected a real spectrum")
        values += [root.real] * int(mult)
    values.sort(key=lambda x: float(x.mid()))
    for low, high in zip(values, values[1:]):
        same = low.mid() == high.mid() and low.rad() == high.rad()
        if not (same or low < high):
            raise KernelError(where, "eigenvalue balls overlap at this precision (undecided)")
    return values


def spectral_norm(M: fmpq_mat, where: str) -> arb:
    """||M||_2 = sqrt(largest eigenvalue of M^T M), as a ball."""
    return eigenvalues(M.transpose() * M, where)[-1].sqrt()


def _goal_optimum(goal: JSONObject, where: str) -> OptimumGoal:
    """The lowrank_optimum goal as comparable exact data."""
    expect_keys(goal, where, ("A", "B", "C", "n", "heads", "lower", "upper"))
    A, B, C = _system(goal, where)
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, _MAX_LENGTH)
    heads = parse_integer(_field(goal, "heads", where), f"{where}.heads", 0, _MAX_SIDE)
    if C.nrows() * B.ncols() > _MAX_SIDE:
        raise KernelError(where, f"p * d is more than {_MAX_SIDE}")
    lower, upper = (_rational(_field(goal, k, where), f"{where}.{k}") for k in ("lower", "upper"))
    return (_key(A), _key(B), _key(C), n, heads, lower, upper)


def _from_key(key: Key) -> fmpq_mat:
    """The matrix back from its comparable form."""
    rows, cols, entries = key
    return fmpq_mat(rows, cols, list(entries))


def _gram(A: fmpq_mat, B: fmpq_mat, C: fmpq_mat, n: int) -> fmpq_mat:
    """G = sum_{tau < n} (n - tau) vec W(tau) vec W(tau)^T as W^T (weights * W), with flint products (charged)."""
    m, p, d = A.nrows(), C.nrows(), B.ncols()
    rows, weighted, power = [], [], B
    for tau in range(n):
        charge(rational_work(m * m * d + p * m * d, _bits(power) + _bits(A)), "impulse responses")
        vec = (C * power).entries()
        rows.append(vec)
        weighted.append([x * (n - tau) for x in vec])
        power = A * power
    side = p * d
    width = max(_bits(fmpq_mat(n, side, [x for row in rows for x in row])), 1)
    charge(rational_work(n * side * side, 2 * width) + n * side, "Gram matrix G")
    flat = fmpq_mat(n, side, [x for row in rows for x in row])
    return flat.transpose() * fmpq_mat(n, side, [x for row in weighted for x in row])


def _check_optimum(goal: OptimumGoal, witness: object, where: str) -> None:
    """Recompute G from the teacher, isolate its eigenvalues, and bound the tail sum."""
    keyA, keyB, keyC, n, heads, lower, upper = goal
    A, B, C = (_from_key(k) for k in (keyA, keyB, keyC))
    p, d = C.nrows(), B.ncols()
    side = p * d
    witness = expect_keys(witness, f"{where}.witness", (), ("precision",))
    precision = witness.get("precision", 256)
    with with_precision(precision, f"{where}.witness.precision"):
        # G and its eigenvalues depend on (A, B, C, n) and the precision only: the obligations of one certificate
        # (one per head count) share them, each certificate charged once (limits.shared_result).
        key = hashlib.sha256(repr((keyA, keyB, keyC, n, precision)).encode("ascii")).hexdigest()
        values = shared_result(f"lowrank:{key}", "eigenvalues of G", lambda: eigenvalues(_gram(A, B, C, n), where))
        tail = sum(values[: max(side - heads, 0)], arb(0)) / (n * p)
        if not (tail >= arb(lower) and tail <= arb(upper)):
            raise KernelError(where, f"the optimum {tail.str(20)} is not decided inside [{lower}, {upper}]")


def _matrices(value: object, where: str) -> list[fmpq_mat]:
    """A nonempty list of exact real matrices."""
    if not isinstance(value, list) or not value:
        raise KernelError(where, "expected a nonempty list of matrices")
    return [_real_matrix(m, f"{where}[{h}]") for h, m in enumerate(value)]


def _goal_student(goal: JSONObject, where: str) -> StudentGoal:
    """The student_mse goal as comparable exact data, with shapes checked."""
    expect_keys(goal, where, ("A", "B", "C", "n", "student", "mse"))
    A, B, C = _system(goal, where)
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, _MAX_LENGTH)
    student = _field(goal, "student", where)
    if not isinstance(student, dict):
        raise KernelError(f"{where}.student", "expected an object {V, phi, psi}")
    here = f"{where}.student"
    expect_keys(student, here, ("V", "phi", "psi"))
    V, phi, psi = (_matrices(_field(student, k, here), f"{here}.{k}") for k in ("V", "phi", "psi"))
    if not len(V) == len(phi) == len(psi):
        raise KernelError(f"{where}.student", "expected as many phi and psi tables as value matrices")
    r = phi[0].ncols()
    if any((M.nrows(), M.ncols()) != (n, r) for M in phi + psi):
        raise KernelError(f"{where}.student", f"expected every phi[h], psi[h] to be {n} x {r}")
    if any((M.nrows(), M.ncols()) != (C.nrows(), B.ncols()) for M in V):
        raise KernelError(f"{where}.student.V", f"expected every V[h] to be {C.nrows()} x {B.ncols()}")
    mse = _rational(_field(goal, "mse", where), f"{where}.mse")
    keys = tuple(tuple(_key(M) for M in group) for group in (V, phi, psi))
    return (_key(A), _key(B), _key(C), n, keys, mse)


def _check_student(goal: StudentGoal, witness: object, where: str) -> None:
    """Rebuild K_ij = sum_h alpha_ij^(h) V^(h) exactly and compare the mean squared error with the goal."""
    keyA, keyB, keyC, n, (keysV, keysPhi, keysPsi), mse = goal
    A, B, C = (_from_key(k) for k in (keyA, keyB, keyC))
    expect_keys(witness, f"{where}.witness")
    pd = C.nrows() * B.ncols()
    charge(len(keysV) * (n * n * (len(keysPhi[0][2]) // max(n, 1) + pd)) + n * A.nrows() ** 3, "student MSE")
    V = [_from_key(k) for k in keysV]
    pairs = [(i, j) for i in range(n) for j in range(i + 1)]
    alphas = [_from_key(f) * _from_key(g).transpose() for f, g in zip(keysPhi, keysPsi)]
    coeff = fmpq_mat(len(pairs), len(V), [alpha[i, j] for i, j in pairs for alpha in alphas])
    values = fmpq_mat(len(V), V[0].nrows() * V[0].ncols(), [x for M in V for x in M.entries()])
    impulse, power = [], B
    for _ in range(n):
        impulse.append((C * power).entries())
        power = A * power
    target = fmpq_mat(len(pairs), values.ncols(), [x for i, j in pairs for x in impulse[i - j]])
    error = coeff * values - target
    total = sum((x * x for x in error.entries()), fmpq(0)) / (n * C.nrows())
    if total != mse:
        raise KernelError(where, f"the student's exact test MSE is {float(total)!r}, not the stated {float(mse)!r}")


def _goal_jacobian(goal: JSONObject, where: str) -> JacobianGoal:
    """The ssm_jacobian goal as comparable exact data."""
    expect_keys(goal, where, ("A", "B", "C", "T", "measured"))
    A, B, C = _system(goal, where)
    T = parse_integer(goal["T"], f"{where}.T", 0, _MAX_LENGTH)
    return (_key(A), _key(B), _key(C), T, _rational(goal["measured"], f"{where}.measured"))


# float64 unit roundoff: every a-priori bound of a float64 measurement in this module is in multiples of it.
UNIT_ROUNDOFF = fmpq(1, 2**53)


def _gamma(count: int) -> arb:
    """gamma_n = n u / (1 - n u) (Higham, Lemma 3.1): the relative error of n successive float64 roundings."""
    nu = UNIT_ROUNDOFF * count
    if nu >= 1:
        raise KernelError("tolerance", f"n u >= 1 for n = {count}: no a-priori bound")
    return arb(nu / (1 - nu))


def jacobian_tolerance(A: fmpq_mat, B: fmpq_mat, C: fmpq_mat, T: int, measured: fmpq, where: str) -> arb:
    """A-priori bound on |measured - ||C A^T B||_2| for autograd's float64 backward recurrence and a float64 SVD.

    Backprop forms g_T = C^T e_a exactly, g_{s-1} = fl(A^T g_s) (T times) and r = fl(B^T g_0); a matrix-vector
    product of inner dimension k errs by at most gamma_k |M^T| |g| (Higham, eq. 3.11). With a = ||A||_2,
    ah = || |A| ||_2, b, bh likewise for B, c = max_a ||C^T e_a||_2: the error of g_0 is at most
    E = gamma_m ah c T (a + gamma_m ah)^(T-1), each row of J errs by at most b E + gamma_m bh (a^T c + E), so
    ||J_float - J||_F <= sqrt(p) times that (m = A's size, p = C's rows). The float64 2-norm of J_float (a
    backward-stable SVD) adds at most gamma_(p d) |measured| (p x d = J's shape).
    """
    m, p, d = A.nrows(), C.nrows(), B.ncols()

    def absolute(M: fmpq_mat) -> fmpq_mat:
        """|M| entry by entry."""
        return fmpq_mat(M.nrows(), M.ncols(), [abs(x) for x in M.entries()])

    a, ah, b, bh = (spectral_norm(M, where) for M in (A, absolute(A), B, absolute(B)))
    rows = [sum((C[r, k] ** 2 for k in range(m)), fmpq(0)) for r in range(p)]
    c = arb(max(rows)).sqrt()
    g = _gamma(max(m, d))
    E = g * ah * c * T * (a + g * ah) ** max(T - 1, 0)
    row = b * E + g * bh * (a**T * c + E)
    return row * arb(p).sqrt() + _gamma(p * d) * abs(arb(measured))


def _check_jacobian(goal: JacobianGoal, witness: object, where: str) -> None:
    """||C A^T B||_2 within the derived tolerance of the measurement and below ||C|| ||B|| ||A||^T."""
    keyA, keyB, keyC, T, measured = goal
    A, B, C = (_from_key(k) for k in (keyA, keyB, keyC))
    witness = expect_keys(witness, f"{where}.witness", (), ("precision",))
    side = max(A.nrows(), B.ncols(), C.nrows())
    charge((T + 8) * side**3 // 10 + 1, "Jacobian norms")
    with with_precision(witness.get("precision", 256), f"{where}.witness.precision"):
        power = B
        for _ in range(T):
            power = A * power
        exact = spectral_norm(C * power, where)
        tolerance = jacobian_tolerance(A, B, C, T, measured, where)
        if not abs(exact - arb(measured)) <= tolerance:
            raise KernelError(
                where,
                f"measured {float(measured)!r} is not within the a-priori bound {tolerance.str(5)} "
                f"of ||C A^T B||_2 = {exact.str(15)}",
            )
        bound = spectral_norm(C, where) * spectral_norm(B, where) * spectral_norm(A, where) ** T
        if not exact <= bound:
            raise KernelError(where, f"||C A^T B||_2 = {exact.str(15)} is not decided <= the bound {bound.str(15)}")


KINDS: KindTable = {
    "lowrank_optimum": (_goal_optimum, _check_optimum),
    "student_mse": (_goal_student, _check_student),
    "ssm_jacobian": (_goal_jacobian, _check_jacobian),
}

# The exact MSE is a function of the teacher, n and the student's weights.
ESTABLISHES: Establishes = {"student_mse": {"mse": ("A", "B", "C", "n", "student")}}
