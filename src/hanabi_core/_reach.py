"""What the fireworks can still reach (rules 7.4, 7.6 and 9.29): pure computations that build no
state, read by `rules.outcome_after_turn` and by `rules` for Up or Down plays."""

from __future__ import annotations

from collections.abc import Mapping

from ._tables import _variant_tables, _VariantTables
from .cards import RANKS, START, DealtCard
from .options import Options
from .state import Direction


def up_or_down_next(built: int, direction: int) -> tuple[int, ...]:
    """The ranks that extend an Up or Down firework with `built` cards built in `direction`
    (rule 9.29; hanab.live's server/src/variants_reversible.go, variantReversiblePlay).

    ```python
    from hanabi_core.cards import START
    from hanabi_core.rules import up_or_down_next
    from hanabi_core.state import Direction

    assert up_or_down_next(0, Direction.UNDECIDED) == (1, 5, START)
    assert up_or_down_next(1, Direction.UNDECIDED) == (2, 4)  # START is on it
    assert up_or_down_next(2, Direction.DOWN) == (3,)  # 5, 4 (or START, 4) built
    assert up_or_down_next(5, Direction.UP) == ()  # complete
    ```
    """
    if built >= len(RANKS):
        return ()
    if direction == Direction.UNDECIDED:
        return (1, 5, START) if built == 0 else (2, 4)
    return (built + 1,) if direction == Direction.UP else (len(RANKS) - built,)


def _reachable(
    options: Options,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    directions: tuple[int, ...] = (),
) -> int:
    """How many cards the fireworks can hold at best: each firework goes on while some copy of its
    next card is not in the discard pile (rule 7.6)."""
    tables = _variant_tables(options.variant)
    gone: dict[tuple[int, int], int] = {}
    for d in discards:
        key = (d.suit_index, d.rank)
        gone[key] = gone.get(key, 0) + 1
    if tables.up_or_down:
        return sum(
            _up_or_down_reach(tables, gone, suit, directions[suit]) for suit in range(len(built))
        )
    total = 0
    for suit, order in enumerate(tables.next_rank):
        copies = tables.copies[suit]
        reach = built[suit]
        while order[reach] and gone.get((suit, order[reach]), 0) < copies[order[reach]]:
            reach += 1
        total += reach
    return total


def _out_of_reach(
    options: Options,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    card: DealtCard,
    directions: tuple[int, ...] = (),
) -> bool:
    """Every copy of `card`'s face is discarded, and its firework still needs it (rule 7.4)."""
    tables = _variant_tables(options.variant)
    suit = card.suit_index
    if tables.up_or_down:  # rule 9.29: whether the firework can still be completed either way
        return _reachable(options, built, discards, directions) < options.variant.max_score
    if tables.next_rank[suit].index(card.rank) < built[suit]:
        return False  # already built: a spare copy
    gone = sum(1 for d in discards if d.suit_index == suit and d.rank == card.rank)
    return gone >= tables.copies[suit][card.rank]


def _up_or_down_reach(
    tables: _VariantTables, gone: Mapping[tuple[int, int], int], suit: int, direction: int
) -> int:
    """How many cards an Up or Down firework can hold at best (rules 7.6 and 9.29), as hanab.live's
    server counts it (server/src/variants_reversible.go, variantReversibleGetMaxScore): a walk
    from its start (1 or START up, 5 or START down) while some copy of each rank is left, the
    better of the two while undecided. A card on the firework is not discarded, so a decided
    firework's walk passes its own cards."""
    copies = tables.copies[suit]

    def left(rank: int) -> bool:
        return gone.get((suit, rank), 0) < copies[rank]

    def walk(first: int, rest: tuple[int, ...]) -> int:
        if not (left(first) or left(START)):
            return 0
        reach = 1
        for rank in rest:
            if not left(rank):
                break
            reach += 1
        return reach

    up = walk(1, (2, 3, 4, 5)) if direction != Direction.DOWN else 0
    down = walk(5, (4, 3, 2, 1)) if direction != Direction.UP else 0
    return max(up, down)
