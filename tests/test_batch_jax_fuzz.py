"""A fuzz test of the JAX batch engine (issue 30's checks): random shapes, dtypes and ranges of
decks and uids, aliasing (edit every returned array, then step: nothing changes) and leaks (a
seat's observation holds nothing of its own cards). A few dozen cases in the default run,
thousands under ``-m slow``.

JAX is imported inside the tests (see tests/test_batch_jax.py: no fork after JAX is loaded).
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

from hanabi_core import IllegalAction, InvalidDeck
from hanabi_core.batch import Engine
from hanabi_core.hle import options_from_config

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax")

CONFIG = {"players": 3, "colors": 2, "hand_size": 2, "max_information_tokens": 3}
DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, bool, np.float32]
BATCHES = (1, 3, 8)  # few shapes: each valid one compiles once


def _engines() -> tuple[Any, Any]:
    from hanabi_core.batch.jax import JaxEngine

    options = options_from_config(CONFIG)
    return Engine(options), JaxEngine(options)


def fuzz_decks(cases: int, seed: int) -> int:
    """Random deck arrays: the good ones deal the NumPy engine's games, every bad one raises
    `InvalidDeck` (never a bare exception, never a game). Returns the bad ones seen."""
    import jax.numpy as jnp

    engine, twin = _engines()
    rng = np.random.default_rng(seed)
    base = engine.tables.base_deck
    bad = 0
    for _ in range(cases):
        b = int(rng.choice(BATCHES))
        decks = np.stack([rng.permutation(base) for _ in range(b)]).astype(np.int64)
        fault = rng.integers(0, 6)
        if fault == 1:  # a wrong length
            decks = decks[:, : int(rng.integers(0, base.size))]
        elif fault == 2:  # a face out of range
            decks[rng.integers(b), rng.integers(base.size)] = rng.choice([-1, 20, 30, 127, 300])
        elif fault == 3:  # one face twice, another missing
            row = rng.integers(b)
            decks[row, 0] = (decks[row, 0] + 1) % 10
        elif fault == 4:  # one axis too many or too few
            decks = decks[None] if rng.random() < 0.5 else decks[0]
        dtype = DTYPES[rng.integers(len(DTYPES))] if fault == 5 else np.int32
        array = decks.astype(dtype)
        if fault == 5 and dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16):
            fault = 0  # every integer dtype holds these faces
        if fault:
            bad += 1
            with pytest.raises(InvalidDeck):
                twin.init(jnp.asarray(array) if rng.random() < 0.5 else array)
            continue
        state = twin.init(jnp.asarray(array))
        reference = engine.reset(decks=decks.astype(np.int64))
        for name, ours, theirs in zip(reference._fields, state, reference, strict=True):
            assert (np.asarray(ours) == theirs).all(), name
    return bad


def fuzz_uids(cases: int, seed: int) -> None:
    """Random uids (in and out of range, every integer dtype) against the NumPy engine's
    ``illegal="skip"``; bools, floats and wrong shapes raise `IllegalAction`."""
    import jax.numpy as jnp

    engine, twin = _engines()
    rng = np.random.default_rng(seed)
    batch = engine.reset(8, seed=seed)
    state = twin.init(jnp.asarray(batch.deck))
    for _ in range(cases):
        if batch.done.all():
            batch = engine.reset(8, seed=int(rng.integers(1 << 30)))
            state = twin.init(jnp.asarray(batch.deck))
        kind = rng.integers(0, 4)
        if kind == 0:  # not integers, or the wrong shape
            wrong = [
                np.ones(8, bool),
                np.zeros(8, np.float32),
                np.zeros(7, np.int32),
                np.zeros((8, 1), np.int32),
            ][rng.integers(4)]
            with pytest.raises(IllegalAction):
                twin.advance(state, wrong)
            continue
        legal = engine.random_legal(batch, rng)
        wild = rng.integers(-3, engine.tables.moves + 3, size=8)
        uids = np.where(rng.random(8) < 0.7, legal, wild)
        dtype = [np.int8, np.int16, np.int32, np.int64][rng.integers(4)]
        if (uids >= 0).all() and rng.random() < 0.3:
            dtype = np.uint8
        uids = uids.astype(dtype)
        batch, reward, _ = engine.step(batch, uids.astype(np.int64), illegal="skip")
        state, twin_reward = twin.advance(state, jnp.asarray(uids))
        assert (np.asarray(twin_reward) == reward).all()
        for name, ours, theirs in zip(batch._fields, state, batch, strict=True):
            assert (np.asarray(ours) == theirs).all(), name


def check_aliasing(seed: int) -> None:
    """Every array handed out (state fields, observations, rewards, the env's dicts) is
    read-only or the caller's: writing into it changes no later step."""
    import jax
    import jax.numpy as jnp

    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=3, num_colors=2, hand_size=2, max_info_tokens=3)
    keys = jax.random.split(jax.random.PRNGKey(seed), 4)
    obs, state = jax.vmap(env.reset)(keys)
    legal = jax.vmap(env.get_legal_moves)(state)
    actions = {a: jnp.argmax(legal[a], axis=1) for a in env.agents}
    step = jax.vmap(env.step)
    want = jax.tree.map(np.array, step(keys, state, actions))  # copies, before any edit
    handed = [obs, state, legal, actions, *step(keys, state, actions)]
    for leaf in jax.tree.leaves(handed):
        view = np.asarray(leaf)
        if view.flags.writeable:  # the caller's own copy: edit it
            view[...] = 1
        else:
            with pytest.raises(ValueError, match="read-only"):
                view[...] = 1
    got = jax.tree.map(np.array, step(keys, state, actions))
    for ours, theirs in zip(jax.tree.leaves(got), jax.tree.leaves(want), strict=True):
        assert (ours == theirs).all()


def check_no_leak(seed: int) -> None:
    """A seat's observation is the same whatever its own cards (its hand's order shuffled),
    and holds only its own vector (no view onto the other seats')."""
    import jax.numpy as jnp

    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=3, num_colors=2, hand_size=2, max_info_tokens=3)
    rng = np.random.default_rng(seed)
    base = np.asarray(env.engine.tables.base_deck)
    deck = rng.permutation(base)
    seat = int(rng.integers(3))
    own = slice(seat * 2, seat * 2 + 2)
    other = deck.copy()
    other[own] = deck[own][::-1]  # the same cards, the other way round
    for observation in ("jaxmarl", 1):
        env = jaxmarl.make(
            "hanabi",
            num_agents=3,
            num_colors=2,
            hand_size=2,
            max_info_tokens=3,
            observation=observation,
        )
        first = env.get_obs(env.get_first_state(jnp.asarray(deck)))
        second = env.get_obs(env.get_first_state(jnp.asarray(other)))
        agent = env.agents[seat]
        assert (np.asarray(first[agent]) == np.asarray(second[agent])).all()
        for name, vector in first.items():
            array = np.asarray(vector)
            assert array.shape == (env.obs_size,), name
            assert array.base is None or np.asarray(array.base).size == env.obs_size


@pytest.mark.parametrize("seed", [1, 2])
def test_fuzz_decks(seed: int) -> None:
    assert fuzz_decks(30, seed) > 0


def test_fuzz_uids() -> None:
    fuzz_uids(40, seed=3)


@pytest.mark.parametrize("seed", [4])
def test_aliasing_and_leaks(seed: int) -> None:
    check_aliasing(seed)
    check_no_leak(seed)


@pytest.mark.slow
def test_fuzz_thousands() -> None:
    """3,000 decks, 3,000 uid batches, 50 aliasing and 200 leak checks."""
    assert fuzz_decks(3000, seed=100) > 1000
    fuzz_uids(3000, seed=101)
    for seed in range(50):
        check_aliasing(seed)
    for seed in range(200):
        check_no_leak(seed)
