"""Theory ssm (Theorem 4.4): interaction rank, condition (7) and the k-head construction of an SSM."""
