"""Every transition of the game: `new_game`, `legal_actions`, `is_legal`, `check`, `apply`.

This is the one module that changes state (in the sense of building the next one). Read it with the
spec open: each check and each effect cites the rule it implements. The layers, from cheapest to
fullest, follow python-chess: `legal_actions` lists what may be done, `is_legal` answers for one
action, `check` says why an action is refused, and `apply` validates and returns the next state.

What only computes lives in the modules of this package: `rules.tables` (lookups derived once per
options or variant), `rules.legality` (the legality core and the refusals) and `rules.reach` (what
the fireworks can still reach, rules 7.4, 7.6 and 9.29).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from operator import getitem
from typing import Any

from attrs import evolve

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import Card, DealtCard
from ..deal import check_deck, check_seed, permutation
from ..errors import IllegalAction, InvalidArgument, InvalidDeck, InvalidOptions, brief
from ..log import Entry
from ..options import Options
from ..scoring import max_points
from ..spec import Rule
from ..state import Direction, EndReason, GameState, Log, Outcome, new_state, not_a_state, push
from .effects import Effect, Table, _card_effect, after_turn, firework_after, outcome_after_turn
from .hands import dealt_orders
from .legality import (  # the legality core (sections 3 to 6), called directly on the hot path
    Refusal,
    _last_clue_type,
    _legal_actions,
    _logged_actions,
    _may_touch_nothing,
    _touched,
    _verb,
    check_facts,
    refusal,
)
from .reach import sudoku_next, up_or_down_next
from .tables import note_cap, variant_tables

__all__ = [
    "Refusal",
    "abandon",
    "apply",
    "check",
    "dealt_orders",
    "is_legal",
    "legal_actions",
    "legal_actions_from",
    "new_game",
    "outcome_after_turn",
    "playable",
    "refusal",
    "sudoku_next",
    "up_or_down_next",
]

# --- Set-up (section 2) -----------------------------------------------------------------------


def new_game(
    options: Options, *, deck: Sequence[Card] | None = None, seed: int | None = None
) -> GameState:
    """The initial state: cards dealt, tokens set out, seat 0 to move.

    Give at most one of `deck` (the full deck, top card first; it must be exactly the variant's
    cards, rule 2.3) and `seed` (a reproducible shuffle, rule 2.5). With neither, a seed is
    drawn from the operating system's randomness (`secrets`); the state keeps the seed it was
    shuffled from as `GameState.seed`, so that ``new_game(options, seed=state.seed)`` deals the
    same game again.

    Raises:
        InvalidDeck: the deck is not the variant's cards, the seed is not a whole number from 0 to
            2**64 - 1, or both were given.
        InvalidOptions: `options` is not an `Options`.

    ```python
    from hanabi_core import Options, new_game
    state = new_game(Options(2), seed=1)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert state.notes == 8 and state.current_player == 0
    fresh = new_game(Options(2))  # a random deal, kept reproducible
    assert new_game(Options(2), seed=fresh.seed) == fresh
    ```
    """
    if not isinstance(options, Options):
        raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
    variant = options.variant
    tables = variant_tables(variant)
    if deck is not None and seed is not None:
        raise InvalidDeck("deck", "give one of deck= (the cards, top first) or seed=, not both")
    if deck is None and seed is None:
        seed = secrets.randbits(64)  # rule 2.5: any seed deals a fair shuffle; kept on the state
    if seed is not None:
        # dealt[order] is the card at deck position `order` (rule 1.4): one lookup per card.
        dealt = tuple(map(getitem, tables.seeded, permutation(len(variant.deck), check_seed(seed))))
    else:
        faces = map(tables.face_index.__getitem__, check_deck(variant, deck))
        dealt = tuple(map(getitem, tables.dealt, faces))
    players = options.players
    # Rule 2.4: contiguous blocks, oldest card first.
    hands = tuple([dealt[block.start : block.stop] for block in dealt_orders(options)])
    drawn = options.hand_size * players
    # Rule 7.3, when the deal itself takes the last card: the final round starts at once.
    turns_left = players if drawn == len(dealt) and options.last_round else None
    suits = len(variant.suits)
    return new_state(
        options,
        dealt,
        hands,
        drawn,
        (0,) * suits,  # built
        (),  # discards
        note_cap(options),  # rule 2.7 (half Notes: rule 9.25)
        0,  # storms
        0,  # current player, rule 2.6
        0,  # turn
        turns_left,
        None,  # log
        None,  # outcome
        # Rule 9.29: every Up or Down firework starts undecided.
        (Direction.UNDECIDED,) * suits if variant.up_or_down else (),
        # Rule 9.32: no Sudoku firework is started yet.
        (0,) * suits if variant.sudoku else (),
        seed,
    )


# --- What may be done (sections 3 to 6) -------------------------------------------------------


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action `apply` accepts, in this order (empty once the game is over):

    1. `Play` of each slot, oldest first;
    2. `Discard` of each slot, oldest first (none while every Note is available, rule 5.2,
       unless the variant has an inverted suit, rule 9.13);
    3. for each other seat in turn order starting after the current player: `ColourClue` in the
       variant's clue-colour order, then `RankClue` of the variant's clue ranks ascending (1 to
       5 in print), each only if it touches a card (rule 4.5) unless negative clues are on or
       the variant's clues of that type touch nothing (rule 9.17), and none of the type of the
       game's last clue under Alternating Clues (rule 9.26); no clues at all without a Note
       (rule 4.1).

    The rules themselves are stated once, in
    [`legal_actions_from`][hanabi_core.rules.legal_actions_from], which this reads the state into.

    Raises:
        InvalidArgument: `state` is not a `GameState` (tested on the failure path only).

    ```python
    from hanabi_core import Options, new_game, legal_actions, Play
    actions = legal_actions(new_game(Options(2), seed=1))
    assert actions[0] == Play(0)
    ```
    """
    try:
        if state.outcome is not None:
            return ()  # rule 3.3
        options = state.options
        p = state.current_player
        hands = state.hands
        # The log is walked only under Alternating Clues (rule 9.26): on this hot path, even making
        # the lazy walk costs more than the check.
        return _legal_actions(
            options, p, len(hands[p]), hands, state.notes,
            _logged_actions(state.log) if options.variant.alternating_clues else (),
        )  # fmt: skip
    except Exception:
        # Issue 25: a value that is not a state fails on its first field read; name the
        # argument. Checked only here, on the failure path, so that a state pays nothing.
        if isinstance(state, GameState):
            raise
        raise not_a_state(state) from None


def legal_actions_from(  # noqa: PLR0917  (the facts legality reads, one by one)
    options: Options,
    mover: int,
    hand_size: int,
    hands: Sequence[Sequence[DealtCard] | None],
    notes: int,
    newest_first: Iterable[Action] = (),
    over: bool = False,
) -> tuple[Action, ...]:
    """The mover's legal actions from what the mover may know, in the order of
    [`legal_actions`][hanabi_core.legal_actions]: the one statement of rules 3.3, 4.1 to 4.7,
    5.2, 9.13, 9.17, 9.25, 9.26 and 10.2.

    Legality needs no hidden card (rule 12.1): plays and discards name slots, and a clue's
    legality depends on its target's cards, which the mover sees. So a state
    ([`legal_actions`][hanabi_core.legal_actions]), a player's view
    ([`legal_actions_in_view`][hanabi_core.bots.legal_actions_in_view]) and a game tracked from
    hanab.live ([`LiveGame.legal_actions`][hanabi_core.hanablive.live.LiveGame.legal_actions]) all
    read their facts into this one function.

    Args:
        options: the game's options.
        mover: the seat to move.
        hand_size: how many cards the mover holds (rules 5.1 and 6.1).
        hands: every seat's cards, oldest first; the mover's entry is not read (it may be `None`,
            hidden as in a view).
        notes: the Notes available, in units (half Notes in Clue Starved, rule 9.25).
        newest_first: the game's actions so far, the latest first; read only under Alternating
            Clues (rule 9.26), and then only up to the latest clue.
        over: whether the game is over (rule 3.3: nothing is legal then).

    Raises:
        InvalidOptions: `options` is not an `Options`.
        InvalidArgument: a seat, a hand size or a Note count out of range, or `hands` not one
            sequence of `DealtCard` for each seat other than the mover.

    ```python
    from hanabi_core import ColourClue, Options, legal_actions, new_game, view
    from hanabi_core.rules import legal_actions_from

    state = new_game(Options(2), seed=1)
    seen = view(state, 0)  # the mover's view: its own hand is hidden
    actions = legal_actions_from(seen.options, 0, seen.hand_size(0), seen.hands, seen.notes)
    assert actions == legal_actions(state)
    # Without a Note: plays and discards, no clue (rules 4.1 and 5.2).
    assert len(legal_actions_from(seen.options, 0, 5, seen.hands, 0)) == 10
    ```
    """
    check_facts(options, mover, hand_size, hands, notes, unseen=False)
    if over:
        return ()  # rule 3.3
    return _legal_actions(options, mover, hand_size, hands, notes, newest_first)


def playable(state: GameState, card: DealtCard | Card) -> bool:
    """Whether playing `card` now would extend its firework (rules 6.2 and 9.7).

    A helper for bots and drivers that know the card (a held card of another player, or a card
    a driver peeks at); `apply` makes the same test when the card is played.

    Raises:
        InvalidArgument: `state` is not a state (anything with a state's `options`, `built`,
            `directions` and `starts` is read as one: a view, say) or `card` is not a card.

    ```python
    from hanabi_core import Card, Options, new_game, playable
    state = new_game(Options(2), seed=1)
    assert playable(state, Card("red", 1)) and not playable(state, Card("red", 2))
    ```
    """
    try:
        variant = state.options.variant
        if isinstance(card, DealtCard):
            suit = card.suit_index
        else:
            found = variant.suit_index(card.suit)
            if found is None:
                return False
            suit = found
        return firework_after(
            state.options, state.built, state.directions, state.starts, suit, card.rank
        )[0]
    except Exception:
        # Issue 25: name the argument that is not what it should be (on the failure path only).
        if not isinstance(state, GameState):
            raise not_a_state(state) from None
        if not isinstance(card, (DealtCard, Card)):
            raise InvalidArgument(
                "card", f"must be a Card or a DealtCard, got {brief(card)}"
            ) from None
        raise


def check(state: GameState, action: object) -> IllegalAction | None:
    """Why `apply(state, action)` would be refused, or `None` if it would be accepted.

    Checks run in rule-number order, so the error names the first rule the action breaks.

    Raises:
        InvalidArgument: `state` is not a `GameState` (anything given as `action` is judged:
            what is not an action is refused by rule 3.4).
    """
    try:
        if state.outcome is not None:
            # Rule 3.3: nothing is played after the end.
            return _after_the_end(state, f"Cannot {_verb(action)}: the game is over", action)
        # Every other refusal is stated once, from facts (`legality.refusal`); the state sees
        # every hand, so it never answers "cannot tell".
        p = state.current_player
        hands = state.hands
        found = refusal(
            state.options, p, len(hands[p]), hands, state.notes, _logged_actions(state.log), action
        )
        if found is None:
            return None
        return IllegalAction(found.rule, found.reason, action=action, state=state)
    except Exception:
        # Issue 25: a value that is not a state fails on its first field read; name the
        # argument. Checked only here, on the failure path, so that a state pays nothing.
        if isinstance(state, GameState):
            raise
        raise not_a_state(state) from None


def _after_the_end(state: GameState, words: str, action: object) -> IllegalAction:
    """Rule 3.3's refusal: nothing is done after the end, whose reason and score it quotes."""
    ended = state.outcome
    assert ended is not None
    reason = f"{words} ({ended.reason.value.replace('-', ' ')}, score {ended.score})"
    return IllegalAction(Rule.NO_ACTION_AFTER_THE_END, reason, action=action, state=state)


def is_legal(state: GameState, action: object) -> bool:
    """`True` exactly when `apply(state, action)` would return a state rather than raise an
    `IllegalAction`.

    Raises:
        InvalidArgument: `state` is not a `GameState`.
    """
    return check(state, action) is None


# --- What follows (sections 4 to 8) -----------------------------------------------------------


def abandon(state: GameState) -> GameState:
    """`state`, ended from outside the rules: abandoned and scored 0 (rule 7.5).

    This is how a game stopped by hanab.live's server or by a vote ends; the rules themselves never
    abandon a game. Nothing else of the state changes.

    Raises:
        IllegalAction: the game is already over (rule 3.3).
        InvalidArgument: `state` is not a `GameState`.

    ```python
    from hanabi_core import EndReason, Options, abandon, new_game
    state = abandon(new_game(Options(2), seed=1))
    assert state.is_over and state.outcome.reason is EndReason.ABANDONED and state.score == 0
    ```
    """
    if not isinstance(state, GameState):
        # Issue 25: checked first, not on the failure path as in `apply`: a view or another
        # value with an `outcome` would otherwise be "abandoned" (and this is no hot path).
        raise not_a_state(state)
    if state.outcome is not None:
        raise _after_the_end(state, "Cannot abandon the game: it is already over", None)
    # Rule 8.1 through `max_points`, as every other ending: under `descending_score` the highest
    # score is not the number of cards (probe C of issue 21).
    outcome = Outcome(EndReason.ABANDONED, 0, max_points(state.options), Rule.ABANDONED)
    return evolve(state, outcome=outcome)


def apply(state: GameState, action: Action) -> GameState:
    """The state after the current player takes `action`. `state` is never changed.

    Raises:
        IllegalAction: the rules forbid the action here; `.rule` names the rule and the message
            says why in plain words.
        InvalidArgument: `state` is not a `GameState` (an action that is not an action is
            refused as `IllegalAction`, rule 3.4).

    ```python
    from hanabi_core import Options, new_game, apply, RankClue
    state = new_game(Options(2), seed=1)
    after = apply(state, RankClue(1, state.hands[1][0].rank))
    assert after.notes == state.notes - 1 and after.current_player == 1
    ```
    """
    try:
        # Each branch accepts exactly what `check` accepts (the property tests hold the two to it);
        # whatever falls through is refused with the reason `check` gives.
        if state.outcome is None:
            p = state.current_player
            # A card played or discarded: its fate is played or discarded by the button pressed,
            # the other button's for a card of an inverted suit (rule 9.13); `card_effect` does
            # the rest.
            if isinstance(action, Play):
                hand = state.hands[p]
                slot = action.slot
                if 0 <= slot < len(hand):
                    card = hand[slot]
                    return _end_turn(
                        state, action, (), card, hand[:slot] + hand[slot + 1 :],
                        _card_effect(
                            state.options, state.built, state.discards, state.notes, state.storms,
                            state.directions, state.starts, card, not card.inverted,
                        ),
                    )  # fmt: skip
            elif isinstance(action, Discard):
                hand = state.hands[p]
                slot = action.slot
                if 0 <= slot < len(hand):
                    options = state.options
                    # Rule 5.2: a spent Note is needed (the common case first), the cap counted in
                    # half Notes in Clue Starved (rule 9.25); rule 9.13: at the cap too, for no
                    # Note, with an inverted suit.
                    if (
                        state.notes < options.max_notes
                        or state.notes < note_cap(options)
                        or options.variant.discards_at_note_cap
                    ):
                        card = hand[slot]
                        return _end_turn(
                            state, action, (), card, hand[:slot] + hand[slot + 1 :],
                            _card_effect(
                                options, state.built, state.discards, state.notes, state.storms,
                                state.directions, state.starts, card, card.inverted,
                            ),
                        )  # fmt: skip
            elif isinstance(action, (ColourClue, RankClue)):
                target = action.target
                options = state.options
                variant = options.variant
                cost = variant.note_units  # rule 9.25: 2 half Notes in Clue Starved
                if state.notes >= cost and target != p and 0 <= target < options.players:
                    touched = _touched(options, state.hands[target], action)
                    if (
                        touched or (touched is not None and _may_touch_nothing(options, action))
                    ) and not (
                        # Rule 9.26: clue types alternate.
                        variant.alternating_clues and _last_clue_type(state) is type(action)
                    ):
                        # Rule 4.1: the clue spends a Note; nobody draws.
                        return _end_turn(
                            state,
                            action,
                            touched,
                            None,
                            None,
                            (
                                state.built,
                                state.discards,
                                state.notes - cost,
                                state.storms,
                                state.directions,
                                state.starts,
                                False,
                                False,
                            ),
                        )
        error = check(state, action)
    except Exception:
        # Issue 25: a value that is not a state fails on its first field read; name the
        # argument. Checked only here, on the failure path, so that a state pays nothing.
        if isinstance(state, GameState):
            raise
        raise not_a_state(state) from None
    assert error is not None  # the branches above accept everything check accepts
    raise error


# `Entry(...)` without the NamedTuple's Python-level `__new__`: the same value at half the cost.
_entry: Callable[[type[Entry], tuple[Any, ...]], Entry] = tuple.__new__


def _end_turn(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    state: GameState,
    action: Action,
    touched: tuple[int, ...],
    card: DealtCard | None,
    hand: tuple[DealtCard, ...] | None,
    effect: Effect,
) -> GameState:
    """The draw (rule 6.5), the turn order (3.2) and the log, then the end of the game (section
    7, `effects.after_turn`), then the next state.

    `hand` is the acting player's hand after a play or discard, before the draw; `None` after a
    clue, which leaves every hand as it was. `effect` is the turn's: `effects.card_effect`'s
    answer with its `Table` unpacked, `(built, discards, notes, storms, directions, starts,
    misplay, note_gained)`, as its positional core `_card_effect` gives it on this hot path.
    """
    built, discards, notes, storms, directions, starts, misplay, note_gained = effect
    options = state.options
    p = state.current_player
    dealt = state.dealt
    drawn = state.drawn
    new_card = None
    hands = state.hands
    last_draw = False
    if hand is not None:
        if drawn < len(dealt):
            # Rule 6.5: draw the next card; it becomes the newest, at the end of the hand.
            new_card = dealt[drawn]
            hand = (*hand, new_card)
            drawn += 1
            last_draw = drawn == len(dealt)
        hands = (*hands[:p], hand, *hands[p + 1 :])
    log = push(state.log, _entry(Entry, (p, action, touched, card, misplay, note_gained, new_card)))
    nxt = (p + 1) % options.players  # rule 3.2
    turns_left = state.turns_left
    if turns_left is None and not last_draw and options.last_round:
        # `after_turn`'s answer on the hot path, without its call: before the final round of a
        # game with one, only rules 7.1, 7.2 and 7.6 can end it (7.6a needs the final round,
        # 7.4c a game without one).
        outcome = outcome_after_turn(
            options, built, storms, None, discards, card, directions, starts
        )
        seat = nxt
    else:
        can_act = _unasked if options.last_round else _can_act(options, hands, notes, log)
        table = Table(built, discards, notes, storms, directions, starts)
        turns_left, outcome, seat, _ = after_turn(
            options, table, turns_left, last_draw, card, hands, nxt, can_act
        )
    return new_state(
        options, dealt, hands, drawn, built, discards, notes, storms, seat,
        state.turn + 1, turns_left, log, outcome, directions, starts, state.seed,
    )  # fmt: skip


def _unasked(seat: int) -> bool:
    """`after_turn`'s `can_act` where rule 7.4c never asks it (a game with a last round)."""
    return True


def _can_act(
    options: Options, hands: tuple[tuple[DealtCard, ...], ...], notes: int, log: Log
) -> Callable[[int], bool]:
    """Rule 7.4c's question after a turn: whether `seat` has a legal action. Every hand is seen
    here, so legality decides."""

    def can_act(seat: int) -> bool:
        return bool(
            _legal_actions(options, seat, len(hands[seat]), hands, notes, _logged_actions(log))
        )

    return can_act
