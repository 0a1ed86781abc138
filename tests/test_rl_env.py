"""`hanabi_core.rl_env`: HLE's API, and what it does better (chosen decks, errors that change
nothing). Agreement with HLE itself is in test_hle_rl_env_differential.py."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanabi_core import (
    Card,
    IllegalAction,
    InvalidAction,
    InvalidDeck,
    InvalidOptions,
    Play,
    PlayerView,
    rl_env,
)
from hanabi_core.hle import HLE_COLOURS, encode

KEYS = [
    "current_player",
    "current_player_offset",
    "life_tokens",
    "information_tokens",
    "num_players",
    "deck_size",
    "fireworks",
    "legal_moves",
    "legal_moves_as_int",
    "observed_hands",
    "discard_pile",
    "card_knowledge",
    "vectorized",
    "pyhanabi",
]


@pytest.mark.parametrize(
    ("name", "players", "moves", "length"),
    [
        ("Hanabi-Full", 2, 20, 658),
        ("Hanabi-Full-CardKnowledge", 5, 48, 1280),
        ("Hanabi-Full-Minimal", 2, 20, 308),
        ("Hanabi-Small", 2, 2 * 2 + 1 * (2 + 5), 171),
        ("Hanabi-Very-Small", 2, 2 * 2 + 1 * (1 + 5), 106),
    ],
)
def test_make_presets(name: str, players: int, moves: int, length: int) -> None:
    env = rl_env.make(name, num_players=players)
    assert env.num_moves() == moves
    assert env.vectorized_observation_shape() == [length]
    assert env.players == players


def test_make_refuses_unknown_names() -> None:
    with pytest.raises(InvalidOptions):
        rl_env.make("Hanabi-Huge")
    with pytest.raises(InvalidOptions):
        rl_env.make("Hanabi-Full", num_players=6)


def test_observation_dicts_have_hles_keys_and_values() -> None:
    env = rl_env.HanabiEnv({"players": 3, "seed": 4})
    obs = env.reset()
    assert list(obs) == ["player_observations", "current_player"]
    assert obs["current_player"] == 0
    me, other, _ = obs["player_observations"]
    assert list(me) == KEYS and len(me) == len(KEYS) and "vectorized" in me
    assert me["current_player_offset"] == 0 and other["current_player_offset"] == 2
    assert me["life_tokens"] == 3 and me["information_tokens"] == 8 and me["deck_size"] == 35
    assert me["fireworks"] == {"R": 0, "Y": 0, "G": 0, "W": 0, "B": 0}
    assert list(me["fireworks"]) == ["R", "Y", "G", "W", "B"]
    assert me["observed_hands"][0] == [{"color": None, "rank": -1}] * 5
    state = env.state
    assert me["observed_hands"][1] == [
        {"color": "RYGWB"[HLE_COLOURS.index(c.suit)], "rank": c.rank - 1} for c in state.hands[1]
    ]
    assert me["card_knowledge"] == [[{"color": None, "rank": None}] * 5] * 3
    assert me["legal_moves_as_int"] == sorted(me["legal_moves_as_int"])
    assert me["legal_moves"][0] == {"action_type": "PLAY", "card_index": 0}
    assert other["legal_moves"] == [] and other["legal_moves_as_int"] == []
    assert isinstance(me["pyhanabi"], PlayerView) and me["pyhanabi"].seat == 0
    assert dict(me) == {key: me[key] for key in KEYS}
    assert repr(other) == "PlayerObservation(player=1)"
    with pytest.raises(KeyError):
        me["colour"]


def test_step_accepts_uids_dicts_and_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    env = rl_env.HanabiEnv({"players": 2, "seed": 1})
    obs = env.reset()
    mine = obs["player_observations"][0]
    clue = next(m for m in mine["legal_moves"] if m["action_type"] == "REVEAL_RANK")
    obs, reward, done, info = env.step(clue)
    assert (reward, done, info) == (0, False, {})
    assert obs["player_observations"][1]["card_knowledge"][0] != [{"color": None, "rank": None}] * 5
    uid = obs["player_observations"][1]["legal_moves_as_int"][-1]
    obs, _, _, _ = env.step(np.int64(uid))
    assert obs["current_player"] == 0


def test_reward_is_the_change_in_score() -> None:
    """A misplay of the last life scores 0: the reward is minus the score (HLE)."""
    deck = ["R1", "Y1", "G1", "W1", "B1", "R1", "Y1", "G1", "W1", "B1"]
    env = rl_env.HanabiEnv({"players": 2, "max_life_tokens": 1})
    rest = [Card(c, r) for c in HLE_COLOURS for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
    for face in deck:
        rest.remove(Card(HLE_COLOURS["RYGWB".index(face[0])], int(face[1])))
    env.reset(deck=[*deck, *rest])
    _, reward, done, _ = env.step({"action_type": "PLAY", "card_index": 0})  # R1 fits
    assert (reward, done) == (1, False)
    _, reward, done, _ = env.step({"action_type": "PLAY", "card_index": 0})  # R1 again: misplay
    assert (reward, done) == (-1, True)


def test_reset_with_a_deck_deals_it_top_first() -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 3})
    other = rl_env.HanabiEnv({"players": 2, "seed": 99})
    other.reset()
    deck = [c.card for c in other.state.dealt]
    obs = env.reset(deck=deck)
    assert env.state.dealt == other.state.dealt
    seen = obs["player_observations"][0]["observed_hands"][1]
    assert [(d["color"], d["rank"] + 1) for d in seen] == [
        ("RYGWB"[HLE_COLOURS.index(c.suit)], c.rank) for c in deck[5:10]
    ]
    with pytest.raises(InvalidDeck):
        env.reset(deck=deck[:-1])
    with pytest.raises(InvalidDeck):
        env.reset(deck=["X1"] * 50)
    assert env.state.dealt == other.state.dealt  # a refused deck changes nothing
    fresh = rl_env.HanabiEnv({"players": 2, "seed": 3})
    fresh.reset(deck=deck)
    assert (
        env.reset()["player_observations"][0]["vectorized"]
        == (fresh.reset()["player_observations"][0]["vectorized"])
    )  # nor the seed's sequence of deals


def test_random_start_player_keeps_hles_deal_order() -> None:
    """HLE deals player 0's hand first whoever starts; so does reset(deck=...)."""
    env = rl_env.HanabiEnv({"players": 3, "random_start_player": True, "seed": 2})
    dealer = rl_env.HanabiEnv({"players": 3, "seed": 5})
    dealer.reset()
    deck = [c.card for c in dealer.state.dealt]
    obs = env.reset(deck=deck, start_player=2)
    assert obs["current_player"] == 2
    seen_by_1 = obs["player_observations"][1]["observed_hands"]
    assert [(d["color"], d["rank"] + 1) for d in seen_by_1[2]] == [
        ("RYGWB"[HLE_COLOURS.index(c.suit)], c.rank) for c in deck[0:5]
    ]
    with pytest.raises(InvalidOptions):
        env.reset(start_player=3)


def test_seeds_make_games_reproducible() -> None:
    def first_vectors(seed: int) -> list[list[int]]:
        env = rl_env.HanabiEnv({"players": 2, "seed": seed})
        return [env.reset()["player_observations"][0]["vectorized"] for _ in range(3)]

    assert first_vectors(7) == first_vectors(7)
    assert first_vectors(7) != first_vectors(8)


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (0, "5.2"),  # discard with all Notes
        (20, "3.4"),
        (-1, "3.4"),
        (True, "3.4"),  # HLE takes True for uid 1; a bool is never a move here
        (False, "3.4"),
        (2**64, "3.4"),
        # Too long even to print: the message says "a huge number".
        pytest.param(10**5000, "3.4", id="huge-uid"),
        (-(2**70), "3.4"),
        ("5", "3.4"),
        (1.0, "3.4"),
        (None, "3.4"),
        ({"action_type": "PLAY"}, "3.4"),
        ({"action_type": "PASS"}, "3.4"),
        ({"action_type": "REVEAL_COLOR", "target_offset": 0, "color": "R"}, "3.4"),
        ({"action_type": "DISCARD", "card_index": 0}, "5.2"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(action: object, rule: str) -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 1})
    obs = env.reset()
    before = env.state
    with pytest.raises(IllegalAction) as error:
        env.step(action)  # type: ignore[arg-type]
    assert error.value.rule == rule
    assert env.state is before
    assert len(str(error.value)) < 200
    # Every library error pickles (a worker process may raise it) and reads back equal.
    assert pickle.loads(pickle.dumps(error.value)) == error.value
    assert env.step(obs["player_observations"][0]["legal_moves_as_int"][0])[0]


@pytest.mark.parametrize(
    ("move", "field"),
    [
        ({"action_type": "PLAY", "card_index": True}, "card_index"),  # HLE would play slot 1
        ({"action_type": "PLAY", "card_index": False}, "card_index"),
        ({"action_type": "PLAY", "card_index": 0.0}, "card_index"),
        ({"action_type": "PLAY", "card_index": "0"}, "card_index"),
        ({"action_type": "PLAY", "card_index": 2**64}, "card_index"),
        pytest.param(
            {"action_type": "PLAY", "card_index": 10**5000}, "card_index", id="huge-card-index"
        ),
        ({"action_type": "REVEAL_RANK", "target_offset": True, "rank": 0}, "target_offset"),
        ({"action_type": "REVEAL_RANK", "target_offset": 1, "rank": False}, "rank"),
        ({"action_type": "REVEAL_RANK", "target_offset": 1, "rank": -(2**70)}, "rank"),
        ({"action_type": "REVEAL_COLOR", "target_offset": 1, "color": 0}, "color"),
        ({"action_type": "REVEAL_COLOR", "target_offset": 1.0, "color": "R"}, "target_offset"),
    ],
)
def test_r3_4_move_dict_fields_of_the_wrong_kind_raise_invalid_action(
    move: dict[str, object], field: str
) -> None:
    """A move dict's fields are checked as `Play`, `RankClue`, … check theirs (InvalidAction),
    where HLE would take True for 1; the environment is unchanged and the error pickles."""
    env = rl_env.HanabiEnv({"players": 2, "seed": 1})
    obs = env.reset()
    before = env.state
    with pytest.raises(InvalidAction) as error:
        env.step(move)
    assert error.value.field == field
    assert env.state is before
    assert len(str(error.value)) < 200
    assert pickle.loads(pickle.dumps(error.value)) == error.value
    legal = obs["player_observations"][0]["legal_moves"]
    assert env.step(legal[0])[0]  # a well-formed dict is still taken


def test_r3_4_move_dicts_of_numpy_ints_are_taken() -> None:
    np = pytest.importorskip("numpy")
    env = rl_env.HanabiEnv({"players": 2, "seed": 1})
    env.reset()
    env.step({"action_type": "PLAY", "card_index": np.int64(0)})
    last = env.state.last_turn
    assert last is not None and last.action == Play(0)
    with pytest.raises(InvalidAction):
        env.step({"action_type": "PLAY", "card_index": np.True_})


def test_no_move_after_the_end_and_none_before_reset() -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 1, "max_life_tokens": 1})
    with pytest.raises(IllegalAction):
        env.step(5)
    obs = env.reset()
    done = False
    while not done:
        mine = obs["player_observations"][obs["current_player"]]
        obs, _, done, _ = env.step(mine["legal_moves_as_int"][-1 if env.state.notes else 0])
    final = env.state
    # HLE lists the next player's moves in the final observation; they are refused here.
    mover = obs["player_observations"][obs["current_player"]]
    assert mover["legal_moves_as_int"]
    with pytest.raises(IllegalAction) as error:
        env.step(mover["legal_moves_as_int"][0])
    assert error.value.rule == "3.3" and env.state is final


def test_observations_stay_valid_and_copy() -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 1})
    obs = env.reset()
    first = obs["player_observations"][0]
    bits = list(first["vectorized"])
    env.step(first["legal_moves_as_int"][-1])
    assert first["vectorized"] == bits  # read after the env moved on: the old position
    assert pickle.loads(pickle.dumps(first)) == first
    assert copy.deepcopy(first) == first
    first["vectorized"].append(7)  # the lists handed out are the caller's
    assert env.step(5)


def test_r7_2_perfect_score_with_cards_left_still_draws() -> None:
    """HLE's rl_env deals the player a card after the play that completes the last firework
    (its quirk); hanabi_core draws after every play (rule 6.5), so the final hands are full."""
    suits = "RYGWB"
    stacked = [f"{c}{r}" for c in suits for r in range(1, 6)]
    rest = [f"{c}{r}" for c in suits for r in (1, 1, 2, 3, 4)]
    env = rl_env.HanabiEnv({"players": 2, "seed": 0})
    obs = env.reset(deck=stacked + rest)
    total = 0
    done = False
    while not done:
        obs, reward, done, _ = env.step({"action_type": "PLAY", "card_index": 0})
        total += reward
    mine = obs["player_observations"][0]
    assert total == 25 and mine["fireworks"] == dict.fromkeys(suits, 5)
    assert mine["deck_size"] == 50 - 10 - 25
    assert [len(hand) for hand in mine["observed_hands"]] == [5, 5]
    assert mine["vectorized"][125:127] == [0, 0]  # no hand is short of a card


@pytest.mark.parametrize(("players", "observation_type"), [(2, 1), (3, 0), (4, 2), (5, 1)])
def test_vectors_read_now_and_then_match_the_encoder(players: int, observation_type: int) -> None:
    """`vectorized` built from parts carried between steps equals `hle.encode` of the state,
    whichever steps it is read at (or not), and an old observation read late still shows its
    own position."""
    rng = random.Random(players * 10 + observation_type)
    env = rl_env.HanabiEnv(
        {"players": players, "seed": players, "observation_type": observation_type}
    )
    for _ in range(6):
        obs = env.reset()
        done = False
        late: list[tuple[object, list[int]]] = []
        while not done:
            state = env.state
            for seat, seen in enumerate(obs["player_observations"]):
                if rng.random() < 0.4:
                    assert seen["vectorized"] == encode(state, seat, observation_type)
                elif rng.random() < 0.1:
                    late.append((seen, encode(state, seat, observation_type)))
            legal = obs["player_observations"][obs["current_player"]]["legal_moves_as_int"]
            obs, _, done, _ = env.step(rng.choice(legal))
        for seen, expected in late:
            assert seen["vectorized"] == expected  # type: ignore[index]


def test_environments_of_one_game_share_tables_not_positions() -> None:
    """Environments of the same config share the tables of their layout (the last-move section
    by move key among them), never a position: two environments stepped in turn, one of them
    with a random start player, each give the vectors `hle.encode` gives of its own state, and
    an observation of one is not changed by steps of the other."""
    rng = random.Random(3)
    envs = [
        rl_env.HanabiEnv({"players": 3, "seed": 7}),
        rl_env.HanabiEnv({"players": 3, "seed": 8, "random_start_player": True}),
    ]
    observations = [env.reset() for env in envs]
    for _ in range(80):
        for k, env in enumerate(envs):
            obs = observations[k]
            state = env.state
            seats = obs["player_observations"]
            for seen in seats[::2]:
                assert seen["vectorized"] == encode(state, seen["pyhanabi"].seat)
            kept = seats[1]  # read after the next step, of either environment
            if state.is_over:
                observations[k] = env.reset()
            else:
                legal = seats[obs["current_player"]]["legal_moves_as_int"]
                observations[k] = env.step(rng.choice(legal))[0]
            assert kept["vectorized"] == encode(state, kept["pyhanabi"].seat)


def test_observations_read_games_later_are_those_of_their_own_game() -> None:
    """An observation is a value of its own position: read only after later steps and resets
    (which deal new games with other start players), every entry equals what it held when it was
    handed out. Two environments of one seed play the same moves; one reads every observation at
    once, the other only at the end."""
    config = {"players": 3, "seed": 11, "random_start_player": True}
    eager, lazy = rl_env.HanabiEnv(config), rl_env.HanabiEnv(config)
    rng = random.Random(5)
    read_at_once: list[dict[str, object]] = []
    kept: list[rl_env.PlayerObservation] = []
    starts = set()
    for _ in range(6):
        obs, later = eager.reset(), lazy.reset()
        starts.add(obs["current_player"])
        done = False
        while not done:
            read_at_once += [
                {key: seen[key] for key in seen if key != "pyhanabi"}
                for seen in obs["player_observations"]
            ]
            kept += later["player_observations"]
            mover = obs["player_observations"][obs["current_player"]]
            uid = rng.choice(mover["legal_moves_as_int"])
            obs, _, done, _ = eager.step(uid)
            later, _, _, _ = lazy.step(uid)
    assert len(starts) > 1  # the games had different start players
    assert [{key: seen[key] for key in seen if key != "pyhanabi"} for seen in kept] == read_at_once
    assert [repr(seen) for seen in kept[:3]] == [f"PlayerObservation(player={p})" for p in range(3)]


# --- Hardening, round two (issue 25) ------------------------------------------------------------


def repr_id(value: object) -> str:
    return "huge" if isinstance(value, int) and value > 10**9 else repr(value)


@pytest.mark.parametrize("start", [1.0, 1 + 0j, True, "1", -1, 2, 10**5000], ids=repr_id)
def test_h3_a_refused_start_player_leaves_the_environment_as_it_was(start: object) -> None:
    env = rl_env.HanabiEnv({"players": 2, "seed": 5})
    twin = rl_env.HanabiEnv({"players": 2, "seed": 5})
    with pytest.raises(InvalidOptions):
        env.reset(start_player=start)  # type: ignore[arg-type]
    # Nothing moved: the seed's next game is the twin's, and it plays on.
    obs, again = env.reset(), twin.reset()
    assert obs["current_player"] == again["current_player"] == 0
    assert type(obs["current_player"]) is int
    assert env.state == twin.state
    env.step(obs["player_observations"][0]["legal_moves_as_int"][0])


def test_h3_a_numpy_integer_start_player_is_taken() -> None:
    numpy = pytest.importorskip("numpy")
    env = rl_env.HanabiEnv({"players": 3, "seed": 5})
    obs = env.reset(start_player=numpy.int64(2))
    assert obs["current_player"] == 2 and type(obs["current_player"]) is int


def reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from `root` through `gc.get_referents` (modules excluded)."""
    import gc
    import types

    seen: dict[int, object] = {}
    stack = [root]
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (types.ModuleType, type)):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return list(seen.values())


def test_h4_an_observation_does_not_reach_the_game() -> None:
    from hanabi_core import GameState
    from hanabi_core.cards import DealtCard

    env = rl_env.HanabiEnv({"players": 2, "seed": 5})
    obs = env.reset()
    mine = obs["player_observations"][0]
    assert mine["vectorized"]  # built: the lazily built entries are in reach too
    own = {card.order for card in env.state.hands[0]} | {card.order for card in env.state.deck}
    for item in reachable(mine):
        assert not isinstance(item, GameState)
        assert not (isinstance(item, DealtCard) and item.order in own)
    assert not hasattr(mine, "_snapshot") or "state" not in dir(type(mine))
    # Its entries are still those of its own position, read at any time.
    assert mine["observed_hands"][0][0] == {"color": None, "rank": -1}
    assert mine["pyhanabi"].seat == 0


def test_m11_make_with_a_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidOptions):
        rl_env.make(["Hanabi-Full"])  # type: ignore[arg-type]


# --- Fuzz: hostile call sequences -----------------------------------------------------------------

HOSTILE: list[object] = [
    None, True, -1, 0, 1, 2, 19, 20, 10**5000, 1.0, 1 + 0j, "1", "R1", [], {},
    {"action_type": "PLAY"}, {"action_type": "PLAY", "card_index": 9},
    {"action_type": "REVEAL_COLOR", "target_offset": 1, "color": "Q"},
    {"action_type": "REVEAL_RANK", "target_offset": True, "rank": 0},
]  # fmt: skip


def env_snapshot(env: rl_env.HanabiEnv) -> object:
    try:
        return (env.state, env._start, env._rng.getstate())
    except IllegalAction:
        return None


@given(st.integers(0, 2**32), st.integers(2, 5), st.integers(1, 40))
def test_fuzz_rl_env_calls_raise_the_librarys_errors_and_change_nothing(
    seed: int, players: int, calls: int
) -> None:
    """Random resets (chosen decks, start players of every kind) and steps (legal uids, other
    uids, dicts and garbage): each either works or raises a `HanabiError` leaving the
    environment exactly as it was; observations stay consistent with the state."""
    from hanabi_core import HanabiError

    rng = random.Random(seed)
    env = rl_env.HanabiEnv({"players": players, "seed": seed % 1000})
    obs = None
    for _ in range(calls):
        before = env_snapshot(env)
        kind = rng.randrange(6)
        try:
            if kind == 0 or obs is None:
                deck = None
                if rng.random() < 0.3:
                    deck = [f"{c}{r}" for c in "RYGWB" for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
                    rng.shuffle(deck)
                    if rng.random() < 0.3:
                        deck = deck[: rng.randrange(len(deck))]
                start = rng.choice([None, None, *range(players), *HOSTILE[:9]])
                obs = env.reset(deck, start_player=start)  # type: ignore[arg-type]
            elif kind <= 3:
                mine = obs["player_observations"][obs["current_player"]]
                legal = mine["legal_moves_as_int"] or [0]
                obs, reward, done, _ = env.step(rng.choice(legal))
                assert type(reward) is int and type(done) is bool
            else:
                obs, _, _, _ = env.step(rng.choice(HOSTILE))  # type: ignore[arg-type]
        except HanabiError as error:
            assert env_snapshot(env) == before  # refused: nothing moved
            assert len(str(error)) < 400
            continue
        state = env.state
        assert type(obs["current_player"]) is int and 0 <= obs["current_player"] < players
        for offset, seen in enumerate(obs["player_observations"]):
            assert seen["current_player"] == obs["current_player"]
            assert seen["deck_size"] == state.deck_size
            assert len(seen["observed_hands"]) == players
            assert seen["observed_hands"][0] == [{"color": None, "rank": -1}] * len(
                seen["observed_hands"][0]
            ), offset
    if obs is not None:  # no leak: an observation reaches nothing of the game's state
        from hanabi_core import GameState

        mine = obs["player_observations"][0]
        assert mine["vectorized"]
        assert not any(isinstance(item, GameState) for item in reachable(mine))


@pytest.mark.slow
@settings(max_examples=2000)
@given(st.integers(0, 2**32), st.integers(2, 5), st.integers(1, 80))
def test_fuzz_rl_env_calls_slow(seed: int, players: int, calls: int) -> None:
    test_fuzz_rl_env_calls_raise_the_librarys_errors_and_change_nothing.hypothesis.inner_test(  # type: ignore[attr-defined]
        seed, players, calls
    )
