"""Section 13, Rulings: each ruling's default, option and presets, as its text states them."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    InvalidRecord,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    is_legal,
    legal_actions,
    new_game,
    rating,
    read_record,
)
from hanabi_core.cli import main
from hanabi_core.rulebook import all_rules, out_of_scope, rule_text
from hanabi_core.spec import SPEC_DATE, SPEC_VERSION
from hanabi_core.variants import Variant
from helpers import assert_refused, deck_with, game, touched

RULINGS = [rule for rule in all_rules() if rule.section == 13]
GRADES = ("publisher rulebook", "translation", "software", "review", "inference")
_ROW = re.compile(r"^\| `(?P<name>[a-z_]+)` \|(?P<cells>.+)\|\s*$")


def preset_tables(body: str) -> dict[str, dict[str, str]]:
    """Option → preset → the value its table states, from a ruling's preset tables."""
    tables: dict[str, dict[str, str]] = {}
    header: list[str] = []
    for line in body.splitlines():
        if line.startswith("| preset |"):
            header = [cell.strip().strip("`") for cell in line.strip("|").split("|")[1:]]
            continue
        match = _ROW.match(line)
        if match and header:
            cells = [cell.strip().strip("*") for cell in match["cells"].split("|")]
            tables[match["name"]] = dict(zip(header, cells, strict=True))
    return tables


def shown(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(["--colour", "never", *argv])
    return code, out.getvalue()


def test_r13_1_to_r13_17_every_ruling_is_numbered_and_states_its_parts() -> None:
    assert [r.id for r in RULINGS] == [f"13.{n}" for n in range(1, 18)]
    for ruling in RULINGS:
        assert ruling.kind == "Ruling"
        assert "**Ruling.**" in ruling.body, ruling.id
        assert re.search(r"\[[A-Z0-9-]+\]\(sources\.md#", ruling.sources), ruling.id
        assert "seeds/" not in ruling.body and "shared/" not in ruling.body, ruling.id
        assert Rule(ruling.id).name.startswith("RULING_")


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.id)
def test_r13_every_preset_table_matches_the_presets(ruling: object) -> None:
    body = rule_text(ruling.id).body  # type: ignore[attr-defined]
    for name, by_preset in preset_tables(body).items():
        assert set(by_preset) == set(EDITIONS), (ruling, name)
        for preset, stated in by_preset.items():
            assert stated == shown(getattr(EDITIONS[preset].options(3), name)), (preset, name)


def test_r13_sides_carry_a_grade() -> None:
    for ruling in ("13.1", "13.2", "13.4", "13.7", "13.8"):
        sources = rule_text(ruling).sources
        assert sum(f"({grade}" in sources for grade in GRADES) >= 2, ruling


def test_r13_1_clues_that_touch_nothing_follow_each_presets_text() -> None:
    reds = [Card("red", r) for r in (1, 1, 1, 2, 2)]
    whites = [Card("white", r) for r in (1, 1, 1, 2, 2)]
    for edition in EDITIONS:
        options = EDITIONS[edition].options(2, variant="base")
        state = game(options, [whites, reds])
        if options.negative_clues:
            assert touched(state, ColourClue(1, "white")) == ()  # «Você não tem cartas brancas»
        else:
            assert_refused(state, ColourClue(1, "white"), Rule.CLUE_MUST_TOUCH)
    assert Options(2).negative_clues is False


def test_r13_2_the_last_storm_scores_zero_by_default() -> None:
    top = [Card("red", 1), Card("red", 4), Card("red", 5), Card("white", 5)]
    for setting, score in (("zero", 0), ("fireworks", 1)):
        options = Options(2, hand_size=1, storm_out_score=setting)
        state = new_game(options, deck=deck_with(options, top))
        while not state.is_over:
            state = apply(state, Play(0))
        assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
        assert state.score == score


def test_r13_3_seat_0_starts_in_every_preset() -> None:
    for edition in EDITIONS:
        assert new_game(EDITIONS[edition].options(3), seed=9).current_player == 0


def test_r13_4_the_spare_note_token_comes_with_the_advanced_game() -> None:
    advanced = new_game(EDITIONS["abacus-advanced"].options(2), seed=2)
    assert advanced.notes == 9 and advanced.options.variant.id == "multicolour"
    assert not is_legal(advanced, Discard(0))  # at the cap of 9
    assert new_game(EDITIONS["abacus"].options(2, variant="multicolour"), seed=2).notes == 8
    assert Options(2).max_notes == 8


def test_r13_5_three_storms_by_default_fewer_as_an_option() -> None:
    options = Options(2, hand_size=1, max_storms=2)
    state = new_game(options, deck=deck_with(options, [Card("red", 2), Card("red", 3)]))
    state = apply(apply(state, Play(0)), Play(0))
    assert state.is_over and state.storms == 2
    assert {EDITIONS[e].options(3).max_storms for e in EDITIONS} == {3}


def test_r13_6_a_colour_clue_always_touches_a_held_wild_card() -> None:
    variant = VARIANTS["multicolour-wild"]
    seat_0 = [Card("red", r) for r in (1, 1, 1, 2, 2)]
    seat_1 = [Card("multicolour", 1), *[Card("green", r) for r in (1, 1, 1, 2)]]
    for edition in ("abacus", "rr-deluxe"):
        state = game(EDITIONS[edition].options(2, variant=variant), [seat_0, seat_1])
        for colour in variant.clue_colours:
            assert touched(state, ColourClue(1, colour)) != ()


def test_r13_7_descending_score_by_preset() -> None:
    top = [Card("black", 5), Card("black", 4), Card("black", 3)]
    scores = {}
    for edition in EDITIONS:
        options = EDITIONS[edition].options(2, variant="black-powder", hand_size=1)
        state = new_game(options, deck=deck_with(options, top))
        for _ in range(3):
            state = apply(state, Play(0))
        scores[edition] = state.score
    assert scores == {e: (-2 if e == "cocktail" else 3) for e in EDITIONS}
    highest = Options(2, variant="black-powder", hand_size=1, descending_score="highest")
    state = apply(new_game(highest, deck=deck_with(highest, top)), Play(0))
    assert state.score == 5


def test_r13_8_the_note_comes_with_the_black_1_by_default() -> None:
    variant = VARIANTS["black-powder"]
    top = [Card("black", r) for r in (5, 4, 3, 2, 1)]
    options = Options(2, variant=variant, hand_size=1)
    state = new_game(options, deck=deck_with(options, top))
    state = apply(apply(state, RankClue(1, 4)), RankClue(0, 5))
    gained = []
    for _ in range(5):
        state = apply(state, Play(0))
        assert state.last_turn is not None
        gained.append(state.last_turn.note_gained)
    assert gained == [False, False, False, False, True]


def test_r13_9_no_last_round_loses_all_or_nothing() -> None:
    options = Options(2, last_round=False)
    state = new_game(options, deck=deck_with(options, [Card("red", 5)]))
    state = apply(apply(apply(state, RankClue(1, 3)), RankClue(0, 1)), Discard(0))
    assert state.outcome is not None and state.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE
    assert state.score == 0 and rating(0, options) is None
    assert options.no_legal_action == "loss"


def test_r13_10_only_the_hanab_live_preset_ends_when_nothing_is_left() -> None:
    on = [e for e in EDITIONS if EDITIONS[e].options(2).end_at_max_reachable]
    assert on == ["hanab-live"]


def test_r13_11_a_clue_to_an_empty_hand_costs_a_note() -> None:
    colours = ("red", "yellow", "green", "blue", "white")
    one_of_each = [Card(c, r) for c in colours for r in (1, 2, 3, 4, 5)]
    spares = [Card(c, r) for c in colours for r in (1, 1, 2, 3, 4)]
    options = Options(2, hand_size=25, last_round=False, negative_clues=True)
    state = new_game(options, deck=[*one_of_each, *spares])
    while state.hands[1]:
        state = apply(apply(state, ColourClue(1, "red")), Discard(0))
    assert ColourClue(1, "blue") in legal_actions(state)
    after = apply(state, ColourClue(1, "blue"))
    assert after.notes == state.notes - 1 and after.last_turn is not None
    assert after.last_turn.touched == ()


def test_r13_12_a_hand_is_in_draw_order() -> None:
    state = new_game(Options(2), seed=2)
    after = apply(apply(state, RankClue(1, state.hands[1][0].rank)), Discard(4))
    assert after.hands[1][:4] == state.hands[1][:4]
    assert [c.order for c in after.hands[1]] == sorted(c.order for c in after.hands[1])


def test_r13_13_only_the_four_actions_are_turns() -> None:
    state = new_game(Options(2), seed=3)
    assert_refused(state, "let's agree: 5s are saved by rank", Rule.KNOWN_ACTIONS_ONLY)


def test_r13_14_only_hanab_live_seats_six() -> None:
    assert [e for e in EDITIONS if 6 in EDITIONS[e].players] == ["hanab-live"]
    assert [len(h) for h in new_game(EDITIONS["hanab-live"].options(6), seed=1).hands] == [3] * 6


def test_r13_15_scores_above_25_are_in_the_top_band() -> None:
    assert [rating(n).band for n in range(25, 31)] == [6] * 6  # type: ignore[union-attr]


def test_r13_16_the_deal_is_in_blocks() -> None:
    state = new_game(Options(4), deck=list(VARIANTS["base"].deck))
    assert [[c.order for c in h] for h in state.hands] == [
        list(range(4 * p, 4 * p + 4)) for p in range(4)
    ]


# --- the command line as a judge's tool ----------------------------------------------------------


def test_r13_1_rules_search_finds_rule_4_5_and_the_empty_clue_ruling() -> None:
    for word in ("empty clue", "negative clue"):  # the glossary's phrases (one word is ambiguous)
        code, out = run("rules", "--search", word)
        ids = [line.split()[0] for line in out.splitlines()]
        assert code == 0 and "4.5" in ids and "13.1" in ids, word
    code, out = run("rules", "--search", "precedence")
    assert code == 0 and out.split()[0] == "7.7"
    code, out = run("rules", "--search", "xyzzy plugh")
    assert code == 2 and "no rule or ruling" in out


def test_r13_1_rules_prints_a_ruling_as_plain_text() -> None:
    code, out = run("rules", "13.1")
    assert code == 0 and out.startswith("Ruling 13.1: Clues that touch no card\n")
    assert "**" not in out and "](" not in out and "`" not in out
    assert "Rules 4.5 and 10.2." in out and "ES-GUIDE (translation)" in out
    code, out = run("rules", "7.7a")
    assert code == 0 and out.startswith("Rule 7.7a (of rule 7.7: Precedence")
    code, out = run("rules", "7.7q")
    assert code == 2


def test_r13_the_version_names_the_spec() -> None:
    from hanabi_core import __version__

    code, out = run("--version")
    assert code == 0
    assert out.strip() == f"hanabi-core {__version__} (spec {SPEC_VERSION}, {SPEC_DATE})"
    assert re.fullmatch(r"\d+\.\d+", SPEC_VERSION) and re.fullmatch(r"\d{4}-\d\d-\d\d", SPEC_DATE)


def test_r13_quotes_are_attributed_and_no_internal_file_name_is_shown() -> None:
    # The verbatim check needs the primary texts (scripts/check_quotes.py, run by hand); this part
    # needs only the repository: every «quote» names its source, and no page names a file.
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location(
        "check_quotes", root / "scripts" / "check_quotes.py"
    )
    assert spec is not None and spec.loader is not None
    check_quotes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check_quotes)
    pages = [
        *(root / "src" / "hanabi_core" / "rulebook").glob("*.md"),
        *(root / "docs").rglob("*.md"),
    ]
    quotes = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"seeds/|\d{3}_[0-9a-f]{16}", text), page
        for block in check_quotes._blocks(text):
            for match in check_quotes.QUOTE.finditer(block):
                quotes += 1
                assert check_quotes.KEY.search(block[: match.start()]), (page.name, match[0][:50])
    assert quotes > 150


# --- issue 32: the rulings held against outside sources ------------------------------------------
# Each test names the source it follows by its citation key (docs/spec/sources.md).

SOURCES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "spec" / "sources.md"
HANAB_LIVE = Path(__file__).resolve().parent / "data" / "hanab-live"


def test_r13_1_the_cocktail_preset_is_grands_feux_and_rr_forbids_empty_clues() -> None:
    # PT-GUIDE (Grands Feux, 2019) gives «“Você não tem cartas brancas”» as a clue: the `cocktail`
    # preset allows it. RR-EN, licensed from Cocktail, forbids "You have zero of something": the
    # `rr-deluxe` preset refuses it, and so does `cocktail` with a base-game table's override.
    reds = [Card("red", r) for r in (1, 1, 1, 2, 2)]
    whites = [Card("white", r) for r in (1, 1, 1, 2, 2)]
    cocktail = EDITIONS["cocktail"].options(2)
    assert touched(game(cocktail, [whites, reds]), ColourClue(1, "white")) == ()
    for options in (
        EDITIONS["rr-deluxe"].options(2),
        EDITIONS["cocktail"].options(2, negative_clues=False),
    ):
        assert_refused(game(options, [whites, reds]), ColourClue(1, "white"), Rule.CLUE_MUST_TOUCH)
    text = rule_text("13.1").body
    assert "You have zero of something" in text and "Licensed with permission from Cocktail" in text
    assert "rules card" in text and "not found" in text  # what could not be read is said so
    assert "Grands Feux" in rule_text("11.3").body


def test_r13_15_bga_rates_30_divine_the_library_keeps_the_printed_top_band() -> None:
    # BGA: "25-29 | legendary" and "30 | Divine"; every printed scale ends at 25 (legendary).
    assert {rating(n).band for n in range(25, 31)} == {6}  # type: ignore[union-attr]
    assert rating(30).en == rating(25).en  # type: ignore[union-attr]
    body = rule_text("13.15").body
    assert "Divine, the display outshines the stars!" in body and "no source rates" not in body


def seven_suits() -> Variant:
    multicolour, black_powder = VARIANTS["multicolour"], VARIANTS["black-powder"]
    return Variant(
        "multicolour-black-powder",
        "Multicolour and Black Powder",
        (*multicolour.suits, black_powder.suits[-1]),
        multicolour.clue_colours,
    )


def test_r13_17_black_powder_with_multicolour_is_data_not_a_built_in() -> None:
    # HL-2606: BGA plays both add-ons together; RR-BP (reported there) makes black the sixth suit.
    for variant in VARIANTS.values():
        names = set(variant.suit_names)
        assert not {"multicolour", "black"} <= names, variant.id
    seven = seven_suits()
    assert seven.max_score == 35 and len(seven.deck) == 70
    black_5 = Card("black", 5)
    hands = [
        [black_5, *[Card("red", r) for r in (1, 1, 1, 2)]],
        [Card("multicolour", r) for r in (1, 1, 1, 2, 2)],
    ]
    state = game(Options(2, variant=seven), hands)
    assert len(touched(state, ColourClue(1, "multicolour"))) == 5  # its own colour touches it
    played = apply(state, Play(0))  # a black firework starts with its 5 (rule 9.7)
    assert played.fireworks["black"] == 1 and played.storms == 0
    assert rating(35, Options(2, variant=seven)).band == 6  # type: ignore[union-attr]


def test_r11_4_a_hanab_live_options_that_change_legality_are_refused_by_name() -> None:
    # HL-FEATURES: Card Cycling, Detrimental Character Assignments, Bottom Deck Blind Plays.
    data = json.loads((HANAB_LIVE / "example_game.json").read_text(encoding="utf-8"))
    for name in ("cardCycle", "detrimentalCharacters"):
        with pytest.raises(InvalidRecord) as caught:
            read_record({**data, "options": {name: True}})
        assert caught.value.path == f"$.options.{name}"
    with pytest.raises(InvalidRecord):
        read_record({**data, "characters": [{"name": "Panicky"}]})
    read_record({**data, "options": {"deckPlays": True}})  # nothing until the deck is played
    text = rule_text("11.4").subrules["11.4a"]
    for option in ("Bottom Deck Blind Plays", "Card Cycling", "Detrimental Character Assignments"):
        assert option in text


def test_r5_2_no_preset_or_option_discards_at_the_note_cap() -> None:
    # HRS-14 and CHIKINN-23: the engines that let a discard through at 8 clues call it a bug.
    for edition in EDITIONS:
        state = new_game(EDITIONS[edition].options(3), seed=5)
        assert state.notes == state.options.max_notes
        assert_refused(state, Discard(0), Rule.DISCARD_NEEDS_A_SPENT_NOTE)
    assert not [f for f in attrs.fields_dict(Options) if "discard" in f]
    sources = rule_text("5.2").sources
    assert "HRS-14" in sources and "CHIKINN-23" in sources and "No published text" in sources
    assert "HANABI_ALLOW_DISCARDING_EVEN_WITH_ALL_HINT_STONES" in sources  # QUUX: a switch only


def test_r9_4_multicolour_builds_its_own_firework_never_a_joker() -> None:
    # The out-of-scope page: BSTN-99 reports printed jokers, edition unnamed; what was read
    # (RR-EN variant 3) builds the wild cards "as the 6th (multicolor) firework".
    variant = VARIANTS["multicolour-wild"]
    hands = [
        [Card("multicolour", 1), *[Card("red", r) for r in (1, 1, 1, 2)]],
        [Card("red", r) for r in (3, 3, 4, 4, 5)],
    ]
    played = apply(game(Options(2, variant=variant), hands), Play(0))
    assert played.fireworks["multicolour"] == 1 and played.fireworks["red"] == 0
    joker = next(entry for entry in out_of_scope() if entry.id == "joker")
    assert "BSTN-99" in joker.body and "No edition prints it" not in joker.body


def test_r13_every_source_a_rule_cites_is_on_the_sources_page() -> None:
    # Upgraded and new sources (ABACUS-EN read in full, RR-EN's leaflet, HL-FEATURES, BGA, ...)
    # each have their entry, with an address or the words "not read" / "not found".
    page = SOURCES_PAGE.read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", page))
    cited: set[str] = set()
    for text in (*all_rules(), *out_of_scope()):
        cited |= set(re.findall(r"\(sources\.md#([a-z0-9-]+)\)", text.body))
    assert cited <= anchors, cited - anchors
    for key in ("hl-features", "hrs-14", "chikinn-23", "bstn-99", "hl-2606", "hl-3006", "wiki-en"):
        section = page.split(f"{{#{key}}}", 1)[1].split("\n### ", 1)[0]
        assert "<http" in section, key
    rr_bp = page.split("{#rr-bp}", 1)[1].split("\n### ", 1)[0]
    assert "not read" in rr_bp
    body = " ".join(rule_text("13.2").body.split())
    assert "The game ends immediately, and the players earn zero points." in body
    assert "die Spieler erhalten 0 Punkte" in body  # ABACUS-DE, the German original
    assert "abacus-de" in anchors and "Die Spieler dürfen ihre Handkarten umsortieren" in " ".join(
        rule_text("13.12").body.split()
    )
