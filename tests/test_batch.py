"""The batch engine against the scalar engine: every game's state, legal mask, reward, done flag
and every seat's observation bits equal at every step (the differential test of issue 23), and
JaxMARL's 10,000 games replayed through the batch to their recorded scores."""

from __future__ import annotations

import json
import lzma
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hanabi_core import EDITIONS, GameState, IllegalAction, InvalidDeck, InvalidOptions, apply
from hanabi_core import new_game as scalar_new_game
from hanabi_core.batch import BatchState, Engine, ParallelEnv, VectorEnv
from hanabi_core.hanablive import variant as live_variant
from hanabi_core.hle import (
    colour_index,
    encode,
    encode_v0_belief,
    hle_knowledge,
    legal_uids,
    options_from_config,
    uid_to_action,
)

SMALL = {"colors": 2, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}
VERY_SMALL = {**SMALL, "colors": 1}
ODD = {"colors": 3, "hand_size": 3, "max_information_tokens": 5, "max_life_tokens": 2}
CONFIGS = {"full": {}, "small": SMALL, "very-small": VERY_SMALL, "odd": ODD}


def scalar_fields(state: GameState, hand_size: int) -> dict[str, Any]:
    """The batch's fields of one game, computed from the scalar state."""
    faces = [[colour_index(c.suit) * 5 + c.rank - 1 for c in hand] for hand in state.hands]
    colours = len(state.options.variant.suits)
    empty = colours * 5
    fireworks = [0] * colours
    for suit, built in zip(state.options.variant.suit_names, state.built, strict=True):
        fireworks[colour_index(suit)] = built
    discards = [0] * empty
    for card in state.discards:
        discards[colour_index(card.suit) * 5 + card.rank - 1] += 1
    knowledge = hle_knowledge(state)
    return {
        "hands": [hand + [empty] * (hand_size - len(hand)) for hand in faces],
        "knowledge": [list(k) + [0] * (hand_size - len(k)) for k in knowledge],
        "fireworks": fireworks,
        "notes": state.notes,
        "storms": state.storms,
        "drawn": state.drawn,
        "discards": discards,
        "current": state.current_player,
        "turn": state.turn,
        "turns_left": -1 if state.turns_left is None else state.turns_left,
        "score": state.score,
        "done": state.is_over,
    }


def check_game(engine: Engine, batch: BatchState, g: int, state: GameState, obs: list[Any]) -> None:
    fields = scalar_fields(state, engine.hand_size)
    for name, want in fields.items():
        got = getattr(batch, name)[g].tolist()
        assert got == want, f"game {g} turn {state.turn}: {name} {got} != {want}"
    mask = np.flatnonzero(batch.legal[g]).tolist()
    assert mask == list(legal_uids(state)), f"game {g} turn {state.turn}: legal mask"
    for observation_type, bits in enumerate(obs):
        for seat in range(engine.players):
            want_bits = encode(state, seat, observation_type)
            assert bits[g, seat].tolist() == want_bits, (
                f"game {g} turn {state.turn}: seat {seat}, observation type {observation_type}"
            )


def play_differential(options: Any, games: int, seed: int, belief_every: int = 7) -> int:
    """Play `games` batched games with random legal moves beside the scalar engine; returns the
    number of steps compared."""
    engine = Engine(options)
    batch = engine.reset(games, seed=seed)
    rng = np.random.default_rng(seed)
    states = [scalar_new_game(options, deck=engine.deck_cards(batch, g)) for g in range(games)]
    steps = 0
    while True:
        obs = [engine.observe(batch, t) for t in (0, 1, 2)]
        for g in range(games):
            check_game(engine, batch, g, states[g], obs)
        if steps % belief_every == 0:
            belief = engine.observe_v0_belief(batch, np.float64)
            for g in range(games):
                for seat in range(engine.players):
                    assert belief[g, seat].tolist() == encode_v0_belief(states[g], seat)
        if batch.done.all():
            return steps
        uids = engine.random_legal(batch, rng)
        batch, reward, done = engine.step(batch, uids)
        for g in range(games):
            if uids[g] >= 0:
                before = states[g].score
                states[g] = apply(states[g], uid_to_action(states[g], int(uids[g])))
                assert reward[g] == states[g].score - before
            else:
                assert reward[g] == 0
            assert done[g] == states[g].is_over
        steps += 1


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batch_equals_scalar_engine(players: int, config: str) -> None:
    """A few games per configuration, every step, every seat, the three observation types."""
    options = options_from_config({"players": players, **CONFIGS[config]})
    assert play_differential(options, 3, seed=players * 10 + len(config)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batch_equals_scalar_engine_thousands(players: int, config: str) -> None:
    """250 games per configuration and player count: 4,000 games in all."""
    options = options_from_config({"players": players, **CONFIGS[config]})
    play_differential(options, 250, seed=1000 + players, belief_every=3)


def test_big_hands() -> None:
    """Hands of 12 cards (the reveal bitmask past the lookup table's reach)."""
    play_differential(options_from_config({"players": 2, "colors": 3, "hand_size": 12}), 3, seed=9)


def test_storm_out_scoring_by_fireworks() -> None:
    """`storm_out_score="fireworks"` (rule 10.5) keeps the fireworks' score after the last
    Storm, as the scalar engine does."""
    options = EDITIONS["hle"].options(2, storm_out_score="fireworks", max_storms=1)
    play_differential(options, 4, seed=5)


# --- JaxMARL's corpus -----------------------------------------------------------------------

DATA = Path(__file__).parent / "data" / "jaxmarl"


def test_jaxmarl_corpus_replays_through_the_batch() -> None:
    """All 10,000 of JaxMARL's games, as one batch: each ends exactly on its last move, with the
    score JaxMARL recorded."""
    with lzma.open(DATA / "decks.json.xz", "rt") as file:
        decks = [entry["deck"] for entry in json.load(file)]
    with lzma.open(DATA / "actions.json.xz", "rt") as file:
        actions = json.load(file)
    with lzma.open(DATA / "scores.txt.xz", "rt") as file:
        scores = np.array([int(line.split(",")[1]) for line in file if line.strip()])
    engine = Engine(EDITIONS["hle"].options(2))
    batch = engine.reset(decks=decks)
    lengths = np.array([len(a) for a in actions])
    moves = np.full((len(actions), lengths.max()), -1)
    for g, uids in enumerate(actions):
        moves[g, : len(uids)] = uids
    total = np.zeros(len(actions), np.int64)
    for n in range(moves.shape[1]):
        assert not batch.done[lengths > n].any(), "a game ended before its last move"
        batch, reward, _ = engine.step(batch, moves[:, n])
        total += reward
    assert len(actions) == 10_000
    assert batch.done.all()
    assert (batch.score == scores).all() and (total == scores).all()
    assert (batch.turn == lengths).all()


# --- the API around it ----------------------------------------------------------------------

OPTIONS = options_from_config({"players": 2})


def test_illegal_uids_raise_naming_the_games() -> None:
    engine = Engine(OPTIONS)
    batch = engine.reset(4, seed=1)
    uids = np.array([5, 0, 6, 0])  # discarding at 8 Notes is illegal (rule 5.2)
    with pytest.raises(IllegalAction) as raised:
        engine.step(batch, uids)
    error = raised.value
    assert error.rule == "5.2" and "games 1, 3" in str(error)
    assert error.action == ((1, 0), (3, 0))
    assert pickle.loads(pickle.dumps(error)).rule == "5.2"
    with pytest.raises(IllegalAction) as raised:
        engine.step(batch, np.array([5, 5, 5, 99]))
    assert raised.value.rule == "3.4"
    with pytest.raises(IllegalAction):
        engine.step(batch, np.array([5, 5]))  # one uid per game
    with pytest.raises(InvalidOptions):
        engine.step(batch, uids, illegal="maybe")


def test_illegal_uids_may_be_skipped() -> None:
    engine = Engine(OPTIONS)
    batch = engine.reset(3, seed=1)
    after, reward, _ = engine.step(batch, np.array([5, -1, 0]), illegal="skip")
    assert after.turn.tolist() == [1, 0, 0] and reward.tolist()[1:] == [0, 0]
    assert (after.hands[1:] == batch.hands[1:]).all()


def test_the_state_is_never_changed_in_place() -> None:
    engine = Engine(OPTIONS)
    batch = engine.reset(8, seed=2)
    copies = [np.array(a, copy=True) for a in batch]
    rng = np.random.default_rng(1)
    engine.step(batch, engine.random_legal(batch, rng), auto_reset=3)
    for before, now in zip(copies, batch, strict=True):
        assert (before == now).all()


def test_auto_reset_deals_new_games() -> None:
    engine = Engine(options_from_config({"players": 2, **VERY_SMALL}))
    batch = engine.reset(16, seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(40):
        batch, _, done = engine.step(batch, engine.random_legal(batch, rng), auto_reset=rng)
        ended += int(done.sum())
        assert not batch.done.any()
    assert ended > 16


def test_decks_games_and_records_round_trip() -> None:
    engine = Engine(OPTIONS)
    deck = [c.card for c in scalar_new_game(OPTIONS, seed=4).dealt]
    as_text = ["RYGWB"[colour_index(c.suit)] + str(c.rank) for c in deck]
    batch = engine.reset(decks=[deck, as_text])
    assert (batch.deck[0] == batch.deck[1]).all()
    rng = np.random.default_rng(4)
    for _ in range(12):
        batch, _, _ = engine.step(batch, engine.random_legal(batch, rng), illegal="skip")
    state = engine.game_state(batch, 1)
    assert state.turn == batch.turn[1] > 5 and engine.record(batch, 1).final() == state
    again = engine.from_states([state, engine.game_state(batch, 0)])
    for name in ("hands", "knowledge", "fireworks", "notes", "history", "legal", "last_mask"):
        assert (getattr(again, name)[0] == getattr(batch, name)[1]).all(), name
    assert (engine.observe(again)[1] == engine.observe(batch)[0]).all()


def test_bad_decks_and_options_are_refused() -> None:
    engine = Engine(OPTIONS)
    with pytest.raises(InvalidDeck, match="games 1"):
        engine.reset(decks=np.array([engine.tables.base_deck, np.zeros(50, np.int8)]))
    with pytest.raises(InvalidDeck):
        engine.reset(decks=[["R1", "X9"]])
    with pytest.raises(InvalidDeck):
        engine.reset(2)  # neither seed nor decks
    with pytest.raises(InvalidOptions):
        engine.reset(0, seed=1)
    with pytest.raises(InvalidOptions, match="HLE"):
        Engine(EDITIONS["hle"].options(2, variant=live_variant("Rainbow (5 Suits)")))
    with pytest.raises(InvalidOptions, match="negative_clues"):
        Engine(EDITIONS["abacus"].options(2))
    with pytest.raises(InvalidOptions):
        engine.observe(engine.reset(1, seed=1), 3)


# --- VectorEnv and ParallelEnv --------------------------------------------------------------


def test_vector_env_follows_gymnasium_next_step_autoreset() -> None:
    env = VectorEnv(6, players=2, colors=1, hand_size=2, max_information_tokens=3,
                    max_life_tokens=1, observation_type="seer")  # fmt: skip
    obs, infos = env.reset(seed=7)
    assert obs["observation"].shape == (6, 2, env.observation_length) and infos == {}
    assert obs["action_mask"].dtype == bool and obs["current_player"].tolist() == [0] * 6
    rng = np.random.default_rng(7)
    pending = np.zeros(6, bool)
    for _ in range(60):
        mask = obs["action_mask"]
        uids = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, rewards, terminations, truncations, _ = env.step(uids)
        # A game that ended last step starts again now: reward 0, not terminated, turn 0.
        assert (rewards[pending] == 0).all() and not terminations[pending].any()
        assert (env.state.turn[pending] == 0).all() and not truncations.any()
        pending = terminations
        for g in np.flatnonzero(terminations)[:1]:
            assert env.game_state(int(g)).is_over
        for seat in range(2):
            assert obs["observation"][0, seat].tolist() == encode(env.game_state(0), seat, 2)


def test_vector_env_resets_from_decks_and_states() -> None:
    env = VectorEnv(2, players=3)
    obs, _ = env.reset(seed=1)
    obs, _, _, _, _ = env.step(obs["action_mask"].argmax(axis=1))
    states = [env.game_state(0), env.game_state(1)]
    again = VectorEnv(2, players=3)
    obs2, _ = again.reset(options={"states": states})
    assert (obs2["observation"] == obs["observation"]).all()
    decks = [env.engine.deck_cards(env.state, g) for g in range(2)]
    obs3, _ = again.reset(options={"decks": decks})
    assert again.game_state(1).dealt == scalar_new_game(again.options, deck=decks[1]).dealt
    with pytest.raises(InvalidOptions):
        again.reset(options={"decks": decks[:1]})
    with pytest.raises(InvalidOptions):
        again.reset(options={"what": 1})
    dicts = again.observation_dict(0)
    assert dicts["player_observations"][0]["vectorized"] == obs3["observation"][0, 0].tolist()


def test_parallel_env_keys_by_agent() -> None:
    env = ParallelEnv(3, players=2, seed=2)
    observations, infos = env.reset()
    assert set(observations) == {"player_0", "player_1"} == set(infos)
    assert not observations["player_1"]["action_mask"].any()  # seat 0 moves first
    actions = {a: o["action_mask"].argmax(axis=1) for a, o in observations.items()}
    observations, rewards, terminations, _, _ = env.step(actions)
    assert observations["player_1"]["action_mask"].any(axis=1).all()
    assert rewards["player_0"].shape == (3,) and not terminations["player_1"].any()


def test_vector_env_spaces_hold_its_observations() -> None:
    pytest.importorskip("gymnasium")
    env = VectorEnv(3, players=4, observation_type=0)
    obs, _ = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    assert env.single_observation_space.contains({k: v[1] for k, v in obs.items()})
    actions = env.action_space.sample()
    assert actions.shape == (3,) and env.single_action_space.n == env.num_moves
