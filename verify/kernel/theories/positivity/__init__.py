"""Theory positivity: polynomial inequalities from PSD hypotheses and Positivstellensatz certificates."""
