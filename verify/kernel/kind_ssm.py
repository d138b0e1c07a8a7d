"""Kernel kinds for Theorem 4.4: interaction rank, the smallest n of condition (7), and the k-head construction.

Every kind reads an exact linear SSM (A, B, C) with entries in QQ(i) and re-derives, from a small witness,

* an annihilating polynomial p of A (monic, degree d <= m), checked by the exact identity sum_j p_j A^j = 0;
  hence W(tau + d) = -sum_{j<d} p_j W(tau + j) for every tau >= 0, so S_target = span{W(0), ..., W(d-1)};
* basis lags t_1 < ... < t_k < d with M_h = W(t_h) linearly independent (a nonzero k x k minor of the rows
  vec M_h), and coefficients c_{tau,h} (tau < d) with W(tau) = sum_h c_{tau,h} M_h; so dim S_target = k;
* the smallest n for (7): c_{tau,k} = 0 for every tau < t_k, so W(0..t_k - 1) lie in a (k-1)-dimensional
  span and (7) fails for n <= t_k, while it holds for n >= t_k + 1; hence n_min = t_k + 1 (1 when k = 0).

The coefficients c_{tau,.} for tau >= d are *defined* by the same recurrence as W; both sides of (8) satisfy it
and agree for tau < d, so (8) holds for every tau by induction and no coefficient beyond d - 1 is needed.
The sufficiency kind then checks the rank-refined factorization of the lower-triangular Toeplitz A^(h): with
z_h the first lag where c_{.,h} is nonzero (c_{tau,h} = 0 for tau < z_h, c_{z_h,h} != 0, both checked),
rank A^(h) = max(0, n - z_h) and r = max_h rank A^(h). See docs/thm4.4.md.
"""

from __future__ import annotations

from flint import fmpq_mat

from .errors import KernelError
from .errors import field as _field
from .matrix import Matrix, determinant
from .numbers import GQ, ONE, ZERO, parse_integer, parse_number

__all__ = ["KINDS", "ESTABLISHES", "MAX_DIMENSION", "MAX_LENGTH"]

# State, input and output dimensions m, d, p: the paper's instances have m <= 16; 64 leaves room for users.
MAX_DIMENSION = 64
# Sequence length n: the check does not depend on n (induction), so n is only bounded to stay a sane integer.
MAX_LENGTH = 10**12


class _CMat:
    """A matrix over QQ(i) as a real and an imaginary python-flint fmpq_mat (im is None when real)."""

    __slots__ = ("re", "im")

    def __init__(self, re: fmpq_mat, im: fmpq_mat | None = None) -> None:
        """re + i*im; a zero imaginary part is dropped."""
        self.re = re
        self.im = im if im is not None and not _is_zero(im) else None

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return (self.re.nrows(), self.re.ncols())

    def __matmul__(self, other: _CMat) -> _CMat:
        """Matrix product over QQ(i)."""
        if self.im is None and other.im is None:
            return _CMat(self.re * other.re)
        a, b = self.re, self.im if self.im is not None else fmpq_mat(*self.shape)
        c, d = other.re, other.im if other.im is not None else fmpq_mat(*other.shape)
        return _CMat(a * c - b * d, a * d + b * c)

    def __add__(self, other: _CMat) -> _CMat:
        """Matrix sum."""
        return _CMat(self.re + other.re, _add_im(self.im, other.im))

    def scale(self, x: GQ) -> _CMat:
        """Multiply by an exact scalar x = re + im*i."""
        im = self.im if self.im is not None else fmpq_mat(*self.shape)
        return _CMat(self.re * x.re - im * x.im, self.re * x.im + im * x.re)

    def __eq__(self, other: object) -> bool:
        """Equal shapes and entries."""
        return isinstance(other, _CMat) and self.shape == other.shape and self.vec() == other.vec()

    __hash__ = None  # type: ignore[assignment]

    def is_zero(self) -> bool:
        """True exactly when every entry is zero."""
        return _is_zero(self.re) and self.im is None

    def entry(self, r: int, c: int) -> GQ:
        """One entry as a GQ."""
        return GQ(self.re[r, c], self.im[r, c] if self.im is not None else 0)

    def vec(self) -> list[GQ]:
        """Entries row-major: the coordinates of the matrix in QQ(i)^(rows*cols)."""
        rows, cols = self.shape
        return [self.entry(r, c) for r in range(rows) for c in range(cols)]


def _is_zero(m: fmpq_mat) -> bool:
    """True when every entry of a rational matrix is zero."""
    return all(x == 0 for x in m.entries())


def _add_im(a: fmpq_mat | None, b: fmpq_mat | None) -> fmpq_mat | None:
    """Sum of two imaginary parts, None standing for zero."""
    if a is None or b is None:
        return a if b is None else b
    return a + b


def _read_cmat(value: object, where: str) -> _CMat:
    """A nonempty rectangular matrix of exact number strings, at most MAX_DIMENSION each way."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) and r for r in value):
        raise KernelError(where, "expected a nonempty list of nonempty rows of exact number strings")
    rows, cols = len(value), len(value[0])
    if any(len(r) != cols for r in value):
        raise KernelError(where, f"rows of different lengths; expected every row to have {cols} entries")
    if rows > MAX_DIMENSION or cols > MAX_DIMENSION:
        raise KernelError(where, f"shape {rows}x{cols}; expected at most {MAX_DIMENSION} rows and columns")
    entries = [parse_number(x, f"{where}[{i}][{j}]") for i, r in enumerate(value) for j, x in enumerate(r)]
    re = fmpq_mat(rows, cols, [x.re for x in entries])
    im = fmpq_mat(rows, cols, [x.im for x in entries]) if any(x.im != 0 for x in entries) else None
    return _CMat(re, im)


def _read_ssm(goal: dict, where: str) -> tuple[_CMat, _CMat, _CMat]:
    """(A, B, C) with A m x m, B m x d, C p x m."""
    A, B, C = (_read_cmat(_field(goal, name, where), f"{where}.{name}") for name in ("A", "B", "C"))
    m = A.shape[0]
    if A.shape != (m, m):
        raise KernelError(f"{where}.A", f"shape {A.shape}, expected a square matrix")
    if B.shape[0] != m:
        raise KernelError(f"{where}.B", f"has {B.shape[0]} rows, expected m = {m} (the size of A)")
    if C.shape[1] != m:
        raise KernelError(f"{where}.C", f"has {C.shape[1]} columns, expected m = {m} (the size of A)")
    return A, B, C


def _numbers(value: object, length: int | None, where: str) -> list[GQ]:
    """A list of exact numbers (of the given length when not None)."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise KernelError(where, f"expected a list of {length} exact numbers")
    return [parse_number(x, f"{where}[{k}]") for k, x in enumerate(value)]


def _span(ssm: tuple[_CMat, _CMat, _CMat], witness: object, where: str) -> dict:
    """Check the shared witness; return k, n_min, the basis lags and the coefficients c_{tau,h}, tau < d."""
    A, B, C = ssm
    m, here = A.shape[0], f"{where}.witness"
    raw = _field(witness, "annihilator", here)
    if not isinstance(raw, list) or not 2 <= len(raw) <= m + 1:
        raise KernelError(f"{here}.annihilator", f"expected p_0..p_d with 1 <= d <= m = {m}")
    p = _numbers(raw, None, f"{here}.annihilator")
    d = len(p) - 1
    if p[-1] != ONE:
        raise KernelError(f"{here}.annihilator", f"expected a monic polynomial p_0..p_d with 1 <= d <= m = {m}")
    power, total = _CMat(fmpq_mat(m, m, [int(r == c) for r in range(m) for c in range(m)])), None
    responses = []
    for j in range(d + 1):
        term = power.scale(p[j])
        total = term if total is None else total + term
        if j < d:
            responses.append((C @ power @ B).vec())
            power = power @ A
    if not total.is_zero():
        raise KernelError(f"{here}.annihilator", "sum_j p_j A^j is not the zero matrix")
    lags = _field(witness, "lags", here)
    if not isinstance(lags, list) or len(lags) > len(responses[0]):
        raise KernelError(f"{here}.lags", "expected a list of basis lags")
    lags = [parse_integer(t, f"{here}.lags", 0, d - 1) for t in lags]
    if any(a >= b for a, b in zip(lags, lags[1:])):
        raise KernelError(f"{here}.lags", f"found {lags}, expected strictly increasing lags")
    k = len(lags)
    cols = _field(witness, "minor_cols", here)
    if not isinstance(cols, list) or len(cols) != k:
        raise KernelError(f"{here}.minor_cols", f"expected {k} column indices")
    cols = [parse_integer(c, f"{here}.minor_cols", 0, len(responses[0]) - 1) for c in cols]
    if len(set(cols)) != k:
        raise KernelError(f"{here}.minor_cols", "expected distinct columns")
    if k and determinant(Matrix([[responses[t][c] for c in cols] for t in lags])).is_zero():
        raise KernelError(f"{here}.minor_cols", f"the minor of vec W(t), t in {lags}, is singular: not a basis")
    table = _field(witness, "coefficients", here)
    if not isinstance(table, list) or len(table) != d:
        raise KernelError(f"{here}.coefficients", f"expected d = {d} rows c_tau (tau = 0..{d - 1})")
    coeffs = [_numbers(row, k, f"{here}.coefficients[{tau}]") for tau, row in enumerate(table)]
    for tau in range(d):
        for e, target in enumerate(responses[tau]):
            acc = ZERO
            for c, t in zip(coeffs[tau], lags):
                acc = acc + c * responses[t][e]
            if acc != target:
                raise KernelError(f"{here}.coefficients[{tau}]", f"sum_h c_tau,h W(t_h) != W({tau}) at entry {e}")
    for tau in range(lags[-1] if k else 0):
        if not coeffs[tau][k - 1].is_zero():
            raise KernelError(f"{here}.coefficients[{tau}]", f"c_{tau},k is not 0: the last basis lag is not minimal")
    return {"k": k, "n_min": lags[-1] + 1 if k else 1, "lags": lags, "coefficients": coeffs, "d": d}


# --- ssm_condition7: k = dim S_target and n_min = the smallest n for which (7) holds ---------------------------


def _goal_condition7(goal: dict, where: str) -> tuple:
    """(ssm, k, n_min)."""
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    n_min = parse_integer(_field(goal, "n_min", where), f"{where}.n_min", 1, MAX_DIMENSION + 1)
    return (_read_ssm(goal, where), k, n_min)


def _check_condition7(goal: tuple, witness: object, where: str) -> None:
    """The witness proves dim S_target = k and that (7) holds exactly for n >= n_min."""
    ssm, k, n_min = goal
    found = _span(ssm, witness, where)
    if (found["k"], found["n_min"]) != (k, n_min):
        raise KernelError(where, f"found k = {found['k']}, n_min = {found['n_min']}; expected k = {k}, n_min = {n_min}")


# --- ssm_heads_necessary: (7) holds at n, and k lags t_h < n give k independent W(t_h) ---------------------------


def _goal_necessary(goal: dict, where: str) -> tuple:
    """(ssm, n, k)."""
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, MAX_LENGTH)
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    return (_read_ssm(goal, where), n, k)


def _check_necessary(goal: tuple, witness: object, where: str) -> None:
    """dim S_target = k and (7) holds at n: k independent lags W(t_h), t_h < n."""
    ssm, n, k = goal
    found = _span(ssm, witness, where)
    if found["k"] != k:
        raise KernelError(where, f"found interaction rank {found['k']}, expected {k}")
    if n < found["n_min"]:
        raise KernelError(f"{where}.n", f"(7) fails at n = {n}: it first holds at n = {found['n_min']}")


# --- ssm_heads_sufficient: k heads, V^(h) = W(t_h), Toeplitz A^(h), rank-refined feature dimension r ------------


def _goal_sufficient(goal: dict, where: str) -> tuple:
    """(ssm, n, k, r) with r <= n."""
    n = parse_integer(_field(goal, "n", where), f"{where}.n", 1, MAX_LENGTH)
    k = parse_integer(_field(goal, "k", where), f"{where}.k", 0, MAX_DIMENSION**2)
    r = parse_integer(_field(goal, "r", where), f"{where}.r", 0, n)
    return (_read_ssm(goal, where), n, k, r)


def _check_sufficient(goal: tuple, witness: object, where: str) -> None:
    """Eq. (8) for every tau (induction), k heads, and r = max_h (n - z_h) from the first nonzero lags."""
    ssm, n, k, r = goal
    found = _span(ssm, witness, where)
    if found["k"] != k:
        raise KernelError(where, f"the witness has {found['k']} heads, expected k = {k}")
    here = f"{where}.witness.first_nonzero"
    first = _field(witness, "first_nonzero", f"{where}.witness")
    if not isinstance(first, list) or len(first) != k:
        raise KernelError(here, f"expected one lag z_h per head ({k})")
    coeffs, ranks = found["coefficients"], []
    for h, z in enumerate(first):
        z = parse_integer(z, f"{here}[{h}]", 0, found["d"] - 1)
        if coeffs[z][h].is_zero() or any(not coeffs[t][h].is_zero() for t in range(z)):
            raise KernelError(f"{here}[{h}]", f"c_tau,{h + 1} is not zero before tau = {z} and nonzero at it")
        ranks.append(max(0, n - z))
    if max(ranks, default=0) != r:
        raise KernelError(f"{where}.r", f"max_h rank A^(h) = {max(ranks, default=0)}, expected r = {r}")


KINDS: dict = {
    "ssm_condition7": (_goal_condition7, _check_condition7),
    "ssm_heads_necessary": (_goal_necessary, _check_necessary),
    "ssm_heads_sufficient": (_goal_sufficient, _check_sufficient),
}

# k, n_min and r are functions of the SSM (and of n for r): the checks pin them (docs/trusted-base.md).
ESTABLISHES: dict = {
    "ssm_condition7": {"k": ("A", "B", "C"), "n_min": ("A", "B", "C")},
    "ssm_heads_necessary": {"k": ("A", "B", "C")},
    "ssm_heads_sufficient": {"k": ("A", "B", "C"), "r": ("A", "B", "C", "n")},
}
