"""The action notation: `str(action)` and `parse_action` round-trip for every action of every
variant, odd colour names included, and refuse what is not an action."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import (
    VARIANTS,
    ColourClue,
    Discard,
    GameState,
    IllegalAction,
    InvalidAction,
    Options,
    Play,
    RankClue,
    Suit,
    Variant,
    apply,
    legal_actions,
    new_game,
    parse_action,
    view,
)
from hanabi_core.hanablive import variant
from hanabi_core.testing import actions, options, states

#: Clue colours that would not read back if written bare.
ODD = ("3s", 'say "hi"', "Dark  Teal", "x to seat 1", "Rot", "rot", "line\nbreak", "é", " lead")
ODD_VARIANT = Variant("odd-colours", "Odd colours", tuple(Suit(name) for name in ODD), ODD)

HANAB_LIVE = tuple(
    variant(name)
    for name in (
        "No Variant",
        "Rainbow (6 Suits)",
        "Black (6 Suits)",
        "Up or Down (5 Suits)",
        "Dark Rainbow (6 Suits)",
        "Cow & Pig (5 Suits)",
        "Throw It in a Hole (5 Suits)",
        "Sudoku (5 Suits)",
        "Clue Starved (5 Suits)",
        "Null & Muddy Rainbow (6 Suits)",
    )
)
EVERY = (*VARIANTS.values(), *HANAB_LIVE, ODD_VARIANT)


@given(st.data(), states(options(variants=EVERY), finished=False))
def test_every_legal_action_of_every_variant_round_trips(
    data: st.DataObject, state: GameState
) -> None:
    action = data.draw(actions(state))
    text = str(action)
    assert parse_action(text, state) == action
    assert parse_action(text, view(state, state.current_player)) == action
    assert parse_action(text, state.options) == action == parse_action(text, state.options.variant)
    assert "\n" not in text


def test_every_legal_action_of_a_deal_round_trips() -> None:
    for v in EVERY:
        state = new_game(Options(3, variant=v), seed=5)
        for action in legal_actions(state):
            assert parse_action(str(action), state) == action, (v.name, action)


@given(
    st.one_of(
        st.builds(Play, st.integers(-(2**63), 2**63 - 1)),
        st.builds(Discard, st.integers(-(2**63), 2**63 - 1)),
        st.builds(RankClue, st.integers(-(2**63), 2**63 - 1), st.integers(-(2**63), 2**63 - 1)),
        st.builds(ColourClue, st.integers(0, 9), st.text(min_size=0, max_size=12)),
    )
)
def test_any_action_round_trips_when_its_colour_is_not_another_of_the_variant(
    action: object,
) -> None:
    # An unknown colour is kept as written, for the rules to refuse (rule 4.3).
    base = VARIANTS["base"]
    if isinstance(action, ColourClue) and action.colour.casefold() in base.clue_colours:
        return
    assert parse_action(str(action), base) == action


def test_the_notation_reads_as_written() -> None:
    assert str(Play(0)) == "play slot 0"
    assert str(Discard(4)) == "discard slot 4"
    assert str(ColourClue(1, "red")) == "clue red to seat 1"
    assert str(ColourClue(1, "Dark Rainbow")) == "clue Dark Rainbow to seat 1"
    assert str(ColourClue(1, "3s")) == 'clue "3s" to seat 1'
    assert str(ColourClue(2, 'say "hi"')) == r'clue "say \"hi\"" to seat 2'
    assert str(RankClue(0, 3)) == "clue 3s to seat 0"


def test_parsing_is_lenient_as_a_person_would_be() -> None:
    state = new_game(Options(3, variant=variant("Pink (6 Suits)")), seed=1)
    assert parse_action("  PLAY 2 ", state) == Play(2)
    assert parse_action("discard   slot\t0", state) == Discard(0)
    assert parse_action("Clue purple To Seat 2", state) == ColourClue(2, "Purple")
    assert parse_action("clue 3 to seat 1", state) == RankClue(1, 3)
    assert parse_action("clue 3S to seat 1", state) == RankClue(1, 3)
    # A colour no clue may name is kept as written; the rules refuse it, citing rule 4.3.
    clue = parse_action("clue Rainbow to seat 1", state)
    assert clue == ColourClue(1, "Rainbow")
    with pytest.raises(IllegalAction) as refused:
        apply(state, clue)
    assert refused.value.rule == "4.3"


@pytest.mark.parametrize(
    "text",
    ["", "play", "play slot", "play slot x", "clue to seat 1", "clue red to 1", "jump 2",
     'clue "red to seat 1', 'clue "a" "b" to seat 1', "clue red to seat 1 please",
     "play slot 99999999999999999999999", "9" * 5000],
)  # fmt: skip
def test_what_is_not_an_action_is_refused_with_the_forms(text: str) -> None:
    with pytest.raises(InvalidAction) as error:
        parse_action(text, VARIANTS["base"])
    assert error.value.field == "text" or "64 bits" in str(error.value)
    assert pickle.loads(pickle.dumps(error.value)).args == error.value.args


def test_parse_action_refuses_what_is_not_text_or_a_game() -> None:
    with pytest.raises(InvalidAction, match="string"):
        parse_action(3, VARIANTS["base"])  # type: ignore[arg-type]
    with pytest.raises(InvalidAction, match="state, a view"):
        parse_action("play 0", "base")  # type: ignore[arg-type]


def test_errors_speak_the_notation() -> None:
    state = new_game(Options(2), seed=1)
    missing = next(c for c in state.options.variant.clue_colours
                   if all(card.suit != c for card in state.hands[1]))  # fmt: skip
    for text in ("play slot 7", f"clue {missing} to seat 1"):
        with pytest.raises(IllegalAction) as error:
            apply(state, parse_action(text, state))
        assert str(error.value).startswith(f"Cannot {text}: ")
