"""Appendix A kinds: the Jordan structure of A (jordan_chains) and the closed form of A^tau from its Jordan chains
(power_closed_form).

Eigenvalues are the roots of a modulus m(a) with rational coefficients: a mode is an element of the ring
K = QQ[a]/(m) and stands for its value at every root alpha of m. Moduli are required squarefree and pairwise
coprime, which makes the eigenvalues they describe distinct. Tr_m(x) = sum over the roots alpha of m of x(alpha),
a rational number (the trace of multiplication by x on QQ[a]/(m)).

A chain vector is a vector of K^n written in the power basis: n entries, each the list of the d = deg m rational
coefficients of 1, a, ..., a^(d-1) (a reduced element of K). Its coefficient matrix is the rational n x d matrix X
with v = sum_t X[:, t] a^t; multiplication by a acts on the
rows of X as the companion matrix of m, so (A - a) v_(t+1) = v_t modulo m is the rational identity
A X_(t+1) - X_(t+1) M^T = X_t, checked with integer matrix products.

The realified rank. Stack the coefficient matrices of the chain vectors of the modes into the rational matrix S
(n x sum_l d_l s_l, s_l the number of chain vectors of mode l). Over C, S times the block diagonal of the
Vandermonde matrices of the roots (one block per chain vector, nonsingular since each m_l is squarefree) is the
matrix whose columns are the vectors v(alpha) for every chain vector v and every root alpha. So rank S = number of
columns exactly when all the v(alpha) are linearly independent. The kernel shows this by the rank of S's cleared
numerator modulo a 62-bit prime (a lower bound on the rank over QQ).

jordan_chains (goal A and, per irreducible modulus, its Jordan block sizes in non-increasing order, which must cover
n = sum_l d_l sum(chains_l)); no witness. For an irreducible m_l all roots are Galois conjugate and have the same
Jordan blocks, so dim ker m_l(A)^s = d_l sum_blocks min(size, s) for every s: the kernel computes the multiplicity
e_l of m_l in the characteristic polynomial of A (the algebraic multiplicity of each root; e_l = 1 means one block
of size 1) and otherwise the ranks of m_l(A)^s, s = 1, 2, ..., until the kernel has dimension d_l e_l, and reads
off the block sizes (blocks of size >= s: dims_s - dims_(s-1)). The moduli are pairwise coprime and the blocks cover
n, so this is the whole Jordan form of A.

power_closed_form (goal A, start and, per nonzero eigenvalue modulus, its chains: the factored closed form). The
kernel computes nu (the index of the eigenvalue 0, from the ranks of A^s) and r = rank A^nu, and checks
start = nu, m_l(0) != 0, the chain relations, sum_l d_l s_l = r, and rank S = r. The v(alpha) are then r
independent generalized eigenvectors of nonzero eigenvalues, which all lie in range A^nu (of dimension r): a
basis of it. Hence psi(y) = sum_l Tr_l(V_l y_l), from the product of the K_l^(s_l) to QQ^n, is injective with
image range A^nu, and A psi(y) = psi(J y) with J_l = a I + N_l (N_l the chain shift), because A V_l = V_l J_l
modulo m_l and Tr is QQ-linear. For x in QQ^n and tau >= nu: A^nu x = psi(y) for a unique y = y(x), QQ-linear in
x, so A^tau x = psi(J^(tau - nu) y) = sum_l Tr_l(V_l J_l^tau Q_l x) with the dual rows Q_l = J_l^(-nu) y_l(.)
(a is invertible modulo m_l). That is eq. (18): A^tau = sum_l Tr_l(a^tau M_l(tau)) for every tau >= nu, with
M_l(tau) = V_l (sum_q binom(tau, q) a^(-q) N_l^q) Q_l, a polynomial in tau of degree below the longest chain.
The dual rows are determined by V (psi is injective) and are not written: for a dense A they are the inverse of a
Krylov-like matrix (about 40 MB for a dense 64-state A, where V has 1 MB). The closed form M_l(tau) is unique (distinct
alpha^tau tau^q are independent), so it is determined by A and start; the chains are one representation of it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Literal

from flint import fmpq, fmpq_mat, fmpq_poly

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.kind import Establishes, KindTable
from ...core.limits import charge, shared_result
from ...core.matrix import MAX_SIDE, read_rational_matrix
from ...core.numbers import GQ, parse_integer
from ...core.poly import Poly, read_poly
from .chains import chain_matrix, independent, krylov_chain, read_chains, read_start_vector
from .jordan_structure import block_sizes, charpoly, is_irreducible, multiplicity, zero_part

__all__ = [
    "ESTABLISHES",
    "KINDS",
    "GEN",
    "MAX_DEGREE",
    "read_modulus",
    "reduce_mod",
    "trace_mod",
    "check_moduli",
    "read_modes",
]

GEN = "a"
MAX_DEGREE = MAX_SIDE  # degree of a modulus: at most the state dimension


def _to_fmpq_poly(poly: Poly) -> fmpq_poly:
    """A polynomial in the generator alone as a python-flint fmpq_poly."""
    coeffs: dict[int, fmpq] = {}
    for monomial, c in poly.terms.items():
        coeffs[monomial[0]] = c.re
    top = max(coeffs, default=0)
    return fmpq_poly([coeffs.get(k, fmpq(0)) for k in range(top + 1)])


def read_modulus(value: object, where: str) -> fmpq_poly:
    """A modulus m(a): a monic rational polynomial of degree 1..MAX_DEGREE in the generator a (monic, so that each set
    of eigenvalues has exactly one modulus); read once per certificate (the same text recurs in its obligations)."""
    text = json.dumps(value)
    key = "modulus:" + hashlib.sha256(text.encode()).hexdigest()
    return shared_result(key, f"{where}: reading", lambda: _read_modulus(value, where))


def _read_modulus(value: object, where: str) -> fmpq_poly:
    """read_modulus without the sharing."""
    poly = read_poly(value, (GEN,), where, complex_ok=False)
    m = _to_fmpq_poly(poly)
    if not 1 <= m.degree() <= MAX_DEGREE:
        raise KernelError(where, f"found degree {m.degree()}, expected a modulus of degree 1..{MAX_DEGREE}")
    if m.leading_coefficient() != 1:
        raise KernelError(where, f"leading coefficient {m.leading_coefficient()}, expected a monic modulus")
    return m


def reduce_mod(poly: Poly, m: fmpq_poly) -> Poly:
    """The canonical representative of poly modulo m(a); the generator must be the first variable."""
    if poly.variables[0] != GEN:
        raise KernelError("modes", "the generator must be the first variable")
    if not poly.terms:
        return poly
    groups: dict[tuple[int, ...], dict[int, fmpq]] = {}
    for monomial, c in poly.terms.items():
        groups.setdefault(monomial[1:], {})[monomial[0]] = c.re
    out: dict[tuple[int, ...], GQ] = {}
    for rest, coeffs in groups.items():
        top = max(coeffs)
        r = fmpq_poly([coeffs.get(k, fmpq(0)) for k in range(top + 1)]) % m
        for k, coeff in enumerate(r.coeffs()):
            if coeff != 0:
                out[(k, *rest)] = GQ(coeff)
    return Poly(poly.variables, out)


def _power_traces(m: fmpq_poly) -> list[fmpq]:
    """Tr_m(a^k) for k < deg m: the power sums of the roots of m, by Newton's identities.

    For monic m = a^d + c_1 a^(d-1) + ... + c_d: p_k = -(k c_k + sum_{i<k} c_i p_(k-i)), p_0 = d; Tr_m(a^k) = p_k
    is the trace of multiplication by a^k on the basis 1, a, ..., a^(d-1) (the sum over the roots of root^k).
    """
    d = m.degree()
    lead = m.coeffs()[-1]
    c = [m.coeffs()[d - i] / lead for i in range(d + 1)]  # c[i]: coefficient of a^(d-i), monic
    sums = [fmpq(d)]
    for k in range(1, d):
        sums.append(-(k * c[k] + sum((c[i] * sums[k - i] for i in range(1, k)), fmpq(0))))
    return sums


def trace_mod(poly: Poly, m: fmpq_poly) -> Poly:
    """Tr_m applied coefficientwise: a rational polynomial in the remaining variables (no generator)."""
    if not poly.terms:
        return poly
    traces = _power_traces(m)
    out: dict[tuple[int, ...], GQ] = {}
    for monomial, c in reduce_mod(poly, m).terms.items():
        key = (0, *monomial[1:])
        out[key] = out.get(key, GQ(0)) + c * GQ(traces[monomial[0]])
    return Poly(poly.variables, out)


def check_moduli(moduli: list[fmpq_poly], where: str) -> None:
    """Squarefree and pairwise coprime moduli: their roots are distinct eigenvalues.

    Each gcd is charged 4 (deg f + deg g + 2)(words f + words g) units, far above python-flint's time (0.08 ms for
    two polynomials of degree 64 with 929-bit coefficients, 0.5 ms at degree 256 and 4030 bits).
    """
    words = [1 + max(max(c.p.bit_length(), c.q.bit_length()) for c in m.coeffs()) // 64 for m in moduli]
    for k, m in enumerate(moduli):
        charge(4 * (2 * m.degree() + 2) * 2 * words[k], f"{where}: squarefree modulus")
        if m.gcd(m.derivative()).degree() > 0:
            raise KernelError(f"{where}[{k}].modulus", "the modulus is not squarefree (a repeated root)")
        for j in range(k):
            charge(4 * (m.degree() + moduli[j].degree() + 2) * (words[k] + words[j]), f"{where}: coprime moduli")
            if m.gcd(moduli[j]).degree() > 0:
                raise KernelError(f"{where}[{k}].modulus", f"shares a root with the modulus of mode {j}")


def read_modes(goal: JSONObject, where: str, fields: tuple[str, ...], choice: tuple[str, ...] = ()) -> list[fmpq_poly]:
    """The list goal['modes'] of objects with a modulus, the named fields and exactly one of the choice fields (when
    given); moduli are checked."""
    modes = _field(goal, "modes", where)
    if not isinstance(modes, list):
        raise KernelError(f"{where}.modes", "expected a list of modes (empty when every eigenvalue is 0)")
    for k, mode in enumerate(modes):
        expect_keys(mode, f"{where}.modes[{k}]", ("modulus", *fields), choice)
        if choice and sum(c in mode for c in choice) != 1:
            raise KernelError(f"{where}.modes[{k}]", f"expected exactly one of the fields {list(choice)}")
    moduli = [read_modulus(mode["modulus"], f"{where}.modes[{k}].modulus") for k, mode in enumerate(modes)]
    check_moduli(moduli, f"{where}.modes")
    return moduli


def _square(value: object, where: str) -> fmpq_mat:
    """A square rational matrix of side at most MAX_SIDE."""
    a = read_rational_matrix(value, where)
    if a.nrows() != a.ncols():
        raise KernelError(where, "expected a square matrix")
    return a


# --- jordan_chains: the Jordan structure of A over C, from the characteristic polynomial and ranks ----------------


# (A's entries, n, moduli, Jordan block sizes per modulus)
ChainsGoal = tuple[tuple[fmpq, ...], int, tuple[fmpq_poly, ...], tuple[tuple[int, ...], ...]]
# One nonzero mode of power_closed_form: ("krylov", start vector) or (chain lengths, chain vectors' rows).
PowerMode = (
    tuple[Literal["krylov"], tuple[fmpq, ...]] | tuple[tuple[int, ...], tuple[tuple[tuple[fmpq, ...], ...], ...]]
)
# (A's entries, n, start, moduli, modes)
PowerGoal = tuple[tuple[fmpq, ...], int, int, tuple[fmpq_poly, ...], tuple[PowerMode, ...]]


def _goal_chains(goal: JSONObject, where: str) -> ChainsGoal:
    """Read A and the eigenvalue moduli with their block sizes (non-increasing); the blocks must cover the dimension."""
    expect_keys(goal, where, ("A", "eigen"))
    a = _square(_field(goal, "A", where), f"{where}.A")
    n = a.nrows()
    eigen = _field(goal, "eigen", where)
    if not isinstance(eigen, list) or not eigen or len(eigen) > n:
        raise KernelError(f"{where}.eigen", "expected a nonempty list of {modulus, chains}")
    moduli, sizes = [], []
    for k, e in enumerate(eigen):
        expect_keys(e, f"{where}.eigen[{k}]", ("modulus", "chains"))
        moduli.append(read_modulus(_field(e, "modulus", f"{where}.eigen[{k}]"), f"{where}.eigen[{k}].modulus"))
        chain = _field(e, "chains", f"{where}.eigen[{k}]")
        if not isinstance(chain, list) or not chain or len(chain) > n:
            raise KernelError(f"{where}.eigen[{k}].chains", "expected a nonempty list of positive chain lengths")
        lengths = tuple(parse_integer(s, f"{where}.eigen[{k}].chains", 1, n) for s in chain)
        if list(lengths) != sorted(lengths, reverse=True):
            raise KernelError(f"{where}.eigen[{k}].chains", f"found {list(lengths)}, expected non-increasing lengths")
        sizes.append(lengths)
    check_moduli(moduli, f"{where}.eigen")
    total = sum(m.degree() * sum(s) for m, s in zip(moduli, sizes))
    if total != n:
        raise KernelError(f"{where}.eigen", f"the chains cover dimension {total}, expected {n}")
    return (tuple(a.entries()), n, tuple(moduli), tuple(sizes))


def _check_chains(goal: ChainsGoal, witness: JSONObject, where: str) -> None:
    """Each modulus irreducible, and its Jordan block sizes as stated: from the witness's chains (a Jordan basis of
    the generalized eigenspace) where given, else from the multiplicity and the ranks of m(A)^s."""
    entries, n, moduli, sizes = goal
    expect_keys(witness, f"{where}.witness", (), ("chains",))
    given = witness.get("chains", [[] for _ in moduli])
    if not isinstance(given, list) or len(given) != len(moduli):
        raise KernelError(f"{where}.witness.chains", f"expected one entry per modulus ({len(moduli)}), [] for none")
    a = fmpq_mat(n, n, list(entries))
    chi = charpoly(a)
    for k, (m, lengths) in enumerate(zip(moduli, sizes)):
        here = f"{where}.eigen[{k}]"
        if not is_irreducible(m):
            raise KernelError(f"{here}.modulus", "expected an irreducible modulus (one Galois orbit of eigenvalues)")
        e = multiplicity(m, chi)
        if given[k] == []:
            found = block_sizes(m, a, e, here)
        else:
            found = _basis_sizes(a, m, e, given[k], f"{where}.witness.chains[{k}]")
        if tuple(found) != lengths:
            raise KernelError(
                f"{here}.chains", f"found {list(lengths)}, but A has Jordan blocks {found} at these roots"
            )


def _basis_sizes(a: fmpq_mat, m: fmpq_poly, e: int, value: object, where: str) -> list[int]:
    """The chain lengths (non-increasing) of chains that are a Jordan basis of each root's generalized eigenspace.

    The chain relations hold modulo m (chain_matrix), the coefficient matrix has rank deg(m) * (number of vectors)
    modulo P, so at every root alpha the vectors v(alpha) are independent Jordan chains of alpha; their number is
    the multiplicity e (the dimension of the generalized eigenspace), so they are a basis of it and A is in Jordan
    form on it with blocks of the chains' lengths.
    """
    n, d = a.nrows(), m.degree()
    lengths, vectors = read_chains(value, n, d, where)
    if sum(lengths) != e:
        raise KernelError(where, f"the chains have {sum(lengths)} vectors, expected the multiplicity {e}")
    part = chain_matrix(a, m, lengths, vectors, where)
    independent([part], n, d * e, where, f"deg m * multiplicity = {d * e}")
    return sorted(lengths, reverse=True)


# --- power_closed_form: A^tau = sum_l Tr_l(V_l J_l^tau Q_l) for tau >= start, from the chains V_l ----------------


def _goal_power(goal: JSONObject, where: str) -> PowerGoal:
    """Read A, the start lag and, per nonzero eigenvalue modulus, its Jordan chains (coefficient rows)."""
    expect_keys(goal, where, ("A", "start", "modes"))
    a = _square(_field(goal, "A", where), f"{where}.A")
    n = a.nrows()
    start = parse_integer(goal["start"], f"{where}.start", 0, n)
    moduli = read_modes(goal, where, (), ("chains", "krylov"))
    modes: list[PowerMode] = []
    for k, (m, mode) in enumerate(zip(moduli, goal["modes"])):
        if m.coeffs()[0] == 0:
            raise KernelError(f"{where}.modes[{k}].modulus", "has the root 0: modes are the nonzero eigenvalues")
        if "krylov" in mode:
            modes.append(("krylov", read_start_vector(mode["krylov"], n, f"{where}.modes[{k}].krylov")))
            continue
        lengths, vectors = read_chains(mode["chains"], n, m.degree(), f"{where}.modes[{k}].chains")
        modes.append((lengths, tuple(tuple(tuple(row) for row in v) for v in vectors)))
    return (tuple(a.entries()), n, start, tuple(moduli), tuple(modes))


def _check_power(goal: PowerGoal, witness: JSONObject, where: str) -> None:
    """start = nu; chain relations; the chains of the nonzero eigenvalues are a basis of range A^nu (rank check)."""
    entries, n, start, moduli, modes = goal
    expect_keys(witness, f"{where}.witness")
    a = fmpq_mat(n, n, list(entries))
    nu, rank = zero_part(a, where)
    if start != nu:
        raise KernelError(f"{where}.start", f"found {start}, expected nu = {nu}, the index of the eigenvalue 0 of A")
    parts = [
        krylov_chain(a, m, mode[1], f"{where}.modes[{k}]")
        if mode[0] == "krylov"
        else chain_matrix(a, m, mode[0], [list(map(list, v)) for v in mode[1]], f"{where}.modes[{k}]")
        for k, (m, mode) in enumerate(zip(moduli, modes))
    ]
    if not parts:
        if rank:
            raise KernelError(f"{where}.modes", f"no modes, but rank A^nu = {rank}: A has nonzero eigenvalues")
        return
    independent(parts, n, rank, f"{where}.modes", f"rank A^nu = {rank}, the nonzero eigenvalues' dimension")


KINDS: KindTable = {
    "jordan_chains": (_goal_chains, _check_chains),
    "power_closed_form": (_goal_power, _check_power),
}

# The Jordan structure is a function of A. The closed form of A^tau for tau >= start is unique, and the passing
# check makes start = nu; the chains in `modes` determine it (any two accepted chains give the same closed form).
ESTABLISHES: Establishes = {
    "jordan_chains": {"eigen": ("A",)},
    "power_closed_form": {"start": ("A",), "modes": ("A", "start")},
}
