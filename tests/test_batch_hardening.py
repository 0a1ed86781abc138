"""Issue 30's findings on the NumPy batch engines, one regression test each (H1, H2, H4, M5,
M6): what they hand out is the caller's, reaches only its own seat, and bad input raises the
library's errors."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hanabi_core import IllegalAction, InvalidArgument, InvalidDeck, InvalidOptions
from hanabi_core.batch import BatchParallelEnv, BatchState, Engine, ParallelEnv, VectorEnv
from hanabi_core.errors import HanabiError
from hanabi_core.hle import options_from_config

SMALL = {"colors": 2, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}


def bases(array: np.ndarray[Any, Any]) -> list[np.ndarray[Any, Any]]:
    """`array` and every array its `.base` chain reaches."""
    chain = [array]
    while isinstance(chain[-1].base, np.ndarray):
        chain.append(chain[-1].base)
    return chain


def shared_fields(state: BatchState) -> list[tuple[str, str]]:
    names = BatchState._fields
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if np.shares_memory(getattr(state, a), getattr(state, b))
    ]


def test_h1_parallel_env_observations_hold_their_own_seat_only() -> None:
    env = BatchParallelEnv(3, players=3)
    observations, _ = env.reset(seed=1)
    everything = env.env.engine.observe(env.env.state)
    for _ in range(3):
        for seat, agent in enumerate(env.agents):
            mine = observations[agent]
            for name, array in mine.items():
                # Nothing in the chain of bases holds more than the agent's own arrays.
                assert all(a.size == array.size for a in bases(array)), (agent, name)
                for other, theirs in observations.items():
                    if other != agent:
                        assert not np.shares_memory(array, theirs["observation"])
            assert (mine["observation"] == everything[:, seat]).all()
        actions = {a: o["action_mask"].argmax(axis=1) for a, o in observations.items()}
        observations, *_ = env.step(actions)
        everything = env.env.engine.observe(env.env.state)
    assert ParallelEnv is BatchParallelEnv


def test_h2_vector_env_observations_are_not_the_engine_state() -> None:
    env = VectorEnv(4, players=2)
    obs, _ = env.reset(seed=3)
    before = [np.array(a, copy=True) for a in env.state]
    # The finding: a mask set all True let a discard at 8 Notes through (rule 5.2).
    for array in obs.values():
        array[...] = True if array.dtype == bool else 1
    assert all((a == b).all() for a, b in zip(before, env.state, strict=True))
    with pytest.raises(IllegalAction) as raised:
        env.step(np.zeros(4, np.int64))  # discard slot 0 with every Note
    assert raised.value.rule == "5.2"
    assert all((a == b).all() for a, b in zip(before, env.state, strict=True))
    for array in env.state:
        assert not array.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        env.state.notes[0] = 9


def test_h2_no_two_state_fields_share_memory() -> None:
    engine = Engine(options_from_config({"players": 2, **SMALL}))
    state = engine.reset(5, seed=1)
    assert shared_fields(state) == []
    rng = np.random.default_rng(1)
    for _ in range(10):
        state, _, _ = engine.step(state, engine.random_legal(state, rng), auto_reset=rng)
        assert shared_fields(state) == []
    env = VectorEnv(5, players=2, **SMALL)
    obs, _ = env.reset(seed=2)
    for _ in range(10):
        obs, *_ = env.step(obs["action_mask"].argmax(axis=1))
        assert shared_fields(env.state) == []


def test_h2_legal_mask_and_step_results_are_the_callers() -> None:
    engine = Engine(options_from_config({"players": 2}))
    state = engine.reset(3, seed=4)
    mask = engine.legal_mask(state)
    assert mask is not state.legal and not np.shares_memory(mask, state.legal)
    mask[...] = True
    assert not state.legal[:, :5].any()  # discards stay illegal at 8 Notes
    new, reward, done = engine.step(state, engine.random_legal(state, np.random.default_rng(0)))
    reward[...] = 99
    assert not done.flags.writeable and not any(a.flags.writeable for a in new)
    observation = engine.observe(new)
    observation[...] = 1
    assert (engine.observe(new) != observation).any()


def test_h4_an_int_auto_reset_seed_is_one_generator() -> None:
    options = options_from_config({"players": 2, **SMALL})

    def dealt(engine: Engine) -> list[bytes]:
        state = engine.reset(16, seed=0)
        rng = np.random.default_rng(0)
        decks = []
        for _ in range(150):
            state, _, done = engine.step(state, engine.random_legal(state, rng), auto_reset=7)
            decks.extend(state.deck[g].tobytes() for g in np.flatnonzero(done))
        return decks

    decks = dealt(Engine(options))
    assert len(decks) > 300
    assert len(set(decks)) == len(decks)  # the finding: 1,240 games from 4 decks
    assert dealt(Engine(options)) == decks  # and a new engine deals them again
    engine = Engine(options)
    state = engine.reset(1, seed=0)
    with pytest.raises(InvalidOptions):
        engine.step(state, engine.legal_mask(state).argmax(axis=1), auto_reset=-1)


def _catalogue() -> dict[str, Callable[[], object]]:
    engine = Engine(options_from_config({"players": 2}))
    state = engine.reset(2, seed=1)
    deck = engine.deck_cards(state, 0)
    env = VectorEnv(2, players=2)
    env.reset(seed=1)
    parallel = BatchParallelEnv(2, players=2)
    parallel.reset(seed=1)
    other = Engine(options_from_config({"players": 3})).reset(2, seed=1)
    return {
        "reset seed -1": lambda: engine.reset(2, seed=-1),
        "reset seed True": lambda: engine.reset(2, seed=True),
        "reset seed 1.5": lambda: engine.reset(2, seed=1.5),  # type: ignore[arg-type]
        "reset seed str": lambda: engine.reset(2, seed="1"),  # type: ignore[arg-type]
        "reset no games": lambda: engine.reset(0, seed=1),
        "shuffle seed -1": lambda: engine.shuffle(2, -1),
        "VectorEnv seed -1": lambda: VectorEnv(2, seed=-1),
        "VectorEnv seed str": lambda: VectorEnv(2, seed="x"),
        "VectorEnv reset seed -1": lambda: env.reset(seed=-1),
        "VectorEnv view": lambda: VectorEnv(2, view="all"),
        "ragged decks": lambda: engine.reset(decks=[deck, deck[:-1]]),
        "(0, D) decks": lambda: engine.reset(decks=np.zeros((0, 50), np.int8)),
        "no decks": lambda: engine.reset(decks=[]),
        "empty deck": lambda: engine.reset(decks=[[]]),
        "decks not sequences": lambda: engine.reset(decks=5),
        "decks of floats": lambda: engine.reset(decks=np.zeros((1, 50))),
        "1-D deck": lambda: engine.reset(decks=np.arange(50)),
        "from_states int": lambda: engine.from_states(5),  # type: ignore[arg-type]
        "from_states empty generator": lambda: engine.from_states(s for s in []),
        "game 99": lambda: engine.game_state(state, 99),
        "game -1": lambda: engine.game_state(state, -1),
        "game True": lambda: engine.record(state, True),
        "game 1.0": lambda: engine.uids(state, 1.0),  # type: ignore[arg-type]
        "env game 2": lambda: env.game_state(2),
        "env record -3": lambda: env.record(-3),
        "env observation_dict 9": lambda: env.observation_dict(9),
        "step ragged uids": lambda: engine.step(state, [[1], [1, 2]]),
        "step object uids": lambda: engine.step(state, [2**70, 1]),
        "step float uids": lambda: engine.step(state, np.array([5.0, 5.0])),
        "step no state": lambda: engine.step(None, [5, 5]),  # type: ignore[arg-type]
        "step other engine's state": lambda: engine.step(other, [5, 5]),
        "step a tuple for a state": lambda: engine.observe(tuple(state)),  # type: ignore[arg-type]
        "observe type 3": lambda: engine.observe(state, 3),
        "v0 belief int dtype": lambda: engine.observe_v0_belief(state, np.int8),
        "v0 belief junk dtype": lambda: engine.observe_v0_belief(state, "nope"),
        "random_legal no rng": lambda: engine.random_legal(state, 5),  # type: ignore[arg-type]
        "step illegal='x'": lambda: engine.step(state, [5, 5], illegal="x"),
        "auto_reset 'x'": lambda: engine.step(state, [5, 5], auto_reset="x"),  # type: ignore[arg-type]
        "env options not a mapping": lambda: env.reset(options=5),  # type: ignore[arg-type]
        "env options both": lambda: env.reset(options={"decks": [deck] * 2, "states": []}),
        "env step wrong length": lambda: env.step([5]),
        "env step strings": lambda: env.step(["a", "b"]),
        "env call unknown": lambda: env.call("nothing_here"),
        "env call private": lambda: env.call("_state"),
        "env set_attr fixed": lambda: env.set_attr("players", 3),
        "env set_attr differing": lambda: env.set_attr("tag", [1, 2]),
        "parallel step missing agent": lambda: parallel.step({"player_0": np.array([5, 5])}),
        "parallel step not a dict": lambda: parallel.step([5, 5]),  # type: ignore[arg-type]
        "parallel step short": lambda: parallel.step({"player_0": [5], "player_1": [5]}),
        "parallel unknown agent": lambda: parallel.observation_space("player_7"),
    }


@pytest.mark.parametrize("case", sorted(_catalogue()))
def test_m5_bad_input_raises_library_errors(case: str) -> None:
    with pytest.raises(HanabiError) as raised:
        _catalogue()[case]()
    assert isinstance(raised.value, (IllegalAction, InvalidArgument, InvalidDeck, InvalidOptions))
    assert pickle.loads(pickle.dumps(raised.value)) == raised.value


def test_m5_from_states_takes_any_iterable() -> None:
    env = VectorEnv(3, players=2)
    obs, _ = env.reset(seed=4)
    env.step(obs["action_mask"].argmax(axis=1))
    states = [env.game_state(g) for g in range(3)]
    from_list = env.engine.from_states(states)
    from_generator = env.engine.from_states(s for s in states)  # the finding: a bare ValueError
    assert all((a == b).all() for a, b in zip(from_list, from_generator, strict=True))


def test_m6_a_refused_reset_does_not_reseed() -> None:
    env, twin = VectorEnv(3, players=2), VectorEnv(3, players=2)
    env.reset(seed=5)
    twin.reset(seed=5)
    for bad in ({"what": 1}, {"decks": [["R1"]]}, {"states": [None]}):
        with pytest.raises((InvalidOptions, InvalidDeck)):
            env.reset(seed=99, options=bad)
    with pytest.raises(InvalidOptions):
        env.reset(seed=-1)
    obs, _ = env.reset()  # continues seed 5's generator, as the twin's
    again, _ = twin.reset()
    assert (obs["observation"] == again["observation"]).all()
    assert env.np_random_seed == twin.np_random_seed == 5
