"""The build: pure Python, and where Cython and a C compiler are at hand, the logic engine's hot modules compiled too.

The compiled modules are built from the very same .py files (Cython compiling plain Python); nothing is written
twice. Without Cython, without a compiler, or with PUZZLESAT_PURE=1 at install time, nothing is compiled and the
package is the same Python, so `pip install .` works on any machine. At run time PUZZLESAT_PURE=1 (or a source file
newer than its compiled copy) loads the Python source instead (puzzlesat.sudoku.logic.compiled).
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "puzzlesat", "sudoku", "logic"))
from compiled import HOT_MODULES, source_path  # noqa: E402  (the list lives beside the modules it names)

sys.path.pop(0)


def extensions() -> list:
    """The hot modules as Cython extensions, or none (pure Python) when Cython is missing or not wanted."""
    if os.environ.get("PUZZLESAT_PURE"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("puzzlesat: Cython not found: the logic engine stays pure Python", file=sys.stderr)
        return []
    from setuptools import Extension

    modules = [Extension(name, [source_path(name, "")], extra_compile_args=["-O2"]) for name in HOT_MODULES]
    try:
        return cythonize(modules, compiler_directives={"language_level": "3", "binding": True}, quiet=True)
    except Exception as error:  # Cython could not translate a module: all stay pure Python
        print(f"puzzlesat: Cython failed ({error}): the logic engine stays pure Python", file=sys.stderr)
        return []


class OptionalBuildExt(build_ext):
    """build_ext that leaves a module pure Python when it cannot be compiled (no C compiler, say)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # the compiler itself is missing: every module stays pure Python
            print(f"puzzlesat: compiled modules not built ({error}): the logic engine stays pure Python",
                  file=sys.stderr)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"puzzlesat: {ext.name} not compiled ({error}): it stays pure Python", file=sys.stderr)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
