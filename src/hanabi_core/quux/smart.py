"""`quux-smart`: Quuxplusone/Hanabi's SmartBot (the HLE paper's "SmartBot" row), move for move.

A reimplementation in this project's own code of `SmartBot.cc` / `SmartBot.h` from
github.com/Quuxplusone/Hanabi (MIT, (c) Arthur O'Dwyer, commit `daef9de`); each piece names the
C++ function it mirrors. Every seat keeps, for every hand position of every player, the set of
identities the holder may still believe the card to be (`CardKnowledge::cantBe_`, here a bit set:
bit ``5·colour + value − 1``), updated by the conventions SmartBot plays by:

- a hint names a playable card (the newest touched card whose playability it leaves open);
- a value hint on the card the next player would discard is a warning that it is valuable;
- a hint given at 8 stones to the previous player, touching his oldest card, is a "reclaim" and
  means nothing;
- a known playable card discarded marks the same card as the newest card of some other hand
  (discard finesse).

On its turn it warns, finesses, plays a card it knows fits, hints a playable card, plays a
mystery card near the end, or discards (`SmartBot::pleaseMakeMove`). It reads only its seat's
[`PlayerView`][hanabi_core.PlayerView]: the turns since its last move replay Quux's observation
callbacks (`QuuxTable`), so the work per turn does not grow with the game.

The C++ caches derived facts lazily (`computePlayable` and friends, "befuddled" on each play or
discard); here they are recomputed from the bit sets, which gives the same games (the
`quux-games` replays check it).
"""

from __future__ import annotations

import math

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..views import PlayerView, SeenTurn
from ._table import QuuxTable
from .common import QuuxBot

__all__ = ["QuuxSmartBot"]

NO, MAYBE, YES = 0, 1, 2


def _popcount(mask: int) -> int:
    return mask.bit_count()


class QuuxSmartBot(QuuxBot):
    """Quux's SmartBot (`SmartBot.cc`), playing from its seat's view.

    It plays the options Quux's bots model (the `quux` and `base` variants, hands of 2 or more,
    the last round: see [`quux.common`][hanabi_core.quux.common]); on its first view of
    others it raises `InvalidOptions`.

    Args:
        rng: unused (the bot factory's signature): SmartBot draws nothing at random.
    """

    # --- set-up ---------------------------------------------------------------------------------

    def _start(self, view: PlayerView) -> None:
        """`SmartBot::SmartBot`: a fresh knowledge entry per hand position of every seat."""
        self._check_first(view)
        copies = tuple(suit.copies for suit in view.options.variant.suits)
        self.copies = copies
        colours = len(copies)
        self.colours = colours
        bits = 5 * colours
        self.all = (1 << bits) - 1
        # total[b]: copies of identity b (`Card::count`).
        self.total = [copies[b // 5][b % 5] for b in range(bits)]
        self.colour_mask = [0b11111 << (5 * c) for c in range(colours)]
        self.value_mask = [0] + [
            sum(1 << (5 * c + v - 1) for c in range(colours)) for v in range(1, 6)
        ]
        self._suit_names = tuple(suit.name for suit in view.options.variant.suits)
        self.table = QuuxTable(view)
        self.me = view.seat
        self.n = view.options.players
        # handKnowledge_: one entry per card of each hand (the own hand's entries likewise).
        self.knol = [[self.all] * len(hand) for hand in self.table.hands]
        # playedCount_: cards seen played or discarded, misplays included.
        self.played = [0] * bits
        self._dirty = True

    # --- derived facts (SmartBot::isPlayable / isValuable / isWorthless) ------------------------

    def _facts(self) -> None:
        """The identities now playable, valuable and worthless, as bit sets; recomputed only
        after a pile or the played counts changed."""
        if not self._dirty:
            return
        piles = self.table.piles
        played = self.played
        total = self.total
        playable = valuable = worthless = played_full = 0
        for c in range(self.colours):
            next_value = piles[c] + 1
            gone = False  # a rank from next_value up to v - 1 has all its copies played
            for v in range(1, 6):
                b = 5 * c + v - 1
                # SmartBot::isWorthless: already built, or a lower rank all played/discarded.
                dead = v < next_value or gone
                if v >= next_value and played[b] == total[b]:
                    gone = True
                if played[b] == total[b]:
                    played_full |= 1 << b
                if dead:
                    worthless |= 1 << b
                elif played[b] == total[b] - 1:
                    # SmartBot::isValuable: the last copy of a card still needed.
                    valuable |= 1 << b
                if v == next_value:
                    playable |= 1 << b
        self.playable_set = playable
        self.valuable_set = valuable
        self.worthless_set = worthless
        # Identities with every copy played or discarded (`update()` excludes them always).
        self._played_full = played_full
        self._dirty = False

    @staticmethod
    def _tri(mask: int, subset: int) -> int:
        """YES when every identity of `mask` is in `subset`, NO when none is, else MAYBE
        (`CardKnowledge::computePlayable` and its siblings)."""
        inside = mask & subset
        if inside == mask:
            return YES
        return MAYBE if inside else NO

    @staticmethod
    def _prob(mask: int, subset: int) -> float:
        """`yes_count / total_count` (the C++ keeps a `float`; distinct fractions with
        denominators at most 25 keep their order, equal ones stay equal)."""
        if not mask:
            # Only a partner who does not play SmartBot's conventions can empty an entry; the C++
            # float division gives NaN, which no comparison prefers.
            return math.nan
        return _popcount(mask & subset) / _popcount(mask)

    def _value(self, mask: int) -> int:
        """`CardKnowledge::value()`: the value if every possibility shares it, else -1."""
        for v in range(1, 6):
            if mask & ~self.value_mask[v] == 0:
                return v
        return -1

    def _could_be_valuable_with_value(self, mask: int, value: int) -> bool:
        """`CardKnowledge::couldBeValuableWithValue`."""
        if not 1 <= value <= 5 or mask & self.value_mask[value] == 0:
            return False
        if self._tri(mask, self.valuable_set) != MAYBE:
            return False
        return self._tri(mask & self.value_mask[value], self.valuable_set) != NO

    def _set_playable(self, mask: int) -> int:
        """`CardKnowledge::setIsPlayable(true)`."""
        return mask & self.playable_set

    def _eye(self, mask: int) -> int:
        """`CardKnowledge::update<true>()` on a copy ("eyeKnol"): an unknown card cannot be an
        identity whose copies are all played, discarded or in sight."""
        if not mask & (mask - 1):
            return mask
        return mask & ~self._eye_full

    # --- per-turn bookkeeping -------------------------------------------------------------------

    def _before_move(self) -> None:
        """`SmartBot::pleaseObserveBeforeMove`: the located-card fixpoint, so that no unknown card
        may be an identity whose copies are all played, discarded or known somewhere.

        The C++ repeats until `locatedCount_` stops changing; it changes only when an entry
        becomes known, so the loop stops when a pass pins no new entry down."""
        self._facts()
        played = self.played
        total = self.total
        knol = self.knol
        while True:
            located: dict[int, int] = {}
            for hand in knol:
                for mask in hand:
                    if mask and not mask & (mask - 1):
                        located[mask] = located.get(mask, 0) + 1
            full = self._played_full
            for mask, count in located.items():
                b = mask.bit_length() - 1
                if played[b] + count == total[b]:
                    full |= mask
            if not full:
                return
            keep = ~full
            pinned = False
            for hand in knol:
                for i, mask in enumerate(hand):
                    if mask & (mask - 1) and mask & full:
                        left = mask & keep
                        hand[i] = left
                        if left and not left & (left - 1):
                            pinned = True
            if not pinned:
                return

    def _eyesight(self) -> None:
        """`SmartBot::updateEyesightCount`: the others' cards and my own known ones; kept as the
        set of identities all of whose copies are played, discarded or so seen."""
        seen: dict[int, int] = {}
        for p, hand in enumerate(self.table.hands):
            if p == self.me:
                for mask in self.knol[p]:
                    if mask and not mask & (mask - 1):
                        b = mask.bit_length() - 1
                        seen[b] = seen.get(b, 0) + 1
            else:
                for face in hand:
                    assert face is not None
                    b = 5 * face[0] + face[1] - 1
                    seen[b] = seen.get(b, 0) + 1
        full = self._played_full
        played = self.played
        total = self.total
        for b, count in seen.items():
            if played[b] + count == total[b]:
                full |= 1 << b
        self._eye_full = full

    def _next_discard_index(self, seat: int) -> int:
        """`SmartBot::nextDiscardIndex`: -1 if `seat` will play or has a known worthless card;
        else the not-known-valuable entry most likely worthless (the oldest among ties)."""
        best_fitness = 0.0
        best = -1
        for i, mask in enumerate(self.knol[seat]):
            if self._tri(mask, self.playable_set) == YES:
                return -1
            if self._tri(mask, self.worthless_set) == YES:
                return -1
            if self._tri(mask, self.valuable_set) == YES:
                continue
            fitness = 100 + self._prob(mask, self.worthless_set)
            if fitness > best_fitness:
                best_fitness = fitness
                best = i
        return best

    def _no_valuable_warning_was_given(self, giver: int) -> None:
        """`SmartBot::noValuableWarningWasGiven`: the next player's discard candidate was not
        warned about, so it is not valuable (only while a warning could have been given)."""
        table = self.table
        if table.deck == 0 or table.stones == 0:
            return
        seat = (giver + 1) % self.n
        index = self._next_discard_index(seat)
        if index != -1:
            self.knol[seat][index] &= ~self.valuable_set

    def _invalidate(self, seat: int, slot: int) -> None:
        """`SmartBot::invalidateKnol`: the entries shift down; a fresh one is appended if a card
        will be drawn, else the hand shrinks."""
        hand = self.knol[seat]
        del hand[slot]
        if self.table.deck != 0:
            hand.append(self.all)

    def _see_public(self, suit: int, rank: int) -> None:
        """`SmartBot::seePublicCard`."""
        self.played[5 * suit + rank - 1] += 1
        self._dirty = True

    # --- observations ---------------------------------------------------------------------------

    def _observe(self, turn: SeenTurn) -> None:
        """One turn of the history, as Quux's callbacks show it (pre-move table)."""
        self._before_move()
        action = turn.action
        kind = type(action)
        if kind is Discard:
            assert isinstance(action, Discard)
            self._observe_discard(turn.player, action.slot, turn)
        elif kind is Play:
            assert isinstance(action, Play)
            card = turn.card
            assert card is not None
            # SmartBot::pleaseObserveBeforePlay
            self._no_valuable_warning_was_given(turn.player)
            self._see_public(card.suit_index, card.rank)
            self._invalidate(turn.player, action.slot)
        elif kind is ColourClue:
            assert isinstance(action, ColourClue)
            colour = self.table.colour_of[action.colour]
            self._observe_colour(turn.player, action.target, colour, set(turn.slots))
        else:
            assert isinstance(action, RankClue)
            self._observe_value(turn.player, action.target, action.rank, set(turn.slots))

    def _observe_discard(self, giver: int, slot: int, turn: SeenTurn) -> None:
        """`SmartBot::pleaseObserveBeforeDiscard`."""
        card = turn.card
        assert card is not None
        self._no_valuable_warning_was_given(giver)
        mask = self.knol[giver][slot]
        face = (card.suit_index, card.rank)
        if _popcount(mask) == 1 and self._tri(mask, self.playable_set) == YES:
            # A discard finesse: the same card is someone's newest card, mine if no one else's.
            ident = 1 << (5 * face[0] + face[1] - 1)
            for partner in range(self.n):
                if partner in (giver, self.me):
                    continue
                if self.table.hands[partner][-1] == face:
                    self.knol[partner][-1] &= ident
                    break
            else:
                self.knol[self.me][-1] &= ident
        self._see_public(*face)
        self._invalidate(giver, slot)

    def _apply_hint(self, target: int, touched: set[int], inside: int) -> tuple[bool, int]:
        """The hint's literal information, newest entry first (the loop shared by
        `pleaseObserveColorHint` and `pleaseObserveValueHint`): whether a maybe-playable entry
        became surely playable, and the newest touched maybe-playable entry that stayed so."""
        hand = self.knol[target]
        playable = self.playable_set
        identified = False
        inferred = -1
        for i in range(len(hand) - 1, -1, -1):
            mask = hand[i]
            was_maybe = self._tri(mask, playable) == MAYBE
            mask = mask & inside if i in touched else mask & ~inside
            hand[i] = mask
            if was_maybe:
                now = self._tri(mask, playable)
                if now == YES:
                    identified = True
                elif now == MAYBE and i in touched and inferred == -1:
                    inferred = i
        return identified, inferred

    def _observe_colour(self, giver: int, target: int, colour: int, touched: set[int]) -> None:
        """`SmartBot::pleaseObserveColorHint`: the newest touched card is playable."""
        identified, inferred = self._apply_hint(target, touched, self.colour_mask[colour])
        if not identified and inferred >= 0:
            hand = self.knol[target]
            hand[inferred] = self._set_playable(hand[inferred])
        if target != (giver + 1) % self.n:
            self._no_valuable_warning_was_given(giver)

    def _observe_value(self, giver: int, target: int, value: int, touched: set[int]) -> None:
        """`SmartBot::pleaseObserveValueHint`: a reclaim, a valuable warning, or a play hint."""
        expecting = (giver + 1) % self.n
        discard_index = self._next_discard_index(expecting)
        # Given at 8 stones (`!discardingIsAllowed()` inside the callback) to the previous
        # player, touching his oldest card: a hint-stone reclaim, which means nothing.
        reclaim = (
            self.table.stones >= self.table.max_stones
            and giver == (target + 1) % self.n
            and 0 in touched
        )
        warning = (
            not reclaim
            and target == expecting
            and discard_index in touched
            and self._could_be_valuable_with_value(self.knol[target][discard_index], value)
        )
        hand = self.knol[target]
        if warning:
            hand[discard_index] &= self.valuable_set
        identified, inferred = self._apply_hint(target, touched, self.value_mask[value])
        if not warning and not reclaim and not identified and inferred >= 0:
            hand[inferred] = self._set_playable(hand[inferred])
        if target != expecting:
            self._no_valuable_warning_was_given(giver)

    # --- the move -------------------------------------------------------------------------------

    def __call__(self, view: PlayerView, /) -> Action:
        """`SmartBot::pleaseMakeMove`, after replaying the turns since the last call."""
        if not self._started:
            self._start(view)
        self.table.catch_up(view, self._observe)
        self._before_move()
        self._eyesight()
        table = self.table
        if table.deck == 0:
            move = self._play_lowest_playable() or self._play_mystery()
            if move is not None:
                return move
        move = (
            self._valuable_warning()
            or self._discard_finesse()
            or self._play_lowest_playable()
            or self._helpful_hint()
            or self._play_mystery()
        )
        if move is not None:
            return move
        if table.stones >= table.max_stones:
            # No discarding at 8 stones: hint the previous player about his oldest card.
            right = (self.me + self.n - 1) % self.n
            return RankClue(right, table.hand(right)[0][1])
        move = self._discard_worthless() or self._discard_old()
        if move is not None:
            return move
        # A hand of valuable cards only: discard the highest known value (the first among ties).
        mine = self.knol[self.me]
        best = 0
        for i in range(len(mine)):
            if self._value(mine[i]) > self._value(mine[best]):
                best = i
        return Discard(best)

    def _play_lowest_playable(self) -> Action | None:
        """`SmartBot::maybePlayLowestPlayableCard`: a card I know is playable, preferring one the
        others do not know I know, then lower values."""
        best = -1
        best_fitness = 0.0
        playable = self.playable_set
        for i, mask in enumerate(self.knol[self.me]):
            public = self._tri(mask, playable)
            if public == NO:
                continue
            eye = self._eye(mask)
            if self._tri(eye, playable) != YES:
                continue
            fitness = 6.0 - self._value(eye)
            if public != YES:
                fitness += 100
            if fitness > best_fitness:
                best = i
                best_fitness = fitness
        return Play(best) if best != -1 else None

    def _discard_worthless(self) -> Action | None:
        """`SmartBot::maybeDiscardWorthlessCard`."""
        best = -1
        best_fitness = 0.0
        worthless = self.worthless_set
        for i, mask in enumerate(self.knol[self.me]):
            public = self._tri(mask, worthless)
            if public == NO:
                continue
            if public == MAYBE and self._tri(self._eye(mask), worthless) != YES:
                continue
            fitness = 2.0 - self._prob(mask, worthless)
            if fitness > best_fitness:
                best = i
                best_fitness = fitness
        return Discard(best) if best != -1 else None

    def _best_hint_for(self, to: int) -> tuple[int, Action | None]:
        """`SmartBot::bestHintForPlayer` with `bestHintForPlayerGivenConstraint`: the hint that
        removes most possibilities among those that reveal a playable card and do not mislead;
        (fitness, hint), fitness -1 when none qualifies."""
        hand = self.table.hand(to)
        old = self.knol[to]
        playable = self.playable_set
        really_playable = [playable >> (5 * c + v - 1) & 1 for c, v in hand]
        value_to_avoid = -1
        if to == (self.me + 1) % self.n:
            index = self._next_discard_index(to)
            if index != -1:
                value_to_avoid = hand[index][1]
                if not self._could_be_valuable_with_value(old[index], value_to_avoid):
                    value_to_avoid = -1
        old_tri = [self._tri(mask, playable) for mask in old]
        old_possible = sum(_popcount(mask) for mask in old)
        best_fitness = -1
        best: Action | None = None
        colours = sorted({c for c, _ in hand})
        values = sorted({v for _, v in hand})
        candidates: list[tuple[Action, int, int]] = [
            (ColourClue(to, self._colour_name(c)), 0, c) for c in colours
        ]
        candidates += [(RankClue(to, v), 1, v) for v in values]
        for hint, is_value, which in candidates:
            if is_value and which == value_to_avoid:
                continue  # it would read as a valuable warning
            inside = self.value_mask[which] if is_value else self.colour_mask[which]
            new = [
                mask & inside if (face[is_value] == which) else mask & ~inside
                for mask, face in zip(old, hand, strict=True)
            ]
            reveals = False
            misleading = MAYBE
            for c in range(len(hand) - 1, -1, -1):
                if old_tri[c] != MAYBE:
                    continue
                now = self._tri(new[c], playable)
                if now == YES:
                    reveals = True
                elif now == MAYBE and hand[c][is_value] == which and misleading == MAYBE:
                    misleading = NO if really_playable[c] else YES
            if not (reveals or misleading == NO):
                continue
            fitness = old_possible - sum(_popcount(mask) for mask in new)
            if fitness > best_fitness:
                best_fitness = fitness
                best = hint
        return best_fitness, best

    def _colour_name(self, colour: int) -> str:
        return self._suit_names[colour]

    def _valuable_warning(self) -> Action | None:
        """`SmartBot::maybeGiveValuableWarning`: the next player would discard a valuable card."""
        if self.table.stones == 0:
            return None
        to = (self.me + 1) % self.n
        index = self._next_discard_index(to)
        if index == -1:
            return None
        c, v = self.table.hand(to)[index]
        if not self.valuable_set >> (5 * c + v - 1) & 1:
            return None
        fitness, hint = self._best_hint_for(to)
        if fitness > 0:
            return hint
        return RankClue(to, v)

    def _discard_finesse(self) -> Action | None:
        """`SmartBot::maybeDiscardFinesse`: discard a known playable card that exactly one other
        player holds as his newest card."""
        table = self.table
        if table.stones >= table.max_stones:
            return None
        mine = []
        for i, mask in enumerate(self.knol[self.me]):
            if (
                _popcount(mask) == 1
                and self._tri(mask, self.valuable_set) == NO
                and self._tri(mask, self.playable_set) == YES
            ):
                mine.append((mask, i))
        if not mine:
            return None
        newest = []
        for step in range(1, self.n):
            c, v = table.hand((self.me + step) % self.n)[-1]
            newest.append(1 << (5 * c + v - 1))
        for mask, i in mine:
            if newest.count(mask) == 1:
                return Discard(i)
        return None

    def _helpful_hint(self) -> Action | None:
        """`SmartBot::maybeGiveHelpfulHint`: the best play hint over the partners in order."""
        if self.table.stones == 0:
            return None
        best_fitness = -1
        best: Action | None = None
        for step in range(1, self.n):
            fitness, hint = self._best_hint_for((self.me + step) % self.n)
            if fitness > best_fitness:
                best_fitness = fitness
                best = hint
        return best if best_fitness > 0 else None

    def _play_mystery(self) -> Action | None:
        """`SmartBot::maybePlayMysteryCard`: near the end, the card most likely playable."""
        table = self.table
        left = table.max_strikes - table.strikes
        limit = (-99, 1, 1, 3)[left] if 0 <= left <= 3 else 3
        if table.deck > limit:
            return None
        best = -1
        best_fitness = 0.0
        playable = self.playable_set
        mine = self.knol[self.me]
        for i in range(len(mine) - 1, -1, -1):
            eye = self._eye(mine[i])
            if self._tri(eye, playable) == MAYBE:
                fitness = self._prob(eye, playable)
                if fitness > best_fitness:
                    best_fitness = fitness
                    best = i
        return Play(best) if best != -1 else None

    def _discard_old(self) -> Action | None:
        """`SmartBot::maybeDiscardOldCard`."""
        index = self._next_discard_index(self.me)
        return Discard(index) if index != -1 else None
