"""Which modules of the logic engine may run compiled, and the switch back to their Python source.

setup.py compiles HOT_MODULES with Cython from their own .py files when it can (the same source, no second
implementation). A compiled module is used unless the environment says PUZZLESAT_PURE=1, or its source is newer
than its compiled copy (an edit in a checkout not rebuilt yet): then the .py file is loaded in its place, by the
finder `use_source_when_asked` puts first on sys.meta_path. This module imports nothing of puzzlesat (setup.py
reads it before the package exists).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from typing import Optional

PACKAGE = "puzzlesat.sudoku.logic.techniques"
HOT_MODULES = tuple(f"{PACKAGE}.{name}" for name in (
    "singles", "direct", "intersections", "subsets", "fish", "strong_links", "wings", "uniqueness", "exclusion",
    "chains"))
ROOT = Path(__file__).resolve().parents[3]  # the folder holding the puzzlesat package


def source_path(module: str, root=ROOT) -> str:
    """The .py file of a dotted module name under `root`."""
    return os.path.join(str(root), *module.split(".")) + ".py"


def compiled_path(module: str) -> Optional[str]:
    """The compiled copy of a module beside its source, if there is one."""
    stem = source_path(module)[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(stem + suffix):
            return stem + suffix
    return None


def pure_wanted() -> bool:
    """Whether the environment asks for the Python source (PUZZLESAT_PURE set, not empty or 0)."""
    return os.environ.get("PUZZLESAT_PURE", "") not in ("", "0")


def runs_compiled(module: str) -> bool:
    """Whether a hot module is (or would be, once imported) the compiled one."""
    loaded = sys.modules.get(module)
    if loaded is not None:
        return not str(getattr(loaded, "__file__", "")).endswith(".py")
    found = compiled_path(module)
    return found is not None and not pure_wanted() and not _stale(module, found)


def _stale(module: str, compiled: str) -> bool:
    """The source was changed after the compiled copy was built."""
    return os.path.getmtime(source_path(module)) > os.path.getmtime(compiled)


class SourceFinder:
    """Finds the .py source of a hot module whose compiled copy must not be used (asked for, or stale)."""

    def find_spec(self, fullname: str, path=None, target=None):
        """A spec loading the source, or None to let the normal import run."""
        if fullname not in HOT_MODULES:
            return None
        found = compiled_path(fullname)
        if found is None or not (pure_wanted() or _stale(fullname, found)):
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def use_source_when_asked() -> None:
    """Put the SourceFinder first on sys.meta_path, once."""
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
