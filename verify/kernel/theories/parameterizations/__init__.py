"""Theory parameterizations (Appendix A): discretized SSM transitions and the masked rank family (A1)-(A2)."""
