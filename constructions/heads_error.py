"""The error-versus-heads table of an exact SSM: e_H = (sum of all but the H largest eigenvalues of G) / trace G.

This is the producer side of the kernel kind heads_error (kernel: kind_heads_error.py, whose docstring
has the mathematics). It builds G = U Y U^T with the kernel's own exact/ball representation, restricts G to
its range (all columns of U, all of R^{p d}, or an exact column basis: rank modulo a 62-bit prime first,
exact reduced row echelon form only when U is rank deficient both ways), computes approximate
G-eigenvectors T with python-flint's approximate eigensolver at the working precision (deterministic, so
certificates are reproducible byte for byte), and then evaluates the Ostrowski brackets of the kind's
docstring with its own code (below: the producer shares no bracket code with the kernel, which re-derives
them from the witness T). When an enclosure is wider than asked, or the smallest H is not decided, the
working precision doubles. Only the kernel's public API is used: parse_number to read the exact goal and the
representation G = U Y U^T (exact_columns, gram_core), whose ball enclosure Y fixes the witness T.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import acb_mat, arb, arb_mat, ctx, fmpq, fmpq_mat, fmpq_poly, nmod_mat

from constructions.weights import ExactSystem
from verify.kernel import KernelError, exact_columns, gram_core, parse_number

__all__ = [
    "ErrorTable",
    "NotCertified",
    "ZeroSystem",
    "error_table",
    "column_basis",
    "approximate_T",
    "ostrowski_brackets",
    "error_brackets",
    "START_BITS",
    "MAX_BITS",
    "WIDTH",
]

START_BITS = 128  # enough for diagonal (S4D-style) layers; ill-conditioned dense A double it a few times
MAX_BITS = 16384
WIDTH = Fraction(1, 10**6)  # the relative width asked of every enclosure by default
_PRIME = (1 << 62) - 57  # a prime: rank modulo it is a lower bound of the rank over QQ


class NotCertified(ValueError):
    """The table could not be certified within the precision bound (the message says why)."""


class ZeroSystem(ValueError):
    """An SSM whose impulse response vanishes on the length asked: e_H = 0/0 is undefined."""


@dataclass(frozen=True)
class ErrorTable:
    """A certified table: the heads_error goal (JSON) and its witness, plus the numbers for display."""

    goal: dict
    witness: dict
    bits: int
    bounds: list[tuple[Fraction, Fraction]]  # [lower, upper] of e_H, H = 1..k

    @property
    def k(self) -> int:
        """rank G: e_H = 0 for H >= k."""
        return self.goal["k"]

    @property
    def heads(self) -> int:
        """The smallest H with e_H <= tolerance."""
        return self.goal["heads"]


def _fraction_text(x: Fraction) -> str:
    """'p' or 'p/q'."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _exact_of(x: arb) -> Fraction:
    """The exact value of a radius-0 ball."""
    mantissa, exponent = x.mid().man_exp()
    return Fraction(int(mantissa)) * Fraction(2) ** int(exponent)


def _rank_mod_prime(U: fmpq_mat) -> int:
    """rank(U mod p) <= rank over QQ (denominators are powers of two or small, never divisible by p)."""
    rows, cols = U.nrows(), U.ncols()
    entries = []
    for x in U.entries():
        num, den = int(x.p) % _PRIME, int(x.q) % _PRIME
        if den == 0:
            return -1  # a denominator divisible by the prime: no modular answer (exact rank is used instead)
        entries.append(num * pow(den, -1, _PRIME) % _PRIME)
    return nmod_mat(rows, cols, entries, _PRIME).rank()


def column_basis(U: fmpq_mat) -> tuple:
    """How G = U Y U^T is restricted to its range: ("all",), ("ambient",) or ("basis", basis, coords).

    ("all",): U has full column rank; ("ambient",): U has full row rank p*d <= columns, so range G is all of
    R^{p*d}; otherwise an exact column basis with U = U[:, basis] coords (reduced row echelon form).
    """
    rank = _rank_mod_prime(U)
    if rank == U.ncols():
        return ("all",)
    if rank == U.nrows():
        return ("ambient",)
    R, rank = U.rref()
    basis, coords = [], []
    for r in range(rank):
        row = [R[r, c] for c in range(U.ncols())]
        basis.append(next(c for c, x in enumerate(row) if x != 0))
        coords.append(row)
    return ("basis", basis, fmpq_mat(rank, U.ncols(), [x for row in coords for x in row]))


def _real_vectors(vectors: acb_mat) -> arb_mat:
    """Columns of approximate eigenvectors of a real symmetric matrix, rotated to be real (phase removed)."""
    rows, cols = vectors.nrows(), vectors.ncols()
    out = arb_mat(rows, cols)
    for j in range(cols):
        column = [vectors[i, j] for i in range(rows)]
        big = max(column, key=lambda z: float(abs(z).mid()))
        phase = big.conjugate() / abs(big)
        real = [(z * phase).real for z in column]
        norm = sum((x * x for x in real), arb(0)).sqrt()
        for i in range(rows):
            out[i, j] = (real[i] / norm).mid()  # unit columns: V diag(g^-1/2) then whitens gamma
    return out


def _mid(M: arb_mat) -> arb_mat:
    """The midpoint matrix, symmetrized."""
    n = M.nrows()
    out = arb_mat(n, n)
    for i in range(n):
        for j in range(i, n):
            out[i, j] = out[j, i] = ((M[i, j] + M[j, i]) / 2).mid()
    return out


def approximate_T(gamma: arb_mat, M: arb_mat) -> arb_mat:
    """T with T^T gamma T ~ I and T^T M T ~ diagonal (gamma positive definite, M symmetric), at ctx.prec."""
    size = gamma.nrows()
    values, vectors = acb_mat(_mid(gamma)).eig(right=True, algorithm="approx")
    scale = arb_mat(size, size)
    for j, g in enumerate(values):
        if not g.real.mid() > 0:
            raise NotCertified("the Gram matrix of the basis is not positive at this precision")
        scale[j, j] = (1 / g.real.mid().sqrt()).mid()
    whiten = _real_vectors(vectors) * scale
    _, vectors = acb_mat(_mid(whiten.transpose() * M * whiten)).eig(right=True, algorithm="approx")
    T = whiten * _real_vectors(vectors)
    residual = T.transpose() * gamma * T
    for j in range(size):
        norm = 1 / residual[j, j].mid().sqrt()
        for i in range(size):
            T[i, j] = (T[i, j] * norm).mid()
    return T


def _round_T(T: arb_mat, bits: int) -> dict:
    """The witness form of T: per column a binary exponent and integer mantissas of about `bits` bits."""
    size = T.nrows()
    exponents, columns = [], []
    for j in range(size):
        column = [_exact_of(T[i, j]) for i in range(size)]
        top = max(abs(x) for x in column)
        shift = (top.numerator.bit_length() - top.denominator.bit_length()) - bits if top else 0
        exponents.append(shift)
        unit = Fraction(2) ** shift
        columns.append([str(round(x / unit)) for x in column])
    return {"exponents": exponents, "mantissas": [[columns[j][i] for j in range(size)] for i in range(size)]}


def _T_of(witness_t: dict) -> arb_mat:
    """The exact matrix of a witness T (as the kernel reads it)."""
    rows = witness_t["mantissas"]
    size = len(rows)
    out = arb_mat(size, size)
    for i, row in enumerate(rows):
        for j, x in enumerate(row):
            s = witness_t["exponents"][j]
            out[i, j] = arb(fmpq(int(x) << s) if s >= 0 else fmpq(int(x), 1 << -s))
    return out


def _outward(low: arb, high: arb, width: Fraction) -> tuple[Fraction, Fraction]:
    """Short dyadic [lower, upper] around [low, high], rounded outward at a grid finer than width * low."""
    lo, hi = _exact_of(low), _exact_of(high)
    grid = max(0, -((lo * width).numerator.bit_length() - (lo * width).denominator.bit_length()) + 6)
    scale = 1 << grid
    lower = Fraction((lo.numerator * scale) // lo.denominator, scale)
    upper = Fraction(-((-hi.numerator * scale) // hi.denominator), scale)
    return lower, upper


def _smallest_heads(bounds: list[tuple[Fraction, Fraction]], tolerance: Fraction) -> int | None:
    """The smallest H with e_H <= tolerance decided by the bounds (e_0 = 1, e_k = 0); None when undecided."""
    values = [(Fraction(1), Fraction(1)), *bounds]
    for h, (lower, upper) in enumerate(values):
        if upper <= tolerance:
            return h
        if lower <= tolerance:
            return None  # tolerance inside the enclosure of e_h: undecided at this precision
    return None


def _parse(goal: dict) -> tuple:
    """(form, A, B, C, n) in the kernel's exact types (A as an exact fmpq_mat in the dense form)."""

    def rows(value: list, where: str) -> list[list]:
        """A matrix of exact number strings as rows of Gaussian rationals."""
        return [[parse_number(x, f"{where}[{i}][{j}]") for j, x in enumerate(row)] for i, row in enumerate(value)]

    form, n = goal["form"], goal["n"]
    A: fmpq_mat | tuple
    if form == "dense":
        A = fmpq_mat(len(goal["A"]), len(goal["A"]), [x.re for row in rows(goal["A"], "goal.A") for x in row])
    else:
        A = tuple(parse_number(x, f"goal.A[{j}]") for j, x in enumerate(goal["A"]))
    return form, A, rows(goal["B"], "goal.B"), rows(goal["C"], "goal.C"), n


def _coords_text(coords: fmpq_mat) -> list[list[str]]:
    """Exact rows of the coordinate matrix."""
    return [[_fraction_text(_rational(coords[r, c])) for c in range(coords.ncols())] for r in range(coords.nrows())]


def _rational(x: fmpq) -> Fraction:
    """An fmpq as a Fraction."""
    return Fraction(int(x.p), int(x.q))


class _Undecided(ValueError):
    """A bracket the balls do not decide at this precision (the next mantissa size or precision is tried)."""


def _upper_square(x: arb) -> arb:
    """An exact upper bound of x^2: the square of the largest |x| in the ball."""
    top = x.abs_upper()
    return top * top


def ostrowski_brackets(S: arb_mat, R: arb_mat) -> list[tuple[arb, arb]]:
    """Exact-ball [lower, upper] of the nonzero eigenvalues of G, largest first, from S = X^T G X and R = X^T X - I.

    rho >= ||R||_F and eta >= ||D^-1/2 S D^-1/2 - I||_F (D = diag S, its lower ends); when both are below 1 the
    i-th largest eigenvalue lies in [d_(i) (1 - eta)/(1 + rho), d_(i) (1 + eta)/(1 - rho)] (Ostrowski, twice).
    """
    size = S.nrows()
    rho = arb(0)
    for i in range(size):
        for j in range(size):
            rho += _upper_square(R[i, j])
    rho = rho.sqrt().upper()
    diagonal = [S[i, i] for i in range(size)]
    if not all(d > 0 for d in diagonal):
        raise _Undecided("a diagonal entry of S is not decided positive")
    lower_ends = [d.lower() for d in diagonal]
    eta = arb(0)
    for i in range(size):
        for j in range(size):
            if i != j:
                eta += _upper_square(S[i, j]) / (lower_ends[i] * lower_ends[j])
    eta = eta.sqrt().upper()
    if not (rho < 1 and eta < 1):
        raise _Undecided("S is not near-diagonal enough at this precision")
    lows = sorted(lower_ends, key=_exact_of, reverse=True)
    highs = sorted((d.upper() for d in diagonal), key=_exact_of, reverse=True)
    shrink, grow = (1 - eta) / (1 + rho), (1 + eta) / (1 - rho)
    return [((low * shrink).lower(), (high * grow).upper()) for low, high in zip(lows, highs)]


def error_brackets(brackets: list[tuple[arb, arb]]) -> list[tuple[arb, arb]]:
    """Exact-ball [lower, upper] of e_H = tail_H / (top_H + tail_H), H = 1..k-1, from eigenvalue brackets."""
    out = []
    for h in range(1, len(brackets)):
        top, tail = brackets[:h], brackets[h:]
        top_low, top_high = sum((a for a, _ in top), arb(0)).lower(), sum((b for _, b in top), arb(0)).upper()
        tail_low, tail_high = sum((a for a, _ in tail), arb(0)).lower(), sum((b for _, b in tail), arb(0)).upper()
        out.append(((tail_low / (tail_low + top_high)).lower(), (tail_high / (tail_high + top_low)).upper()))
    return out


def _mantissa_sizes(bits: int) -> list[int]:
    """Mantissa bit lengths to try for the witness T, shortest first (a short T is a small certificate)."""
    sizes, size = [], 48
    while size < bits - 8:
        sizes.append(size)
        size *= 2
    return [*sizes, bits - 8]


def _brackets(gamma: arb_mat, Y: arb_mat, bits: int, width: Fraction) -> tuple[dict, list] | None:
    """The shortest rounded witness T whose kernel brackets give every enclosure within width, or None."""
    M = gamma * Y * gamma
    if not all(M[i, i].is_finite() and M[i, i].rad() < abs(M[i, i].mid()) * 2.0**-40 for i in range(M.nrows())):
        return None
    try:
        exact_t = approximate_T(gamma, M)
    except (NotCertified, ValueError, ZeroDivisionError):
        return None
    size = exact_t.nrows()
    identity = arb_mat(size, size, [1 if i == j else 0 for i in range(size) for j in range(size)])
    for mantissa in _mantissa_sizes(bits):
        witness_t = _round_T(exact_t, mantissa)
        T = _T_of(witness_t)
        left = T.transpose() * gamma
        try:
            brackets = ostrowski_brackets(left * Y * left.transpose(), left * T - identity)
        except (ValueError, ZeroDivisionError):
            continue
        bounds = [_outward(low, high, width) for low, high in error_brackets(brackets)]
        if all(upper - lower <= width * lower for lower, upper in bounds):
            return witness_t, bounds
    return None


def _attempt(
    goal: dict, U: fmpq_mat, recipe: tuple, choice: tuple, bits: int, width: Fraction, gram: fmpq_mat | None = None
) -> ErrorTable | None:
    """One try at `bits` bits: the certified table, or None when it is too wide or the smallest H undecided.

    gram: the exact U_b^T U_b of the basis columns (_exact_gram), which does not depend on the precision.
    """
    with ctx.workprec(bits):
        try:
            Y = gram_core(recipe, bits, "goal")
        except KernelError:
            return None  # e.g. eigenvalues of A not isolated at this precision
        if choice[0] == "ambient":
            side = U.nrows()
            gamma = arb_mat(side, side, [1 if i == j else 0 for i in range(side) for j in range(side)])
            Y = arb_mat(U) * Y * arb_mat(U.transpose())
        else:
            if choice[0] == "basis":
                Y = arb_mat(choice[2]) * Y * arb_mat(choice[2].transpose())
            gamma = arb_mat(gram if gram is not None else _exact_gram(U, choice))
        found = _brackets(gamma, Y, bits, width)
    if found is None:
        return None
    witness_t, bounds = found
    bounds.append((Fraction(0), Fraction(0)))
    heads = _smallest_heads(bounds, Fraction(goal["tolerance"]))
    if heads is None:
        return None
    witness = {"precision": bits, "T": witness_t}
    if recipe[0] == "dense" and recipe[3] is not None:
        witness["annihilator"] = [_fraction_text(Fraction(int(c.p), int(c.q))) for c in recipe[3].coeffs()]
    if choice[0] == "ambient":
        witness["ambient"] = True
    elif choice[0] == "basis":
        witness.update(basis=choice[1], coords=_coords_text(choice[2]))
    table = [[_fraction_text(lower), _fraction_text(upper)] for lower, upper in bounds]
    return ErrorTable({**goal, "k": len(bounds), "table": table, "heads": heads}, witness, bits, bounds)


def _exact_gram(U: fmpq_mat, choice: tuple) -> fmpq_mat:
    """U_b^T U_b for the columns U_b of U that span its range (all of them unless choice names a basis), exactly."""
    if choice[0] == "basis":
        basis = choice[1]
        U = fmpq_mat(U.nrows(), len(basis), [U[r, c] for r in range(U.nrows()) for c in basis])
    return U.transpose() * U


def _annihilator(A: fmpq_mat) -> fmpq_poly | None:
    """The minimal polynomial of A when it is shorter than chi_A (None otherwise); NotCertified when even it
    has a repeated nonzero root (a Jordan block of a nonzero eigenvalue)."""
    p = A.minpoly()
    coefficients = p.coeffs()
    mu = next(k for k, c in enumerate(coefficients) if c != 0)
    rest = fmpq_poly(coefficients[mu:])
    if rest.degree() > 0 and rest.gcd(rest.derivative()).degree() > 0:
        raise NotCertified(
            f"A has a Jordan block of a nonzero eigenvalue, which the dense path does not support for n > m = "
            f"{A.nrows()}; give a length n <= m"
        )
    return p if p.degree() < A.nrows() else None


def error_table(
    system: ExactSystem, n: int, tolerance: Fraction, width: Fraction = WIDTH, bits: int = START_BITS
) -> ErrorTable:
    """The certified table of e_H for H = 1..k on length n, the smallest H with e_H <= tolerance, and a witness."""
    goal = {
        "form": system.form,
        "A": system.A,
        "B": system.B,
        "C": system.C,
        "n": n,
        "tolerance": _fraction_text(Fraction(tolerance)),
        "width": _fraction_text(Fraction(width)),
    }
    form, A, B, C, n = _parse(goal)
    annihilator = _annihilator(A) if form == "dense" and n > A.nrows() else None
    if annihilator is not None and n <= annihilator.degree():
        annihilator = None  # the direct representation needs no polynomial
    try:
        U, recipe = exact_columns(form, A, B, C, n, "goal", annihilator)
    except KernelError as err:
        raise ZeroSystem(err.message) from None
    choice = column_basis(U)
    if choice[0] == "basis" and not choice[1]:
        raise ZeroSystem("the impulse response W(tau) is zero for tau < n: G = 0 and the relative error is undefined")
    gram = _exact_gram(U, choice) if choice[0] != "ambient" else None  # once: every precision rounds the same
    while bits <= MAX_BITS:
        found = _attempt(goal, U, recipe, choice, bits, width, gram)
        if found is not None:
            return found
        bits *= 2
    raise NotCertified(
        f"no certified table within {MAX_BITS} bits of working precision "
        "(G has nearly repeated eigenvalues, or the tolerance equals some e_H)"
    )
