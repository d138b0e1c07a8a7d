"""The kernel's core: exact numbers, expressions, polynomials, intervals, matrices, canonical JSON, generic kinds."""
