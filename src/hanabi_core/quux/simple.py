"""Quuxplusone/Hanabi's SimpleBot, move for move (``quux-simple``).

Every clue means "play these": a colour clue says the touched cards are that colour's next rank,
a rank clue says they are playable. A player plays its lowest card so marked; else clues the
partner (nearest first) whose hand gives the clue that marks the most really playable cards and
no unplayable one; else discards its oldest card, or, with every Note available, gives its
right-hand partner a rank clue about their oldest card (the *reclaim*, which everybody ignores).

Its knowledge is Quux's: per seat and hand position, each colour and rank NO, MAYBE or YES, and a
playable flag, kept for every seat from the public history, with Quux's hand-size-long arrays
(entries past a hand's real end stay blank). Its scores are Quux's README row (16.92, 18.48,
19.32, 18.50 at 2 to 5 players over 200,000 games from ``--seed 1``), game for game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import DealtCard
from ..views import PlayerView
from .common import QuuxObserver

__all__ = ["QuuxSimpleBot"]

_NO, _MAYBE, _YES = 0, 1, 2


class _Knowledge:
    """What a card's holder knows of it, as SimpleBot's ``CardKnowledge``."""

    __slots__ = ("colours", "playable", "values")

    def __init__(self) -> None:
        self.colours = [_MAYBE] * 5
        self.values = [_MAYBE] * 6  # index 0 unused: values are 1 to 5
        self.playable = False

    def set_colour(self, colour: int) -> None:
        self.colours = [_NO] * 5
        self.colours[colour] = _YES

    def set_value(self, value: int) -> None:
        self.values = [_NO] * 6
        self.values[value] = _YES

    def value(self) -> int:
        return self.values.index(_YES)


class QuuxSimpleBot(QuuxObserver):
    """SimpleBot of Quuxplusone/Hanabi: plays what a clue marked, clues playable cards, discards
    its oldest card. It uses no randomness. It plays the options of
    [`quux.common`][hanabi_core.quux.common]'s table and refuses the others with
    `InvalidOptions` on its first view.

    Args:
        rng: unused (the bot factory's signature).
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._knowledge: list[list[_Knowledge]] = []

    def start(self) -> None:
        """One blank entry per seat and hand position."""
        self._knowledge = [
            [_Knowledge() for _ in range(self.hand_size)] for _ in range(self.players)
        ]

    def _shift(self, seat: int, slot: int) -> None:
        # Quux's invalidateKnol: the later entries move down and a blank one is added at the end,
        # whether or not a card is drawn.
        entries = self._knowledge[seat]
        del entries[slot]
        entries.append(_Knowledge())

    def observe_discard(self, seat: int, slot: int, card: DealtCard) -> None:
        """Shift the discarder's entries."""
        self._shift(seat, slot)

    def observe_play(self, seat: int, slot: int, card: DealtCard, fits: bool) -> None:
        """Shift, then unmark every entry the played card might have been a twin of."""
        self._shift(seat, slot)
        colour = card.suit_index
        value = card.rank
        for entries in self._knowledge:
            for k in entries:
                if not k.playable or k.values[5] == _YES:
                    continue
                if k.colours[colour] == _NO or k.values[value] == _NO:
                    continue
                k.playable = False

    def observe_colour_clue(
        self, giver: int, target: int, colour: int, slots: Sequence[int]
    ) -> None:
        """The touched cards are that colour's next rank: playable."""
        value = self.built[colour] + 1
        entries = self._knowledge[target]
        for slot in slots:
            k = entries[slot]
            k.set_colour(colour)
            k.set_value(value)
            k.playable = True

    def observe_rank_clue(self, giver: int, target: int, rank: int, slots: Sequence[int]) -> None:
        """The touched cards are playable, unless the clue is a reclaim: given with every Note
        available, by the target's left-hand partner, touching the target's oldest card."""
        reclaim = (
            self.notes == self.max_notes and giver == (target + 1) % self.players and 0 in slots
        )
        if reclaim:
            return
        entries = self._knowledge[target]
        for slot in slots:
            k = entries[slot]
            k.set_value(rank)
            k.playable = True

    def __call__(self, view: PlayerView, /) -> Action:
        """Quux's SimpleBot's move."""
        self.catch_up(view)
        me = self.me
        # 1. Play the lowest-valued marked card (the first among equals).
        best, best_value = -1, 6
        for i, k in enumerate(self._knowledge[me]):
            if k.playable and k.value() < best_value:
                best, best_value = i, k.value()
        if best != -1:
            return Play(best)
        # 2. The clue that marks the most really playable cards and no unplayable one.
        if self.notes > 0:
            clue = self._helpful_clue(view)
            if clue is not None:
                return clue
        # 3. With every Note available, the reclaim clue; else discard the oldest card.
        if self.notes == self.max_notes:
            right = (me + self.players - 1) % self.players
            hand = view.hands[right]
            assert hand is not None
            return RankClue(right, hand[0].rank)
        return Discard(0)

    def _helpful_clue(self, view: PlayerView) -> Action | None:
        """The first clue (partners nearest first, colours then ranks) that marks the most really
        playable unmarked cards and touches no unplayable card; `None` if none marks any."""
        best = 0
        chosen: Action | None = None
        built = self.built
        colour_names = view.options.variant.clue_colours
        for step in range(1, self.players):
            partner = (self.me + step) % self.players
            hand = view.hands[partner]
            assert hand is not None
            entries = self._knowledge[partner]
            # Per colour and per rank: the cards a clue would newly mark, or -1 once it would
            # touch an unplayable card (Quux's "misinformative").
            colour_gain = [0] * 5
            rank_gain = [0] * 6
            for card, k in zip(hand, entries, strict=False):
                colour, rank = card.suit_index, card.rank
                if built[colour] + 1 != rank:
                    colour_gain[colour] = rank_gain[rank] = -1
                elif not k.playable:
                    if colour_gain[colour] >= 0:
                        colour_gain[colour] += 1
                    if rank_gain[rank] >= 0:
                        rank_gain[rank] += 1
            for colour in range(5):
                if colour_gain[colour] > best:
                    best, chosen = colour_gain[colour], ColourClue(partner, colour_names[colour])
            for rank in range(1, 6):
                if rank_gain[rank] > best:
                    best, chosen = rank_gain[rank], RankClue(partner, rank)
        return chosen
