"""Theory realization: impulse responses realized by real SSMs with 1x1 and 2x2 diagonal blocks."""
