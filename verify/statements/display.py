"""The paper's formulas written out as the expression strings of the frozen statements.

A statement's polynomial goals are displayed formulas, not canonical term lists: the kernel parses them
and compares them with the certificate's goals as polynomials, so the display is a construction
independent of the SymPy builders in constructions/. Matrices here are lists of rows of expression
strings; each operation writes its result with the parentheses the committed statements use:

- `product(P, Q)`: entry (a, b) is `(sum_k (P_ak)*(Q_kb))`, the whole sum in parentheses;
- `dot(u, v)`: `(u_1)*(v_1) + (u_2)*(v_2) + ...` without outer parentheses;
- `total(terms)`: the running sum `((t_1) + (t_2)) + (t_3)` (one term stays as it is);
- `pairing(L, M)`: `L_11*(M_11) + L_12*(M_12) + ...`, the scalar that vanishes identically in the free
  test matrix L exactly when M = 0 (how a matrix identity M1 = M2 becomes one polynomial identity).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Literal, overload

__all__ = [
    "Mat",
    "symbols",
    "vector",
    "names",
    "column",
    "columns",
    "transpose",
    "identity",
    "dot",
    "product",
    "total",
    "plus",
    "pairing",
    "framework",
    "output_eq1",
    "scale",
    "col",
    "table",
    "weights",
    "polynomial_identity",
    "counterexample",
]

Mat = list[list[str]]


def symbols(prefix: str, rows: int, cols: int) -> Mat:
    """A rows x cols matrix of variables named prefix{r}_{c} (1-based)."""
    return [[f"{prefix}{r + 1}_{c + 1}" for c in range(cols)] for r in range(rows)]


@overload
def vector(prefix: str, n: int, as_column: Literal[False] = False) -> list[str]: ...


@overload
def vector(prefix: str, n: int, as_column: Literal[True]) -> Mat: ...


def vector(prefix: str, n: int, as_column: bool = False) -> list[str] | Mat:
    """Variables prefix1 .. prefix{n}, as a list or as an n x 1 matrix."""
    items = [f"{prefix}{k + 1}" for k in range(n)]
    return [[x] for x in items] if as_column else items


def names(*items: Mat | list[str]) -> list[str]:
    """The variables of matrices (row-major) and lists, in order: a goal's `vars`."""
    out: list[str] = []
    for item in items:
        for entry in item:  # a matrix's rows, or a list's names
            out += entry if isinstance(entry, list) else [entry]
    return out


def column(M: Mat, j: int) -> Mat:
    """Column j of M as a matrix with one column."""
    return [[row[j]] for row in M]


def columns(cols: list[Mat]) -> Mat:
    """Matrices with one column, side by side."""
    return [[c[r][0] for c in cols] for r in range(len(cols[0]))]


def transpose(M: Mat) -> Mat:
    """The transpose."""
    return [list(row) for row in zip(*M)]


def identity(n: int) -> Mat:
    """The n x n identity matrix, entries written 1 and 0."""
    return [["1" if r == c else "0" for c in range(n)] for r in range(n)]


def dot(u: Iterable[str], v: Iterable[str]) -> str:
    """sum_k (u_k)*(v_k), without outer parentheses."""
    return " + ".join(f"({a})*({b})" for a, b in zip(u, v))


def product(P: Mat, Q: Mat) -> Mat:
    """The matrix product, each entry (sum_k (P_ak)*(Q_kb)) in parentheses."""
    Qt = transpose(Q)
    return [[f"({dot(row, col)})" for col in Qt] for row in P]


def plus(a: str, b: str) -> str:
    """(a) + (b)."""
    return f"({a}) + ({b})"


def total(terms: Iterable[str]) -> str:
    """The running sum ((t1) + (t2)) + (t3) ...; a single term is itself."""
    return reduce(plus, terms)


def pairing(L: Mat | list[str], M: Mat | list[str]) -> str:
    """sum L_ai*(M_ai) over the entries (row-major): zero identically in L iff M = 0."""
    return " + ".join(f"{a}*({b})" for a, b in zip(names(L), names(M)))


def framework(weight: Callable[[int, int], list[str]], V: Mat, X: Mat, causal: bool = False) -> Mat:
    """Definition 3.1's output y_i = sum_j f_ij (V x_j) as a p x n matrix.

    weight(i, j) lists the summands of f_ij (an empty list where f_ij is structurally zero, e.g. off the band
    of a convolution); each summand w contributes the term (w)*(V x_j), and the terms of y_i are summed in
    the order j = 1..n (1..i when causal), summands in the order given.
    """
    n = len(X[0])
    Vx = [product(V, column(X, j)) for j in range(n)]
    out = []
    for i in range(n):
        js = range(i + 1) if causal else range(n)
        terms = [[f"({w})*({Vx[j][a][0]})" for j in js for w in weight(i, j)] for a in range(len(V))]
        out.append([[total(t)] for t in terms])
    return columns(out)


def scale(s: str, M: Mat) -> Mat:
    """The scalar s times M, entries written s*m."""
    return [[f"{s}*{m}" for m in row] for row in M]


def output_eq1(weight: Callable[[int, int], Mat], X: Mat) -> Mat:
    """Eq. (1): y_i = sum_j W_ij x_j with the matrix weights W_ij = weight(i, j), as a p x n matrix."""
    n = len(X[0])
    terms = [[product(weight(i, j), column(X, j)) for j in range(n)] for i in range(n)]
    return [[total(t[a][0] for t in terms[i]) for i in range(n)] for a in range(len(terms[0][0]))]


def col(M: Mat, j: int) -> list[str]:
    """The entries of column j of M."""
    return [row[j] for row in M]


def table(rows: int, cols: int, entry: Callable[[int, int], str]) -> Mat:
    """The rows x cols matrix with entries entry(r, c)."""
    return [[entry(r, c) for c in range(cols)] for r in range(rows)]


def weights(W: Mat) -> Callable[[int, int], list[str]]:
    """The framework weight f_ij = W_ij, one summand (for `framework`)."""
    return lambda i, j: [W[i][j]]


def polynomial_identity(name: str, variables: list[str], lhs: str, rhs: str) -> dict:
    """The spec goal lhs == rhs, identically in the variables."""
    return {"name": name, "kind": "polynomial_identity", "goal": {"vars": variables, "lhs": lhs, "rhs": rhs}}


def counterexample(name: str, variables: list[str], claim: tuple[str, str], assume: list[tuple] | None = None) -> dict:
    """The spec goal: the claim lhs == rhs fails at some real point (where the assumptions lhs == rhs hold)."""
    goal: dict = {"vars": variables}
    if assume:
        goal["assume"] = [{"lhs": a, "op": "==", "rhs": b} for a, b in assume]
    goal["domains"] = {v: "real" for v in variables}
    goal["claim"] = {"lhs": claim[0], "op": "==", "rhs": claim[1]}
    return {"name": name, "kind": "counterexample", "goal": goal}
