"""The house rules of the package's rooms (issues 21 and 29; `docs/contributing.md`).

A room is a group of modules that own one part of the library, and the rooms stand in layers:
a module imports from its own room and from rooms of lower layers, never from a higher one, and
two rooms of one layer do not import each other. Every import counts, the lazy ones inside
functions too (the whole syntax tree of every module is walked, and `import_module("...")` with a
constant name is read as an import); the few sanctioned upward imports are listed in `ALLOWED`
with their reason, as the page lists them. Inside a room, the imports that run when a module is
loaded (module level, outside `if TYPE_CHECKING:`) form no circle.

A leading underscore means "this room's alone": another room imports a module's public names, or
the names `docs/contributing.md` documents as internal API, never a `_name`. And `import
hanabi_core` does not load the hanab.live adapter, whose record codec the core imports on first
use.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import hanabi_core

SRC = Path(hanabi_core.__file__).parent

#: The rooms, lowest layer first: (layer, room, members). A member is a top-level name under
#: `hanabi_core` (a package: its name and everything under it); ``""`` is the package's own
#: `__init__`, the top-level API. Rooms of one layer are independent of each other.
ROOMS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (0, "toolbox", ("_support",)),
    (1, "values", (
        "errors", "spec", "cards", "actions", "variants", "options", "scoring", "deal", "state",
        "log",
    )),
    (2, "rules", ("rules",)),
    (2, "spec text", ("rulebook",)),
    (3, "information", ("knowledge", "views")),
    (4, "records", ("records", "jsonutil")),
    (5, "display", ("render", "notation")),
    (6, "players", ("bots", "quux", "sampling")),
    (7, "top-level API", ("",)),
    (8, "hanab.live", ("hanablive",)),
    (8, "HLE", ("hle", "rl_env", "pettingzoo", "datasets")),
    (9, "batch", ("batch",)),
    (10, "harness", ("simulate", "seating", "cli", "viewer", "__main__")),
    (11, "oracle", ("testing",)),
)  # fmt: skip

#: The sanctioned imports from a lower room to a higher one: (importer, imported, reason). Each
#: is lazy (inside a function), so loading the lower room never loads the higher one.
ALLOWED: tuple[tuple[str, str, str], ...] = (
    ("hanabi_core.state", "hanabi_core.render",
     "GameState's repr and _repr_svg_ draw through render on use (python-chess's lazy repr)"),
    ("hanabi_core.views", "hanabi_core.render",
     "PlayerView's repr and _repr_svg_ draw through render on use (the same lazy repr)"),
    ("hanabi_core.records", "hanabi_core.hanablive.records",
     "the codec table imports hanab.live's record codec on first use"),
    ("hanabi_core.records", "hanabi_core.hanablive.variants",
     "the codec table reads hanab.live's variant catalogue on first use"),
    ("hanabi_core.render", "hanabi_core.hle.text",
     "render.__getattr__'s deprecated hle_text alias (the text moved to hle/)"),
)  # fmt: skip


def layer_and_room(module: str) -> tuple[int, str]:
    """The layer and room of `module` (``hanabi_core.x.y``)."""
    parts = module.split(".")[1:]
    first = parts[0] if parts else ""
    for layer, name, members in ROOMS:
        if first in members:
            return layer, name
    raise AssertionError(f"{module} is in no room of ROOMS: add it there and to the page")


def room(module: str) -> str:
    return layer_and_room(module)[1]


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        parts = ("hanabi_core", *path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append((".".join(parts), path))
    return found


def _is_module(dotted: str) -> bool:
    parts = dotted.split(".")[1:]
    return SRC.joinpath(*parts).with_suffix(".py").is_file() or (
        SRC.joinpath(*parts, "__init__.py").is_file()
    )


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(tree: ast.AST, module_level: bool) -> Iterator[ast.AST]:
    """Every node; with `module_level`, only those run when the module loads."""
    if not module_level:
        yield from ast.walk(tree)
        return
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and _type_checking(child):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports(module: str, path: Path, module_level: bool = False) -> list[tuple[str, str, int]]:
    """What `module` imports of hanabi_core: (the module imported, the name, line).

    `from X import name` counts as an import of `X.name` when that is a module, else of `X`
    (the name is ``""`` for a whole module); `import_module("hanabi_core...")` as an import.
    """
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in _walk(ast.parse(path.read_text(encoding="utf-8")), module_level):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                if _is_module(f"{target}.{alias.name}"):
                    found.append((f"{target}.{alias.name}", "", node.lineno))
                else:
                    found.append((target, alias.name, node.lineno))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, "", node.lineno) for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.args[0].value, "", node.lineno))
    return [
        (target, name, line)
        for target, name, line in found
        if target == "hanabi_core" or target.startswith("hanabi_core.")
    ]


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_every_module_is_in_exactly_one_room() -> None:
    members = [member for _, _, names in ROOMS for member in names]
    assert len(members) == len(set(members)), "a name stands in two rooms"
    tops = {path.relative_to(SRC).parts[0].removesuffix(".py") for _, path in modules()}
    tops = {"" if top == "__init__" else top for top in tops}
    assert tops == set(members), (
        f"in no room: {sorted(tops - set(members))}; gone: {sorted(set(members) - tops)}"
    )
    # The walk found the package and its rooms.
    assert {room(module) for module, _ in modules()} == {name for _, name, _ in ROOMS}


def test_no_room_imports_a_higher_one() -> None:
    allowed = {(importer, imported) for importer, imported, _ in ALLOWED}
    used = set()
    upward = []
    for module, path in modules():
        layer, name = layer_and_room(module)
        for target, _, line in imports(module, path):
            their_layer, their_room = layer_and_room(target)
            if their_room == name or their_layer < layer:
                continue
            if (module, target) in allowed:
                used.add((module, target))
                continue
            upward.append(
                f"{path.relative_to(SRC)}:{line}: {module} ({name}, layer {layer}) imports "
                f"{target} ({their_room}, layer {their_layer})"
            )
    assert not upward, "imports from a lower room to a higher one:\n" + "\n".join(upward)
    assert used == allowed, f"ALLOWED lists imports that no longer exist: {allowed - used}"


def test_no_import_circle_inside_a_room() -> None:
    graph: dict[str, set[str]] = {}
    for module, path in modules():
        graph[module] = {
            target
            for target, _, _ in imports(module, path, module_level=True)
            if target != module and room(target) == room(module) and target in dict(modules())
        }
    circles = [circle for circle in _strongly_connected(graph) if len(circle) > 1]
    assert not circles, "import circles inside a room:\n" + "\n".join(
        " -> ".join(sorted(circle)) for circle in circles
    )


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of `graph`."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for following in graph.get(node, ()):
            if following not in index:
                visit(following)
                low[node] = min(low[node], low[following])
            elif following in on_stack:
                low[node] = min(low[node], index[following])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            found.append(component)

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_circle_check_finds_a_circle() -> None:
    # The check is not vacuous: a two-module circle and a self-contained chain.
    assert {frozenset(c) for c in _strongly_connected({"a": {"b"}, "b": {"a"}, "c": {"a"}})} == {
        frozenset({"a", "b"}),
        frozenset({"c"}),
    }


def test_no_room_imports_another_rooms_private_names() -> None:
    crossings = []
    for module, path in modules():
        for target, name, line in imports(module, path):
            # `from X import _name`: X's room decides; `from pkg import _module` (a module of the
            # package): the module's own room decides, and `_module` is the private name.
            imported = name or target.rsplit(".", 1)[1]
            if private(imported) and room(target) != room(module):
                crossings.append(
                    f"{path.relative_to(SRC)}:{line}: {module} imports {target} {name}".rstrip()
                )
    assert not crossings, "cross-room private imports:\n" + "\n".join(crossings)


def test_importing_the_package_does_not_load_the_hanab_live_adapter() -> None:
    code = (
        "import sys, hanabi_core\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('hanabi_core.hanablive'))\n"
        "assert not loaded, loaded\n"
        "from hanabi_core import Options, GameRecord, new_game, parse_record, write_record\n"
        "record = GameRecord.from_state(new_game(Options(2), seed=1))\n"
        "assert parse_record(write_record(record)) == record\n"
        "assert not any(m.startswith('hanabi_core.hanablive') for m in sys.modules)\n"
        "write_record(record, format='hanab-live')\n"
        "assert 'hanabi_core.hanablive.records' in sys.modules  # on first use\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
