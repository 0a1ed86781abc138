"""HLE's recorded games (``tests/data/hle/``): how they are stored and read back.

DeepMind's Hanabi Learning Environment (HLE) is a C++ library that needs a compiler and cmake to
install, so the default test run does not use it: ``scripts/record_hle.py`` plays games in the
installed HLE once and stores what HLE showed at every step here, and the default tests replay
those games in hanabi_core and compare. The live comparison with an installed HLE runs under the
``hle`` marker (``pytest -m hle``, after ``pip install -e ".[hle]"``).

Each file is JSON compressed with xz. An observation's ``vectorized`` bits are stored as a hex
string with its length (``{"bits": "…", "length": n}``) to keep the files small.
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

from hanabi_core import Action, Card, ColourClue, Discard, Play, RankClue

DATA = Path(__file__).resolve().parent / "data" / "hle"
#: Games played in HLE's ``pyhanabi`` (read by ``tests/test_hle_differential.py``).
PYHANABI_GAMES = DATA / "pyhanabi_games.json.xz"
#: Games played in HLE's ``rl_env`` (read by ``tests/test_hle_rl_env_differential.py``).
RL_ENV_GAMES = DATA / "rl_env_games.json.xz"

#: HLE's colour letters and hanabi_core's names of the base game's suits.
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "W": "white", "B": "blue"}
LETTERS = {name: letter for letter, name in COLOURS.items()}


def load(path: Path) -> Any:
    """The JSON stored xz-compressed in `path`."""
    return json.loads(lzma.decompress(path.read_bytes()))


def load_games(path: Path) -> list[Any]:
    """The recorded games in `path`; none if the file is missing (then the tests that check the
    recorded games cover every configuration fail, so a missing file is never silent)."""
    return load(path) if path.exists() else []


def save(path: Path, data: Any) -> None:
    """Store `data` as compact JSON, xz-compressed, in `path`."""
    text = json.dumps(data, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(lzma.compress(text.encode(), preset=9 | lzma.PRESET_EXTREME))


def pack_bits(bits: list[int]) -> dict[str, Any]:
    """0/1 bits as a hex string and a length."""
    value = int("".join(map(str, bits)) or "0", 2)
    return {"bits": f"{value:x}", "length": len(bits)}


def unpack_bits(packed: dict[str, Any]) -> list[int]:
    """The bits `pack_bits` stored."""
    length = packed["length"]
    return [int(bit) for bit in f"{int(packed['bits'], 16):0{length}b}"] if length else []


def card_to_json(card: Card) -> str:
    """A base-game card as HLE writes it: ``"R1"``."""
    return f"{LETTERS[card.suit]}{card.rank}"


def card_from_json(text: str) -> Card:
    """The card ``card_to_json`` wrote."""
    return Card(COLOURS[text[0]], int(text[1:]))


def action_to_json(action: Action) -> list[Any]:
    """An action as a short list: ``["P", slot]``, ``["D", slot]``, ``["C", seat, "red"]``,
    ``["N", seat, rank]``."""
    if isinstance(action, Play):
        return ["P", action.slot]
    if isinstance(action, Discard):
        return ["D", action.slot]
    if isinstance(action, ColourClue):
        return ["C", action.target, action.colour]
    if isinstance(action, RankClue):
        return ["N", action.target, action.rank]
    raise TypeError(f"not an action: {action!r}")


def action_from_json(item: list[Any]) -> Action:
    """The action ``action_to_json`` wrote."""
    kind, *rest = item
    if kind == "P":
        return Play(rest[0])
    if kind == "D":
        return Discard(rest[0])
    if kind == "C":
        return ColourClue(rest[0], rest[1])
    if kind == "N":
        return RankClue(rest[0], rest[1])
    raise ValueError(f"not a stored action: {item!r}")
