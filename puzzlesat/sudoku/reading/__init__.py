"""Reading: text to puzzles (lines, grids, lists, drawings, links, variant files), and the text forms that read back."""
