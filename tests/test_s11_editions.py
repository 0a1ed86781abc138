"""Section 11, Editions: each preset's settings, its players and the sources it cites."""

from __future__ import annotations

from pathlib import Path

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
)
from helpers import assert_refused, game, touched

RULEBOOK = Path(__file__).resolve().parents[1] / "src" / "hanabi_core" / "rulebook"
SEED_ABACUS = "seeds/000_dc8d17ca69f1724d.txt"
SEED_COCKTAIL = "seeds/001_d78bc4579f007efa.txt"
SEED_RR = "seeds/003_40625c7026cb9ba3.txt"
SEED_ENCYCLOPEDIA = "seeds/004_765e6e39beb3775a.txt"

#: The defaults every preset shares (section 11's table): only the Abacus clue rule differs.
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
    edition_id: str, rule: Rule, players: tuple[int, ...], negative_clues: bool
) -> Edition:
    edition = EDITIONS[edition_id]
    assert edition.id == edition_id
    assert edition.rule == rule.value and edition.rule == rule
    assert edition.players == players
    for count in players:
        options = edition.options(count)
        assert options == Options(count, negative_clues=negative_clues, **COMMON)
        assert options.negative_clues is negative_clues
        assert options.variant.id == "base"
    for count in {1, 6, 7} - set(players):
        with pytest.raises(InvalidOptions) as caught:
            edition.options(count)
        assert caught.value.field == "players"
        assert edition.name in str(caught.value)
    assert edition.sources and all(isinstance(source, str) for source in edition.sources)
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
    assert edition.sources == (SEED_ABACUS, "Abacusspiele rulebook (2010)")
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
    assert edition.sources == (SEED_RR, SEED_ENCYCLOPEDIA, "R&R Games rulebook")
    assert dict(edition.defaults) == {}
    assert edition.options(4) == Options(4)
    assert edition.options(4, last_round=False).last_round is False  # its variant 4
    check_overrides(edition)
    state = game(edition.options(2), [REDS, WHITES])
    assert_refused(state, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)


def test_r11_3_cocktail_is_every_default() -> None:
    edition = check_preset("cocktail", Rule.EDITION_COCKTAIL, (2, 3, 4, 5), negative_clues=False)
    assert edition.name == "Cocktail Games / Grands Feux"
    assert edition.sources == (SEED_COCKTAIL, "Cocktail Games rulebook")
    assert dict(edition.defaults) == {}
    assert edition.options(5) == Options(5)
    check_overrides(edition)
    # Its add-ons are variants: Colour Avalanche (wild multicolour) and Black Powder.
    assert edition.options(2, variant="multicolour-wild").variant.id == "multicolour-wild"
    assert edition.options(2, variant="black-powder").variant.id == "black-powder"


def test_r11_4_hanab_live_allows_six_players() -> None:
    edition = check_preset(
        "hanab-live", Rule.EDITION_HANAB_LIVE, (2, 3, 4, 5, 6), negative_clues=False
    )
    assert edition.name == "hanab.live"
    assert edition.sources == ("hanab.live game records (../shared/formats/hanab-live.md)",)
    assert edition.options(6).hand_size == 3
    assert edition.options(3, negative_clues=True).negative_clues  # its emptyClues option
    check_overrides(edition)


def test_r11_5_hle_is_every_default_with_configurable_tokens() -> None:
    edition = check_preset("hle", Rule.EDITION_HLE, (2, 3, 4, 5), negative_clues=False)
    assert edition.name == "DeepMind Hanabi Learning Environment"
    assert edition.sources == ("hanabi-learning-environment (DeepMind, 2019)",)
    assert edition.options(2, max_storms=1).max_storms == 1
    assert edition.options(2, max_notes=5).max_notes == 5
    check_overrides(edition)


def test_r11_1_to_r11_5_the_five_presets_and_their_seed_files() -> None:
    assert list(EDITIONS) == ["abacus", "rr-deluxe", "cocktail", "hanab-live", "hle"]
    assert [e.rule for e in EDITIONS.values()] == ["11.1", "11.2", "11.3", "11.4", "11.5"]
    with pytest.raises(TypeError):
        EDITIONS["mine"] = EDITIONS["hle"]  # type: ignore[index]
    cited = [s for e in EDITIONS.values() for s in e.sources if s.startswith("seeds/")]
    assert sorted(cited) == [SEED_ABACUS, SEED_COCKTAIL, SEED_RR, SEED_ENCYCLOPEDIA]
    # The seed texts themselves are not part of the repository; the spec quotes each one it cites.
    editions = (RULEBOOK / "11-editions.md").read_text(encoding="utf-8")
    for source in cited:
        assert f"`{source}`" in editions, source


def test_r11_1_an_edition_preset_cannot_be_changed() -> None:
    abacus = EDITIONS["abacus"]
    with pytest.raises(TypeError):
        abacus.defaults["negative_clues"] = False  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        abacus.rule = "11.9"  # type: ignore[misc]
    assert abacus.options(2).negative_clues is True
