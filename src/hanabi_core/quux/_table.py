"""The table as Quux's server shows it to a bot before each move, rebuilt from a seat's views.

Quuxplusone/Hanabi (MIT) calls every bot back before each move and before each play, discard or
hint takes effect (`HanabiServer.cc`, `Server::pleasePlay`, `pleaseDiscard`,
`pleaseGiveColorHint`, `pleaseGiveValueHint`): inside those callbacks the bot reads the fireworks,
the hint stones, the mulligans, the deck size and the other hands *as they were before the move*.
A hanabi_core bot is called only on its own turn, with its seat's
[`PlayerView`][hanabi_core.PlayerView]; `QuuxTable` turns the view's history into those callbacks:
each turn not yet seen is shown to the bot with the table as it stood before that turn, then
applied. The work per call is the turns since the bot last moved, never the whole history.

`common.QuuxObserver` (quux-simple's) reports the same callbacks with the counts alone;
SmartBot and InfoBot also need the other hands as they were at each past turn (the discard
finesse reads the newest cards; the hat code answers questions about every hand) and the discard
pile, which this table keeps.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import ColourClue, Discard, Play, RankClue
from ..views import PlayerView, SeenTurn

__all__ = ["Face", "QuuxTable"]

Face = tuple[int, int]
"""A card as Quux's bots see it: (colour index in the variant's suit order, value 1 to 5)."""


class QuuxTable:
    """The public table and the other hands, replayed turn by turn from one seat's views.

    Attributes:
        players: seats.
        me: the viewing seat.
        piles: cards built on each firework, in the variant's suit order.
        stones: hint stones (Notes) available.
        max_stones: the cap (8 in print).
        strikes: mulligans (Storms) used.
        max_strikes: the Storm that ends the game.
        deck: cards left to draw.
        hands: each seat's hand, oldest first: `Face`s for the others, `None` per own card.
        discarded: cards in the discard pile (misplays included) by identity
            ``5·colour + value − 1``.
        discard_size: cards in the discard pile.
        seen: turns of the history already shown to the bot.
    """

    def __init__(self, first: PlayerView) -> None:
        options = first.options
        self.players = options.players
        self.me = first.seat
        self.colour_of = {suit.name: i for i, suit in enumerate(options.variant.suits)}
        self.max_stones = options.max_notes
        self.max_strikes = options.max_storms
        self.stones = options.max_notes
        self.strikes = 0
        self.piles = [0] * len(options.variant.suits)
        self.deck = len(options.variant.deck) - options.hand_size * self.players
        self.discarded = [0] * (5 * len(options.variant.suits))
        self.discard_size = 0
        # Undo the history (only the first call can hold turns: seats after 0 move later) to find
        # the hands as dealt: the others' faces are in the view, the own cards are `None`.
        hands: list[list[Face | None]] = []
        for seat, shown in enumerate(first.hands):
            if shown is None:
                hands.append([None] * first.hand_size(seat))
            else:
                hands.append([(c.suit_index, c.rank) for c in shown])
        for turn in reversed(first.history):
            action = turn.action
            if type(action) is Play or type(action) is Discard:
                held = hands[turn.player]
                if turn.drawn_order is not None:
                    held.pop()
                card = turn.card
                assert card is not None  # plays and discards are shown to all (rule 12.2)
                face = None if turn.player == self.me else (card.suit_index, card.rank)
                held.insert(action.slot, face)
        self.hands = hands
        self.seen = 0

    def catch_up(self, view: PlayerView, show: Callable[[SeenTurn], None]) -> None:
        """Show each turn of `view.history` not yet shown to `show`, the table standing as before
        that turn, and apply it."""
        history = view.history
        for number in range(self.seen, len(history)):
            turn = history[number]
            show(turn)
            self.apply(turn)
        self.seen = len(history)

    def apply(self, turn: SeenTurn) -> None:
        """The table after `turn` (`HanabiServer.cc`, `Server::pleasePlay` / `pleaseDiscard` /
        the hint functions): what the engine did, read from the view."""
        action = turn.action
        if type(action) is ColourClue or type(action) is RankClue:
            self.stones -= 1
            return
        assert type(action) is Play or type(action) is Discard
        card = turn.card
        assert card is not None
        if type(action) is Play and not turn.misplay:
            self.piles[card.suit_index] += 1
        else:
            if type(action) is Play:
                self.strikes += 1
            self.discarded[5 * card.suit_index + card.rank - 1] += 1
            self.discard_size += 1
        if turn.note_gained:
            self.stones += 1
        hand = self.hands[turn.player]
        del hand[action.slot]
        if turn.drawn_order is not None:
            self.deck -= 1
            drawn = turn.drawn
            hand.append(None if drawn is None else (drawn.suit_index, drawn.rank))

    def hand(self, seat: int) -> list[Face]:
        """Another seat's hand, oldest first."""
        assert seat != self.me
        return self.hands[seat]  # type: ignore[return-value]
