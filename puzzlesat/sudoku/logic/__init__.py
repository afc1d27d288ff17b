"""Logic: the steps a person can take — the candidate grid, techniques, the solving path, explanations, ratings."""
