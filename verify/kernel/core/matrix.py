"""Exact matrices over QQ(i): the one matrix reader, dense matrices and expressions, rational and Gaussian forms.

One reader (read_matrix) turns rows of exact number strings into a Matrix (rows of GQ); the other forms are built
from what it reads, each for the work it does best (the charged python-flint routines are in flint_matrix.py):
* Matrix: rows of GQ, for matrix expressions (I(n), T(X)), determinants and rank witnesses;
* fmpq_mat (read_rational_matrix): rational matrices (no imaginary part);
* QMat (read_qmat): (X + i Y) / D with fmpz_mat X, Y (Y None when zero) and D >= 1 in lowest terms, so each matrix
  has one representation and == compares values; read_qmat also takes the compact written form
  {"denominator": "D", "re": rows of integer strings, "im": optional rows} (entry = (re + i im) / D).
"""

from __future__ import annotations

from math import gcd, lcm
from typing import cast

from flint import fmpq_mat, fmpz, fmpz_mat

from .errors import KernelError, expect_keys, field, rectangular_shape
from .expr import Node, left_spine
from .flint_matrix import GZ, numerator_bits
from .limits import MAX_BITS, MAX_MATRIX_ENTRIES, MAX_PRODUCT_WORK, bits_factor, charge
from .numbers import GQ, ONE, ZERO, format_number, parse_integer, parse_integer_text, parse_number, repeated_squaring

# Reading one exact number string costs about 3 us (READ_UNITS, charged per entry by read_qmat).
READ_UNITS = 3
# Side of the state matrix A in the Appendix A kinds (users' SSMs up to 256 states).
MAX_SIDE = 256


class Matrix:
    """A rows x cols matrix stored as a list of rows of GQ."""

    __slots__ = ("rows",)

    def __init__(self, rows: list[list[GQ]]) -> None:
        """Store the rows (not copied)."""
        self.rows = rows

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return (len(self.rows), len(self.rows[0]) if self.rows else 0)

    @classmethod
    def identity(cls, n: int) -> Matrix:
        """The n x n identity."""
        if n * n > MAX_MATRIX_ENTRIES:
            raise KernelError("matrix", f"identity of size {n} has more than {MAX_MATRIX_ENTRIES} entries")
        charge(n * n, "identity matrix")
        return cls([[ONE if r == c else ZERO for c in range(n)] for r in range(n)])

    def bits(self) -> int:
        """The largest bit length of an entry's numerator or denominator."""
        return max((a.bits() for r in self.rows for a in r), default=0)

    def _same_shape(self, other: Matrix, op: str) -> None:
        """Refuse different shapes, then charge one unit per entry."""
        if self.shape != other.shape:
            raise KernelError("matrix", f"{op} of shapes {self.shape} and {other.shape}")
        charge(self.shape[0] * self.shape[1], f"matrix {op}")

    def __add__(self, other: Matrix) -> Matrix:
        """Entrywise sum."""
        self._same_shape(other, "sum")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __sub__(self, other: Matrix) -> Matrix:
        """Entrywise difference."""
        self._same_shape(other, "difference")
        return Matrix([[a - b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def scale(self, factor: GQ) -> Matrix:
        """Multiply every entry by an exact scalar."""
        charge(self.shape[0] * self.shape[1] * bits_factor(max(self.bits(), factor.bits())), "matrix scaling")
        return Matrix([[factor * a for a in r] for r in self.rows])

    def __matmul__(self, other: Matrix) -> Matrix:
        """The matrix product, refused past MAX_PRODUCT_WORK and charged before it runs."""
        if self.shape[1] != other.shape[0]:
            raise KernelError("matrix", f"product of shapes {self.shape} and {other.shape}")
        if self.shape[0] * self.shape[1] * other.shape[1] > MAX_PRODUCT_WORK:
            raise KernelError("matrix", f"product of shapes {self.shape} and {other.shape} is too large")
        work = self.shape[0] * self.shape[1] * other.shape[1]
        charge(work * bits_factor(max(self.bits(), other.bits())), "matrix product")
        cols = list(zip(*other.rows))
        out = []
        for r in self.rows:
            row = []
            for c in cols:
                acc = ZERO
                for a, b in zip(r, c):
                    acc = acc + a * b
                row.append(acc.check_size())
            out.append(row)
        return Matrix(out)

    def transpose(self) -> Matrix:
        """The transpose (no conjugation)."""
        return Matrix([list(c) for c in zip(*self.rows)])

    def __eq__(self, other: object) -> bool:
        """Same shape and entries."""
        return isinstance(other, Matrix) and self.shape == other.shape and self.rows == other.rows

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value: unhashable like list

    def to_json(self) -> list[list[str]]:
        """Canonical JSON form: rows of exact number strings."""
        return [[format_number(a) for a in r] for r in self.rows]


def read_matrix(
    value: object,
    where: str,
    max_rows: int | None = None,
    max_cols: int | None = None,
    *,
    real: bool = False,
    units: int = 1,
    memo: bool = False,
) -> Matrix:
    """The one matrix reader: a nonempty rectangular list of rows of exact number strings, as a Matrix.

    Without max_rows/max_cols the size limit is MAX_MATRIX_ENTRIES entries; real refuses a nonzero imaginary part
    (at the entry); units is charged per entry before any is parsed; memo parses each distinct string once.
    """
    rows, cols = rectangular_shape(value, where, " of exact rational strings" if real else "")
    if max_rows is None or max_cols is None:
        if rows * cols > MAX_MATRIX_ENTRIES:
            raise KernelError(where, f"more than {MAX_MATRIX_ENTRIES} entries")
    elif rows > max_rows or cols > max_cols:
        raise KernelError(where, f"shape {rows}x{cols}; expected at most {max_rows} rows and {max_cols} columns")
    charge(units * rows * cols, "reading a matrix")
    seen: dict[str, GQ] = {}
    out = []
    for i, row in enumerate(cast(list[list[object]], value)):
        line = []
        for j, text in enumerate(row):
            if memo and isinstance(text, str) and text in seen:
                line.append(seen[text])
                continue
            number = parse_number(text, f"{where}[{i}][{j}]")
            if real and not number.is_real():
                raise KernelError(f"{where}[{i}][{j}]", f"found {text!r}, expected a rational number")
            if memo and isinstance(text, str):
                seen[text] = number
            line.append(number)
        out.append(line)
    return Matrix(out)


def read_named_matrices(goal: dict[str, object], where: str) -> tuple[tuple[str, Matrix], ...]:
    """The goal's "matrices" object (names to exact matrices) as sorted (name, Matrix) pairs."""
    given = field(goal, "matrices", where)
    if not isinstance(given, dict) or not all(isinstance(k, str) and k.isidentifier() and k.isascii() for k in given):
        raise KernelError(f"{where}.matrices", "expected an object from names to matrices")
    if "i" in given or "I" in given or "T" in given:
        raise KernelError(f"{where}.matrices", "the names i (imaginary unit), I and T (built-ins) are reserved")
    return tuple(sorted((k, read_matrix(v, f"{where}.matrices.{k}")) for k, v in given.items()))


def _evaluate(node: Node, env: dict[str, Matrix], where: str) -> Matrix | GQ:
    """Evaluate a matrix expression: names are matrices, integers are scalars, I(n) and T(X) are built in."""
    kind = node[0]
    if kind == "num":
        return GQ(node[1])
    if kind == "var":
        if node[1] in env:
            return env[node[1]]
        if node[1] == "i":
            return GQ(0, 1)
        raise KernelError(where, f"unknown matrix {node[1]!r}; declared: {', '.join(sorted(env))}")
    if kind == "call":
        name, args = node[1], node[2]
        if name == "I" and len(args) == 1 and args[0][0] == "num" and 0 < args[0][1]:
            return Matrix.identity(args[0][1])
        if name == "T" and len(args) == 1:
            inner = _evaluate(args[0], env, where)
            return inner.transpose() if isinstance(inner, Matrix) else inner
        raise KernelError(where, f"unknown function {name!r}; expected I(n) or T(X)")
    if kind == "neg":
        inner = _evaluate(node[1], env, where)
        return -inner if isinstance(inner, GQ) else inner.scale(GQ(-1))
    if kind == "pow":
        return _power(_evaluate(node[1], env, where), node[2], where)
    base, steps = left_spine(node)
    acc = _evaluate(base, env, where)
    for op, right in steps:
        acc = _binary(op, acc, _evaluate(right, env, where), where)
    return acc


def _power(base: Matrix | GQ, k: int, where: str) -> Matrix | GQ:
    """Integer power by repeated squaring; A^0 is the identity of A's size."""
    if isinstance(base, Matrix):
        rows, cols = base.shape
        if rows != cols:
            raise KernelError(where, f"power of a non-square {rows}x{cols} matrix")
        result: Matrix | GQ = Matrix.identity(rows)
    else:
        result = ONE
    return repeated_squaring(base, k, result, lambda x, y: _binary("mul", x, y, where))


def _binary(kind: str, left: Matrix | GQ, right: Matrix | GQ, where: str) -> Matrix | GQ:
    """Apply + - * / to matrices and scalars with the usual shape rules."""
    try:
        if kind == "mul":
            if isinstance(left, Matrix) and isinstance(right, Matrix):
                return left @ right
            if isinstance(left, Matrix):
                return left.scale(cast(GQ, right))
            return right.scale(left) if isinstance(right, Matrix) else left * right
        if kind == "div":
            if isinstance(right, Matrix):
                raise KernelError(where, "division by a matrix")
            return left.scale(right.inverse()) if isinstance(left, Matrix) else left / right
        if isinstance(left, Matrix) and isinstance(right, Matrix):
            return left + right if kind == "add" else left - right
        if isinstance(left, GQ) and isinstance(right, GQ):
            return left + right if kind == "add" else left - right
        raise KernelError(where, "sum of a matrix and a scalar")
    except KernelError as err:
        if err.where == where:
            raise
        raise KernelError(where, err.message) from None


def evaluate_matrix(node: Node, env: dict[str, Matrix], where: str) -> Matrix:
    """Evaluate a parsed expression over named matrices; the result must be a matrix."""
    value = _evaluate(node, env, where)
    if not isinstance(value, Matrix):
        raise KernelError(where, "expression is a scalar, expected a matrix")
    return value


def determinant(m: Matrix) -> GQ:
    """Exact determinant: python-flint for rational matrices, fraction-free elimination otherwise."""
    n, cols = m.shape
    if n != cols:
        raise KernelError("matrix", f"determinant of a non-square {n}x{cols} matrix")
    charge(n**3 * bits_factor(m.bits() * n), "determinant")
    if all(a.is_real() for r in m.rows for a in r):
        return GQ(fmpq_mat(n, n, [a.re for r in m.rows for a in r]).det())
    rows = [list(r) for r in m.rows]
    det = ONE
    for c in range(n):
        pivot = next((r for r in range(c, n) if not rows[r][c].is_zero()), None)
        if pivot is None:
            return ZERO
        if pivot != c:
            rows[c], rows[pivot] = rows[pivot], rows[c]
            det = -det
        det = det * rows[c][c]
        inv = rows[c][c].inverse()
        for r in range(c + 1, n):
            f = rows[r][c] * inv
            if not f.is_zero():
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
    return det


def check_rank_witness(m: Matrix, rank: int, witness: object, where: str) -> None:
    """rank(m) == rank: a nonzero rank x rank minor, and every other row a combination of the chosen rows."""
    if not isinstance(witness, dict):
        raise KernelError(where, "expected a witness object with rows, cols, combinations")
    nrows, ncols = m.shape
    given_rows, given_cols = witness.get("rows"), witness.get("cols")
    # lengths first: a list is read (each entry parsed) only when it has the one length that can pass
    if not (
        isinstance(given_rows, list) and isinstance(given_cols, list) and len(given_rows) == len(given_cols) == rank
    ):
        raise KernelError(where, f"expected {rank} distinct rows and {rank} distinct columns for the minor")
    rows = [parse_integer(r, f"{where}.rows", 0, nrows - 1) for r in given_rows]
    cols = [parse_integer(c, f"{where}.cols", 0, ncols - 1) for c in given_cols]
    if len(set(rows)) != rank or len(set(cols)) != rank:
        raise KernelError(where, f"expected {rank} distinct rows and {rank} distinct columns for the minor")
    combos = witness.get("combinations")
    if not isinstance(combos, list):
        raise KernelError(f"{where}.combinations", "expected a list of {row, coefficients}")
    # the minor's determinant and every combination (each shows a new row, so at most nrows - rank of them, each
    # ncols sums of rank products), charged before any of them is computed; large coefficients are charged below
    charge(nrows * ncols * (rank + 1) * bits_factor(m.bits()), "rank witness")
    minor = Matrix([[m.rows[r][c] for c in cols] for r in rows])
    if determinant(minor).is_zero():
        raise KernelError(where, f"the minor on rows {rows}, columns {cols} is singular, expected nonzero")
    covered = set(rows)
    for k, combo in enumerate(combos):
        here = f"{where}.combinations[{k}]"
        if not isinstance(combo, dict) or not isinstance(combo.get("coefficients"), list):
            raise KernelError(here, "expected {row, coefficients}")
        r = parse_integer(combo.get("row"), f"{here}.row", 0, nrows - 1)
        if r in covered:  # at most nrows - rank combinations: the charge above covers every one of them
            raise KernelError(f"{here}.row", f"row {r} is already a minor row or shown dependent, expected a new row")
        if len(combo["coefficients"]) != rank:  # before any coefficient is parsed
            raise KernelError(here, f"found {len(combo['coefficients'])} coefficients, expected {rank}")
        coefs = [parse_number(x, f"{here}.coefficients") for x in combo["coefficients"]]
        charge(
            ncols * rank * bits_factor(m.bits() + max((x.bits() for x in coefs), default=0)), "rank witness combination"
        )
        for c in range(ncols):
            acc = ZERO
            for f, b in zip(coefs, rows):
                acc = acc + f * m.rows[b][c]
            if acc != m.rows[r][c]:
                raise KernelError(here, f"row {r} differs from the stated combination in column {c}")
        covered.add(r)
    missing = sorted(set(range(nrows)) - covered)
    if missing:
        raise KernelError(f"{where}.combinations", f"rows {missing[:10]} are not shown dependent")


def read_rational_matrix(value: object, where: str, max_side: int = MAX_SIDE) -> fmpq_mat:
    """A nonempty rectangular matrix of exact rational strings (no imaginary part) as an fmpq_mat."""
    m = read_matrix(value, where, max_side, max_side, real=True)
    rows, cols = m.shape
    return fmpq_mat(rows, cols, [a.re for r in m.rows for a in r])


class QMat:
    """(X + i Y) / D over QQ(i): integer matrices X, Y (Y None when zero), D >= 1, in lowest terms."""

    __slots__ = ("x", "y", "d", "key", "nbits")

    def __init__(self, x: fmpz_mat, y: fmpz_mat | None, d: fmpz | int, nbits: int | None = None) -> None:
        """Store the parts (use QMat.make for lowest terms); key names the text it was read from (memo).

        nbits, the largest bit length of an entry of x and y, is measured when not given.
        """
        self.x, self.y, self.d = x, y, fmpz(d)
        self.key = ""
        self.nbits = max(numerator_bits(x), numerator_bits(y)) if nbits is None else nbits

    @classmethod
    def make(cls, x: fmpz_mat, y: fmpz_mat | None, d: fmpz | int) -> QMat:
        """The value (X + i Y) / D in lowest terms (an all-zero Y is dropped)."""
        if y is not None and y.is_zero():
            y = None
        g = int(d)
        for part in (x, y):
            for e in part.entries() if part is not None else ():
                g = gcd(g, int(e))
        if g != 1:
            x = fmpz_mat(x.nrows(), x.ncols(), [e // g for e in x.entries()])
            y = fmpz_mat(y.nrows(), y.ncols(), [e // g for e in y.entries()]) if y is not None else None
            d = fmpz(d) // g
        return cls(x, y, d)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return self.x.nrows(), self.x.ncols()

    def __eq__(self, other: object) -> bool:
        """Equal values (the representation is unique)."""
        if not isinstance(other, QMat) or self.d != other.d or self.x != other.x:
            return False
        return (self.y is None and other.y is None) or (
            self.y is not None and other.y is not None and self.y == other.y
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value: unhashable like list

    def numerator(self) -> GZ:
        """X + i Y as a GZ."""
        return GZ(self.x, self.y, self.nbits)


def read_qmat(value: object, where: str, max_rows: int, max_cols: int) -> QMat:
    """An exact matrix in either written form (rows of number strings, or the compact form), normalized."""
    if isinstance(value, dict):
        return _read_compact(value, where, max_rows, max_cols)
    m = read_matrix(value, where, max_rows, max_cols, units=READ_UNITS, memo=True)
    rows, cols = m.shape
    entries = [e for r in m.rows for e in r]
    distinct = {id(e): e for e in entries}  # the memo hands out one object per distinct string: each converted once
    den = 1
    for e in distinct.values():
        den = lcm(den, int(e.re.q), int(e.im.q))
        if den.bit_length() > MAX_BITS:
            raise KernelError(where, f"the common denominator exceeds {MAX_BITS} bits")
    re = {k: int(e.re.p) * (den // int(e.re.q)) for k, e in distinct.items()}
    im = {k: int(e.im.p) * (den // int(e.im.q)) for k, e in distinct.items() if e.im != 0}
    nbits = max((abs(v).bit_length() for part in (re, im) for v in part.values()), default=0)
    x = fmpz_mat(rows, cols, [re[id(e)] for e in entries])
    y = fmpz_mat(rows, cols, [im.get(id(e), 0) for e in entries]) if im else None
    return QMat(x, y, den, nbits)  # lowest terms: the lcm of reduced denominators leaves no common factor


def _read_compact(value: dict[str, object], where: str, max_rows: int, max_cols: int) -> QMat:
    """{"denominator": "D", "re": rows of integer strings, "im": optional rows of integer strings}."""
    expect_keys(value, where, required=("denominator", "re"), optional=("im",))
    den = parse_integer_text(value["denominator"], f"{where}.denominator")
    if den < 1:
        raise KernelError(f"{where}.denominator", f"found {den}, expected a positive integer")
    rows, cols = _shape(value["re"], f"{where}.re", max_rows, max_cols)
    charge(READ_UNITS * rows * cols * (2 if "im" in value else 1), f"{where}: reading")
    parts: list[fmpz_mat | None] = []
    for key in ("re", "im"):
        if key not in value:
            parts.append(None)
            continue
        if _shape(value[key], f"{where}.{key}", max_rows, max_cols) != (rows, cols):
            raise KernelError(f"{where}.{key}", f"expected the shape {rows}x{cols} of re")
        grid = cast(list[list[object]], value[key])
        flat = [parse_integer_text(x, f"{where}.{key}[{i}][{j}]") for i, r in enumerate(grid) for j, x in enumerate(r)]
        parts.append(fmpz_mat(rows, cols, flat))
    return QMat.make(cast(fmpz_mat, parts[0]), parts[1], den)


def _shape(value: object, where: str, max_rows: int, max_cols: int) -> tuple[int, int]:
    """The shape of a nonempty rectangular list of lists, within the bounds."""
    rows, cols = rectangular_shape(value, where)
    if rows > max_rows or cols > max_cols:
        raise KernelError(where, f"shape {rows}x{cols}; expected at most {max_rows} rows and {max_cols} columns")
    return rows, cols
