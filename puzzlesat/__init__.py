"""puzzlesat: Sudoku and Minesweeper solved by translation into SAT."""

__version__ = "0.1.0"

__all__ = ["__version__", "compiled", "sudoku", "mines"]


def compiled() -> list:
    """The modules that run compiled in this install (built by mypyc from the same source, see setup.py), sorted;
    empty when everything runs as plain Python."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    root = Path(__file__).parent
    found = set()
    for path in root.rglob("*.*"):
        suffix = next((suffix for suffix in EXTENSION_SUFFIXES if path.name.endswith(suffix)), None)
        if suffix is not None:
            found.add(".".join(path.relative_to(root.parent).with_name(path.name[:-len(suffix)]).parts))
    return sorted(found)


def lazy_attributes(package: str, homes: dict):
    """A module __getattr__ that imports each name in `homes` from its module on first use (so that a package
    face can offer everything without making every command import everything)."""
    import importlib

    def __getattr__(name: str):
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(homes[name])
        return module if module.__name__ == f"{package}.{name}" else getattr(module, name)

    return __getattr__


__getattr__ = lazy_attributes(__name__, {"sudoku": "puzzlesat.sudoku", "mines": "puzzlesat.mines"})
