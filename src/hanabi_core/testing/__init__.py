"""Hypothesis strategies, invariants and a state machine for testing Hanabi engines.

`hanabi_core.testing` is public: use it to test code built on hanabi_core (bots, servers, record
converters) or to check another Hanabi engine against hanabi_core, rule by rule.

- Strategies: [`options`][hanabi_core.testing.options] (every variant and edition),
  [`decks`][hanabi_core.testing.decks], [`states`][hanabi_core.testing.states] (reached by legal
  play, finished ones included), [`actions`][hanabi_core.testing.actions] (a legal action) and
  [`any_actions`][hanabi_core.testing.any_actions] (legal or absurd).
- Invariants: plain functions that raise `AssertionError` when a state or a transition breaks a
  rule (`check_state`, `check_transition` and one function per invariant).
- [`GameMachine`][hanabi_core.testing.GameMachine]: a Hypothesis `RuleBasedStateMachine` that plays
  games and checks every invariant after every turn; subclass it with your own
  [`EngineAdapter`][hanabi_core.testing.EngineAdapter] to run the same games in your engine and
  compare it with hanabi_core at every step.

It needs Hypothesis, which hanabi_core itself does not: the ``testing`` extra,
``pip install -e ".[testing]"`` from a clone, ``pip install "hanabi-core[testing]"`` once released
on PyPI.
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401
except ImportError as error:  # pragma: no cover - exercised only without hypothesis installed
    from .._support.extras import missing_extra

    raise missing_extra("hanabi_core.testing", "Hypothesis", "testing") from error

from .invariants import (
    absurd_actions,
    action_space,
    check_card_conservation,
    check_end,
    check_fireworks,
    check_hands,
    check_hands_transition,
    check_legal_actions,
    check_no_mutation,
    check_refusal,
    check_score,
    check_state,
    check_tokens,
    check_transition,
    check_turn_order,
    documented_order,
    snapshot,
    turn_bound,
)
from .machine import EngineAdapter, GameMachine, HanabiCoreAdapter, Observation, observe
from .strategies import actions, any_actions, decks, options, states

__all__ = [
    "EngineAdapter",
    "GameMachine",
    "HanabiCoreAdapter",
    "Observation",
    "absurd_actions",
    "action_space",
    "actions",
    "any_actions",
    "check_card_conservation",
    "check_end",
    "check_fireworks",
    "check_hands",
    "check_hands_transition",
    "check_legal_actions",
    "check_no_mutation",
    "check_refusal",
    "check_score",
    "check_state",
    "check_tokens",
    "check_transition",
    "check_turn_order",
    "decks",
    "documented_order",
    "observe",
    "options",
    "snapshot",
    "states",
    "turn_bound",
]
