"""`rules.legal_actions_from`: the one statement of the legal actions (rules 3.3, 4.1 to 4.7, 5.2,
9.13, 9.17, 9.25, 9.26, 10.2), and the three ways in that read their facts into it: a state
(`legal_actions`), the mover's view (`bots.legal_actions_in_view`) and a game tracked from
hanab.live's messages (`LiveGame.legal_actions`). They must agree on every turn, and agree with
the rules' independent oracle of `hanabi_core.testing` (the whole action space through `check`).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanabi_core import (
    ColourClue,
    GameRecord,
    InvalidArgument,
    InvalidOptions,
    Options,
    RankClue,
    apply,
    hanablive,
    legal_actions,
    new_game,
    view,
)
from hanabi_core.bots import legal_actions_in_view
from hanabi_core.hanablive import LiveGame, messages, wire
from hanabi_core.rules import legal_actions_from
from hanabi_core.testing.invariants import check_legal_actions
from played_games import game_options, random_game

# hanab.live variants that reach every hook legality reads: blind clues (rule 9.17), mute clues
# and fewer clue ranks (9.18), odd/even and per-face clue bits (9.27), alternating clues (9.26),
# half Notes (9.25), inverted suits that discard at the Note cap (9.13).
LEGALITY_SAMPLE = (
    "Color Blind (4 Suits)",
    "Number Blind (5 Suits)",
    "Color Mute (4 Suits)",
    "Number Mute (5 Suits)",
    "Alternating Clues (5 Suits)",
    "Clue Starved (5 Suits)",
    "Orange (5 Suits)",
    "Odds and Evens (5 Suits)",
    "Synesthesia (5 Suits)",
    "Rainbow-Ones & Pink (5 Suits)",
    "Up or Down & Prism (5 Suits)",  # START cards: no rank clue, prism's last colour (9.29)
)


def check_all_agree(options: Options, seed: int, oracle_every: int) -> int:
    """Play a game; on each turn, the mover's three listings and the state's must be one, and
    every `oracle_every`-th turn the whole action space is checked too. The turns compared."""
    states = random_game(options, seed)
    record = GameRecord.from_state(states[-1])
    compared = 0
    for seat in range(options.players):
        game = LiveGame.from_options(options, seat)
        for message in messages(record, seat):
            dealing = game.dealing
            game = game.receive(message)
            if dealing and not game.dealing:
                state = states[0]
            elif isinstance(message, wire.Turn) and message.current_player_index != -1:
                state = states[message.num]
            else:
                continue
            if state.current_player != seat or state.is_over:
                continue
            expected = legal_actions(state)
            seen = view(state, seat)
            assert legal_actions_in_view(seen) == expected
            assert game.legal_actions() == expected
            # The public function on the mover's facts, its own hand hidden.
            history = [turn.action for turn in reversed(seen.history)]
            assert (
                legal_actions_from(
                    options, seat, seen.hand_size(seat), seen.hands, seen.notes, history
                )
                == expected
            )
            if compared % oracle_every == 0:
                check_legal_actions(state)
            compared += 1
    return compared


@pytest.mark.parametrize("name", LEGALITY_SAMPLE)
@pytest.mark.parametrize("flags", [0, 1 | 2 | 4])
def test_r12_1_state_view_and_live_game_list_the_same_actions_hanab_live_variants(
    name: str, flags: int
) -> None:
    options = game_options(hanablive.variant(name), 3, flags)
    assert check_all_agree(options, seed=len(name) * 7 + flags, oracle_every=8) > 0


@settings(max_examples=25)
@given(
    name=st.sampled_from(LEGALITY_SAMPLE),
    players=st.integers(2, 5),
    flags=st.integers(0, 63),
    seed=st.integers(0, 2**32),
)
def test_r12_1_the_three_listings_agree_every_turn_random_games(
    name: str, players: int, flags: int, seed: int
) -> None:
    options = game_options(hanablive.variant(name), players, flags)
    check_all_agree(options, seed, oracle_every=16)


def test_r3_3_nothing_is_legal_once_over() -> None:
    state = new_game(Options(2), seed=1)
    seen = view(state, 0)
    args = (state.options, 0, 5, seen.hands, state.notes)
    assert legal_actions_from(*args) == legal_actions(state)
    assert legal_actions_from(*args, (), True) == ()


def test_r9_26_the_latest_clue_type_is_barred_newest_first() -> None:
    options = Options(2, variant=hanablive.variant("Alternating Clues (5 Suits)"))
    state = new_game(options, seed=3)
    hands = view(state, 0).hands
    colour = options.variant.clue_colours[0]
    newest_first = [RankClue(0, 1), ColourClue(1, colour)]  # the rank clue is the latest
    legal = legal_actions_from(options, 0, 5, hands, state.notes, newest_first)
    assert legal and not any(isinstance(a, RankClue) for a in legal)
    assert any(isinstance(a, ColourClue) for a in legal)
    after = apply(state, next(a for a in legal_actions(state) if isinstance(a, ColourClue)))
    assert not any(isinstance(a, ColourClue) for a in legal_actions(after))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"options": "2p"}, InvalidOptions),
        ({"mover": 2}, InvalidArgument),
        ({"mover": -1}, InvalidArgument),
        ({"mover": True}, InvalidArgument),
        ({"hand_size": 6}, InvalidArgument),
        ({"notes": -1}, InvalidArgument),
        ({"hands": ()}, InvalidArgument),
        ({"hands": (None, None)}, InvalidArgument),
        ({"hands": (None, ("r1",))}, InvalidArgument),
    ],
)
def test_bad_facts_are_refused_with_a_library_error(change: dict[str, Any], error: type) -> None:
    state = new_game(Options(2), seed=1)
    facts: dict[str, Any] = {
        "options": state.options,
        "mover": 0,
        "hand_size": 5,
        "hands": view(state, 0).hands,
        "notes": state.notes,
    }
    facts.update(change)
    with pytest.raises(error):
        legal_actions_from(**facts)
