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
  answers from what it sees, or answers "cannot tell" (then it defers to whoever can);
- `after_turn`: the whole of section 7 after a turn, in rule 7.7's order (`end_of_turn`, then
  rule 7.6a, then `seat_to_move`), from the hands as the driver sees them.

`Table` names the facts a turn changes (the fireworks, the discard pile, the Notes and Storms,
the Up or Down directions and Sudoku starts), which these functions take and give back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..cards import RANKS, DealtCard
from ..options import Options
from ..scoring import max_points, points
from ..spec import Rule
from ..state import Direction, EndReason, Outcome
from .reach import _out_of_reach, reachable, sudoku_next, up_or_down_next
from .tables import note_cap, variant_tables

__all__ = [
    "AfterTurn",
    "Table",
    "after_turn",
    "card_effect",
    "dead_hands_outcome",
    "end_of_turn",
    "firework_after",
    "no_legal_action",
    "nothing_left_to_build",
    "outcome_after_turn",
    "playable_now",
    "seat_to_move",
    "still_to_move",
    "waits",
]


class Table(NamedTuple):
    """The table's facts that a turn changes (sections 5 to 7): what every engine of the rules
    passes to `card_effect`, `end_of_turn`, `after_turn` and `dead_hands.playable_now`.

    `GameState` keeps them as its own public fields; a driver that tracks a game without its
    deck (`LiveGame`) holds the same facts.
    """

    #: The cards built on each firework, in the variant's suit order (rule 6.2).
    built: tuple[int, ...]
    #: The discard pile, oldest first (rules 5.3 and 6.3).
    discards: tuple[DealtCard, ...]
    #: The Notes available, in units (half Notes in Clue Starved, rule 9.25).
    notes: int
    #: The Storm tokens turned (rule 6.3).
    storms: int
    #: The Up or Down fireworks' directions (rule 9.29; empty in other variants).
    directions: tuple[int, ...] = ()
    #: The Sudoku fireworks' start ranks (rule 9.32; empty in other variants).
    starts: tuple[int, ...] = ()


# `Table(...)` and `AfterTurn(...)` from a tuple, without the NamedTuple's Python-level `__new__`:
# the same value at half the cost (a driver such as `LiveGame` calls these on every message).
_table: Callable[[type[Table], tuple[object, ...]], Table] = tuple.__new__


#: What a card played or discarded leaves, on `apply`'s hot path: `(built, discards, notes,
#: storms, directions, starts, misplay, note_gained)`, the `Table`'s fields then two flags.
Effect = tuple[
    tuple[int, ...], tuple[DealtCard, ...], int, int, tuple[int, ...], tuple[int, ...], bool, bool
]


def card_effect(
    options: Options, table: Table, card: DealtCard, played: bool
) -> tuple[Table, bool, bool]:
    """What `card` does when it leaves a hand: `played` (its fate, rule 9.13 already applied:
    `card_fate(...) is not Fate.DISCARDED`) or discarded. Returns `(table, misplay,
    note_gained)`, `table` the facts after it; legality (rule 5.2) is the caller's.

    ```python
    from hanabi_core import Options, new_game
    from hanabi_core.rules.effects import Table, card_effect
    state = new_game(Options(2), seed=1)
    red_one = next(c for c in state.dealt if c.suit == "red" and c.rank == 1)
    after, misplay, gained = card_effect(state.options, Table(state.built, (), 8, 0), red_one, True)
    assert after.built == (1, 0, 0, 0, 0) and (misplay, gained) == (False, False)
    assert card_effect(state.options, Table(state.built, (), 7, 0), red_one, False)[0].notes == 8
    ```
    """
    effect = _card_effect(options, *table, card, played)
    return _table(Table, effect[:6]), effect[6], effect[7]


def _card_effect(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
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
    """`card_effect` on the `Table`'s fields, for `apply`'s hot path (a `Table` built and
    unpacked on every move costs it more than the 5% it may lose)."""
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


def end_of_turn(
    options: Options,
    table: Table,
    turns_left: int | None,
    last_draw: bool,
    card: DealtCard | None,
) -> tuple[int | None, Outcome | None]:
    """The final round's turns left and the end of the game after a turn: `(turns_left,
    outcome)`. `table` is the facts after the turn, `turns_left` the count before it; `last_draw`:
    the turn drew the deck's last card. Rules 7.4c and 7.6a, which need the hands, are
    `after_turn`'s."""
    if turns_left is not None:
        turns_left -= 1  # rule 7.3: one more of the final round's turns is used
    if last_draw and options.last_round:
        # Rule 7.3: the last card is drawn; every player, the drawer too, has one turn.
        turns_left = options.players
    built, discards, _, storms, directions, starts = table
    return turns_left, outcome_after_turn(
        options, built, storms, turns_left, discards, card, directions, starts
    )


class AfterTurn(NamedTuple):
    """What follows a turn (section 7, in rule 7.7's order): `after_turn`'s answer."""

    #: The final round's turns left (rule 7.3; `None` before the deck's last card is drawn).
    turns_left: int | None
    #: The end of the game, scored by section 8, or `None` while it goes on.
    outcome: Outcome | None
    #: The seat to move (rule 3.2, or ruling 13.9 when rule 7.4c passes the turn on).
    seat: int
    #: Whether an unseen card alone could decide rule 7.6a or 7.4c: the driver cannot tell,
    #: and settles it from elsewhere (hanab.live's next message), never by guessing.
    undecided: bool


def after_turn(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    options: Options,
    table: Table,
    turns_left: int | None,
    last_draw: bool,
    card: DealtCard | None,
    hands: Sequence[Sequence[DealtCard | None]],
    next_seat: int,
    can_act: Callable[[int], bool | None],
) -> AfterTurn:
    """The end of a turn (section 7): rules 7.1 to 7.3 and 7.6 (`end_of_turn`), then rule 7.6a
    (`still_to_move`, `playable_now`), then rule 7.4c with ruling 13.9 (`seat_to_move`), in rule
    7.7's order. The one composition of section 7, for `apply` and every other driver.

    Args:
        options: the game's options.
        table: the facts after the turn (its card played or discarded, its clue given).
        turns_left: the final round's turns left before the turn (`None` before the last draw).
        last_draw: the turn drew the deck's last card.
        card: the card played or discarded (`None` after a clue).
        hands: the cards held after the turn as the driver sees them, oldest first, `None` for
            a card it cannot see (its own, or one still to be drawn).
        next_seat: the seat whose turn it is by rule 3.2.
        can_act: whether a seat has a legal action, `None` when the driver cannot tell (rule
            7.4c, as `seat_to_move` takes it); asked only for a seat with an empty hand, without
            a last round.

    ```python
    from hanabi_core import EndReason, Options
    from hanabi_core.rules.effects import Table, after_turn
    table = Table((1, 0, 0, 0, 0), (), 8, 3)
    ended = after_turn(Options(2), table, None, False, None, ((), ()), 1, lambda seat: True)
    assert ended.outcome is not None and ended.outcome.reason is EndReason.STORM_OUT
    goes_on = after_turn(Options(2), table._replace(storms=0), None, False, None, ((), ()), 1,
                         lambda seat: True)
    assert goes_on == (None, None, 1, False)
    ```
    """
    turns_left, outcome = end_of_turn(options, table, turns_left, last_draw, card)
    if outcome is None and turns_left and options.end_at_max_reachable:
        # Rule 7.6a: in the final round only the hands of players still to move count. A card
        # the driver cannot see, if one alone could decide, leaves it undecided.
        held = [c for s in still_to_move(options.players, next_seat, turns_left) for c in hands[s]]
        if not playable_now(options, table, [c for c in held if c is not None]):
            if None in held:
                return _after(AfterTurn, (turns_left, None, next_seat, True))
            outcome = dead_hands_outcome(options, table.built)
    if (
        outcome is None
        and not options.last_round
        and not hands[next_seat]
        and not waits(options, table.notes)  # rule 7.4c under "wait": the game goes on
    ):
        # Rule 7.4c, no last round: a player with an empty hand may have nothing left to do.
        seat, ends = seat_to_move(options, next_seat, can_act)
        if ends:
            return _after(AfterTurn, (turns_left, no_legal_action(options), next_seat, False))
        return _after(AfterTurn, (turns_left, None, seat, ends is None))
    return _after(AfterTurn, (turns_left, outcome, next_seat, False))


_after: Callable[[type[AfterTurn], tuple[object, ...]], AfterTurn] = tuple.__new__


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


def playable_now(options: Options, table: Table, cards: Iterable[DealtCard]) -> bool:
    """Whether one of `cards` extends its firework now (rules 6.2, 9.7, 9.29, 9.32)."""
    built, _, _, _, directions, starts = table
    return any(
        firework_after(options, built, directions, starts, card.suit_index, card.rank)[0]
        for card in cards
    )


def dead_hands_outcome(options: Options, built: tuple[int, ...]) -> Outcome:
    """The end by rule 7.6a: nothing left to build by a player still to move; rule 8.1 scores
    it (`nothing_left_to_build`, the ending of rule 7.6)."""
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
