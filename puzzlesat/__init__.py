"""puzzlesat: Sudoku and Minesweeper solved by translation into SAT."""

__version__ = "0.1.0"

__all__ = ["__version__", "sudoku", "mines"]

from puzzlesat.compiled import use_source_when_asked  # noqa: E402  (hot modules: compiled, or their source)

use_source_when_asked()


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


def public_dir(names: list):
    """A module __dir__ that lists what the module offers (`__all__`, its lazy names included), not what it
    imports for its own use: what dir() and tab completion show."""
    def __dir__() -> list:
        return sorted(names)

    return __dir__


__getattr__ = lazy_attributes(__name__, {"sudoku": "puzzlesat.sudoku", "mines": "puzzlesat.mines"})
__dir__ = public_dir(__all__)
