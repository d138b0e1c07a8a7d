"""The real 1x1/2x2 block form of a rational matrix, on python-flint's native types (the review's block claim).

T A T^-1 is block diagonal with rational 1x1 and 2x2 blocks exactly when every irreducible factor f of the
characteristic polynomial has degree <= 2, with Jordan blocks of size <= 2 for a rational eigenvalue and 1 for a
quadratic pair. The columns of T^-1 are the Jordan chains of constructions/jordan.py (the same canonical vectors:
each null space in reduced echelon form over K = QQ[a]/(f), chains chosen in the same order), found here without
polynomial arithmetic over K:

* K-vectors are kept as coordinates in the basis 1, a; multiplication by a is the companion matrix M_a, so a
  K-matrix N becomes the rational matrix R(N) = A (x) I_e - I_m (x) M_a, and the canonical K-null space of N is the
  rational rref null space of R(N) at the free columns 2f (coordinate 1 of entry f);
* a simple eigenvalue (multiplicity 1) skips every rref: with chi(x) = (x - a) g(x) over K, (A - a) g(A) u =
  chi(A) u = 0, so w = g(A) u, one product of the Krylov matrix of u (shared by all factors) with the coefficients
  of g, is an eigenvector unless it is 0; divided by its last nonzero entry it is the canonical one.
Degree >= 3 factors are refused before any chain is computed. These are finders; the kernel re-checks T.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly, fmpz, fmpz_mat, nmod_mat

__all__ = [
    "NotBlockable",
    "ruled_out_modulo_prime",
    "real_block_form",
    "eigen_factors",
    "block_sizes",
    "krylov_ones",
    "simple_eigenvector",
    "realified_chains",
]


class NotBlockable(ValueError):
    """A has a Jordan structure that no real similarity brings to 1x1 / 2x2 blocks with rational entries."""


# A prime for the cheap test below (the largest below 2^62); the test retries with the next ones when it divides
# the denominator of A.
_TEST_PRIMES = (4611686018427387847, 4611686018427387817, 4611686018427387787)


def ruled_out_modulo_prime(a: fmpq_mat) -> str | None:
    """Why no 1x1/2x2 rational block form exists, read from the characteristic polynomial modulo a prime, or None.

    If chi_A = prod f_i over QQ with every deg f_i <= 2 and P does not divide A's denominator, then chi_A is in
    Z_(P)[x] and so is each monic f_i (Gauss's lemma), so chi_A mod P = prod (f_i mod P) has no irreducible factor
    of degree >= 3. Hence one such factor modulo P proves that chi_A has an irreducible factor of degree >= 3 over
    QQ, which real_block_form refuses. None means "not ruled out" (the exact factorization then decides). Cost:
    one characteristic polynomial and one factorization over Z/P (milliseconds at m = 512).
    """
    num, den = a.numer_denom()
    prime = next((q for q in _TEST_PRIMES if fmpz(den) % q != 0), None)
    if prime is None:
        return None
    reduced = nmod_mat(num, prime) * pow(int(den), -1, prime)
    _, factors = reduced.charpoly().factor()
    degree = max((f.degree() for f, _ in factors), default=0)
    if degree <= 2:
        return None
    return (
        f"the characteristic polynomial of A has an irreducible factor of degree >= 3 over QQ (modulo the prime "
        f"{prime} it has one of degree {degree}): no rational similarity gives 1x1/2x2 blocks"
    )


def eigen_factors(a: fmpq_mat) -> list[tuple[fmpq_poly, int]]:
    """Monic irreducible factors f of the characteristic polynomial with their multiplicities, sorted."""
    _, factors = a.charpoly().factor()
    out = [(f / f.leading_coefficient(), e) for f, e in factors]
    return sorted(out, key=lambda fe: (fe[0].degree(), [str(c) for c in fe[0].coeffs()]))


def _companion(f: fmpq_poly) -> fmpq_mat:
    """M_a: multiplication by the generator a on coordinates (x_0, ..., x_(e-1)) of x_0 + x_1 a + ..."""
    e, c = f.degree(), f.coeffs()
    out = fmpq_mat(e, e)
    for r in range(1, e):
        out[r, r - 1] = 1
    for r in range(e):
        out[r, e - 1] = -c[r]
    return out


def _realified(a: fmpq_mat, f: fmpq_poly) -> fmpq_mat:
    """R(A - a I) = A (x) I_e - I_m (x) M_a, entry j of a K-vector at coordinates e*j .. e*j + e - 1."""
    m, e, ma = a.nrows(), f.degree(), _companion(f)
    out = fmpq_mat(m * e, m * e)
    for r in range(m):
        for c in range(m):
            if a[r, c] != 0:
                for t in range(e):
                    out[r * e + t, c * e + t] = a[r, c]
        for s in range(e):
            for t in range(e):
                if ma[s, t] != 0:
                    out[r * e + s, r * e + t] -= ma[s, t]
    return out


def _null_vectors(n: fmpq_mat, e: int) -> list[fmpq_mat]:
    """The canonical K-null space of a realified matrix: rref null vectors at the free columns e*f."""
    rref, rank = n.rref()
    size = n.ncols()
    pivots, row = [], 0
    for c in range(size):
        if row < rank and rref[row, c] != 0:
            pivots.append(c)
            row += 1
    free = [c for c in range(0, size, e) if c not in pivots]
    out = []
    for f in free:
        v = fmpq_mat(size, 1)
        v[f, 0] = 1
        for r, p in enumerate(pivots):
            v[p, 0] = -rref[r, f]
        out.append(v)
    return out


def _k_rank(vectors: list[fmpq_mat], f: fmpq_poly) -> int:
    """The rank over K of K-vectors given by coordinates: rank over QQ of the vectors and their a-multiples / e."""
    if not vectors:
        return 0
    e, size = f.degree(), vectors[0].nrows()
    ma = _companion(f)
    columns = []
    for v in vectors:
        coords = fmpq_mat(size // e, e, [v[i, 0] for i in range(size)])  # row j: coordinates of entry j
        for _ in range(e):
            columns.append(coords.entries())
            coords = coords * ma.transpose()
    stacked = fmpq_mat(len(columns), size, [x for col in columns for x in col])
    return stacked.rank() // e


def realified_chains(a: fmpq_mat, f: fmpq_poly, multiplicity: int) -> list[list[fmpq_mat]]:
    """Jordan chains of constructions.jordan.jordan_chains, in coordinates (the same vectors, the same order)."""
    e = f.degree()
    n_mat = _realified(a, f)
    power: fmpq_mat | None = None
    kernels: list[list[fmpq_mat]] = [[]]
    while len(kernels[-1]) < multiplicity:
        power = n_mat if power is None else n_mat * power
        kernels.append(_null_vectors(power, e))
    chains: list[list[fmpq_mat]] = []
    for k in range(len(kernels) - 1, 0, -1):
        covered = list(kernels[k - 1]) + [chain[k - 1] for chain in chains if len(chain) >= k]
        for v in kernels[k]:
            if _k_rank(covered + [v], f) > _k_rank(covered, f):
                chain = [v]
                for _ in range(k - 1):
                    chain.insert(0, n_mat * chain[0])
                chains.append(chain)
                covered.append(v)
    return sorted(chains, key=len, reverse=True)


def block_sizes(a: fmpq_mat, f: fmpq_poly, multiplicity: int) -> list[int]:
    """Jordan block sizes of each root of f, from dim ker f(A)^j = deg f * sum_blocks min(size, j)."""
    if multiplicity == 1:
        return [1]
    m, e = a.nrows(), f.degree()
    fa = fmpq_mat(m, m)
    for c in reversed(f.coeffs()):
        fa = fa * a
        for i in range(m):
            fa[i, i] += c
    dims, power = [0], fa
    while dims[-1] < multiplicity:
        dims.append((m - power.rank()) // e)
        power = power * fa
    at_least = [dims[j] - dims[j - 1] for j in range(1, len(dims))] + [0]
    return sorted((j + 1 for j in range(len(dims) - 1) for _ in range(at_least[j] - at_least[j + 1])), reverse=True)


def krylov_ones(a: fmpq_mat) -> tuple[fmpq_mat, fmpq]:
    """(K, D) with A = A'/D (A' integer) and K = [u, A' u, ..., A'^(m-1) u], u the all-ones vector."""
    m = a.nrows()
    num, den = a.numer_denom()
    u = fmpz_mat(m, 1, [1] * m)
    columns = []
    for _ in range(m):
        columns.append(u.entries())
        u = num * u
    return fmpq_mat(fmpz_mat(m, m, [columns[k][r] for r in range(m) for k in range(m)])), fmpq(den)


def simple_eigenvector(
    krylov: tuple[fmpq_mat, fmpq], charpoly: fmpq_poly, f: fmpq_poly, normalize: bool = True
) -> fmpq_mat | None:
    """The canonical eigenvector of a simple root a of f (coordinates, m*e x 1), or None when g(A) u = 0.

    With normalize=False the eigenvector g(A) u itself: its coordinates have the size of the characteristic
    polynomial's coefficients, where dividing by an entry (an inverse in QQ[a]/(f)) multiplies it by about deg f.
    """
    (k_int, den), e, ma = krylov, f.degree(), _companion(f)
    m, chi = k_int.nrows(), charpoly.coeffs()
    g = fmpq_mat(m, e)  # row k: coordinates of g_k / D^k, where chi(x) = (x - a) g(x): g_(k-1) = chi_k + a g_k
    coords = fmpq_mat(1, e)
    for k in range(m, 0, -1):
        coords = coords * ma.transpose()
        coords[0, 0] += chi[k]
        for t in range(e):
            g[k - 1, t] = coords[0, t] / den ** (k - 1)
    w = k_int * g  # row j: coordinates of entry j of w = sum_k g_k A^k u
    last = next((j for j in range(m - 1, -1, -1) if any(w[j, t] != 0 for t in range(e))), None)
    if last is None:
        return None
    if not normalize:
        return fmpq_mat(m * e, 1, w.entries())
    inverse = _inverse_mod(fmpq_poly([w[last, t] for t in range(e)]), f)
    scale = fmpq_mat(e, e)  # multiplication by the inverse, on coordinates: column t = inverse * a^t
    column = fmpq_mat(e, 1, list(inverse.coeffs()) + [0] * (e - len(inverse.coeffs())))
    for t in range(e):
        for s in range(e):
            scale[s, t] = column[s, 0]
        column = ma * column
    return fmpq_mat(m * e, 1, (w * scale.transpose()).entries())


def _inverse_mod(x: fmpq_poly, f: fmpq_poly) -> fmpq_poly:
    """The inverse of a nonzero element of QQ[a]/(f), f irreducible."""
    g, s, _ = x.xgcd(f)
    return (s / g) % f


def _columns(chain_vectors: list[fmpq_mat], e: int) -> list[list[fmpq]]:
    """The columns of T^-1 a chain vector gives: its coordinates of 1 (and of a, for a quadratic pair)."""
    out = []
    for v in chain_vectors:
        m = v.nrows() // e
        out.extend([[v[j * e + t, 0] for j in range(m)] for t in range(e)])
    return out


def _short(f: fmpq_poly, limit: int = 160) -> str:
    """The polynomial's text, shortened in the middle when long (its degree is then named)."""
    text = str(f)
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]} ... {text[-limit // 4 :]} (degree {f.degree()}, {len(text)} characters)"


def real_block_form(a: fmpq_mat) -> tuple[fmpq_mat, fmpq_mat, list[int]]:
    """T, T^-1 and block sizes with T A T^-1 block diagonal in 1x1 and 2x2 rational blocks (NotBlockable if none)."""
    factors = eigen_factors(a)
    for f, e in factors:
        sizes = block_sizes(a, f, e)
        if f.degree() > 2 or max(sizes) > 3 - f.degree():
            raise NotBlockable(
                f"the eigenvalues with minimal polynomial {_short(f)} have Jordan blocks of sizes {sizes}: "
                "a real similarity to 1x1/2x2 blocks needs blocks <= 2 for a rational eigenvalue, <= 1 for a "
                "quadratic pair, and (for a rational T) no irreducible factor of degree >= 3"
            )
    krylov, charpoly = None, a.charpoly()
    columns, out_sizes = [], []
    for f, e in factors:
        chains = None
        if e == 1:
            krylov = krylov if krylov is not None else krylov_ones(a)
            v = simple_eigenvector(krylov, charpoly, f)
            chains = [[v]] if v is not None else None
        chains = chains or realified_chains(a, f, e)
        for chain in chains:
            columns += _columns(chain, f.degree())
            out_sizes.append(len(chain) if f.degree() == 1 else 2)
    n = a.nrows()
    t_inv = fmpq_mat(n, n, [columns[j][r] for r in range(n) for j in range(n)])
    return t_inv.inv(), t_inv, out_sizes
