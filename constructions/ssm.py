"""Exact linear SSMs (A, B, C) over QQ or QQ(i): impulse responses, interaction rank, condition (7), eq. (8).

Notation follows Section 4.2 of the paper: W(tau) = C A^tau B (p x d), S_target = span{W(tau): tau >= 0},
k = dim S_target, basis M_h = W(t_h) (greedy lags t_1 < ... < t_k), coefficients c_{tau,h} with
W(tau) = sum_h c_{tau,h} M_h (eq. 8), and the smallest n for which condition (7) holds.

Nothing here is found by "trying n until the rank stops growing": the minimal polynomial p of A gives the
recurrence W(tau + d) = -sum_{j<d} p_j W(tau + j), so every lag beyond d - 1 adds nothing, and the same
recurrence generates c_{tau,.} for all tau (see `coefficients`). The SSM keeps SymPy DomainMatrix for readers;
the hot paths run on python-flint's native types (constructions/gaussian.py): the minimal polynomial (flint's over
QQ, multimodular over QQ(i)), the lags W(0..d-1) through an integer state chain, and fraction-free rrefs. The first
SymPy versions are kept in constructions/ssm_reference.py; the kernel re-checks everything (kind_ssm.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from flint import fmpq, fmpq_mat, fmpz_mat, nmod_mat
from sympy.polys.domains import QQ, QQ_I
from sympy.polys.domains.domain import Domain
from sympy.polys.matrices import DomainMatrix

from constructions.gaussian import (
    GMat,
    column_basis,
    from_domain,
    integer_form,
    krylov_cyclic,
    mod_p_image,
    primes_1_mod_4,
    to_domain_elements,
)
from constructions.gaussian import minimal_polynomial as _native_minimal_polynomial

__all__ = [
    "SSM",
    "InteractionBasis",
    "make_ssm",
    "parse_exact",
    "ssm_from_strings",
    "impulse_response",
    "impulse_responses",
    "minimal_polynomial",
    "interaction_basis",
    "full_span_basis",
    "full_span_length",
    "coefficients",
    "coefficient_table",
    "lag_matrix",
    "cyclic_vectors",
]


@dataclass(frozen=True)
class SSM:
    """A linear time-invariant SSM: A (m x m), B (m x d), C (p x m), all over one domain (QQ or QQ_I)."""

    A: DomainMatrix
    B: DomainMatrix
    C: DomainMatrix

    @property
    def m(self) -> int:
        """State dimension."""
        return self.A.shape[0]

    @property
    def d(self) -> int:
        """Input dimension."""
        return self.B.shape[1]

    @property
    def p(self) -> int:
        """Output dimension."""
        return self.C.shape[0]

    @property
    def domain(self) -> Domain:
        """QQ or QQ_I."""
        return self.A.domain

    @cached_property
    def native(self) -> tuple[GMat, GMat, GMat]:
        """A, B, C as python-flint matrices (real and imaginary parts), made once."""
        return from_domain(self.A), from_domain(self.B), from_domain(self.C)


@dataclass(frozen=True)
class InteractionBasis:
    """The certified structure of S_target: annihilator p (low to high, monic), basis lags and c_{tau,h}, tau < d."""

    ssm: SSM
    annihilator: list | None  # p_0, ..., p_d with p_d = 1 and sum_j p_j A^j = 0; None: full span (k = p*d_in)
    lags: list[int]  # t_1 < ... < t_k, M_h = W(t_h)
    base: list[list]  # c_{tau,h} for tau < d (d rows of k domain elements); tau <= t_k when annihilator is None
    minor_cols: list[int]  # entries of vec W where the k x k minor of the basis is nonsingular

    @property
    def k(self) -> int:
        """The interaction rank dim S_target."""
        return len(self.lags)

    @property
    def n_min(self) -> int:
        """The smallest n for which condition (7) holds: t_k + 1 (1 when W is identically zero)."""
        return self.lags[-1] + 1 if self.lags else 1

    def basis(self) -> list[DomainMatrix]:
        """M_1, ..., M_k = W(t_1), ..., W(t_k)."""
        return [impulse_response(self.ssm, t) for t in self.lags]

    def first_nonzero(self) -> list[int]:
        """z_h: the first lag tau with c_{tau,h} != 0 (at most t_h, since c_{t_h,h} = 1)."""
        zero = self.ssm.domain.zero
        return [next(t for t, row in enumerate(self.base) if row[h] != zero) for h in range(self.k)]

    def head_ranks(self, n: int) -> list[int]:
        """rank A^(h) on length n: the lower-triangular Toeplitz matrix with first column c_{0..n-1,h}."""
        return [max(0, n - z) for z in self.first_nonzero()]

    def feature_dimension(self, n: int) -> int:
        """r = max_h rank A^(h) <= n, the paper's rank-refined head dimension."""
        return max(self.head_ranks(n), default=0)


def _convert(x: object) -> tuple[object, object]:
    """(QQ element or None, QQ_I element) for an int, fraction, SymPy number, flint fmpq or QQ_I element."""
    try:
        return QQ.convert(x), QQ_I.convert(x)
    except Exception:  # not rational: maybe a Gaussian rational
        return None, QQ_I.convert(x)


def make_ssm(A: Sequence[Sequence], B: Sequence[Sequence], C: Sequence[Sequence]) -> SSM:
    """An SSM from nested lists of exact entries; the domain is QQ unless some entry is non-real (then QQ_I)."""
    try:  # most SSMs are real: one conversion per entry (none for entries that are QQ elements already)
        given = [[[x if type(x) is QQ.dtype else QQ.convert(x) for x in r] for r in M] for M in (A, B, C)]
        domain = QQ
    except Exception:  # some entry is not rational: maybe a Gaussian rational
        given = [[[_convert(x)[1] for x in r] for r in M] for M in (A, B, C)]
        domain = QQ_I
    mats = [DomainMatrix([list(r) for r in M], (len(M), len(M[0])), domain) for M in given]
    ssm = SSM(*mats)
    if ssm.A.shape != (ssm.m, ssm.m) or ssm.B.shape[0] != ssm.m or ssm.C.shape[1] != ssm.m:
        raise ValueError(f"shapes A {ssm.A.shape}, B {ssm.B.shape}, C {ssm.C.shape} do not fit together")
    return ssm


_RATIONAL = r"[+-]?\d+(?:/\d+)?"
_IMAG = r"(?:\d+(?:/\d+)?\*)?i"
_EXACT = re.compile(rf"^(?:(?P<re>{_RATIONAL})(?P<im>[+-]{_IMAG})?|(?P<im_only>[+-]?{_IMAG}))$")


def parse_exact(text: str) -> object:
    """An exact number from "p/q", "a+b*i", "b*i" or "i" (QQ, or QQ_I when non-real); anything else is ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"found {type(text).__name__} {text!r}, expected a string such as '3/5' or '1/2-3*i'")
    match = _EXACT.match(text.replace(" ", ""))
    if match is None:
        raise ValueError(f"found {text[:40]!r}, expected an exact number such as '3/5' or '1/2-3*i'")
    imag_text = match.group("im") or match.group("im_only")
    real = _rational(match.group("re") or "0")
    if imag_text is None:
        return real
    coefficient = imag_text[:-1].rstrip("*")
    imag = _rational(coefficient + "1" if coefficient in ("", "+", "-") else coefficient)
    return QQ_I(real, imag) if imag != 0 else real


def _rational(text: str) -> object:
    """A QQ element from "p" or "p/q" (nonzero q)."""
    num, _, den = text.partition("/")
    if den and int(den) == 0:
        raise ValueError(f"zero denominator in {text!r}")
    return QQ(int(num), int(den) if den else 1)


def ssm_from_strings(A: Sequence[Sequence[str]], B: Sequence[Sequence[str]], C: Sequence[Sequence[str]]) -> SSM:
    """An SSM from rows of exact number strings (the JSON format of `verify heads`); each distinct string is parsed
    once (the values are immutable domain elements)."""
    parsed: dict[str, object] = {}

    def value(x: str) -> object:
        """parse_exact(x), remembered for strings."""
        if not isinstance(x, str):
            return parse_exact(x)
        if x not in parsed:
            parsed[x] = parse_exact(x)
        return parsed[x]

    return make_ssm(*[[[value(x) for x in r] for r in M] for M in (A, B, C)])


def impulse_response(ssm: SSM, tau: int) -> DomainMatrix:
    """W(tau) = C A^tau B, exactly."""
    return ssm.C * (ssm.A**tau) * ssm.B


def impulse_responses(ssm: SSM, count: int) -> list[DomainMatrix]:
    """W(0), ..., W(count - 1) by repeated multiplication of the state."""
    out, state = [], ssm.B
    for _ in range(count):
        out.append(ssm.C * state)
        state = ssm.A * state
    return out


def minimal_polynomial(ssm: SSM) -> list:
    """Monic minimal polynomial of A, coefficients p_0..p_d (in the SSM's domain)."""
    return to_domain_elements(_native_minimal_polynomial(ssm.native[0]), ssm.domain)


def _cmul(x: tuple[fmpz_mat, fmpz_mat | None], y: tuple[fmpz_mat, fmpz_mat | None]) -> tuple:
    """The product of two Gaussian-integer matrices given as (re, im) pairs (im None when zero)."""
    (xr, xi), (yr, yi) = x, y
    if xi is None:
        return xr * yr, None if yi is None else xr * yi
    if yi is None:
        return xr * yr, xi * yr
    return xr * yr - xi * yi, xr * yi + xi * yr


def lag_matrix(ssm: SSM, count: int) -> GMat:
    """The (p*d) x count matrix whose column tau is vec W(tau) (row-major), for tau < count.

    With A = A'/D_A, B = B'/D_B, C = C'/D_C (integer A', B', C'), W(tau) = C' A'^tau B' / (D_C D_A^tau D_B): the
    state chain A'^tau B' stays in integers (no gcd per entry), and only the count small products are divided.
    """
    (ar, ai, da), (br, bi, db), (cr, ci, dc) = (integer_form(M) for M in ssm.native)
    state, rows = (br, bi), ssm.p * ssm.d
    re_cols, im_cols = [], []
    for tau in range(count):
        wr, wi = _cmul((cr, ci), state)
        den = dc * db * da**tau
        re_cols.append([fmpq(x, den) for x in wr.entries()])
        im_cols.append([fmpq(x, den) for x in wi.entries()] if wi is not None else None)
        state = _cmul((ar, ai), state)
    re = fmpq_mat(rows, count, [re_cols[t][i] for i in range(rows) for t in range(count)])
    if all(c is None for c in im_cols):
        return GMat(re)
    filled = [c if c is not None else [fmpq(0)] * rows for c in im_cols]
    return GMat(re, fmpq_mat(rows, count, [filled[t][i] for i in range(rows) for t in range(count)]))


def interaction_basis(ssm: SSM) -> InteractionBasis:
    """Greedy basis lags of span{W(0..d-1)}, coordinates c_{tau,h} for tau < d, and a nonsingular minor."""
    annihilator = minimal_polynomial(ssm)
    d, domain = len(annihilator) - 1, ssm.domain
    vecs = lag_matrix(ssm, d)
    lags, coords = column_basis(vecs)
    base = [to_domain_elements(coords[tau], domain) for tau in range(d)]
    minor_cols: list[int] = []
    if lags:
        im = _columns(vecs.im, lags).transpose() if vecs.im is not None else None
        rows = GMat(_columns(vecs.re, lags).transpose(), im)  # the k x (p*d) matrix of rows vec W(t_h)
        minor_cols = column_basis(rows)[0]
    return InteractionBasis(ssm, annihilator, lags, base, minor_cols)


def full_span_length(ssm: SSM) -> int | None:
    """T + 1 for the first T with rank vec W(0..T) = p*d_in modulo a prime (so also exactly); None if none < m.

    The chain w_tau = C' A'^tau B' (integers) is reduced modulo a prime P = 1 mod 4 (i -> sqrt(-1)); a nonzero minor
    modulo P is a nonzero integer, so full rank modulo P implies full rank over QQ(i). A prime that lowers the rank
    only makes this return None (the caller then uses the annihilator witness): it never gives a wrong answer.
    """
    width = ssm.p * ssm.d
    if width > ssm.m:  # p*d_in distinct lags t_h < m (the greedy lags of an m-state SSM) cannot exist
        return None
    prime, root = primes_1_mod_4(1)[0]
    (ar, ai, _), (br, bi, _), (cr, ci, _) = (integer_form(M) for M in ssm.native)
    a, state, c = (mod_p_image(x, y, prime, root) for x, y in ((ar, ai), (br, bi), (cr, ci)))
    rows: list[list[int]] = []
    for tau in range(ssm.m):
        rows.append([int(x) for x in (c * state).entries()])
        if len(rows) >= width and nmod_mat(rows, prime).rank() == width:
            return tau + 1
        state = a * state
    return None


def full_span_basis(ssm: SSM, count: int | None = None) -> InteractionBasis:
    """The interaction basis without an annihilator when the lags span all p x d_in matrices, else the usual one.

    Only the lags W(0..T) are computed exactly, T found modulo a prime (full_span_length); the exact greedy lags of
    W(0..T) then end at t_k <= T, and c_{tau,h} is kept for tau <= t_k (the kernel's full-span witness).
    """
    count = count if count is not None else full_span_length(ssm)
    if count is None:
        return interaction_basis(ssm)
    vecs = lag_matrix(ssm, count)
    lags, coords = column_basis(vecs)
    if len(lags) != ssm.p * ssm.d:  # cannot happen (full rank modulo P implies full rank); stay safe
        return interaction_basis(ssm)
    base = [to_domain_elements(coords[tau], ssm.domain) for tau in range(lags[-1] + 1)]
    im = _columns(vecs.im, lags).transpose() if vecs.im is not None else None
    minor_cols = column_basis(GMat(_columns(vecs.re, lags).transpose(), im))[0]
    return InteractionBasis(ssm, None, lags, base, minor_cols)


def _columns(m: fmpq_mat, cols: list[int]) -> fmpq_mat:
    """The given columns of a rational matrix, in order."""
    return fmpq_mat(m.nrows(), len(cols), [m[r, c] for r in range(m.nrows()) for c in cols])


def cyclic_vectors(basis: InteractionBasis, limit: int = 64) -> list[list[int]] | None:
    """Integer vectors (all-ones, then unit vectors) whose Krylov vectors A^j v (j < d) span the state, or None."""
    if basis.annihilator is None:
        return None
    return krylov_cyclic(basis.ssm.native[0], len(basis.annihilator) - 1, limit)


def coefficients(basis: InteractionBasis, n: int) -> Iterator[list]:
    """c_{tau,.} for tau < n: the base for tau < d, then c_tau = -sum_j p_j c_{tau-d+j} (the recurrence of W)."""
    if basis.annihilator is None:  # a full-span basis keeps c_tau for tau <= t_k only: use the annihilator's
        yield from coefficients(interaction_basis(basis.ssm), n)
        return
    p, d = basis.annihilator, len(basis.annihilator) - 1
    window: list[list] = []
    zero = basis.ssm.domain.zero
    for tau in range(n):
        if tau < d:
            row = list(basis.base[tau])
        else:
            row = [zero] * basis.k
            for j in range(d):
                if p[j] != zero:
                    row = [acc - p[j] * c for acc, c in zip(row, window[j])]
        window.append(row)
        if len(window) > d:
            window.pop(0)
        yield row


def coefficient_table(basis: InteractionBasis, n: int) -> DomainMatrix:
    """The n x k matrix of c_{tau,h} (tau < n); rows grow in size with tau, so keep n moderate."""
    rows = list(coefficients(basis, n))
    return DomainMatrix(rows, (n, basis.k), basis.ssm.domain)
