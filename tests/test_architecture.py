"""Architecture rules for puzzlesat, checked by reading the source with `ast` (nothing is imported).

1. No import cycles between puzzlesat modules: a cycle makes behaviour depend on which module happens
   to be imported first, and it means two modules cannot be understood or changed apart.
2. `pysat` (and `pysolvers`, the native module PySAT ships) is imported only in puzzlesat/sat.py, so the
   solver backend and its workarounds live in one place.
3. `click` is imported only under puzzlesat/cli/, so the library can be used without the command line.
4. `rich` is imported only under puzzlesat/render/ and puzzlesat/cli/, so the puzzle code returns data
   and presentation stays in its own layer.
5. Lower layers never reach up or sideways: sudoku/ and mines/ import neither cli/ nor render/ nor each
   other, and render/ never imports cli/, so the layers stack cli -> render -> domain -> sat.
6. `dask` and `distributed` are imported only in puzzlesat/cluster.py, so running on a cluster (and what its
   failures mean) lives in one place, and everything else works without dask installed.

An import counts wherever it is written, including inside a function (a lazy import is still a
dependency). Rule 1 ignores imports under `if TYPE_CHECKING:`, which never run; rules 2-6 count them,
because even a type-only import ties one layer to another.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, Optional, Set, Tuple

import pytest

PACKAGE_DIR = Path(__file__).resolve().parent.parent / "puzzlesat"

Graph = Dict[str, Set[str]]


@dataclass(frozen=True, repr=False)
class Import:
    """One import statement: where it is written and what it reaches."""

    module: str  # the importing module, e.g. "puzzlesat.sudoku.model.grid"
    path: str  # its file relative to the repository, e.g. "puzzlesat/sudoku/model/grid.py"
    line: int
    text: str  # the statement on one line
    names: Tuple[str, ...]  # absolute dotted names it imports from, e.g. ("pysat.solvers",)
    targets: Tuple[str, ...]  # modules of the scanned package it depends on
    type_checking: bool  # written under `if TYPE_CHECKING:`

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text}"

    __repr__ = __str__


# --- reading the source ---------------------------------------------------------------------------


def module_name(path: Path, package_dir: Path) -> str:
    """The dotted name of a .py file under package_dir ("pkg/a/__init__.py" -> "pkg.a")."""
    parts = path.relative_to(package_dir.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules(package_dir: Path) -> Dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path, package_dir): path for path in sorted(package_dir.rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    """Whether an `if` test is `TYPE_CHECKING` or `typing.TYPE_CHECKING`."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(node: ast.AST, guarded: bool = False) -> Iterator[Tuple[ast.stmt, bool]]:
    """Every import statement below `node`, with whether it sits under `if TYPE_CHECKING:`."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node, guarded
    elif isinstance(node, ast.If) and is_type_checking(node.test):
        for child in node.body:
            yield from import_nodes(child, True)
        for child in node.orelse:
            yield from import_nodes(child, guarded)
    else:
        for child in ast.iter_child_nodes(node):
            yield from import_nodes(child, guarded)


def from_base(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a `from ... import` reads from (leading dots resolved against `module`)."""
    if node.level == 0:
        return node.module or ""
    package = module if is_package else module.rpartition(".")[0]
    parts = package.split(".")
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def nearest_module(name: str, known: Iterable[str]) -> Optional[str]:
    """`name` if it is a known module, else its longest prefix that is; None if no prefix is."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in known:
            return ".".join(parts)
        parts.pop()
    return None


def resolve(node: ast.stmt, base: str, known: Set[str]) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(absolute names, known modules reached) for one import; `from m import x` reaches m.x if it is a module."""
    if isinstance(node, ast.Import):
        names = tuple(alias.name for alias in node.names)
        targets = [nearest_module(name, known) for name in names]
    else:
        names = (base,)
        targets = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else nearest_module(base, known)
            for alias in node.names
        ]
    return names, tuple(sorted({target for target in targets if target}))


def scan(package_dir: Path) -> List[Import]:
    """Every import statement in every module of the package."""
    modules = package_modules(package_dir)
    known = set(modules)
    found = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node, guarded in import_nodes(tree):
            base = from_base(node, module, is_package) if isinstance(node, ast.ImportFrom) else ""
            names, targets = resolve(node, base, known)
            found.append(
                Import(
                    module=module,
                    path=path.relative_to(package_dir.parent).as_posix(),
                    line=node.lineno,
                    text=ast.unparse(node),
                    names=names,
                    targets=targets,
                    type_checking=guarded,
                )
            )
    return found


# --- the import graph and its cycles --------------------------------------------------------------


def import_graph(imports: Iterable[Import]) -> Graph:
    """module -> the package modules it imports at run time (TYPE_CHECKING imports and self-imports left out)."""
    graph: Graph = {}
    for imp in imports:
        edges = graph.setdefault(imp.module, set())
        if not imp.type_checking:
            edges.update(target for target in imp.targets if target != imp.module)
    return graph


def strongly_connected_components(graph: Graph) -> List[List[str]]:
    """Tarjan's algorithm: the strongly connected components of a dict graph, each sorted."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    components: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def shortest_cycle(component: List[str], graph: Graph) -> List[str]:
    """A shortest cycle through the component's first node, as [a, b, ..., a] (breadth-first search)."""
    start, members = component[0], set(component)
    parent: Dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for successor in sorted(graph.get(node, ())):
            if successor == start:
                path = [node]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return path[::-1] + [start]
            if successor in members and successor not in parent:
                parent[successor] = node
                queue.append(successor)
    raise ValueError(f"no cycle through {start}")


def find_cycles(graph: Graph) -> List[List[str]]:
    """One cycle per strongly connected component that contains one (a self-loop counts)."""
    return [
        shortest_cycle(component, graph)
        for component in strongly_connected_components(graph)
        if len(component) > 1 or component[0] in graph.get(component[0], ())
    ]


def describe_cycle(cycle: List[str], imports: Iterable[Import]) -> str:
    """The cycle as `a -> b -> a`, then the import statements that make each of its edges."""
    imports = list(imports)
    lines = [" -> ".join(cycle)]
    for source, target in zip(cycle, cycle[1:]):
        lines += [
            f"    {imp}"
            for imp in imports
            if imp.module == source and target in imp.targets and not imp.type_checking
        ]
    return "\n".join(lines)


# --- rule helpers ---------------------------------------------------------------------------------


def within(module: str, package: str) -> bool:
    """Whether `module` is `package` or one of its submodules."""
    return module == package or module.startswith(package + ".")


def third_party_outside(imports: Iterable[Import], tops: Set[str], allowed: Tuple[str, ...]) -> List[Import]:
    """Imports of the top-level packages `tops` from files whose path starts with none of `allowed`."""
    return [
        imp
        for imp in imports
        if any(name.split(".")[0] in tops for name in imp.names) and not imp.path.startswith(allowed)
    ]


def reaching_into(imports: Iterable[Import], path_prefix: str, forbidden: Tuple[str, ...]) -> List[Import]:
    """Imports written under `path_prefix` that reach a module inside any of the `forbidden` packages."""
    return [
        imp
        for imp in imports
        if imp.path.startswith(path_prefix)
        and any(within(target, package) for target in imp.targets for package in forbidden)
    ]


def listing(offenders: Iterable[Import]) -> str:
    """One `file:line: import ...` per offending import."""
    return "\n".join(f"  {imp}" for imp in offenders)


# --- the rules ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def imports() -> List[Import]:
    """Every import statement in puzzlesat."""
    found = scan(PACKAGE_DIR)
    assert found, f"no imports found under {PACKAGE_DIR}"
    return found


def test_no_import_cycles(imports):
    """Rule 1: the module import graph of puzzlesat is acyclic."""
    cycles = find_cycles(import_graph(imports))
    assert not cycles, f"{len(cycles)} import cycle(s):\n" + "\n".join(describe_cycle(c, imports) for c in cycles)


def test_pysat_only_in_sat_module(imports):
    """Rule 2: pysat and pysolvers are imported only in puzzlesat/sat.py."""
    offenders = third_party_outside(imports, {"pysat", "pysolvers"}, ("puzzlesat/sat.py",))
    assert not offenders, "pysat imported outside puzzlesat/sat.py:\n" + listing(offenders)


def test_click_only_in_cli(imports):
    """Rule 3: click is imported only under puzzlesat/cli/."""
    offenders = third_party_outside(imports, {"click"}, ("puzzlesat/cli/",))
    assert not offenders, "click imported outside puzzlesat/cli/:\n" + listing(offenders)


def test_rich_only_in_render_and_cli(imports):
    """Rule 4: rich is imported only under puzzlesat/render/ and puzzlesat/cli/."""
    offenders = third_party_outside(imports, {"rich"}, ("puzzlesat/render/", "puzzlesat/cli/"))
    assert not offenders, "rich imported outside puzzlesat/render/ and puzzlesat/cli/:\n" + listing(offenders)


def test_dask_only_in_cluster(imports):
    """Rule 6: dask and distributed are imported only in puzzlesat/cluster.py."""
    offenders = third_party_outside(imports, {"dask", "distributed"}, ("puzzlesat/cluster.py",))
    assert not offenders, "dask imported outside puzzlesat/cluster.py:\n" + listing(offenders)


LAYERS = [
    ("puzzlesat/sudoku/", ("puzzlesat.cli", "puzzlesat.render", "puzzlesat.mines")),
    ("puzzlesat/mines/", ("puzzlesat.cli", "puzzlesat.render", "puzzlesat.sudoku")),
    ("puzzlesat/render/", ("puzzlesat.cli",)),
]


def test_layers_never_reach_up(imports):
    """Rule 5: sudoku/ and mines/ import neither cli, render nor each other; render does not import cli."""
    offenders = [imp for prefix, forbidden in LAYERS for imp in reaching_into(imports, prefix, forbidden)]
    assert not offenders, "imports that cross the layers:\n" + listing(offenders)


# --- the checker checks itself --------------------------------------------------------------------


def test_cycle_finder_on_synthetic_graphs():
    """find_cycles reports every cycle of a small graph with two, and none of an acyclic one."""
    cyclic = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d", "a"}, "f": {"a"}}
    assert sorted(find_cycles(cyclic)) == [["a", "b", "c", "a"], ["d", "e", "d"]]
    assert find_cycles({"x": {"x"}}) == [["x", "x"]]
    acyclic = {"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a"}}
    assert find_cycles(acyclic) == []


def test_scanner_on_synthetic_package(tmp_path):
    """scan counts lazy, relative and parent-package imports, and leaves TYPE_CHECKING ones out of the graph."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import thing\n")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg import c\n"
        "thing = 1\n"
        "def f():\n"
        "    from . import b\n"
    )
    (package / "b.py").write_text("from .a import f\nimport click.testing\n")
    (package / "c.py").write_text("from pkg import a, thing\n")
    found = scan(package)
    assert import_graph(found) == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.b"},  # lazy import counted, TYPE_CHECKING import of pkg.c not
        "pkg.b": {"pkg.a"},  # relative import resolved
        "pkg.c": {"pkg", "pkg.a"},  # a is a submodule; thing comes from the package __init__
    }
    assert find_cycles(import_graph(found)) == [["pkg.a", "pkg.b", "pkg.a"]]
    assert [str(imp) for imp in third_party_outside(found, {"click"}, ("pkg/cli/",))] == [
        "pkg/b.py:2: import click.testing"
    ]
    assert [str(imp) for imp in reaching_into(found, "pkg/a.py", ("pkg.c",))] == ["pkg/a.py:3: from pkg import c"]
