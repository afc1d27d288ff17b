"""Logic: the steps a person can take — the candidate grid, techniques, the solving path, explanations, ratings.

The techniques' hot modules may run compiled from their own source (puzzlesat.compiled, setup.py); PUZZLESAT_PURE=1
runs the Python source instead.
"""
