"""Exact dense matrices over QQ(i): reading, arithmetic, expressions, determinants, rank witnesses."""

from __future__ import annotations

from typing import Any

from flint import fmpq_mat

from .errors import KernelError, field, rectangular_shape
from .expr import Node, left_spine
from .limits import MAX_MATRIX_ENTRIES, MAX_PRODUCT_WORK, bits_factor, charge
from .numbers import GQ, ONE, ZERO, format_number, parse_integer, parse_number, repeated_squaring

__all__ = ["Matrix", "read_matrix", "read_named_matrices", "evaluate_matrix", "determinant", "check_rank_witness"]


class Matrix:
    """A rows x cols matrix stored as a list of rows of GQ."""

    __slots__ = ("rows",)

    def __init__(self, rows: list[list[GQ]]) -> None:
        self.rows = rows

    @property
    def shape(self) -> tuple[int, int]:
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
        if self.shape != other.shape:
            raise KernelError("matrix", f"{op} of shapes {self.shape} and {other.shape}")
        charge(self.shape[0] * self.shape[1], f"matrix {op}")

    def __add__(self, other: Matrix) -> Matrix:
        self._same_shape(other, "sum")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __sub__(self, other: Matrix) -> Matrix:
        self._same_shape(other, "difference")
        return Matrix([[a - b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def scale(self, factor: GQ) -> Matrix:
        """Multiply every entry by an exact scalar."""
        charge(self.shape[0] * self.shape[1] * bits_factor(max(self.bits(), factor.bits())), "matrix scaling")
        return Matrix([[factor * a for a in r] for r in self.rows])

    def __matmul__(self, other: Matrix) -> Matrix:
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
        return isinstance(other, Matrix) and self.shape == other.shape and self.rows == other.rows

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> list[list[str]]:
        """Canonical JSON form: rows of exact number strings."""
        return [[format_number(a) for a in r] for r in self.rows]


def read_matrix(value: object, where: str) -> Matrix:
    """Read a nonempty rectangular list of rows of exact number strings."""
    rows, cols = rectangular_shape(value, where)
    if rows * cols > MAX_MATRIX_ENTRIES:
        raise KernelError(where, f"more than {MAX_MATRIX_ENTRIES} entries")
    charge(rows * cols, "reading a matrix")
    return Matrix([[parse_number(x, f"{where}[{i}][{j}]") for j, x in enumerate(r)] for i, r in enumerate(value)])


def read_named_matrices(goal: dict[str, Any], where: str) -> tuple[tuple[str, Matrix], ...]:
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
        base = _evaluate(node[1], env, where)
        return _power(base, node[2], where)
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
                return left.scale(right)
            return right.scale(left) if isinstance(right, Matrix) else left * right
        if kind == "div":
            if isinstance(right, Matrix):
                raise KernelError(where, "division by a matrix")
            return left.scale(right.inverse()) if isinstance(left, Matrix) else left / right
        if isinstance(left, Matrix) != isinstance(right, Matrix):
            raise KernelError(where, "sum of a matrix and a scalar")
        return left + right if kind == "add" else left - right
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
