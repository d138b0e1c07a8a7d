"""Theory dimension_free: identities of matrix expressions that hold in every dimension (Section 3, Theorem 5.1)."""
