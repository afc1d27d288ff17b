"""The build: puzzlesat is pure Python, and where mypyc and a C compiler are at hand the hottest modules are also
compiled from the same source (mypyc turns their type-annotated Python into a C extension; there is no second
implementation to keep in step). Without a compiler, or with PUZZLESAT_COMPILE=0, the same modules install as plain
Python and give the same answers, more slowly. Editable installs (pip install -e) stay plain Python, so the files you
edit are the ones that run. `python -c "import puzzlesat; print(puzzlesat.compiled())"` says which modules run
compiled. The metadata lives in pyproject.toml."""

from __future__ import annotations

import os
import sys
import tempfile

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [  # the modules mypyc compiles: type-clean under mypy, no monkeypatching of their functions in tests
    "puzzlesat/mines/count.py",
    "puzzlesat/mines/parts.py",
    "puzzlesat/mines/patterns.py",
]


def _wanted() -> bool:
    """Whether to try compiling: when building (not while reading the metadata), not for an editable install, not
    when PUZZLESAT_COMPILE=0."""
    building = any(command in sys.argv for command in ("bdist_wheel", "build", "build_ext", "install"))
    return building and "editable_wheel" not in sys.argv and os.environ.get("PUZZLESAT_COMPILE", "1") != "0"


def _extensions() -> list:
    """mypyc's extensions for COMPILED, or none (said on stderr) when mypyc is missing or cannot compile them."""
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("puzzlesat: mypyc is not installed: building plain Python", file=sys.stderr)
        return []
    try:
        # the modules they import are read for their types only (their own type errors are not ours to fix here)
        return mypycify(["--follow-imports=silent", "--ignore-missing-imports", *COMPILED], opt_level="3")
    except (Exception, SystemExit) as error:  # mypy's type check failed, or mypyc could not start
        print(f"puzzlesat: mypyc could not compile ({error}): building plain Python", file=sys.stderr)
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled modules when a C compiler works here, and plain Python (nothing to build) otherwise."""

    def run(self) -> None:
        if self.extensions and not self._compiler_works():
            print("puzzlesat: no working C compiler: building plain Python", file=sys.stderr)
            self.extensions = []
        super().run()

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


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
