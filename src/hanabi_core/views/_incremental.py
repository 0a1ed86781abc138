"""Every seat's view of one game, kept turn by turn for `simulate` (rules 12.1 to 12.4).

[`view(state, seat)`][hanabi_core.view] replays the whole history at every call, so a game of
*n* turns costs O(n²) in views; in `simulate` that replay is most of the time a game takes.
`IncrementalViews` reads each new turn once, for every seat together, and gives the same
`PlayerView`, equal field for field (`tests/test_incremental_view.py` checks it turn by turn). It
mirrors the history loop of `views.view` and counts empathy as `knowledge.counting` does, with
what depends on a clue mask alone worked out once per game; variants whose views hide a clue's
value or a played card (rules 9.30, 9.31 and 9.33) are left to `views.view`.

It belongs to the information room (`knowledge`, `views`) and uses that room's private names:
`views._seen_turn`, `knowledge._card_knowledge`, `knowledge._face_tables`, `knowledge._Known`;
rule 6.5 comes from `rules.hands.replace_card`. When `views.py` exposes its per-turn step (the
rules room's planned `seen_turn`), this module should call it instead of mirroring the loop.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter

from .._support.readonly import ReadOnlyMap
from ..actions import ColourClue, Discard, Play, RankClue
from ..cards import Card
from ..knowledge import (
    _card_knowledge,
    _face_tables,
    _Known,
    all_faces,
    clue_faces,
    learn,
    unseen_by_holder,
)
from ..rules import dealt_orders
from ..rules.hands import replace_card
from ..state import Entry, GameState, Log
from ..variants import ClueShown
from . import PlayerView, SeenTurn, _counters, firework_faces, seen_turn, view

#: What every seat is shown of a clue in the variants read here (rules 9.30 and 9.31: elsewhere).
_SHOWN = ClueShown.VALUE

__all__ = ["IncrementalViews"]


class IncrementalViews:
    """The views of one game's seats, each new turn read once.

    Args:
        state: the game's initial state (or any state of it; the history is read up to it).
    """

    def __init__(self, state: GameState) -> None:
        options = state.options
        variant = self._variant = options.variant
        # Rules 9.30, 9.31 and 9.33 show different seats different things: `views.view` does it.
        self._plain = variant.clue_shown is ClueShown.VALUE and not variant.hidden_plays
        self._dealt = state.dealt
        self._hands = [list(block) for block in dealt_orders(options)]
        self._fresh = (all_faces(variant), False)
        self._clues = {o: self._fresh for hand in self._hands for o in hand}
        self._history: list[list[SeenTurn]] = [[] for _ in range(options.players)]
        self._node: Log | None = None
        self._count = 0
        # Rule 12.4's counting, as `knowledge.counting` does it, with its tables by face index.
        tables = self._tables = _face_tables(variant)
        self._face_index = {face: i for i, face in enumerate(tables.keys)}
        self._copies = [tables.copies[face] for face in tables.keys]
        self._masks: dict[
            int,
            tuple[
                tuple[str, ...],
                tuple[int, ...],
                tuple[Card, ...],
                Callable[[list[int]], tuple[int, ...]],
            ],
        ] = {}

    def view(self, state: GameState, seat: int) -> PlayerView:
        """`views.view(state, seat)`, for a state of this game at or after the last one read.

        Raises:
            InvalidArgument: `seat` is not a seat of the game.
        """
        if not self._plain or state.dealt is not self._dealt:
            return view(state, seat)
        if not self._catch_up(state.log):
            return view(state, seat)
        options = state.options
        players = options.players
        if type(seat) is not int or not 0 <= seat < players:
            return view(state, seat)  # raises, with the view's own message
        variant = options.variant
        clues = self._clues
        # Empathy (rule 12.4), counted as `views.view` counts it.
        built = state.built
        discards = state.discards
        public = [(card.suit_index, card.rank) for card in discards]
        # Only Up or Down and Sudoku read the cards gone from play (rules 9.29 and 9.32).
        away: set[int] = set()
        if variant.up_or_down or variant.sudoku:
            away = {c.order for hand in state.hands for c in hand} | {c.order for c in discards}
        public += firework_faces(variant, built, state.dealt[: state.drawn], away)
        index = self._face_index
        left = list(self._copies)
        for face in public:
            left[index[face]] -= 1
        hands = state.hands
        held = [[index[card.suit_index, card.rank] for card in hand] for hand in hands]
        knowledge_by_seat = []
        # What `views.empathy` counts, by face index rather than by face.
        for holder, unseen in enumerate(unseen_by_holder(left, held, seat)):
            known: dict[int, _Known] = {}
            cards = []
            for card in hands[holder]:
                mask, clued = clues[card.order]
                k = known.get(mask)
                if k is None:
                    k = known[mask] = self._known(mask, unseen)
                cards.append(_card_knowledge(card.order, clued, k))
            knowledge_by_seat.append(tuple(cards))
        return PlayerView(
            seat=seat,
            options=options,
            hands=tuple(None if s == seat else hand for s, hand in enumerate(state.hands)),
            knowledge=tuple(knowledge_by_seat),
            built=built,
            discards=discards,
            history=tuple(self._history[seat]),
            **_counters(state),
        )

    def _known(self, mask: int, unseen: list[int]) -> _Known:
        """What `knowledge.counting` gives a card of clue mask `mask` (its suits, ranks, counts and
        their mapping), with what depends on the mask alone worked out once per game."""
        by_mask = self._masks.get(mask)
        if by_mask is None:
            t = self._tables
            faces = [
                (i, card)
                for i, (card, bit) in enumerate(zip(t.cards, t.bits, strict=True))
                if mask & bit
            ]
            indices = [i for i, _ in faces]
            # The copies left of the mask's faces, read in one C call (`itemgetter` of one index
            # gives a bare value, hence the wrapper). `compress` below keeps the faces with copies
            # left: the counts are never negative, since rule 1.1 counts every physical card.
            take: Callable[[list[int]], tuple[int, ...]]
            if len(indices) == 1:
                only = indices[0]
                take = lambda left: (left[only],)  # noqa: E731
            elif not indices:
                take = lambda left: ()  # noqa: E731
            else:
                take = itemgetter(*indices)
            by_mask = self._masks[mask] = (
                tuple(name for name, faces in t.suit_masks if mask & faces),
                tuple(rank for rank, faces in t.rank_masks if mask & faces),
                tuple(card for _, card in faces),
                take,
            )
        suits, ranks, cards, take = by_mask
        left = take(unseen)
        # The faces with a copy left, in the variant's order (`compress` keeps those above 0).
        counts = tuple(compress(zip(cards, left, strict=True), left))
        return suits, ranks, counts, ReadOnlyMap.of_pairs(counts)

    def _catch_up(self, log: Log | None) -> bool:
        """Read the turns of `log` after the last one read; `False` if `log` does not extend it."""
        new = []
        node = log
        while node is not self._node:
            if node is None:
                return False  # not a later state of this game's line
            new.append(node.entry)
            node = node.previous
        for entry in reversed(new):
            self._read(entry)
        self._node = log
        return True

    def _read(self, entry: Entry) -> None:
        # `views.view`'s history loop, for every seat at once (rules 6.5, 12.4; `seen_turn`: 12.1).
        actor, action, touched, card, misplay, note_gained, drawn = entry
        number = self._count
        self._count += 1
        clues = self._clues
        if isinstance(action, (ColourClue, RankClue)):
            # Rule 12.4: a clue tells its target which cards it touched and which it missed.
            hand = self._hands[action.target]
            slots = tuple(i for i, order in enumerate(hand) if order in touched)
            hit_faces = clue_faces(self._variant, action)
            for order in hand:
                possible, clued = clues[order]
                hit = order in touched
                clues[order] = (learn(hit_faces, possible, hit), clued or hit)
            # What a seat sees of the turn is `views.seen_turn`'s; in these variants every seat
            # sees a clue alike (rules 9.30 and 9.31 hide nothing).
            seen = seen_turn(
                actor, _SHOWN, False, number, actor, action, touched, slots, None, False, False,
                None, None,
            )  # fmt: skip
            for seen_by in self._history:
                seen_by.append(seen)
            return
        assert isinstance(action, (Play, Discard))
        drawn_order = None
        if drawn is not None:
            drawn_order = drawn.order
            clues[drawn_order] = self._fresh
        # Rule 6.5: the card leaves its slot, the card drawn comes in as the newest.
        left = replace_card(self._hands[actor], action.slot, drawn_order)
        del clues[left]
        # `views.seen_turn` once as the other seats see the turn, once as its player does (rule
        # 12.1: the drawer does not see the card it drew), the same turn when nothing was drawn.
        histories = self._history
        others = seen_turn(
            (actor + 1) % len(histories), _SHOWN, False, number, actor, action, (), (), card,
            misplay, note_gained, drawn_order, drawn,
        )  # fmt: skip
        own = others
        if drawn is not None:
            own = seen_turn(
                actor, _SHOWN, False, number, actor, action, (), (), card, misplay, note_gained,
                drawn_order, drawn,
            )  # fmt: skip
        for seat, seen_by in enumerate(histories):
            seen_by.append(own if seat == actor else others)
