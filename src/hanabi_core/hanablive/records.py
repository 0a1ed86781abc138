"""hanab.live's JSON game records, read and written (rule 11.4).

The mapping follows the facts of ``../shared/formats/hanab-live.md`` (format version 3.0.0); none of
hanab.live's code is used. Use it through [`read_record`][hanabi_core.read_record] and
[`write_record`][hanabi_core.write_record]; this module holds the translation.

| hanab.live | hanabi_core |
|---|---|
| `"No Variant"` (the default) | `"base"` |
| `"6 Suits"` | `"multicolour"` (its Teal suit is our multicolour) |
| `"Black (6 Suits)"` | `"multicolour-five"` (its Black suit is our five-card multicolour) |
| `"Rainbow (6 Suits)"` | `"multicolour-wild"` |
| `"Dark Rainbow (6 Suits)"` | `"multicolour-wild-five"` |
| `"White Reversed (6 Suits)"` | `"black-powder"` (its reversed White suit is our black) |
| any other variant name | [`hanablive.variant(name)`][hanabi_core.hanablive.variant] (rule 9.8) |
| Purple | white |
| `suitIndex`, clue `value` | the index in `Variant.suits`, in `Variant.clue_colours` |
| `emptyClues` | `negative_clues=True` |
| `allOrNothing` | `last_round=False` |
| `oneExtraCard` / `oneLessCard` | `hand_size` one more / one less than the table's |
| action types 0 and 1 (a card's order) | `Play` / `Discard` (a slot of the actor's hand) |
| type 0 / 1 on an inverted suit's card | `Discard` / `Play` (rule 9.13: what befell the card) |
| action types 2 and 3 | `ColourClue` / `RankClue` |
| action types 4 and 5 (ended by the server or a vote) | the game is abandoned (rule 7.5) |

`startingPlayer` s (a legacy option): our seat k is hanab.live's player (s + k) mod n, dealt that
player's cards, so the deal's blocks, card orders, clue targets and names rotate.

Refused, with an `InvalidRecord` naming the field: a variant hanab.live does not have or whose
mechanics hanabi_core does not implement (rule 9.28), `cardCycle`, detrimental characters, and a
deck play that actually happens (`deckPlays` itself is accepted: it changes nothing until a player
plays the last card of the deck).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from attrs import frozen

from .. import jsonutil as j
from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import START, Card
from ..errors import IllegalAction, InvalidDeck, InvalidOptions, InvalidRecord
from ..options import EDITIONS, Options, default_hand_size
from ..rules import apply, check, new_game
from ..spec import Rule
from ..state import Fate, GameState, card_action, card_fate
from .variants import HANAB_LIVE_VARIANTS, ID_PREFIX
from .variants import variant as catalogue_variant

__all__ = ["HANAB_LIVE_VARIANTS", "Decoded", "decode", "encode"]
_NAMES = MappingProxyType({ours: theirs for theirs, ours in HANAB_LIVE_VARIANTS.items()})

_TOP_LEVEL = ("players", "deck", "actions")
_TOP_LEVEL_OPTIONAL = ("options", "id", "seed", "notes", "characters")
_OPTIONS = (
    "variant",
    "emptyClues",
    "oneExtraCard",
    "oneLessCard",
    "allOrNothing",
    "deckPlays",
    "cardCycle",
    "startingPlayer",
    "detrimentalCharacters",
    "timed",
    "timeBase",
    "timePerTurn",
    "speedrun",
)
_BIG = 2**31 - 1
#: The name written for each seat of a record that has no names: hanab.live's format needs one
#: entry per seat (its player count; its server checks the count only and takes any name,
#: `server/src/command_replay_create.go`), and no hanab.live account has an empty name; a record
#: whose every name is this reads back without names, so that none is invented.
_NO_NAME = ""
#: hanab.live's end-condition codes for a game ended by the server and by a vote.
TERMINATED, TERMINATED_BY_VOTE = 4, 10


@frozen
class Decoded:
    """A hanab.live record translated: everything a `GameRecord` needs, and the replayed states."""

    options: Options
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    #: The players' names in our seat order; `None` when every name is empty (written so by
    #: `encode` for a record without names).
    players: tuple[str, ...] | None
    #: ``(by_vote, seat or None, end-condition code)`` when the server ended the game.
    ended: tuple[bool, int | None, int] | None
    states: tuple[GameState, ...]


def is_hanab_live(data: Mapping[str, Any]) -> bool:
    """Whether a parsed record looks like hanab.live's (it has no ``format`` field of ours)."""
    return "format" not in data and "deck" in data and "actions" in data and "players" in data


def _options(data: Mapping[str, Any], players: int) -> tuple[Options, bool, int]:
    raw = data.get("options", {})
    given = j.obj(raw, "$.options", (), _OPTIONS)
    path = "$.options"
    flags: dict[str, bool] = {}
    for name in ("emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing", "deckPlays"):
        flags[name] = j.boolean(given[name], j.at(path, name)) if name in given else False
    for name in ("timed", "speedrun"):
        if name in given:
            j.boolean(given[name], j.at(path, name))
    for name in ("timeBase", "timePerTurn"):
        if name in given and (
            isinstance(given[name], bool) or not isinstance(given[name], (int, float))
        ):
            raise InvalidRecord(
                j.at(path, name), f"must be a number, got {j.describe(given[name])}"
            )
    name = j.string(given.get("variant", "No Variant"), j.at(path, "variant"))
    try:
        # Rule 9.8; the names of HANAB_LIVE_VARIANTS are the library's own variants.
        variant = catalogue_variant(name)
    except InvalidOptions as error:
        raise InvalidRecord(j.at(path, "variant"), str(error)) from None
    if "cardCycle" in given and j.boolean(given["cardCycle"], j.at(path, "cardCycle")):
        raise InvalidRecord(j.at(path, "cardCycle"), "the card-cycle option is not supported")
    if "detrimentalCharacters" in given and j.boolean(
        given["detrimentalCharacters"], j.at(path, "detrimentalCharacters")
    ):
        raise InvalidRecord(
            j.at(path, "detrimentalCharacters"), "detrimental characters are not supported"
        )
    first = 0
    if "startingPlayer" in given:
        first = j.integer(given["startingPlayer"], j.at(path, "startingPlayer"), 0, players - 1)
    hand_size = default_hand_size(players) + flags["oneExtraCard"] - flags["oneLessCard"]
    try:
        options = EDITIONS["hanab-live"].options(
            players,
            variant=variant,
            hand_size=hand_size,
            negative_clues=flags["emptyClues"],
            last_round=not flags["allOrNothing"],
        )
    except InvalidOptions as error:
        raise InvalidRecord(path, str(error)) from None
    return options, flags["deckPlays"], first


def _deck(value: object, options: Options) -> tuple[Card, ...]:
    suits = options.variant.suit_names
    cards = []
    for i, item in enumerate(j.array(value, "$.deck", most=j.MAX_CARDS)):
        path = j.at("$.deck", i)
        card = j.obj(item, path, ("suitIndex", "rank"))
        suit = j.integer(card["suitIndex"], j.at(path, "suitIndex"), 0, len(suits) - 1)
        rank = j.integer(card["rank"], j.at(path, "rank"), 1, START)
        if rank not in options.variant.ranks:  # 1 to 5, and START in Up or Down (rule 9.29)
            raise InvalidRecord(
                j.at(path, "rank"),
                f"must be one of the variant's ranks {list(options.variant.ranks)}, got {rank}",
            )
        cards.append(Card(suits[suit], rank))
    return tuple(cards)


def _extras(data: Mapping[str, Any]) -> None:
    if "id" in data and (isinstance(data["id"], bool) or not isinstance(data["id"], (int, str))):
        raise InvalidRecord("$.id", f"must be a number or a string, got {j.describe(data['id'])}")
    if "seed" in data:
        j.string(data["seed"], "$.seed")
    if "notes" in data:
        j.array(data["notes"], "$.notes", most=6)
    if "characters" in data and j.array(data["characters"], "$.characters", most=6):
        raise InvalidRecord("$.characters", "detrimental characters are not supported")


def decode(data: Mapping[str, Any]) -> Decoded:
    """Translate a parsed hanab.live record, replaying it to map card orders to slots.

    Raises:
        InvalidRecord: the record is malformed or uses something hanabi_core does not support.
        IllegalAction: an action the rules forbid, naming its turn (its index in ``actions``).
    """
    j.obj(data, "$", _TOP_LEVEL, _TOP_LEVEL_OPTIONAL)
    names = j.array(data["players"], "$.players", most=6, least=2)
    players = tuple(j.string(name, j.at("$.players", i)) for i, name in enumerate(names))
    _extras(data)
    options, deck_plays, first = _options(data, len(players))
    deck = _deck(data["deck"], options)
    seats = _Seats(len(players), options.hand_size, first, len(deck))
    deck = seats.deck(deck)
    players = seats.deck(players, 1)
    try:
        state = new_game(options, deck=deck)
    except InvalidDeck as error:
        raise InvalidRecord("$.deck", str(error)) from None
    raw_actions = j.array(data["actions"], "$.actions", most=j.MAX_ACTIONS)
    states = [state]
    actions: list[Action] = []
    ended: tuple[bool, int | None, int] | None = None
    for i, item in enumerate(raw_actions):
        path = j.at("$.actions", i)
        raw = j.obj(item, path, ("type", "target"), ("value",))
        kind = j.integer(raw["type"], j.at(path, "type"), 0, 5)
        target = j.integer(raw["target"], j.at(path, "target"), -_BIG, _BIG)
        value = j.integer(raw.get("value", 0), j.at(path, "value"), -_BIG, _BIG)
        if kind in (4, 5):
            if i != len(raw_actions) - 1:
                raise InvalidRecord(
                    j.at("$.actions", i + 1), "follows the end of the game by the server"
                )
            refused = check(state, Play(0)) if state.is_over else None
            if refused is not None:
                raise refused.at_turn(i)
            ended = (kind == 5, seats.seat(target) if target >= 0 else None, value)
            break
        if kind == 2:
            colours = options.variant.clue_colours
            colour = j.integer(value, j.at(path, "value"), 0, len(colours) - 1)
            action: Action = ColourClue(seats.seat(target), colours[colour])
        elif kind == 3:
            action = RankClue(seats.seat(target), value)
        else:
            order = seats.order(target)
            action = _card_action(state, kind, order, path, deck_plays=deck_plays, turn=i)
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise error.at_turn(i) from None
        actions.append(action)
        states.append(state)
    named = None if all(name == _NO_NAME for name in players) else tuple(players)
    return Decoded(options, deck, tuple(actions), named, ended, tuple(states))


@frozen
class _Seats:
    """hanab.live's legacy `startingPlayer` option, translated at the edge.

    hanab.live deals to its players 0, 1, … in turn and lets player `first` act first; hanabi_core's
    seat 0 acts first (rule 2.6). So our seat k is hanab.live's player (first + k) mod n, dealt that
    player's cards (rule 2.4): the deal's blocks of `size` cards rotate, and card orders, clue
    targets and player names follow. With `first` 0 everything maps to itself.
    """

    n: int
    size: int
    first: int
    cards: int

    def seat(self, player: int) -> int:
        """Our seat of hanab.live's player (anything else unchanged, for the rules to refuse)."""
        return (player - self.first) % self.n if 0 <= player < self.n else player

    def order(self, theirs: int) -> int:
        """Our order of hanab.live's card order."""
        if not self.first or not 0 <= theirs < self.n * self.size <= self.cards:
            return theirs
        player, index = divmod(theirs, self.size)
        return self.seat(player) * self.size + index

    def deck(self, items: Sequence[Any], size: int | None = None) -> tuple[Any, ...]:
        """Their deck (or, with `size` 1, their players) in our seat order."""
        block = self.size if size is None else size
        if not self.first or self.n * block > len(items):
            return tuple(items)
        head = [
            items[((k + self.first) % self.n) * block + i]
            for k in range(self.n)
            for i in range(block)
        ]
        return (*head, *items[self.n * block :])


def _card_action(
    state: GameState, kind: int, order: int, path: str, *, deck_plays: bool, turn: int
) -> Action:
    make = Play if kind == 0 else Discard
    if state.is_over:
        return make(0)  # refused by rule 3.3 when applied
    seat = state.current_player
    for slot, card in enumerate(state.hands[seat]):
        if card.order == order:
            # Rule 9.13: hanab.live records what happened to the card; for a card of an inverted
            # suit, the player pressed the other button.
            return card_action(card, slot, play=kind == 0)
    deck = state.deck
    if kind == 0 and deck_plays and deck and deck[0].order == order:
        raise InvalidRecord(
            j.at(path, "target"),
            "a deck play (hanab.live's deckPlays option: playing the last card of the deck) "
            "is not supported",
        )
    rule = Rule.PLAY_FROM_OWN_HAND if kind == 0 else Rule.DISCARD_FROM_OWN_HAND
    verb = "play" if kind == 0 else "discard"
    raise IllegalAction(
        rule,
        f"Cannot {verb} card #{order}: it is not in the hand of seat {seat}, the player to move",
        state=state,
        turn=turn,
    )


def _check_same_game_on_hanab_live(states: Sequence[GameState]) -> None:
    """Refuse a game that hanab.live would have played otherwise.

    hanab.live ends a game once nothing left can raise the score (rule 7.6), which the library
    does only with `end_at_max_reachable`; its records are read with the `hanab-live` preset,
    where it is on. A game played with it off is written all the same when it is the same game
    under hanab.live's rule: every action is legal there too and the game ends (or not) with the
    same outcome. Read back, it has the option on and replays to the same states.
    """
    first = states[0]
    hanab_options = first.options.replace(end_at_max_reachable=True)
    deck = sorted([*(c for hand in first.hands for c in hand), *first.deck], key=lambda c: c.order)
    state = new_game(hanab_options, deck=[c.card for c in deck])
    last = first
    for before, after in itertools.pairwise(states):
        turn = after.last_turn
        if turn is None or before.turn == after.turn:
            continue  # an abandoned game's last state repeats the one before it
        last = after
        if state.is_over:
            break  # hanab.live had ended the game before this action
        state = apply(state, turn.action)
    if state.outcome != last.outcome:
        raise InvalidRecord(
            "$.options.end_at_max_reachable",
            "hanab.live would have ended this game earlier, once nothing left could raise the "
            "score (rule 7.6); play it with end_at_max_reachable=True (the hanab-live preset) "
            "to write it in hanab.live's format",
        )


def encode(
    states: Sequence[GameState],
    players: Sequence[str] | None,
    ended: tuple[bool, int | None, int | None] | None,
) -> dict[str, Any]:
    """A hanab.live record of a replayed game: `states` from the first to the last action's.

    Raises:
        InvalidRecord: naming the option of ours (``$.options.max_notes``) that hanab.live cannot
            express.
    """
    first = states[0]
    options = first.options
    variant = options.variant
    hanab_name = _NAMES.get(variant.id)
    if hanab_name is None and variant.id.startswith(ID_PREFIX):
        hanab_name = variant.name
        try:
            known = catalogue_variant(hanab_name) == variant
        except InvalidOptions:
            known = False
        if not known:
            hanab_name = None
    if hanab_name is None:
        raise InvalidRecord("$.options.variant", f"hanab.live has no {variant.id!r} variant")
    for name, default in (
        ("max_notes", 8),
        ("max_storms", 3),
        ("storm_out_score", "zero"),
        ("descending_bonus", "complete"),  # ruling 13.8: hanab.live's reversed suits
    ):
        if getattr(options, name) != default:
            raise InvalidRecord(
                f"$.options.{name}", f"hanab.live always plays with {name} = {default!r}"
            )
    if not options.last_round and options.no_legal_action != "wait":
        # Ruling 13.9: its "All or Nothing" softlock needs no card and no clue token.
        raise InvalidRecord(
            "$.options.no_legal_action",
            "hanab.live's All or Nothing plays with no_legal_action = 'wait'",
        )
    if not options.end_at_max_reachable:
        _check_same_game_on_hanab_live(states)
    hanab: dict[str, Any] = {}
    if variant.id != "base":
        hanab["variant"] = hanab_name
    extra = options.hand_size - default_hand_size(options.players)
    if extra not in (-1, 0, 1):
        raise InvalidRecord(
            "$.options.hand_size",
            f"hanab.live deals {default_hand_size(options.players)} cards for "
            f"{options.players} players, or one more or one less",
        )
    if extra == 1:
        hanab["oneExtraCard"] = True
    if extra == -1:
        hanab["oneLessCard"] = True
    if options.negative_clues:
        hanab["emptyClues"] = True
    if not options.last_round:
        hanab["allOrNothing"] = True
    everything = sorted(
        [*(c for hand in first.hands for c in hand), *first.deck], key=lambda c: c.order
    )
    deck = [{"suitIndex": variant.suit_index(c.suit), "rank": c.rank} for c in everything]
    actions: list[dict[str, int]] = []
    for before, after in itertools.pairwise(states):
        turn = after.last_turn
        if turn is None or before.turn == after.turn:
            continue  # the abandoned state repeats the last one
        action = turn.action
        if isinstance(action, (Play, Discard)):
            card = before.hands[turn.player][action.slot]
            # Rule 9.13: for a card of an inverted suit, hanab.live records what happened to it.
            played = card_fate(action, card, turn.misplay) is not Fate.DISCARDED
            actions.append({"type": 0 if played else 1, "target": card.order, "value": 0})
        elif isinstance(action, ColourClue):
            value = variant.clue_colours.index(action.colour)
            actions.append({"type": 2, "target": action.target, "value": value})
        else:
            actions.append({"type": 3, "target": action.target, "value": action.rank})
    if ended is not None:
        vote, seat, code = ended
        if vote:
            actions.append({"type": 5, "target": -1, "value": TERMINATED_BY_VOTE})
        else:
            target = -1 if seat is None else seat
            actions.append(
                {"type": 4, "target": target, "value": TERMINATED if code is None else code}
            )
    names = list(players) if players is not None else [_NO_NAME] * options.players
    record: dict[str, Any] = {"players": names, "deck": deck, "actions": actions}
    if hanab:
        record["options"] = hanab
    return record
