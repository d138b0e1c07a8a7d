"""The span check shared by the Theorem 4.4 kinds (kind_ssm.py): annihilator, lags, minor, coefficients (eq. 8).

`span(ssm, witness, where)` re-derives k, n_min and the zero pattern of c_{tau,h} (tau < d) for an exact SSM
(A, B, C) over QQ(i). All arithmetic is on Gaussian-integer matrices (core): with A = A'/D_A, B = B'/D_B,
C = C'/D_C, the lags are W(tau) = w_tau / (D_C D_B D_A^tau) with w_tau = vec C' A'^tau B' (an integer chain).

* p(A) = 0 for the monic p of degree d <= m: L D_A^d p(A) = sum_j q_j A'^j with Gaussian integers q_j, evaluated by
  Paterson-Stockmeyer, or, with the witness field "cyclic" = [v_1, ..., v_r] (integer vectors of length m), on the
  block V = [v_1..v_r] only, plus a proof that the Krylov vectors A'^j V (j < d) span QQ(i)^m (rank m modulo P,
  flint_matrix.py). p(A) commutes with A, so p(A) A^j v = A^j p(A) v = 0 on a spanning set: p(A) = 0.
* The k x k minor of the rows w_(t_h) on the minor columns is nonsingular: rank k modulo P, else det != 0 exactly.
* Coefficients: given (rows of number strings or the compact form) or, when left out, solved on the minor (python-
  flint). Either way the kernel then checks, in integers, diag(delta) w = Zn w[lags] for every row and entry, where
  Z_{tau,h} = c_{tau,h} D_A^(tau - t_h) and Zn = diag(delta) Z: this is W(tau) = sum_h c_{tau,h} W(t_h).
* Full span (no "annihilator"): when the witness names k = p*d_in lags, a nonsingular k x k minor makes the W(t_h)
  a basis of all p x d_in matrices, which contain S_target; so S_target is that space, k = dim S_target with no
  annihilator, c_{tau,.} exists (uniquely) for every tau, and only the rows tau <= t_k are computed (d = t_k + 1).
Results are memoized under the SHA-256 of the exact inputs (matrix texts and witness), so the three obligations of
one certificate pay once; only successful checks are stored. The memo is limits.shared_result: a certificate that
finds a result another certificate computed is charged its cost, so charges never depend on what ran before.
"""

from __future__ import annotations

import hashlib
import json
from math import isqrt, lcm
from typing import cast

from flint import fmpq, fmpq_mat, fmpz, fmpz_mat, nmod_mat

from ...core.errors import JSONObject, KernelError, expect_keys
from ...core.errors import field as _field
from ...core.flint_matrix import GZ, RANK_DIVISOR, P, gadd, gmul, mod_p, product_units, rank_mod_p
from ...core.limits import MAX_BITS, budget_serial, charge, shared_result
from ...core.matrix import QMat, read_qmat
from ...core.numbers import GQ, ONE, parse_integer, parse_number

__all__ = ["span", "read_matrix", "MAX_DIMENSION"]

# State, input and output dimensions m, d, p. A template statement's A is written once, in its parameters (its goals
# name it by reference, check.py), so m^2 <= MAX_JSON_VALUES (1.5 M) holds for any file the kernel reads; 1024
# (1,048,576 entries, 11.4 MB and about 0.6 s of CPU for a dense SSM of one-digit fractions, issue 25) is the bound.
# Inside it the work is charged per product (the full-span witness costs about t_k products of m x m by m x d_in;
# the annihilator about m^3), so a request the kernel cannot afford is still refused quickly ("exceeds the kernel's
# work bound").
MAX_DIMENSION = 1024


def _key(*parts: object) -> str:
    """SHA-256 of the exact JSON text of the parts."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# The text key of the last matrix values read in the current check, by identity: a certificate whose goals name its
# params by reference hands the same A to all three kinds, and its text (megabytes at m = 1024) is hashed once. An
# entry holds the value itself (so its id names that live object) and is used only inside the check that made it
# (the kernel never changes its input, while a caller may change a certificate between two checks).
_TEXT_KEYS: dict[int, tuple[object, int, str]] = {}


def _matrix_key(value: object) -> str:
    """The memo key of a matrix value, "mat:" + the SHA-256 of its text, computed once per object and check."""
    serial = budget_serial()
    entry = _TEXT_KEYS.get(id(value))
    if serial is not None and entry is not None and entry[0] is value and entry[1] == serial:
        return entry[2]
    key = "mat:" + _key(value)
    if serial is not None:
        if len(_TEXT_KEYS) >= 8:
            _TEXT_KEYS.pop(next(iter(_TEXT_KEYS)))
        _TEXT_KEYS[id(value)] = (value, serial, key)
    return key


def read_matrix(value: object, where: str) -> QMat:
    """An exact matrix (either written form) of at most MAX_DIMENSION rows and columns, memoized by its text."""
    key = _matrix_key(value)

    def read() -> QMat:
        matrix = read_qmat(value, where, MAX_DIMENSION, MAX_DIMENSION)
        matrix.key = key
        return matrix

    return shared_result(key, f"{where}: reading", read)


def _numbers(value: object, length: int | None, where: str) -> list[GQ]:
    """A list of exact numbers (of the given length when not None)."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise KernelError(where, f"expected a list of {length} exact numbers")
    return [parse_number(x, f"{where}[{k}]") for k, x in enumerate(value)]


def _gauss_integers(values: list[GQ], where: str) -> tuple[list[tuple[fmpz, fmpz]], fmpz]:
    """Gaussian integers g_j and the least L >= 1 with values[j] = g_j / L."""
    den = 1
    for v in values:
        den = lcm(den, int(v.re.q), int(v.im.q))
        if den.bit_length() > MAX_BITS:
            raise KernelError(where, f"a common denominator exceeds {MAX_BITS} bits")
    return [(fmpz(int(v.re * den)), fmpz(int(v.im * den))) for v in values], fmpz(den)


def _eye(m: int) -> fmpz_mat:
    """The m x m identity over the integers."""
    return fmpz_mat(m, m, [int(r == c) for r in range(m) for c in range(m)])


def _poly_on_block(a: GZ, q: list[tuple[fmpz, fmpz]], v: GZ, where: str) -> GZ:
    """sum_j q_j A'^j V by Horner (d products of m x m by m x r)."""
    u = gadd(GZ(fmpz_mat(*v.shape), None, 0), v, where, q[-1])
    for c in reversed(q[:-1]):
        u = gadd(gmul(a, u, f"{where}: p(A) e_i"), v, where, c)
    return u


def _poly_full(a: GZ, q: list[tuple[fmpz, fmpz]], where: str) -> GZ:
    """sum_j q_j A'^j by Paterson-Stockmeyer: powers A'^0..A'^s, then Horner in A'^s (about 2 sqrt(d) products)."""
    m, d = a.shape[0], len(q) - 1
    s = max(1, isqrt(d))
    powers = [GZ(_eye(m), None, 1), a]
    while len(powers) <= s:
        powers.append(gmul(powers[-1], a, f"{where}: powers of A"))
    total: GZ | None = None
    for start in range(s * (d // s), -1, -s):
        block = GZ(fmpz_mat(m, m), None, 0)
        for r, c in enumerate(q[start : start + s]):
            if c[0] or c[1]:
                block = gadd(block, powers[r], where, c)
        total = block if total is None else gadd(gmul(total, powers[s], f"{where}: p(A)"), block, where)
    if total is None:  # unreachable: the range above always has its first start
        raise KernelError(where, "internal: an empty polynomial")
    return total


def _check_krylov_span(a: GZ, v: GZ, d: int, where: str) -> None:
    """The vectors A'^j V (j < d) have rank m modulo P, hence span QQ(i)^m (computed modulo P only)."""
    m, r = a.shape[0], v.shape[1]
    charge(d * (m * m * r // RANK_DIVISOR + m * r // 10 + 1), f"{where}: Krylov vectors")
    image, block = mod_p(a), mod_p(v)
    columns = []
    for j in range(d):
        columns.append(block.tolist())
        if j + 1 < d:
            block = image * block
    krylov = nmod_mat(m, r * d, [int(x) for i in range(m) for part in columns for x in part[i]], P)
    if rank_mod_p(krylov, f"{where}: Krylov rank") != m:
        raise KernelError(f"{where}.cyclic", f"the Krylov vectors A^j v (j < {d}) do not span the state space")


def _cyclic_block(cyclic: object, m: int, where: str) -> GZ:
    """The witness's vectors v_1..v_r (each a list of m integers below 2^32 in absolute value) as an m x r block."""
    if not isinstance(cyclic, list) or not 1 <= len(cyclic) <= m:
        raise KernelError(where, f"expected a list of 1 to {m} integer vectors")
    columns = []
    for k, vector in enumerate(cyclic):
        if not isinstance(vector, list) or len(vector) != m:
            raise KernelError(f"{where}[{k}]", f"expected a vector of m = {m} integers")
        columns.append([parse_integer(x, f"{where}[{k}]", -(2**32), 2**32) for x in vector])
    return GZ(fmpz_mat(m, len(columns), [col[r] for r in range(m) for col in columns]), None, 33)


def _check_annihilator(a: QMat, p: list[GQ], cyclic: object, where: str) -> None:
    """p(A) = 0 exactly (full Paterson-Stockmeyer, or on the witness's vectors with their Krylov span)."""
    m, d = a.shape[0], len(p) - 1
    q, _ = _gauss_integers([c * GQ(fmpq(a.d ** (d - j))) for j, c in enumerate(p)], f"{where}.annihilator")
    if cyclic is None:
        value = _poly_full(a.numerator(), q, where)
    else:
        v = _cyclic_block(cyclic, m, f"{where}.cyclic")
        value = _poly_on_block(a.numerator(), q, v, where)
        _check_krylov_span(a.numerator(), v, d, where)
    if not value.is_zero():
        raise KernelError(f"{where}.annihilator", "sum_j p_j A^j is not the zero matrix")


def _lag_rows(ssm: tuple[QMat, QMat, QMat], d: int, where: str) -> GZ:
    """The d x (p*d_in) integer rows w_tau = vec C' A'^tau B', so that vec W(tau) = w_tau / (D_C D_B D_A^tau).

    Two chains meet in the middle: w_tau = (C' A'^i)(A'^j B') with j = min(tau, h), i = tau - j, h = d // 2. They
    take the same d - 1 products by A' as one chain A'^tau B', but their entries grow only half as far (a dense
    512-state SSM with d = 16: about half the time), and the same exact integers come out.
    """
    a, b, c = (x.numerator() for x in ssm)
    half = d // 2
    right = [b]  # A'^j B', j <= half
    for _ in range(half):
        right.append(gmul(a, right[-1], f"{where}: A^j B"))
    left = [c]  # C' A'^i, i <= d - 1 - half
    for _ in range(d - 1 - half):
        left.append(gmul(left[-1], a, f"{where}: C A^i"))
    re_rows: list[list[fmpz]] = []
    im_rows: list[list[fmpz] | None] = []
    bits = 0
    for tau in range(d):
        j = min(tau, half)
        w = gmul(left[tau - j], right[j], f"{where}: W(tau)")
        re_rows.append(w.re.entries())
        im_rows.append(w.im.entries() if w.im is not None else None)
        bits = max(bits, w.bits)
    width = len(re_rows[0])
    re = fmpz_mat(d, width, [x for row in re_rows for x in row])
    if all(row is None for row in im_rows):
        return GZ(re, None, bits)
    return GZ(re, fmpz_mat(d, width, [x for row in im_rows for x in (row or [fmpz(0)] * width)]), bits)


def _select(m: GZ, rows: list[int], cols: list[int] | None = None) -> GZ:
    """The submatrix on the given rows (and columns; all columns when None)."""
    cols = list(range(m.shape[1])) if cols is None else cols
    picked = cols

    def pick(part: fmpz_mat) -> fmpz_mat:
        """The part on the rows and columns."""
        return fmpz_mat(len(rows), len(picked), [part[r, c] for r in rows for c in picked])

    return GZ(pick(m.re), pick(m.im) if m.im is not None else None)  # bits measured: rows differ a lot


def _realified(m: GZ) -> fmpz_mat:
    """[[re, im], [-im, re]]: (x + i y)(re + i im) = u + i v becomes [x y] R = [u v]."""
    re = m.re.tolist()
    im = m.im.tolist() if m.im is not None else [[fmpz(0)] * m.shape[1] for _ in range(m.shape[0])]
    return fmpz_mat([r + i for r, i in zip(re, im)] + [[-x for x in i] + r for r, i in zip(re, im)])


def _check_minor(w: GZ, lags: list[int], cols: list[int], where: str) -> GZ:
    """The k x k minor of the rows w_(t_h) on the given columns is nonsingular; returns it."""
    k = len(lags)
    minor = _select(w, lags, cols)
    if k == 0 or rank_mod_p(mod_p(minor), f"{where}: minor rank") == k:
        return minor
    exact = minor.re if minor.im is None else _realified(minor)
    size = exact.nrows()
    charge(4 * product_units(size, size, size, minor.bits, minor.bits), f"{where}: minor determinant")
    if exact.det() == 0:
        raise KernelError(f"{where}.minor_cols", f"the minor of vec W(t), t in {lags}, is singular: not a basis")
    return minor


def _z_rows(rows: list[list[GQ]], where: str) -> tuple[GZ, list[fmpz]]:
    """(Zn, delta) with rows[tau] = Zn[tau] / delta[tau], Zn a Gaussian-integer matrix, delta_tau >= 1 least."""
    d, k = len(rows), len(rows[0]) if rows else 0
    re, im, delta = [], [], []
    for tau, row in enumerate(rows):
        ints, den = _gauss_integers(row, f"{where}[{tau}]")
        re += [x for x, _ in ints]
        im += [y for _, y in ints]
        delta.append(den)
    zim = fmpz_mat(d, k, im) if any(y != 0 for y in im) else None
    return GZ(fmpz_mat(d, k, re), zim), delta


def _given_coefficients(table: object, d: int, k: int, lags: list[int], da: fmpz, where: str) -> tuple[GZ, list[fmpz]]:
    """The witness's c_{tau,h} (either written form) as (Zn, delta), Z_{tau,h} = c_{tau,h} D_A^(tau - t_h)."""
    if isinstance(table, dict):
        c = read_qmat(table, where, MAX_DIMENSION, MAX_DIMENSION)
        if c.shape != (d, k):
            raise KernelError(where, f"shape {c.shape}, expected d x k = {d} x {k}")
        im = c.y if c.y is not None else fmpz_mat(d, k)
        rows = [[GQ(fmpq(c.x[t, h], c.d), fmpq(im[t, h], c.d)) for h in range(k)] for t in range(d)]
    else:
        if not isinstance(table, list) or len(table) != d:
            raise KernelError(where, f"expected d = {d} rows c_tau (tau = 0..{d - 1})")
        charge(3 * d * max(k, 1), f"{where}: reading")
        rows = [_numbers(row, k, f"{where}[{tau}]") for tau, row in enumerate(table)]
    shift = {e: GQ(fmpq(da) ** e) for e in range(-d, d)}
    return _z_rows([[c * shift[tau - t] for c, t in zip(row, lags)] for tau, row in enumerate(rows)], where)


def _derived_coefficients(w: GZ, lags: list[int], cols: list[int], minor: GZ, where: str) -> tuple[GZ, list[fmpz]]:
    """Z with Z (minor) = w on the minor columns: Zn = w_sel adj(minor) over delta = det(minor) (realified over QQ(i)).

    python-flint finds the inverse; nothing depends on it being right, since the identity is checked afterwards.
    """
    d, k = w.shape[0], len(lags)
    if k == 0:
        return GZ(fmpz_mat(d, 0), None, 0), [fmpz(1)] * d
    rhs = _select(w, list(range(d)), cols)
    if minor.im is None and rhs.im is None:
        system, right = minor.re, rhs.re
    else:
        system = _realified(minor)
        im = rhs.im if rhs.im is not None else fmpz_mat(d, k)
        right = fmpz_mat([r + i for r, i in zip(rhs.re.tolist(), im.tolist())])
    size, bits = system.nrows(), minor.bits
    charge(20 * product_units(size, size, size, bits, bits), f"{where}: inverting the minor")
    det = system.det()
    inverse = cast(fmpq_mat, system.inv())  # python-flint's stub: the inverse of an fmpz_mat is an fmpq_mat
    adj = fmpz_mat((inverse * det).numer_denom()[0])
    zn = gmul(GZ(right, None, rhs.bits), GZ(adj), f"{where}: solving")
    if zn.shape[1] == k:
        return GZ(zn.re, None, zn.bits), [det] * d
    re = fmpz_mat(d, k, [zn.re[t, h] for t in range(d) for h in range(k)])
    im = fmpz_mat(d, k, [zn.re[t, k + h] for t in range(d) for h in range(k)])
    return GZ(re, im, zn.bits), [det] * d


def _check_identity(w: GZ, z: GZ, delta: list[fmpz], lags: list[int], where: str) -> None:
    """diag(delta) w = Zn w[lags], i.e. W(tau) = sum_h c_{tau,h} W(t_h) for every tau < d and every entry."""
    d, width = w.shape
    dbits = max(int(x).bit_length() for x in delta)
    charge(product_units(d, 1, width, dbits, w.bits) * (2 if w.im is not None else 1), f"{where}: delta w")
    scaled = [
        fmpz_mat(d, width, [part[t, e] * delta[t] for t in range(d) for e in range(width)])
        if part is not None
        else None
        for part in (w.re, w.im)
    ]
    lhs = GZ(cast(fmpz_mat, scaled[0]), scaled[1], w.bits + dbits)  # w.re is never None
    rhs = gmul(z, _select(w, lags), f"{where}: sum_h c_tau,h W(t_h)") if lags else GZ(fmpz_mat(d, width), None, 0)
    for x, y in ((lhs.re, rhs.re), (lhs.im, rhs.im)):
        x = x if x is not None else fmpz_mat(d, width)
        y = y if y is not None else fmpz_mat(d, width)
        if x != y:
            tau, e = next((t, e) for t in range(d) for e in range(width) if x[t, e] != y[t, e])
            raise KernelError(f"{where}[{tau}]", f"sum_h c_tau,h W(t_h) != W({tau}) at entry {e}")


def _lags_and_columns(witness: JSONObject, d: int, width: int, here: str) -> tuple[list[int], list[int]]:
    """The basis lags (strictly increasing, < d) and the minor columns (k distinct entries of vec W)."""
    lags = _field(witness, "lags", here)
    if not isinstance(lags, list) or len(lags) > width:
        raise KernelError(f"{here}.lags", "expected a list of basis lags")
    lags = [parse_integer(t, f"{here}.lags", 0, d - 1) for t in lags]
    if any(a >= b for a, b in zip(lags, lags[1:])):
        raise KernelError(f"{here}.lags", f"found {lags}, expected strictly increasing lags")
    cols = _field(witness, "minor_cols", here)
    if not isinstance(cols, list) or len(cols) != len(lags):
        raise KernelError(f"{here}.minor_cols", f"expected {len(lags)} column indices")
    cols = [parse_integer(c, f"{here}.minor_cols", 0, width - 1) for c in cols]
    if len(set(cols)) != len(cols):
        raise KernelError(f"{here}.minor_cols", "expected distinct columns")
    return lags, cols


def span(ssm: tuple[QMat, QMat, QMat], witness: object, where: str, extra: tuple[str, ...] = ()) -> JSONObject:
    """Check the shared witness; k, n_min, the basis lags, the zero pattern of c_{tau,h} (tau < d) and d.

    Two variants: with an "annihilator" (any SSM), or without one ("full span": then the lags must be p*d_in
    independent W(t_h), which span every p x d_in matrix, so no lag beyond t_k is needed; d is then t_k + 1).
    """
    here = f"{where}.witness"
    if isinstance(witness, dict) and "annihilator" not in witness and "lags" in witness:
        witness = expect_keys(witness, here, required=("lags", "minor_cols", *extra), optional=("coefficients",))
        raw = None
    else:
        raw = _field(witness, "annihilator", here)
        required = ("annihilator", "lags", "minor_cols", *extra)
        witness = expect_keys(witness, here, required=required, optional=("coefficients", "cyclic"))
    key = "span:" + _key([x.key for x in ssm], {k: v for k, v in witness.items() if k not in extra})
    return shared_result(key, f"{here}: the span check", lambda: _check_span(ssm, witness, raw, where))


def _full_span_length(ssm: tuple[QMat, QMat, QMat], witness: JSONObject, here: str) -> int:
    """d = t_k + 1 for the full-span variant: k = p*d_in lags (so they span every p x d_in matrix), t_k < m."""
    A, B, C = ssm
    width = C.shape[0] * B.shape[1]
    lags = _field(witness, "lags", here)
    if not isinstance(lags, list) or len(lags) != width:
        raise KernelError(f"{here}.lags", f"without an annihilator, expected p*d_in = {width} basis lags")
    return parse_integer(lags[-1], f"{here}.lags", 0, A.shape[0] - 1) + 1


def _check_span(ssm: tuple[QMat, QMat, QMat], witness: JSONObject, raw: object, where: str) -> JSONObject:
    """The span check proper (see span): annihilator (or full span), lag rows, minor, coefficients and identity."""
    A = ssm[0]
    m, here = A.shape[0], f"{where}.witness"
    if raw is None:
        d = _full_span_length(ssm, witness, here)
    else:
        if not isinstance(raw, list) or not 2 <= len(raw) <= m + 1:
            raise KernelError(f"{here}.annihilator", f"expected p_0..p_d with 1 <= d <= m = {m}")
        p = _numbers(raw, None, f"{here}.annihilator")
        d = len(p) - 1
        if p[-1] != ONE:
            raise KernelError(f"{here}.annihilator", f"expected a monic polynomial p_0..p_d with 1 <= d <= m = {m}")
        _check_annihilator(A, p, witness.get("cyclic"), here)
    w = _lag_rows(ssm, d, where)
    lags, cols = _lags_and_columns(witness, d, w.shape[1], here)
    k = len(lags)
    if raw is None and (k != w.shape[1] or lags[-1] != d - 1):
        raise KernelError(
            f"{here}.lags", f"without an annihilator, expected p*d_in = {w.shape[1]} lags ending at {d - 1}"
        )
    minor = _check_minor(w, lags, cols, here)
    if "coefficients" in witness:
        z, delta = _given_coefficients(witness["coefficients"], d, k, lags, A.d, f"{here}.coefficients")
    else:
        z, delta = _derived_coefficients(w, lags, cols, minor, f"{here}.coefficients")
    _check_identity(w, z, delta, lags, f"{here}.coefficients")
    zero = [[z.re[t, h] == 0 and (z.im is None or z.im[t, h] == 0) for h in range(k)] for t in range(d)]
    for tau in range(lags[-1] if k else 0):
        if not zero[tau][k - 1]:
            raise KernelError(f"{here}.coefficients[{tau}]", f"c_{tau},k is not 0: the last basis lag is not minimal")
    return {"k": k, "n_min": lags[-1] + 1 if k else 1, "lags": lags, "zero": zero, "d": d}
