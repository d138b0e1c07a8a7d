"""Theory costs (Section 3, Table 1): exact operation counts of loop nests and big-O growth bounds."""
