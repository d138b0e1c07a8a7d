"""Exact Jordan structure of a rational matrix: eigenvalues as roots of irreducible factors, chains over QQ[a]/(f).

For each monic irreducible factor f of the characteristic polynomial, the eigenvalue is the generator a of
the field K = QQ[a]/(f) (every root of f is then covered at once). Linear algebra over K is done here by
Gauss-Jordan elimination with python-flint fmpq_poly arithmetic modulo f; SymPy's jordan_form is not used.
These are finders: the kernel re-checks every chain (verify/kernel/theories/modes/kind_modes.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from flint import fmpq, fmpq_mat, fmpq_poly

from constructions.blockform import eigen_factors, krylov_ones, realified_chains, simple_eigenvector

__all__ = [
    "Elem",
    "KMat",
    "Eigen",
    "to_fraction_matrix",
    "eigen_factors",
    "nullspace",
    "inverse",
    "jordan_chains",
    "left_inverse",
    "eigen_structure",
    "format_elem",
    "inverse_elem",
    "kmatmul",
    "KMATMUL_NATIVE_DEGREE",
    "REALIFIED_CHAINS_SIZE",
    "NORMALIZE_DEGREE",
    "shifted",
]

Elem = fmpq_poly  # an element of K = QQ[a]/(f), kept reduced modulo f
KMat = list[list[fmpq_poly]]


def to_fraction_matrix(rows: list[list]) -> fmpq_mat:
    """A python-flint rational matrix from rows of ints, Fractions, fmpq or 'p/q' strings."""
    flat = [fmpq(*map(int, x.split("/"))) if isinstance(x, str) else fmpq(x) for r in rows for x in r]
    return fmpq_mat(len(rows), len(rows[0]), flat)


def inverse_elem(x: Elem, f: fmpq_poly) -> Elem:
    """The inverse of a nonzero element of QQ[a]/(f), f irreducible."""
    g, s, _ = x.xgcd(f)
    if g.degree() != 0:
        raise ZeroDivisionError("not invertible modulo the modulus")
    return (s / g) % f


def _rref(m: KMat, f: fmpq_poly) -> tuple[KMat, list[int]]:
    """Reduced row echelon form over K and the pivot columns."""
    rows = [[x % f for x in r] for r in m]
    pivots: list[int] = []
    r = 0
    ncols = len(rows[0]) if rows else 0
    for c in range(ncols):
        p = next((k for k in range(r, len(rows)) if not rows[k][c].is_zero()), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        inv = inverse_elem(rows[r][c], f)
        rows[r] = [(x * inv) % f for x in rows[r]]
        for k in range(len(rows)):
            if k != r and not rows[k][c].is_zero():
                factor = rows[k][c]
                rows[k] = [(x - factor * y) % f for x, y in zip(rows[k], rows[r])]
        pivots.append(c)
        r += 1
    return rows, pivots


def nullspace(m: KMat, f: fmpq_poly) -> list[list[Elem]]:
    """A basis of {v : m v = 0} over K, as a list of vectors."""
    rows, pivots = _rref(m, f)
    ncols = len(m[0])
    basis = []
    for free in (c for c in range(ncols) if c not in pivots):
        v = [fmpq_poly([0])] * ncols
        v[free] = fmpq_poly([1])
        for r, p in enumerate(pivots):
            v[p] = (-rows[r][free]) % f
        basis.append(v)
    return basis


def _rank(vectors: list[list[Elem]], f: fmpq_poly) -> int:
    """The rank over K of a list of vectors (rows)."""
    return len(_rref(vectors, f)[1]) if vectors else 0


def inverse(m: KMat, f: fmpq_poly) -> KMat:
    """The inverse of a square matrix over K (ValueError when singular)."""
    n = len(m)
    aug = [list(r) + [fmpq_poly([1 if k == j else 0]) for j in range(n)] for k, r in enumerate(m)]
    rows, pivots = _rref(aug, f)
    if pivots[:n] != list(range(n)):
        raise ValueError("singular matrix")
    return [r[n:] for r in rows]


# Up to this degree of the modulus, kmatmul multiplies coefficient matrices with python-flint (e^2 fmpq_mat products).
KMATMUL_NATIVE_DEGREE = 4


def kmatmul(x: KMat, y: KMat, f: fmpq_poly) -> KMat:
    """Product of matrices over K, reduced modulo f (as rational coefficient matrices when deg f is small)."""
    e = f.degree()
    if not x or not y or not y[0] or len(x[0]) != len(y) or e > KMATMUL_NATIVE_DEGREE:
        return [[sum((a * b for a, b in zip(r, c)), fmpq_poly([0])) % f for c in zip(*y)] for r in x]
    xs, ys = _coefficient_matrices(x, f), _coefficient_matrices(y, f)
    rows, cols = len(x), len(y[0])
    products = [fmpq_mat(rows, cols) for _ in range(2 * e - 1)]  # coefficient of a^s, s <= 2e - 2
    for i in range(e):
        for j in range(e):
            products[i + j] += xs[i] * ys[j]
    reduced = [(fmpq_poly([0] * s + [1]) % f).coeffs() for s in range(2 * e - 1)]
    out = [[fmpq(0)] * (rows * cols) for _ in range(e)]
    for s, product in enumerate(products):
        entries = product.entries()
        for t, c in enumerate(reduced[s]):
            if c != 0:
                out[t] = [acc + c * v for acc, v in zip(out[t], entries)]
    return [[fmpq_poly([out[t][r * cols + c] for t in range(e)]) for c in range(cols)] for r in range(rows)]


def _coefficient_matrices(m: KMat, f: fmpq_poly) -> list[fmpq_mat]:
    """M_0, ..., M_(e-1) with m = sum_t M_t a^t (entries reduced modulo f first)."""
    e, rows, cols = f.degree(), len(m), len(m[0])
    coeffs = [[list((x % f).coeffs()) for x in row] for row in m]
    pick = lambda c, t: c[t] if t < len(c) else 0  # noqa: E731
    return [fmpq_mat(rows, cols, [pick(c, t) for row in coeffs for c in row]) for t in range(e)]


def shifted(a: fmpq_mat, f: fmpq_poly) -> KMat:
    """A - a I over K (a the generator, i.e. the eigenvalue)."""
    gen = fmpq_poly([0, 1]) % f
    n = a.nrows()
    return [[(fmpq_poly([a[r, c]]) - (gen if r == c else 0)) % f for c in range(n)] for r in range(n)]


# Up to this size m * deg f, jordan_chains works on the realified rational matrix (constructions/blockform.py).
REALIFIED_CHAINS_SIZE = 256


def jordan_chains(a: fmpq_mat, f: fmpq_poly, multiplicity: int) -> list[list[list[Elem]]]:
    """Jordan chains v_1, ..., v_s for the eigenvalue a (root of f): (A - a) v_1 = 0, (A - a) v_{t+1} = v_t.

    The same canonical vectors, chosen in the same order, either over K directly or (when m deg f is at most
    REALIFIED_CHAINS_SIZE) by python-flint rrefs of the realified matrix.
    """
    e = f.degree()
    if a.nrows() * e <= REALIFIED_CHAINS_SIZE:
        realified = realified_chains(a, f, multiplicity)
        as_k = lambda v: [fmpq_poly([v[j * e + t, 0] for t in range(e)]) for j in range(v.nrows() // e)]  # noqa: E731
        return [[as_k(v) for v in chain] for chain in realified]
    n_mat = shifted(a, f)
    powers = [[[fmpq_poly([1 if r == c else 0]) for c in range(len(n_mat))] for r in range(len(n_mat))]]
    kernels: list[list[list[Elem]]] = [[]]
    while len(kernels[-1]) < multiplicity:
        powers.append(kmatmul(n_mat, powers[-1], f))
        kernels.append(nullspace(powers[-1], f))
    top = len(kernels) - 1
    chains: list[list[list[Elem]]] = []
    for k in range(top, 0, -1):
        covered = list(kernels[k - 1]) + [chain[k - 1] for chain in chains if len(chain) >= k]
        for v in kernels[k]:
            if _rank(covered + [v], f) > _rank(covered, f):
                chain = [v]
                for _ in range(k - 1):
                    chain.insert(0, [c[0] for c in kmatmul(n_mat, [[x] for x in chain[0]], f)])
                chains.append(chain)
                covered.append(v)
    return sorted(chains, key=len, reverse=True)


def left_inverse(columns: list[list[Elem]], f: fmpq_poly) -> KMat:
    """Q with Q V = I for V with the given independent columns: the inverse of a nonsingular row selection."""
    n, s = len(columns[0]), len(columns)
    rows_v = [[columns[j][r] for j in range(s)] for r in range(n)]
    _, chosen = _rref([list(col) for col in zip(*rows_v)], f)
    sub = inverse([rows_v[r] for r in chosen], f)
    q = [[fmpq_poly([0])] * n for _ in range(s)]
    for k, r in enumerate(chosen):
        for j in range(s):
            q[j][r] = sub[j][k]
    return q


@dataclass
class Eigen:
    """One eigenvalue modulus f with its Jordan chains (vectors over K = QQ[a]/(f), reduced modulo f)."""

    modulus: fmpq_poly
    chains: list[list[list[Elem]]]

    @property
    def sizes(self) -> list[int]:
        """The chain lengths (Jordan block sizes of each root of f)."""
        return [len(c) for c in self.chains]

    @property
    def columns(self) -> list[list[Elem]]:
        """All chain vectors in order."""
        return [v for chain in self.chains for v in chain]


# Up to this degree of f, a simple eigenvalue's eigenvector is normalized (its last nonzero entry made 1, an inverse
# in K); above it g(A) u is kept as it is, since the inverse multiplies the size of its coefficients by about deg f.
NORMALIZE_DEGREE = 2


def eigen_structure(a: fmpq_mat) -> list[Eigen]:
    """Jordan chains for every irreducible factor of the characteristic polynomial.

    A simple eigenvalue (multiplicity 1) takes the fast path of constructions/blockform.py (the eigenvector from one
    Krylov product; the canonical one when deg f <= NORMALIZE_DEGREE); the others use jordan_chains.
    """
    out, krylov, charpoly = [], None, None
    for f, e in eigen_factors(a):
        simple = None
        if e == 1:
            if krylov is None or charpoly is None:
                krylov, charpoly = krylov_ones(a), a.charpoly()
            coords = simple_eigenvector(krylov, charpoly, f, f.degree() <= NORMALIZE_DEGREE)
            simple = Eigen(f, [[_as_elements(coords, f.degree())]]) if coords is not None else None
        out.append(simple or Eigen(f, jordan_chains(a, f, e)))
    return out


def _as_elements(coords: fmpq_mat, e: int) -> list[Elem]:
    """A K-vector given by coordinates (entry j at rows e*j .. e*j + e - 1) as reduced elements of K."""
    return [fmpq_poly([coords[j * e + t, 0] for t in range(e)]) for j in range(coords.nrows() // e)]


def format_elem(x: Elem, var: str = "a") -> str:
    """An element of K as a kernel expression in the generator, e.g. '1/2 + -3*a^2'."""
    terms = []
    for k, c in enumerate(x.coeffs()):
        if c == 0:
            continue
        text = str(c)
        terms.append(text if k == 0 else f"{text}*{var}" if k == 1 else f"{text}*{var}^{k}")
    return " + ".join(terms) or "0"
