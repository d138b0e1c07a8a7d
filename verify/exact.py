"""The producer-side encoders of constructions/exact.py, re-exported for the claims and tools that import them here."""

from __future__ import annotations

from constructions.exact import gaussian_text, matrix_rows, number, poly_terms, vec_rows

__all__ = ["number", "gaussian_text", "poly_terms", "matrix_rows", "vec_rows"]
