"""The hot modules (puzzlesat.compiled): compiled from their own source when the install could, the source otherwise."""

import os
import subprocess
import sys

import pytest

from puzzlesat import compiled
from puzzlesat.compiled import HOT_MODULES, MYPYC_MODULES, SourceFinder, running, runs_compiled, source_path

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
    for module in (HOT_MODULES[0], MYPYC_MODULES[0]):
        assert loaded_from(module, PUZZLESAT_PURE="1") == source_path(module)


def test_the_finder_leaves_other_modules_alone():
    """Modules that are not hot are imported the usual way."""
    assert SourceFinder().find_spec("puzzlesat.sudoku.logic.path") is None


def test_a_stale_member_sends_its_whole_mypyc_group_to_the_source(tmp_path, monkeypatch):
    """The mypyc modules call each other natively: one stale copy, and all of them load from source."""
    fresh, stale = tmp_path / "fresh.so", tmp_path / "stale.so"
    fresh.write_bytes(b"")
    stale.write_bytes(b"")
    os.utime(stale, (0, 0))
    monkeypatch.setattr(compiled, "compiled_path", lambda name: str(stale if name == MYPYC_MODULES[-1] else fresh))
    monkeypatch.delenv("PUZZLESAT_PURE", raising=False)
    for module in MYPYC_MODULES:
        spec = SourceFinder().find_spec(module)
        assert spec is not None and spec.origin == source_path(module)


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
    """Where CI installed with a compiler (PUZZLESAT_EXPECT_COMPILED=1), every hot module is compiled."""
    assert running() == list(HOT_MODULES)
    assert not loaded_from(HOT_MODULES[-1]).endswith(".py")
