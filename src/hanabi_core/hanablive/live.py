"""One seat's game on hanab.live, fed the game messages its server sends (rules 11.4 and 12).

A bot sitting at a hanab.live table never holds the deck: the server tells each seat what
happened, one *game action* at a time (the items of its ``gameAction`` and ``gameActionList``
messages), with the seat's own draws hidden as ``suitIndex`` and ``rank`` −1.
[`LiveGame`][hanabi_core.hanablive.LiveGame] turns those messages into a
[`PlayerView`][hanabi_core.PlayerView], equal to [`view(state, seat)`][hanabi_core.view] of the
same game replayed with every card known, and checks every message against the rules and against
what the seat has already seen. [`messages`][hanabi_core.hanablive.messages] gives the messages a
seat received in a recorded game, to test a bot offline.

The messages and what is checked of each are described in
[`hanablive.protocol`][hanabi_core.hanablive.protocol]; `receive` takes them typed, as
[`hanablive.wire`][hanabi_core.hanablive.wire] parses them (a mapping as the server's JSON object
is parsed once, on the way in). This module holds `LiveGame`'s public API; what its tracker keeps
is `hanablive/track.py`'s, and the check of each message `hanablive/reducer.py`'s, functions of
the tracker that never see this class. The rules themselves are the rules room's (a clue's
refusal is `rules.legality.refusal`'s, the end of a turn `rules.effects.after_turn`'s), and what
the seat sees of a turn is `views.seen_turn`'s.

```python
from hanabi_core.hanablive import LiveGame

game = LiveGame.start(variant="No Variant", players=2, seat=1)
for order in range(10):  # the deal: seat 0 sees its own cards hidden, so does seat 1
    face = {"suitIndex": -1, "rank": -1} if order >= 5 else {"suitIndex": 0, "rank": 1 + order % 5}
    game = game.receive({"type": "draw", "playerIndex": order // 5, "order": order, **face})
assert game.view.hands[0][0].suit == "red" and game.view.hands[1] is None
assert not game.is_my_turn and game.legal_actions() == ()
```
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from .._support.fast import frozen_builder
from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import Card, DealtCard
from ..errors import IllegalAction, InvalidOptions, InvalidRecord, brief
from ..options import Options
from ..records import Abandonment, GameRecord
from ..rules import legal_actions_from  # the one statement of legality (sections 3 to 5)
from ..rules.effects import Table
from ..rules.tables import VariantTables, note_cap, variant_tables
from ..state import Direction
from ..views import HiddenPlay, PlayerView, seat_view
from . import records as _records
from . import reducer, wire
from .protocol import IGNORED, STOPPED, TERMINATED_BY_VOTE, Desync
from .track import Track, logged_actions, oldest_first, seen_turns

__all__ = ["LiveGame"]


@frozen
class LiveGame:
    """One seat's game on hanab.live: a frozen value, fed one server message at a time.

    Start one with [`LiveGame.start`][hanabi_core.hanablive.live.LiveGame.start]; each
    [`receive`][hanabi_core.hanablive.live.LiveGame.receive] returns the next value. Every
    message is checked; one that contradicts the game raises
    [`Desync`][hanabi_core.hanablive.Desync] and leaves the value it was sent to as it was.

    Attributes:
        options: the game's options (hanab.live's variant and table options translated).
        seat: the seat this game is played from.
        received: how many messages the game has received (the index of the next one).
    """

    options: Options
    seat: int
    received: int
    # Everything else the tracker keeps, in one tuple so that a message makes one new value of
    # five fields (status and turn messages change `received` alone).
    _t: Track
    # The variant's lookup tables (derived from the variant alone, so not part of equality),
    # kept here rather than looked up per message.
    _v: VariantTables = attrs.field(eq=False, repr=False)

    @classmethod
    def start(
        cls,
        variant: str = "No Variant",
        *,
        players: int,
        seat: int,
        options: Mapping[str, Any] | None = None,
    ) -> LiveGame:
        """A game before the deal: give it the ``draw`` messages of the deal next.

        The options are the `hanab-live` preset's (rule 11.4), as
        [`read_record`][hanabi_core.read_record] builds them for a hanab.live record: among
        others, the game ends once nothing is left to build (rule 7.6), as on the site.

        Args:
            variant: the hanab.live variant name, e.g. ``"No Variant"`` or ``"Rainbow (6 Suits)"``:
                any name `hanabi_core.hanablive.variant` builds (rule 9.8), the keys of
                `HANAB_LIVE_VARIANTS` as the library's own variants.
            players: how many seats the table has.
            seat: the seat the game is played from.
            options: hanab.live's table options, as in its records (``emptyClues``,
                ``oneExtraCard``, ``oneLessCard``, ``allOrNothing``, the timing flags, …).

        Raises:
            InvalidOptions: an unknown or unsupported variant (rule 9.28) or option (the legacy
                ``startingPlayer`` among them), or a seat that is not at the table.
        """
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptions(
                "options", f"must be hanab.live's table options (a mapping), got {brief(options)}"
            )
        table = dict(options or {})
        if not isinstance(variant, str):
            raise InvalidOptions(
                "variant", f"must be a hanab.live variant name, got {brief(variant)}"
            )
        table["variant"] = variant
        if type(players) is not int or not 2 <= players <= 6:
            raise InvalidOptions(
                "players", f"must be a whole number from 2 to 6, got {brief(players)}"
            )
        try:
            ours, _, first = _records._options({"options": table}, players)
        except InvalidRecord as error:
            field = error.path.removeprefix("$.options.").removeprefix("$.")
            raise InvalidOptions(field, str(error).split(": ", 1)[-1]) from None
        if first:
            # A legacy option of old records (rotated seats); the server no longer sends it.
            raise InvalidOptions("startingPlayer", "a live game starts with player 0")
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidOptions(
                "seat", f"must be a seat from 0 to {players - 1}, got {brief(seat)}"
            )
        return cls.from_options(ours, seat)

    @classmethod
    def from_init(cls, init: wire.Init | Mapping[str, Any]) -> LiveGame:
        """The seat's game before the deal, from the ``init`` hanab.live's server sends it (a
        [`wire.Init`][hanabi_core.hanablive.wire.Init], or its data as it comes, which is parsed
        first): the variant by its name (``options.variantName``), the players from
        ``playerNames``, our seat from ``ourPlayerIndex``, the table options as the server
        spells them (``emptyClues``, ``oneExtraCard``, ``allOrNothing``, …; the table's name,
        size and the variant's number are ignored). Give it the ``gameActionList`` next.

        Raises:
            ProtocolError: `init` is a mapping that is not an init frame's data.
            InvalidOptions: a variant or option hanabi_core does not support (card cycle, deck
                plays, detrimental characters), or we are a spectator (no seat).
        """
        if not isinstance(init, wire.Init):
            parsed = wire.parse("init", init)
            if not isinstance(parsed, wire.Init):
                raise wire.ProtocolError("init", "$", f"must be an object, got {brief(init)}")
            init = parsed
        if init.spectating or not 0 <= init.our_player_index < len(init.player_names):
            raise InvalidOptions("ourPlayerIndex", "we are not seated at this table")
        options = {k: v for k, v in init.options.items() if k not in _TABLE_ONLY}
        if options.get("startingPlayer") == 0:
            del options["startingPlayer"]  # the server writes 0 for every game since April 2020
        if "deckPlays" in options and options["deckPlays"] is True:
            raise InvalidOptions("deckPlays", "the deck-play option is not supported")
        variant = init.options.get("variantName", "No Variant")
        return cls.start(
            variant, players=len(init.player_names), seat=init.our_player_index, options=options
        )

    @classmethod
    def from_options(cls, options: Options, seat: int) -> LiveGame:
        """A game before the deal, from options of ours (their variant must exist on hanab.live).

        The game follows `options`, whatever they are, so that its view equals the engine's for
        the same game. hanab.live plays the `hanab-live` preset's rules (rule 11.4), which
        `start` builds: other options may not end a game when hanab.live does (rule 7.6), and its
        ``gameOver`` then raises `Desync`.

        Raises:
            InvalidOptions: the seat is not at the table, or `options` is not an `Options`.
        """
        if not isinstance(options, Options):
            raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
        if type(seat) is not int or not 0 <= seat < options.players:
            raise InvalidOptions(
                "seat", f"must be a seat from 0 to {options.players - 1}, got {brief(seat)}"
            )
        variant = options.variant
        players = options.players
        suits = len(variant.suits)
        tables = variant_tables(variant)
        track = Track(
            hands=((),) * players,
            marks=((),) * players,
            faces=(None,) * len(variant.deck),
            seen=(0,) * len(tables.face_copies),
            drawn=0,
            table=Table(
                built=(0,) * suits,
                discards=(),
                notes=note_cap(options),  # rule 2.7 (half Notes: rule 9.25)
                storms=0,
                directions=(Direction.UNDECIDED,) * suits if variant.up_or_down else (),
                starts=(0,) * suits if variant.sudoku else (),
            ),
            current_player=0,
            turn=0,
            turns_left=None,
            outcome=None,
            log=None,
            pending=None,
        )
        return cls(options=options, seat=seat, received=0, t=track, v=tables)

    def __reduce__(self) -> tuple[Any, ...]:
        # The variant's tables are the rules room's cache (read-only mappings that do not
        # pickle): a copy or an unpickled game looks them up again.
        return _rebuilt, (self.options, self.seat, self.received, self._t)

    # --- Reading the game ----------------------------------------------------------------------

    @property
    def ended(self) -> tuple[int, int] | None:
        """hanab.live's ``(endCondition, playerIndex)`` once a ``gameOver`` arrived, else
        `None`."""
        return self._t.ended

    @property
    def dealing(self) -> bool:
        """The deal is not complete yet: more ``draw`` messages of the deal are due."""
        return reducer.dealing(self._t, self.options)

    @property
    def awaiting_draw(self) -> bool:
        """A play or a discard has arrived and the card drawn after it has not."""
        return self._t.pending is not None

    @property
    def is_over(self) -> bool:
        """The game has ended: by the rules, or stopped by hanab.live's server (rule 7.5).

        Either way `view.outcome` says how: hanab.live's normal ending is always the rules' own.
        """
        return reducer.is_over(self._t)

    @property
    def end_undecided(self) -> bool:
        """Whether the game may have ended by a rule this seat cannot judge from what it sees,
        which the server's next message settles: rule 7.6a when only the seat's own cards (or
        the card still to be drawn) could still be played, rule 7.4c when only a clue to them
        could be legal. Until then `view.outcome` is `None`; `view(state, seat)` of the full game
        may already be over."""
        return self._t.undecided and not self.is_over

    @property
    def is_my_turn(self) -> bool:
        """The seat is to move, the deal is complete and the game is not over."""
        return (
            self._t.current_player == self.seat
            and not self.is_over
            and not self.dealing
            and self._t.pending is None
        )

    @property
    def hand(self) -> tuple[int, ...]:
        """The orders of the seat's own cards, oldest first."""
        return self._t.hands[self.seat]

    @property
    def view(self) -> PlayerView:
        """What the seat knows: equal to `view(state, seat)` of the same game, all cards known.

        Built on each access (keep it in a variable). Between a play or discard and the draw
        that follows it (`awaiting_draw`), the acting seat's hand is one card short: sample worlds
        (`sample_state`) from the views of complete turns.
        """
        t = self._t
        # Rule 9.33: while the game goes on (and until `reveal`, if the seat's own cards went into
        # the hole), the hole is face down: its cards are counted only by those who saw them.
        hole = self.options.variant.hidden_plays and (t.outcome is None or t.hole_unknown > 0)
        into: set[int] = set()
        holed: list[tuple[int, DealtCard]] = []
        if hole:
            for e in oldest_first(t):
                if isinstance(e.action, HiddenPlay):
                    into.add(e.touched[0])
                    if e.card is not None and e.player != self.seat:
                        holed.append((e.player, e.card))
        faces = t.faces
        table = t.table
        return seat_view(
            self.options,
            self.seat,
            orders=t.hands,
            cards=[tuple(faces[o] for o in hand) for hand in t.hands],
            marks=t.marks,
            drawn_cards=faces[: t.drawn],
            discards=table.discards,
            hole=hole,
            into_hole=into,
            holed=holed,
            built=table.built,
            notes=table.notes,
            storms=table.storms,
            deck_size=len(faces) - t.drawn,
            turn=t.turn,
            current_player=t.current_player,
            turns_left=t.turns_left,
            outcome=t.outcome,
            history=seen_turns(t, self.seat, self.options.variant.clue_shown, hole),
            directions=table.directions,
            starts=table.starts,
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do now, in `legal_actions`' order; empty when it is not its turn.

        None of it needs the seat's own cards: plays and discards name slots, and a clue's
        legality depends on the cards of its target (rules 4.1 to 5.2).
        """
        if not self.is_my_turn:
            return ()
        faces = self._t.faces
        hands = tuple(
            None if seat == self.seat else tuple(faces[order] for order in hand)
            for seat, hand in enumerate(self._t.hands)
        )
        # The rules are stated once, in rules.legal_actions_from; this reads the table into it.
        return legal_actions_from(
            self.options,
            self.seat,
            len(self._t.hands[self.seat]),
            hands,  # type: ignore[arg-type]  # another seat's cards are all seen
            self._t.table.notes,
            logged_actions(self._t),
        )

    def action_message(self, action: Action) -> dict[str, int]:
        """The payload of hanab.live's ``action`` command for `action`, the seat's own move:
        ``{"type": 0 play, 1 discard, 2 colour clue, 3 rank clue, "target", "value"}``, the
        target being the card's order for a play or a discard and the seat for a clue.

        Raises:
            IllegalAction: `action` is not one of `legal_actions()` (not the seat's turn, or the
                rules forbid it).
        """
        if action not in self.legal_actions():
            rule, why = reducer.refusal(self._t, self.options, self.seat, action)
            raise IllegalAction(rule, why, action=action)
        if isinstance(action, (Play, Discard)):
            order = self._t.hands[self.seat][action.slot]
            return {"type": 0 if isinstance(action, Play) else 1, "target": order, "value": 0}
        if isinstance(action, ColourClue):
            value = self.options.variant.clue_colours.index(action.colour)
            return {"type": 2, "target": action.target, "value": value}
        assert isinstance(action, RankClue)
        return {"type": 3, "target": action.target, "value": action.rank}

    # --- Receiving messages --------------------------------------------------------------------

    def receive(self, message: wire.GameActionItem | Mapping[str, Any]) -> LiveGame:
        """The game after `message`, one game action as hanab.live's server sends it: typed, as
        [`wire.parse`][hanabi_core.hanablive.wire.parse] reads it (the items of a
        `GameActionList`, the action of a `GameAction`), or the server's JSON object, which is
        parsed on the way in.

        Raises:
            Desync: the message is malformed or contradicts the game (naming its index and
                field); `self` is unchanged.
        """
        index = self.received
        # A typed action's fields hold values of their kinds (`wire` checks them on the way in,
        # whether parsed or built in Python): the hot path reads them as they are.
        handler = _HANDLERS.get(type(message))
        if handler is None:
            if isinstance(message, Mapping):
                message = _typed(message, index)  # the cold path: parsed once, here
            handler = _HANDLERS.get(type(message))
            if handler is None:
                return self._other(message, index)
        return _advance(
            self, index, handler(self._t, self._v, self.options, self.seat, message, index)
        )

    def _other(self, message: object, index: int) -> LiveGame:
        """A message no handler reads: one that carries nothing the rules need (`IGNORED`), or
        a `Desync`."""
        if isinstance(message, wire.UnknownAction):
            kind: object = message.type
        elif isinstance(message, (wire.PlayerTimes, wire.CardIdentity)):
            kind = message.TYPE
        else:
            raise Desync(index, "$", f"a message is a JSON object, got {type(message).__name__}")
        if isinstance(kind, str) and kind in IGNORED:
            return _advance(self, index, self._t)
        raise Desync(index, "type", f"unknown game action type {brief(kind)}")

    def receive_all(self, messages: Iterable[wire.GameActionItem | Mapping[str, Any]]) -> LiveGame:
        """The game after each of `messages` in turn (e.g. a ``gameActionList``)."""
        game = self
        for message in messages:
            game = game.receive(message)
        return game

    # --- The end of the game --------------------------------------------------------------------

    def record(self, players: Sequence[str] | None = None) -> GameRecord:
        """The whole game as a [`GameRecord`][hanabi_core.GameRecord], once the deal is known:
        after [`reveal`][hanabi_core.hanablive.live.LiveGame.reveal] with the server's
        ``cardIdentities``. Its edition is ``"hanab-live"`` (rule 11.4), as for a record read from
        hanab.live; a game stopped from outside (rule 7.5) is an abandoned record.

        Args:
            players: one name per seat (the ``init``'s ``playerNames``), or `None`.

        Raises:
            InvalidRecord: the deal is not known yet, or the seat did not see an action's value
                (rules 9.30 and 9.31), or `players` is not one name per seat.
        """
        deal = self._t.deal
        if deal is None:
            raise InvalidRecord("$.deck", "the deal is known once the cards are revealed")
        actions: list[Action] = []
        for turn in self.view.history:
            if not isinstance(turn.action, Play | Discard | ColourClue | RankClue):
                raise InvalidRecord(f"$.actions[{turn.number}]", "this seat did not see it")
            actions.append(turn.action)
        abandoned = None
        if self.ended is not None and self.ended[0] in STOPPED:
            condition, player = self.ended
            abandoned = Abandonment(
                "vote" if condition == TERMINATED_BY_VOTE else "server",
                player if 0 <= player < self.options.players else None,
                condition,
            )
        return GameRecord(
            self.options,
            tuple(Card(card.suit, card.rank) for card in deal),
            tuple(actions),
            players=players,
            edition="hanab-live",  # the game was played by hanab.live's rules (rule 11.4)
            abandoned=abandoned,
        )

    def reveal(self, identities: Sequence[Mapping[str, Any]]) -> LiveGame:
        """The game with every card's face known, from the ``cardIdentities`` hanab.live sends
        each player once a game is over (``server/src/game_end.go``): in Throw It in a Hole
        (rule 9.33) the seat's own cards in the hole are known only then, and with them the
        fireworks, the misplays and its view of the end (equal to `view(state, seat)` again).

        Args:
            identities: one ``{"suitIndex", "rank"}`` per card order, the message's
                ``cardIdentities``.

        Raises:
            Desync: the game is not over, or the identities contradict a card the seat saw
                (``index`` is the number of messages received).
        """
        index = self.received - 1
        return _advance(
            self,
            index,
            reducer.revealed(self._t, self._v, self.options, self.seat, identities, index),
        )


#: The reducer's handler of each game action: the tracker after the message.
_HANDLERS: dict[type[Any], Callable[..., Track]] = {
    wire.Draw: reducer.on_draw,
    wire.Play: reducer.on_card,
    wire.Discard: reducer.on_card,
    wire.Clue: reducer.on_clue,
    wire.Status: reducer.on_status,
    wire.Turn: reducer.on_turn,
    wire.Strike: reducer.on_strike,
    wire.GameOver: reducer.on_game_over,
}
#: The types of the game actions the handlers read.
_READ = frozenset(cls.TYPE for cls in _HANDLERS)
#: Options of the server's (``server/src/options.go``) that do not change the rules of a seat's
#: game: the table's name and size, the variant's number (its name is read), timing flags read
#: by `LiveGame.start` as records spell them.
_TABLE_ONLY = frozenset({"numPlayers", "variantID", "variantName", "tableName", "maxPlayers"})


def _typed(message: object, index: int) -> wire.GameActionItem:
    """`message`, the server's JSON object of a game action, parsed once (`wire.parse_action`);
    what the parser refuses is a `Desync` naming the message's own field."""
    if not isinstance(message, Mapping):
        raise Desync(index, "$", f"a message is a JSON object, got {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in _READ:
        if isinstance(kind, str) and kind in IGNORED:
            return wire.UnknownAction(kind)
        raise Desync(index, "type", f"unknown game action type {brief(kind)}")
    try:
        # Lenient, as `receive` has always read a mapping: a clue's turn is checked when present.
        return wire.parse_action(message, lenient=True)
    except wire.ProtocolError as error:
        field = error.field.removeprefix("action").removeprefix(".") or "$"
        raise Desync(index, field, error.reason) from None


_build = frozen_builder(LiveGame)


def _advance(game: LiveGame, index: int, track: Track) -> LiveGame:
    """`game` after message `index`: `attrs.evolve` for the hot path, without `__init__`
    (`_support.fast.frozen_builder`); the result is just as frozen."""
    return _build(game.options, game.seat, index + 1, track, game._v)


def _rebuilt(options: Options, seat: int, received: int, track: Track) -> LiveGame:
    """The game `LiveGame.__reduce__` pickles, with its variant's tables looked up again."""
    return _build(options, seat, received, track, variant_tables(options.variant))
