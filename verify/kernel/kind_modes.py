"""Appendix A kinds: Jordan chains, closed forms of A^tau by induction, and dual coordinates (eq. 20).

Eigenvalues are the roots of a modulus m(a) with rational coefficients: a mode is an element of the
ring QQ[a]/(m) and stands for its value at every root alpha of m. An identity checked modulo m holds
at every root, so no irreducibility is needed; moduli are required squarefree and pairwise coprime,
which makes the eigenvalues they describe distinct. Tr_m(x) = sum over the roots alpha of m of
x(alpha) = the trace of multiplication by x on QQ[a]/(m), a rational number the kernel computes.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_mpoly, fmpq_mpoly_ctx, fmpq_poly

from .errors import KernelError, expect_keys
from .errors import field as _field
from .limits import MAX_PRODUCT_WORK
from .numbers import GQ, parse_integer
from .poly import Poly, read_poly
from .ratmat import nilpotent_index

__all__ = [
    "ESTABLISHES",
    "KINDS",
    "GEN",
    "TAU_VARS",
    "read_modulus",
    "reduce_mod",
    "trace_mod",
    "read_poly_matrix",
    "substitute",
    "relabel",
    "zero_mod",
    "read_modes",
]

GEN = "a"
MAX_DEGREE = 64  # degree of a modulus, and in tau: the state dimension of the paper's SSMs is far smaller


def _to_fmpq_poly(poly: Poly) -> fmpq_poly:
    """A polynomial in the generator alone as a python-flint fmpq_poly."""
    coeffs: dict[int, fmpq] = {}
    for monomial, c in poly.terms.items():
        coeffs[monomial[0]] = c.re
    top = max(coeffs, default=0)
    return fmpq_poly([coeffs.get(k, fmpq(0)) for k in range(top + 1)])


def read_modulus(value: object, where: str) -> fmpq_poly:
    """A modulus m(a): a monic rational polynomial of degree 1..MAX_DEGREE in the generator a (one per root set)."""
    poly = read_poly(value, (GEN,), where, complex_ok=False)
    m = _to_fmpq_poly(poly)
    if not 1 <= m.degree() <= MAX_DEGREE:
        raise KernelError(where, f"found degree {m.degree()}, expected a modulus of degree 1..{MAX_DEGREE}")
    if m.coeffs()[-1] != 1:
        raise KernelError(
            where, "expected a monic modulus (leading coefficient 1), the one representative of its roots"
        )
    return m


def reduce_mod(poly: Poly, m: fmpq_poly) -> Poly:
    """The canonical representative of poly modulo m(a); the generator must be the first variable."""
    if poly.variables[0] != GEN:
        raise KernelError("modes", "the generator must be the first variable")
    if not poly.terms:
        return poly
    groups: dict[tuple, dict[int, fmpq]] = {}
    for monomial, c in poly.terms.items():
        groups.setdefault(monomial[1:], {})[monomial[0]] = c.re
    out: dict[tuple, GQ] = {}
    for rest, coeffs in groups.items():
        top = max(coeffs)
        r = fmpq_poly([coeffs.get(k, fmpq(0)) for k in range(top + 1)]) % m
        for k, c in enumerate(r.coeffs()):
            if c != 0:
                out[(k, *rest)] = GQ(c)
    return Poly(poly.variables, out)


def _power_traces(m: fmpq_poly) -> list[fmpq]:
    """Tr_m(a^k) for k < deg m: the power sums of the roots of m, by Newton's identities (memoized per modulus).

    For monic m = a^d + c_1 a^(d-1) + ... + c_d: p_k = -(k c_k + sum_{i<k} c_i p_(k-i)), p_0 = d; Tr_m(a^k) = p_k
    is the trace of multiplication by a^k on the basis 1, a, ..., a^(d-1) (the sum over the roots of root^k).
    """
    key = str(m)
    if key not in _TRACES:
        d = m.degree()
        lead = m.coeffs()[-1]
        c = [m.coeffs()[d - i] / lead for i in range(d + 1)]  # c[i]: coefficient of a^(d-i), monic
        sums = [fmpq(d)]
        for k in range(1, d):
            sums.append(-(k * c[k] + sum((c[i] * sums[k - i] for i in range(1, k)), fmpq(0))))
        if len(_TRACES) > 64:
            _TRACES.clear()
        _TRACES[key] = sums
    return _TRACES[key]


_TRACES: dict[str, list[fmpq]] = {}


def trace_mod(poly: Poly, m: fmpq_poly) -> Poly:
    """Tr_m applied coefficientwise: a rational polynomial in the remaining variables (no generator)."""
    if not poly.terms:
        return poly
    traces = _power_traces(m)
    out: dict[tuple, GQ] = {}
    for monomial, c in reduce_mod(poly, m).terms.items():
        key = (0, *monomial[1:])
        out[key] = out.get(key, GQ(0)) + c * GQ(traces[monomial[0]])
    return Poly(poly.variables, out)


def _zero_mod(poly: Poly, m: fmpq_poly) -> bool:
    """True when poly vanishes modulo m."""
    return reduce_mod(poly, m).is_zero()


def read_poly_matrix(value: object, variables: tuple[str, ...], where: str) -> list[list[Poly]]:
    """A nonempty rectangular matrix whose entries are rational polynomials (strings or term lists)."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise KernelError(where, "expected a nonempty list of nonempty rows")
    if any(len(r) != len(value[0]) for r in value):
        raise KernelError(where, f"rows of different lengths; expected {len(value[0])} entries per row")
    if len(value) * len(value[0]) > 40_000:
        raise KernelError(where, "more than 40000 entries")
    out = [
        [read_poly(x, variables, f"{where}[{r}][{c}]", complex_ok=False) for c, x in enumerate(row)]
        for r, row in enumerate(value)
    ]
    if "tau" in variables and any(p.degree_in({"tau"}) > MAX_DEGREE for row in out for p in row):
        raise KernelError(where, f"degree in tau above {MAX_DEGREE} (a Jordan block larger than the bound)")
    return out


def _matmul(x: list[list[Poly]], y: list[list[Poly]], where: str) -> list[list[Poly]]:
    """Product of polynomial matrices with matching shapes (python-flint fmpq_mpoly arithmetic, rational entries)."""
    if len(x[0]) != len(y):
        raise KernelError(where, f"product of shapes {len(x)}x{len(x[0])} and {len(y)}x{len(y[0])}")
    variables = x[0][0].variables
    ctx = fmpq_mpoly_ctx.get(variables, "lex")
    if any(not c.is_real() for matrix in (x, y) for row in matrix for p in row for c in p.terms.values()):
        raise KernelError(where, "expected rational polynomial matrices")
    to_flint = lambda p: ctx.from_dict({e: c.re for e, c in p.terms.items()}) if p.terms else None  # noqa: E731
    fx = [[(k, to_flint(p), len(p.terms)) for k, p in enumerate(row) if p.terms] for row in x]  # nonzero entries
    fy = [[to_flint(p) for p in row] for row in y]
    sizes = [[len(p.terms) for p in row] for row in y]
    out = []
    for row in fx:
        new = []
        for c in range(len(y[0])):
            acc = None
            for k, entry, size in row:
                if fy[k][c] is not None:
                    if size * sizes[k][c] > MAX_PRODUCT_WORK:
                        raise KernelError("polynomial", "a product of polynomial matrix entries is too large")
                    term = entry * fy[k][c]
                    acc = term if acc is None else acc + term
            new.append(Poly(variables) if acc is None else _from_flint(acc, variables))
        out.append(new)
    return out


def _from_flint(p: fmpq_mpoly, variables: tuple[str, ...]) -> Poly:
    """A python-flint polynomial as a kernel Poly (terms and coefficient sizes bounded as in poly.py)."""
    return Poly(variables, {tuple(e): GQ(c).check_size() for e, c in p.to_dict().items()})


def _lift(matrix: list[list[Poly]], variables: tuple[str, ...]) -> list[list[Poly]]:
    """Re-express each entry over a larger, ordered variable list."""
    return [[_relabel(p, variables) for p in row] for row in matrix]


def _relabel(poly: Poly, variables: tuple[str, ...]) -> Poly:
    """The same polynomial over another variable list that contains all of its variables."""
    index = [variables.index(v) for v in poly.variables]
    out = {}
    for monomial, c in poly.terms.items():
        exps = [0] * len(variables)
        for k, e in zip(index, monomial):
            exps[k] += e
        out[tuple(exps)] = c
    return Poly(variables, out)


def substitute(poly: Poly, name: str, value: Poly) -> Poly:
    """poly with the variable `name` replaced by the polynomial `value` (same variable list)."""
    k = poly.variables.index(name)
    out = Poly(poly.variables)
    for monomial, c in poly.terms.items():
        rest = tuple(0 if n == k else e for n, e in enumerate(monomial))
        out = out + Poly(poly.variables, {rest: c}) * value ** monomial[k]
    return out


def _check_moduli(moduli: list[fmpq_poly], where: str) -> None:
    """Squarefree and pairwise coprime moduli: their roots are distinct eigenvalues."""
    for k, m in enumerate(moduli):
        if m.gcd(m.derivative()).degree() > 0:
            raise KernelError(f"{where}[{k}].modulus", "the modulus is not squarefree (a repeated root)")
        for j in range(k):
            if m.gcd(moduli[j]).degree() > 0:
                raise KernelError(f"{where}[{k}].modulus", f"shares a root with the modulus of mode {j}")


def _rational_matrix(value: object, where: str) -> list[list[Poly]]:
    """A matrix of rational constants (no generator), as polynomials in the generator."""
    matrix = read_poly_matrix(value, (GEN,), where)
    for r, row in enumerate(matrix):
        for c, entry in enumerate(row):
            if entry.constant_value() is None:
                raise KernelError(f"{where}[{r}][{c}]", "expected a rational number, found an expression in a")
    return matrix


def _same_mod(x: list[list[Poly]], y: list[list[Poly]], m: fmpq_poly, where: str, what: str) -> None:
    """x == y entrywise modulo m, or a KernelError naming the first differing entry."""
    if len(x) != len(y) or len(x[0]) != len(y[0]):
        raise KernelError(where, f"{what}: shapes differ")
    for r, (row_x, row_y) in enumerate(zip(x, y)):
        for c, (p, q) in enumerate(zip(row_x, row_y)):
            if not _zero_mod(p - q, m):
                raise KernelError(where, f"{what}: entry ({r}, {c}) differs modulo the modulus")


def _read_modes(goal: dict, where: str, fields: tuple[str, ...]) -> list[dict]:
    """The list goal['modes'] of objects with a modulus and the named fields; moduli are checked."""
    modes = _field(goal, "modes", where)
    if not isinstance(modes, list):
        raise KernelError(f"{where}.modes", "expected a list of modes (empty when every eigenvalue is 0)")
    for k, mode in enumerate(modes):
        expect_keys(mode, f"{where}.modes[{k}]", ("modulus", *fields))
    moduli = [read_modulus(mode["modulus"], f"{where}.modes[{k}].modulus") for k, mode in enumerate(modes)]
    _check_moduli(moduli, f"{where}.modes")
    return moduli


def _frozen(matrix: list[list[Poly]]) -> tuple:
    """A matrix as nested tuples (goals compare with ==)."""
    return tuple(tuple(row) for row in matrix)


# --- jordan_chains: the Jordan structure of A over C, certified by chains for every eigenvalue ---------


def _goal_chains(goal: dict, where: str) -> tuple:
    """Read A and the eigenvalue moduli with their chain lengths; the chains must cover the dimension."""
    expect_keys(goal, where, ("A", "eigen"))
    a = _rational_matrix(_field(goal, "A", where), f"{where}.A")
    if len(a) != len(a[0]):
        raise KernelError(f"{where}.A", "expected a square matrix")
    eigen = _field(goal, "eigen", where)
    if not isinstance(eigen, list) or not eigen:
        raise KernelError(f"{where}.eigen", "expected a nonempty list of {modulus, chains}")
    moduli, sizes = [], []
    for k, e in enumerate(eigen):
        expect_keys(e, f"{where}.eigen[{k}]", ("modulus", "chains"))
        moduli.append(read_modulus(_field(e, "modulus", f"{where}.eigen[{k}]"), f"{where}.eigen[{k}].modulus"))
        chain = _field(e, "chains", f"{where}.eigen[{k}]")
        if not isinstance(chain, list) or not chain:
            raise KernelError(f"{where}.eigen[{k}].chains", "expected a nonempty list of positive chain lengths")
        sizes.append(tuple(parse_integer(s, f"{where}.eigen[{k}].chains", 1, len(a)) for s in chain))
    _check_moduli(moduli, f"{where}.eigen")
    total = sum(m.degree() * sum(s) for m, s in zip(moduli, sizes))
    if total != len(a):
        raise KernelError(f"{where}.eigen", f"the chains cover dimension {total}, expected {len(a)}")
    return (_frozen(a), tuple(moduli), tuple(sizes))


def _check_chains(goal: tuple, witness: dict, where: str) -> None:
    """Each chain satisfies (A - a) v_1 = 0, (A - a) v_(t+1) = v_t mod m, and a left inverse shows independence."""
    a, moduli, sizes = goal
    n = len(a)
    items = expect_keys(witness, f"{where}.witness", ("eigen",))["eigen"]
    if not isinstance(items, list) or len(items) != len(moduli):
        raise KernelError(f"{where}.witness.eigen", f"expected one entry per eigenvalue modulus ({len(moduli)})")
    gen = Poly.variable((GEN,), GEN)
    shifted = [[p - gen if r == c else p for c, p in enumerate(row)] for r, row in enumerate(a)]
    for k, (m, item, lengths) in enumerate(zip(moduli, items, sizes)):
        here = f"{where}.witness.eigen[{k}]"
        expect_keys(item, here, ("chains", "left_inverse"))
        chains = item["chains"]
        if not isinstance(chains, list) or [len(c) if isinstance(c, list) else -1 for c in chains] != list(lengths):
            raise KernelError(f"{here}.chains", f"expected chains of lengths {list(lengths)}")
        columns = []
        for c, chain in enumerate(chains):
            previous = [[Poly((GEN,))] for _ in range(n)]
            for t, vector in enumerate(chain):
                v = read_poly_matrix(
                    [[x] for x in vector] if isinstance(vector, list) else None, (GEN,), f"{here}.chains[{c}][{t}]"
                )
                if len(v) != n:
                    raise KernelError(f"{here}.chains[{c}][{t}]", f"expected a vector of length {n}")
                _same_mod(
                    _matmul(shifted, v, here),
                    previous,
                    m,
                    f"{here}.chains[{c}][{t}]",
                    "(A - a I) v differs from the previous chain vector",
                )
                previous = v
                columns.append([row[0] for row in v])
        left = read_poly_matrix(_field(item, "left_inverse", here), (GEN,), f"{here}.left_inverse")
        vmat = [[columns[j][r] for j in range(len(columns))] for r in range(n)]
        ident = [
            [Poly.constant((GEN,), GQ(1 if r == c else 0)) for c in range(len(columns))] for r in range(len(columns))
        ]
        _same_mod(
            _matmul(left, vmat, here),
            ident,
            m,
            f"{here}.left_inverse",
            "left_inverse * chains is not the identity (chains not independent)",
        )


# --- power_closed_form: left * A^tau * right = sum_l Tr_l(a^tau coeff_l(tau)) for tau >= start -----------

_TAU = (GEN, "tau")


def _goal_power(goal: dict, where: str) -> tuple:
    """Read A, optional left/right factors, the start lag and the modes (modulus, coefficient matrix in a, tau)."""
    expect_keys(goal, where, ("A", "start", "modes"), ("left", "right"))
    a = _rational_matrix(_field(goal, "A", where), f"{where}.A")
    n = len(a)
    if len(a[0]) != n:
        raise KernelError(f"{where}.A", "expected a square matrix")
    left = _rational_matrix(goal["left"], f"{where}.left") if "left" in goal else None
    right = _rational_matrix(goal["right"], f"{where}.right") if "right" in goal else None
    start = parse_integer(goal["start"], f"{where}.start", 0, n)
    moduli = _read_modes(goal, where, ("coeff",))
    coeffs = tuple(
        _frozen(read_poly_matrix(mode["coeff"], _TAU, f"{where}.modes[{k}].coeff"))
        for k, mode in enumerate(goal["modes"])
    )
    rows = len(left) if left else n
    cols = len(right[0]) if right else n
    if any(len(c) != rows or len(c[0]) != cols for c in coeffs):
        raise KernelError(f"{where}.modes", f"expected every coeff to be {rows}x{cols}")
    frozen = lambda x: _frozen(x) if x is not None else None  # noqa: E731
    return (_frozen(a), frozen(left), frozen(right), start, tuple(moduli), coeffs)


def _check_power(goal: tuple, witness: dict, where: str) -> None:
    """Induction on tau: step A M(tau) = a M(tau + 1) mod m per mode, base at tau = start, and the link to coeff."""
    a, left, right, start, moduli, coeffs = goal
    n = len(a)
    nu = nilpotent_index(fmpq_mat([[p.constant_value().re for p in row] for row in a]), where)
    if start != nu:
        raise KernelError(f"{where}.start", f"found {start}, expected nu = {nu}, the index of the eigenvalue 0 of A")
    if left is None and right is None:
        expect_keys(witness, f"{where}.witness")
        states = [[list(r) for r in c] for c in coeffs]
    else:
        given = expect_keys(witness, f"{where}.witness", ("state",))["state"]
        if not isinstance(given, list) or len(given) != len(moduli):
            raise KernelError(f"{where}.witness.state", f"expected one n x n matrix per mode ({len(moduli)})")
        states = [read_poly_matrix(s, _TAU, f"{where}.witness.state[{k}]") for k, s in enumerate(given)]
    a_tau = _lift([list(r) for r in a], _TAU)
    gen, tau = Poly.variable(_TAU, GEN), Poly.variable(_TAU, "tau")
    one = Poly.constant(_TAU, GQ(1))
    total = [[Poly(_TAU) for _ in range(n)] for _ in range(n)]
    for k, (m, state) in enumerate(zip(moduli, states)):
        here = f"{where}.modes[{k}]"
        if len(state) != n or len(state[0]) != n:
            raise KernelError(f"{where}.witness.state[{k}]", f"expected a {n}x{n} matrix")
        stepped = [[gen * substitute(p, "tau", tau + one) for p in row] for row in state]
        _same_mod(_matmul(a_tau, state, here), stepped, m, f"{here} step", "A * M(tau) differs from a * M(tau + 1)")
        at_start = [[gen**start * substitute(p, "tau", Poly.constant(_TAU, GQ(start))) for p in row] for row in state]
        total = [[t + trace_mod(p, m) for t, p in zip(tr, row)] for tr, row in zip(total, at_start)]
        if left is not None or right is not None:
            product = state
            if left is not None:
                product = _matmul(_lift([list(r) for r in left], _TAU), product, here)
            if right is not None:
                product = _matmul(product, _lift([list(r) for r in right], _TAU), here)
            _same_mod(
                product, [list(r) for r in coeffs[k]], m, f"{here} link", "left * M(tau) * right differs from coeff"
            )
    power = [[Poly.constant(_TAU, GQ(1 if r == c else 0)) for c in range(n)] for r in range(n)]
    for _ in range(start):
        power = _matmul(a_tau, power, where)
    for r in range(n):
        for c in range(n):
            if total[r][c] != power[r][c]:
                raise KernelError(
                    f"{where} base", f"entry ({r}, {c}) of the closed form at tau = {start} differs from A^{start}"
                )


# Public names for kind_features.py and kind_dual.py (the same functions, one implementation).
TAU_VARS = _TAU
relabel = _relabel
zero_mod = _zero_mod
read_modes = _read_modes
frozen = _frozen
same_mod = _same_mod

KINDS: dict = {
    "jordan_chains": (_goal_chains, _check_chains),
    "power_closed_form": (_goal_power, _check_power),
}

# The Jordan structure is a function of A; a closed form that equals left A^tau right for tau >= start is
# determined (as a function of tau) by A, left, right and start.
ESTABLISHES: dict = {
    "jordan_chains": {"eigen": ("A",)},
    "power_closed_form": {"start": ("A",), "modes": ("A", "left", "right", "start")},
}
