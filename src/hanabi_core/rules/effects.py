"""A turn's effects, from facts: the one statement of sections 5 to 7 that every engine drives.

The functions here take plain facts (the fireworks, the discard pile, the Notes and Storms, the
card and what befell it) and return facts; none reads a `GameState`, a message or an HLE uid.
[`apply`][hanabi_core.apply] drives them with the state it holds, and
[`LiveGame`][hanabi_core.hanablive.LiveGame] with what one seat was told:

- `firework_after`: what a card does to its firework (rules 6.2, 6.4, 9.7, 9.29, 9.32);
- `card_effect`: a card played or discarded (sections 5 and 6, with rules 9.13, 9.25 and 9.33);
- `end_of_turn`: the final round's count and the end of the game after a turn (rules 7.1 to 7.6,
  in rule 7.7's order, through `outcome_after_turn`);
- `seat_to_move`: rule 7.4c and ruling 13.9, given whether each seat can act, which the driver
  answers from what it sees, or answers "cannot tell" (then it defers to whoever can).
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import RANKS, DealtCard
from ..options import Options
from ..scoring import max_points, points
from ..spec import Rule
from ..state import Direction, EndReason, Outcome
from .reach import _out_of_reach, reachable, sudoku_next, up_or_down_next
from .tables import note_cap, variant_tables

__all__ = [
    "card_effect",
    "end_of_turn",
    "firework_after",
    "no_legal_action",
    "nothing_left_to_build",
    "outcome_after_turn",
    "seat_to_move",
]

#: What a card played or discarded leaves: `(built, discards, notes, storms, directions, starts,
#: misplay, note_gained)`.
Effect = tuple[
    tuple[int, ...], tuple[DealtCard, ...], int, int, tuple[int, ...], tuple[int, ...], bool, bool
]


def card_effect(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    options: Options,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    notes: int,
    storms: int,
    directions: tuple[int, ...],
    starts: tuple[int, ...],
    card: DealtCard,
    played: bool,
) -> Effect:
    """What `card` does when it leaves a hand: `played` (its fate, rule 9.13 already applied:
    `card_fate(...) is not Fate.DISCARDED`) or discarded. Returns `(built, discards, notes,
    storms, directions, starts, misplay, note_gained)`; legality (rule 5.2) is the caller's.

    ```python
    from hanabi_core import Options, new_game
    from hanabi_core.rules.effects import card_effect
    state = new_game(Options(2), seed=1)
    red_one = next(c for c in state.dealt if c.suit == "red" and c.rank == 1)
    after = card_effect(state.options, state.built, (), 8, 0, (), (), red_one, True)
    assert after[0] == (1, 0, 0, 0, 0) and after[6:] == (False, False)
    assert card_effect(state.options, state.built, (), 7, 0, (), (), red_one, False)[2] == 8
    ```
    """
    if not played:
        # Rule 5.3: the card goes face up to the discard pile and a Note comes back (one unit in
        # Clue Starved, rule 9.25; none at the cap, which only an inverted suit's variant reaches,
        # rule 9.13).
        gained = notes < options.max_notes or notes < note_cap(options)
        return built, (*discards, card), notes + gained, storms, directions, starts, False, gained
    suit = card.suit_index
    fits, complete, after_directions, after_starts = firework_after(
        options, built, directions, starts, suit, card.rank
    )
    if not fits:
        # Rule 6.3: a misplay goes to the discard pile and turns a Storm token.
        return built, (*discards, card), notes, storms + 1, directions, starts, True, False
    # Rules 6.2 and 6.4: built; completing a firework brings a Note back (half a Note in Clue
    # Starved, rule 9.25), unless none is spent; not in Throw It in a Hole (rule 9.33).
    bonus = complete and not options.variant.hidden_plays and notes < note_cap(options)
    built = (*built[:suit], built[suit] + 1, *built[suit + 1 :])
    return built, discards, notes + bonus, storms, after_directions, after_starts, False, bonus


def firework_after(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    options: Options,
    built: tuple[int, ...],
    directions: tuple[int, ...],
    starts: tuple[int, ...],
    suit: int,
    rank: int,
) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """What a card of `rank` does to firework `suit`: `(fits, complete, directions, starts)`.

    `fits`: it extends the firework (rule 6.2 and the variant's build rule: 9.7, 9.29, 9.32);
    `complete`: it is the firework's last card (rule 6.4's Note); `directions` and `starts`: the Up
    or Down directions (rule 9.29) and Sudoku starts (rule 9.32) once it is built, the same tuples
    when it changes neither. The one statement of the build rules, for `card_effect`, `playable`
    and the bots.
    """
    tables = variant_tables(options.variant)
    height = built[suit]
    if tables.up_or_down:
        # Rule 9.29: the first cards decide the direction; the fifth card (a 5 going up, a 1 going
        # down) completes it.
        direction = directions[suit]
        fits = rank in up_or_down_next(height, direction)
        if fits and direction == Direction.UNDECIDED and rank in _DIRECTION_OF:
            directions = (*directions[:suit], _DIRECTION_OF[rank], *directions[suit + 1 :])
        return fits, fits and height + 1 == len(RANKS), directions, starts
    if tables.sudoku:
        # Rule 9.32: the first card sets the start; the stack-size-th card, whichever rank it is,
        # completes it.
        fits = rank in sudoku_next(height, starts[suit], starts, tables.stack_size)
        if fits and not height:
            starts = (*starts[:suit], rank, *starts[suit + 1 :])
        return fits, fits and height + 1 == tables.stack_size, directions, starts
    # Rules 6.2 and 9.7: the next rank of its build order; under descending_bonus="five" (ruling
    # 13.8) a 5 counts as completing it, the first card of a descending one.
    next_rank = tables.next_rank[suit]
    fits = rank == next_rank[height]
    five = options.descending_bonus == "five"
    return fits, fits and (rank == 5 if five else next_rank[height + 1] == 0), directions, starts


#: Rule 9.29: the direction a card decides when it extends an undecided firework (START leaves it
#: undecided).
_DIRECTION_OF = {1: Direction.UP, 2: Direction.UP, 4: Direction.DOWN, 5: Direction.DOWN}


def nothing_left_to_build(options: Options, built: tuple[int, ...]) -> Outcome:
    """The end by rule 7.6 (and 7.6a, `dead_hands`): nothing left to build; rule 8.1 scores it."""
    return Outcome(
        EndReason.NOTHING_LEFT_TO_BUILD,
        points(options, built),
        max_points(options),
        Rule.NOTHING_LEFT_TO_BUILD,
    )


def outcome_after_turn(  # noqa: PLR0917
    options: Options,
    built: tuple[int, ...],
    storms: int,
    turns_left: int | None,
    discards: tuple[DealtCard, ...],
    card: DealtCard | None,
    directions: tuple[int, ...] = (),
    starts: tuple[int, ...] = (),
) -> Outcome | None:
    """The end of the game after a turn, if it ended (section 7), scored by section 8.

    The one statement of the end conditions that need no hand: rules 7.1, 7.2, 7.3, 7.6 and 7.4b,
    in rule 7.7's order. Rule 7.4c (a player with nothing legal to do) needs the hands, and `apply`
    decides it after this. `apply` calls it with the state after the turn; so does
    [`LiveGame`][hanabi_core.hanablive.LiveGame], which tracks a game without its deck.

    Args:
        options: the game's options.
        built: the cards built on each firework after the turn, in the variant's suit order.
        storms: the Storm tokens turned after the turn.
        turns_left: the final round's turns left after the turn (`None` before the last draw).
        discards: the discard pile after the turn.
        card: the card played or discarded this turn (`None` after a clue).
        directions: the Up or Down fireworks' directions after the turn (rule 9.29; empty in
            other variants).
        starts: the Sudoku fireworks' start ranks after the turn (rule 9.32; empty in other
            variants).

    ```python
    from hanabi_core import EndReason, Options
    from hanabi_core.rules import outcome_after_turn

    options = Options(2)
    assert outcome_after_turn(options, (1, 0, 0, 0, 0), 0, None, (), None) is None
    ended = outcome_after_turn(options, (1, 0, 0, 0, 0), 3, None, (), None)
    assert ended is not None and ended.reason is EndReason.STORM_OUT and ended.score == 0
    ```
    """
    cards = sum(built)
    # Rule 7.7: when several end conditions hold after one turn, the first below decides.
    if storms >= options.max_storms:
        # Rule 7.1, scored by rule 8.2 (or rule 8.4 without a last round: all or nothing).
        zero = options.storm_out_score == "zero" or not options.last_round
        score = 0 if zero else points(options, built)
        return Outcome(EndReason.STORM_OUT, score, max_points(options), Rule.STORM_OUT)
    if cards == options.variant.stack_size * len(built):  # `Variant.max_score`, without its call
        # Rule 7.2: every firework is complete.
        best = max_points(options)
        return Outcome(EndReason.ALL_FIREWORKS, best, best, Rule.ALL_FIREWORKS_COMPLETE)
    if options.last_round:
        if turns_left == 0:
            # Rule 7.3: the final round is over; rule 8.1 scores it.
            return Outcome(
                EndReason.FINAL_ROUND, points(options, built), max_points(options), Rule.FINAL_ROUND
            )
        if (
            options.end_at_max_reachable
            and card is not None
            and cards == reachable(options, built, discards, directions, starts)
        ):
            # Rule 7.6 (an option, hanab.live's rule): no card still in play can be built.
            return nothing_left_to_build(options, built)
        return None
    # Rule 7.4b, no last round: lost (rule 8.4, score 0) once the maximum is out of reach.
    # The card went to the discard pile (a discard or a misplay) if it is now on top of it.
    discarded = card is not None and discards and discards[-1] is card
    if discarded and _out_of_reach(options, built, discards, card, directions, starts):  # type: ignore[arg-type]
        return Outcome(EndReason.MAX_SCORE_UNREACHABLE, 0, max_points(options), Rule.NO_LAST_ROUND)
    return None


def end_of_turn(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    options: Options,
    turns_left: int | None,
    last_draw: bool,
    built: tuple[int, ...],
    storms: int,
    discards: tuple[DealtCard, ...],
    card: DealtCard | None,
    directions: tuple[int, ...] = (),
    starts: tuple[int, ...] = (),
) -> tuple[int | None, Outcome | None]:
    """The final round's turns left and the end of the game after a turn: `(turns_left,
    outcome)`. `turns_left` is the count before the turn; `last_draw`: the turn drew the deck's
    last card. Rule 7.4c, which needs the hands, is `seat_to_move`'s."""
    if turns_left is not None:
        turns_left -= 1  # rule 7.3: one more of the final round's turns is used
    if last_draw and options.last_round:
        # Rule 7.3: the last card is drawn; every player, the drawer too, has one turn.
        turns_left = options.players
    return turns_left, outcome_after_turn(
        options, built, storms, turns_left, discards, card, directions, starts
    )


def seat_to_move(
    options: Options, after: int, can_act: Callable[[int], bool | None]
) -> tuple[int, bool | None]:
    """Rule 7.4c (no last round) and ruling 13.9: the seat to move once seat `after`, whose turn
    it is by rule 3.2, may have nothing legal to do; and whether the game ends for it.

    `can_act(seat)` says whether a seat has a legal action: `True`, `False`, or `None` when the
    driver cannot tell (a seat that does not see the hands a clue would touch). Returns `(seat,
    ends)`: `ends` is `True` when the game is lost by rule 7.4c, `False` when `seat` moves, and
    `None` when it hangs on a seat the driver could not judge (`seat`), which the driver settles
    from elsewhere (the server's next message), never by guessing.

    ```python
    from hanabi_core import Options
    from hanabi_core.rules.effects import seat_to_move
    options = Options(3, last_round=False, no_legal_action="pass")
    assert seat_to_move(options, 1, lambda seat: seat != 1) == (2, False)
    assert seat_to_move(Options(3, last_round=False), 1, lambda seat: seat != 1) == (1, True)
    assert seat_to_move(options, 1, lambda seat: None) == (1, None)
    ```
    """
    able = can_act(after)
    if able is not False:
        return after, None if able is None else False
    if options.no_legal_action == "pass":
        # Ruling 13.9, the other reading: the turn passes to the next seat that can act.
        for step in range(1, options.players):
            seat = (after + step) % options.players
            able = can_act(seat)
            if able is not False:
                return seat, None if able is None else False
    return after, True


def no_legal_action(options: Options) -> Outcome:
    """The end by rule 7.4c: lost, scored 0 (rule 8.4)."""
    return Outcome(EndReason.NO_LEGAL_ACTION, 0, max_points(options), Rule.NO_LAST_ROUND)
