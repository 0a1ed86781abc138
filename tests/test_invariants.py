"""The invariants of the game, one test each, named after the spec rules they cover.

States come from `hanabi_core.testing.states()`: every variant and edition, 2 to 6 players, the
option flags, reached by legal play (finished games included). The checks themselves live in
`hanabi_core.testing.invariants`, so that other engines can run them too.
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanabi_core import (
    VARIANTS,
    ColourClue,
    Discard,
    GameState,
    IllegalAction,
    Options,
    RankClue,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from hanabi_core.deal import shuffled_deck
from hanabi_core.scoring import max_points, points
from hanabi_core.testing import (
    actions,
    any_actions,
    check_card_conservation,
    check_end,
    check_fireworks,
    check_hands,
    check_hands_transition,
    check_legal_actions,
    check_no_mutation,
    check_refusal,
    check_score,
    check_tokens,
    check_turn_order,
    options,
    snapshot,
    states,
    turn_bound,
)

ongoing = states(finished=False)


@st.composite
def transitions(draw: st.DrawFn) -> tuple[GameState, object, GameState]:
    """A state still going on, a legal action, and the state it leads to."""
    before = draw(ongoing)
    action = draw(actions(before))
    return before, action, apply(before, action)


@given(states())
def test_r1_4_and_r6_5_card_conservation(state: GameState) -> None:
    check_card_conservation(state)


@given(states())
def test_r1_2_r10_3_notes_between_zero_and_the_cap(state: GameState) -> None:
    assert 0 <= state.notes <= state.options.max_notes
    check_tokens(state)


@given(states())
def test_r1_3_r10_4_r7_1_storms_between_zero_and_the_max(state: GameState) -> None:
    assert 0 <= state.storms <= state.options.max_storms
    check_tokens(state)


@given(transitions())
def test_r6_2_r6_3_r6_4_r9_7_fireworks_never_shrink_nor_exceed_five(
    transition: tuple[GameState, object, GameState],
) -> None:
    before, action, after = transition
    check_fireworks(before, action, after)  # type: ignore[arg-type]


@given(states())
def test_r8_1_score_never_exceeds_the_max(state: GameState) -> None:
    options = state.options
    # Ruling 13.7: under descending_score="minus-five" a descending firework starts at -5.
    lowest = min(0, points(options, (0,) * len(options.variant.suits)))
    assert lowest <= state.score <= max_points(options) <= options.variant.max_score


@given(states(finished=True))
def test_r8_1_r8_2_r8_4_score_is_the_fireworks_without_a_storm_out(state: GameState) -> None:
    check_score(state)
    assert state.outcome is not None
    # Ruling 13.7: only the default reading counts the cards; `check_score` covers the others.
    options = state.options
    if (
        state.outcome.reason.value != "storm-out"
        and options.last_round
        and options.descending_score == "cards"
    ):
        assert state.score == sum(state.fireworks.values())


@given(transitions())
def test_r3_1_r3_2_turn_goes_up_by_one_and_the_seat_rotates(
    transition: tuple[GameState, object, GameState],
) -> None:
    before, _, after = transition
    check_turn_order(before, after)


@given(states(), st.data())
def test_apply_never_mutates_its_input(state: GameState, data: st.DataObject) -> None:
    """Equality, hash and the whole public structure (hands, deck, fireworks, discards, tokens,
    turn, outcome, history) are the same before and after `apply`, for legal and refused actions
    alike."""
    before = snapshot(state)
    twin = copy.copy(state)
    action = data.draw(any_actions(state))
    check_no_mutation(state, action)
    assert state == twin and hash(state) == hash(twin) and snapshot(state) == before


def test_states_can_be_deep_copied_and_pickled() -> None:
    state = new_game(Options(2), seed=1)
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state


@given(states())
def test_r3_4_r4_1_to_r4_5_r5_1_r5_2_r6_1_legal_actions_is_exactly_what_apply_accepts(
    state: GameState,
) -> None:
    """Over the whole action space (slots -1, hand size, huge; seats -1, self, out of range;
    unknown colours; ranks 0 and 6; objects that are not actions): `legal_actions` lists exactly
    what `is_legal`, `check` and `apply` accept, in its documented order, with no duplicates, and
    exactly what the rules (restated independently in the check) allow."""
    check_legal_actions(state)


@given(states())
def test_r3_1_r3_3_a_legal_action_exists_until_the_end(state: GameState) -> None:
    assert bool(legal_actions(state)) is not state.is_over
    check_end(state)


@given(states(finished=True))
def test_r7_1_to_r7_4_every_game_ends_within_the_bound(state: GameState) -> None:
    """Every turn is a clue, which spends a Note (rule 4.1), or a *card action* (a play or a
    discard), which takes a card out of the hands for good and gives back at most one Note (rules
    5.3, 6.4). Notes start at the cap ``N`` and never go below zero, so before the j-th card action
    at most ``N + j - 1`` clues can have been given.

    - With a last round (rule 7.3), every card action draws while the deck lasts, so the last card
      is drawn by the k-th card action, ``k = D - P*H`` (``D`` cards, ``P`` players, hands of
      ``H``); before it at most ``N + k - 1`` clues: at most ``N + 2k - 1`` turns up to the last
      draw. The final round then adds exactly ``P`` turns. Bound: ``N + 2k - 1 + P``, or just ``P``
      when the deal takes every card (``k = 0``). For two players in the base game:
      ``8 + 80 - 1 + 2 = 89``, and `test_r7_3_the_turn_bound_is_reached` reaches it.
    - Without a last round (rule 7.4), there are at most ``D`` card actions in all, and so at most
      ``N + D`` clues: the bound is ``N + 2D``.
    """
    assert state.is_over
    assert state.turn <= turn_bound(state.options)
    o = state.options
    k = o.deck_size - o.players * o.hand_size
    if not o.last_round:
        assert turn_bound(o) == o.max_notes + 2 * o.deck_size
    elif k:
        assert turn_bound(o) == o.max_notes + 2 * k - 1 + o.players
    else:
        assert turn_bound(o) == o.players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r7_3_the_turn_bound_is_reached(players: int) -> None:
    """The bound is tight: clue away every Note, then alternate a discard and a clue until the
    deck runs out, then play the final round (89 turns with two players in the base game)."""
    state = new_game(Options(players), seed=0)
    while not state.is_over:
        legal = legal_actions(state)
        clues = [a for a in legal if isinstance(a, (ColourClue, RankClue))]
        discards = [a for a in legal if isinstance(a, Discard)]
        state = apply(state, clues[0] if clues else discards[0])
    assert state.turn == turn_bound(state.options)
    if players == 2:
        assert state.turn == 89


@given(transitions())
def test_r2_2_r6_5_hands_never_exceed_the_size_and_shrink_only_on_an_empty_deck(
    transition: tuple[GameState, object, GameState],
) -> None:
    before, action, after = transition
    check_hands(after)
    check_hands_transition(before, action, after)  # type: ignore[arg-type]
    if len(after.hands[before.current_player]) < len(before.hands[before.current_player]):
        assert not before.deck


@given(options(), st.integers(0, 2**64 - 1))
def test_r2_4_r2_5_seeded_deals_are_deterministic(opts: Options, seed: int) -> None:
    first = new_game(opts, seed=seed)
    assert new_game(opts, seed=seed) == first
    cards = [c.card for hand in first.hands for c in hand] + [c.card for c in first.deck]
    assert tuple(cards) == shuffled_deck(opts.variant, seed)
    check_hands(first)


@given(states(), st.data())
def test_r3_3_refused_actions_raise_illegal_action_and_change_nothing(
    state: GameState, data: st.DataObject
) -> None:
    action = data.draw(any_actions(state))
    if is_legal(state, action):
        apply(state, action)  # type: ignore[arg-type]
        return
    error = check_refusal(state, action)
    assert isinstance(error, IllegalAction) and isinstance(error, ValueError)
    if state.is_over:
        assert error.rule == "3.3"


@pytest.mark.slow
@settings(max_examples=500)
@given(states(options(variants=[VARIANTS["black-powder"], VARIANTS["multicolour-wild-five"]])))
def test_slow_legal_actions_in_the_rarer_variants(state: GameState) -> None:
    check_legal_actions(state)
