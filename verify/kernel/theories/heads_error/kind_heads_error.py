"""Kernel kind heads_error: the certified error-versus-heads table of an SSM read from float weights.

Goal {form, A, B, C, n, tolerance, width, k, table, heads}. W(tau) = C A^tau B for a dense real A (form
"dense"); for form "diagonal" A is the list of diagonal entries a_j in QQ(i) and W(tau) = Re(C diag(a)^tau B)
(the real SSM of state dimension 2m with 2x2 blocks [[Re a, -Im a], [Im a, Re a]], B_real = [Re B; Im B],
C_real = [Re C, -Im C]; S4D's factor 2 in front of Re scales G by 4 and leaves every ratio below unchanged).
With G = sum_{tau<n} (n - tau) vec W(tau) vec W(tau)^T and eigenvalues l_1 >= l_2 >= ... of G, the goal says:
k = rank G, table[H-1] = [lower, upper] contains e_H = (sum_{i>H} l_i) / trace G for H = 1..k with
0 < lower and upper - lower <= width * lower for H < k and table[k-1] = [0, 0]; heads = min{H >= 0: e_H <=
tolerance} (e_0 = 1). e_H is the Experiment I optimum of an H-head student divided by the objective of the
zero model (see kind lowrank_optimum and docs: both are (1/(n p)) times a sum of eigenvalues of G).

Soundness. ssm_gram.representation gives G = U Y U^T with U exact and Y a ball enclosure (for a dense A
the witness may name a monic annihilator p of B, checked exactly: p(A) B = 0). The witness gives
column indices `basis` and exact `coords` E with U = U[:, basis] E (checked exactly), so range G is inside
range U_b, U_b = U[:, basis], and G = U_b (E Y E^T) U_b^T (or `ambient`: U_b = I of side p*d, E = U, for a
G of full rank p*d); and an exact matrix T (q' x q'). With X = U_b T the
kernel encloses R = X^T X - I = T^T (U_b^T U_b) T - I and S = X^T G X = T^T Gamma (E Y E^T) Gamma T, Gamma =
U_b^T U_b exact. If ||R||_F <= rho < 1, X has full column rank q' and, all S_ii > 0 and eta = ||D^-1/2 S
D^-1/2 - I||_F < 1 (D = diag S), S is positive definite; so rank G >= q' >= rank G, range G = range X, and
Ostrowski's theorem (twice: X^T G X versus G on range X, and S = D^1/2 (I + N) D^1/2 versus D) gives
l_i in [d_(i) (1 - eta)/(1 + rho), d_(i) (1 + eta)/(1 - rho)] with d_(i) the i-th largest S_ii (its lower and
upper ends bracket it). e_H = T_H/(T_H + S_H) (tail and top sums) is increasing in T_H and decreasing in S_H,
which gives its enclosure; the table must contain it. e_H is non-increasing in H, so heads follows from the
table: upper(heads) <= tolerance < lower(heads - 1). Undecided comparisons reject.

ESTABLISHES: k and heads are determined exactly by the inputs; table is determined up to the stated relation
(any list of intervals that contain the true e_H, with relative width <= width, and [0, 0] at H = k).

Work: exact products are charged by size and bit length; ball products by ssm_gram.matmul_units; the
witness T (q'^2 numbers) and coords are read with their digits bounded by limits.MAX_NUMBER_DIGITS. At
m = 64, p = d = 16, n = 4096 a re-check costs 0.5 to 2.8 million units (benchmarks/bench_heads_error.py).
"""

from __future__ import annotations

from typing import cast

from flint import arb, arb_mat, fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.intervals import with_precision
from ...core.kind import KindTable
from ...core.limits import MAX_NUMBER_DIGITS, charge
from ...core.matrix import read_matrix
from ...core.numbers import GQ, parse_integer, parse_integer_text, parse_number
from .ssm_gram import exact_units, matmul_units, representation

__all__ = ["KINDS", "ESTABLISHES", "eigen_brackets", "relative_errors", "MAX_STATE", "MAX_DENSE", "MAX_LENGTH"]

MAX_STATE = 1024  # diagonal entries of A (S4D layers use 64 to 256)
MAX_DENSE = 256  # a dense A: its Krylov vectors are exact, with bit lengths growing like m * bits(A)
MAX_OUTPUTS = 4096  # p * d, the side of G
MAX_LENGTH = 1 << 24  # n: S_n(x) costs O(log n), so n is bounded only to stay a sane integer
MAX_SHIFT = 1 << 16  # binary exponents of the witness T (the HiPPO-LegS example needs about 10^3)
_FORMS = ("diagonal", "dense")

ESTABLISHES = {
    "heads_error": {
        "k": ("form", "A", "B", "C", "n"),
        "table": ("form", "A", "B", "C", "n", "width"),
        "heads": ("form", "A", "B", "C", "n", "tolerance"),
    }
}


def _rational(value: object, where: str) -> fmpq:
    """An exact real number."""
    x = parse_number(value, where)
    if not x.is_real():
        raise KernelError(where, "expected a real number")
    return x.re


def _bits(M: fmpq_mat) -> int:
    """The largest numerator or denominator bit length of an exact matrix."""
    return max((max(x.p.bit_length(), x.q.bit_length()) for x in M.entries()), default=1)


def _rows(value: object, where: str, real: bool) -> tuple[tuple[GQ, ...], ...]:
    """A matrix of exact numbers as a tuple of rows (real entries only when `real`)."""
    if isinstance(value, list) and value and isinstance(value[0], list):
        charge(len(value) * len(value[0]) * 3 + 1, f"reading {where}")
    rows = read_matrix(value, where).rows
    if real and not all(x.is_real() for row in rows for x in row):
        raise KernelError(where, "expected real entries (a dense A needs real A, B and C)")
    return tuple(tuple(row) for row in rows)


# A matrix as rows of exact numbers.
Rows = tuple[tuple[GQ, ...], ...]
# A: the m diagonal entries (form "diagonal") or the m x m rows (form "dense").
SystemA = tuple[GQ, ...] | Rows
# (form, A, B, C, n, tolerance, width, k, table of [lower, upper] for H = 1..k, heads)
Goal = tuple[str, SystemA, Rows, Rows, int, fmpq, fmpq, int, tuple[tuple[fmpq, ...], ...], int]


def _read_system(goal: JSONObject, where: str) -> tuple[str, SystemA, Rows, Rows]:
    """(form, A, B, C) with shapes checked: A m diagonal entries or m x m, B m x d, C p x m."""
    form = goal["form"]
    if form not in _FORMS:
        raise KernelError(f"{where}.form", f"found {form!r}, expected one of {list(_FORMS)}")
    dense = form == "dense"
    A: SystemA
    if dense:
        A = _rows(goal["A"], f"{where}.A", True)
        m = len(A)
        if len(A[0]) != m or m > MAX_DENSE:
            raise KernelError(f"{where}.A", f"expected a square m x m matrix with m <= {MAX_DENSE}")
    else:
        if not isinstance(goal["A"], list) or not 1 <= len(goal["A"]) <= MAX_STATE:
            raise KernelError(f"{where}.A", f"expected a list of 1 to {MAX_STATE} diagonal entries")
        A = tuple(parse_number(x, f"{where}.A[{j}]") for j, x in enumerate(goal["A"]))
        m = len(A)
    B, C = _rows(goal["B"], f"{where}.B", dense), _rows(goal["C"], f"{where}.C", dense)
    if len(B) != m or len(C[0]) != m:
        raise KernelError(where, f"shapes B {len(B)}x{len(B[0])}, C {len(C)}x{len(C[0])}; expected m = {m}")
    if len(B[0]) * len(C) > MAX_OUTPUTS:
        raise KernelError(where, f"p * d = {len(B[0]) * len(C)} is more than {MAX_OUTPUTS}")
    return form, A, B, C


def _goal(goal: JSONObject, where: str) -> Goal:
    """The heads_error goal as comparable exact data."""
    keys = ("form", "A", "B", "C", "n", "tolerance", "width", "k", "table", "heads")
    expect_keys(goal, where, required=keys)
    form, A, B, C = _read_system(goal, where)
    n = parse_integer(goal["n"], f"{where}.n", 1, MAX_LENGTH)
    tolerance, width = (_rational(goal[key], f"{where}.{key}") for key in ("tolerance", "width"))
    if tolerance < 0 or width <= 0:
        raise KernelError(where, "expected tolerance >= 0 and width > 0")
    k = parse_integer(goal["k"], f"{where}.k", 1, MAX_OUTPUTS)
    table = goal["table"]
    if not isinstance(table, list) or len(table) != k:
        raise KernelError(f"{where}.table", f"expected k = {k} entries [lower, upper] for H = 1..{k}")
    pairs: list[tuple[fmpq, ...]] = []
    for h, pair in enumerate(table):
        if not isinstance(pair, list) or len(pair) != 2:
            raise KernelError(f"{where}.table[{h}]", "expected [lower, upper]")
        pairs.append(tuple(_rational(x, f"{where}.table[{h}]") for x in pair))
    heads = parse_integer(goal["heads"], f"{where}.heads", 0, k)
    return (form, A, B, C, n, tolerance, width, k, tuple(pairs), heads)


def _table_shape(goal: Goal, where: str) -> None:
    """Exact checks on the stated table: widths, the exact zero at H = k, and the smallest H."""
    *_, tolerance, width, k, table, heads = goal
    for h, (lower, upper) in enumerate(table[:-1]):
        if not (0 < lower <= upper and upper - lower <= width * lower):
            raise KernelError(f"{where}.table[{h}]", f"expected 0 < lower <= upper <= (1 + {width}) * lower")
    if table[-1] != (fmpq(0), fmpq(0)):
        raise KernelError(f"{where}.table[{k - 1}]", f"expected [0, 0]: e_H = 0 for H >= k = rank G = {k}")
    fits = tolerance >= 1 if heads == 0 else table[heads - 1][1] <= tolerance
    below = heads == 0 or (tolerance < 1 if heads == 1 else table[heads - 2][0] > tolerance)
    if not (fits and below):
        raise KernelError(f"{where}.heads", f"{heads} is not the smallest H with e_H <= {tolerance} by the table")


def _witness_T(value: object, size: int, where: str) -> fmpq_mat:
    """T = mantissas * diag(2^exponents): integer rows and one binary exponent per column."""
    value = expect_keys(value, where, required=("exponents", "mantissas"))
    exponents, mantissas = value["exponents"], value["mantissas"]
    if not isinstance(exponents, list) or len(exponents) != size:
        raise KernelError(f"{where}.exponents", f"expected {size} integers")
    shifts = [parse_integer(e, f"{where}.exponents[{j}]", -MAX_SHIFT, MAX_SHIFT) for j, e in enumerate(exponents)]
    if not (isinstance(mantissas, list) and len(mantissas) == size and all(isinstance(r, list) for r in mantissas)):
        raise KernelError(f"{where}.mantissas", f"expected {size} rows of {size} integer strings")
    for i, row in enumerate(mantissas):
        if not (len(row) == size and all(isinstance(x, str) and len(x) <= MAX_NUMBER_DIGITS for x in row)):
            raise KernelError(f"{where}.mantissas[{i}]", f"expected {size} decimal integer strings")
    bits = sum(len(x) * 10 // 3 + abs(s) for row in mantissas for x, s in zip(row, shifts))
    charge(size * size // 4 + bits // 200 + 1, "reading the witness T")
    entries = []
    for i, row in enumerate(mantissas):
        for j, x in enumerate(row):
            mantissa, s = parse_integer_text(x, f"{where}.mantissas[{i}][{j}]"), shifts[j]
            entries.append(fmpq(mantissa << s) if s >= 0 else fmpq(mantissa, 1 << -s))
    return fmpq_mat(size, size, entries)


def _select(U: fmpq_mat, witness: JSONObject, where: str) -> tuple[fmpq_mat, fmpq_mat | None]:
    """U_b = U[:, basis] and the exact coords E with U = U_b E (None when the basis is every column)."""
    q = U.ncols()
    if "basis" not in witness:
        return U, None
    basis = witness["basis"]
    if not isinstance(basis, list) or not basis:
        raise KernelError(f"{where}.basis", "expected a nonempty list of column indices")
    picked = [parse_integer(c, f"{where}.basis", 0, q - 1) for c in basis]
    if picked != sorted(set(picked)):
        raise KernelError(f"{where}.basis", "expected strictly increasing column indices")
    if "coords" not in witness:
        raise KernelError(where, "missing field 'coords' (U = U[:, basis] coords)")
    coords = _rows(witness["coords"], f"{where}.coords", True)
    if len(coords) != len(picked) or len(coords[0]) != q:
        raise KernelError(f"{where}.coords", f"expected a {len(picked)} x {q} matrix")
    E = fmpq_mat(len(picked), q, [x.re for row in coords for x in row])
    rows = U.nrows()
    Ub = fmpq_mat(rows, len(picked), [U[r, c] for r in range(rows) for c in picked])
    charge(exact_units(rows, len(picked), q, _bits(Ub), _bits(E)), "checking U = U[:, basis] coords")
    if Ub * E != U:
        raise KernelError(f"{where}.coords", "U differs from U[:, basis] * coords")
    return Ub, E


def _annihilator(witness: JSONObject, form: str, m: int, where: str) -> fmpq_poly | None:
    """The witness's monic annihilator p of B (coefficients from x^0 up), dense form only; None when absent."""
    if "annihilator" not in witness:
        return None
    value = witness["annihilator"]
    if form != "dense" or not isinstance(value, list) or not 2 <= len(value) <= m + 1:
        raise KernelError(f"{where}.annihilator", f"expected, for a dense A, 2 to {m + 1} coefficients from x^0 up")
    return fmpq_poly([_rational(c, f"{where}.annihilator[{j}]") for j, c in enumerate(value)])


def _identity(size: int) -> arb_mat:
    """The identity matrix as balls."""
    return arb_mat(size, size, [1 if i == j else 0 for i in range(size) for j in range(size)])


def _gram_parts(U: fmpq_mat, Y: arb_mat, witness: JSONObject, where: str, bits: int) -> tuple[arb_mat, arb_mat]:
    """(Gamma, core) with G = U_b core U_b^T and Gamma = U_b^T U_b: U_b = I (ambient) or U[:, basis]."""
    if "ambient" in witness:
        if witness["ambient"] is not True or "basis" in witness or "coords" in witness:
            raise KernelError(f"{where}.ambient", "expected true, and no basis or coords with it")
        rows, q = U.nrows(), U.ncols()
        charge(matmul_units(rows, q, q, bits) + matmul_units(rows, q, rows, bits), "G = U Y U^T")
        ball_u = arb_mat(U)
        return _identity(rows), ball_u * Y * ball_u.transpose()
    Ub, E = _select(U, witness, where)
    size, width_u = Ub.ncols(), _bits(Ub)
    charge(exact_units(size, Ub.nrows(), size, width_u, width_u), "Gamma = U_b^T U_b")
    gamma = arb_mat(Ub.transpose() * Ub)
    if E is None:
        return gamma, Y
    charge(2 * matmul_units(size, Y.nrows(), Y.nrows(), bits), "E Y E^T")
    return gamma, arb_mat(E) * Y * arb_mat(E.transpose())


def eigen_brackets(S: arb_mat, R: arb_mat, where: str) -> list[tuple[arb, arb]]:
    """[lower, upper] (exact balls) for the nonzero eigenvalues of G, largest first, from S = X^T G X, R."""
    q = S.nrows()
    charge(6 * q * q + 1, "the Ostrowski brackets")
    rho = sum((_square(R[i, j]) for i in range(q) for j in range(q)), arb(0)).sqrt().upper()
    diag = [S[i, i] for i in range(q)]
    if not all(d > 0 for d in diag):
        raise KernelError(where, "S = X^T G X has a diagonal entry not decided > 0 (G is not positive on range X)")
    low = [d.lower() for d in diag]
    eta2 = arb(0)
    for i in range(q):
        for j in range(q):
            if i != j:
                eta2 += _square(S[i, j]) / (low[i] * low[j])
    eta = eta2.sqrt().upper()
    if not (rho < 1 and eta < 1):
        raise KernelError(where, f"not near-diagonal enough: ||X^T X - I||_F <= {rho.str(3)}, eta <= {eta.str(3)}")
    lows = sorted(low, key=_exact, reverse=True)
    highs = sorted((d.upper() for d in diag), key=_exact, reverse=True)
    shrink, grow = (1 - eta) / (1 + rho), (1 + eta) / (1 - rho)
    return [((a * shrink).lower(), (b * grow).upper()) for a, b in zip(lows, highs)]


def _square(x: arb) -> arb:
    """An exact upper bound of x^2 (the square of the largest |x| in the ball)."""
    top = x.abs_upper()
    return top * top


def _exact(x: arb) -> fmpq:
    """The exact rational value of a ball of radius 0 (a sort key)."""
    mantissa, exponent = x.mid().man_exp()
    e = int(exponent)
    return fmpq(int(mantissa) << e) if e >= 0 else fmpq(int(mantissa), 1 << -e)


def relative_errors(brackets: list[tuple[arb, arb]]) -> list[tuple[arb, arb]]:
    """Exact-ball [lower, upper] of e_H = tail_H / (top_H + tail_H) for H = 1..k-1 (e_k = 0 is exact)."""
    out = []
    for h in range(1, len(brackets)):
        top_low = sum((a for a, _ in brackets[:h]), arb(0)).lower()
        top_high = sum((b for _, b in brackets[:h]), arb(0)).upper()
        tail_low = sum((a for a, _ in brackets[h:]), arb(0)).lower()
        tail_high = sum((b for _, b in brackets[h:]), arb(0)).upper()
        out.append(((tail_low / (tail_low + top_high)).lower(), (tail_high / (tail_high + top_low)).upper()))
    return out


def _check(goal: Goal, witness: JSONObject, where: str) -> None:
    """Rebuild G = U Y U^T, check the witness's Ostrowski brackets, and compare every entry of the table."""
    form, A, B, C, n, tolerance, width, k, table, heads = goal
    _table_shape(goal, where)
    here = f"{where}.witness"
    optional = ("basis", "coords", "ambient", "annihilator")
    expect_keys(witness, here, required=("precision", "T"), optional=optional)
    with with_precision(witness["precision"], f"{here}.precision"):
        bits = witness["precision"]
        annihilator = _annihilator(witness, form, len(A), here)
        matrix_a: tuple[GQ, ...] | fmpq_mat
        if form == "dense":
            rows_a = cast(Rows, A)  # the dense form's A is m x m rows (_read_system)
            matrix_a = fmpq_mat(len(A), len(A), [x.re for row in rows_a for x in row])
        else:
            matrix_a = cast(tuple[GQ, ...], A)  # the diagonal form's A is its m entries
        rows_b, rows_c = [list(r) for r in B], [list(r) for r in C]
        U, Y = representation(form, matrix_a, rows_b, rows_c, n, bits, where, annihilator)
        gamma, core = _gram_parts(U, Y, witness, here, bits)
        size = gamma.nrows()
        if size != k:
            raise KernelError(f"{where}.k", f"found {k}, but the witness basis has {size} columns (rank G = {size})")
        T = _witness_T(witness["T"], size, f"{here}.T")
        charge(8 * matmul_units(size, size, size, bits), "S = T^T Gamma Y Gamma T and R = T^T Gamma T - I")
        ball_t = arb_mat(T)
        left = ball_t.transpose() * gamma
        S = left * core * left.transpose()
        R = left * ball_t - _identity(size)
        brackets = eigen_brackets(S, R, where)
        for h, (low, high) in enumerate(relative_errors(brackets)):
            lower, upper = table[h]
            if not (arb(lower) <= low and high <= arb(upper)):
                raise KernelError(
                    f"{where}.table[{h}]",
                    f"e_{h + 1} in [{low.str(12)}, {high.str(12)}] is not decided inside [{lower}, {upper}]",
                )


KINDS: KindTable = {"heads_error": (_goal, _check)}
