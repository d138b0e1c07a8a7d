"""Theory students (Section 6, Theorem 5.1): the optimum of an H-head student, its MSE, and the SSM Jacobian bound."""
