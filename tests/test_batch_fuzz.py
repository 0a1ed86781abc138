"""A fuzz run over the NumPy batch engines (issue 30): random configurations, batch sizes, seeds,
game indices and moves of every shape, dtype and range, through `Engine`, `VectorEnv` (both
views) and `BatchParallelEnv`. Each call either works or raises a library error that leaves the
state as it was; every array handed out is fresh (editing it, then stepping, changes nothing)
or read-only; and nothing an agent is handed reaches another seat's vectors, or its own cards.

The default run plays a few cases; ``-m slow`` plays thousands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from hanabi_core.batch import BatchParallelEnv, BatchState, Engine, VectorEnv
from hanabi_core.errors import HanabiError, InvalidOptions
from hanabi_core.hle import encode, options_from_config

Array = np.ndarray[Any, Any]


def random_config(rng: np.random.Generator) -> dict[str, Any]:
    while True:
        config = {
            "players": int(rng.integers(2, 6)),
            "colors": int(rng.integers(1, 6)),
            "hand_size": int(rng.integers(1, 6)),
            "max_information_tokens": int(rng.integers(1, 9)),
            "max_life_tokens": int(rng.integers(1, 4)),
        }
        try:
            Engine(options_from_config(config))
        except InvalidOptions:
            continue
        return config


def random_uids(rng: np.random.Generator, legal: Array) -> Any:
    """Moves for B games: mostly legal, else anything at all."""
    b, moves = legal.shape
    choice = rng.random()
    if choice < 0.6:
        return (rng.random(legal.shape) * legal).argmax(axis=1)
    kinds: list[Callable[[], Any]] = [
        lambda: rng.integers(-3, moves + 3, b),
        lambda: rng.integers(0, moves, b).astype(rng.choice(["int8", "uint8", "int16", "uint64"])),
        lambda: rng.integers(0, moves, b).astype(float),
        lambda: rng.integers(0, 2, b).astype(bool),
        lambda: rng.integers(0, moves, b + 1),
        lambda: rng.integers(0, moves, (b, 1)),
        lambda: np.int64(0),
        lambda: [str(u) for u in range(b)],
        lambda: [[0]] * b + [[0, 1]],
        lambda: [2**70] * b,
        lambda: None,
    ]
    return kinds[int(rng.integers(len(kinds)))]()


def snapshot(state: BatchState) -> list[Array]:
    return [np.array(a, copy=True) for a in state]


def same(before: list[Array], state: BatchState) -> bool:
    return all(a.shape == b.shape and (a == b).all() for a, b in zip(before, state, strict=True))


def arrays(value: Any) -> Iterator[Array]:
    """Every NumPy array in a returned value (dicts, tuples, lists)."""
    if isinstance(value, np.ndarray):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from arrays(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from arrays(item)


def check_handed_out(value: Any, state: BatchState) -> None:
    """Fresh or read-only: a writable array shares no memory with the state; then spoil it."""
    for array in arrays(value):
        if array.flags.writeable:
            assert not any(np.shares_memory(array, field) for field in state)
            array[...] = 1 if array.dtype != bool else True


def call(function: Callable[[], Any], state: BatchState | None) -> Any:
    """`function()`, or None when it raised a library error (which changed nothing)."""
    before = None if state is None else snapshot(state)
    try:
        return function()
    except HanabiError:
        if state is not None:
            assert before is not None and same(before, state)
        return None


def own_vectors_only(observations: dict[str, dict[str, Array]], length: int) -> None:
    for agent, mine in observations.items():
        for array in mine.values():
            chain = [array]
            while isinstance(chain[-1].base, np.ndarray):
                chain.append(chain[-1].base)
            assert all(a.size == array.size for a in chain), agent
            for other, theirs in observations.items():
                if other != agent:
                    assert not np.shares_memory(array, theirs["observation"])
        assert mine["observation"].shape[-1] == length


def fuzz_engine(rng: np.random.Generator, config: dict[str, Any], b: int) -> None:
    engine = Engine(options_from_config(config))
    seed = int(rng.choice([-1, 0, 7, 2**40, 2**64 + 1]))
    state = call(lambda: engine.reset(b, seed=seed), None)
    if state is None:
        assert seed < 0 or seed >= 2**64
        state = engine.reset(b, seed=3)
    kind = int(rng.integers(3))
    for _ in range(int(rng.integers(5, 25))):
        uids = random_uids(rng, state.legal)
        auto = rng.choice([None, 5, rng])  # type: ignore[arg-type]
        result = call(lambda: engine.step(state, uids, auto_reset=auto), state)  # noqa: B023
        if result is None:
            continue
        new, reward, done = result
        before = snapshot(new)
        mask = engine.legal_mask(new)
        observation = engine.observe(new, kind)
        belief = engine.observe_v0_belief(new)
        check_handed_out((reward, done, mask, observation, belief), new)
        assert same(before, new) and not any(a.flags.writeable for a in new)
        game = int(rng.integers(-2, b + 2))
        found = call(lambda: engine.game_state(new, game), new)  # noqa: B023
        assert (found is None) == (not 0 <= game < b)
        if found is not None:
            seat = int(rng.integers(config["players"]))
            # The reference hides a seat's own cards: equal bits, so nothing more is shown.
            assert engine.observe(new, kind)[game, seat].tolist() == encode(found, seat, kind)
        state = new


def fuzz_vector(rng: np.random.Generator, config: dict[str, Any], b: int) -> None:
    view = "mover" if rng.random() < 0.5 else "seats"
    env = VectorEnv(b, view=view, observation_type=int(rng.integers(3)), **config)
    env.reset(seed=int(rng.integers(2**31)))
    for _ in range(int(rng.integers(5, 25))):
        uids = random_uids(rng, env.action_masks())
        result = call(lambda: env.step(uids), env.state)  # noqa: B023
        if result is None:
            continue
        state = env.state
        seats = env.engine.observe(state, env.observation_type)
        obs = result[0]
        if view == "mover":
            assert obs.shape == (b, env.observation_length) and obs.dtype == np.uint8
            assert (obs == seats[np.arange(b), state.current]).all()
            assert (result[4]["action_mask"] == state.legal).all()
        else:
            assert (obs["observation"] == seats).all()
        before = snapshot(state)
        check_handed_out((result, env.action_masks()), state)
        assert same(before, env.state)
        assert (env.engine.observe(env.state, env.observation_type) == seats).all()


def fuzz_parallel(rng: np.random.Generator, config: dict[str, Any], b: int) -> None:
    env = BatchParallelEnv(b, **config)
    observations, _ = env.reset(seed=int(rng.integers(2**31)))
    masks = {agent: o["action_mask"].copy() for agent, o in observations.items()}
    for _ in range(int(rng.integers(5, 25))):
        actions: Any = {agent: random_uids(rng, mask) for agent, mask in masks.items()}
        if rng.random() < 0.1:
            actions.pop(env.agents[int(rng.integers(len(env.agents)))])
        result = call(lambda: env.step(actions), env.env.state)  # noqa: B023
        if result is None:
            continue
        observations = result[0]
        own_vectors_only(observations, env.env.observation_length)
        seats = env.env.engine.observe(env.env.state)
        for seat, agent in enumerate(env.agents):
            assert (observations[agent]["observation"] == seats[:, seat]).all()
        masks = {agent: o["action_mask"].copy() for agent, o in observations.items()}
        before = snapshot(env.env.state)
        check_handed_out(result, env.env.state)
        assert same(before, env.env.state)


FUZZERS = (fuzz_engine, fuzz_vector, fuzz_parallel)


def run_case(seed: int) -> None:
    rng = np.random.default_rng(seed)
    config = random_config(rng)
    fuzzer = FUZZERS[seed % len(FUZZERS)]
    fuzzer(rng, config, int(rng.integers(1, 7)))


@pytest.mark.parametrize("seed", range(9))
def test_batch_fuzz(seed: int) -> None:
    run_case(seed)


@pytest.mark.slow
def test_batch_fuzz_thousands() -> None:
    for seed in range(100, 2100):
        run_case(seed)
