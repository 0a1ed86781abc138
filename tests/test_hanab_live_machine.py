"""The invariants and the state machine under hanab.live's variants (rules 9.8 to 9.27).

`SAMPLE` holds at least one variant for every suit property and every mechanic hanabi_core
implements; the default run plays seeded games in each with every invariant checked each turn (the
whole action space included) and runs `GameMachine` over the sample. The `slow` run covers every
supported variant.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from hanabi_core import (
    EDITIONS,
    GameRecord,
    GameState,
    apply,
    legal_actions,
    new_game,
    read_record,
    write_record,
)
from hanabi_core.hanablive import variant, variant_names
from hanabi_core.hanablive.variants import mechanics
from hanabi_core.testing import GameMachine, check_legal_actions, check_state, check_transition
from hanabi_core.testing import options as options_strategy

#: A variant for each suit property (9.9 to 9.14) and each mechanic (9.15 to 9.26, 9.29).
SAMPLE = (
    "Rainbow-Ones & Pink (5 Suits)",  # special rank (every colour), all-rank suit
    "White-Ones & Brown (6 Suits)",  # special rank (no colour), no-rank suit
    "Brown-Fives (5 Suits)",  # special rank (no rank)
    "Dual-Color (6 Suits)",  # several clue colours
    "Ambiguous & Rainbow (5 Suits)",  # shared clue colours, every-colour suit
    "Prism (5 Suits)",
    "Dark Rainbow & Gray (6 Suits)",  # one of each
    "Orange (5 Suits)",  # inverted
    "Reversed (5 Suits)",
    "Deceptive-Ones (5 Suits)",
    "Color Blind (4 Suits)",
    "Number Blind (5 Suits)",
    "Color Mute (4 Suits)",
    "Number Mute (5 Suits)",
    "Odds and Evens (5 Suits)",
    "Funnels (5 Suits)",
    "Chimneys (5 Suits)",
    "Synesthesia (5 Suits)",
    "Critical Fours (5 Suits)",
    "Scarce Ones (5 Suits)",
    "Clue Starved (5 Suits)",
    "Alternating Clues (5 Suits)",
    "Omni-Ones & Null (6 Suits)",
    "Muddy Rainbow & Light Pink (5 Suits)",
    "Cow & Pig (5 Suits)",  # a clue's type shown, its value hidden (rule 9.30)
    "Duck (4 Suits)",  # neither shown (rule 9.31)
    "Up or Down (5 Suits)",  # START cards, directions (rule 9.29)
    "Up or Down & Orange (5 Suits)",  # with an inverted suit
    "Up or Down & Dark Prism (6 Suits)",  # a one-of-each suit's START, prism START's colour
    "Sudoku (5 Suits)",  # starts chosen in play, all different, wrapping around (rule 9.32)
    "Sudoku & Orange (4 Suits)",  # four-card fireworks, no 5s, with an inverted suit
    "Throw It in a Hole & Rainbow (5 Suits)",  # plays face down, no firework bonus (rule 9.33)
    "Throw It in a Hole & Orange (4 Suits)",  # with an inverted suit (its discards go in the hole)
)


def play(name: str, seed: int, players: int, *, action_space: bool) -> GameState:
    rng = random.Random(seed)
    # hanab.live's rules (rule 11.4): among others the early end of rule 7.6, which follows each
    # variant's build order and copies (reversed suits, dark suits, critical fours).
    state = new_game(EDITIONS["hanab-live"].options(players, variant=variant(name)), seed=seed)
    while not state.is_over:
        check_state(state)
        if action_space:
            check_legal_actions(state)
        action = rng.choice(legal_actions(state))
        after = apply(state, action)
        check_transition(state, action, after)
        state = after
    check_state(state)
    return state


def test_r9_8_the_sample_covers_every_mechanic() -> None:
    assert all(not mechanics(name) for name in SAMPLE)
    built = [variant(name) for name in SAMPLE]
    suits = [s for v in built for s in v.suits]
    assert any(len(s.clue_colours) > 1 for s in suits) and any(s.prism for s in suits)
    assert any(s.inverted for s in suits) and any(s.descending for s in suits)
    assert any(s.all_ranks for s in suits) and any(s.no_ranks for s in suits)
    assert any(s.copies == (1, 1, 1, 1, 1) for s in suits)
    for flag in ("colour_clues_touch_nothing", "rank_clues_touch_nothing", "synesthesia",
                 "clue_starved", "alternating_clues", "up_or_down", "sudoku"):  # fmt: skip
        assert any(getattr(v, flag) for v in built), flag
    assert any(
        v.stack_size == 4 for v in built
    )  # rule 9.32    assert {v.rank_touch for v in built} == {*type(built[0].rank_touch)}
    specials = [v.special_rank for v in built if v.special_rank is not None]
    for flag in ("all_colours", "no_colours", "all_ranks", "no_ranks", "deceptive"):
        assert any(getattr(s, flag) for s in specials), flag


@pytest.mark.parametrize("name", SAMPLE)
def test_r9_27_invariants_every_turn(name: str) -> None:
    for seed, players in ((1, 2), (2, 4)):
        final = play(name, seed, players, action_space=seed == 1)
        # Rule 9.8: the game reads back equal from both formats (hanab.live's included, where an
        # inverted suit's plays and discards are recorded as what befell the card, rule 9.13).
        record = GameRecord.from_state(final, edition="hanab-live")
        assert read_record(write_record(record)) == record
        hanab = json.loads(write_record(record, format="hanab-live"))
        assert hanab["options"]["variant"] == name
        assert read_record(hanab) == record  # and no names invented (issue 33 item 4)


def test_r9_27_game_machine_over_the_sample() -> None:
    class Machine(GameMachine):
        options_strategy = options_strategy(variants=[variant(n) for n in SAMPLE])
        check_action_space = True

    budget = max(2, settings.default.max_examples // 4)
    run_state_machine_as_test(
        Machine, settings=settings(max_examples=budget, stateful_step_count=120, deadline=None)
    )


@pytest.mark.slow
def test_r9_27_invariants_every_supported_variant() -> None:
    for k, name in enumerate(variant_names()):
        if not mechanics(name):
            play(name, k, 2 + k % 5, action_space=k % 4 == 0)


@pytest.mark.slow
def test_r9_27_game_machine_over_every_supported_variant() -> None:
    supported = [variant(n) for n in variant_names() if not mechanics(n)]

    class Machine(GameMachine):
        options_strategy = options_strategy(variants=supported)
        check_action_space = True

    run_state_machine_as_test(
        Machine,
        settings=settings(
            max_examples=200,
            stateful_step_count=300,
            deadline=None,
            suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
        ),
    )
