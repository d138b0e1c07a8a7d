"""Theory float_bounds: measured float64 errors bounded by a-priori error formulas (the numeric checks)."""
