"""Theory norms (Theorem 5.1): spectral-norm bounds of exact real matrix expressions."""
