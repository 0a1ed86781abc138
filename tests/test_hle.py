"""`hanabi_core.hle`: HLE's config, move uids and observation encoders over hanabi_core states.

The bit-for-bit agreement with HLE is tested in test_hle_rl_env_differential.py; these tests pin
the published formulas (uids, vector lengths) and the properties of the encoders.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import (
    EDITIONS,
    ColourClue,
    Discard,
    GameState,
    IllegalAction,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    apply,
    hanablive,
    hle,
    legal_actions,
    new_game,
    view,
)
from hanabi_core.hle import (
    CARD_KNOWLEDGE,
    MINIMAL,
    SEER,
    action_to_uid,
    colour_index,
    encode,
    encode_v0_belief,
    encode_view,
    hle_knowledge,
    hle_variant,
    legal_uids,
    max_moves,
    move_to_dict,
    observation_length,
    options_from_config,
    uid_to_action,
)
from hanabi_core.hle.moves import _hle_legal_uids

SMALL = {"colors": 2, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}
VERY_SMALL = {**SMALL, "colors": 1}


def random_states(options_config: dict[str, object], seed: int) -> list[GameState]:
    """Every state of one random game."""
    options = options_from_config(options_config)
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    states = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


def test_options_from_config_defaults_are_hles() -> None:
    options = options_from_config({})
    assert options == EDITIONS["hle"].options(2)
    assert options_from_config({"players": 4}).hand_size == 4
    assert options_from_config({"players": "3", "seed": "7"}).players == 3  # strings, as in HLE
    small = options_from_config({"players": 2, **SMALL})
    assert small.variant.suit_names == ("red", "yellow") and small.max_notes == 3
    assert hle_variant(4).suit_names == ("red", "yellow", "green", "white")


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"players": 6}, "players"),
        ({"players": 1}, "players"),
        ({"colors": 6}, "colors"),
        ({"ranks": 4}, "ranks"),
        ({"hand_size": 0}, "hand_size"),
        ({"observation_type": 3}, "observation_type"),
        ({"max_life_tokens": "many"}, "max_life_tokens"),
        ({"colours": 5}, "colours"),
        ({"players": True}, "players"),
        pytest.param({"players": 10**5000}, "players", id="huge-players"),
        pytest.param({"players": "9" * 5000}, "players", id="huge-players-text"),
        pytest.param({10**5000: 1}, "a huge number", id="huge-key"),
        pytest.param({"x" * 10**5: 1}, "'" + "x" * 56 + "...", id="long-key"),
    ],
)
def test_options_from_config_refuses(config: dict[object, object], field: str) -> None:
    with pytest.raises(InvalidOptions) as error:
        options_from_config(config)  # type: ignore[arg-type]
    assert error.value.field == field
    assert len(str(error.value)) < 300
    assert pickle.loads(pickle.dumps(error.value)) == error.value


@pytest.mark.parametrize(
    ("players", "moves", "knowledge", "minimal"),
    [(2, 20, 658, 308), (3, 30, 956, 431), (4, 38, 1041, 481), (5, 48, 1280, 580)],
)
def test_lengths_match_hle(players: int, moves: int, knowledge: int, minimal: int) -> None:
    """HLE's MaxMoves and observation lengths (hanabi_game.cc, canonical_encoders.cc)."""
    options = options_from_config({"players": players})
    assert max_moves(options) == moves
    assert observation_length(options, CARD_KNOWLEDGE) == knowledge
    assert observation_length(options, SEER) == knowledge
    assert observation_length(options, MINIMAL) == minimal


def test_small_lengths_match_hle() -> None:
    assert observation_length(options_from_config({"players": 2, **SMALL})) == 171
    assert observation_length(options_from_config({"players": 2, **VERY_SMALL})) == 106


def test_uid_layout() -> None:
    """discard i = i, play i = H + i, colour c to +o = 2H + (o−1)C + c,
    rank r to +o = 2H + (P−1)C + (o−1)R + r (0-based r)."""
    state = new_game(options_from_config({"players": 3}), seed=5)  # H = 5, C = R = 5
    assert uid_to_action(state, 2) == Discard(2)
    assert uid_to_action(state, 7) == Play(2)
    assert uid_to_action(state, 10) == ColourClue(1, "red")
    assert uid_to_action(state, 10 + 5 + 3) == ColourClue(2, "white")  # W is HLE's colour 3
    assert uid_to_action(state, 10 + 10 + 4) == RankClue(1, 5)
    assert uid_to_action(state, 10 + 10 + 5) == RankClue(2, 1)
    after = apply(state, RankClue(1, state.hands[1][0].rank))  # seat 1 to move: +1 is seat 2
    assert uid_to_action(after, 10) == ColourClue(2, "red")
    assert uid_to_action(after, 15) == ColourClue(0, "red")
    assert move_to_dict(after, 18) == {
        "action_type": "REVEAL_COLOR", "target_offset": 2, "color": "W",
    }  # fmt: skip
    assert move_to_dict(after, 24) == {"action_type": "REVEAL_RANK", "target_offset": 1, "rank": 4}
    assert move_to_dict(after, 0) == {"action_type": "DISCARD", "card_index": 0}


@pytest.mark.parametrize("uid", [-1, 30, True, 2.0, "1", 2**64, pytest.param(10**5000, id="huge")])
def test_uid_to_action_refuses_what_is_not_a_uid(uid: object) -> None:
    state = new_game(options_from_config({"players": 3}), seed=5)
    with pytest.raises(IllegalAction) as error:
        uid_to_action(state, uid)  # type: ignore[arg-type]
    assert error.value.rule == "3.4"
    assert len(str(error.value)) < 200
    assert pickle.loads(pickle.dumps(error.value)) == error.value


def test_action_to_uid_refuses_what_has_no_uid() -> None:
    state = new_game(options_from_config({"players": 2}), seed=5)
    for action in (Play(5), ColourClue(0, "red"), ColourClue(1, "pink"), RankClue(1, 6)):
        with pytest.raises(IllegalAction):
            action_to_uid(state, action)


@given(st.integers(2, 5), st.integers(0, 2), st.integers(0, 2**32))
def test_legal_uids_are_the_legal_actions(players: int, kind: int, seed: int) -> None:
    """`legal_uids` lists exactly `legal_actions`, ascending; uid and action round-trip."""
    config: dict[str, object] = [{}, SMALL, VERY_SMALL][kind]
    for state in random_states({"players": players, **config}, seed):
        uids = legal_uids(state)
        assert list(uids) == sorted(uids)
        assert set(uids) == {action_to_uid(state, a) for a in legal_actions(state)}
        assert len(uids) == len(legal_actions(state))
        for uid in uids:
            assert action_to_uid(state, uid_to_action(state, uid)) == uid
    assert legal_uids(state) == () and _hle_legal_uids(state) != ()


@given(st.integers(2, 5), st.integers(0, 2), st.integers(0, 2**32))
def test_encoders_shape_and_values(players: int, kind: int, seed: int) -> None:
    """Every vector has the advertised length and 0/1 bits; the V0 belief rows sum to 1."""
    config: dict[str, object] = {"players": players, **[{}, SMALL, VERY_SMALL][kind]}
    states = random_states(config, seed)
    options = states[0].options
    for state in states[:: max(1, len(states) // 5)]:
        for seat in range(players):
            for observation_type in (MINIMAL, CARD_KNOWLEDGE, SEER):
                bits = encode(state, seat, observation_type)
                assert len(bits) == observation_length(options, observation_type)
                assert set(bits) <= {0, 1}
                if observation_type != SEER:
                    assert encode_view(view(state, seat), observation_type) == bits
            belief = encode_v0_belief(state, seat)
            canonical = encode(state, seat, CARD_KNOWLEDGE)
            assert len(belief) == len(canonical)
            width = options.variant.max_score + len(options.variant.suits) + 5  # CR + C + R
            start = len(canonical) - players * options.hand_size * width
            assert belief[:start] == canonical[:start]
            check_belief_rows(state, seat, belief[start:])


def check_belief_rows(state: GameState, seat: int, rows: list[float]) -> None:
    options = state.options
    cr = len(options.variant.suits) * 5
    width = cr + len(options.variant.suits) + 5
    for offset in range(options.players):
        hand = state.hands[(seat + offset) % options.players]
        for slot in range(options.hand_size):
            start = (offset * options.hand_size + slot) * width
            row = rows[start : start + cr]
            if slot < len(hand):
                assert sum(row) == pytest.approx(1.0)
                card = hand[slot]
                assert row[colour_index(card.suit) * 5 + card.rank - 1] > 0  # the truth is possible
            else:
                assert not any(rows[start : start + width])


def test_knowledge_follows_clues() -> None:
    """A red clue: touched cards are red (and known red), the others not red (rule 4.6)."""
    options = options_from_config({"players": 2})
    state = next(
        s
        for s in (new_game(options, seed=seed) for seed in range(100))
        if any(c.suit == "red" for c in s.hands[1]) and any(c.suit != "red" for c in s.hands[1])
    )
    after = apply(state, ColourClue(1, "red"))
    knowledge = hle_knowledge(after)[1]
    for card, k in zip(after.hands[1], knowledge, strict=True):
        colours = k & 31
        if card.suit == "red":
            assert colours == 1 and k >> 10 & 7 == 1
        else:
            assert not colours & 1 and k >> 10 & 7 == 0
    assert hle_knowledge(after, seer=True)[1] != knowledge


def test_encode_refuses_a_bad_seat() -> None:
    state = new_game(options_from_config({"players": 2}), seed=1)
    with pytest.raises(InvalidOptions):
        encode(state, 2)
    with pytest.raises(InvalidOptions):
        encode(state, 0, 5)
    with pytest.raises(InvalidOptions):
        encode_view(view(state, 0), SEER)  # the view lacks the viewer's own cards


@pytest.mark.parametrize("name", ["Dual-Color (5 Suits)", "Rainbow (5 Suits)", "Sudoku (5 Suits)"])
def test_hle_functions_refuse_variants_hle_lacks(name: str) -> None:
    """HLE's uids, bits and knowledge exist for its own colours only: another variant (even
    hanab.live's five-suit ones, whose suits are named "Red", …) is refused by a library error
    that pickles, never a bare KeyError."""
    state = new_game(Options(players=2, variant=hanablive.variant(name)), seed=1)
    calls = [
        lambda: hle.encode(state, 0),
        lambda: hle.encode_view(view(state, 0)),
        lambda: hle.encode_v0_belief(state, 0),
        lambda: hle.legal_uids(state),
        lambda: hle.uid_to_action(state, 12),
        lambda: hle.action_to_uid(state, Play(0)),
        lambda: hle.move_to_dict(state, 0),
        lambda: hle.hle_knowledge(state),
        lambda: hle.view_knowledge(view(state, 1)),
        lambda: hle.observation_length(state.options),
    ]
    for call in calls:
        with pytest.raises(InvalidOptions) as error:
            call()
        assert "HLE" in str(error.value)
        assert pickle.loads(pickle.dumps(error.value)) == error.value


# --- Hardening, round two (issue 25) ------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "action_to_uid", "encode", "encode_v0_belief", "encode_view", "hle_knowledge",
        "hle_variant", "legal_uids", "max_moves", "move_to_dict", "observation_length",
        "options_from_config", "require_hle_variant", "uid_to_action", "view_knowledge",
    ],
)  # fmt: skip
def test_m11_hle_functions_refuse_none_with_the_librarys_errors(name: str) -> None:
    import inspect

    from hanabi_core import HanabiError
    from hanabi_core import hle as module

    function = getattr(module, name)
    required = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.default is inspect.Parameter.empty
    ]
    with pytest.raises(HanabiError):
        function(*[None] * len(required))
