"""The build: pure Python, and where a C compiler is at hand the hottest modules compiled too, from the same source.

puzzlesat/compiled.py names them: the SE path's technique modules, compiled by Cython from their plain Python, and
Minesweeper's counting (count, parts, patterns), compiled together by mypyc from their type annotations. Nothing is
written twice. Without Cython or mypy, without a compiler, or with PUZZLESAT_PURE=1 at install time, those modules
stay Python and `pip install .` works on any machine; at run time PUZZLESAT_PURE=1 (or a source newer than its
compiled copy) loads the source instead. `python -c "import puzzlesat.compiled as c; print(c.running())"` says which
modules run compiled. The metadata lives in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "puzzlesat"))
from compiled import CYTHON_MODULES, MYPYC_MODULES, source_path  # noqa: E402  (the lists live in the package)

sys.path.pop(0)
MYPYC_BUILT: set = set()  # the extensions of the mypyc group (its modules and their shared library)


def _building() -> bool:
    """Whether setup.py builds now (not only reads the metadata) and compiling is not refused."""
    commands = ("bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop")
    return any(command in sys.argv for command in commands) and os.environ.get("PUZZLESAT_PURE", "") in ("", "0")


def _cython() -> list:
    """The technique modules as Cython extensions, or none when Cython is missing or cannot translate them."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("puzzlesat: Cython not found: the logic engine stays pure Python", file=sys.stderr)
        return []
    modules = [Extension(name, [source_path(name, "")], extra_compile_args=["-O2"]) for name in CYTHON_MODULES]
    try:
        return cythonize(modules, compiler_directives={"language_level": "3", "binding": True}, quiet=True)
    except Exception as error:  # Cython could not translate a module: all stay pure Python
        print(f"puzzlesat: Cython failed ({error}): the logic engine stays pure Python", file=sys.stderr)
        return []


def _mypyc() -> list:
    """Minesweeper's counting modules as mypyc extensions, or none when mypyc is missing or refuses them."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("puzzlesat: mypyc not found: Minesweeper's counting stays pure Python", file=sys.stderr)
        return []
    paths = [source_path(name, "") for name in MYPYC_MODULES]
    try:  # the modules they import are read for their types only (their type errors are not these modules')
        extensions = mypycify(["--follow-imports=silent", "--ignore-missing-imports", *paths], opt_level="3")
        MYPYC_BUILT.update(extension.name for extension in extensions)
        return extensions
    except (Exception, SystemExit) as error:  # the type check failed, or mypyc could not start
        print(f"puzzlesat: mypyc failed ({error}): Minesweeper's counting stays pure Python", file=sys.stderr)
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled modules when a C compiler works here, and nothing (pure Python) otherwise; a module that
    fails to compile stays pure Python, and so do the others of its mypyc group."""

    def run(self) -> None:
        if self.extensions and not self._compiler_works():
            print("puzzlesat: no working C compiler: the package stays pure Python", file=sys.stderr)
            self.extensions = []
        self.failed: set = set()
        super().run()
        if self.failed & MYPYC_BUILT:  # the group runs all compiled or not at all
            for name in MYPYC_BUILT:
                built = self.get_ext_fullpath(name)
                if os.path.exists(built):
                    os.remove(built)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self.failed.add(ext.name)
            print(f"puzzlesat: {ext.name} not compiled ({error}): it stays pure Python", file=sys.stderr)

    def _compiler_works(self) -> bool:
        """Whether this machine's C compiler builds a trivial file against Python's headers."""
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as folder:
            source = os.path.join(folder, "probe.c")
            with open(source, "w") as out:
                out.write("#include <Python.h>\nint probe(void) { return 0; }\n")
            try:
                compiler.compile([source], output_dir=folder, include_dirs=[get_python_inc()])
            except Exception:
                return False
        return True


setup(ext_modules=_cython() + _mypyc() if _building() else [], cmdclass={"build_ext": OptionalBuildExt})
