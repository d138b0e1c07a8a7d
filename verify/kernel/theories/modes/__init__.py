"""Theory modes (Appendix A): Jordan chains of A, closed forms of A^tau and W(tau), dual coordinates, lag features."""
