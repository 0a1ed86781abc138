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
[`hanablive.protocol`][hanabi_core.hanablive.protocol].

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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import attrs
from attrs import frozen

from .._fast import frozen_builder
from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import DealtCard
from ..errors import IllegalAction, InvalidOptions, InvalidRecord, brief
from ..knowledge import learn
from ..options import Options
from ..rules import legal_actions_from  # the one statement of legality (sections 3 to 5)
from ..rules.dead_hands import dead_hands_outcome, playable_now, still_to_move, waits
from ..rules.effects import (  # the one statement of a turn's effects (sections 5 to 7)
    card_effect,
    end_of_turn,
    firework_after,
    no_legal_action,
    seat_to_move,
)
from ..rules.tables import FACES_PER_SUIT, face_index, note_cap
from ..scoring import max_points
from ..spec import Rule
from ..state import Direction, EndReason, Outcome, card_action
from ..variants import ClueShown
from ..views import HiddenClue, HiddenPlay, PlayerView, seat_view, seen_clue
from . import records as _records
from ._checks import check_revealed, left_mask
from ._track import (
    _Entry,
    _hole_score,
    _last_clue_type,
    _logged_actions,
    _Marks,
    _oldest_first,
    _order_of,
    _push,
    _rebuilt,
    _seen_turns,
    _Tables,
    _tables,
    _touches,
    _Track,
    _with_fits,
)
from .protocol import (
    ALL_OR_NOTHING_FAIL,
    ALL_OR_NOTHING_SOFTLOCK,
    END_CONDITION,
    HIDDEN,
    IGNORED,
    NORMAL,
    STOPPED,
    Desync,
    field_int,
)

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
        ended: hanab.live's ``(endCondition, playerIndex)`` once a ``gameOver`` arrived, else
            `None`.
    """

    options: Options
    seat: int
    received: int
    ended: tuple[int, int] | None
    # Everything else the tracker keeps, in one tuple so that a message makes one new value of
    # six fields (status and turn messages change `received` alone).
    _t: _Track
    # Lookup tables derived from the variant alone (so not part of equality), kept here rather
    # than looked up per message: hashing a Variant costs more than a whole status message.
    _v: _Tables = attrs.field(eq=False, repr=False)

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
    def from_init(cls, init: Mapping[str, Any]) -> LiveGame:
        """A game before the deal, from the ``init`` hanab.live's server sends a seat, as it
        comes: the variant by ``options.variantName``, the options as the server spells them,
        our seat from ``ourPlayerIndex``
        ([`game_from_init`][hanabi_core.hanablive.wire.game_from_init], which also takes a
        parsed `wire.Init`). Give it the ``gameActionList`` next.

        Raises:
            ProtocolError: `init` is not an init frame's data.
            InvalidOptions: a variant or option hanabi_core does not support, or no seat.
        """
        from .wire import game_from_init  # noqa: PLC0415  (wire builds on this module)

        return game_from_init(init)

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
        track = _Track(
            hands=((),) * players,
            marks=((),) * players,
            faces=(None,) * len(variant.deck),
            seen=(0,) * len(_tables(variant).copies),
            drawn=0,
            built=(0,) * len(variant.suits),
            discards=(),
            notes=note_cap(options),  # rule 2.7 (half Notes: rule 9.25)
            storms=0,
            current_player=0,
            turn=0,
            turns_left=None,
            outcome=None,
            log=None,
            pending=None,
            directions=(Direction.UNDECIDED,) * len(variant.suits) if variant.up_or_down else (),
            starts=(0,) * len(variant.suits) if variant.sudoku else (),
        )
        return cls(options=options, seat=seat, received=0, ended=None, t=track, v=_tables(variant))

    # --- Reading the game ----------------------------------------------------------------------

    @property
    def dealing(self) -> bool:
        """The deal is not complete yet: more ``draw`` messages of the deal are due."""
        return self._t.drawn < self.options.players * self.options.hand_size

    @property
    def awaiting_draw(self) -> bool:
        """A play or a discard has arrived and the card drawn after it has not."""
        return self._t.pending is not None

    @property
    def is_over(self) -> bool:
        """The game has ended: by the rules, or stopped by hanab.live's server (rule 7.5).

        Either way `view.outcome` says how: hanab.live's normal ending is always the rules' own.
        """
        return self._t.outcome is not None or self.ended is not None

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
            for e in _oldest_first(t):
                if isinstance(e[2], HiddenPlay):
                    into.add(e[3][0])
                    if e[5] is not None and e[1] != self.seat:
                        holed.append((e[1], e[5]))
        faces = t.faces
        return seat_view(
            self.options,
            self.seat,
            orders=t.hands,
            cards=[tuple(faces[o] for o in hand) for hand in t.hands],
            marks=t.marks,
            drawn_cards=faces[: t.drawn],
            discards=t.discards,
            hole=hole,
            into_hole=into,
            holed=holed,
            built=t.built,
            notes=t.notes,
            storms=t.storms,
            deck_size=len(faces) - t.drawn,
            turn=t.turn,
            current_player=t.current_player,
            turns_left=t.turns_left,
            outcome=t.outcome,
            history=_seen_turns(t, self.seat, hole),
            directions=t.directions,
            starts=t.starts,
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
            self._t.notes,
            _logged_actions(self._t),
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
            rule, why = _refusal(self, action)
            raise IllegalAction(rule, f"Cannot {action}: {why}", action=action)
        if isinstance(action, (Play, Discard)):
            order = self._t.hands[self.seat][action.slot]
            return {"type": 0 if isinstance(action, Play) else 1, "target": order, "value": 0}
        if isinstance(action, ColourClue):
            value = self.options.variant.clue_colours.index(action.colour)
            return {"type": 2, "target": action.target, "value": value}
        assert isinstance(action, RankClue)
        return {"type": 3, "target": action.target, "value": action.rank}

    # --- Receiving messages --------------------------------------------------------------------

    def receive(self, message: Mapping[str, Any]) -> LiveGame:
        """The game after `message`, one game action as hanab.live's server sends it.

        Raises:
            Desync: the message is malformed or contradicts the game (naming its index and
                field); `self` is unchanged.
        """
        index = self.received
        if not isinstance(message, Mapping):
            raise Desync(index, "$", f"a message is a JSON object, got {type(message).__name__}")
        kind = message.get("type")
        if isinstance(kind, str):
            handler = _HANDLERS.get(kind)
            if handler is not None:
                return handler(self, message, index)
            if kind in IGNORED:
                return _advance(self, index)
        raise Desync(index, "type", f"unknown game action type {brief(kind)}")

    def receive_all(self, messages: Iterable[Mapping[str, Any]]) -> LiveGame:
        """The game after each of `messages` in turn (e.g. a ``gameActionList``)."""
        game = self
        for message in messages:
            game = game.receive(message)
        return game

    # --- The handlers ---------------------------------------------------------------------------

    def _draw(self, m: Mapping[str, Any], index: int) -> LiveGame:
        options = self.options
        player = field_int(m, "playerIndex", index)
        order = field_int(m, "order", index)
        suit = field_int(m, "suitIndex", index)
        rank = field_int(m, "rank", index)
        drawn = self._t.drawn
        if order != drawn:
            why = "was already drawn" if 0 <= order < drawn else "is not the top card"
            raise Desync(index, "order", f"card {order} {why}; the next card to draw is {drawn}")
        if drawn >= len(self._t.faces):
            raise Desync(index, "order", "the deck is empty")
        pending = self._t.pending
        if self.dealing:
            due = drawn // options.hand_size  # rule 2.4: the deal goes in blocks, seat 0 first
            if player != due:
                raise Desync(index, "playerIndex", f"card {order} is dealt to seat {due}")
        elif pending is None or pending[1] != player:
            who = "nobody is due to draw" if pending is None else f"seat {pending[1]} draws next"
            raise Desync(index, "playerIndex", who)
        card = None
        face = -1
        if player == self.seat:
            # Rule 12.1: a seat never sees its own cards, and hanab.live hides them.
            if suit != HIDDEN or rank != HIDDEN:
                raise Desync(index, "suitIndex", "the seat's own draw must be hidden (-1, -1)")
        else:
            card, face = self._face(suit, rank, order, index)
            if self._t.seen[face] >= self._v.copies[face]:
                raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
        hands = list(self._t.hands)
        marks = list(self._t.marks)
        hands[player] = (*hands[player], order)
        marks[player] = (*marks[player], (self._v.all_faces, False))
        faces = self._t.faces
        seen = self._t.seen
        if card is not None:
            faces = (*faces[:order], card, *faces[order + 1 :])
            seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
        log = self._t.log
        if pending is not None:
            log = _push(log, (*pending[:8], order, card))
        track = self._t._replace(
            hands=tuple(hands),
            marks=tuple(marks),
            faces=faces,
            seen=seen,
            drawn=drawn + 1,
            log=log,
            pending=None,
        )
        return _advance(self, index, track)

    def _card(self, m: Mapping[str, Any], index: int) -> LiveGame:
        """A ``play`` or a ``discard`` (a misplay is a discard with ``failed`` true)."""
        is_play = m["type"] == "play"
        player = field_int(m, "playerIndex", index)
        order = field_int(m, "order", index)
        suit = field_int(m, "suitIndex", index)
        rank = field_int(m, "rank", index)
        failed = False
        if not is_play and "failed" in m:
            failed = m["failed"]
            if type(failed) is not bool:
                raise Desync(index, "failed", f"must be true or false, got {brief(failed)}")
        self._check_can_act(index, player, "playerIndex")
        hand = self._t.hands[player]
        if order not in hand:
            raise Desync(index, "order", f"card {order} is not in seat {player}'s hand")
        slot = hand.index(order)
        if self.options.variant.hidden_plays and (is_play or failed):
            # Rule 9.33: hanab.live sends every player a card put into the hole face down.
            if suit != HIDDEN or rank != HIDDEN:
                raise Desync(index, "suitIndex", "a card put into the hole is sent hidden (-1, -1)")
            return self._into_hole(player, order, slot, is_play, index)
        card, face = self._face(suit, rank, order, index)
        known = self._t.faces[order]
        options = self.options
        tables = self._v
        seen = self._t.seen
        if known is not None:
            if known != card:
                raise Desync(index, "suitIndex", f"card {order} is {known.card}, not {card.card}")
            card = known
        else:
            # The seat's own card, revealed: it must fit what clues said and the copies left.
            mask, _ = self._t.marks[player][slot]
            if not mask >> face & 1:
                suit_possible = mask >> (suit * FACES_PER_SUIT) & ((1 << FACES_PER_SUIT) - 1)
                field = "rank" if suit_possible else "suitIndex"
                raise Desync(index, field, f"clues said card {order} cannot be {card.card}")
            if seen[face] >= tables.copies[face]:
                raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
            seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
        t = self._t
        played = is_play or failed
        built, discards, notes, storms, directions, starts, misplay, note_gained = card_effect(
            options, t.built, t.discards, t.notes, t.storms, t.directions, t.starts, card, played
        )
        if is_play and misplay:
            raise Desync(
                index,
                "rank",
                f"{card.card} does not extend its firework; hanab.live sends a misplay as a "
                "discard with failed true",
            )
        if failed and not misplay:
            raise Desync(index, "failed", f"{card.card} would have extended its firework")
        if not played and t.notes >= note_cap(options) and not options.variant.discards_at_note_cap:
            raise Desync(
                index, "type", "a discard needs a spent Note (rule 5.2), and none is spent"
            )
        # hanab.live's message says what befell the card; the player pressed the other button for
        # a card of an inverted suit (rule 9.13), as its records store it.
        action: Action = card_action(card, slot, play=is_play or failed)
        hands = list(self._t.hands)
        marks = list(self._t.marks)
        hands[player] = hand[:slot] + hand[slot + 1 :]
        marks[player] = marks[player][:slot] + marks[player][slot + 1 :]
        faces = self._t.faces
        if known is None:
            faces = (*faces[:order], card, *faces[order + 1 :])
        # Rule 6.5: the player draws when cards are left; the draw arrives as its own message.
        draws = self._t.drawn < len(faces)
        entry: _Entry = (
            self._t.turn,
            player,
            action,
            (),
            (),
            card,
            failed,
            note_gained,
            None,
            None,
        )
        return self._end_turn(
            index, self._t, entry, draws, tuple(hands), tuple(marks), faces, seen, built,
            discards, notes, storms, card, directions, starts,
        )  # fmt: skip

    def _into_hole(self, player: int, order: int, slot: int, fits: bool, index: int) -> LiveGame:
        """A card put face down into the hole of Throw It in a Hole (rule 9.33): a ``play`` (it
        fitted) or a ``discard`` with ``failed`` true (a misplay), its face sent as −1."""
        t = self._t
        card = t.faces[order]  # known when another seat held it
        built, discards, storms = t.built, t.discards, t.storms
        unknown, hole_fits = t.hole_unknown, t.hole_fits
        if card is None:
            unknown += 1
            hole_fits += fits
        else:
            suit = card.suit_index
            # Rules 6.2 and 6.3, as `rules.effects.firework_after` states them.
            extends = firework_after(self.options, built, t.directions, t.starts, suit, card.rank)[
                0
            ]
            # The fireworks are exactly known while no card of the seat's own is in the hole;
            # once one is, a known card's firework may hold more than `built` says, so only a
            # complete firework refuses it (rule 6.2: a complete firework has nothing to extend).
            if not unknown and extends != fits:
                why = "would have extended" if extends else "does not extend"
                raise Desync(index, "type", f"{card.card} {why} its firework")
            if fits:
                if built[suit] >= len(self.options.variant.suits[suit].build_order):
                    raise Desync(index, "type", f"the {card.suit} firework is complete")
                built = (*built[:suit], built[suit] + 1, *built[suit + 1 :])
            else:
                discards = (*discards, card)  # rule 6.3, face down in the hole until the end
        storms += not fits
        hands = list(t.hands)
        marks = list(t.marks)
        hands[player] = t.hands[player][:slot] + t.hands[player][slot + 1 :]
        marks[player] = t.marks[player][:slot] + t.marks[player][slot + 1 :]
        # The entry keeps the card's order in its `touched` place (a play touches nothing), for
        # `view` and `reveal`; the view never shows it there.
        entry: _Entry = (
            t.turn, player, HiddenPlay(slot), (order,), (), card, not fits, False, None, None
        )  # fmt: skip
        return self._end_turn(
            index, t._replace(hole_unknown=unknown, hole_fits=hole_fits), entry,
            t.drawn < len(t.faces), tuple(hands), tuple(marks), t.faces, t.seen, built, discards,
            t.notes, storms, card, t.directions, t.starts,
        )  # fmt: skip

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
        index = self.received
        if not self.is_over:
            raise Desync(index, "cardIdentities", "the cards are shown once the game is over")
        t = self._t
        if not isinstance(identities, Sequence) or len(identities) != len(t.faces):
            raise Desync(index, "cardIdentities", f"must list the {len(t.faces)} cards")
        faces = list(t.faces)
        for order, item in enumerate(identities[: t.drawn]):
            if not isinstance(item, Mapping):
                raise Desync(index, f"cardIdentities[{order}]", "must be an object")
            suit = field_int(item, "suitIndex", index)
            rank = field_int(item, "rank", index)
            card, _ = self._face(suit, rank, order, index)
            known = faces[order]
            if known is not None and known != card:
                raise Desync(index, f"cardIdentities[{order}]", f"card {order} is {known.card}")
            if known is None and not any(order in hand for hand in t.hands):
                faces[order] = card  # a card of the seat's own, in the hole
        # Rules 1.2, 6.2 and 9.33: the faces must be the variant's copies and fit the plays.
        check_revealed(self.options, t, faces, index)
        # The fireworks and the discard pile (misplays in turn order), built again from the log.
        built, discards = _rebuilt(t, faces)
        track = t._replace(
            faces=tuple(faces),
            built=built,
            discards=discards,
            hole_unknown=0,
            hole_fits=0,
        )
        return _advance(self, index - 1, track)

    def _clue(self, m: Mapping[str, Any], index: int) -> LiveGame:
        options = self.options
        variant = options.variant
        giver = field_int(m, "giver", index)
        target = field_int(m, "target", index)
        clue = m.get("clue")
        if not isinstance(clue, Mapping):
            raise Desync(index, "clue", f"must be an object {{type, value}}, got {brief(clue)}")
        kind = field_int(clue, "type", index, "clue.")
        value = field_int(clue, "value", index, "clue.")
        touched = m.get("list")
        if not isinstance(touched, list) or any(type(o) is not int for o in touched):
            raise Desync(index, "list", f"must be a list of card orders, got {brief(touched)}")
        self._check_can_act(index, giver, "giver")
        if "turn" in m and field_int(m, "turn", index) != self._t.turn:
            raise Desync(index, "turn", f"turn {m['turn']}, but this is turn {self._t.turn}")
        cost = variant.note_units  # rule 9.25: two half Notes in Clue Starved
        if self._t.notes < cost:
            raise Desync(index, "type", "a clue costs a Note (rule 4.1), and none is left")
        if not 0 <= target < options.players or target == giver:
            raise Desync(index, "target", f"seat {giver} cannot give a clue to seat {target}")
        action: ColourClue | RankClue
        if kind == 0:
            if not 0 <= value < len(variant.clue_colours):
                raise Desync(index, "clue.value", f"no clue colour {value} in this variant")
            action = ColourClue(target, variant.clue_colours[value])
        elif kind == 1:
            if value not in variant.clue_ranks:  # rule 4.3 (9.18: fewer clue ranks, or none)
                raise Desync(index, "clue.value", f"no rank {value} clue in this variant")
            action = RankClue(target, value)
        else:
            raise Desync(index, "clue.type", f"must be 0 (colour) or 1 (rank), got {kind}")
        if _last_clue_type(variant, self._t) is type(action):
            raise Desync(index, "clue.type", "clue types alternate in this variant (rule 9.26)")
        hand = self._t.hands[target]
        hit = set(touched)
        if len(hit) != len(touched) or not hit <= set(hand):
            raise Desync(index, "list", f"{brief(touched)} are not distinct cards of seat {target}")
        if kind == 0:
            hit_faces = self._v.colour_faces[value]
            blind = variant.colour_clues_touch_nothing
        else:
            hit_faces = self._v.rank_faces[value]
            blind = variant.rank_clues_touch_nothing
        if not hit and not (options.negative_clues or blind):
            raise Desync(index, "list", "a clue must touch a card (rule 4.5)")
        if target != self.seat:
            # Rules 4.4, 4.6, 4.7 and 9.27: the clue touches exactly the cards the variant says.
            expected = [o for o in hand if _touches(self._t.faces[o], hit_faces)]
            if set(expected) != hit:
                raise Desync(index, "list", f"the clue touches {expected}, not {sorted(hit)}")
        marks = list(self._t.marks)
        learnt = []
        # Rules 9.30 and 9.31: the server sends every seat the clue's value (actions_scrub.go
        # scrubs no clue), but where the variant hides it the seat is shown only what was
        # touched, and its client applies nothing of the faces (shouldApplyClue in
        # packages/game/src/rules/clues.ts).
        shown = variant.clue_shown
        hidden = shown is not ClueShown.VALUE
        # Rule 12.4: a card of the seat's own must keep a face with a copy it has not seen.
        left = left_mask(self._v.copies, self._t.seen) if target == self.seat else -1
        for order, (was, clued) in zip(hand, marks[target], strict=True):
            is_hit = order in hit
            faces = was if hidden else learn(hit_faces, was, is_hit)
            if not faces & left:
                raise Desync(index, "list", f"card {order} cannot be what this clue says")
            learnt.append((faces, clued or is_hit))
        marks[target] = tuple(learnt)
        order_touched = tuple(o for o in hand if o in hit)
        slots = tuple(i for i, o in enumerate(hand) if o in hit)
        seen = action if giver == self.seat else seen_clue(shown, action)
        entry: _Entry = (
            self._t.turn, giver, seen, order_touched, slots, None, False, False, None, None
        )  # fmt: skip
        t = self._t
        return self._end_turn(
            index, t, entry, False, t.hands, tuple(marks), t.faces, t.seen, t.built, t.discards,
            t.notes - cost, t.storms, None, t.directions, t.starts,
        )  # fmt: skip

    def _end_turn(  # noqa: PLR0917
        self,
        index: int,
        track: _Track,
        entry: _Entry,
        draws: bool,
        hands: tuple[tuple[int, ...], ...],
        marks: tuple[tuple[_Marks, ...], ...],
        faces: tuple[DealtCard | None, ...],
        seen: tuple[int, ...],
        built: tuple[int, ...],
        discards: tuple[DealtCard, ...],
        notes: int,
        storms: int,
        card: DealtCard | None,
        directions: tuple[int, ...],
        starts: tuple[int, ...],
    ) -> LiveGame:
        """The turn order (rule 3.2) and the end of the game (section 7), as `rules.apply` has
        them, with the draw that is still to come (rule 6.5) counted in advance. `track` is the
        game before the turn, but for the hole's counters (rule 9.33), already the turn's."""
        options = self.options
        player = entry[1]
        last_draw = draws and track.drawn + 1 == len(faces)
        if track.hole_unknown:
            # Rule 9.33: with cards of its own in the hole the seat knows the score (the fits),
            # not the fireworks: rules 7.1 to 7.3 need only the score (no Throw It in a Hole
            # variant reverses a suit); the server's gameOver says when rule 7.6 ends it.
            scored = _with_fits(built, track.hole_fits)
            turns_left, outcome = end_of_turn(
                options, track.turns_left, last_draw, scored, storms, discards, None
            )
        else:
            turns_left, outcome = end_of_turn(
                options, track.turns_left, last_draw, built, storms, discards, card, directions,
                starts,
            )  # fmt: skip
        after = (player + 1) % options.players  # rule 3.2
        undecided = False
        if (
            outcome is None
            and turns_left
            and options.end_at_max_reachable
            and not track.hole_unknown  # rule 9.33: the server's gameOver says (see `_ending`)
        ):
            # Rule 7.6a: in the final round only the hands of players still to move count. The
            # seat's own cards, and a card still to be drawn, are unseen: if one of them alone
            # could decide, the server's next message does.
            seats = still_to_move(options.players, after, turns_left)
            held = (cast(DealtCard, faces[o]) for s in seats if s != self.seat for o in hands[s])
            if not playable_now(options, built, directions, starts, held):
                unseen = (self.seat in seats and hands[self.seat]) or (draws and player in seats)
                if unseen:
                    undecided = True
                else:
                    outcome = dead_hands_outcome(options, built)
        if (
            outcome is None
            and not options.last_round
            and not hands[after]
            and not waits(options, notes)  # rule 7.4c under "wait": the game goes on
        ):
            # Rule 7.4c, no last round: a seat with an empty hand may have nothing to do.
            newest = (entry[2], *_logged_actions(track))
            seat, ends = seat_to_move(
                options, after, lambda s: self._can_act(s, hands, faces, notes, newest)
            )
            if ends:
                outcome = no_legal_action(options)
            else:
                after, undecided = seat, ends is None
        log = track.log
        pending = None
        if draws:
            pending = entry
        else:
            log = _push(log, entry)
        return _advance(self, index, _Track(
            hands, marks, faces, seen, track.drawn, built, discards, notes, storms,
            after, track.turn + 1, turns_left, outcome, log, pending, directions, starts,
            track.hole_unknown, track.hole_fits, undecided,
        ))  # fmt: skip

    def _can_act(
        self,
        seat: int,
        hands: tuple[tuple[int, ...], ...],
        faces: tuple[DealtCard | None, ...],
        notes: int,
        newest_first: tuple[Action | HiddenClue | HiddenPlay, ...],
    ) -> bool | None:
        """Whether `seat` has a legal action after the turn (rule 7.4c), decided by
        `rules.legal_actions_from` from the hands this seat sees; `None` when only a clue to this
        seat's own unseen cards could be legal, which it cannot tell (the server's next message
        will: `LiveGame` defers to it rather than guess)."""
        if hands[seat]:
            return True  # rule 6.1: a card to play
        own = self.seat
        seen = tuple(
            () if s == own else tuple(cast(DealtCard, faces[o]) for o in hand)
            for s, hand in enumerate(hands)
        )
        logged = tuple(a for a in newest_first if not isinstance(a, (HiddenClue, HiddenPlay)))
        if legal_actions_from(self.options, seat, 0, seen, notes, iter(logged)):
            return True  # an action that touches no unseen card
        if seat == own or not hands[own]:
            return False
        # Only a clue to this seat could be legal, if it touches one of its unseen cards: try its
        # hand as cards that every clue touching some card of the variant touches; no such clue
        # legal, then surely none.
        colours = ranks = 0
        for bits in self._v.colour_bits:
            colours |= bits
        for bits in self._v.rank_bits:
            ranks |= bits
        wild = (DealtCard(-1, "?", 0, 0, colours, ranks),) * len(hands[own])
        seen = (*seen[:own], wild, *seen[own + 1 :])
        return (
            None if legal_actions_from(self.options, seat, 0, seen, notes, iter(logged)) else False
        )

    def _status(self, m: Mapping[str, Any], index: int) -> LiveGame:
        clues = field_int(m, "clues", index)
        score = field_int(m, "score", index)
        field_int(m, "maxScore", index)  # hanab.live's count of reachable points: no rule of ours
        if clues != self._t.notes:
            raise Desync(index, "clues", f"{clues} clues, but {self._t.notes} Notes are available")
        built = _hole_score(self._t.built, self._t.hole_fits)  # rule 9.33: the unknown fits too
        if score != built:
            raise Desync(index, "score", f"score {score}, but {built} cards are built")
        return _advance(self, index)

    def _turn_message(self, m: Mapping[str, Any], index: int) -> LiveGame:
        num = field_int(m, "num", index)
        current = field_int(m, "currentPlayerIndex", index)
        turns = {self._t.turn}
        if self.ended is not None and self.ended[0] in STOPPED:
            turns.add(self._t.turn + 1)  # the server counts its own stopping action as a turn
        if num not in turns:
            raise Desync(index, "num", f"turn {num}, but {self._t.turn} actions have been taken")
        expected = -1 if self.is_over else self._t.current_player
        # Rule 7.4c undecided (see `_can_act`): the server's turn may already say the game ended.
        if current != expected and not (self._t.undecided and current == -1):
            raise Desync(
                index, "currentPlayerIndex", f"seat {current} to move, but it is {expected}"
            )
        return _advance(self, index)

    def _strike(self, m: Mapping[str, Any], index: int) -> LiveGame:
        num = field_int(m, "num", index)
        order = field_int(m, "order", index)
        turn = field_int(m, "turn", index)
        last = self._t.pending
        if last is None and self._t.log is not None:
            last = cast(_Entry, self._t.log.entry)
        if last and last[6] and _order_of(last) == order:
            # After its discard (hanab.live sends it before; either is accepted).
            storms, number = self._t.storms, last[0]
        elif not self.dealing and not self.is_over and self._t.pending is None:
            if order not in self._t.hands[self._t.current_player]:
                raise Desync(index, "order", f"card {order} was not misplayed")
            storms, number = self._t.storms + 1, self._t.turn
        else:
            raise Desync(index, "order", f"card {order} was not misplayed")
        if num != storms:
            raise Desync(index, "num", f"strike {num}, but this misplay is Storm {storms}")
        if turn != number:
            raise Desync(index, "turn", f"turn {turn}, but the misplay is turn {number}")
        return _advance(self, index)

    def _game_over(self, m: Mapping[str, Any], index: int) -> LiveGame:
        condition = field_int(m, "endCondition", index)
        player = field_int(m, "playerIndex", index)
        if self.ended is not None:
            raise Desync(index, "type", "the game is already over")
        if self.dealing or self._t.pending is not None:
            raise Desync(index, "type", "the game cannot end before the draw due")
        outcome = _ending(self.options, self._t, condition, index)
        return _advance(self, index, self._t._replace(outcome=outcome), (condition, player))

    # --- Shared checks -----------------------------------------------------------------------

    def _check_can_act(self, index: int, player: int, field: str) -> None:
        """Rules 3.2 and 3.3: the seat to move acts, once the deal is done and before the end."""
        if self.dealing:
            raise Desync(index, "type", "the deal is not complete")
        if self._t.pending is not None:
            raise Desync(index, "type", f"seat {self._t.pending[1]} has not drawn yet")
        if self.is_over:
            raise Desync(index, "type", "the game is over (rule 3.3)")
        if player != self._t.current_player:
            raise Desync(
                index, field, f"it is seat {self._t.current_player}'s turn, not seat {player}'s"
            )

    def _face(self, suit: int, rank: int, order: int, index: int) -> tuple[DealtCard, int]:
        tables = self._v
        if not 0 <= suit < len(tables.names):
            raise Desync(index, "suitIndex", f"no suit {suit} in this variant")
        if rank not in self.options.variant.ranks:  # 1 to 5, and START in Up or Down (9.29)
            raise Desync(index, "rank", f"no rank {rank}")
        face = face_index(suit, rank)
        card = DealtCard(
            order,
            tables.names[suit],
            rank,
            suit,
            tables.colour_bits[face],
            tables.rank_bits[face],
            tables.inverted[suit],
        )
        return card, face


def _ending(options: Options, track: _Track, condition: int, index: int) -> Outcome:
    """How the game ended, by hanab.live's ``gameOver`` end `condition` and by the rules (rule 7.5
    for a game stopped from outside; rules 7.4c and 9.33 where the seat cannot tell the end
    itself, and the server can).

    Raises:
        Desync: the rules and the server disagree (message `index`).
    """
    outcome = track.outcome
    if outcome is not None:
        expected = END_CONDITION.get(outcome.reason)
        if condition != expected:
            raise Desync(
                index,
                "endCondition",
                f"the game ended by {outcome.reason.value} (hanab.live's {expected}), "
                f"not {condition}",
            )
    elif condition in STOPPED:
        # Rule 7.5: stopped from outside (a timeout, a termination, a vote), scored 0.
        outcome = Outcome(EndReason.ABANDONED, 0, max_points(options), Rule.ABANDONED)
    elif condition == NORMAL and track.undecided and options.last_round:
        # Rule 7.6a: no card this seat sees with a player still to move can be played, and the
        # server saw that its own (or the card still to be drawn) cannot either.
        outcome = dead_hands_outcome(options, track.built)
    elif condition == ALL_OR_NOTHING_SOFTLOCK and track.undecided:
        # Rule 7.4c: the seat to move had nothing legal to do, which this seat could not see.
        outcome = no_legal_action(options)
    elif condition in (NORMAL, ALL_OR_NOTHING_FAIL) and track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat cannot tell when nothing is
        # left to build (rule 7.6) or, without a last round, when the maximum is out of reach
        # (rule 7.4b, scored 0); the server can, and says so.
        if condition == NORMAL:
            score = _hole_score(track.built, track.hole_fits)
            reason, rule = EndReason.NOTHING_LEFT_TO_BUILD, Rule.NOTHING_LEFT_TO_BUILD
        else:
            score, reason, rule = 0, EndReason.MAX_SCORE_UNREACHABLE, Rule.NO_LAST_ROUND
        outcome = Outcome(reason, score, max_points(options), rule)
    elif condition == NORMAL:
        # The rules end every game hanab.live ends normally (rule 7.6 included), so the view's
        # outcome always agrees with the server's ending.
        why = "the game ended normally, but by the rules it goes on"
        if not options.end_at_max_reachable:
            why += (
                " under these options; hanab.live ends a game once nothing is left to build "
                "(rule 7.6: end_at_max_reachable=True, as in the hanab-live preset)"
            )
        raise Desync(index, "endCondition", why)
    else:
        raise Desync(index, "endCondition", f"end condition {condition}, but the game goes on")
    return outcome


def _refusal(game: LiveGame, action: object) -> tuple[Rule, str]:
    """The first rule `action` breaks, in rule order as `rules.check` finds it, and why (for
    `LiveGame.action_message`)."""
    options, seat, track = game.options, game.seat, game._t
    if game.is_over:
        return Rule.NO_ACTION_AFTER_THE_END, "the game is over"
    if not game.is_my_turn:
        return Rule.TURN_ORDER, f"it is not seat {seat}'s turn"
    if isinstance(action, (Play, Discard)):
        size = len(track.hands[seat])
        if not 0 <= action.slot < size:
            rule = (
                Rule.PLAY_FROM_OWN_HAND if isinstance(action, Play) else Rule.DISCARD_FROM_OWN_HAND
            )
            return rule, f"your hand has slots 0 to {size - 1}"
        return Rule.DISCARD_NEEDS_A_SPENT_NOTE, f"all {options.max_notes} Notes are available"
    if isinstance(action, (ColourClue, RankClue)):
        variant = options.variant
        if track.notes < variant.note_units:
            half = "only half a Note is" if track.notes else "no Note tokens are"
            return Rule.CLUE_COSTS_A_NOTE, f"{half} available"
        if action.target == seat or not 0 <= action.target < options.players:
            return Rule.CLUE_TARGETS_ANOTHER_PLAYER, "a clue goes to another player"
        if isinstance(action, ColourClue) and action.colour not in variant.clue_colours:
            return Rule.CLUE_NAMES_ONE_VALUE, "this variant has no such clue colour"
        if isinstance(action, RankClue) and action.rank not in variant.clue_ranks:
            return Rule.CLUE_NAMES_ONE_VALUE, "this variant's clues cannot name that rank"
        if _last_clue_type(variant, track) is type(action):
            return Rule.ALTERNATING_CLUES, "a clue cannot be of the type of the one before it"
        return Rule.CLUE_MUST_TOUCH, f"it touches none of seat {action.target}'s cards"
    return Rule.KNOWN_ACTIONS_ONLY, "a turn is a Play, Discard, ColourClue or RankClue"


_HANDLERS = {
    "draw": LiveGame._draw,
    "play": LiveGame._card,
    "discard": LiveGame._card,
    "clue": LiveGame._clue,
    "status": LiveGame._status,
    "turn": LiveGame._turn_message,
    "strike": LiveGame._strike,
    "gameOver": LiveGame._game_over,
}

_build = frozen_builder(LiveGame)


def _advance(
    game: LiveGame,
    index: int,
    track: _Track | None = None,
    ended: tuple[int, int] | None = None,
) -> LiveGame:
    """`game` after message `index`: `attrs.evolve` for the hot path, without `__init__`
    (`_fast.frozen_builder`); the result is just as frozen."""
    return _build(
        game.options,
        game.seat,
        index + 1,
        game.ended if ended is None else ended,
        game._t if track is None else track,
        game._v,
    )
