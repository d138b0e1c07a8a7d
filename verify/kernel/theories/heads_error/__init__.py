"""Theory heads_error (Experiment I): the certified error-versus-heads table of an SSM read from float weights."""
