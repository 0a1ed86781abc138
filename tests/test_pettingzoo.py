"""`hanabi_core.pettingzoo`: the AEC environment passes PettingZoo's own API and seed tests.

Needs the `rl` extra (in the `dev` extra); skipped without it, except under CI.
"""

from __future__ import annotations

import os
import pickle

import pytest

if not os.environ.get("CI"):
    pytest.importorskip("pettingzoo", reason='needs the rl extra: pip install -e ".[dev]"')

import numpy as np
from pettingzoo.test import api_test, seed_test

from hanabi_core import IllegalAction, InvalidOptions
from hanabi_core.hle import legal_uids
from hanabi_core.pettingzoo import env, raw_env


@pytest.mark.parametrize(
    "config",
    [
        {"players": 2},
        {"players": 3, "observation_type": "seer"},
        {"players": 4, "observation_type": "minimal", "max_life_tokens": 1},
        {"players": 5, "random_start_player": True},
        {"players": 2, "colors": 2, "hand_size": 2, "max_information_tokens": 3},
    ],
)
# api_test warns about every observation that is a dict (action-masked envs, its own classic
# games included): the observation is {"observation": array, "action_mask": array} by design.
@pytest.mark.filterwarnings("ignore:Observation")
def test_passes_pettingzoo_api_test(config: dict[str, object]) -> None:
    api_test(env(**config), num_cycles=200)


def test_passes_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=3), num_cycles=100)


def test_observation_and_mask_match_rl_env() -> None:
    aec = raw_env(players=2, seed=3)
    aec.reset(seed=11)
    observation = aec.observe("player_0")
    assert observation["observation"].shape == (658,)
    assert observation["observation"].dtype == np.float32
    assert observation["action_mask"].dtype == np.int8
    state = aec._env.state  # the mask lists the legal uids of the player to move
    assert list(np.flatnonzero(observation["action_mask"])) == list(legal_uids(state))
    assert not aec.observe("player_1")["action_mask"].any()


def test_rewards_are_shared_and_games_end() -> None:
    aec = env(players=2, max_life_tokens=1)
    aec.reset(seed=1)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert totals["player_0"] == totals["player_1"]
    assert aec.agents == []


def test_illegal_actions_and_bad_settings_are_refused() -> None:
    aec = env(players=2)
    aec.reset(seed=1)
    with pytest.raises(IllegalAction):
        aec.step(0)  # discard with all Notes
    before = aec.observe("player_0")
    # Not move uids (`int()` would have taken 1.7 for uid 1 and True for uid 1): refused by the
    # library's errors, which pickle, and nothing changes.
    for action in (True, np.True_, 11.7, "11", None, 2**64, 10**5000):
        with pytest.raises(IllegalAction) as error:
            aec.step(action)  # type: ignore[arg-type]
        assert error.value.rule == "3.4"
        assert pickle.loads(pickle.dumps(error.value)) == error.value
    after = aec.observe("player_0")
    assert aec.agent_selection == "player_0"
    assert (after["observation"] == before["observation"]).all()
    assert (after["action_mask"] == before["action_mask"]).all()
    aec.step(np.int64(11))  # a NumPy integer is a uid
    with pytest.raises(InvalidOptions):
        env(players=2, observation_type="everything")
    with pytest.raises(InvalidOptions):
        env(players=2, render_mode="rgb_array")


def test_render_prints_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    aec = env(players=2, render_mode="human")
    aec.reset(seed=1)
    aec.step(5)
    assert "seat 0" in capsys.readouterr().out
