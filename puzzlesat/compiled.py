"""Which modules may run compiled, which do, and the switch back to their Python source.

puzzlesat is pure Python. Where the install finds a C compiler, setup.py also compiles its hottest modules from these
very .py files (a build of the same source, never a second implementation): the SE path's technique modules with
Cython (CYTHON_MODULES, each on its own), and Minesweeper's counting with mypyc (MYPYC_MODULES: compiled together
from their type annotations, they call each other natively, so they run all compiled or all from source). Without a
compiler, or with PUZZLESAT_PURE=1 at install, nothing is compiled and the answers are the same.

A compiled module is used unless the environment says PUZZLESAT_PURE=1, or its source is newer than its compiled copy
(an edit in a checkout not rebuilt yet: `pip install -e .` rebuilds): then the .py file is loaded in its place, by the
finder `use_source_when_asked` puts first on sys.meta_path (puzzlesat/__init__.py does). `running()` names the
modules that run compiled. This module imports nothing of puzzlesat (setup.py reads it before the package exists).
"""

from __future__ import annotations

import functools
import importlib.machinery
import os
import sys

CYTHON_MODULES = tuple(f"puzzlesat.sudoku.logic.techniques.{name}" for name in (
    "singles", "direct", "intersections", "subsets", "fish", "strong_links", "wings", "uniqueness", "exclusion",
    "chains"))
MYPYC_MODULES = tuple(f"puzzlesat.mines.{name}" for name in ("count", "parts", "patterns"))
HOT_MODULES = CYTHON_MODULES + MYPYC_MODULES
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the folder holding the puzzlesat package


def source_path(module: str, root=ROOT) -> str:
    """The .py file of a dotted module name under `root`."""
    return os.path.join(str(root), *module.split(".")) + ".py"


def compiled_path(module: str) -> str | None:
    """The compiled copy of a module beside its source, if there is one."""
    stem = source_path(module)[:-3]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(stem + suffix):
            return stem + suffix
    return None


def pure_wanted() -> bool:
    """Whether the environment asks for the Python source (PUZZLESAT_PURE set, not empty or 0)."""
    return os.environ.get("PUZZLESAT_PURE", "") not in ("", "0")


INSTALLED = os.path.basename(ROOT) in ("site-packages", "dist-packages")  # a wheel's copy, not a source tree


def _stale(module: str, compiled: str) -> bool:
    """The source was changed after the compiled copy was built (only in a source tree: installing a wheel writes
    each .py and .so at the moment it is unpacked, in any order, and nobody edits an installed copy)."""
    if INSTALLED:
        return False
    return os.path.getmtime(source_path(module)) > os.path.getmtime(compiled)


def _usable(module: str) -> bool:
    """Whether the compiled copy of a hot module should be loaded: there, not stale, not refused; for a mypyc module,
    the same holds for every module of its group."""
    if pure_wanted():
        return False
    group = MYPYC_MODULES if module in MYPYC_MODULES else (module,)
    for member in group:
        found = compiled_path(member)
        if found is None or _stale(member, found):
            return False
    return module not in MYPYC_MODULES or _mypyc_shim_importable()


@functools.lru_cache(maxsize=None)  # one look per process, not one per module of the group
def _mypyc_shim_importable() -> bool:
    """Whether the mypyc group's shared library (`<hash>__mypyc`, beside the package) can be imported: a tree
    reinstalled without compiling keeps the modules' copies but no longer puts the shim on the path."""
    import glob
    import importlib.util

    for path in glob.glob(os.path.join(ROOT, "*__mypyc*")):
        name = os.path.basename(path).split(".", 1)[0]
        if name.endswith("__mypyc"):
            return importlib.util.find_spec(name) is not None
    return False


def runs_compiled(module: str) -> bool:
    """Whether a hot module is (or would be, once imported) the compiled one."""
    loaded = sys.modules.get(module)
    if loaded is not None:
        return not str(getattr(loaded, "__file__", "")).endswith(".py")
    return module in HOT_MODULES and _usable(module)


def running() -> list[str]:
    """The hot modules that run compiled in this install, in their order; [] when everything is plain Python."""
    return [module for module in HOT_MODULES if runs_compiled(module)]


class SourceFinder:
    """Finds the .py source of a hot module whose compiled copy must not be used (asked for, or stale)."""

    def find_spec(self, fullname: str, path=None, target=None):
        """A spec loading the source, or None to let the normal import run."""
        if fullname not in HOT_MODULES or compiled_path(fullname) is None or _usable(fullname):
            return None
        import importlib.util

        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def use_source_when_asked() -> None:
    """Put the SourceFinder first on sys.meta_path, once."""
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
