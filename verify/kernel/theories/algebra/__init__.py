"""Theory algebra: identities of rational functions with exponential symbols, and vanishing orders of polynomials."""
