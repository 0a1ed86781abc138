"""`batch.VectorEnv` is a `gymnasium.vector.VectorEnv` (issue 34): Gymnasium's vector wrappers
run on it, with episode statistics equal to a count by hand, `gymnasium.make_vec` makes it, and
`hanabi_core` imports without Gymnasium. And the batched parallel environment passes what
applies of PettingZoo's `parallel_api_test`."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers import vector as wrappers  # noqa: E402

from hanabi_core.batch import BatchParallelEnv, VectorEnv  # noqa: E402
from hanabi_core.errors import InvalidArgument  # noqa: E402

SMALL = {"colors": 2, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}


def random_moves(rng: np.random.Generator, mask: Any) -> Any:
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_vector_env_is_gymnasiums() -> None:
    env = VectorEnv(3, players=2)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.unwrapped is env and env.num_envs == 3 and env.render() is None
    obs, _ = env.reset(seed=11)
    assert env.np_random_seed == 11 and isinstance(env.np_random, np.random.Generator)
    assert env.observation_space.contains(obs)
    assert env.single_observation_space.contains({k: v[0] for k, v in obs.items()})
    assert env.get_attr("players") == (2, 2, 2)
    assert [state.turn for state in env.call("game_state")] == [0, 0, 0]
    assert env.call("observation_length") == (658,) * 3
    env.set_attr("tag", ["a", "a", "a"])
    assert env.get_attr("tag") == ("a",) * 3
    with pytest.raises(InvalidArgument):
        env.set_attr("num_envs", 4)
    mover = VectorEnv(3, players=2, view="mover")
    flat, infos = mover.reset(seed=11)
    assert mover.observation_space.contains(flat) and flat.shape == (3, 658)
    assert (flat == obs["observation"][:, 0]).all()  # seat 0 moves first
    assert (infos["action_mask"] == obs["action_mask"]).all()
    assert (mover.action_masks() == obs["action_mask"]).all()
    env.close()
    assert env.closed


def test_make_vec_makes_it() -> None:
    env = gymnasium.make_vec("hanabi_core/Hanabi-v0", num_envs=5, players=3, view="mover")
    assert isinstance(env, VectorEnv) and env.num_envs == 5 and env.players == 3
    assert env.spec is not None and env.spec.id == "hanabi_core/Hanabi-v0"
    obs, _ = env.reset(seed=0)
    assert obs.shape == (5, env.observation_length)
    again = gymnasium.make_vec("hanabi_core.batch:hanabi_core/Hanabi-v0", num_envs=2)
    assert isinstance(again, VectorEnv)


def test_record_episode_statistics_match_a_count_by_hand() -> None:
    env = wrappers.RecordEpisodeStatistics(VectorEnv(6, players=2, **SMALL))
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    returns, lengths = np.zeros(6), np.zeros(6, int)
    restarting = np.zeros(6, bool)
    seen = 0
    for _ in range(150):
        obs, rewards, terminations, truncations, infos = env.step(
            random_moves(rng, obs["action_mask"])
        )
        # NEXT_STEP: a game that ended last step is dealt anew now, a step of no episode.
        returns = np.where(restarting, 0, returns + rewards)
        lengths = np.where(restarting, 0, lengths + 1)
        if "episode" in infos:
            ended = infos["_episode"]
            assert (ended == terminations).all() and not truncations.any()
            assert np.allclose(infos["episode"]["r"][ended], returns[ended])
            assert (infos["episode"]["l"][ended] == lengths[ended]).all()
            seen += int(ended.sum())
        restarting = terminations
    assert seen > 20


WRAPPED: dict[str, Any] = {
    "NormalizeObservation": wrappers.NormalizeObservation,
    "NormalizeReward": wrappers.NormalizeReward,
    "ClipReward": lambda e: wrappers.ClipReward(e, 0, 1),
    "DictInfoToList": wrappers.DictInfoToList,
    "RecordEpisodeStatistics": wrappers.RecordEpisodeStatistics,
    "DtypeObservation": lambda e: wrappers.DtypeObservation(e, np.float32),
    "TransformObservation": lambda e: wrappers.TransformObservation(
        e, lambda o: o * 2, e.observation_space
    ),
}


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_vector_wrappers_run_on_the_flat_view(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "not an AutoresetMode" or "missing" warning
        env = WRAPPED[name](VectorEnv(4, players=2, view="mover", **SMALL))
        obs, _ = env.reset(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(30):
            mask = env.unwrapped.action_masks()
            obs, *_ = env.step(random_moves(rng, mask))
        assert np.asarray(obs).shape == (4, env.unwrapped.observation_length)
        assert np.isfinite(np.asarray(obs, float)).all()


def test_the_dict_view_flattens() -> None:
    env = wrappers.FlattenObservation(VectorEnv(2, players=2))
    obs, _ = env.reset(seed=0)
    assert obs.shape == (2, 2 * 658 + 20 + 2)


def test_hanabi_core_imports_without_gymnasium() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('gymnasium', 'pettingzoo'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import hanabi_core\n"
        "from hanabi_core.batch import VectorEnv\n"
        "env = VectorEnv(2)\n"
        "obs, _ = env.reset(seed=1)\n"
        "env.step(obs['action_mask'].argmax(axis=1))\n"
        "assert 'gymnasium' not in sys.modules\n"
        "try:\n"
        "    env.observation_space\n"
        "except ImportError as error:\n"
        "    assert 'rl' in str(error)\n"
        "else:\n"
        "    raise AssertionError('no error')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-c", "import sys, hanabi_core; assert 'gymnasium' not in sys.modules"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_batch_parallel_env_passes_what_applies_of_parallel_api_test() -> None:
    """PettingZoo's `parallel_api_test`, less what a batch cannot give (its docstring says why):
    one bool per agent for its termination, and a mask `MultiDiscrete.sample` takes."""
    env = BatchParallelEnv(4, players=3)
    assert env.unwrapped is env
    env.reset(seed=0, options={"options": 1})  # PettingZoo's own options are ignored
    observations, infos = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(40):
        assert set(observations) == set(infos) == set(env.agents) == set(env.possible_agents)
        for agent in env.agents:
            assert env.observation_space(agent) is env.observation_space(agent)
            assert env.action_space(agent) is env.action_space(agent)
            assert env.observation_space(agent).contains(observations[agent])
            assert env.action_space(agent).contains(env.action_space(agent).sample())
        actions = {a: random_moves(rng, o["action_mask"]) for a, o in observations.items()}
        observations, rewards, terminations, truncations, infos = env.step(actions)
        for result in (observations, rewards, terminations, truncations, infos):
            assert isinstance(result, dict) and set(result) == set(env.agents)
        assert env.num_agents == env.max_num_agents == 3
    assert env.state().shape == (4, 3, env.env.observation_length)
