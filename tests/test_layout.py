"""The house rules of the code's layout, checked on every module so they stay true.

- No import cycles in ``bot/``, ``renderers/``, ``locales/`` and ``rules/``. Every import counts: at
  the top, under ``TYPE_CHECKING``, inside functions; relative imports are resolved. ``from package
  import name`` leads to the submodule ``package.name`` when there is one, else to the package's
  ``__init__``.
- Imports go one way: bot -> renderers -> locales -> rules. ``bot`` may use the three others,
  ``renderers`` may use ``locales`` and ``rules``, ``locales`` may use ``rules``, ``rules`` uses none.
- ``bot/`` is built in floors, each importing only the floors below it: storage, runtime, ui, core,
  then features and the table side by side, the games, the registry, the bot object, and on top the
  entry points and the catalogues' reading of the command tree. On one floor, features never import
  each other, nor does one game import another.
- No source file outside ``tests/`` is longer than a sitting's reading (500 lines).

Each check runs per top-level package, so a failure names the floor it is on.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "renderers", "locales", "rules")
# Every top-level folder of the project's own Python, the tests aside.
SOURCE_FOLDERS = sorted(
    folder.name
    for folder in ROOT.iterdir()
    if folder.is_dir()
    and not folder.name.startswith(".")
    and folder.name != "tests"
    and any(folder.rglob("*.py"))
)
MAX_LINES = 500
ALLOWED = {
    "bot": {"renderers", "locales", "rules"},
    "renderers": {"locales", "rules"},
    "locales": {"rules"},
    "rules": set(),
}

BOT_FLOORS = (
    ("storage",),
    ("runtime",),
    ("ui",),
    ("core",),
    ("features", "table"),
    ("games",),
    ("games.registry",),
    ("app",),
    ("__main__", "copy_database", "command_strings"),
)
# On these floors each package inside is a unit of its own: a feature, a game.
SPLIT_FLOORS = ("features", "games")

Graph = dict[str, frozenset[str]]


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that the file imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                # A package's relative imports start from the package itself, a module's from its own.
                anchor = name.split(".")[: len(name.split(".")) - node.level + is_package]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return (found & known) - {name}


def import_graph(root: Path, packages: tuple[str, ...]) -> Graph:
    """Module -> the modules of ``packages`` it imports."""
    files = {
        module_name(root, path): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
    }
    known = set(files)
    return {name: frozenset(imports_of(name, path, known)) for name, path in files.items()}


@cache
def project_graph() -> Graph:
    return import_graph(ROOT, PACKAGES)


def cycles(graph: Graph) -> list[list[str]]:
    """The groups of modules that import each other, round a circle (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def top(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycles(package: str) -> None:
    circles = [group for group in cycles(project_graph()) if any(top(member) == package for member in group)]
    assert not circles, "import cycles:\n" + "\n".join(" · ".join(group) for group in circles)


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_go_one_way(package: str) -> None:
    wrong = sorted(
        f"{name} imports {target}"
        for name, targets in project_graph().items()
        if top(name) == package
        for target in targets
        if top(target) not in ALLOWED[package] | {package}
    )
    assert not wrong, "\n".join(wrong)


def bot_unit(module: str) -> tuple[int, str]:
    """The floor of a module of ``bot`` and the unit it belongs to there."""
    parts = module.split(".")[1:]
    if parts[:2] == ["games", "registry"]:
        unit = "games.registry"
    elif parts and parts[0] in SPLIT_FLOORS:
        unit = ".".join(parts[:2])
    else:
        unit = parts[0] if parts else ""
    named = unit if any(unit in names for names in BOT_FLOORS) else unit.split(".")[0]
    floor = next((number for number, names in enumerate(BOT_FLOORS) if named in names), len(BOT_FLOORS))
    return floor, unit


def test_the_bot_is_built_in_floors() -> None:
    wrong = []
    for name, targets in project_graph().items():
        if top(name) != "bot":
            continue
        floor, unit = bot_unit(name)
        for target in targets:
            if top(target) != "bot":
                continue
            target_floor, target_unit = bot_unit(target)
            if target_floor > floor or (target_floor == floor and target_unit != unit):
                wrong.append(f"{name} ({unit}) imports {target} ({target_unit})")
    assert not wrong, "\n".join(sorted(wrong))


@pytest.mark.parametrize("folder", SOURCE_FOLDERS)
def test_no_source_file_is_longer_than_a_sitting(folder: str) -> None:
    long = sorted(
        f"{path.relative_to(ROOT)}: {lines} lines"
        for path in (ROOT / folder).rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    )
    assert not long, "\n".join(long)


def write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "app/__init__.py": "from .core import Host\n",
            "app/core.py": "import typing\nif typing.TYPE_CHECKING:\n    from app.parts.a import A\n",
            "app/parts/__init__.py": "",
            "app/parts/a.py": "def build():\n    from ..core import Host\n    from . import b\n",
            "app/parts/b.py": "import app.parts\nfrom app import core\n",
        },
    )
    graph = import_graph(tmp_path, ("app",))
    assert graph == {
        "app": frozenset({"app.core"}),
        "app.core": frozenset({"app.parts.a"}),
        "app.parts": frozenset(),
        "app.parts.a": frozenset({"app.core", "app.parts.b"}),
        "app.parts.b": frozenset({"app.parts", "app.core"}),
    }
    assert cycles(graph) == [["app.core", "app.parts.a", "app.parts.b"]]


def test_a_cycle_through_a_package_is_found() -> None:
    graph: Graph = {
        "store": frozenset({"store.sql"}),
        "store.sql": frozenset({"results"}),
        "results": frozenset({"store"}),
        "other": frozenset({"store"}),
    }
    assert cycles(graph) == [["results", "store", "store.sql"]]
