"""Jordan structure of a rational matrix: the index of an eigenvalue and the block sizes at an irreducible modulus.

The facts the Appendix A kinds derive from A itself instead of trusting a parameter: the index nu of the
eigenvalue 0 (the smallest s with rank A^s = rank A^(s+1)) with the rank of A^nu, and the index of the roots of an
irreducible modulus m (the size of their largest Jordan block: the smallest s with rank m(A)^s = rank m(A)^(s+1)).
Ranks, products, characteristic polynomials and factorizations are python-flint's (trusted base).

Modular shortcuts (each exact; docs/trusted-base.md): rank A = n is shown by rank A = n modulo the prime P (a minor
nonzero modulo P is nonzero over QQ), so nu = 0 without exact ranks; the index J of an irreducible factor f of
multiplicity e >= 2 is j when rank f(A)^s > n - deg(f) e modulo P for s < j (so J > s: the kernel of f(A)^s is
smaller than the generalized eigenspace) and prod_f f^(j_f) annihilates A (so J <= j), the annihilation checked
exactly by the cleared integer matrix vanishing modulo 62-bit primes whose product exceeds a bound on its entries.
The characteristic polynomial and the indices are computed once per certificate (limits.shared_result).
"""

from __future__ import annotations

import hashlib
from math import lcm

from flint import fmpq_mat, fmpq_poly, fmpz, nmod_mat

from ...core.errors import KernelError
from ...core.flint_matrix import P, identity, mod_p_image, numerator_bits, product, rank_lower_bound, rank_mod_p, words
from ...core.flint_matrix import cleared as _cleared
from ...core.flint_matrix import entry_bits as _bits
from ...core.limits import charge, charpoly_units, rational_work, shared_result

__all__ = [
    "nilpotent_index",
    "zero_part",
    "root_index",
    "multiplicity",
    "charpoly",
    "block_sizes",
    "is_irreducible",
    "annihilates",
]


def _stable_power(m: fmpq_mat, where: str) -> tuple[int, int]:
    """(s, rank m^s) for the smallest s >= 0 with rank m^s = rank m^(s+1) (s: the index of the eigenvalue 0 of m)."""
    n = m.nrows()
    power, rank = identity(n), n
    for s in range(n + 1):
        following = product(power, m)
        charge(rational_work(n**3, _bits(following)), "rank")
        next_rank = following.rank()
        if next_rank == rank:
            return s, rank
        power, rank = following, next_rank
    raise KernelError(where, "the rank of the powers did not stabilize (impossible for a square matrix)")


def nilpotent_index(a: fmpq_mat, where: str) -> int:
    """nu: the size of the largest Jordan block of the eigenvalue 0 of A (0 when A is invertible)."""
    return _stable_power(a, where)[0]


def zero_part(a: fmpq_mat, where: str) -> tuple[int, int]:
    """(nu, rank A^nu): the index of the eigenvalue 0 and the dimension of the sum of the other generalized
    eigenspaces (range A^nu); (0, n) at once when A has rank n modulo P (then A is invertible)."""
    n = a.nrows()
    if n and rank_lower_bound(a, f"{where}: rank of A modulo P") == n:
        return 0, n
    return _stable_power(a, where)


def _evaluate(poly: fmpq_poly, a: fmpq_mat) -> fmpq_mat:
    """poly(A) by Horner's rule."""
    n = a.nrows()
    out = fmpq_mat(n, n)
    for coefficient in reversed(poly.coeffs()):
        out = product(out, a) + identity(n) * coefficient
    return out


def _digest(a: fmpq_mat) -> str:
    """SHA-256 of A's shape and exact entries (the key of the results shared by a certificate's obligations)."""
    text = f"{a.nrows()}x{a.ncols()}:" + ",".join(str(x) for x in a.entries())
    return hashlib.sha256(text.encode()).hexdigest()


def charpoly(a: fmpq_mat) -> fmpq_poly:
    """The characteristic polynomial of A, computed once per certificate (shared by its obligations)."""
    return shared_result("charpoly:" + _digest(a), "characteristic polynomial", lambda: _charpoly(a))


def _charpoly(a: fmpq_mat) -> fmpq_poly:
    """The characteristic polynomial of A (python-flint), charged by limits.charpoly_units on A's cleared entries.

    Measured (dense random rationals, 15-bit cleared entries): 0.3 ms at n = 16, 5.3 ms at 64, 80 ms at 128; with
    distinct denominators (cleared entries of thousands of bits) far more: 0.41 s at n = 8 (71,837 bits), 4.4 s at
    n = 24 (27,373 bits), which the former charge n^4 * words / 1000 put at 4,600 and 142,000 units.
    """
    num, _ = _cleared(a, "characteristic polynomial")
    charge(charpoly_units(a.nrows(), numerator_bits(num)), "characteristic polynomial")
    return a.charpoly()


def multiplicity(modulus: fmpq_poly, poly: fmpq_poly) -> int:
    """The largest e with modulus^e dividing poly (poly nonzero, modulus of degree >= 1)."""
    count = 0
    while True:
        charge((poly.degree() + 1) * (modulus.degree() + 1), "multiplicity")
        quotient, remainder = divmod(poly, modulus)
        if not remainder.is_zero():
            return count
        poly, count = quotient, count + 1


def root_index(modulus: fmpq_poly, a: fmpq_mat, where: str, chi: fmpq_poly | None = None) -> int:
    """The size of the largest Jordan block of A at the roots of an irreducible modulus (0 if none is one).

    The multiplicity e of the modulus in the characteristic polynomial chi (computed when not given) is each root's
    algebraic multiplicity, so e = 0 means no root is an eigenvalue and e = 1 means blocks of size 1; for e >= 2 the
    index is read off the ranks of modulus(A)^s.
    """
    chi = charpoly(a) if chi is None else chi
    e = multiplicity(modulus, chi)
    if e <= 1:
        return e
    indices = shared_result("indices:" + _digest(a), "indices of the eigenvalues", lambda: _indices(a, chi, where))
    return indices[str(modulus / modulus.leading_coefficient())]


# --- indices from ranks modulo P and one exact annihilation (checked modulo enough primes) -----------------------


def _image(a: fmpq_mat, where: str) -> nmod_mat:
    """A modulo P (every denominator must be prime to P)."""
    charge(len(a.entries()) * (2 + _bits(a) // 256) + 1, f"{where}: A modulo P")
    return nmod_mat(a.nrows(), a.ncols(), [mod_p_image(x, where) for x in a.entries()], P)


def _mul_units(n: int) -> int:
    """Units of one Horner step modulo a word-sized prime (an n x n product and a scaled identity added).

    Measured (python-flint nmod_mat, loaded machine): 236-300 us at n = 64, 4.1 ms at 128, 28 ms at 256; the charge
    (646, 4,623, 35,212 units) is at or above each.
    """
    return n**3 // 500 + n * n // 40 + 20


def _indices(a: fmpq_mat, chi: fmpq_poly, where: str) -> dict[str, int]:
    """{monic factor f of chi: the index J_f of its roots}: candidates from ranks modulo P, certified exactly.

    For a factor of multiplicity e >= 2 the candidate j is the first s with rank f(A)^s <= n - deg(f) e modulo P;
    for s < j the rank modulo P, a lower bound of the rank over QQ, is larger, so J_f > s (J_f >= j). Then
    prod_f f^(j_f) annihilating A (exactly, annihilates) gives J_f <= j_f. A candidate that is too small (an unlucky
    prime) fails the annihilation: rejected, never accepted.
    """
    n = a.nrows()
    d = chi.degree()
    bits = max((max(c.p.bit_length(), c.q.bit_length()) for c in chi.coeffs()), default=0)
    charge(d**3 // 16 + d * d * words(bits) // 4 + 1, f"{where}: factorization")
    _, factors = chi.factor()
    image, out, annihilator, powers = _image(a, where), {}, fmpq_poly([1]), []
    for f, e in factors:
        f = f / f.leading_coefficient()
        j = e
        if e >= 2:
            value, floor = _evaluate_mod(f, image, where), n - f.degree() * e
            power, j = value, 1
            while rank_mod_p(power, f"{where}: rank of f(A)^{j} modulo P") > floor and j < e:
                charge(_mul_units(n), f"{where}: f(A)^s modulo P")
                power, j = power * value, j + 1
        out[str(f)] = j
        charge((annihilator.degree() + 1) * (j * f.degree() + 1), f"{where}: the annihilator")
        annihilator *= f**j
        powers.append((f, j))
    if not annihilates(annihilator, a, where, powers):
        raise KernelError(where, "the indices read modulo P do not annihilate A (undecided: an unlucky prime)")
    return out


def _evaluate_mod(poly: fmpq_poly, image: nmod_mat, where: str) -> nmod_mat:
    """poly(A) modulo P by Horner's rule from A's image modulo P."""
    n = image.nrows()
    ident = nmod_mat(n, n, [int(r == c) for r in range(n) for c in range(n)], P)
    out = nmod_mat(n, n, P)
    for coefficient in reversed(poly.coeffs()):
        charge(_mul_units(n), f"{where}: a polynomial in A modulo P")
        out = out * image + ident * mod_p_image(coefficient, where)
    return out


_PRIMES: list[int] = []


def _primes(count: int) -> list[int]:
    """The count largest primes below 2^62 (descending), computed once and kept."""
    candidate = _PRIMES[-1] - 2 if _PRIMES else 2**62 - 1
    while len(_PRIMES) < count:
        if fmpz(candidate).is_prime():
            _PRIMES.append(candidate)
        candidate -= 2
    return _PRIMES[:count]


def annihilates(poly: fmpq_poly, a: fmpq_mat, where: str, factors: list[tuple[fmpq_poly, int]] | None = None) -> bool:
    """Whether poly(A) = 0 exactly, decided modulo primes whose product exceeds a bound on a cleared integer form.

    With A = N / D (N integer, D > 0) and L the common denominator of poly's coefficients c_i, the integer matrix
    Z = sum_i L c_i D^(deg - i) N^i equals L D^deg poly(A). Its entries are at most
    bound = sum_i |L c_i| D^(deg - i) ||N||_inf^(i - 1) max|N| (for i >= 1; |L c_0| D^deg for i = 0): an entry of N^i
    is sum_k (N^(i-1))_(r,k) N_(k,c), at most ||N^(i-1)||_inf max|N| <= ||N||_inf^(i-1) max|N| (the row-sum norm
    is submultiplicative). Z is reduced modulo primes p_1 > p_2 > ... below 2^62 that divide neither L nor D, until
    their product exceeds the bound: Z mod p = (L D^deg mod p) poly(A mod p), with poly(A mod p) evaluated by
    Horner's rule or, given poly = prod f^j (factors), as the product of the f(A)^j by repeated squaring. Z = 0
    modulo each means their product divides every entry, which is then 0. Charged before the primes' products.
    """
    num, den = _cleared(a, f"{where}: annihilation")
    n, deg = a.nrows(), poly.degree()
    if deg < 0:
        return True
    factors = factors or [(poly, 1)]
    common = 1
    for c in poly.coeffs():
        common = lcm(common, int(c.q))
    ints = [int(c.p) * (common // int(c.q)) for c in poly.coeffs()]
    den = int(den)
    values = [int(x) for x in num.entries()]
    top = max((abs(v) for v in values), default=0)
    rows = max((sum(abs(v) for v in values[r * n : (r + 1) * n]) for r in range(n)), default=0)
    bound = abs(ints[0]) * den**deg
    bound += sum(abs(ints[i]) * den ** (deg - i) * rows ** (i - 1) * top for i in range(1, deg + 1))
    count = bound.bit_length() // 61 + 1  # each prime exceeds 2^61, so their product exceeds 2^bits > bound
    steps = sum(f.degree() + 2 + 2 * j.bit_length() for f, j in factors)
    charge(count * (steps * (_mul_units(n) + n) + len(values)), f"{where}: annihilation modulo {count} primes")
    excluded = den * common
    for f, _ in factors:
        for c in f.coeffs():
            excluded = lcm(excluded, int(c.q))
    used = 0
    for p in _primes(4 * count + 8):
        if excluded % p == 0:
            continue
        if _evaluated(factors, values, den, n, p):
            return False
        used += 1
        if used == count:
            return True
    raise KernelError(where, "too many primes divide the denominators (undecided)")


def _evaluated(factors: list[tuple[fmpq_poly, int]], values: list[int], den: int, n: int, p: int) -> bool:
    """Whether prod f(A)^j is nonzero modulo p (A = N / D, p prime to D and to the coefficients' denominators)."""
    inverse = pow(den, -1, p)
    x = nmod_mat(n, n, [v * inverse % p for v in values], p)
    ident = nmod_mat(n, n, [int(r == c) for r in range(n) for c in range(n)], p)
    total = ident
    for f, j in factors:
        value = nmod_mat(n, n, p)
        for c in reversed(f.coeffs()):
            value = value * x + ident * (int(c.p) * pow(int(c.q), -1, p) % p)
        power, result = value, ident
        while j:
            if j & 1:
                result = result * power
            j >>= 1
            if j:
                power = power * power
        total = total * result
    return any(int(v) for v in total.entries())


def block_sizes(modulus: fmpq_poly, a: fmpq_mat, e: int, where: str) -> list[int]:
    """The Jordan block sizes (non-increasing) of A at each root of an irreducible modulus of multiplicity e in the
    characteristic polynomial: none for e = 0, [1] for e = 1, else from dim ker modulus(A)^s = deg * sum min(size, s).
    """
    if e <= 1:
        return [1] * e
    n, d = a.nrows(), modulus.degree()
    value = _evaluate(modulus, a)
    dims, power = [0], value
    while dims[-1] < e:
        charge(rational_work(n**3, _bits(power)), "rank")
        dims.append((n - power.rank()) // d)
        if dims[-1] == dims[-2]:
            raise KernelError(where, "the kernels of modulus(A)^s stopped growing before the multiplicity")
        power = product(power, value)
    at_least = [dims[j] - dims[j - 1] for j in range(1, len(dims))] + [0]
    return sorted((j + 1 for j in range(len(dims) - 1) for _ in range(at_least[j] - at_least[j + 1])), reverse=True)


def is_irreducible(modulus: fmpq_poly) -> bool:
    """True when the modulus is irreducible over QQ, decided once per certificate (shared by its obligations)."""
    key = "irreducible:" + hashlib.sha256(str(modulus).encode()).hexdigest()
    return shared_result(key, "factorization", lambda: _is_irreducible(modulus))


def _is_irreducible(modulus: fmpq_poly) -> bool:
    """True when the modulus is irreducible over QQ (python-flint's factorization, van Hoeij's algorithm).

    Charged d^3 / 16 + d^2 words / 4 (d the degree, words the 64-bit limbs of its largest coefficient part).
    Measured: a dense 64-state characteristic polynomial (degree 64, 929 bits) 3 ms, degree 128 (1949 bits) 23 ms,
    degree 256 (4030 bits) 0.1-0.16 s; the Swinnerton-Dyer polynomials, with many factors modulo every prime,
    38 ms at degree 128 and 0.76 s at 256. The charge is 1.4x to 10x above each.
    """
    d = modulus.degree()
    bits = max((max(c.p.bit_length(), c.q.bit_length()) for c in modulus.coeffs()), default=0)
    charge(d**3 // 16 + d * d * words(bits) // 4 + 1, "factorization")
    _, factors = modulus.factor()
    return len(factors) == 1 and factors[0][1] == 1
