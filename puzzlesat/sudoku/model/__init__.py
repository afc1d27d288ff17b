"""Model: what a Sudoku puzzle is — shapes, puzzles, rules, the SAT literals of cells, variant constraints."""
