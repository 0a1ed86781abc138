"""Section 11, Editions: each preset's settings, its players and the sources it cites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    Card,
    ColourClue,
    Edition,
    InvalidOptions,
    Options,
    Rule,
    new_game,
)
from helpers import assert_refused, game, touched

#: The citation keys of the Sources page (docs/spec/sources.md), which presets cite.
SOURCE_KEYS = {
    "ES-GUIDE",
    "PT-GUIDE",
    "ES-FAQ",
    "ES-WIKI",
    "RR-EN",
    "ABACUS-EN",
    "HL",
    "HL-974",
    "HLE",
    "QUUX",
}

#: The defaults the presets share (section 11's table); each preset's differences are passed in.
COMMON = {
    "max_notes": 8,
    "max_storms": 3,
    "storm_out_score": "zero",
    "last_round": True,
    "hand_size": None,
}

REDS = [Card("red", 1)] * 3 + [Card("red", 2)] * 2
WHITES = [Card("white", 1)] * 3 + [Card("white", 2)] * 2


def check_preset(
    edition_id: str,
    rule: Rule,
    players: tuple[int, ...],
    negative_clues: bool,
    **differences: Any,
) -> Edition:
    edition = EDITIONS[edition_id]
    assert edition.id == edition_id
    assert edition.rule == rule.value and edition.rule == rule
    assert edition.players == players
    for count in players:
        options = edition.options(count)
        assert options == Options(count, negative_clues=negative_clues, **COMMON, **differences)
        assert options.negative_clues is negative_clues
        assert options.variant.id == "base"
    for count in {1, 6, 7} - set(players):
        with pytest.raises(InvalidOptions) as caught:
            edition.options(count)
        assert caught.value.field == "players"
        assert edition.name in str(caught.value)
    assert edition.sources and set(edition.sources) <= SOURCE_KEYS
    return edition


def check_overrides(edition: Edition) -> None:
    overridden = edition.options(
        3, max_notes=9, max_storms=2, last_round=False, variant="multicolour"
    )
    assert (overridden.max_notes, overridden.max_storms, overridden.last_round) == (9, 2, False)
    assert overridden.variant.id == "multicolour"
    with pytest.raises(InvalidOptions) as caught:
        edition.options(3, colour_blind=True)
    assert caught.value.field == "colour_blind" and "is not an option" in str(caught.value)
    with pytest.raises(InvalidOptions) as caught:
        edition.options(3, max_notes=0)
    assert caught.value.field == "max_notes"


def test_r11_1_abacus_allows_clues_that_touch_nothing() -> None:
    edition = check_preset("abacus", Rule.EDITION_ABACUS, (2, 3, 4, 5), negative_clues=True)
    assert edition.name == "Abacusspiele (German edition)"
    assert edition.sources == ("ES-GUIDE", "ABACUS-EN")
    assert dict(edition.defaults) == {"negative_clues": True}
    check_overrides(edition)
    easier = edition.options(3, max_notes=9)  # the "too hard?" easing variant
    assert easier.max_notes == 9 and easier.negative_clues
    harder = edition.options(3, max_storms=1)  # the "too easy?" variant
    assert harder.max_storms == 1
    state = game(edition.options(2), [REDS, WHITES])
    assert touched(state, ColourClue(1, "blue")) == ()  # "you have no blue"


def test_r11_2_rr_deluxe_is_every_default() -> None:
    edition = check_preset("rr-deluxe", Rule.EDITION_RR_DELUXE, (2, 3, 4, 5), negative_clues=False)
    assert edition.name == "R&R Games Deluxe"
    assert edition.sources == ("RR-EN", "ES-FAQ", "ES-WIKI")
    assert dict(edition.defaults) == {}
    assert edition.options(4) == Options(4)
    assert edition.options(4, last_round=False).last_round is False  # its variant 4
    check_overrides(edition)
    state = game(edition.options(2), [REDS, WHITES])
    assert_refused(state, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)


def test_r11_3_and_r13_1_cocktail_follows_its_text() -> None:
    edition = check_preset(
        "cocktail",
        Rule.EDITION_COCKTAIL,
        (2, 3, 4, 5),
        negative_clues=True,
        descending_score="minus-five",
    )
    assert edition.name == "Cocktail Games / Grands Feux"
    assert edition.sources == ("PT-GUIDE", "HL-974")
    assert dict(edition.defaults) == {"negative_clues": True, "descending_score": "minus-five"}
    # PT-GUIDE's own example: «“Você não tem cartas brancas”» is a legal clue.
    state = game(edition.options(2), [WHITES, REDS])
    assert touched(state, ColourClue(1, "white")) == ()
    check_overrides(edition)
    # Its add-ons are variants: Colour Avalanche (wild multicolour) and Black Powder.
    assert edition.options(2, variant="multicolour-wild").variant.id == "multicolour-wild"
    assert edition.options(2, variant="black-powder").variant.id == "black-powder"


def test_r11_4_hanab_live_allows_six_players_and_ends_when_nothing_is_left() -> None:
    edition = check_preset(
        "hanab-live",
        Rule.EDITION_HANAB_LIVE,
        (2, 3, 4, 5, 6),
        negative_clues=False,
        end_at_max_reachable=True,
        no_legal_action="wait",  # ruling 13.9: its All or Nothing softlock needs no clue token
    )
    assert edition.name == "hanab.live"
    assert edition.sources == ("HL",)
    assert edition.options(6).hand_size == 3
    assert edition.options(3, negative_clues=True).negative_clues  # its emptyClues option
    check_overrides(edition)


def test_r11_5_hle_is_every_default_with_configurable_tokens() -> None:
    edition = check_preset("hle", Rule.EDITION_HLE, (2, 3, 4, 5), negative_clues=False)
    assert edition.name == "DeepMind Hanabi Learning Environment"
    assert edition.sources == ("HLE",)
    assert edition.options(2, max_storms=1).max_storms == 1
    assert edition.options(2, max_notes=5).max_notes == 5
    check_overrides(edition)


def test_r11_6_abacus_advanced_is_seed_000s_advanced_game() -> None:
    edition = EDITIONS["abacus-advanced"]
    assert edition.rule == Rule.EDITION_ABACUS_ADVANCED and edition.sources == ("ES-GUIDE",)
    options = edition.options(3)
    assert options == Options(3, negative_clues=True, variant="multicolour", max_notes=9)
    state = new_game(options, seed=5)
    assert state.notes == 9 and len(state.options.variant.suits) == 6
    assert edition.options(3, max_notes=8).max_notes == 8  # rule 10.8: an override wins


def test_r11_1_to_r11_6_the_presets_cite_keys_of_the_sources_page() -> None:
    assert list(EDITIONS) == [
        "abacus",
        "rr-deluxe",
        "cocktail",
        "hanab-live",
        "hle",
        "abacus-advanced",
        "quux",
    ]
    assert [e.rule for e in EDITIONS.values()] == [
        "11.1", "11.2", "11.3", "11.4", "11.5", "11.6", "11.7"
    ]  # fmt: skip
    with pytest.raises(TypeError):
        EDITIONS["mine"] = EDITIONS["hle"]  # type: ignore[index]
    cited = {s for e in EDITIONS.values() for s in e.sources}
    assert cited <= SOURCE_KEYS
    page = (Path(__file__).resolve().parent.parent / "docs" / "spec" / "sources.md").read_text(
        encoding="utf-8"
    )
    for key in cited:
        assert f"### {key} {{#{key.lower()}}}" in page, key
    assert not any("seeds/" in s or "shared" in s for s in cited)


def test_r11_1_an_edition_preset_cannot_be_changed() -> None:
    abacus = EDITIONS["abacus"]
    with pytest.raises(TypeError):
        abacus.defaults["negative_clues"] = False  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        abacus.rule = "11.9"  # type: ignore[misc]
    assert abacus.options(2).negative_clues is True
