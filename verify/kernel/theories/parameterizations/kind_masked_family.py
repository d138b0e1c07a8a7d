"""Kind `masked_rank_family`: the (A2) rank lower bound under the causal mask, for every length n at once.

Goal {A, B, C, head, t0, span, r0}: a real SSM, a head h (1-based) of the Theorem 4.4 construction, and three
integers the check establishes from them. The statement: for every n >= 1, every n x n matrix M with
M_ij = g_h(i - j) = c_{i-j,h} for 1 <= j <= i <= n (the entries above the diagonal are free: the causal mask is
applied after the inner product) has

    rank M >= max( floor((n - t0 - 1)/span) + 1 ,  n - (t0 + span - 1) ) - r0,

so every feature map with <phi(i), psi(j)> = g_h(i - j) for 1 <= j <= i <= n has dimension >= that bound.

What the kernel computes (no witness; all arithmetic exact, python-flint):
1. chi = the characteristic polynomial of A, checked by chi(A) = 0 (Cayley-Hamilton; a wrong chi is refused).
2. W(tau) = C A^tau B for tau < m; the Theorem 4.4 lags t_1 < ... < t_k (tau is a lag iff W(tau) is not in the
   span of the W(t_g) found before: exact ranks), the basis M_g = W(t_g), and c_tau (tau < m) with
   W(tau) = sum_g c_{tau,g} M_g, checked exactly. By chi(A) = 0 every W(tau) is a combination of W(0..m-1),
   so the M_g are a basis of span{W(tau)} and the coordinates c_{tau,h} = g_h(tau) are unique; for tau >= m
   they satisfy the recurrence of chi (linear and unique), which the kernel uses to extend them.
3. chi = x^mu q(x) with q(0) != 0, R = deg q. Since chi(sigma) c_h = 0 on tau >= 0 (sigma the shift),
   q(sigma) c_h = 0 on tau >= mu. g_inv is the unique sequence on all integers with q(sigma) g_inv = 0 and
   g_inv = c_h on tau >= mu (backward recurrence, q(0) != 0); d_h = c_h - g_inv vanishes for tau >= mu.
   The kernel computes d_h(tau), tau < mu, by that recurrence; d_h = 0 is refused (the nilpotent part does
   not reach the head). t0 = first, last = last nonzero lag of d_h, span = last - t0 + 1.
4. r0 = rank of the R x R Hankel matrix (g_inv(mu + i + j)), the dimension of the span of the shifts of g_inv
   (they lie in ker q(sigma), where a sequence is fixed by R consecutive values).
Soundness of the bound for every n: T = (g_inv(i - j))_{i,j<=n} has rank <= r0 (its columns are restrictions of
shifts of g_inv, and that span is r0-dimensional, shift-invariant because sigma is invertible on ker q(sigma)),
so rank M >= rank(M - T) - r0. M - T equals d_h(i - j) on and below the diagonal. Family (a): rows
i_k = t0 + 1 + k span, columns j_k = 1 + k span, k < floor((n - t0 - 1)/span) + 1 (all <= n): entry (a, b) has
lag t0 + (a - b) span, which is t0 on the diagonal (d_h(t0) != 0) and >= last + 1 below it (d_h = 0 there),
so the submatrix is upper triangular with a nonzero diagonal whatever the free entries are. Family (b): rows
last + 1 + k, columns 1 + k, k < n - last: lag last + (a - b), d_h(last) != 0 on the diagonal, 0 below.
Both hold for every n because entries depend only on the lag and d_h has finite support.
Named facts: Cayley-Hamilton is checked, not assumed; rank subadditivity; a triangular matrix with nonzero
diagonal is invertible. Work: charged per rational product and rank (limits.rational_work).
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import identity, product
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, rational_work
from ...core.matrix import read_rational_matrix
from ...core.numbers import parse_integer

__all__ = ["KINDS", "ESTABLISHES", "MAX_STATE"]

MAX_STATE = 32  # state, input and output dimensions: the singular instances have m <= 3


# A matrix as nested tuples of rationals (rows).
Rows = tuple[tuple[fmpq, ...], ...]
# (A, B, C, head, t0, span, r0)
Goal = tuple[Rows, Rows, Rows, int, int, int, int]


def _goal(goal: JSONObject, where: str) -> Goal:
    """(A, B, C as nested tuples of fmpq, head, t0, span, r0)."""
    expect_keys(goal, where, ("A", "B", "C", "head", "t0", "span", "r0"))
    a, b, c = (read_rational_matrix(_field(goal, k, where), f"{where}.{k}", MAX_STATE) for k in ("A", "B", "C"))
    m = a.nrows()
    if a.ncols() != m or b.nrows() != m or c.ncols() != m:
        raise KernelError(where, "expected A m x m, B m x d, C p x m")
    head = parse_integer(_field(goal, "head", where), f"{where}.head", 1, MAX_STATE**2)
    t0 = parse_integer(_field(goal, "t0", where), f"{where}.t0", 0, m)
    span = parse_integer(_field(goal, "span", where), f"{where}.span", 1, m)
    r0 = parse_integer(_field(goal, "r0", where), f"{where}.r0", 0, m)

    def frozen(x: fmpq_mat) -> Rows:
        """x as nested tuples."""
        return tuple(tuple(x[r, k] for k in range(x.ncols())) for r in range(x.nrows()))

    return (frozen(a), frozen(b), frozen(c), head, t0, span, r0)


def _matrix(rows: Rows) -> fmpq_mat:
    """A nested tuple of fmpq as an fmpq_mat."""
    return fmpq_mat([list(r) for r in rows])


def _bits(values: list[fmpq]) -> int:
    """A bound on the bits of the numbers flint works with: the largest numerator plus all denominators.

    python-flint clears denominators inside rational matrix arithmetic, so distinct large denominators cost
    like one integer of their total size (measured: an 8 x 8 product of 2000-digit rationals takes 0.5 s).
    """
    if not values:
        return 0
    return max(int(x.p).bit_length() for x in values) + sum(int(x.q).bit_length() - 1 for x in values) + 1


def _product(x: fmpq_mat, y: fmpq_mat) -> fmpq_mat:
    """x * y, charged by the cleared-denominator size of both factors (on top of flint_matrix.product's)."""
    work = x.nrows() * x.ncols() * y.ncols()
    charge(rational_work(work, _bits(x.entries()) + _bits(y.entries())), "rational matrix product")
    return product(x, y)


def _charpoly(a: fmpq_mat, where: str) -> list[fmpq]:
    """Coefficients chi_0..chi_m of the characteristic polynomial, checked by chi(A) = 0."""
    m = a.nrows()
    charge(rational_work(m**4, _bits(a.entries())), "characteristic polynomial")  # measured: within 2x or over
    chi = [fmpq(x) for x in a.charpoly().coeffs()]
    if len(chi) != m + 1 or chi[-1] != 1:
        raise KernelError(where, "the characteristic polynomial is not monic of degree m")
    total = fmpq_mat(m, m)
    for coefficient in reversed(chi):
        total = _product(total, a) + identity(m) * coefficient
    if any(x != 0 for x in total.entries()):
        raise KernelError(where, "chi(A) is not zero (Cayley-Hamilton check failed)")
    return chi


def _coordinates(a: fmpq_mat, b: fmpq_mat, c: fmpq_mat, where: str) -> tuple[list[int], list[list[fmpq]]]:
    """The Theorem 4.4 lags and c_tau (tau < m), with W(tau) = sum_g c_{tau,g} W(t_g) checked exactly."""
    m, state, vectors = a.nrows(), b, []
    for _ in range(m):
        w = _product(c, state)
        vectors.append([w[r, k] for r in range(w.nrows()) for k in range(w.ncols())])
        state = _product(a, state)
    lags: list[int] = []
    bits = _bits([x for w in vectors for x in w])
    for tau, vec in enumerate(vectors):
        charge(rational_work(len(vec) * (len(lags) + 1) ** 2, bits * (len(lags) + 1)), "rank")
        if fmpq_mat([vectors[t] for t in lags] + [vec]).rank() > len(lags):
            lags.append(tau)
    if not lags:
        raise KernelError(where, "W(tau) = 0 for every tau: there is no head")
    basis = fmpq_mat([vectors[t] for t in lags]).transpose()  # pd x k, independent columns
    gram = _product(basis.transpose(), basis)
    charge(rational_work(len(lags) ** 3, len(lags) * _bits(gram.entries())), "inverse")
    solve = _product(gram.inv(), basis.transpose())
    coords = []
    for tau, vec in enumerate(vectors):
        x = _product(solve, fmpq_mat([[e] for e in vec]))
        if _product(basis, x) != fmpq_mat([[e] for e in vec]):
            raise KernelError(where, f"W({tau}) is not in the span of the basis lags (internal)")
        coords.append([x[g, 0] for g in range(len(lags))])
    return lags, coords


def _head_sequence(chi: list[fmpq], coords: list[list[fmpq]], h: int, length: int) -> list[fmpq]:
    """c_{tau,h} for tau < length, extended beyond m by chi(sigma) c = 0."""
    m = len(chi) - 1
    seq = [row[h] for row in coords]
    while len(seq) < length:
        charge(rational_work(m, _bits(seq[-m:]) + _bits(chi)), "recurrence")
        t = len(seq) - m
        seq.append(-sum((chi[j] * seq[t + j] for j in range(m)), fmpq(0)))
    return seq


def _check(goal: Goal, witness: object, where: str) -> None:
    """Recompute t0, span and r0 from (A, B, C, head) and compare (module docstring)."""
    expect_keys(witness, f"{where}.witness")
    a_rows, b_rows, c_rows, head, t0, span, r0 = goal
    a, b, c = (_matrix(x) for x in (a_rows, b_rows, c_rows))
    chi = _charpoly(a, where)
    lags, coords = _coordinates(a, b, c, where)
    if head > len(lags):
        raise KernelError(f"{where}.head", f"found head {head}, but the construction has k = {len(lags)} heads")
    m = a.nrows()
    mu = next(j for j, x in enumerate(chi) if x != 0)
    q = chi[mu:]
    rank_q = len(q) - 1
    seq = _head_sequence(chi, coords, head - 1, mu + 2 * rank_q + 1)
    g_inv = {tau: seq[tau] for tau in range(mu, len(seq))}
    for tau in range(mu - 1, -1, -1):
        g_inv[tau] = -sum((q[j] * g_inv[tau + j] for j in range(1, rank_q + 1)), fmpq(0)) / q[0]
    support = [tau for tau in range(mu) if seq[tau] != g_inv[tau]]
    if not support:
        raise KernelError(where, f"d_h = 0 for head {head}: the nilpotent part does not reach it (A2 holds)")
    hankel = fmpq_mat(rank_q, rank_q, [g_inv[mu + i + j] for i in range(rank_q) for j in range(rank_q)])
    charge(rational_work(rank_q**3 + 1, (rank_q + 1) * _bits(list(g_inv.values()))), "rank")
    found = (support[0], support[-1] - support[0] + 1, hankel.rank() if rank_q else 0)
    if found != (t0, span, r0):
        raise KernelError(where, f"found (t0, span, r0) = {found} for head {head} (m = {m}), expected {(t0, span, r0)}")


KINDS: KindTable = {"masked_rank_family": (_goal, _check)}

# t0, span and r0 are functions of (A, B, C, head): the first and last nonzero lag of the unique nilpotent part
# d_h, and the dimension of the shift span of the unique invertible part g_inv.
ESTABLISHES: Establishes = {
    "masked_rank_family": {key: ("A", "B", "C", "head") for key in ("t0", "span", "r0")},
}
