"""The rules room's facts-level drivers: `legality.refusal` (the refusals `check` wraps) and
`effects.after_turn` (section 7 in rule 7.7's order), as a driver that does not see every card
calls them (issue 29)."""

from __future__ import annotations

import random

from hanabi_core import (
    EDITIONS,
    ColourClue,
    Discard,
    EndReason,
    Options,
    Play,
    RankClue,
    apply,
    check,
    legal_actions,
    new_game,
)
from hanabi_core.actions import Action
from hanabi_core.hanablive import variant
from hanabi_core.rules import refusal
from hanabi_core.rules.effects import Table, after_turn
from hanabi_core.rules.legality import (
    CANNOT_TELL,
    _logged_actions,
    _may_touch_nothing,
    last_clue,
)
from hanabi_core.state import GameState
from hanabi_core.variants import VARIANTS
from test_dead_hands import THREE_SUITS, _stacked_deck


def _candidates(state: GameState) -> list[object]:
    """Legal actions and a spread of refused ones."""
    players = state.options.players
    out: list[object] = list(legal_actions(state))
    out += [Play(7), Discard(0), Discard(9), "pass"]
    for target in range(-1, players + 1):
        out += [ColourClue(target, c) for c in (*state.options.variant.clue_colours, "teal")]
        out += [RankClue(target, r) for r in (1, 3, 5, 6)]
    return out


def _states() -> list[GameState]:
    rng = random.Random(29)
    found = []
    chosen = [VARIANTS["base"], VARIANTS["multicolour"]]
    chosen += [variant(n) for n in ("Alternating Clues (5 Suits)", "Null (5 Suits)")]
    for kind in chosen:
        for players in (2, 4):
            state = new_game(Options(players, variant=kind), seed=rng.getrandbits(32))
            while state.outcome is None:
                found.append(state)
                state = apply(state, rng.choice(legal_actions(state)))
    return found[::3]


def _facts(state: GameState, hidden: int | None = None) -> tuple:  # type: ignore[type-arg]
    p = state.current_player
    hands = tuple(None if s == hidden else h for s, h in enumerate(state.hands))
    return state.options, p, len(state.hands[p]), hands, state.notes


def test_r4_5_refusal_gives_check_its_rule_and_sentence() -> None:
    for state in _states():
        for action in _candidates(state):
            found = refusal(*_facts(state), _logged_actions(state.log), action)
            error = check(state, action)
            if error is None:
                assert found is None, (state.turn, action)
            else:
                assert found is not None and (found.rule, found.reason) == (
                    error.rule,
                    str(error.reason),
                )


def test_r4_5_an_unseen_hand_cannot_tell_only_the_touch() -> None:
    for state in _states():
        for action in _candidates(state):
            if not isinstance(action, (ColourClue, RankClue)):
                continue
            target = action.target
            if not 0 <= target < state.options.players or target == state.current_player:
                continue
            facts = _facts(state, hidden=target)
            found = refusal(*facts, _logged_actions(state.log), action)
            error = check(state, action)
            if error is not None and error.rule != "4.5":
                # Every check but the touch still runs on an unseen hand.
                assert found is not None and found.rule == error.rule, (action, found, error)
            elif _may_touch_nothing(state.options, action):
                assert found is None
            elif state.options.variant.alternating_clues and last_clue(
                _logged_actions(state.log)
            ) is type(action):
                # Rule 9.26 refuses it whatever it touches: a refusal the facts can tell.
                assert found is not None and found.rule == "9.26"
            else:
                assert found is CANNOT_TELL, (action, found)


def test_r7_6_a_after_turn_is_undecided_where_an_unseen_card_could_decide() -> None:
    options = EDITIONS["hanab-live"].options(6, variant=THREE_SUITS)
    state = new_game(options, deck=_stacked_deck())
    for _ in range(12):
        state = apply(state, Play(0))
    # Seat 0's last turn: a clue. Seat 0 (no longer to move) holds the three 5s.
    clue: Action = RankClue(1, state.hands[1][0].rank)
    ended = apply(state, clue)
    assert ended.outcome is not None and ended.outcome.reason is EndReason.NOTHING_LEFT_TO_BUILD
    table = Table(
        ended.built, ended.discards, ended.notes, ended.storms, ended.directions, ended.starts
    )
    seen = after_turn(options, table, 6, False, None, ended.hands, 1, lambda seat: True)
    assert seen.outcome == ended.outcome and not seen.undecided
    # A seat still to move whose cards are unseen: one of them alone could be a 5 to play.
    hidden = tuple(
        tuple(None for _ in hand) if seat == 2 else hand for seat, hand in enumerate(ended.hands)
    )
    unsure = after_turn(options, table, 6, False, None, hidden, 1, lambda seat: True)
    assert unsure.outcome is None and unsure.undecided and unsure.turns_left == 5
    assert unsure.seat == 1
