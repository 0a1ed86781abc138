"""Section 9, rules 9.8 to 9.28: hanab.live's variants by name, suit properties and mechanics."""

from __future__ import annotations

import pickle
import subprocess
import sys

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    Card,
    ColourClue,
    DealtCard,
    Discard,
    EndReason,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    legal_actions,
    new_game,
    rules,
)
from hanabi_core.hanablive import variant, variant_names
from hanabi_core.hanablive import variants as hanablive_variants
from hanabi_core.hanablive.variants import UNSUPPORTED, mechanics
from hanabi_core.rules.reach import reachable
from hanabi_core.scoring import max_points, points
from hanabi_core.state import GameState
from hanabi_core.variants import RankTouch, SpecialRank
from helpers import assert_refused, deck_with


def deal(name: str, *hands: list[Card], players: int = 2, **options: object) -> GameState:
    v = variant(name)
    top = [card for hand in hands for card in hand]
    return new_game(Options(players, variant=v, **options), deck=deck_with(v, top))  # type: ignore[arg-type]


def touched_cards(state: GameState, clue: ColourClue | RankClue) -> list[Card]:
    after = apply(state, clue)
    assert after.last_turn is not None
    orders = set(after.last_turn.touched)
    return [c.card for c in state.hands[clue.target] if c.order in orders]


REDS = [Card("Red", r) for r in (1, 2, 3, 4, 5)]
BLUES = [Card("Blue", r) for r in (1, 2, 3, 4, 5)]


# --- 9.8 the catalogue --------------------------------------------------------------------------


def test_r9_8_every_name_is_known_and_unknown_names_are_refused() -> None:
    names = variant_names()
    assert len(names) == len(set(names)) == 2426
    assert names[0] == "No Variant"
    with pytest.raises(InvalidOptions, match="Nope"):
        variant("Nope")
    with pytest.raises(InvalidOptions):
        variant(["not", "a", "name"])  # type: ignore[arg-type]


def test_r9_8_a_variant_is_a_frozen_value_that_pickles() -> None:
    v = variant("Rainbow-Ones & Brown (5 Suits)")
    assert v.id == "hanab.live:Rainbow-Ones & Brown (5 Suits)"
    copy = pickle.loads(pickle.dumps(v))
    assert copy == v and hash(copy) == hash(v) and copy.special_rank == v.special_rank
    assert variant(v.name) is v  # built once
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        v.name = "x"  # type: ignore[misc]


def test_r9_8_no_variant_is_the_base_game_with_one_set_of_suit_names() -> None:
    """Issue 20 item 5: hanab.live's "No Variant" is the library's base game, suits red to white,
    as records and LiveGame read it (one set of names for one game)."""
    from hanabi_core import VARIANTS
    from hanabi_core.hanablive import HANAB_LIVE_VARIANTS

    v = variant("No Variant")
    assert v == VARIANTS["base"]
    assert v.suit_names == ("red", "yellow", "green", "blue", "white")
    assert v.clue_colours == v.suit_names and v.clue_ranks == (1, 2, 3, 4, 5)
    assert len(v.deck) == 50 and v.max_score == 25
    for name, ours in HANAB_LIVE_VARIANTS.items():
        # The library's own variant, showing hanab.live's title (issue 33 item 4).
        assert variant(name) == VARIANTS[ours] and mechanics(name) == ()
        assert variant(name) is variant(name) and variant(name).label == name


def test_r9_8_names_ignore_case_and_spacing_and_a_miss_suggests_the_nearest() -> None:
    """Issue 20 item 5: lookup ignores case and spacing; a miss names the nearest names."""
    assert variant("rainbow (6 suits)") == variant("Rainbow (6 Suits)")
    assert variant("  Rainbow-Ones   &  Brown (5 SUITS) ") is variant(
        "Rainbow-Ones & Brown (5 Suits)"
    )
    assert variant("novariant") == variant("No Variant")
    keys = ["".join(name.split()).casefold() for name in variant_names()]
    assert len(set(keys)) == len(keys)  # no two names differ by case or spacing alone
    with pytest.raises(InvalidOptions, match=r"did you mean 'Rainbow \(5 Suits\)'") as error:
        variant("Rainbow (5 Suit)")
    assert pickle.loads(pickle.dumps(error.value)) == error.value
    with pytest.raises(InvalidOptions, match="no variant named") as error:
        variant("x" * 100_000)
    assert len(str(error.value)) < 1000


def test_r9_8_importing_the_library_builds_no_catalogue() -> None:
    code = (
        "import sys, hanabi_core; "
        "from hanabi_core.hanablive import variants; "
        "assert variants._data.cache_info().currsize == 0; "
        "assert variants._build.cache_info().currsize == 0"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- 9.9 to 9.14: suit properties -----------------------------------------------------------------


def test_r9_9_a_dual_colour_suit_is_touched_by_each_of_its_colours() -> None:
    tangerine = [Card("Tangerine", r) for r in (1, 2, 3, 4, 5)]
    state = deal("Dual-Color (5 Suits)", [Card("Cyan", r) for r in (1, 2, 3, 4, 5)], tangerine)
    assert touched_cards(state, ColourClue(1, "Red")) == tangerine
    assert touched_cards(state, ColourClue(1, "Yellow")) == tangerine
    assert_refused(state, ColourClue(1, "Blue"), Rule.CLUE_MUST_TOUCH)


def test_r9_9_ambiguous_suits_share_a_colour_and_wild_suits_add_none() -> None:
    v = variant("Ambiguous & Rainbow (5 Suits)")
    assert v.suit("Tomato").clue_colours == v.suit("Mahogany").clue_colours == ("Red",)
    assert "Rainbow" not in v.clue_colours and len(v.clue_colours) == len(set(v.clue_colours))


def test_r9_10_pink_is_touched_by_every_rank_and_brown_by_none() -> None:
    pinks = [Card("Pink", r) for r in (1, 2, 3, 4, 5)]
    state = deal("Pink (5 Suits)", REDS, pinks)
    assert touched_cards(state, RankClue(1, 3)) == pinks
    browns = [Card("Brown", r) for r in (1, 2, 3, 4, 5)]
    state = deal("Brown (5 Suits)", REDS, browns)
    assert_refused(state, RankClue(1, 3), Rule.CLUE_MUST_TOUCH)
    assert touched_cards(state, ColourClue(1, "Brown")) == browns


def test_r9_11_prism_cards_take_the_colour_of_their_rank() -> None:
    prisms = [Card("Prism", r) for r in (1, 2, 3, 4, 5)]
    state = deal("Prism (5 Suits)", REDS, prisms)
    # Four clue colours: ranks 1..5 are Red, Yellow, Green, Blue, Red.
    assert touched_cards(state, ColourClue(1, "Red")) == [prisms[0], prisms[4]]
    assert touched_cards(state, ColourClue(1, "Blue")) == [prisms[3]]


def test_r9_12_dark_suits_have_one_card_of_each_rank() -> None:
    v = variant("Black (5 Suits)")
    assert v.suit("Black").copies == (1, 1, 1, 1, 1) and len(v.deck) == 45


def test_r9_13_playing_an_orange_card_discards_it_for_a_note() -> None:
    oranges = [Card("Orange", r) for r in (1, 2, 3, 4, 5)]
    state = deal("Orange (5 Suits)", oranges, REDS)
    state = apply(apply(state, RankClue(1, 1)), RankClue(0, 1))  # 6 Notes, seat 0 to act
    after = apply(state, Play(0))
    assert after.fireworks["Orange"] == 0 and after.discards[-1].card == oranges[0]
    assert after.notes == 7 and after.storms == 0 and not after.last_turn.misplay  # type: ignore[union-attr]


def test_r9_13_discarding_an_orange_card_plays_it_and_may_misplay() -> None:
    oranges = [Card("Orange", r) for r in (2, 1, 3, 4, 5)]
    state = deal("Orange (5 Suits)", oranges, REDS)
    misplayed = apply(state, Discard(0))  # the Orange 2 on an empty firework
    assert misplayed.storms == 1 and misplayed.notes == 8
    played = apply(state, Discard(1))
    assert played.fireworks["Orange"] == 1 and played.notes == 8


def test_r9_13_a_discard_is_legal_at_the_note_cap_and_gains_nothing() -> None:
    state = deal("Orange (5 Suits)", REDS, BLUES)
    assert any(isinstance(a, Discard) for a in legal_actions(state))
    after = apply(state, Discard(4))
    assert after.notes == 8 and not after.last_turn.note_gained  # type: ignore[union-attr]
    plain = deal("Rainbow (5 Suits)", REDS, BLUES)
    assert_refused(plain, Discard(4), Rule.DISCARD_NEEDS_A_SPENT_NOTE)


def test_r9_14_a_reversed_suit_is_built_down_and_its_1_brings_the_note() -> None:
    v = variant("Reversed (5 Suits)")
    suit = v.suit("Purple Reversed")
    assert suit.descending and suit.copies == (1, 2, 2, 2, 3)
    purples = [Card("Purple Reversed", r) for r in (5, 4, 3, 2, 1)]
    state = new_game(Options(2, variant=v), deck=deck_with(v, [*purples, *REDS]))
    state = apply(apply(state, ColourClue(1, "Red")), RankClue(0, 5))  # 6 Notes
    for _ in range(5):
        state = apply(state, Play(0))  # seat 0: the Purple Reversed 5, 4, 3, 2, 1
        if state.outcome is None:
            state = apply(state, RankClue(0, 1) if state.notes else Discard(0))
    assert state.fireworks["Purple Reversed"] == 5
    last_play = [t for t in state.turns if t.player == 0][-1]
    assert last_play.card is not None and last_play.card.rank == 1 and last_play.note_gained


# --- 9.15 to 9.22: touch mechanics ----------------------------------------------------------------


def test_r9_15_rainbow_ones_are_touched_by_every_colour() -> None:
    hand = [Card("Blue", 1), Card("Blue", 2), Card("Green", 1), Card("Yellow", 3), Card("Red", 4)]
    state = deal("Rainbow-Ones (5 Suits)", REDS, hand)
    assert touched_cards(state, ColourClue(1, "Red")) == [hand[0], hand[2], hand[4]]


def test_r9_15_white_ones_are_touched_by_no_colour_and_pink_ones_by_every_rank() -> None:
    hand = [Card("Red", 1), Card("Red", 2), Card("Blue", 1), Card("Blue", 3), Card("Red", 4)]
    state = deal("White-Ones (5 Suits)", REDS, hand)
    assert touched_cards(state, ColourClue(1, "Red")) == [hand[1], hand[4]]
    state = deal("Pink-Ones (5 Suits)", REDS, hand)
    assert touched_cards(state, RankClue(1, 3)) == [hand[0], hand[2], hand[3]]
    assert_refused(state, RankClue(1, 1), Rule.CLUE_NAMES_ONE_VALUE)


def test_r9_16_a_deceptive_one_is_touched_by_its_suits_clue_rank() -> None:
    hand = [Card("Red", 1), Card("Yellow", 1), Card("Red", 2), Card("Purple", 1), Card("Red", 4)]
    state = deal("Deceptive-Ones (5 Suits)", REDS, hand)
    assert touched_cards(state, RankClue(1, 2)) == [hand[0], hand[2], hand[3]]
    assert touched_cards(state, RankClue(1, 3)) == [hand[1]]


def test_r9_17_blind_clues_touch_nothing_and_are_legal() -> None:
    state = deal("Number Blind (5 Suits)", BLUES, REDS)
    clues = [a for a in legal_actions(state) if isinstance(a, RankClue)]
    assert [c.rank for c in clues] == [1, 2, 3, 4, 5]
    assert touched_cards(state, RankClue(1, 1)) == []
    assert touched_cards(state, ColourClue(1, "Red")) == REDS


def test_r9_18_mute_clues_cannot_be_named() -> None:
    state = deal("Color Mute (5 Suits)", BLUES, REDS)
    assert not any(isinstance(a, ColourClue) for a in legal_actions(state))
    assert_refused(state, ColourClue(1, "Red"), Rule.CLUE_NAMES_ONE_VALUE)


def test_r9_19_odds_and_evens() -> None:
    state = deal("Odds and Evens (5 Suits)", BLUES, REDS)
    assert touched_cards(state, RankClue(1, 1)) == [REDS[0], REDS[2], REDS[4]]
    assert touched_cards(state, RankClue(1, 2)) == [REDS[1], REDS[3]]
    assert_refused(state, RankClue(1, 3), Rule.CLUE_NAMES_ONE_VALUE)


def test_r9_20_funnels_touch_every_rank_up_to_the_clue() -> None:
    state = deal("Funnels (5 Suits)", BLUES, REDS)
    assert touched_cards(state, RankClue(1, 2)) == REDS[:2]


def test_r9_21_chimneys_touch_every_rank_from_the_clue_up() -> None:
    state = deal("Chimneys (5 Suits)", BLUES, REDS)
    assert touched_cards(state, RankClue(1, 4)) == REDS[3:]


def test_r9_22_synesthesia_colours_touch_by_rank_too() -> None:
    state = deal("Synesthesia (5 Suits)", REDS, BLUES)
    assert touched_cards(state, ColourClue(1, "Yellow")) == [Card("Blue", 2)]
    assert touched_cards(state, ColourClue(1, "Blue")) == [Card("Blue", r) for r in range(1, 6)]
    assert not any(isinstance(a, RankClue) for a in legal_actions(state))


# --- 9.23 to 9.26: decks, Notes and clue order ----------------------------------------------------


def test_r9_23_critical_fours_have_one_copy() -> None:
    v = variant("Critical Fours (6 Suits)")
    assert all(s.copies[3] == 1 for s in v.suits) and len(v.deck) == 54


def test_r9_24_scarce_ones_have_two_copies() -> None:
    v = variant("Scarce Ones & Black (6 Suits)")
    assert v.suit("Red").copies == (2, 2, 2, 2, 1) and v.suit("Black").copies == (1, 1, 1, 1, 1)
    assert len(v.deck) == 5 * 9 + 5


def test_r9_25_clue_starved_counts_half_notes() -> None:
    state = deal("Clue Starved (5 Suits)", BLUES, REDS)
    assert state.notes == 16
    assert_refused(state, Discard(0), Rule.DISCARD_NEEDS_A_SPENT_NOTE)
    for _ in range(7):
        state = apply(state, RankClue(1 - state.current_player, 5))
    assert state.notes == 2
    state = apply(state, RankClue(1 - state.current_player, 5))
    assert state.notes == 0
    state = apply(state, Discard(0))
    assert state.notes == 1  # half a Note: not enough for a clue
    error = assert_refused(state, RankClue(0, 5), Rule.CLUE_COSTS_A_NOTE)
    assert "only half a Note" in str(error)


def test_r9_26_alternating_clues() -> None:
    state = deal("Alternating Clues (5 Suits)", BLUES, REDS)
    first = apply(state, ColourClue(1, "Red"))
    assert not any(isinstance(a, ColourClue) for a in legal_actions(first))
    assert_refused(first, ColourClue(0, "Blue"), Rule.ALTERNATING_CLUES)
    second = apply(apply(first, Discard(0)), RankClue(1, 2))  # a discard between: still colour
    assert not any(isinstance(a, RankClue) for a in legal_actions(second))
    assert any(isinstance(a, ColourClue) for a in legal_actions(second))


def test_r9_27_suit_rules_decide_before_the_special_rank() -> None:
    v = variant("Rainbow-Ones & Brown (5 Suits)")
    # Brown: no rank clue (suit rule first) even for its 1; every colour for the 1s.
    assert not v.rank_touches(1, "Brown", 1) and v.touches("Red", "Brown", 1)
    w = variant("White-Ones & Rainbow (5 Suits)")
    # Rainbow: touched by every colour before the special rank's "no colour".
    assert w.touches("Red", "Rainbow", 1) and not w.touches("Red", "Red", 1)


def test_r9_27_blind_decides_first() -> None:
    v = attrs.evolve(variant("Rainbow-Ones (5 Suits)"), colour_clues_touch_nothing=True)
    assert not any(v.touches(c, s, r) for c in v.clue_colours for s in v.suits for r in range(1, 6))


def test_r9_28_every_catalogue_variant_is_built_and_an_unknown_flag_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = variant_names()
    assert len(names) == 2426 and not UNSUPPORTED
    assert all(mechanics(name) == () for name in names)
    # A flag hanabi_core does not read (a mechanic hanab.live might add) refuses the variant by
    # name rather than playing it by the rules of another.
    variants_, suits, colours = hanablive_variants._data()
    name = "Rainbow (5 Suits)"
    patched = {**variants_, name: {**variants_[name], "bottomDeckBlind": True}}
    rainbow = suits["Rainbow"]
    patched_suits = {**suits, "Rainbow": {**rainbow, "glowing": True}}
    monkeypatch.setattr(hanablive_variants, "_data", lambda: (patched, patched_suits, colours))
    hanablive_variants._build.cache_clear()
    try:
        assert mechanics(name) == ("the variant flag 'bottomDeckBlind'", "the suit flag 'glowing'")
        with pytest.raises(InvalidOptions, match=r"bottomDeckBlind.*rule 9\.28") as error:
            variant(name)
        assert pickle.loads(pickle.dumps(error.value)) == error.value
        assert mechanics("Rainbow (6 Suits)") == ("the suit flag 'glowing'",)
        assert mechanics("No Variant") == ()
    finally:
        hanablive_variants._build.cache_clear()


def test_r9_1_the_built_in_variants_keep_their_fields() -> None:
    from hanabi_core import VARIANTS

    for v in VARIANTS.values():
        assert v.clue_ranks == (1, 2, 3, 4, 5) and v.special_rank is None
        assert v.rank_touch is RankTouch.EQUAL and v.note_units == 1
        assert not v.discards_at_note_cap
    assert SpecialRank(1) == SpecialRank(1)


# --- what players see (rule 12.4 under section 9's touch rules) ----------------------------------


def test_r9_15_card_knowledge_follows_the_special_rank() -> None:
    from hanabi_core import view

    hand = [Card("Blue", 1), Card("Red", 3), Card("Blue", 2), Card("Green", 4), Card("Yellow", 5)]
    state = apply(deal("Rainbow-Ones (5 Suits)", REDS, hand), ColourClue(1, "Red"))
    own = view(state, 1).own
    assert [k.clued for k in own] == [True, True, False, False, False]
    # Touched by red: a red card or any 1; missed by red: neither red nor a 1.
    assert own[0].may_be(Card("Blue", 1)) and own[0].may_be(Card("Red", 4))
    assert not own[0].may_be(Card("Blue", 2))
    assert not own[2].may_be(Card("Red", 2)) and not own[2].may_be(Card("Blue", 1))
    assert own[2].may_be(Card("Blue", 2)) and own[2].ranks == (2, 3, 4, 5)


def test_r9_11_card_knowledge_follows_prism() -> None:
    from hanabi_core import view

    prisms = [Card("Prism", r) for r in (1, 2, 3, 4, 5)]
    state = apply(deal("Prism (5 Suits)", REDS, prisms), ColourClue(1, "Yellow"))
    own = view(state, 1).own
    assert [k.clued for k in own] == [False, True, False, False, False]
    assert own[1].may_be(Card("Prism", 2)) and not own[1].may_be(Card("Prism", 3))
    assert own[1].may_be(Card("Yellow", 3))


def test_r9_13_hanab_live_records_say_what_befell_an_inverted_card() -> None:
    import json

    from hanabi_core import GameRecord, read_record, write_record

    oranges = [Card("Orange", r) for r in (1, 2, 3, 4, 5)]
    # hanab.live's rules (rule 11.4), as its records are read back.
    state = deal(
        "Orange (5 Suits)", oranges, REDS, end_at_max_reachable=True, no_legal_action="wait"
    )
    state = apply(apply(state, Discard(0)), RankClue(0, 2))  # the Orange 1 played by a discard
    state = apply(state, Play(0))  # the Orange 2 discarded by a play
    assert state.fireworks["Orange"] == 1 and state.discards[-1].card == oranges[1]
    record = GameRecord.from_state(state, edition="hanab-live")
    hanab = json.loads(write_record(record, format="hanab-live"))
    assert [a["type"] for a in hanab["actions"]] == [0, 3, 1]  # played, clue, discarded
    assert read_record(hanab) == record  # no names written, none invented (issue 33 item 4)


# --- Issue 10's scoring and early end (rule 7.6, ruling 13.7) over hanab.live's suits ---------


def _dealt(state: GameState, *faces: Card) -> tuple[DealtCard, ...]:
    """One dealt card of each face (distinct physical cards)."""
    pool = list(state.dealt)
    out = []
    for face in faces:
        card = next(c for c in pool if c.card == face)
        pool.remove(card)
        out.append(card)
    return tuple(out)


@pytest.mark.parametrize(
    ("name", "gone", "reach"),
    [
        # Rule 9.14: a reversed suit is built 5 down to 1; its one 1 is its critical card.
        ("Reversed (5 Suits)", [Card("Purple Reversed", 1)], 4),
        ("Reversed (5 Suits)", [Card("Purple Reversed", 5)] * 2, 5),
        ("Reversed (5 Suits)", [Card("Purple Reversed", 5)] * 3, 0),
        # Rule 9.12: a dark suit has one copy of each card.
        ("Black (5 Suits)", [Card("Black", 3)], 2),
        # Rule 9.23: Critical Fours has one copy of each 4.
        ("Critical Fours (5 Suits)", [Card("Blue", 4)], 3),
        # Rule 9.24: Scarce Ones has two copies of each 1.
        ("Scarce Ones (5 Suits)", [Card("Red", 1)], 5),
        ("Scarce Ones (5 Suits)", [Card("Red", 1)] * 2, 0),
    ],
)
def test_r7_6_reachable_follows_build_order_and_copies(
    name: str, gone: list[Card], reach: int
) -> None:
    v = variant(name)
    options = EDITIONS["hanab-live"].options(2, variant=v)
    state = new_game(options, seed=1)
    discards = _dealt(state, *gone)
    suit = v.suit_names.index(gone[0].suit)
    total = reachable(options, (0,) * len(v.suits), discards)
    assert total == 5 * (len(v.suits) - 1) + reach
    # The early end: once everything reachable is built, the game is over (rule 7.6).
    built = tuple(reach if i == suit else 5 for i in range(len(v.suits)))
    ended = rules.outcome_after_turn(options, built, 0, None, discards, discards[-1])
    if reach < 5:
        assert ended is not None and ended.reason is EndReason.NOTHING_LEFT_TO_BUILD
        assert ended.score == sum(built) and ended.max_score == 5 * len(v.suits)


def test_r9_13_an_inverted_card_played_is_gone_from_reach() -> None:
    # Playing the one Orange 5 discards it (rule 9.13): its firework can reach 4 at most.
    state = deal("Orange (5 Suits)", [Card("Orange", 5)], REDS, end_at_max_reachable=True)
    after = apply(state, Play(0))
    assert after.discards[-1].card == Card("Orange", 5) and after.fireworks["Orange"] == 0
    assert reachable(after.options, after.built, after.discards) == 24


def test_r13_7_a_reversed_suit_scores_by_each_descending_reading() -> None:
    v = variant("Reversed (5 Suits)")
    base = EDITIONS["hanab-live"].options(2, variant=v)
    built = (5, 5, 5, 5, 2)  # Purple Reversed: its 5 and 4 built
    assert points(base, built) == 22
    assert points(base.replace(descending_score="highest"), built) == 25
    assert points(base.replace(descending_score="minus-five"), built) == 17
    assert max_points(base) == 25
