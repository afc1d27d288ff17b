"""SVG pictures and self-contained HTML pages (no rich here): the canvas, charts, the page, and the pictures of
Sudoku answers, Minesweeper boards and simulations."""
