"""What the fireworks can still reach (rules 7.4, 7.6, 9.29 and 9.32): pure computations that build
no state, read by `rules.outcome_after_turn` and by `rules` for Up or Down and Sudoku plays."""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import RANKS, START, DealtCard
from ..options import Options
from ..state import Direction
from .tables import VariantTables, variant_tables


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


def sudoku_next(built: int, start: int, starts: tuple[int, ...], size: int) -> tuple[int, ...]:
    """The ranks that extend a Sudoku firework (rule 9.32; hanab.live's
    server/src/variants_sudoku.go, variantSudokuPlay): on an empty one, every rank up to the stack
    size `size` that no firework was started with (`starts`); then the rank after the last one
    built (`built` cards from `start`), wrapping around from `size` to 1; none once complete.

    ```python
    from hanabi_core.rules import sudoku_next

    assert sudoku_next(0, 0, (0, 3, 0, 0, 0), 5) == (1, 2, 4, 5)  # 3 started another
    assert sudoku_next(2, 4, (0, 4, 0, 0, 0), 5) == (1,)  # 4, 5 built: wraps to 1
    assert sudoku_next(4, 2, (2, 0, 0, 0), 4) == ()  # 2, 3, 4, 1: complete
    ```
    """
    if built >= size:
        return ()
    if built == 0:
        return tuple(rank for rank in range(1, size + 1) if rank not in starts)
    return ((start - 1 + built) % size + 1,)


def reachable(
    options: Options,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    directions: tuple[int, ...] = (),
    starts: tuple[int, ...] = (),
) -> int:
    """How many cards the fireworks can hold at best: each firework goes on while some copy of its
    next card is not in the discard pile (rule 7.6)."""
    tables = variant_tables(options.variant)
    gone: dict[tuple[int, int], int] = {}
    for d in discards:
        key = (d.suit_index, d.rank)
        gone[key] = gone.get(key, 0) + 1
    if tables.sudoku:
        return sudoku_reach(tables, gone, starts)
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


def _out_of_reach(  # noqa: PLR0917  (the facts of one turn, as outcome_after_turn has them)
    options: Options,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    card: DealtCard,
    directions: tuple[int, ...] = (),
    starts: tuple[int, ...] = (),
) -> bool:
    """Every copy of `card`'s face is discarded, and its firework still needs it (rule 7.4)."""
    tables = variant_tables(options.variant)
    suit = card.suit_index
    if tables.sudoku or tables.up_or_down:
        # Rules 9.29 and 9.32: which ranks a firework needs depends on how it starts (either
        # direction, any free start), so the question is whether the maximum is still reachable.
        return reachable(options, built, discards, directions, starts) < options.variant.max_score
    if tables.next_rank[suit].index(card.rank) < built[suit]:
        return False  # already built: a spare copy
    gone = sum(1 for d in discards if d.suit_index == suit and d.rank == card.rank)
    return gone >= tables.copies[suit][card.rank]


def _up_or_down_reach(
    tables: VariantTables, gone: Mapping[tuple[int, int], int], suit: int, direction: int
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


def sudoku_walks(dead: tuple[bool, ...], server: bool = False) -> tuple[int, ...]:
    """For each start rank 1 to the stack size, how many cards a Sudoku firework started there can
    hold when the ranks marked `dead` (every copy discarded) are gone (rules 7.6 and 9.32): the run
    of live ranks from it, wrapping around, at most the stack size.

    `server=True` counts as hanab.live's server does for its ``maxScore`` status
    (server/src/variants_sudoku.go, sudokuWalkUpAll): a start inside a run of live ranks that ends
    at a dead rank is given the whole run, not the part from the start (the client's
    packages/game/src/rules/variants/sudoku.ts counts the part, as the rules do).

    ```python
    from hanabi_core.rules.reach import sudoku_walks

    assert sudoku_walks((False, False, True, False, False)) == (2, 1, 0, 4, 3)
    assert sudoku_walks((False, False, True, False, False), server=True) == (2, 2, 0, 4, 3)
    ```
    """
    size = len(dead)
    if not any(dead):
        return (size,) * size
    walks = []
    for start in range(size):
        run = 0
        while run < size and not dead[(start + run) % size]:
            run += 1
        walks.append(run)
    if server:
        # The server's sweep gives every rank before a dead one the length of its whole gap.
        first = dead.index(True)
        last = -1
        for rank in range(first, size):
            if dead[rank]:
                for before in range(last + 1, rank):
                    walks[before] = rank - last - 1
                last = rank
    return tuple(walks)


def sudoku_reach(
    tables: VariantTables,
    gone: Mapping[tuple[int, int], int],
    starts: tuple[int, ...],
    server: bool = False,
) -> int:
    """How many cards the Sudoku fireworks can hold at best (rules 7.6 and 9.32), as hanab.live
    counts it (server/src/variants_sudoku.go, variantSudokuGetMaxScore): a started firework its
    walk from its start; the empty ones the best assignment of distinct free start ranks.
    `server`: each walk counted as the server counts its ``maxScore`` (see `sudoku_walks`)."""
    walks = sudoku_tables(tables, gone, server)
    return sudoku_best(walks, starts, tables.stack_size)


def sudoku_tables(
    tables: VariantTables, gone: Mapping[tuple[int, int], int], server: bool = False
) -> list[tuple[int, ...]]:
    """`sudoku_walks` of every suit, from the discarded copies `gone` of each (suit, rank)."""
    size = tables.stack_size
    return [
        sudoku_walks(
            tuple(gone.get((suit, rank), 0) >= copies[rank] for rank in range(1, size + 1)),
            server,
        )
        for suit, copies in enumerate(tables.copies)
    ]


def sudoku_best(walks: list[tuple[int, ...]], starts: tuple[int, ...], size: int) -> int:
    """The most cards: each started firework its walk from its start, the empty ones a distinct
    free start rank each (or none when the free ranks run out), chosen for the largest sum."""
    total = sum(walk[start - 1] for walk, start in zip(walks, starts, strict=True) if start)
    free = tuple(rank for rank in range(1, size + 1) if rank not in starts)
    empty = [walk for walk, start in zip(walks, starts, strict=True) if not start]

    def best(i: int, used: frozenset[int]) -> int:
        # Brute force, as hanab.live's: at most 5! assignments. Leaving a firework unstarted is
        # allowed (it is never better while free ranks are left, and needed when they run out).
        if i == len(empty):
            return 0
        return max(
            best(i + 1, used),
            *(empty[i][rank - 1] + best(i + 1, used | {rank}) for rank in free if rank not in used),
        )

    return total + best(0, frozenset())
