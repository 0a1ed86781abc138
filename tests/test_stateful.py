"""`GameMachine` plays whole games, back to back, under every variant and every edition, and
checks every invariant after every turn (hanabi_core against its own invariants and its own
adapter, the path another engine takes through `EngineAdapter`)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from hanabi_core import EDITIONS, VARIANTS
from hanabi_core.testing import GameMachine, options

#: Steps per run: about two random games of the base game (a careful game is up to ~90 turns).
STEPS = 120


def _settings(divisor: int) -> settings:
    """The active profile's example budget, divided among the parametrised runs."""
    budget = max(2, settings.default.max_examples // divisor)
    return settings(max_examples=budget, stateful_step_count=STEPS, deadline=None)


def _run(machine: type[GameMachine], divisor: int) -> None:
    run_state_machine_as_test(machine, settings=_settings(divisor))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_r9_1_game_machine_every_variant(variant: str) -> None:
    """Every variant, under every edition and plain options, with the flags varied."""

    class Machine(GameMachine):
        options_strategy = options(variants=[variant])
        check_action_space = False

    _run(Machine, 10)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_r11_game_machine_every_edition(edition: str) -> None:
    """Every edition preset, over every variant, with the whole action space checked each turn."""

    class Machine(GameMachine):
        options_strategy = options(editions=[edition])
        check_action_space = True

    _run(Machine, 10)


@pytest.mark.slow
def test_slow_game_machine_everything() -> None:
    """A long run over everything: every variant, edition and flag, the action space each turn."""

    class Machine(GameMachine):
        check_action_space = True

    # 300 steps is several whole games per example: large by design, so the size check is off.
    long_run = settings(
        max_examples=200,
        stateful_step_count=300,
        deadline=None,
        suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
    )
    run_state_machine_as_test(Machine, settings=long_run)


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = _settings(4)
