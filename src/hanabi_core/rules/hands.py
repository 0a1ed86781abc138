"""The hands through a game: the deal (rule 2.4) and rule 6.5, on hands followed as lists.

`dealt_orders` says which orders each seat is dealt; `replace_card` is rule 6.5 on one hand;
`hands_through` walks the hands (by order) through a history, turn by turn. `views.view`,
`sampling` and `hle.knowledge` follow hands with them; `rules.apply` states rule 6.5 on the
state's tuples.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol, TypeVar

from ..actions import Action, ColourClue, RankClue
from ..options import Options

__all__ = ["dealt_orders", "hands_through", "replace_card"]

_Held = TypeVar("_Held")


def dealt_orders(options: Options) -> tuple[range, ...]:
    """The orders each seat is dealt (rule 2.4): seat p gets p·H … p·H+H−1, oldest first.

    ```python
    from hanabi_core import Options
    from hanabi_core.rules import dealt_orders
    assert dealt_orders(Options(2)) == (range(0, 5), range(5, 10))
    ```
    """
    size = options.hand_size
    return tuple(range(p * size, (p + 1) * size) for p in range(options.players))


def replace_card(hand: list[_Held], slot: int, drawn: _Held | None) -> _Held:
    """Rule 6.5 for a hand followed through a history as a list, oldest card first: the card
    played or discarded leaves from `slot` (the cards after it move down a slot) and the card
    drawn, if any, comes in as the newest. Returns the card that left."""
    left = hand.pop(slot)
    if drawn is not None:
        hand.append(drawn)
    return left


class _Move(Protocol):
    """What `hands_through` reads of a turn: a `Turn`, a log `Entry` or a `SeenTurn`."""

    @property
    def player(self) -> int: ...
    @property
    def action(self) -> object: ...
    @property
    def drawn_order(self) -> int | None: ...


_Turn = TypeVar("_Turn", bound=_Move)


def hands_through(
    options: Options, turns: Iterable[_Turn]
) -> Iterator[tuple[_Turn, list[list[int]]]]:
    """Each turn with the hands (orders, oldest first, one list per seat) as they were when it was
    taken: the deal of rule 2.4, then rule 6.5 after each turn that takes a card from a slot (a
    play, a discard or a card put into the hole). The lists are updated in place once the next
    turn is asked for: read them, or copy them, before.

    ```python
    from hanabi_core import Options, Play, apply, new_game
    from hanabi_core.rules.hands import hands_through
    state = apply(new_game(Options(2), seed=1), Play(0))
    for turn, hands in hands_through(state.options, state.turns):
        assert hands[0] == [0, 1, 2, 3, 4] and turn.drawn_order == 10  # before the play
    assert hands[0] == [1, 2, 3, 4, 10]  # and after it
    ```

    Raises:
        IndexError: a turn takes a card from a slot its player's hand lacks (a history handed in
            by a caller may; the engine's never does).
    """
    hands = [list(block) for block in dealt_orders(options)]
    for turn in turns:
        yield turn, hands
        action: Action | object = turn.action
        if not isinstance(action, (ColourClue, RankClue)):
            slot: int | None = getattr(action, "slot", None)
            if slot is not None:
                replace_card(hands[turn.player], slot, turn.drawn_order)
