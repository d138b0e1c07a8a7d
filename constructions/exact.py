"""Producer-side encoders: SymPy and python-flint exact objects to the certificate's JSON forms.

These mirror the kernel's readers (verify/kernel/core/numbers.py, poly.py, matrix.py) but share no code with
them, so that a bug in one side is caught by the other. They live in constructions/ so that constructions/
imports nothing from verify but the kernel's public API.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sympy
from sympy.polys.domains import QQ
from sympy.polys.matrices import DomainMatrix

from constructions.exact_text import gaussian_text

__all__ = ["number", "gaussian_text", "poly_terms", "matrix_rows", "vec_rows"]


def _rational_text(value: object) -> str:
    """'p' or 'p/q' for an integer, SymPy Rational, python-flint fmpq/fmpz or QQ element."""
    q = QQ.convert(value) if not isinstance(value, sympy.Rational) else value
    num, den = int(q.numerator), int(q.denominator)
    return str(num) if den == 1 else f"{num}/{den}"


def number(value: object) -> str:
    """Canonical exact text of a rational or Gaussian rational (SymPy QQ_I elements or a + b*I)."""
    if hasattr(value, "x") and hasattr(value, "y"):  # QQ_I / ZZ_I element
        re_part, im_part = value.x, value.y
    elif isinstance(value, sympy.Expr):
        re_part, im_part = value.as_real_imag()
        if not (re_part.is_Rational and im_part.is_Rational):
            raise ValueError(f"{value!r} is not a Gaussian rational")
    else:
        re_part, im_part = value, 0
    return gaussian_text(_rational_text(re_part), _rational_text(im_part))


def poly_terms(expr: sympy.Expr, variables: Sequence[sympy.Symbol]) -> dict:
    """The canonical term list of a polynomial with rational (or Gaussian) coefficients (no zero terms)."""
    expr = sympy.Integer(expr) if isinstance(expr, int) else expr
    poly = sympy.Poly(sympy.expand(expr), *variables, domain="QQ_I" if expr.has(sympy.I) else "QQ")
    rows = sorted((list(monomial), number(coeff)) for monomial, coeff in poly.terms() if coeff != 0)
    return {"vars": [str(v) for v in variables], "terms": [[c, m] for m, c in rows]}


def matrix_rows(m: DomainMatrix | sympy.Matrix) -> list[list[str]]:
    """Rows of exact number strings."""
    rows = m.to_Matrix().tolist() if isinstance(m, DomainMatrix) else m.tolist()
    return [[number(sympy.nsimplify(x) if not isinstance(x, sympy.Basic) else x) for x in r] for r in rows]


def vec_rows(matrices: Iterable[DomainMatrix]) -> list[list[str]]:
    """Each matrix flattened row-major into one row: the coordinates of W(tau) in R^{p*d}."""
    return [sum(matrix_rows(m), []) for m in matrices]
