"""Chains of the modes theory: K-vectors in the power basis, the chain relations, Krylov chains and their rank.

A chain vector is a vector of K^n, K = QQ[a]/(m), written in the power basis (kind_modes.py): its coefficient
matrix X (n x deg m) has v = sum_t X[:, t] a^t, and (A - a) v_(t+1) = v_t modulo m is the rational identity
A X_(t+1) - X_(t+1) M^T = X_t (M the companion matrix of m). A Krylov chain is the single eigenvector
q_m(A) r(A) u of a simple modulus (r = det(x - A) / m) given by its rational start vector u; the kernel needs only
its Krylov matrix modulo P (krylov_chain). Independence of all chains is one rank modulo the prime P
(independent): a lower bound of the rank over QQ, so a full rank modulo P is a full rank over QQ.
"""

from __future__ import annotations

from flint import fmpq, fmpq_mat, fmpq_poly, nmod, nmod_mat

from ...core.errors import KernelError
from ...core.flint_matrix import P, entry_bits, mod_p_image, qmul, rank_mod_p
from ...core.limits import charge
from .jordan_structure import charpoly, multiplicity
from .trace_coordinates import read_rational

__all__ = ["read_chains", "chain_matrix", "independent", "read_start_vector", "krylov_chain"]


def _vector(value: object, n: int, d: int, where: str) -> list[list[fmpq]]:
    """A chain vector: n entries, each the d rational coefficients of 1, a, ..., a^(d-1) (a reduced element of K)."""
    if not isinstance(value, list) or len(value) != n:
        raise KernelError(where, f"expected a vector of {n} elements of K")
    rows = []
    for r, coeffs in enumerate(value):
        if not isinstance(coeffs, list) or len(coeffs) != d:
            raise KernelError(f"{where}[{r}]", f"expected the {d} coefficients of 1, a, ..., a^{d - 1}")
        rows.append([read_rational(x, f"{where}[{r}][{t}]") for t, x in enumerate(coeffs)])
    return rows


def read_chains(value: object, n: int, d: int, where: str) -> tuple[tuple[int, ...], list[list[list[fmpq]]]]:
    """(chain lengths, coefficient rows of every chain vector in order) of a nonempty list of nonempty chains."""
    if not isinstance(value, list) or not value or not all(isinstance(c, list) and c for c in value):
        raise KernelError(where, "expected a nonempty list of nonempty chains (lists of vectors)")
    if sum(len(c) for c in value) * d > n:
        raise KernelError(where, f"more chain vectors than the dimension allows ({n} / deg m = {n // d})")
    vectors = [_vector(v, n, d, f"{where}[{c}][{t}]") for c, chain in enumerate(value) for t, v in enumerate(chain)]
    return tuple(len(c) for c in value), vectors


def _companion_t(m: fmpq_poly) -> fmpq_mat:
    """M^T, where M is multiplication by a on coefficient columns modulo m: row x of coefficients -> x M^T."""
    d = m.degree()
    coeffs = m.coeffs()
    out = fmpq_mat(d, d)
    for t in range(1, d):
        out[t - 1, t] = 1
    for t in range(d):
        out[d - 1, t] -= coeffs[t] / coeffs[-1]
    return out


def chain_matrix(
    a: fmpq_mat, m: fmpq_poly, lengths: tuple[int, ...], vectors: list[list[list[fmpq]]], where: str
) -> fmpq_mat:
    """The coefficient matrix S (n x s d) of one modulus's chains, after checking (A - a) v_(t+1) = v_t modulo m."""
    n, d, s = a.nrows(), m.degree(), len(vectors)
    charge(n * s * d + (s * d) ** 2, f"{where}: chain coefficient matrices")
    flat = [vectors[j][r][t] for r in range(n) for j in range(s) for t in range(d)]
    s_mat = fmpq_mat(n, s * d, flat)
    left = qmul(a, s_mat, f"{where}: A times the chains")
    shift = fmpq_mat(s * d, s * d)  # block diagonal M^T, plus I_d from vector j - 1 to j inside a chain
    mt, j = _companion_t(m), 0
    for length in lengths:
        for t in range(length):
            for x in range(d):
                for y in range(d):
                    shift[j * d + x, j * d + y] = mt[x, y]
                if t:
                    shift[(j - 1) * d + x, j * d + x] = 1
            j += 1
    right = qmul(s_mat, shift, f"{where}: the chains times J")
    if left != right:
        bad = next(
            k for k in range(s) if any(left[r, k * d + t] != right[r, k * d + t] for r in range(n) for t in range(d))
        )
        chain = next(c for c in range(len(lengths)) if sum(lengths[: c + 1]) > bad)
        position = bad - sum(lengths[:chain])
        raise KernelError(
            f"{where}.chains[{chain}][{position}]",
            "(A - a I) v differs from the previous chain vector modulo the modulus (0 for the first)",
        )
    return s_mat


def independent(parts: list[fmpq_mat | nmod_mat], n: int, count: int, where: str, what: str) -> None:
    """The stacked coefficient matrices (rational, or already modulo P for Krylov chains) have rank count, their
    number of columns, modulo P: independent chains."""
    width = sum(p.ncols() for p in parts)
    if width != count:
        raise KernelError(where, f"{width} chain coordinates, expected {count} ({what})")
    charge(n * width * (2 + max((_entry_bits(p) for p in parts), default=0) // 256), f"{where}: chains modulo P")
    images = [p if isinstance(p, nmod_mat) else _mod_p(p, where) for p in parts]
    stacked = nmod_mat(n, width, [int(x) for r in range(n) for img in images for x in _row(img, r)], P)
    rank = rank_mod_p(stacked, f"{where}: rank of the chains")
    if rank != count:
        raise KernelError(where, f"the chains are not independent: rank {rank} modulo a prime, expected {count}")


def _row(image: nmod_mat, r: int) -> list[nmod]:
    """Row r of a matrix modulo P."""
    return [image[r, c] for c in range(image.ncols())]


def _entry_bits(part: fmpq_mat | nmod_mat) -> int:
    """The largest bit length of a rational part's entries (0 for a part already modulo P)."""
    return 0 if isinstance(part, nmod_mat) else entry_bits(part)


def _mod_p(m: fmpq_mat, where: str) -> nmod_mat:
    """A rational matrix's image modulo P."""
    return nmod_mat(m.nrows(), m.ncols(), [mod_p_image(x, where) for x in m.entries()], P)


# --- Krylov chains: the eigenvector q_m(A) r(A) u of a simple modulus, from a rational start vector u ------------


def read_start_vector(value: object, n: int, where: str) -> tuple[fmpq, ...]:
    """The rational start vector u of a Krylov chain (n entries)."""
    if not isinstance(value, list) or len(value) != n:
        raise KernelError(where, f"expected a start vector of {n} rationals")
    return tuple(read_rational(x, f"{where}[{r}]") for r, x in enumerate(value))


def krylov_chain(a: fmpq_mat, m: fmpq_poly, u: tuple[fmpq, ...], where: str) -> nmod_mat:
    """The Krylov matrix [w, A w, ..., A^(d-1) w] modulo P of w = r(A) u, r = chi / m (m simple in chi).

    It stands for the chain of one vector v = q(A) w in K^n, q(x) = (m(x) - m(a)) / (x - a) = sum_j h_j(a) x^j with
    h_j(a) = sum_k c_(j+1+k) a^k: (A - a) v = m(A) w = chi(A) u = 0 (Cayley-Hamilton), and v's coefficient matrix is
    K H with H[j][k] = c_(j+1+k), anti-triangular with ones on the anti-diagonal (m monic), so of the rank of K.
    """
    n, d = a.nrows(), m.degree()
    chi = charpoly(a)
    if multiplicity(m, chi) != 1:
        raise KernelError(f"{where}.krylov", "a Krylov chain needs a simple modulus (multiplicity 1 in det(x - A))")
    charge((chi.degree() + 1) * (d + 1), f"{where}: chi / m")
    r = chi // m
    charge(n * n * (2 + entry_bits(a) // 256) + n, f"{where}: A and u modulo P")
    image = _mod_p(a, where)
    w = nmod_mat(n, 1, [mod_p_image(x, where) for x in u], P)
    total = nmod_mat(n, 1, P)
    charge((r.degree() + d + 2) * (n * n // 100 + n + 1), f"{where}: the Krylov vectors modulo P")
    for coefficient in reversed(r.coeffs()):
        total = image * total + w * mod_p_image(coefficient, where)
    columns = [total]
    for _ in range(d - 1):
        columns.append(image * columns[-1])
    return nmod_mat(n, d, [int(col[r_, 0]) for r_ in range(n) for col in columns], P)
