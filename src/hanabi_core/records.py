"""Game records: a whole game as data, read from and written to JSON.

A [`GameRecord`][hanabi_core.GameRecord] is the options, the deck (top card first) and the actions
of a game, with optional player names. Replaying it gives every state of the game.
[`read_record`][hanabi_core.read_record] reads the project's own format (below) or hanab.live's,
telling them apart by themselves; [`write_record`][hanabi_core.write_record] writes either.

```python
from hanabi_core import EDITIONS, GameRecord, RankClue, new_game, read_record, write_record

options = EDITIONS["rr-deluxe"].options(2)
state = new_game(options, seed=7)
record = GameRecord(options, deck=[c.card for c in (*state.hands[0], *state.hands[1], *state.deck)],
                    actions=[RankClue(1, state.hands[1][0].rank)], edition="rr-deluxe")
assert record.final().notes == 7
assert read_record(write_record(record)) == record
assert read_record(write_record(record, format="hanab-live")).actions == record.actions
```

**The hanabi-core format, version 1.** A JSON object:

- ``"format": "hanabi-core"`` and ``"version": 1``;
- ``"edition"`` (optional): an id of [`EDITIONS`][hanabi_core.EDITIONS], or ``null``; its
  settings are the defaults of the options not given;
- ``"options"``: ``players`` and ``variant`` (an id of [`VARIANTS`][hanabi_core.VARIANTS], or
  ``"hanab.live:"`` and a hanab.live variant name, rule 9.8: the library writes one of its own
  variants taken from hanab.live by name, ``"hanab.live:Rainbow (6 Suits)"``, so, to keep the
  site's names it shows), and
  optionally ``hand_size``, ``max_notes``, ``max_storms``, ``negative_clues``, ``storm_out_score``,
  ``last_round``, ``end_at_max_reachable``, ``descending_score``, ``descending_bonus`` and
  ``no_legal_action``, as in [`Options`][hanabi_core.Options] (the library writes them all);
- ``"players"`` (optional): one name per seat;
- ``"deck"``: every card, top first, as ``["red", 3]``;
- ``"actions"``: ``{"type": "play", "slot": 0}``, ``{"type": "discard", "slot": 0}``,
  ``{"type": "colour-clue", "target": 1, "colour": "red"}`` or
  ``{"type": "rank-clue", "target": 1, "rank": 3}``, slots indexing the actor's hand oldest first;
- ``"abandoned"`` (optional): ``{"by": "server" | "vote", "seat": 1, "code": 4}`` (``seat`` and
  ``code`` optional) when the game was stopped from outside after the last action (rule 7.5).

[`schema()`][hanabi_core.records.schema] returns its JSON Schema (``schema/record-v1.json`` in the
package).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, cached_property
from importlib import import_module, resources
from types import MappingProxyType, ModuleType
from typing import Any, Literal

from attrs import field, frozen

from . import jsonutil as j
from .actions import Action, ColourClue, Discard, Play, RankClue
from .cards import Card
from .errors import IllegalAction, InvalidDeck, InvalidOptions, InvalidRecord, brief
from .options import (
    DESCENDING_BONUSES,
    DESCENDING_SCORES,
    EDITIONS,
    NO_LEGAL_ACTION,
    STORM_OUT_SCORES,
    Options,
)
from .rules import abandon, apply, new_game  # abandon: re-exported, its old home
from .state import EndReason, GameState
from .variants import VARIANTS, Variant

__all__ = [
    "FORMAT",
    "VERSION",
    "Abandonment",
    "GameRecord",
    "abandon",
    "parse_record",
    "read_record",
    "schema",
    "write_record",
]

#: The format id of the project's own records.
FORMAT = "hanabi-core"
#: The version of the format this library writes (and the newest it reads).
VERSION = 1

_ACTION_TYPES = ("play", "discard", "colour-clue", "rank-clue")
_OPTION_FIELDS = (
    "players",
    "variant",
    "hand_size",
    "max_notes",
    "max_storms",
    "negative_clues",
    "storm_out_score",
    "last_round",
    "end_at_max_reachable",
    "descending_score",
    "descending_bonus",
    "no_legal_action",
)
_BIG = 2**31 - 1


@frozen
class Abandonment:
    """How a game was stopped from outside after its last action (rule 7.5).

    Attributes:
        by: ``"server"`` (a timeout, an idle game, a termination) or ``"vote"``.
        seat: the seat that caused it, if known.
        code: hanab.live's end-condition code, if known.
    """

    by: Literal["server", "vote"] = "server"
    seat: int | None = None
    code: int | None = None


def _sequence(value: object, path: str, what: str) -> tuple[Any, ...]:
    # Any iterable but a string (``players="AB"`` is not two players named A and B) or a mapping.
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise InvalidRecord(path, f"must be a list or a tuple of {what}, got {brief(value)}")
    return tuple(value)


def _check_abandonment(abandoned: Abandonment, players: int) -> None:
    j.string(abandoned.by, "$.abandoned.by", choices=("server", "vote"))
    if abandoned.seat is not None:
        j.integer(abandoned.seat, "$.abandoned.seat", 0, players - 1)
    if abandoned.code is not None:
        j.integer(abandoned.code, "$.abandoned.code", 0, _BIG)


def _tuple_or_none(value: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if value is None else _sequence(value, "$.players", "names")


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return _sequence(value, "$.deck", "cards")


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return _sequence(value, "$.actions", "actions")


@frozen
class GameRecord:
    """A whole game: options, deck, actions and, optionally, who played and where it came from.

    The deck and the actions are checked when the record is built; the actions are replayed on
    first use (`states`, `final`; [`read_record`][hanabi_core.read_record] does it at once).

    Attributes:
        options: the game's options.
        deck: every card, top first (a `DealtCard`'s order is its index here).
        actions: the actions, in turn order.
        players: one name per seat, or `None`.
        edition: the id of the [`Edition`][hanabi_core.Edition] played, or `None`.
        abandoned: set when the game was stopped from outside after the last action (rule 7.5).

    Raises:
        InvalidRecord: a field of the wrong kind, naming it (``$.players``); a deck that is not
            the variant's cards (``$.deck``).
    """

    options: Options
    deck: tuple[Card, ...] = field(converter=_cards)
    actions: tuple[Action, ...] = field(converter=_actions, default=())
    players: tuple[str, ...] | None = field(default=None, converter=_tuple_or_none, kw_only=True)
    edition: str | None = field(default=None, kw_only=True)
    abandoned: Abandonment | None = field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        # Everything the record format cannot hold is refused here, so that whatever can be built
        # can be written, and whatever `write_record` writes, `read_record` reads back equal.
        options = self.options
        if not isinstance(options, Options):
            raise InvalidRecord("$.options", "must be an Options")
        if self.players is not None:
            if len(self.players) != options.players:
                raise InvalidRecord(
                    "$.players", f"must be {options.players} names, one for each seat"
                )
            for i, name in enumerate(self.players):
                j.string(name, j.at("$.players", i))
        if self.edition is not None:
            edition = j.string(self.edition, "$.edition", choices=tuple(EDITIONS))
            if options.players not in EDITIONS[edition].players:
                raise InvalidRecord(
                    "$.edition",
                    f"the {EDITIONS[edition].name} edition has no game for {options.players} "
                    "players",
                )
        if self.abandoned is not None:
            if not isinstance(self.abandoned, Abandonment):
                raise InvalidRecord("$.abandoned", "must be an Abandonment")
            _check_abandonment(self.abandoned, options.players)
        for i, action in enumerate(self.actions):
            if not isinstance(action, (Play, Discard, ColourClue, RankClue)):
                raise InvalidRecord(
                    j.at("$.actions", i), "must be a Play, Discard, ColourClue or RankClue"
                )
        if len(self.actions) > j.MAX_ACTIONS:
            raise InvalidRecord("$.actions", f"holds more than {j.MAX_ACTIONS} actions")
        try:
            self._states.append(new_game(options, deck=self.deck))
        except InvalidDeck as error:
            raise InvalidRecord("$.deck", str(error)) from None

    @cached_property
    def _states(self) -> list[GameState]:
        # The replayed states, filled on first use: kept in a slot that is not a field, so never
        # part of equality, `attrs.asdict`, pickling or copying.
        return []

    @classmethod
    def from_state(
        cls,
        state: GameState,
        *,
        players: Sequence[str] | None = None,
        edition: str | None = None,
    ) -> GameRecord:
        """The record of the game that led to `state` (its deck, from every card seen, and its
        actions, from its history). An abandoned state gives an abandoned record."""
        cards: dict[int, Card] = {}
        for card in (*(c for hand in state.hands for c in hand), *state.deck, *state.discards):
            cards[card.order] = Card(card.suit, card.rank)
        for turn in state.turns:
            if turn.card is not None:
                cards[turn.card.order] = Card(turn.card.suit, turn.card.rank)
        deck = [cards[order] for order in sorted(cards)]
        ended = state.outcome is not None and state.outcome.reason is EndReason.ABANDONED
        return cls(
            state.options,
            deck,
            [turn.action for turn in state.turns],
            players=players,
            edition=edition,
            abandoned=Abandonment() if ended else None,
        )

    def states(self) -> Iterator[GameState]:
        """Every state, from the deal to the last action's (then the abandoned one, if any).

        Raises:
            IllegalAction: an action the rules forbid, naming its turn: `error.turn` is its index
                in `actions`.
        """
        expected = len(self.actions) + 1 + (self.abandoned is not None)
        if len(self._states) < expected:
            self._replay()
        yield from self._states

    def final(self) -> GameState:
        """The last state: the game's end if the record is complete.

        Raises:
            IllegalAction: as `states`.
        """
        *_, last = self.states()
        return last

    def _replay(self) -> None:
        state = self._states[0] if self._states else new_game(self.options, deck=self.deck)
        states = [state]
        for turn, action in enumerate(self.actions):
            try:
                state = apply(state, action)
            except IllegalAction as error:
                raise error.at_turn(turn) from None
            states.append(state)
        if self.abandoned is not None:
            try:
                state = abandon(state)
            except IllegalAction as error:
                raise error.at_turn(len(self.actions)) from None
            states.append(state)
        self._states[:] = states


# --- Reading ------------------------------------------------------------------------------------


def read_record(source: object) -> GameRecord:
    """A game record from a file, in either format (detected).

    `source` is the path of the file (a `str` or an `os.PathLike`). For compatibility with earlier
    versions it may also be what [`parse_record`][hanabi_core.parse_record] takes: a parsed object,
    or a `str` whose first character after a byte-order mark and blanks is ``{`` or ``[``, which
    is JSON text, not a path. New code should pass text to `parse_record`: any other string,
    ``"42"`` or ``"null"`` say, is taken for a path here. The record is replayed at once, so every
    error is raised here.

    Raises:
        InvalidRecord: the record is malformed, naming the JSON path of the field at fault
            (``$.actions[3].type``), or uses something the library does not support; at ``"$"``,
            `source` is not a path (an empty string, `bytes`, a number).
        IllegalAction: an action the rules forbid, naming its turn.
        OSError: the file cannot be read (it does not exist, it is a folder, …).
    """
    if isinstance(source, bytes):
        raise InvalidRecord(
            "$", "read_record takes a path; give JSON text as bytes to parse_record instead"
        )
    data, _ = j.load(source)
    return _record(data)


def parse_record(source: str | bytes | Mapping[str, Any]) -> GameRecord:
    """A game record from JSON text (`str` or UTF-8 `bytes`, a byte-order mark allowed) or an
    already parsed object, in either format (detected). Never reads a file: see
    [`read_record`][hanabi_core.read_record].

    ```python
    from hanabi_core import InvalidRecord, parse_record
    try:
        parse_record("42")
    except InvalidRecord as error:
        assert error.path == "$" and "a JSON object" in str(error)
    ```

    Raises:
        InvalidRecord: `source` is not JSON text or an object; the record is malformed (naming
            the JSON path of the field at fault); an object holds a key twice (naming it).
        IllegalAction: an action the rules forbid, naming its turn.
    """
    if isinstance(source, Mapping):
        return _record(source)
    if not isinstance(source, (str, bytes)):
        raise InvalidRecord(
            "$", f"parse_record takes JSON text or a parsed object, got {j.describe(source)}"
        )
    return _record(j.parse(source))


def _record(data: object) -> GameRecord:
    if not isinstance(data, Mapping):
        raise InvalidRecord("$", f"a record is a JSON object, got {j.describe(data)}")
    if "format" not in data and (hanab_live := _hanab_live_codec()).is_hanab_live(data):
        decoded = hanab_live.decode(data)
        record = GameRecord(
            decoded.options,
            decoded.deck,
            decoded.actions,
            players=decoded.players,
            edition="hanab-live",
            abandoned=_abandonment(decoded.ended, len(decoded.actions), decoded.options.players),
        )
        record._states[:] = decoded.states
        record.final()
        return record
    if "format" not in data:
        raise InvalidRecord(
            "$.format",
            "is missing: this is neither a hanabi-core record nor a hanab.live one "
            "(players, deck and actions)",
        )
    record = _read_ours(data)
    record.final()
    return record


def _abandonment(
    ended: tuple[bool, int | None, int] | None, index: int, players: int
) -> Abandonment | None:
    """The abandonment of a hanab.live record, its end action at `$.actions[index]`."""
    if ended is None:
        return None
    vote, seat, code = ended
    path = j.at("$.actions", index)
    # What our records cannot hold, refused here: a seat that is not one of the game's (-1, no
    # seat, is read as `seat=None`) or a negative end-condition code.
    if seat is not None and not 0 <= seat < players:
        raise InvalidRecord(
            j.at(path, "target"),
            f"the seat that ended the game must be from 0 to {players - 1}, or -1 for none",
        )
    if code < 0:
        raise InvalidRecord(j.at(path, "value"), "an end-condition code is never negative")
    return Abandonment("vote" if vote else "server", seat, code)


def _read_ours(data: Mapping[str, Any]) -> GameRecord:
    j.obj(
        data,
        "$",
        ("format", "version", "options", "deck", "actions"),
        ("edition", "players", "abandoned"),
    )
    j.string(data["format"], "$.format", choices=(FORMAT,))
    version = j.integer(data["version"], "$.version", 1, _BIG)
    if version > VERSION:
        raise InvalidRecord(
            "$.version", f"version {version} is newer than this library reads ({VERSION})"
        )
    edition = data.get("edition")
    if edition is not None:
        edition = j.string(edition, "$.edition", choices=tuple(EDITIONS))
    options = _read_options(data["options"], edition)
    players = None
    if "players" in data:
        names = j.array(data["players"], "$.players", most=options.players, least=options.players)
        players = tuple(j.string(name, j.at("$.players", i)) for i, name in enumerate(names))
    suits = options.variant.suit_names
    deck = []
    for i, item in enumerate(j.array(data["deck"], "$.deck", most=j.MAX_CARDS)):
        path = j.at("$.deck", i)
        pair = j.array(item, path, most=2, least=2)
        suit = j.string(pair[0], j.at(path, 0), choices=suits)
        # Ranks 1 to 5, and START (7) in Up or Down (rule 9.29).
        rank = j.integer(pair[1], j.at(path, 1), 1, max(options.variant.ranks))
        if rank not in options.variant.ranks:
            raise InvalidRecord(j.at(path, 1), f"must be from 1 to 5 or 7 (START), got {rank}")
        deck.append(Card(suit, rank))
    actions = tuple(
        _read_action(item, j.at("$.actions", i), options)
        for i, item in enumerate(j.array(data["actions"], "$.actions", most=j.MAX_ACTIONS))
    )
    abandoned = None
    if "abandoned" in data:
        raw = j.obj(data["abandoned"], "$.abandoned", ("by",), ("seat", "code"))
        by = j.string(raw["by"], "$.abandoned.by", choices=("server", "vote"))
        seat = None
        if "seat" in raw and raw["seat"] is not None:
            seat = j.integer(raw["seat"], "$.abandoned.seat", 0, options.players - 1)
        code = None
        if "code" in raw and raw["code"] is not None:
            code = j.integer(raw["code"], "$.abandoned.code", 0, _BIG)
        abandoned = Abandonment("vote" if by == "vote" else "server", seat, code)
    return GameRecord(options, deck, actions, players=players, edition=edition, abandoned=abandoned)


def _read_options(value: object, edition: str | None) -> Options:
    raw = j.obj(value, "$.options", ("players", "variant"), _OPTION_FIELDS[2:])
    path = "$.options"
    players = j.integer(raw["players"], j.at(path, "players"), 2, 6)
    settings: dict[str, Any] = {"variant": _read_variant(raw["variant"], j.at(path, "variant"))}
    for name in ("hand_size", "max_notes", "max_storms"):
        if name in raw:
            settings[name] = j.integer(raw[name], j.at(path, name), 1, 1000)
    for name in ("negative_clues", "last_round", "end_at_max_reachable"):
        if name in raw:
            settings[name] = j.boolean(raw[name], j.at(path, name))
    for name, choices in (
        ("storm_out_score", STORM_OUT_SCORES),
        ("descending_score", DESCENDING_SCORES),
        ("descending_bonus", DESCENDING_BONUSES),
        ("no_legal_action", NO_LEGAL_ACTION),
    ):
        if name in raw:
            settings[name] = j.string(raw[name], j.at(path, name), choices=choices)
    try:
        if edition is not None:
            return EDITIONS[edition].options(players, **settings)
        return Options(players, **settings)
    except InvalidOptions as error:
        where = error.field if error.field in _OPTION_FIELDS else None
        raise InvalidRecord(j.at(path, where) if where else path, str(error)) from None


def _named_by_id(variant: Variant) -> bool:
    """Whether `variant` is the one its id names, so a record can name it by id: one of
    `VARIANTS`, or hanab.live's of that name (rule 9.8)."""
    if VARIANTS.get(variant.id) == variant:
        return True
    catalogue = _hanab_live_catalogue()  # imported on first use: not one of ours
    prefix = catalogue.ID_PREFIX
    if not variant.id.startswith(prefix):
        return False
    try:
        named: Variant = catalogue.variant(variant.id.removeprefix(prefix))
    except InvalidOptions:
        return False
    return named == variant


def _variant_written(variant: Variant) -> str:
    """How a record names `variant`: its id; for one of the library's variants taken from
    hanab.live by name (showing the site's names, `Variant.display_name`), ``"hanab.live:"`` and
    that name, which reads back as the same variant with the same names (rule 9.8)."""
    if variant.display_name is not None and variant.id in VARIANTS:
        catalogue = _hanab_live_catalogue()
        if catalogue.HANAB_LIVE_VARIANTS.get(variant.display_name) == variant.id:
            return f"{catalogue.ID_PREFIX}{variant.display_name}"
    return variant.id


def _read_variant(value: object, path: str) -> str | Variant:
    """An id of `VARIANTS`, or a hanab.live variant: "hanab.live:" and its name (rule 9.8)."""
    name = j.string(value, path)
    if name in VARIANTS:
        return name
    catalogue = _hanab_live_catalogue()  # imported on first use: not one of ours
    if name.startswith(catalogue.ID_PREFIX):
        try:
            found: Variant = catalogue.variant(name.removeprefix(catalogue.ID_PREFIX))
        except InvalidOptions as error:
            raise InvalidRecord(path, str(error)) from None
        return found
    return j.string(name, path, choices=tuple(VARIANTS))


def _read_action(value: object, path: str, options: Options) -> Action:
    kind = j.obj(value, path, ("type",), ("slot", "target", "colour", "rank")).get("type")
    kind = j.string(kind, j.at(path, "type"), choices=_ACTION_TYPES)
    assert isinstance(value, Mapping)
    if kind in ("play", "discard"):
        raw = j.obj(value, path, ("type", "slot"))
        slot = j.integer(raw["slot"], j.at(path, "slot"), 0, _BIG)
        return Play(slot) if kind == "play" else Discard(slot)
    if kind == "colour-clue":
        raw = j.obj(value, path, ("type", "target", "colour"))
        target = j.integer(raw["target"], j.at(path, "target"), 0, options.players - 1)
        return ColourClue(target, j.string(raw["colour"], j.at(path, "colour")))
    raw = j.obj(value, path, ("type", "target", "rank"))
    target = j.integer(raw["target"], j.at(path, "target"), 0, options.players - 1)
    return RankClue(target, j.integer(raw["rank"], j.at(path, "rank"), 1, 5))


# --- Writing ------------------------------------------------------------------------------------


def write_record(
    record: GameRecord, format: Literal["hanabi-core", "hanab-live"] = "hanabi-core"
) -> str:
    """The record as JSON text, in the project's format or hanab.live's (one card or action a line).

    hanab.live's format keeps the variant, the hand size, the negative-clue and no-last-round
    options, the players' names (an empty name per seat when the record has none: the format
    needs one entry per seat; read back, such a record has none) and an abandonment.

    Raises:
        IllegalAction: the record's actions break the rules (they are replayed).
        InvalidRecord: `record` is not a `GameRecord`, `format` is unknown, the variant is not one
            of [`VARIANTS`][hanabi_core.VARIANTS] nor a hanab.live variant (a record names its
            variant by id, so a custom variant could not be read back), or hanab.live cannot
            express the record's options (naming the option, e.g. ``$.options.max_notes``).
    """
    if not isinstance(record, GameRecord):
        raise InvalidRecord("$", f"write_record writes a GameRecord, got {brief(record)}")
    variant = record.options.variant
    if not _named_by_id(variant):
        raise InvalidRecord(
            "$.options.variant",
            f"the variant {brief(variant.id)} is not one of the library's "
            f"({', '.join(VARIANTS)}) nor hanab.live's: a record names its variant by id, so a "
            "custom variant cannot be written",
        )
    writer = _WRITERS.get(format) if isinstance(format, str) else None
    if writer is None:
        raise InvalidRecord("format", f"must be 'hanabi-core' or 'hanab-live', got {brief(format)}")
    return _dump(writer(record))


def _to_ours(record: GameRecord) -> dict[str, Any]:
    record.final()  # refuse to write a record that does not replay
    o = record.options
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if record.edition is not None:
        data["edition"] = record.edition
    data["options"] = {
        "players": o.players,
        "variant": _variant_written(o.variant),
        "hand_size": o.hand_size,
        "max_notes": o.max_notes,
        "max_storms": o.max_storms,
        "negative_clues": o.negative_clues,
        "storm_out_score": o.storm_out_score,
        "last_round": o.last_round,
        "end_at_max_reachable": o.end_at_max_reachable,
        "descending_score": o.descending_score,
        "descending_bonus": o.descending_bonus,
        "no_legal_action": o.no_legal_action,
    }
    if record.players is not None:
        data["players"] = list(record.players)
    data["deck"] = [[card.suit, card.rank] for card in record.deck]
    data["actions"] = [_action_json(action) for action in record.actions]
    if record.abandoned is not None:
        ended: dict[str, Any] = {"by": record.abandoned.by}
        if record.abandoned.seat is not None:
            ended["seat"] = record.abandoned.seat
        if record.abandoned.code is not None:
            ended["code"] = record.abandoned.code
        data["abandoned"] = ended
    return data


def _action_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"type": "play", "slot": action.slot}
    if isinstance(action, Discard):
        return {"type": "discard", "slot": action.slot}
    if isinstance(action, ColourClue):
        return {"type": "colour-clue", "target": action.target, "colour": action.colour}
    return {"type": "rank-clue", "target": action.target, "rank": action.rank}


# --- The codec table -------------------------------------------------------------------------
# Ours is in this module; hanab.live's lives in its room (`hanablive/records.py`, with its variant
# catalogue) and is imported on first use, so that `import hanabi_core` does not load the hanab.live
# adapter and no import circle runs through `records`.


def _hanab_live_codec() -> ModuleType:
    return import_module("hanabi_core.hanablive.records")


def _hanab_live_catalogue() -> ModuleType:
    return import_module("hanabi_core.hanablive.variants")


def _write_hanab_live(record: GameRecord) -> dict[str, Any]:
    ended = None
    if record.abandoned is not None:
        ended = (record.abandoned.by == "vote", record.abandoned.seat, record.abandoned.code)
    data: dict[str, Any] = _hanab_live_codec().encode(list(record.states()), record.players, ended)
    return data


def _dump(data: Mapping[str, Any]) -> str:
    """JSON with one top-level field a line and one item a line in its lists."""
    lines = []
    for key, value in data.items():
        name = json.dumps(key)
        if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            items = ",\n".join(f"    {json.dumps(item, ensure_ascii=False)}" for item in value)
            lines.append(f"  {name}: [\n{items}\n  ]")
        else:
            lines.append(f"  {name}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


@cache
def _schema_text() -> str:
    return resources.files("hanabi_core").joinpath("schema/record-v1.json").read_text("utf-8")


def schema() -> dict[str, Any]:
    """The JSON Schema of the hanabi-core record format, version 1 (a fresh copy).

    It states the structure; `read_record` also checks what a schema cannot (the deck is exactly
    the variant's cards, the actions are legal).

    ```python
    from hanabi_core.records import schema
    assert schema()["properties"]["format"]["const"] == "hanabi-core"
    ```
    """
    loaded: dict[str, Any] = json.loads(_schema_text())
    return loaded


#: The formats `write_record` writes, each with its writer (`parse_record` tells them apart by the
#: ``format`` field: a record without one is tried as hanab.live's).
_WRITERS: Mapping[str, Callable[[GameRecord], dict[str, Any]]] = MappingProxyType(
    {"hanabi-core": _to_ours, "hanab-live": _write_hanab_live}
)
