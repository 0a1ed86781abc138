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

from hanabi_core import IllegalAction, InvalidArgument, InvalidOptions
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
    aec = env(players=2, illegal_moves="raise")
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
    assert capsys.readouterr().out == str(aec._env.state) + "\n"


def test_render_mode_ansi_returns_the_table_as_text() -> None:
    """Issue 20 item 7: ``render_mode="ansi"`` returns the table (str of the state)."""
    aec = env(players=3, render_mode="ansi")
    assert "ansi" in aec.metadata["render_modes"]
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and text == str(aec._env.state)
    quiet = env(players=2)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None


def test_an_illegal_move_ends_the_game_as_pettingzoo_hanabi_does(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 20 item 7: a uid the mask rules out ends the game (PettingZoo's
    TerminateIllegalWrapper): the mover gets -1, the others 0, every agent is done."""
    aec = env(players=3)
    aec.reset(seed=1)
    mover = aec.agent_selection
    assert not aec.observe(mover)["action_mask"][0]
    aec.step(0)  # discard with all Notes
    assert "Illegal move" in caplog.text
    assert all(aec.terminations.values()) and all(aec.truncations.values())
    rewards = {}
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, info = aec.last()
        assert termination and truncation and not observation["action_mask"].any()
        rewards[agent] = reward
        if agent == mover:
            assert info["illegal_move"] == 0 and "Note" in info["error"]
        aec.step(None)
    assert rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert aec.agents == []
    tuned = env(players=2, illegal_reward=-25)
    tuned.reset(seed=1)
    tuned.step(0)
    assert tuned.last()[1] == -25.0


def test_m11_misuse_raises_library_errors() -> None:
    """Issue 25 M11: calls before reset, after the end, and unknown agents raise the library's
    errors (which pickle), never a bare AttributeError or KeyError."""
    aec = env(players=2)
    for call in (
        lambda: aec.step(5),
        aec.last,
        lambda: aec.observe("player_0"),
        aec.state,
    ):
        with pytest.raises(IllegalAction, match="reset") as error:
            call()
        assert pickle.loads(pickle.dumps(error.value)) == error.value
    for bad in ("player_2", "Alice", 0, None, ["player_0"]):
        for method in (aec.observation_space, aec.action_space):
            with pytest.raises(InvalidArgument) as caught:
                method(bad)  # type: ignore[arg-type]
            assert pickle.loads(pickle.dumps(caught.value)) == caught.value
    aec.reset(seed=3)
    with pytest.raises(InvalidArgument):
        aec.observe("player_9")
    aec.step(0)  # illegal: the game ends
    with pytest.raises(IllegalAction, match="only action is None"):
        aec.step(5)
    for _ in aec.agent_iter():
        aec.step(None)
    for call in (lambda: aec.step(None), lambda: aec.step(5), aec.last):
        with pytest.raises(IllegalAction, match="reset"):
            call()
    aec.reset(seed=3)  # and the environment is as good as new
    assert aec.agents == aec.possible_agents


@pytest.mark.parametrize("seed", [-1, -5, 1.5, "3", True])
def test_m8_a_seed_is_reproducible_or_refused(seed: object) -> None:
    """Issue 25 M8: HLE's -1 ("draw from the operating system") is not a PettingZoo seed:
    refused, with the other values that are not whole numbers from 0."""
    aec = env(players=2)
    with pytest.raises(InvalidOptions, match="seed") as error:
        aec.reset(seed=seed)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(error.value)) == error.value
    with pytest.raises(InvalidOptions, match="seed"):
        env(players=2, seed=seed)  # type: ignore[arg-type]
    first, second = env(players=2), env(players=2)
    first.reset(seed=0)
    second.reset(seed=0)
    assert (
        first.observe("player_0")["observation"] == second.observe("player_0")["observation"]
    ).all()


def test_env_has_an_explicit_signature_and_a_global_state() -> None:
    """Issue 20 item 7: env() names its keywords (PettingZoo's Hanabi's config keys); state()
    is a global view in state_space."""
    import inspect

    parameters = inspect.signature(env).parameters
    for key in (
        "colors", "ranks", "players", "hand_size", "max_information_tokens", "max_life_tokens",
        "observation_type", "random_start_player", "render_mode", "seed",
    ):  # fmt: skip
        assert parameters[key].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError):
        env(player=2)  # type: ignore[call-arg]
    aec = env(players=3, random_start_player=True)
    aec.reset(seed=4)
    state = aec.state()
    assert aec.state_space.contains(state) and state.shape == aec.state_space.shape
    seer = env(players=3, random_start_player=True, observation_type="seer")
    seer.reset(seed=4)
    assert (seer.observe("player_0")["observation"] == state).all()
