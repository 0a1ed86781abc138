"""The JAX twin of the batch engine against the NumPy engine: the same states and bits.

JAX is imported inside the tests, not when this module is collected: it starts threads, and the
tests that fork `simulate`'s workers must run before it is loaded (`tests/conftest.py` runs these
tests last).
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

from hanabi_core.batch import Engine
from hanabi_core.hle import options_from_config

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax")


def _jax() -> tuple[Any, Any, Any]:
    """jax, jax.numpy and the twin engine, imported now."""
    import jax
    import jax.numpy as jnp

    from hanabi_core.batch.jax import JaxEngine

    return jax, jnp, JaxEngine


SMALL = {"colors": 2, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}


@pytest.mark.parametrize(
    ("players", "config"),
    [
        (3, SMALL),
        pytest.param(2, {}, marks=pytest.mark.slow),
        pytest.param(5, {}, marks=pytest.mark.slow),
    ],
)
def test_jax_engine_equals_numpy_engine(players: int, config: dict[str, int]) -> None:
    """Every field, reward and observation bit of the twin equal to the NumPy engine's, step by
    step (the default run compiles one observation type; the slow run all three)."""
    _, jnp, JaxEngine = _jax()
    options = options_from_config({"players": players, **config})
    engine = Engine(options)
    twin = JaxEngine(options)
    batch = engine.reset(12, seed=players)
    state = twin.init(jnp.asarray(batch.deck))
    rng = np.random.default_rng(players)
    while True:
        for name, ours, theirs in zip(batch._fields, batch, state, strict=True):
            assert (np.asarray(theirs) == ours).all(), name
        for observation_type in (0, 1, 2) if players != 3 else (1,):
            assert (
                np.asarray(twin.observe(state, observation_type))
                == engine.observe(batch, observation_type)
            ).all()
        belief = np.asarray(twin.observe_v0_belief(state))
        assert np.allclose(belief, engine.observe_v0_belief(batch), atol=1e-6)
        if batch.done.all():
            break
        uids = engine.random_legal(batch, rng)
        batch, reward, _ = engine.step(batch, uids)
        state, twin_reward = twin.advance(state, jnp.asarray(uids))
        assert (np.asarray(twin_reward) == reward).all()


def test_jaxmarl_style_reset_and_step_vmap_and_scan() -> None:
    jax, jnp, JaxEngine = _jax()
    env = JaxEngine(options_from_config({"players": 2, **SMALL, "colors": 1}), observation_type=0)
    keys = jax.random.split(jax.random.PRNGKey(0), 8)
    obs, state = jax.vmap(env.reset)(keys)
    assert obs.shape == (8, 2, 62) and obs.dtype == jnp.uint8

    def body(carry, key):  # type: ignore[no-untyped-def]
        obs, state = carry
        keys = jax.random.split(key, 8)
        action = jax.vmap(lambda k, m: jax.random.choice(k, m.shape[0], p=m / m.sum()))(
            keys, state.legal.astype(jnp.float32)
        )
        obs, state, reward, done, _ = jax.vmap(env.step)(keys, state, action)
        return (obs, state), (reward, done)

    (obs, state), (_, dones) = jax.lax.scan(
        body, (obs, state), jax.random.split(jax.random.PRNGKey(1), 40)
    )
    assert bool(dones.any()) and not bool(state.done.any())  # finished games were dealt anew
    assert state.legal.any(axis=1).all()


def test_batched_auto_reset_and_deals() -> None:
    jax, jnp, JaxEngine = _jax()
    env = JaxEngine(options_from_config({"players": 2, **SMALL}))
    decks = np.asarray(env.deal_batch(jax.random.PRNGKey(3), 40))
    assert (np.sort(decks, axis=1) == np.sort(np.asarray(env._base))).all()
    state = env.init(jnp.asarray(decks))
    done = np.zeros(40, bool)
    done[[1, 5, 7]] = True
    for finished in (done, np.ones(40, bool)):  # a few games, then all (the other branch)
        after = env.reset_done(jax.random.PRNGKey(4), state._replace(done=jnp.asarray(finished)))
        assert not np.asarray(after.done).any()
        kept = ~finished
        assert (np.asarray(after.deck)[kept] == decks[kept]).all()


# --- issue 30: H3 (decks under jit) and L4 (observation types, bool uids) ---------------------


def test_h3_init_refuses_a_deck_that_is_not_the_games_cards() -> None:
    """A 40-card deck, a face out of range (30), a face with too many copies, bools and floats:
    `InvalidDeck`, not a game."""
    _, jnp, JaxEngine = _jax()
    from hanabi_core import InvalidDeck

    env = JaxEngine(options_from_config({"players": 2}))
    good = np.asarray(env.deal_batch(__import__("jax").random.PRNGKey(0), 2))
    short = good[:, :40]
    out_of_range = good.copy()
    out_of_range[0, 12] = 30
    copies = good.copy()
    copies[1, :8] = copies[1, 0]
    for bad in (short, out_of_range, copies, good.astype(bool), good.astype(np.float32)):
        for given in (bad, jnp.asarray(bad)):
            with pytest.raises(InvalidDeck):
                env.init(given)
    assert int(env.init(jnp.asarray(good)).drawn[0]) == 10


def test_h3_checked_init_and_advance_under_jit() -> None:
    """Under the caller's `jit` the values are traced: `checked_init` and `checked_advance`
    (checkify) make a bad deck or an illegal uid an error."""
    jax, jnp, JaxEngine = _jax()
    from jax.experimental import checkify

    env = JaxEngine(options_from_config({"players": 2, **SMALL}))
    good = env.deal_batch(jax.random.PRNGKey(1), 3)

    @jax.jit
    def deal(decks):  # type: ignore[no-untyped-def]
        return env.checked_init(decks)

    error, state = deal(good)
    error.throw()  # nothing to raise
    bad = good.at[2, 0].set(30)
    with pytest.raises(checkify.JaxRuntimeError, match="face out of range"):
        deal(bad)[0].throw()
    twice = good.at[1, 0].set(good[1, 1] + 1 if int(good[1, 1]) < 9 else 0)
    if not (np.sort(np.asarray(twice[1])) == np.sort(np.asarray(good[1]))).all():
        with pytest.raises(checkify.JaxRuntimeError, match="game 1 is not exactly"):
            deal(twice)[0].throw()
    uids = jnp.asarray(np.asarray(state.legal).argmax(axis=1), jnp.int32)
    error, (after, _) = jax.jit(env.checked_advance)(state, uids)
    error.throw()
    assert (np.asarray(after.turn) == 1).all()
    illegal = uids.at[0].set(-1)
    with pytest.raises(checkify.JaxRuntimeError, match="game 0 has an illegal uid"):
        jax.jit(env.checked_advance)(state, illegal)[0].throw()


def test_l4_observe_refuses_observation_types_7_and_minus_1() -> None:
    _, jnp, JaxEngine = _jax()
    from hanabi_core import InvalidOptions

    env = JaxEngine(options_from_config({"players": 2, **SMALL}))
    state = env.init(jnp.asarray(Engine(env.options).reset(2, seed=1).deck))
    for bad in (7, -1, True, 1.0, "1"):
        with pytest.raises(InvalidOptions):
            env.observe(state, bad)
    assert env.observe(state, 2).shape[:2] == (2, 2)


def test_l4_bool_uids_are_not_taken_as_ints() -> None:
    _, jnp, JaxEngine = _jax()
    from hanabi_core import IllegalAction

    env = JaxEngine(options_from_config({"players": 2, **SMALL}))
    state = env.init(jnp.asarray(Engine(env.options).reset(2, seed=1).deck))
    for bad in (jnp.ones(2, bool), np.zeros(2, bool), jnp.zeros(2, jnp.float32), jnp.zeros(3, int)):
        with pytest.raises(IllegalAction):
            env.advance(state, bad)
    with pytest.raises(IllegalAction):
        env.step(__import__("jax").random.PRNGKey(0), _first_game(state), jnp.asarray(True))


def _first_game(state: Any) -> Any:
    return type(state)(*(x[0] for x in state))
