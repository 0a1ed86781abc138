"""Differential test of `hanabi_core.rl_env` against DeepMind HLE's own ``rl_env``.

Each game is played in HLE's ``rl_env.HanabiEnv`` with random legal moves (given as uids or as
move dicts); then its deal order is read back from HLE's move history (every chance move, in
order, including the card HLE deals after a game that ends with cards left), and its start
player from the first move. The same deck, start player and moves are replayed in
``hanabi_core.rl_env.HanabiEnv``, and at every step the whole observation is compared: the
top-level ``current_player``, every player's observation dict (every key but ``pyhanabi``, the
``vectorized`` bits included), the reward and ``done``. The pure encoders `hle.encode` (from the
state) and `hle.encode_view` (from a player's view), and `legal_uids`, are checked against the same
observations.

The default run replays HLE's games as recorded in ``tests/data/hle/`` (by
``scripts/record_hle.py``; see ``tests/hle_data.py``), with no HLE installed: 2 to 5 players × the
three observation types, with HLE's default rules, one-life games (where a misplay ends the game
and HLE deals one more card), random start players and the Hanabi-Small and Hanabi-Very-Small
presets. With HLE installed (``pip install -e ".[hle]"``), ``-m hle`` plays 60 new games in it and
compares live; ``-m "hle and slow"`` plays 2,400 more.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from hanabi_core import Card, GameState, legal_actions, view
from hanabi_core import rl_env as ours
from hanabi_core.hle import HLE_COLOURS, SEER, action_to_uid, encode, encode_view, legal_uids
from hle_data import RL_ENV_GAMES, load_games, pack_bits, unpack_bits
from test_hle_differential import require_hle

try:
    from hanabi_learning_environment import pyhanabi
    from hanabi_learning_environment import rl_env as theirs
except ImportError:  # pragma: no cover - depends on the environment
    theirs = None


def config_for(case: int) -> dict[str, Any]:
    """The HLE config of game `case`: every player count, observation type and rule set."""
    players = 2 + case % 4
    observation_type = case // 4 % 3
    kind = case // 12 % 5
    config: dict[str, Any] = {"players": players, "observation_type": observation_type}
    if kind == 1:
        config["max_life_tokens"] = 1  # a misplay ends the game: HLE's extra deal
    elif kind == 2:
        config["random_start_player"] = True
    elif kind == 3:
        config.update(ours.PRESETS["Hanabi-Small"], observation_type=observation_type)
    elif kind == 4:
        config.update(ours.PRESETS["Hanabi-Very-Small"], observation_type=observation_type)
    return config


def play_in_hle(config: dict[str, Any], seed: int) -> tuple[list[Any], list[Any], list[Any]]:
    """A random game in HLE: the moves, the observations, and (reward, done) per step."""
    rng = random.Random(seed)
    env = theirs.HanabiEnv({**config, "seed": seed})
    observation = env.reset()
    careful = rng.random() < 0.5  # avoid misplays, so that games reach the final round
    moves: list[Any] = []
    observations = [observation]
    results: list[Any] = []
    done = False
    while not done:
        mine = observation["player_observations"][observation["current_player"]]
        pool = mine["legal_moves_as_int"]
        if careful:
            hand = env.state.player_hands()[observation["current_player"]]
            safe = [
                uid
                for uid, move in zip(pool, mine["legal_moves"], strict=True)
                if move["action_type"] != "PLAY"
                or env.state.card_playable_on_fireworks(
                    hand[move["card_index"]].color(), hand[move["card_index"]].rank()
                )
            ]
            pool = safe or pool
        uid = rng.choice(pool)
        # Half the moves go in as dicts, as HLE's own agents send them.
        move = mine["legal_moves"][mine["legal_moves_as_int"].index(uid)]
        moves.append(move if rng.random() < 0.5 else uid)
        observation, reward, done, info = env.step(moves[-1])
        assert info == {}
        observations.append(observation)
        results.append((reward, done))
    history = env.state.move_history()
    moves_made = [item for item in history if item.move().type() != pyhanabi.HanabiMoveType.DEAL]
    deals = [
        Card(HLE_COLOURS[item.move().color()], item.move().rank() + 1)
        for item in history
        if item.move().type() == pyhanabi.HanabiMoveType.DEAL
    ]
    return moves, observations, [*results, (deals, moves_made[0].player())]


def hle_deck(env: ours.HanabiEnv, deals: list[Card]) -> list[Card]:
    """HLE's deals in order, then the cards never dealt (in any order)."""
    rest = Counter(env.options.variant.deck) - Counter(deals)
    return [*deals, *(c for c in env.options.variant.deck for _ in range(rest.pop(c, 0)))]


def check_pure_functions(state: GameState, seat: int, theirs_bits: list[int], kind: int) -> None:
    assert encode(state, seat, kind) == theirs_bits
    if kind != SEER:  # a view never holds the viewer's own cards
        assert encode_view(view(state, seat), kind) == theirs_bits
    if seat == state.current_player and not state.is_over:
        assert legal_uids(state) == tuple(
            sorted(action_to_uid(state, a) for a in legal_actions(state))
        )


def replay(config: dict[str, Any], seed: int) -> tuple[int, int]:
    """Play one game in HLE and replay it here, comparing everything; (steps, observations)."""
    require_hle()
    moves, observations, results = play_in_hle(config, seed)
    deals, start = results.pop()
    return replay_observations(config, seed, moves, observations, results, deals, start)


def observation_to_json(observation: dict[str, Any]) -> dict[str, Any]:
    """HLE's observation as JSON: every key but ``pyhanabi``, the bits packed."""
    return {
        "current_player": observation["current_player"],
        "player_observations": [
            {
                **{k: v for k, v in mine.items() if k not in ("pyhanabi", "vectorized")},
                "vectorized": pack_bits(mine["vectorized"]),
            }
            for mine in observation["player_observations"]
        ],
    }


def observation_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """The observation `observation_to_json` wrote (with no ``pyhanabi`` key)."""
    return {
        "current_player": data["current_player"],
        "player_observations": [
            {**mine, "vectorized": unpack_bits(mine["vectorized"])}
            for mine in data["player_observations"]
        ],
    }


def game_to_json(config: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play one game in HLE and return it as JSON, for ``tests/data/hle/``."""
    moves, observations, results = play_in_hle(config, seed)
    deals, start = results.pop()
    return {
        "config": config,
        "seed": seed,
        "moves": moves,
        "observations": [observation_to_json(o) for o in observations],
        "results": [list(r) for r in results],
        "deals": [f"{HLE_COLOURS.index(c.suit)}{c.rank}" for c in deals],
        "start": start,
    }


def replay_observations(  # noqa: PLR0917
    config: dict[str, Any],
    seed: int,
    moves: list[Any],
    observations: list[Any],
    results: list[Any],
    deals: list[Card],
    start: int,
) -> tuple[int, int]:
    """Replay HLE's game here, comparing everything with what HLE showed; (steps, observations).

    The ``pyhanabi`` key of HLE's observations is not compared (a recorded game has none).
    """
    env = ours.HanabiEnv(config)
    observation = env.reset(deck=hle_deck(env, deals), start_player=start)
    compared = 0
    for step, expected in enumerate(observations):
        where = f"{config}, seed {seed}, step {step}"
        assert observation["current_player"] == expected["current_player"], where
        for player, theirs_obs in enumerate(expected["player_observations"]):
            mine = observation["player_observations"][player]
            for key, value in theirs_obs.items():
                if key != "pyhanabi":
                    assert mine[key] == value, f"{where}, player {player}: {key} differs"
            assert set(mine) - {"pyhanabi"} == set(theirs_obs) - {"pyhanabi"}, where
            if step % 3 == 0 or step == len(moves):  # the pure encoder, from the history
                seat = (player - start) % env.players
                check_pure_functions(
                    env.state, seat, theirs_obs["vectorized"], config["observation_type"]
                )
            compared += 1
        if step < len(moves):
            observation, reward, done, info = env.step(moves[step])
            assert (reward, done) == results[step], where
            assert info == {}
    return len(moves), compared


RECORDED = load_games(RL_ENV_GAMES)


@pytest.mark.parametrize("game", range(len(RECORDED)))
def test_r11_5_rl_env_matches_hle_rl_env_recorded(game: int) -> None:
    """HLE's recorded observations, bits, rewards and ends are ours at every step."""
    data = RECORDED[game]
    config = data["config"]
    deals = [Card(HLE_COLOURS[int(d[0])], int(d[1:])) for d in data["deals"]]
    observations = [observation_from_json(o) for o in data["observations"]]
    results = [tuple(r) for r in data["results"]]
    steps, compared = replay_observations(
        config, data["seed"], data["moves"], observations, results, deals, data["start"]
    )
    assert steps > 0 and compared == (steps + 1) * config["players"]


def test_rl_env_recorded_games_cover_every_configuration() -> None:
    """2 to 5 players, the three observation types, and each kind of rule set."""
    configs = [game["config"] for game in RECORDED]
    assert {c["players"] for c in configs} == {2, 3, 4, 5}
    assert {c["observation_type"] for c in configs} == {0, 1, 2}
    assert any(c.get("max_life_tokens") == 1 for c in configs)
    assert any(c.get("random_start_player") for c in configs)
    assert any(c.get("colors") == 2 for c in configs)  # Hanabi-Small
    assert any(c.get("colors") == 1 for c in configs)  # Hanabi-Very-Small


@pytest.mark.hle
@pytest.mark.parametrize("case", range(60))
def test_r11_5_rl_env_matches_hle_rl_env(case: int) -> None:
    """Observations, bits, rewards and the end agree with HLE's rl_env at every step."""
    steps, compared = replay(config_for(case), seed=1000 + case)
    assert steps > 0 and compared == (steps + 1) * config_for(case)["players"]


@pytest.mark.slow
@pytest.mark.hle
@pytest.mark.parametrize("block", range(8))
def test_r11_5_rl_env_matches_hle_rl_env_many_games(block: int) -> None:
    """300 games per block, 2,400 in all, over every configuration."""
    for game in range(300):
        case = block * 300 + game
        replay(config_for(case), seed=50_000 + case)
