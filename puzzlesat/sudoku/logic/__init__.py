"""Logic: the steps a person can take — the candidate grid, techniques, the solving path, explanations, ratings.

The techniques' hot modules may run compiled from their own source (puzzlesat.sudoku.logic.compiled, setup.py);
PUZZLESAT_PURE=1 runs the Python source instead.
"""

from puzzlesat.sudoku.logic.compiled import use_source_when_asked

use_source_when_asked()
