"""`hanabi_core.pettingzoo.parallel_env`: one game in PettingZoo's parallel API (issue 34). It
passes PettingZoo's own `parallel_api_test` and `parallel_seed_test`, plays the game the AEC
environment plays, and refuses misuse with the library's errors."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test, parallel_seed_test

from hanabi_core import IllegalAction, InvalidArgument, InvalidOptions
from hanabi_core.pettingzoo import env as aec_env
from hanabi_core.pettingzoo import parallel_env


@pytest.mark.parametrize("players", [2, 3, 5])
def test_parallel_api_test(players: int) -> None:
    parallel_api_test(parallel_env(players=players), num_cycles=1000)


@pytest.mark.parametrize("observation_type", ["minimal", "card_knowledge", "seer"])
def test_parallel_seed_test(observation_type: str) -> None:
    parallel_seed_test(lambda: parallel_env(players=3, observation_type=observation_type))


def test_it_plays_the_aec_game() -> None:
    game, twin = parallel_env(players=3), aec_env(players=3)
    observations, _ = game.reset(seed=9)
    twin.reset(seed=9)
    total = 0.0
    while game.agents:
        mover = twin.agent_selection
        for agent in game.agents:
            assert (observations[agent]["observation"] == twin.observe(agent)["observation"]).all()
            assert observations[agent]["action_mask"].any() == (agent == mover)
        uid = int(np.flatnonzero(observations[mover]["action_mask"])[-1])
        actions = {agent: uid if agent == mover else 0 for agent in game.agents}
        observations, rewards, terminations, _, _ = game.step(actions)
        twin.step(uid)
        total += rewards["player_0"]
        assert len(set(rewards.values())) == 1
    assert all(terminations.values()) and twin.terminations["player_1"]
    assert total == twin._env.state.score  # every reward is the change in score


def test_misuse_raises_library_errors() -> None:
    game = parallel_env(players=2)
    with pytest.raises(IllegalAction):
        game.step({"player_0": 0})  # before reset
    game.reset(seed=1)
    with pytest.raises(IllegalAction):
        game.step({"player_1": 0})  # the mover, player_0, gives nothing
    with pytest.raises(IllegalAction):
        game.step([0, 0])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        game.step({"player_0": 5, "player_9": 0})
    with pytest.raises(IllegalAction):
        game.step({"player_0": 99, "player_1": 0})  # not a uid: nothing changes
    with pytest.raises(InvalidOptions):
        game.reset(seed=-1)
    with pytest.raises(InvalidArgument):
        game.observation_space("player_5")
    # An illegal uid (a discard at 8 Notes) ends the game, PettingZoo's way.
    _, rewards, terminations, _, infos = game.step({"player_0": 0})
    assert rewards == {"player_0": -1.0, "player_1": 0.0} and all(terminations.values())
    assert infos["player_0"]["illegal_move"] == 0 and game.agents == []
    with pytest.raises(IllegalAction):
        game.step({"player_0": 5})  # after the end
