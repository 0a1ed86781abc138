"""Quuxplusone/Hanabi's CheatBot, move for move (``quux-cheat``): it **cheats**, seeing its own
cards (never the deck), as Quux's reads every hand through shared globals.

In order: play a playable card (the lowest one whose successor a partner holds, nearest partner
first; else the lowest); when nobody holds a playable card, get rid of a useless or doubled card
(by a misplay if every Note is available and two Storms are spare), else of a duplicate, else of
the non-5, non-last copy furthest from its firework; then, in the endgame or when few cards are
missing for the Notes available, stall with a rank clue about the next player's oldest card before
discarding, otherwise after; failing all that, discard the highest card. Its scores are Quux's
README row (24.90, 24.98, 24.97, 24.95 at 2 to 5 players over 200,000 games from ``--seed 1``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import ClassVar, Literal

from ..actions import Action, Discard, Play, RankClue
from ..cards import DealtCard
from ..views import PlayerView
from .common import QuuxBot

__all__ = ["QuuxCheatBot"]

#: CheatBot's heuristic: with n Notes available, stall once at most TEMPO[n] cards are missing.
_TEMPO = (0, 1, 2, 3, 4, 5, 8, 25, 25)

_Face = tuple[int, int]


class QuuxCheatBot(QuuxBot):
    """CheatBot of Quuxplusone/Hanabi: **cheats** by seeing its own cards (``sees_own_cards``), as
    [`OpenBot`][hanabi_core.bots.OpenBot] does. It keeps no memory and uses no randomness. It
    plays the options of [`quux.common`][hanabi_core.quux.common]'s table (at most 8
    Notes) and refuses the others with `InvalidOptions` on its first view.

    Args:
        rng: unused (the bot factory's signature).
    """

    sees_own_cards: Literal[True] = True
    #: Its stalling table (`_TEMPO`) is Quux's, one entry per stone from 0 to 8.
    most_notes: ClassVar[int | None] = len(_TEMPO) - 1

    def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
        """Quux's CheatBot's move."""
        if not self._started:
            self._check_first(view)
        return _Turn(view, own_cards).move()


class _Turn:
    """One decision, with what Quux's CheatBot reads from its globals: every hand, the discards."""

    def __init__(self, view: PlayerView, own: Sequence[DealtCard]) -> None:
        self.view = view
        self.me = view.seat
        self.players = view.options.players
        self.hands: list[list[_Face]] = [
            [(c.suit_index, c.rank) for c in (own if seat == self.me else hand or ())]
            for seat, hand in enumerate(view.hands)
        ]
        self.mine = self.hands[self.me]
        built = view.built
        assert built is not None  # no hidden plays in the variants the bots accept
        self.built = built
        self.discarded = Counter((c.suit_index, c.rank) for c in view.discards)
        self.visible = Counter(face for hand in self.hands for face in hand)
        self.copies = [suit.copies for suit in view.options.variant.suits]
        self.notes = view.notes
        self.max_notes = view.options.max_notes
        self.can_discard = view.notes < self.max_notes
        storms = view.storms
        assert storms is not None
        self.mulligans = view.options.max_storms - storms

    def fits(self, face: _Face) -> bool:
        return self.built[face[0]] + 1 == face[1]

    def count(self, face: _Face) -> int:
        return self.copies[face[0]][face[1] - 1]

    def dead(self, face: _Face) -> bool:
        """Already built, or a lower card of its suit is all discarded."""
        colour, value = face
        pile = self.built[colour]
        if value <= pile:
            return True
        return any(
            self.discarded[(colour, v)] == self.count((colour, v)) for v in range(pile + 1, value)
        )

    def move(self) -> Action:
        view = self.view
        still_to_go = 25 - sum(self.built)
        endgame = still_to_go >= view.deck_size + 1
        action = self.play()
        if action is not None:
            return action
        if not any(self.fits(face) for hand in self.hands for face in hand):
            action = self.worthless() or self.duplicate()
            if action is not None:
                return action
            if not any(
                self.dead(face) or self.visible[face] >= 2 for hand in self.hands for face in hand
            ):
                action = self.probabilities()
                if action is not None:
                    return action
        if endgame or still_to_go <= _TEMPO[self.notes]:
            order = (self.temporize, self.worthless, self.duplicate, self.probabilities)
        else:
            order = (self.worthless, self.duplicate, self.temporize, self.probabilities)
        for step in order:
            action = step()
            if action is not None:
                return action
        # Nothing else: discard the highest card (the first of the highest).
        best = 0
        for i in range(1, len(self.mine)):
            if self.mine[i][1] > self.mine[best][1]:
                best = i
        return Discard(best)

    def play(self) -> Action | None:
        mine = self.mine
        for step in range(1, self.players):
            partner = self.hands[(self.me + step) % self.players]
            lowest, best = 5, -1
            for i, (colour, value) in enumerate(mine):
                if value >= lowest or not self.fits((colour, value)):
                    continue
                if (colour, value + 1) in partner:
                    lowest, best = value, i
            if best != -1:
                return Play(best)
        lowest, best = 10, -1
        for i, face in enumerate(mine):
            if self.fits(face) and face[1] < lowest:
                lowest, best = face[1], i
        return Play(best) if best != -1 else None

    def dispose(self, slot: int) -> Action | None:
        if self.can_discard:
            return Discard(slot)
        if self.mulligans >= 2:
            return Play(slot)  # a deliberate misplay, to be rid of the card
        return None

    def worthless(self) -> Action | None:
        # Only the first useless or doubled card is tried: if it cannot go, nothing does.
        mine = self.mine
        for i, face in enumerate(mine):
            if self.dead(face) or mine.count(face) >= 2:
                return self.dispose(i)
        return None

    def duplicate(self) -> Action | None:
        if not self.can_discard:
            return None
        for i, face in enumerate(self.mine):
            if self.visible[face] > 1:
                return Discard(i)
        return None

    def probabilities(self) -> Action | None:
        if not self.can_discard:
            return None
        best_gap, best = 0, -1
        for i, face in enumerate(self.mine):
            colour, value = face
            if value == 5:
                continue
            gap = value - self.built[colour]
            if gap > best_gap and self.discarded[face] != self.count(face) - 1:
                best_gap, best = gap, i
        return Discard(best) if best != -1 else None

    def temporize(self) -> Action | None:
        if self.notes == 0:
            return None
        following = (self.me + 1) % self.players
        return RankClue(following, self.hands[following][0][1])
