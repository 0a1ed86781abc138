"""The house rules of the package's rooms (issue 21; `docs/contributing.md`).

A room is a group of modules that own one part of the library: the value types, the rules
(`hanabi_core/rules/`), the information layer (`knowledge`, `views`), the records, play
(bots, sampling, simulation, the command line), and the adapters (`hanablive/`, the HLE room
`hle/` with `rl_env`, `pettingzoo` and `datasets`), beside the shipped oracle (`testing/`) and
the spec (`rulebook/`). A leading underscore means "this room's alone": another room imports a
module's public names, or the names `docs/contributing.md` documents as internal API, never a
`_name`. And `import hanabi_core` does not load the hanab.live adapter, whose record codec the core
imports on first use.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import hanabi_core

SRC = Path(hanabi_core.__file__).parent

#: Each module's room, by its dotted name under `hanabi_core` (a package: its name and everything
#: under it). A module named nowhere here is a room of its own.
ROOMS = {
    "values": (
        "errors", "spec", "cards", "actions", "variants", "options", "scoring", "deal", "state",
        "log", "_fast", "_readonly", "_hashing",
    ),
    "rules": ("rules",),
    "information": ("knowledge", "views", "_incremental_view"),
    "records": ("records", "jsonutil"),
    "play": (
        "bots", "sampling", "simulate", "seating", "cli", "_cli_simulate", "_cli_input",
        "_cli_live", "_cli_serve", "_cli_view", "viewer", "__main__",
    ),
    "hanab.live": ("hanablive",),
    "HLE": ("hle", "rl_env", "pettingzoo", "datasets"),
    "oracle": ("testing",),
    "spec text": ("rulebook",),
    "package": ("",),
}  # fmt: skip


def room(module: str) -> str:
    """The room of `module` (``hanabi_core.x.y``)."""
    parts = module.split(".")[1:]
    for name, members in ROOMS.items():
        for member in members:
            if (member == "" and not parts) or (parts and parts[0] == member):
                return name
    return parts[0]


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        parts = ("hanabi_core", *path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append((".".join(parts), path))
    return found


def imported(module: str, path: Path) -> list[tuple[str, str, int]]:
    """Every `from X import name` of `module` that reaches into hanabi_core: (X, name, line)."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        if target == "hanabi_core" or target.startswith("hanabi_core."):
            found.extend((target, alias.name, node.lineno) for alias in node.names)
    return found


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_the_room_map_knows_every_module() -> None:
    # Every source module is read: the walk found the package and its rooms.
    rooms = {room(module) for module, _ in modules()}
    assert {"values", "rules", "information", "records", "hanab.live", "HLE"} <= rooms


def test_no_room_imports_another_rooms_private_names() -> None:
    crossings = []
    for module, path in modules():
        for target, name, line in imported(module, path):
            # `from X import _name`, or `from pkg import _module`: X's room decides, or the
            # imported module's own when the name is a module of the package imported from.
            owner = target
            if (SRC.joinpath(*target.split(".")[1:], name + ".py")).exists():
                owner = f"{target}.{name}"
            if private(name) and room(owner) != room(module):
                crossings.append(
                    f"{path.relative_to(SRC)}:{line}: {module} imports {target}.{name}"
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
