"""hanab.live's names on hanab.live's variants (issue 33 item 4).

A variant taken from `hanablive.variant` by one of the six names the library shares with hanab.live
(rule 9.8) is the library's own variant, with the site's title and suit names as data
(`Variant.display_name`, `Suit.display_name`): drawn and printed with them, kept by both record
formats, and never part of equality (names are not rules). Records keep the players' names they
were given and invent none.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    GameRecord,
    InvalidOptions,
    Options,
    Suit,
    Variant,
    apply,
    legal_actions,
    new_game,
    parse_record,
    render,
    view,
    write_record,
)
from hanabi_core.cli import main
from hanabi_core.hanablive import HANAB_LIVE_VARIANTS, variant

#: hanab.live's suits of its six variants the library has built in, from its catalogue
#: (packages/game/src/json/variants.json), in the suit order both share.
SITE_SUITS = {
    "No Variant": ("Red", "Yellow", "Green", "Blue", "Purple"),
    "6 Suits": ("Red", "Yellow", "Green", "Blue", "Purple", "Teal"),
    "Black (6 Suits)": ("Red", "Yellow", "Green", "Blue", "Purple", "Black"),
    "Rainbow (6 Suits)": ("Red", "Yellow", "Green", "Blue", "Purple", "Rainbow"),
    "Dark Rainbow (6 Suits)": ("Red", "Yellow", "Green", "Blue", "Purple", "Dark Rainbow"),
    "White Reversed (6 Suits)": ("Red", "Yellow", "Green", "Blue", "Purple", "White Reversed"),
}


def _played(options: Options, turns: int = 14, edition: str | None = None) -> GameRecord:
    state = new_game(options, seed=11)
    for i in range(turns):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[(5 * i + 3) % len(actions)])
    return GameRecord.from_state(state, edition=edition)


@pytest.mark.parametrize("name", list(HANAB_LIVE_VARIANTS))
def test_the_six_shared_variants_show_the_sites_title_and_suits(name: str) -> None:
    shown = variant(name)
    ours = VARIANTS[HANAB_LIVE_VARIANTS[name]]
    assert shown == ours and hash(shown) == hash(ours)  # the same rules (rule 9.8)
    assert shown.suit_names == ours.suit_names  # the cards keep the library's names
    assert shown.label == name and tuple(s.label for s in shown.suits) == SITE_SUITS[name]
    assert ours.label == ours.name and ours.display_name is None  # the built-in is unchanged
    again = pickle.loads(pickle.dumps(shown))
    assert again.label == name and tuple(s.label for s in again.suits) == SITE_SUITS[name]


def test_rainbow_6_suits_is_drawn_with_purple_not_a_white_wild_multicolour() -> None:
    options = Options(3, variant=variant("Rainbow (6 Suits)"))
    record = _played(options)
    state = record.final()
    table = render.text(state)
    assert table.startswith("Rainbow (6 Suits), 3 players")
    assert "Purple" in table and "Rainbow" in table
    assert "multicolour" not in table.lower() and "white" not in table
    seen = render.text(view(state, 1))
    assert "Purple" in seen and "white" not in seen
    picture = render.svg(state)
    assert "#6600cc" in picture  # hanab.live's purple (colors.json)
    assert "#d9d9d9" not in picture  # no white suit
    assert "Rainbow (6 Suits)" in picture and "white" not in picture
    # The built-in, by id, keeps the library's own names.
    plain = render.text(_played(Options(3, variant="multicolour-wild")).final())
    assert plain.startswith("Wild multicolour") and "white" in plain


@pytest.mark.parametrize("name", ["Rainbow (6 Suits)", "No Variant", "White Reversed (6 Suits)"])
@pytest.mark.parametrize("form", ["hanabi-core", "hanab-live"])
def test_both_record_formats_read_back_equal_with_the_sites_names(name: str, form: str) -> None:
    edition = "hanab-live" if form == "hanab-live" else None
    options = (
        EDITIONS["hanab-live"].options(2, variant=variant(name))
        if edition
        else Options(2, variant=variant(name))
    )
    record = _played(options, edition=edition)
    text = write_record(record, format=form)  # type: ignore[arg-type]
    back = parse_record(text)
    assert back == record
    assert back.options.variant.label == name
    assert tuple(s.label for s in back.options.variant.suits) == SITE_SUITS[name]
    assert write_record(back, format=form) == text  # type: ignore[arg-type]
    if form == "hanabi-core":
        assert json.loads(text)["options"]["variant"] == f"hanab.live:{name}"
    # The built-in by id is written by id, as before.
    plain = _played(Options(2, variant=HANAB_LIVE_VARIANTS[name]))
    if form == "hanabi-core":
        assert json.loads(write_record(plain))["options"]["variant"] == HANAB_LIVE_VARIANTS[name]
        assert parse_record(write_record(plain)).options.variant.display_name is None


@pytest.mark.parametrize("names", [None, ("Ann", "Ben", "Cy"), ("", "Ben", "Cy")])
def test_records_keep_the_names_they_were_given_and_invent_none(
    names: tuple[str, ...] | None,
) -> None:
    state = _played(Options(3, variant=variant("No Variant"), end_at_max_reachable=True)).final()
    record = GameRecord.from_state(state, players=names, edition="hanab-live")
    theirs = json.loads(write_record(record, format="hanab-live"))
    assert theirs["players"] == (list(names) if names else ["", "", ""])
    assert "Alice" not in json.dumps(theirs)
    assert parse_record(json.dumps(theirs)).players == names
    ours = json.loads(write_record(record))
    assert ("players" in ours) == (names is not None)
    assert parse_record(json.dumps(ours)).players == names


def test_the_command_line_replays_and_shows_with_the_sites_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _played(Options(2, variant=variant("Rainbow (6 Suits)")), 30)
    path = tmp_path / "game.json"
    path.write_text(write_record(record, format="hanab-live"), encoding="utf-8")
    assert main(["--colour", "never", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rainbow (6 Suits), 2 players (Seat 0, Seat 1)")
    assert "white" not in out and "multicolour" not in out
    assert main(["--colour", "never", "show", str(path), "--turn", "10"]) == 0
    shown = capsys.readouterr().out
    assert "Purple" in shown and "white" not in shown


def test_display_names_are_data_checked_like_the_rest() -> None:
    suit = Suit("white", display_name="Purple")
    assert suit == Suit("white") and suit.label == "Purple" and Suit("white").label == "white"
    for bad in ("", 5, b"Purple"):
        with pytest.raises(InvalidOptions):
            Suit("white", display_name=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidOptions):
            Variant("v", "V", (Suit("red"),), ("red",), display_name=bad)  # type: ignore[arg-type]
    custom = Variant("v", "V", (suit,), ("white",), display_name="Mine")
    assert custom.label == "Mine" and custom.label_of("white") == "Purple"
    assert custom.label_of("nothing") == "nothing"
