"""The logic engine's hot modules: compiled from their own source when the install could, the source otherwise."""

import os
import subprocess
import sys

import pytest

from puzzlesat.sudoku.logic import compiled
from puzzlesat.sudoku.logic.compiled import HOT_MODULES, SourceFinder, runs_compiled, source_path

LOADED_FROM = "import sys, importlib; m = importlib.import_module(sys.argv[1]); print(m.__file__)"


def loaded_from(module: str, **env) -> str:
    """The file a fresh interpreter loads `module` from, with `env` added to the environment."""
    done = subprocess.run([sys.executable, "-c", LOADED_FROM, module], capture_output=True, text=True, check=True,
                          env={**os.environ, **env})
    return done.stdout.strip()


def test_every_hot_module_has_its_source():
    """Each compiled module has the .py file it is built from, which the pure install runs."""
    for module in HOT_MODULES:
        assert os.path.exists(source_path(module)), module


def test_pure_asked_loads_the_source():
    """PUZZLESAT_PURE=1 runs the Python source of every hot module, compiled copy or not."""
    assert loaded_from(HOT_MODULES[-1], PUZZLESAT_PURE="1") == source_path(HOT_MODULES[-1])


def test_the_finder_leaves_other_modules_alone():
    """Modules that are not hot are imported the usual way."""
    assert SourceFinder().find_spec("puzzlesat.sudoku.logic.path") is None


def test_a_stale_compiled_copy_is_not_used(tmp_path, monkeypatch):
    """A source edited after its compiled copy was built is the one loaded (a checkout not rebuilt yet)."""
    module = HOT_MODULES[0]
    copy = tmp_path / "singles.cpython-0.so"
    copy.write_bytes(b"")
    os.utime(copy, (0, 0))  # older than any source
    monkeypatch.setattr(compiled, "compiled_path", lambda name: str(copy))
    monkeypatch.delenv("PUZZLESAT_PURE", raising=False)
    spec = SourceFinder().find_spec(module)
    assert spec is not None and spec.origin == source_path(module)


@pytest.mark.skipif(os.environ.get("PUZZLESAT_EXPECT_COMPILED") != "1", reason="only where the install compiled")
def test_compiled_install_runs_compiled():
    """Where CI installed with Cython and a compiler (PUZZLESAT_EXPECT_COMPILED=1), every hot module is compiled."""
    assert [module for module in HOT_MODULES if not runs_compiled(module)] == []
    assert not loaded_from(HOT_MODULES[-1]).endswith(".py")
