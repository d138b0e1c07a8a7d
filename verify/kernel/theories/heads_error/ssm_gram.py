"""The Gram matrix of Experiment I for an SSM, G = sum_{tau<n} (n - tau) w_tau w_tau^T, as U Y U^T.

Here w_tau = vec W(tau) (row-major) and W(tau) is the SSM's impulse response. Every representation below
writes w_tau = U y_tau with U an *exact* rational matrix (its columns are computed from A, B, C without
rounding) and y_tau real coordinates, so G = U Y U^T with Y = sum_{tau<n} (n - tau) y_tau y_tau^T, which is
enclosed in ball arithmetic (python-flint arb/acb) wherever exact sizes explode:

* diagonal form, W(tau) = Re(C diag(a)^tau B) with a, B, C over QQ(i): modes with equal a are merged
  (u_a + u_b), a mode with a conjugate partner is merged into it (u_a + conj(u_b)), since
  Re(a^tau u) + Re(conj(a)^tau v) = Re(a^tau (u + conj(v))). With u_j = vec(C[:, j] B[j, :]),
  Re(a^tau u) = Re(a^tau) Re(u) + Im(a^tau) (-Im(u)): columns Re u_j and -Im u_j (only Re u_j when a_j
  is real), coordinates Re(a^tau), Im(a^tau). Y is exact data of S(x) = sum_{tau<n} (n - tau) x^tau at
  x = a_j a_l and a_j conj(a_l): Re(x^t)Re(y^t) = (Re((xy)^t) + Re((x conj y)^t))/2 and its companions.
* dense real A: by Cayley-Hamilton every A^tau is a combination of A^0..A^(m-1), so U = [vec C A^j B]_{j<m}
  (exact Krylov columns) and y_tau = coordinates of x^tau mod chi_A. When chi_A has distinct roots a_i,
  x^tau mod chi_A = sum_i a_i^tau L_i(x) (Lagrange), so Y = Re(Z K Z^*) with Z = [coeffs of L_i] and
  K_ij = S(a_i conj(a_j)); the a_i are rigorous enclosures of the roots of the exact chi_A. A root 0 of
  multiplicity mu (a nilpotent part, as in shift SSMs) is split off: see dense_core.
* direct: when n is at most the number of columns, U = [w_0, ..., w_{n-1}] exactly and Y = diag(n - tau).

S(x) is evaluated by doubling (S_2k = k P_k + (1 + x^k) S_k, P_2k = (1 + x^k) P_k with P_k = sum_{t<k} x^t),
a polynomial evaluation without division, so it is exact in spirit at x = 1 (|a| = 1) and needs no case split.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

import flint
from flint import acb, acb_mat, acb_poly, arb, arb_mat, fmpq, fmpq_mat, fmpq_poly

from ...core.errors import KernelError
from ...core.limits import bits_factor, charge
from ...core.numbers import GQ

__all__ = [
    "weighted_power_sum",
    "diagonal_columns",
    "diagonal_core",
    "diagonal_direct",
    "krylov_columns",
    "dense_core",
    "direct_core",
    "exact_columns",
    "gram_core",
    "representation",
    "ball_cost",
    "matmul_units",
    "exact_units",
]


def ball_cost(bits: int) -> float:
    """Microseconds per multiply-add of two `bits`-bit balls inside a python-flint matrix product.

    Calibrated on the project's 2-core machine with 64 x 64 arb_mat products (larger ones are cheaper per
    entry): 4 ns at 64 bits, 11 ns at 256, 30 ns at 512, 117 ns at 1024, 340 ns at 2048; about
    4 + (bits/96)^2 nanoseconds.
    """
    return (4 + (bits / 96) ** 2) / 1000


def matmul_units(rows: int, inner: int, cols: int, bits: int) -> int:
    """Work units (about a microsecond each) of a ball matrix product rows x inner x cols at `bits` bits."""
    return int(rows * inner * cols * ball_cost(bits)) + rows * cols // 8 + 1


def _exact_bits(values: list[fmpq]) -> int:
    """The largest numerator or denominator bit length among exact rationals."""
    return max((max(v.p.bit_length(), v.q.bit_length()) for v in values), default=1)


def exact_units(rows: int, inner: int, cols: int, left_bits: int, right_bits: int) -> int:
    """Work units of an exact rational product rows x inner x cols with entries of the given bit lengths.

    python-flint multiplies over a common denominator with integer matrix products; measured per
    multiply-add: about 5 ns for word-sized entries, 66 ns for 30 x 1600 bits (A times A^j B in a Krylov
    step), 330 ns for 1600 x 1600 bits (U^T U); modelled as 10 + (w1 + w2) * 2 + w1 * w2 / 2 ns in words w.
    """
    w1, w2 = 1 + left_bits // 64, 1 + right_bits // 64
    return int(rows * inner * cols * (10 + 2 * (w1 + w2) + w1 * w2 / 2) / 1000) + 1


def weighted_power_sum(x: acb, n: int) -> acb:
    """S_n(x) = sum_{tau<n} (n - tau) x^tau by binary doubling, about 5 log2(n) ball operations."""
    k, partial, total, power = 0, acb(0), acb(0), acb(1)
    for bit in bin(n)[2:]:
        total = k * partial + (1 + power) * total
        partial = partial * (1 + power)
        power = power * power
        k *= 2
        if bit == "1":
            partial = partial + power
            total = total + partial
            power = power * x
            k += 1
    return total


def _power_sum_units(count: int, n: int, bits: int) -> int:
    """Work units of `count` evaluations of S_n at `bits` bits (10 us at 128 bits, 27 us at 1024, n = 4096)."""
    return int(count * (n.bit_length() + 1) * 0.8 * (1 + bits / 400)) + 1


def _ball(z: GQ) -> acb:
    """A Gaussian rational as a complex ball at the working precision."""
    return acb(arb(z.re), arb(z.im))


def diagonal_columns(lam: Sequence[GQ], B: list[list[GQ]], C: list[list[GQ]]) -> tuple[fmpq_mat, list[tuple[GQ, str]]]:
    """Exact U (p*d x q) and its columns' modes (a, "re" | "im") after merging equal and conjugate modes."""
    m, d, p = len(lam), len(B[0]), len(C)
    charge(m * p * d * 4 + 1, "the vectors vec(C[:, j] B[j, :])")
    merged: dict[tuple[fmpq, fmpq], list[GQ]] = {}
    for j, a in enumerate(lam):
        u = [C[r][j] * B[j][c] for r in range(p) for c in range(d)]
        key, mirror = (a.re, a.im), (a.re, -a.im)
        if key in merged:
            merged[key] = [x + y for x, y in zip(merged[key], u)]
        elif a.im != 0 and mirror in merged:
            merged[mirror] = [x + GQ(y.re, -y.im) for x, y in zip(merged[mirror], u)]
        else:
            merged[key] = u
    columns, modes = [], []
    for (re_part, im_part), u in merged.items():
        if all(x.is_zero() for x in u):
            continue
        columns.append([x.re for x in u])
        modes.append((GQ(re_part, im_part), "re"))
        if im_part != 0 and not all(x.im == 0 for x in u):
            columns.append([-x.im for x in u])
            modes.append((GQ(re_part, im_part), "im"))
    rows = p * d
    if not columns:
        return fmpq_mat(rows, 0), []
    return fmpq_mat(rows, len(columns), [columns[c][r] for r in range(rows) for c in range(len(columns))]), modes


def diagonal_core(modes: list[tuple[GQ, str]], n: int, bits: int) -> arb_mat:
    """Y = sum_{tau<n} (n - tau) y_tau y_tau^T for the coordinates Re(a^tau) / Im(a^tau) of the columns."""
    values: list[tuple[GQ, acb]] = []
    index = []
    for a, _ in modes:  # the columns of one mode are adjacent ("re", then "im")
        if not values or values[-1][0] != a:
            values.append((a, _ball(a)))
        index.append(len(values) - 1)
    pairs = len(values) * (len(values) + 1)
    charge(_power_sum_units(pairs, n, bits) + len(modes) ** 2, "the weighted power sums S(a_j a_l), S(a_j conj a_l)")
    sums: dict[tuple[int, int], tuple[acb, acb]] = {}
    for j, (_, x) in enumerate(values):
        for k in range(j, len(values)):
            y = values[k][1]
            sums[(j, k)] = (weighted_power_sum(x * y, n), weighted_power_sum(x * y.conjugate(), n))
    q = len(modes)
    Y = arb_mat(q, q)
    for s in range(q):
        for t in range(s, q):
            j, k = index[s], index[t]
            flip = j > k
            both, mixed = sums[(k, j) if flip else (j, k)]
            if flip:
                mixed = mixed.conjugate()  # S(x conj y) for the swapped pair is the conjugate
            Y[s, t] = Y[t, s] = _entry(modes[s][1], modes[t][1], both, mixed)
    return Y


def _entry(part_s: str, part_t: str, both: acb, mixed: acb) -> arb:
    """sum w f_s f_t from S(x y) (both) and S(x conj y) (mixed) for f = Re or Im of the powers."""
    if part_s == "re" and part_t == "re":
        return (both.real + mixed.real) / 2
    if part_s == "im" and part_t == "im":
        return (mixed.real - both.real) / 2
    if part_s == "re":
        return (both.imag - mixed.imag) / 2
    return (both.imag + mixed.imag) / 2


def diagonal_direct(U: fmpq_mat, modes: list[tuple[GQ, str]], n: int) -> fmpq_mat:
    """The exact vectors [w_0, ..., w_{n-1}] = U [y_0, ..., y_{n-1}] for a short sequence (n <= columns)."""
    powers: dict[tuple[fmpq, fmpq], list[GQ]] = {}
    size = _exact_bits([part for a, _ in modes for part in (a.re, a.im)])
    charge(len(modes) * n * bits_factor(size * n) + 1, "exact powers a^tau for tau < n")
    for a, _ in modes:
        key = (a.re, a.im)
        if key not in powers:
            row, value = [], GQ(1)
            for _ in range(n):
                row.append(value)
                value = (value * a).check_size()
            powers[key] = row
    coords = [[getattr(powers[(a.re, a.im)][t], part) for t in range(n)] for a, part in modes]
    Ycoords = fmpq_mat(len(modes), n, [x for row in coords for x in row])
    units = exact_units(U.nrows(), U.ncols(), n, _exact_bits(U.entries()), size * n)
    charge(units, "the exact impulse responses w_tau = U y_tau")
    return U * Ycoords


def krylov_columns(A: fmpq_mat, B: fmpq_mat, C: fmpq_mat, count: int) -> fmpq_mat:
    """Exact U = [vec(C A^j B)]_{j<count} (p*d x count), each step charged before it is done."""
    m, d, p = A.nrows(), B.ncols(), C.nrows()
    step, start = _exact_bits(A.entries()) + m.bit_length() + 1, _exact_bits(B.entries() + C.entries())
    # start + j * step bounds the bit length of the entries of A^j B; the whole cost is charged up front
    units = sum(exact_units(p, m, d, start, start + j * step) + exact_units(m, m, d, step, start + j * step)
                for j in range(count))  # fmt: skip
    charge(units, "the exact Krylov vectors vec(C A^j B)")
    columns, power = [], B
    for j in range(count):
        columns.append((C * power).entries())
        if j + 1 < count:
            power = A * power
    rows = p * d
    return fmpq_mat(rows, count, [columns[c][r] for r in range(rows) for c in range(count)])


def _isolated_roots(chi: fmpq_poly, bits: int, where: str) -> list[acb]:
    """Pairwise disjoint balls, each holding exactly one root of chi (squarefree), of radius about 2^-bits.

    acb_poly.roots gives validated starting balls (its search is bounded by maxprec). Each is then tightened
    with Krawczyk's test: for a box w around c, y = 1/p'(c) and K(w) = c - y p(c) + (1 - y p'(w))(w - c),
    every zero of p in w lies in K(w), and K(w) inside the interior of w proves w holds exactly one zero
    (p analytic: K is the Krawczyk operator of the real 2 x 2 system). A ball that cannot be tightened is kept.
    Finally the balls are checked pairwise disjoint: deg chi disjoint balls each holding a root hold them all.
    """
    degree = chi.degree()
    size = _exact_bits(chi.coeffs())
    inner = bits + 2 * size  # evaluating chi near a root cancels about `size` bits of its coefficients
    charge(4 * degree * degree * inner // 100 + 1, "rigorous isolation of the eigenvalues of A")
    charge(degree * degree * 12 * (1 + inner // 256) + 1, "refining the eigenvalues of A (Newton, Krawczyk)")
    with flint.ctx.workprec(inner):
        poly = acb_poly([acb(arb(c)) for c in chi.coeffs()])
        try:
            roots = poly.roots(maxprec=inner)
        except ValueError:
            raise KernelError(
                where, f"the eigenvalues of A are not isolated at {inner} bits (repeated or too close)"
            ) from None
        slope = poly.derivative()
        refined = [_krawczyk(poly, slope, z, bits) for z in roots]
    for i, z in enumerate(refined):
        if any(z.overlaps(w) for w in refined[i + 1 :]):
            raise KernelError(where, "the eigenvalue enclosures of A overlap (undecided)")
    return refined


def _krawczyk(poly: acb_poly, slope: acb_poly, z: acb, bits: int) -> acb:
    """A tight ball around the root in z: Newton steps move the center (no proof needed for a center), then
    Krawczyk's test on a small box around it proves the box holds exactly one zero; else z is kept."""
    target = arb(2) ** -bits
    c = acb(z.mid())
    for _ in range(64):
        step = poly(c) / slope(c)
        if not step.is_finite():
            return z
        c = acb((c - step).mid())
        if abs(step).upper() < target * 2**-16:
            break
    y = acb((1 / slope(c)).mid())
    step = y * poly(c)
    r = 2 * abs(step).upper() + target * 2**-8
    box = acb(arb(c.real.mid(), r), arb(c.imag.mid(), r))
    image = c - step + (1 - y * slope(box)) * (box - c)
    if image.is_finite() and box.contains_interior(image) and image.rad() < z.rad():
        return image
    return z


def dense_core(A: fmpq_mat, n: int, bits: int, where: str, annihilator: fmpq_poly | None = None) -> arb_mat:
    """Y for the Krylov columns of a dense A (n > deg p): p = x^mu p_1 with p_1(0) != 0 and distinct roots.

    p is the witness's annihilator of B, or chi_A. The first mu lags are kept as they are (weights n - tau);
    for tau = mu + s the vectors A^s (A^mu B) are annihilated by p_1, so their coordinates in A^(mu + j) B
    (j < deg p_1) are those of x^s mod p_1, sum_i a_i^s L_i(x) over the roots of p_1:
    Y = diag(n, ..., n - mu + 1) (+) Re(Z K Z^*) with K_ij = S_{n - mu}(a_i conj(a_j)). A nilpotent part
    (shift and delay-line SSMs) needs no eigenvalues; a minimal polynomial handles repeated eigenvalues of a
    diagonalizable A.
    """
    m = A.nrows()
    if annihilator is None:
        size = _exact_bits(A.entries())
        # measured: 24 ms at m = 64 and 0.4 s at m = 128 (float32 entries)
        charge(int(m**3 * (1 + m / 64) * (1 + size / 64) / 10) + 1, "the characteristic polynomial of A")
        annihilator = A.charpoly()
    m = annihilator.degree()
    coefficients = annihilator.coeffs()
    mu = next(k for k, c in enumerate(coefficients) if c != 0)
    Y = arb_mat(m, m)
    for t in range(mu):
        Y[t, t] = n - t
    if mu == m:
        return Y
    tail = _lagrange_core(fmpq_poly(coefficients[mu:]), n - mu, bits, where)
    for i in range(m - mu):
        for j in range(m - mu):
            Y[mu + i, mu + j] = tail[i, j]
    return Y


def _lagrange_core(chi: fmpq_poly, n: int, bits: int, where: str) -> arb_mat:
    """Re(Z K Z^*): Z the Lagrange basis coefficients at the (distinct) roots of chi, K_ij = S_n(a_i conj a_j)."""
    m = chi.degree()
    roots = _isolated_roots(chi, bits, where)
    coeffs = [acb(arb(c)) for c in chi.coeffs()]
    lead = coeffs[m]
    charge(2 * m * m * 2 + _power_sum_units(m * (m + 1) // 2, n, bits), "the Lagrange basis and K")
    Z = acb_mat(m, m)
    for i, a in enumerate(roots):
        quotient, acc = [acb(0)] * m, lead
        for k in range(m - 1, -1, -1):
            quotient[k] = acc
            acc = coeffs[k] + a * acc
        value = acb(0)
        for k in range(m - 1, -1, -1):
            value = value * a + quotient[k]
        for k in range(m):
            Z[k, i] = quotient[k] / value
    K = acb_mat(m, m)
    for i in range(m):
        for j in range(i, m):
            s = weighted_power_sum(roots[i] * roots[j].conjugate(), n)
            K[i, j], K[j, i] = s, s.conjugate()
    charge(2 * 4 * matmul_units(m, m, m, bits), "Y = Z K Z^*")
    return (Z * K * Z.conjugate().transpose()).real


def direct_core(n: int) -> arb_mat:
    """Y = diag(n, n - 1, ..., 1) for the direct representation."""
    Y = arb_mat(n, n)
    for t in range(n):
        Y[t, t] = n - t
    return Y


# How the core Y of G = U Y U^T is built: ("direct", n), ("diagonal", modes, n) or ("dense", A, n, annihilator).
Recipe = (
    tuple[Literal["direct"], int]
    | tuple[Literal["diagonal"], list[tuple[GQ, str]], int]
    | tuple[Literal["dense"], fmpq_mat, int, fmpq_poly | None]
)


def exact_columns(
    form: str,
    A: Sequence[GQ] | fmpq_mat,
    B: list[list[GQ]],
    C: list[list[GQ]],
    n: int,
    where: str,
    annihilator: fmpq_poly | None = None,
) -> tuple[fmpq_mat, Recipe]:
    """U (exact) and the recipe of its core Y: ("direct", n), ("diagonal", modes, n) or ("dense", A, n, p).

    For a dense A, p is a monic annihilator of B (p(A) B = 0, checked exactly here) given by the witness, or
    chi_A by default (Cayley-Hamilton); U holds the Krylov vectors vec(C A^j B), j < deg p.
    """
    if form == "diagonal":
        U, modes = diagonal_columns(cast(Sequence[GQ], A), B, C)  # the diagonal form's A is its m entries
        if U.ncols() == 0:
            raise KernelError(where, "the impulse response is identically zero: G = 0 and the error is undefined")
        if n <= U.ncols():
            return diagonal_direct(U, modes, n), ("direct", n)
        return U, ("diagonal", modes, n)
    A = cast(fmpq_mat, A)  # the dense form's A is an exact m x m matrix (kind_heads_error._check)
    real_b = fmpq_mat(len(B), len(B[0]), [x.re for row in B for x in row])
    real_c = fmpq_mat(len(C), len(C[0]), [x.re for row in C for x in row])
    degree = A.nrows() if annihilator is None else annihilator.degree()
    if n <= degree:
        if annihilator is not None:
            raise KernelError(where, f"an annihilator is only used for n > its degree {degree}")
        return krylov_columns(A, real_b, real_c, n), ("direct", n)
    if annihilator is not None:
        _check_annihilator(A, real_b, annihilator, where)
    return krylov_columns(A, real_b, real_c, degree), ("dense", A, n, annihilator)


def _check_annihilator(A: fmpq_mat, B: fmpq_mat, p: fmpq_poly, where: str) -> None:
    """p monic of degree 1..m with p(A) B = sum_j p_j A^j B = 0, exactly."""
    m, d = A.nrows(), B.ncols()
    coefficients = p.coeffs()
    if not 1 <= p.degree() <= m or coefficients[-1] != 1:
        raise KernelError(f"{where}.annihilator", f"expected a monic polynomial of degree 1 to {m}")
    step, start = _exact_bits(A.entries()) + m.bit_length() + 1, _exact_bits(B.entries())
    size = _exact_bits(coefficients)
    total, power = fmpq_mat(m, d), B
    for j, c in enumerate(coefficients):
        bits = start + j * step
        charge(exact_units(m, m, d, step, bits) + exact_units(m, 1, d, bits, size), "checking p(A) B = 0")
        total = total + power * c
        if j < p.degree():
            power = A * power
    if total != fmpq_mat(m, d):
        raise KernelError(f"{where}.annihilator", "p(A) B is not zero")


def gram_core(recipe: Recipe, bits: int, where: str) -> arb_mat:
    """Y for a recipe of exact_columns, enclosed at the current working precision (`bits` for the charges)."""
    if recipe[0] == "direct":
        return direct_core(recipe[1])
    if recipe[0] == "diagonal":
        return diagonal_core(recipe[1], recipe[2], bits)
    return dense_core(recipe[1], recipe[2], bits, where, recipe[3])


def representation(
    form: str,
    A: Sequence[GQ] | fmpq_mat,
    B: list[list[GQ]],
    C: list[list[GQ]],
    n: int,
    bits: int,
    where: str,
    annihilator: fmpq_poly | None = None,
) -> tuple[fmpq_mat, arb_mat]:
    """(U exact, Y enclosed) with G = U Y U^T for the SSM in the given form; see the module docstring."""
    U, recipe = exact_columns(form, A, B, C, n, where, annihilator)
    return U, gram_core(recipe, bits, where)
