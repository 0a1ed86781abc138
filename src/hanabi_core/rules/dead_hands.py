"""Rule 7.6a: in the final round, the hands of players who have taken their last turn are dead;
and rule 7.4c under ``no_legal_action="wait"``: a player who cannot act waits while a Note is left.

With `end_at_max_reachable` (rule 7.6, the `hanab-live` preset), once the deck is empty a card
held by a player who has taken their last turn can never be played, so it no longer counts toward
what can still be built; the game ends, scored by rule 8.1, as soon as no card held by a player
still to move can be played now. This is hanab.live's ending (``server/src/command_action.go``
marks such hands "cannot be played"; ``server/src/game.go``, ``CheckEnd``, and the same test in
``variants_reversible.go`` and ``variants_sudoku.go`` end the game when no card left can extend
a firework). [`apply`][hanabi_core.apply] and [`LiveGame`][hanabi_core.hanablive.LiveGame] drive
these functions; [ruling 13.10](../spec/13-rulings.md) gives both sides.

Without a last round (hanab.live's "All or Nothing"), the server calls a game lost for a player
with nothing to do only when they hold no card and no clue token (``server/src/game.go``,
``CheckEnd``, ``EndConditionAllOrNothingSoftlock``); with a token left and no clue to give, the
game waits, with nothing legal to do, until it is stopped from outside (rule 7.5). That is
``no_legal_action="wait"`` (rule 10.12, ruling 13.9), in the `hanab-live` preset: `waits`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import DealtCard
from ..options import Options
from ..state import Outcome
from .effects import firework_after, nothing_left_to_build

__all__ = ["dead_hands_outcome", "playable_now", "still_to_move", "waits"]


def still_to_move(players: int, next_seat: int, turns_left: int | None) -> tuple[int, ...]:
    """The seats that still have a turn in the final round (rule 7.3): the next `turns_left`
    seats from `next_seat`, in turn order; none before the final round (`turns_left` `None`).

    ```python
    from hanabi_core.rules.dead_hands import still_to_move
    assert still_to_move(4, 3, 2) == (3, 0) and still_to_move(4, 3, None) == ()
    ```
    """
    if turns_left is None:
        return ()
    return tuple((next_seat + step) % players for step in range(min(turns_left, players)))


def playable_now(
    options: Options,
    built: tuple[int, ...],
    directions: tuple[int, ...],
    starts: tuple[int, ...],
    cards: Iterable[DealtCard],
) -> bool:
    """Whether one of `cards` extends its firework now (rules 6.2, 9.7, 9.29, 9.32)."""
    return any(
        firework_after(options, built, directions, starts, card.suit_index, card.rank)[0]
        for card in cards
    )


def dead_hands_outcome(options: Options, built: tuple[int, ...]) -> Outcome:
    """The end by rule 7.6a: nothing left to build by a player still to move; rule 8.1 scores
    it (`effects.nothing_left_to_build`, the ending of rule 7.6)."""
    return nothing_left_to_build(options, built)


def waits(options: Options, notes: int) -> bool:
    """Rule 7.4c under ``no_legal_action="wait"``: with a Note left (two half Notes in Clue
    Starved, rule 9.25) the game never ends for a player who cannot act; they wait, and only rule
    7.5 ends the game. Without a Note, or under the other values, rule 7.4c applies as stated.

    ```python
    from hanabi_core import Options
    from hanabi_core.rules.dead_hands import waits
    options = Options(2, last_round=False, no_legal_action="wait")
    assert waits(options, 1) and not waits(options, 0) and not waits(Options(2), 1)
    ```
    """
    return options.no_legal_action == "wait" and notes >= options.variant.note_units
