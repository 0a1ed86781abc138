"""Public Hanabi game collections as [`GameRecord`][hanabi_core.GameRecord]s.

Both collections below store games as a deck and HLE move uids (see [`hle`][hanabi_core.hle]),
under HLE's rules (the ``"hle"`` edition), with HLE's colours R, Y, G, W, B:

- **JaxMARL's test corpus** (github.com/FLAIROx/JaxMARL, ``tests/hanabi``, Apache-2.0): 10,000
  two-player games of a trained agent, as ``decks.json`` (each deck a list such as ``"R1"``, top
  card first), ``actions.json`` (the uids of each game) and ``scores.txt`` (``index,score``);
  read them with [`read_jaxmarl_corpus`][hanabi_core.datasets.read_jaxmarl_corpus].
- **AH2AC2's human games** (Dizdarević et al., ICML 2025; hanab.live games, published on Hugging
  Face as ``ah2ac2/datasets``): ``.safetensors`` files holding ``decks`` (N, 50, 2) as
  [colour, rank index], ``actions`` (N, T, P) as JaxMARL uids per player (the player not to move
  sends the no-op uid, one past HLE's last), ``num_actions`` (N,), and ``scores``, ``game_ids``,
  ``num_players``; read them with [`read_ah2ac2`][hanabi_core.datasets.read_ah2ac2], which needs
  the ``datasets`` extra (safetensors and NumPy: ``pip install -e ".[datasets]"`` from a clone,
  ``pip install "hanabi-core[datasets]"`` once released on PyPI).

```python
from hanabi_core import EDITIONS, Play, new_game
from hanabi_core.datasets import record_from_uids

options = EDITIONS["hle"].options(2)
deck = [c.card for c in new_game(options, seed=3).dealt]
record = record_from_uids(options, deck, [5, 6])   # seat 0 plays slot 0, seat 1 plays slot 1
assert record.actions == (Play(0), Play(1)) and record.edition == "hle"
```
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
from collections.abc import Iterator
from typing import IO, Any

from .cards import Card
from .errors import IllegalAction, InvalidDeck, InvalidRecord, brief
from .hle import COLOUR_CHARS, HLE_COLOURS, max_moves
from .hle.moves import _uid_table
from .hle.replay import record_from_uids, replay_uids  # re-exported: their public home
from .options import EDITIONS
from .records import GameRecord
from .rules import apply, new_game

__all__ = ["read_ah2ac2", "read_jaxmarl_corpus", "record_from_uids", "replay_uids"]

Source = str | os.PathLike  # type: ignore[type-arg]


def _open(source: Source) -> IO[str]:
    """A text file, decompressed by its suffix (``.xz``, ``.gz``, ``.bz2``)."""
    path = os.fspath(source)
    if path.endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8")
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    if path.endswith(".bz2"):
        return bz2.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


#: What a damaged or foreign file raises while it is read or decompressed (bad JSON or UTF-8, a
#: cut or corrupt archive): each becomes an `InvalidRecord` naming the file. A file that cannot be
#: opened at all (missing, a folder, no permission) raises `OSError` as any file does.
_UNREADABLE = (ValueError, EOFError, lzma.LZMAError, gzip.BadGzipFile, OSError)


def _read(source: Source, what: str, read: Any) -> Any:
    """`read(file)` on the text file `source`, a damaged file refused as an `InvalidRecord`."""
    try:
        file = _open(source)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        raise
    except _UNREADABLE as error:
        raise InvalidRecord("$", f"{what} cannot be read: {brief(str(error))}") from None
    with file:
        try:
            return read(file)
        except _UNREADABLE as error:
            raise InvalidRecord("$", f"{what} cannot be read: {brief(str(error))}") from None


def _score_line(line: str, number: int) -> int:
    parts = line.split(",")
    if len(parts) != 2 or not parts[1].strip().isdigit():
        raise InvalidRecord(f"scores[{number}]", f"must be 'index,score', got {brief(line)}")
    return int(parts[1])


def _card(text: object, where: str) -> Card:
    if not (
        isinstance(text, str) and len(text) == 2 and text[0] in COLOUR_CHARS and text[1] in "12345"
    ):
        raise InvalidRecord(where, f"must be a card such as 'R1', got {brief(text)}")
    return Card(HLE_COLOURS[COLOUR_CHARS.index(text[0])], int(text[1]))


def read_jaxmarl_corpus(
    decks: Source, actions: Source, scores: Source | None = None
) -> Iterator[tuple[GameRecord, int | None]]:
    """JaxMARL's test corpus: each game's record and its recorded final score.

    Args:
        decks: ``decks.json`` (a list of ``{"deck": ["R1", …]}``).
        actions: ``actions.json`` (a list of uid lists).
        scores: ``scores.txt`` (``index,score`` lines); without it the scores are `None`.

    Files ending in ``.xz``, ``.gz`` or ``.bz2`` are decompressed. The games are two-player
    games under HLE's rules.

    Raises:
        InvalidRecord: a file that is not the corpus's format, or a game that does not replay.
        IllegalAction: a move the rules forbid (``error.turn`` names it).
    """
    deck_list: Any = _read(decks, "decks", json.load)
    action_list: Any = _read(actions, "actions", json.load)
    if not isinstance(action_list, list):
        raise InvalidRecord("$", "actions must be a list of games")
    score_list: list[int | None] = [None] * len(action_list)
    if scores is not None:
        score_list = _read(
            scores,
            "scores",
            lambda file: [_score_line(line, n) for n, line in enumerate(file) if line.strip()],
        )
    if not (isinstance(deck_list, list) and len(deck_list) == len(action_list) == len(score_list)):
        raise InvalidRecord("$", "decks, actions and scores must list the same games")
    options = EDITIONS["hle"].options(2)
    for n, (entry, uids, score) in enumerate(zip(deck_list, action_list, score_list, strict=True)):
        where = f"$[{n}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("deck"), list):
            raise InvalidRecord(where, 'must be an object with a "deck" list')
        deck = [_card(card, f"{where}.deck[{i}]") for i, card in enumerate(entry["deck"])]
        if not isinstance(uids, list):
            raise InvalidRecord(where, "the actions must be a list of uids")
        yield record_from_uids(options, deck, uids), score


def read_ah2ac2(source: Source | bytes) -> list[GameRecord]:
    """AH2AC2's games from a ``.safetensors`` file (a path, or its bytes), in file order.

    Each game is replayed to turn the players' JaxMARL uids into actions: at each of the game's
    ``num_actions`` turns the player to move's uid is taken, the others' must be the no-op.

    Raises:
        ImportError: safetensors or NumPy is missing (the ``datasets`` extra).
        InvalidRecord: a missing or malformed array, or a game that does not replay.
        IllegalAction: a move the rules forbid (``error.turn`` names it).
    """
    try:
        from safetensors.numpy import load, load_file  # noqa: PLC0415  (an optional extra)
    except ImportError as error:  # pragma: no cover - depends on the environment
        from ._support.extras import missing_extra  # noqa: PLC0415

        raise missing_extra(
            "hanabi_core.datasets.read_ah2ac2", "safetensors and NumPy", "datasets"
        ) from error
    path = source if isinstance(source, bytes) else os.fspath(source)
    if not isinstance(path, (bytes, str)):
        raise InvalidRecord("$", f"must be a path or the file's bytes, got {brief(source)}")
    try:
        data = load(path) if isinstance(path, bytes) else load_file(path)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        raise
    except Exception as error:  # safetensors' own SafetensorError, and whatever a bad header gives
        raise InvalidRecord("$", f"is not a safetensors file: {brief(str(error))}") from None
    for name in ("decks", "actions", "num_actions"):
        if name not in data:
            raise InvalidRecord(f"$.{name}", "is missing")
    for name, array in data.items():
        if array.dtype.kind not in "iu":  # counts, uids and cards are whole numbers
            raise InvalidRecord(f"$.{name}", f"must hold whole numbers, not {array.dtype}")
    decks, actions, lengths = data["decks"], data["actions"], data["num_actions"]
    if decks.ndim != 3 or decks.shape[2] != 2 or actions.ndim != 3 or lengths.ndim != 1:
        raise InvalidRecord(
            "$", "decks must be (N, cards, 2), actions (N, turns, players), num_actions (N,)"
        )
    players = int(actions.shape[2])
    if "num_players" in data:
        given = data["num_players"]
        if given.size != 1 or int(given.reshape(-1)[0]) != players:
            raise InvalidRecord("$.num_players", f"must be the actions' player count, {players}")
    if not 2 <= players <= 5:
        raise InvalidRecord("$.actions", f"HLE's games have 2 to 5 players, not {players}")
    if not (len(decks) == len(actions) == len(lengths)):
        raise InvalidRecord("$", "decks, actions and num_actions must list the same games")
    turns = int(actions.shape[1])
    for n, length in enumerate(lengths.tolist()):
        if not 0 <= length <= turns:
            raise InvalidRecord(f"$.num_actions[{n}]", f"must be from 0 to {turns}, got {length}")
    options = EDITIONS["hle"].options(players)
    table = _uid_table(options).actions
    noop = max_moves(options)
    records = []
    for n in range(len(decks)):
        deck = []
        for i, (colour, rank) in enumerate(decks[n].tolist()):
            if not (0 <= colour < 5 and 0 <= rank < 5):
                raise InvalidRecord(f"$.decks[{n}][{i}]", f"is not a card: {[colour, rank]}")
            deck.append(Card(HLE_COLOURS[colour], rank + 1))
        try:
            state = new_game(options, deck=deck)
        except InvalidDeck as error:
            raise InvalidRecord(f"$.decks[{n}]", str(error)) from None
        rows = actions[n].tolist()
        for turn in range(int(lengths[n])):
            row = rows[turn]
            uid = row[state.current_player]
            others = row[: state.current_player] + row[state.current_player + 1 :]
            if not 0 <= uid < noop or any(other != noop for other in others):
                raise InvalidRecord(
                    f"$.actions[{n}][{turn}]",
                    f"the player to move must send a uid below {noop}, the others {noop}",
                )
            try:
                state = apply(state, table[state.current_player][uid])
            except IllegalAction as error:
                raise error.at_turn(turn) from None
        records.append(GameRecord(options, deck, [t.action for t in state.turns], edition="hle"))
    return records
