"""puzzlesat: Sudoku and Minesweeper solved by translation into SAT."""

__version__ = "0.1.0"

__all__ = ["__version__", "sudoku", "mines"]


def __getattr__(name: str):
    """Import the puzzle subpackages lazily so that `--version` starts fast."""
    if name in ("sudoku", "mines"):
        import importlib

        return importlib.import_module(f"puzzlesat.{name}")
    raise AttributeError(f"module 'puzzlesat' has no attribute {name!r}")
