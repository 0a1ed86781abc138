"""`hanabi_core.batch.jaxmarl.make`'s env driven as JaxMARL's IPPO Hanabi script drives it (jit,
vmap, scan, `get_legal_moves`, dict actions, auto-reset), held to the scalar engine at every step
(always) and to JaxMARL's own Hanabi bit for bit (marker `jaxmarl`, when `jaxmarl` is installed).

JAX is imported inside the tests (see tests/test_batch_jax.py: no fork after JAX is loaded).
"""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

from hanabi_core import GameState, InvalidDeck, InvalidOptions, apply, new_game
from hanabi_core.hle import (
    HLE_COLOURS,
    encode,
    encode_v0_belief,
    legal_uids,
    options_from_config,
    uid_to_action,
)

pytestmark = pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax")


def drive(env: Any, batch: int, steps: int, seed: int) -> tuple[Any, Any]:
    """IPPO's collection loop: ``jax.vmap(env.reset)``, then ``lax.scan`` of ``jax.vmap(
    env.get_legal_moves)``, a sampled legal action per agent (a dict), ``jax.vmap(env.step)``.
    Returns every step's (state, obs, legal, actions, rewards, dones, info) before the step, and
    the state after the last."""
    import jax
    import jax.numpy as jnp

    obs, state = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(seed), batch))

    def env_step(carry: Any, key: Any) -> Any:
        state, obs = carry
        pick, step = jax.random.split(key)
        legal = jax.vmap(env.get_legal_moves)(state)
        actions = {
            agent: jax.random.categorical(
                jax.random.fold_in(pick, n), jnp.where(legal[agent] > 0, 0.0, -1e10)
            )
            for n, agent in enumerate(env.agents)
        }
        new_obs, new, rewards, dones, info = jax.vmap(env.step)(
            jax.random.split(step, batch), state, actions
        )
        return (new, new_obs), (state, obs, legal, actions, rewards, dones, info)

    run = jax.jit(lambda carry, key: jax.lax.scan(env_step, carry, jax.random.split(key, steps)))
    (state, _), trajectory = run((state, obs), jax.random.PRNGKey(seed + 1))
    return trajectory, state


def _deck(faces: Any) -> list[Any]:
    from hanabi_core import Card

    return [Card(HLE_COLOURS[int(f) // 5], int(f) % 5 + 1) for f in faces]


def check_against_scalar(env: Any, trajectory: Any, observation: str | int = "jaxmarl") -> int:
    """Replays every game of `trajectory` in the scalar engine; returns the games compared."""
    states, obs, legal, actions, rewards, dones, info = trajectory
    assert info == {}
    steps, batch = np.asarray(states.turn).shape
    options = env.engine.options
    games = 0
    for g in range(batch):
        game: GameState = new_game(options, deck=_deck(np.asarray(states.deck)[0, g]))
        games += 1
        for t in range(steps):
            assert int(states.turn[t, g]) == game.turn
            mover = game.current_player
            for seat, agent in enumerate(env.agents):
                got = np.asarray(obs[agent][t, g])
                if observation == "jaxmarl":
                    want = np.array(encode_v0_belief(game, seat), np.float32)
                    assert got.dtype == np.float32
                    assert np.allclose(got, want, rtol=0, atol=1e-6), (g, t, seat)
                else:
                    assert got.tolist() == encode(game, seat, observation), (g, t, seat)
                mask = np.asarray(legal[agent][t, g])
                if seat == mover:
                    assert np.flatnonzero(mask).tolist() == list(legal_uids(game))
                else:
                    assert np.flatnonzero(mask).tolist() == [env.num_moves - 1]  # the no-op
            uid = int(actions[env.agents[mover]][t, g])
            before = game.score
            game = apply(game, uid_to_action(game, uid))
            assert float(rewards["__all__"][t, g]) == game.score - before
            for agent in env.agents:
                assert float(rewards[agent][t, g]) == game.score - before
                assert bool(dones[agent][t, g]) == game.is_over
            assert bool(dones["__all__"][t, g]) == game.is_over
            if game.is_over and t + 1 < steps:  # auto-reset: the next step holds a new game
                game = new_game(options, deck=_deck(np.asarray(states.deck)[t + 1, g]))
                games += 1
    return games


@pytest.mark.parametrize(
    ("kwargs", "batch", "steps"),
    [
        ({"num_agents": 2, "num_colors": 2, "hand_size": 2, "max_info_tokens": 3}, 6, 60),
        pytest.param({"num_agents": 2}, 8, 130, marks=pytest.mark.slow),
        pytest.param({"num_agents": 3}, 4, 130, marks=pytest.mark.slow),
        pytest.param({"num_agents": 5, "max_life_tokens": 1}, 4, 100, marks=pytest.mark.slow),
    ],
)
def test_ippo_loop_equals_scalar_engine(kwargs: dict[str, Any], batch: int, steps: int) -> None:
    """Every observation, legal mask, reward and done flag of the IPPO loop equal to the scalar
    engine's, games ending and starting anew within the scan."""
    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", **kwargs)
    trajectory, _ = drive(env, batch, steps, seed=3)
    games = check_against_scalar(env, trajectory)
    assert games > batch  # some games ended and were dealt anew


def test_hle_observation_option() -> None:
    """``observation=1``: HLE's canonical card-knowledge vector, uint8, as the scalar encoder."""
    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=3, num_colors=1, hand_size=2, observation=1)
    assert env.observation_space("agent_0").dtype == np.uint8
    trajectory, _ = drive(env, 3, 30, seed=5)
    check_against_scalar(env, trajectory, observation=1)


def test_protocol_as_jaxmarl() -> None:
    """The attributes and spaces JaxMARL's scripts read, and the action ids."""
    import jax
    import jax.numpy as jnp

    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=2)
    assert env.num_agents == 2 and env.agents == ["agent_0", "agent_1"]
    assert env.name == "Hanabi" and env.num_actions == env.num_moves == 21
    assert env.action_space("agent_0").n == 21
    assert env.observation_space("agent_1").shape == 658 == env.obs_size
    # IPPO's network input: jnp.zeros((1, NUM_ENVS, observation_space(agent).shape))
    assert jnp.zeros((1, 4, env.observation_space("agent_0").shape)).shape == (1, 4, 658)
    assert env.action_encoding[0] == "D0" and env.action_encoding[5] == "P0"
    assert env.action_encoding[10] == "HR to P1 relative"
    assert env.action_encoding[15] == "H1 to P1 relative" and env.action_encoding[20] == "N"
    sample = env.action_space("agent_0").sample(jax.random.PRNGKey(0))
    assert bool(env.action_space("agent_0").contains(sample))
    assert env.get_full_deck().shape == (50, 5, 5)
    assert float(env.get_full_deck().sum()) == 50
    named = jaxmarl.make("hanabi", num_agents=3, agents=["a", "b", "c"])
    assert list(named.get_legal_moves(named.reset(jax.random.PRNGKey(1))[1])) == ["a", "b", "c"]


def test_entry_points_agree() -> None:
    """`reset` and JaxMARL's deck entry points give the same game; `step_game`, `step_env`
    (no reset), `step` with `reset_state`, `get_obs`, `get_v0_belief_feats`, `terminal`."""
    import jax
    import jax.numpy as jnp

    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=2)
    key = jax.random.PRNGKey(7)
    obs, state = env.reset(key)
    faces = np.asarray(state.deck)
    pairs = np.stack([faces // 5, faces % 5], axis=1)
    for other_obs, other in (
        env.reset_from_deck_of_pairs(pairs),
        env.reset_from_deck(jax.nn.one_hot(jnp.asarray(faces), 25).reshape(50, 5, 5)),
    ):
        assert (np.asarray(other.deck) == faces).all()
        assert (np.asarray(other_obs["agent_0"]) == np.asarray(obs["agent_0"])).all()
    assert (np.asarray(env.get_obs(state)["agent_1"]) == np.asarray(obs["agent_1"])).all()
    assert (
        np.asarray(env.get_v0_belief_feats(0, state)) == np.asarray(obs["agent_0"])[-350:]
    ).all()
    uid = int(np.flatnonzero(np.asarray(state.legal))[0])
    after, reward = env.step_game(state, 0, uid)
    assert int(after.turn) == 1 and float(reward) == int(after.score) >= 0
    assert not bool(env.terminal(after))
    actions = {"agent_0": jnp.asarray(uid), "agent_1": jnp.asarray(20)}
    _, stepped, _, dones, info = env.step_env(key, state, actions)
    assert int(stepped.turn) == 1 and not bool(dones["__all__"]) and info == {}
    _, kept, _, _, _ = env.step(key, state, actions, reset_state=state)
    assert int(kept.turn) == 1  # the game went on: reset_state is for ended games
    assert env.card_to_string(7) == "Y3" and env.card_to_string(25) == ""


def test_make_refuses_what_it_does_not_play() -> None:
    from hanabi_core.batch import jaxmarl

    for env_id, kwargs in [
        ("overcooked", {}),
        ("hanabi", {"num_agents": 6}),
        ("hanabi", {"num_agents": True}),
        ("hanabi", {"num_ranks": 4}),
        ("hanabi", {"num_cards_of_rank": [3, 2, 2, 2, 2]}),
        ("hanabi", {"num_moves": 5}),
        ("hanabi", {"agents": ["a"]}),
        ("hanabi", {"observation": "belief"}),
        ("hanabi", {"color_map": ["R", "Y"]}),
        ("hanabi", {"color_map": "RYGWB"}),
        ("hanabi", {"shuffle_player_order": True}),
    ]:
        with pytest.raises(InvalidOptions):
            jaxmarl.make(env_id, **kwargs)
    env = jaxmarl.make("hanabi")
    with pytest.raises(InvalidDeck):
        env.reset_from_deck_of_pairs(np.zeros((50, 2), np.int32))


def test_options_match_hle() -> None:
    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=4, max_info_tokens=6)
    assert env.engine.options == options_from_config({"players": 4, "max_information_tokens": 6})
    assert env.hand_size == 4


def scripted_game(env: Any) -> tuple[list[Any], list[Any], list[int]]:
    """Four moves of a dealt 2-player game: seat 0 plays R1 (built), seat 1 clues red to seat 0
    (slot 0, R2, only), seat 0 discards Y1 (slot 1), seat 1 misplays G5 (slot 3). Returns the
    states and observations (before the first move, after each) and the action ids."""
    hands = [(0, 0), (0, 1), (1, 0), (2, 0), (3, 0), (0, 0), (4, 0), (1, 1), (2, 4), (3, 2)]
    rest = [(c, r) for c in range(5) for r in np.repeat(np.arange(5), [3, 2, 2, 2, 1])]
    for card in [*hands, (4, 1)]:
        rest.remove(card)
    deck = np.array([*hands, (4, 1), *rest], np.int32)  # seat 0 draws B2 first
    obs, state = env.reset_from_deck_of_pairs(deck)
    states, observations, uids = [state], [obs], [5, 10, 1, 8]
    for turn, uid in enumerate(uids):
        mover = env.agents[turn % 2]
        actions = {a: uid if a == mover else env.num_moves - 1 for a in env.agents}
        obs, state, _, _, _ = env.step_env(None, state, actions)
        states.append(state)
        observations.append(obs)
    return states, observations, uids


@pytest.fixture(scope="module")
def scripted() -> tuple[Any, list[Any], list[Any], list[int]]:
    """A 2-player env and its `scripted_game`, shared (one compile of its per-game functions)."""
    from hanabi_core.batch import jaxmarl

    env = jaxmarl.make("hanabi", num_agents=2)
    return (env, *scripted_game(env))


def test_feature_views_are_the_observation_sections(
    scripted: tuple[Any, list[Any], list[Any], list[int]],
) -> None:
    """`get_board_feats` and `get_last_action_feats` give the observation's board and last-move
    sections (which the IPPO tests hold to the scalar engine and JaxMARL), eager and jitted;
    `get_last_action_feats_` holds them by name with JaxMARL's dtypes."""
    import jax

    env, states, observations, uids = scripted
    board = env.hands_n_feats
    last = board + env.board_n_feats + env.discards_n_feats
    jit_last, jit_board = jax.jit(env.get_last_action_feats), jax.jit(env.get_board_feats)
    for n, state in enumerate(states):
        for seat, agent in enumerate(env.agents):
            obs = np.asarray(observations[n][agent])
            got = np.asarray(env.get_board_feats(state))
            assert (
                got.dtype == np.float32 and (got == obs[board : last - env.discards_n_feats]).all()
            )
            if n == 0:
                assert not obs[last : last + env.last_action_n_feats].any()
                continue
            feats = env.get_last_action_feats(seat, states[n - 1], state, uids[n - 1])
            want = obs[last : last + env.last_action_n_feats]
            assert np.asarray(feats).dtype == np.float32 and (np.asarray(feats) == want).all()
    assert (np.asarray(jit_board(states[3])) == np.asarray(env.get_board_feats(states[3]))).all()
    jitted = jit_last(1, states[1], states[2], uids[1])
    assert (np.asarray(jitted) == np.asarray(env.get_last_action_feats(1, *states[1:3], 10))).all()
    clue = env.get_last_action_feats_(0, states[1], states[2], 10)  # seat 1 clued red to seat 0
    dtypes = {k: str(np.asarray(v).dtype) for k, v in clue.items()}
    assert dtypes["move_type"] == dtypes["reveal_outcome"] == dtypes["added_info_tokens"] == "int32"
    assert dtypes["card_played_score"] == "bool" and dtypes["color_revealed"] == "float32"
    assert np.asarray(clue["acting_player_relative_index"]).tolist() == [0, 1]
    assert np.asarray(clue["target_player_relative_index"]).tolist() == [1, 0]
    assert np.asarray(clue["move_type"]).tolist() == [0, 0, 1, 0]
    assert np.asarray(clue["reveal_outcome"]).tolist() == [1, 0, 0, 0, 0]
    play = env.get_last_action_feats_(1, states[0], states[1], 5)  # seat 0 played R1
    assert np.asarray(play["played_discarded_card"]).argmax() == 0
    assert np.asarray(play["pos_played_discarded"]).tolist() == [1, 0, 0, 0, 0]
    assert bool(play["card_played_score"][0]) and int(play["added_info_tokens"][0]) == 0


def test_obs_str_and_render_obs(
    scripted: tuple[Any, list[Any], list[Any], list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    """`get_obs_str` as JaxMARL writes it, worked by hand for the scripted game; `render_obs`
    prints each section; `agent_classes`; `color_map` relabels the text."""
    from hanabi_core.batch import jaxmarl

    env, states, observations, _ = scripted
    # Seat 1 misplayed G5; seat 0 to move, 8 Notes (no discard), seat 1 holds R1 B1 Y2 W3 R2.
    text = env.get_obs_str(states[4], states[3], 8)
    head = "Turn: 4\n\nScore: 1\nInformation available: 8\nLives available: 2\n"
    head += "Deck remaining cards: 37\nDiscards: Y1 G5" + " " * 48 + "\nFireworks: R1    \n"
    assert text.startswith(head + "Your Hand:\n0 Hints: R, Possible: R12345\n")
    assert "\nOther Hand:\n0 Card: R1, Hints: , Possible: RYGWB12345\n" in text
    assert text.endswith(
        "Last action: P3\nCard Played: G5\nScored: False\nAdded Info: 0\nLegal Actions: ['P0',"
        " 'P1', 'P2', 'P3', 'P4', 'HR to P1 relative', 'HY to P1"
        " relative', 'HW to P1 relative', 'HB to P1 relative', 'H1 to P1 relative', 'H2 to P1"
        " relative', 'H3 to P1 relative']\n"
    )
    clue = env.get_obs_str(states[2], states[1], 10, include_belief=True, best_belief=2)
    assert "\nLast action: HR to P1 relative\nCards afected: [0]\nLegal" in clue
    # JaxMARL's V0 belief counts the deck less the discards and fireworks: R1 2, R2 2 of 9 reds.
    assert "0 Hints: R, Possible: R12345, Belief: [R1: 0.222 R2: 0.222]\n" in clue
    assert "Last action: N\nLegal" in env.get_obs_str(states[0])
    env.render_obs(observations[1])
    printed = capsys.readouterr().out
    for label in ("Obs for agent_0", "hand feats", "board feats", "discard feats"):
        assert label in printed
    assert "agent 1 representation of the belief of its 1th-relative agent:" in printed
    assert env.agent_classes == {"agent": ["agent_0", "agent_1"]}
    labelled = jaxmarl.make("hanabi", num_colors=2, color_map=["A", "B"])
    assert (
        labelled.action_encoding[10] == "HA to P1 relative" and labelled.card_to_string(9) == "B5"
    )


# --- JaxMARL's own Hanabi, bit for bit ---------------------------------------------------------


@pytest.mark.jaxmarl
@pytest.mark.skipif(importlib.util.find_spec("jaxmarl") is None, reason="needs jaxmarl")
@pytest.mark.parametrize(
    ("kwargs", "batch", "steps"),
    [({"num_agents": 2}, 16, 200), ({"num_agents": 3}, 8, 150), ({"num_agents": 5}, 8, 150)],
)
def test_ippo_loop_equals_jaxmarl(kwargs: dict[str, Any], batch: int, steps: int) -> None:
    """The same keys through the same loop on both envs: every observation, legal mask, reward
    and done flag equal, bit for bit, across auto-resets (the new deals are JaxMARL's)."""
    import jaxmarl as upstream

    from hanabi_core.batch import jaxmarl

    ours = drive(jaxmarl.make("hanabi", **kwargs), batch, steps, seed=11)[0]
    theirs = drive(upstream.make("hanabi", **kwargs), batch, steps, seed=11)[0]
    assert bool(np.asarray(ours[5]["__all__"]).any())  # games ended within the run
    for part in range(1, 6):  # obs, legal, actions, rewards, dones (the states differ in kind)
        for name in theirs[part]:
            a, b = np.asarray(ours[part][name]), np.asarray(theirs[part][name])
            assert a.shape == b.shape and a.dtype == b.dtype, (part, name)
            assert (a == b).all(), (part, name, np.argwhere(a != b)[:3])
    assert ours[6] == theirs[6] == {}


@pytest.mark.jaxmarl
@pytest.mark.skipif(importlib.util.find_spec("jaxmarl") is None, reason="needs jaxmarl")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_views_equal_jaxmarl(players: int, seed: int) -> None:
    """The same random game on both envs (same key, same legal moves, `step_env`): at every
    step, `get_last_action_feats_` (every seat, dtypes too), `get_last_action_feats` (also under
    ``vmap`` over the seats, as JaxMARL's `get_obs` calls it), `get_board_feats`, `get_obs_str`
    (with and without the belief and the last action) and `render_obs`'s text equal JaxMARL's.
    On the ended game only the text's legal actions differ (JaxMARL still lists moves there)."""
    import contextlib
    import io

    import jax
    import jax.numpy as jnp
    import jaxmarl as upstream

    from hanabi_core.batch import jaxmarl

    theirs_env = upstream.make("hanabi", num_agents=players)
    ours_env = jaxmarl.make("hanabi", num_agents=players)
    key = jax.random.PRNGKey(seed)
    (theirs_obs, theirs), (ours_obs, ours) = theirs_env.reset(key), ours_env.reset(key)
    with pytest.raises(NotImplementedError):
        theirs_env.agent_classes  # noqa: B018 - JaxMARL's Hanabi leaves the base class's
    assert ours_env.agent_classes == {"agent": ours_env.agents}
    for name in ("color_map", "shuffle_player_order", "action_encoding", "num_moves"):
        assert getattr(ours_env, name) == getattr(theirs_env, name), name

    def same(a: Any, b: Any) -> None:
        a, b = np.asarray(a), np.asarray(b)
        assert a.dtype == b.dtype and a.shape == b.shape and (a == b).all()

    def printed(env: Any, obs: Any) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            env.render_obs(obs)
        return out.getvalue()

    def text(env: Any, *args: Any, **kwargs: Any) -> str:
        return str(env.get_obs_str(*args, **kwargs)).split("Legal Actions")[0]

    rng = np.random.default_rng(seed)
    seats = jnp.arange(players)
    assert printed(ours_env, ours_obs) == printed(theirs_env, theirs_obs)
    for step in range(200):
        legal = np.asarray(ours_env.get_legal_moves(ours)[ours_env.agents[step % players]])
        uid = int(rng.choice(np.flatnonzero(legal)))
        actions = {a: uid if i == step % players else 20 for i, a in enumerate(ours_env.agents)}
        before = theirs, ours
        theirs_obs, theirs, _, _, _ = theirs_env.step_env(key, theirs, actions)
        ours_obs, ours, _, _, _ = ours_env.step_env(key, ours, actions)
        for seat in range(players):
            a = theirs_env.get_last_action_feats_(seat, before[0], theirs, uid)
            b = ours_env.get_last_action_feats_(seat, before[1], ours, uid)
            assert list(a) == list(b)
            for name in a:
                same(a[name], b[name])
        if step == 0:
            vmapped = [
                jax.vmap(env.get_last_action_feats, in_axes=(0, None, None, None))(
                    seats, old, new, uid
                )
                for env, old, new in ((theirs_env, before[0], theirs), (ours_env, before[1], ours))
            ]
            same(*vmapped)
        same(theirs_env.get_board_feats(theirs), ours_env.get_board_feats(ours))
        done = bool(ours.done)
        assert done == bool(theirs.terminal)
        cut: Any = text if done else (lambda env, *a, **k: env.get_obs_str(*a, **k))
        for options in ({}, {"include_belief": True}, {"include_belief": True, "best_belief": 2}):
            assert cut(ours_env, ours, before[1], uid, **options) == cut(
                theirs_env, theirs, before[0], uid, **options
            )
        assert cut(ours_env, ours) == cut(theirs_env, theirs)
        if step % 5 == 0 or done:
            assert printed(ours_env, ours_obs) == printed(theirs_env, theirs_obs)
        if done:
            break
    assert done
