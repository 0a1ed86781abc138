"""The hanabi-core record format: GameRecord, read_record, write_record, abandon, the schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    GameRecord,
    IllegalAction,
    InvalidAction,
    InvalidDeck,
    InvalidOptions,
    InvalidRecord,
    Options,
    Play,
    RankClue,
    Suit,
    Variant,
    abandon,
    apply,
    legal_actions,
    new_game,
    parse_record,
    read_record,
    write_record,
)
from hanabi_core.records import Abandonment, schema


def played(players: int = 3, seed: int = 5, turns: int = 12, **options: Any) -> GameRecord:
    state = new_game(Options(players, **options), seed=seed)
    for _ in range(turns):
        if state.is_over:
            break
        state = apply(state, legal_actions(state)[-1])
    return GameRecord.from_state(state)


def test_from_state_rebuilds_deck_and_actions() -> None:
    record = played()
    assert len(record.actions) == 12
    states = list(record.states())
    assert len(states) == 13 and states[0].turn == 0 and states[-1] is record.final()
    assert record.final().turn == 12


def test_round_trip_through_our_format() -> None:
    record = played(4, variant="black-powder", negative_clues=True)
    text = write_record(record)
    assert json.loads(text)["format"] == "hanabi-core"
    again = read_record(text)
    assert again == record
    assert again.final() == record.final()


def test_read_accepts_path_pathlike_text_and_dict(tmp_path: Path) -> None:
    record = played()
    text = write_record(record)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert read_record(path) == read_record(str(path)) == read_record(text) == record
    assert read_record(json.loads(text)) == record
    assert read_record("  \n" + text) == record


def test_edition_supplies_defaults() -> None:
    record = played(2, turns=0)
    data = json.loads(write_record(record))
    data["edition"] = "abacus"
    data["options"] = {"players": 2, "variant": "base"}
    read = read_record(data)
    assert read.edition == "abacus" and read.options == EDITIONS["abacus"].options(2)


def test_r7_5_abandon_ends_the_game_with_zero() -> None:
    state = new_game(Options(2), seed=1)
    state = apply(state, RankClue(1, state.hands[1][0].rank))
    ended = abandon(state)
    assert ended.is_over and ended.score == 0 and ended.outcome is not None
    assert ended.outcome.reason is EndReason.ABANDONED and ended.outcome.rule == "7.5"
    assert legal_actions(ended) == ()
    with pytest.raises(IllegalAction) as caught:
        abandon(ended)
    assert caught.value.rule == "3.3"


def test_r7_5_abandoned_record_round_trips() -> None:
    base = played(turns=4)
    record = GameRecord(base.options, base.deck, base.actions, abandoned=Abandonment("vote"))
    states = list(record.states())
    assert len(states) == 6 and states[-1].outcome is not None
    assert states[-1].outcome.reason is EndReason.ABANDONED
    assert read_record(write_record(record)) == record
    assert GameRecord.from_state(record.final()).abandoned == Abandonment()


def test_r3_3_abandoning_a_finished_game_is_illegal() -> None:
    state = new_game(Options(2), seed=3)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    record = GameRecord.from_state(state)
    bad = GameRecord(record.options, record.deck, record.actions, abandoned=Abandonment())
    with pytest.raises(IllegalAction) as caught:
        bad.final()
    assert caught.value.turn == len(record.actions) and caught.value.rule == "3.3"


def test_r5_2_illegal_move_names_the_turn() -> None:
    record = played(turns=0)
    data = json.loads(write_record(record))
    data["actions"] = [{"type": "rank-clue", "target": 1, "rank": r} for r in (1, 2, 3, 4, 5)]
    state = new_game(record.options, deck=record.deck)
    first = state.hands[1][0].rank
    data["actions"] = [
        {"type": "rank-clue", "target": 1, "rank": first},
        {"type": "discard", "slot": 0},
        {"type": "discard", "slot": 0},
    ]
    with pytest.raises(IllegalAction) as caught:
        read_record(data)
    assert caught.value.turn == 2 and caught.value.rule == "5.2"
    assert str(caught.value).startswith("Turn 2: ")


def test_r4_3_unknown_colour_is_an_illegal_move() -> None:
    record = played(turns=0)
    data = json.loads(write_record(record))
    data["actions"] = [{"type": "colour-clue", "target": 1, "colour": "purple"}]
    with pytest.raises(IllegalAction) as caught:
        read_record(data)
    assert caught.value.rule == "4.3" and caught.value.turn == 0


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.pop("deck"), "$.deck"),
        (lambda d: d.update(extra=1), "$.extra"),
        (lambda d: d.update(format="other"), "$.format"),
        (lambda d: d.update(version=2), "$.version"),
        (lambda d: d.update(version="1"), "$.version"),
        (lambda d: d["options"].update(players=True), "$.options.players"),
        (lambda d: d["options"].update(variant="rainbow"), "$.options.variant"),
        (lambda d: d["options"].update(hand_size=30), "$.options.hand_size"),
        (lambda d: d["options"].update(storm_out_score="half"), "$.options.storm_out_score"),
        (lambda d: d["deck"].pop(), "$.deck"),
        (lambda d: d["deck"].__setitem__(3, ["red"]), "$.deck[3]"),
        (lambda d: d["deck"].__setitem__(3, ["pink", 1]), "$.deck[3][0]"),
        (lambda d: d["deck"].__setitem__(3, ["red", 6]), "$.deck[3][1]"),
        (lambda d: d["deck"].__setitem__(3, ["red", 1.0]), "$.deck[3][1]"),
        (lambda d: d["actions"].__setitem__(3, {"type": "pass"}), "$.actions[3].type"),
        (lambda d: d["actions"].__setitem__(3, {"type": "play"}), "$.actions[3].slot"),
        (lambda d: d["actions"].__setitem__(3, {"type": "play", "slot": -1}), "$.actions[3].slot"),
        (lambda d: d["actions"].__setitem__(3, [1]), "$.actions[3]"),
        (lambda d: d.update(players=["a"]), "$.players"),
        (lambda d: d.update(abandoned={"by": "cat"}), "$.abandoned.by"),
    ],
)
def test_malformed_record_names_the_path(change: Any, path: str) -> None:
    data = json.loads(write_record(played()))
    change(data)
    with pytest.raises(InvalidRecord) as caught:
        read_record(data)
    assert caught.value.path == path


@pytest.mark.parametrize(
    "text",
    ['{"format": "hanabi-core", "version": 1', "{" * 100_000, '{"a": ' + "1" * 5000 + "}", "{}"],
    ids=["truncated", "deep", "huge-int", "empty"],
)
def test_bad_json_text_is_invalid_record(text: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        read_record(text)
    assert caught.value.path.startswith("$")


def test_oversized_and_non_object_inputs() -> None:
    with pytest.raises(InvalidRecord):
        read_record("{" + " " * (1 << 20) + "}")
    with pytest.raises(InvalidRecord):
        read_record(42)
    with pytest.raises(InvalidRecord):
        read_record(json.loads("[1]") and '{"players": 1}')


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_record(tmp_path / "absent.json")


def test_game_record_checks_its_fields() -> None:
    record = played(turns=0)
    with pytest.raises(InvalidRecord) as caught:
        GameRecord(record.options, record.deck[:-1])
    assert caught.value.path == "$.deck"
    with pytest.raises(InvalidRecord) as caught:
        GameRecord(record.options, record.deck, players=["a", "b"])
    assert caught.value.path == "$.players"
    with pytest.raises(InvalidRecord) as caught:
        GameRecord(record.options, record.deck, ["play"])  # type: ignore[list-item]
    assert caught.value.path == "$.actions[0]"


def test_write_rejects_unknown_format() -> None:
    with pytest.raises(InvalidRecord):
        write_record(played(), format="xml")  # type: ignore[arg-type]


def test_every_action_kind_round_trips() -> None:
    deck = [Card(s, r) for s, r in [("red", 1), ("blue", 2)]]
    state = new_game(Options(2), seed=9)
    actions = [
        ColourClue(1, state.hands[1][0].suit),
        Play(0),
        Discard(0),
        RankClue(0, 1),
    ]
    assert deck  # the deck comes from the seed
    try:
        for action in actions:
            state = apply(state, action)
    except IllegalAction:
        pass
    record = GameRecord.from_state(state)
    assert read_record(write_record(record)) == record


# --- the schema agrees with the validator -------------------------------------------------------

jsonschema = pytest.importorskip("jsonschema")


def samples() -> list[dict[str, Any]]:
    records = [played(), played(2, variant="multicolour-wild", turns=30)]
    records.append(
        GameRecord(
            EDITIONS["abacus"].options(4),
            played(4, turns=0).deck,
            players=["a", "b", "c", "d"],
            edition="abacus",
            abandoned=Abandonment("server", 2, 4),
        )
    )
    return [json.loads(write_record(r)) for r in records]


def test_schema_is_valid_and_accepts_written_records() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    jsonschema.Draft202012Validator.check_schema(schema())
    for data in samples():
        validator.validate(data)


def test_schema_rejects_what_the_validator_rejects() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    data = samples()[0]
    for key in ("format", "version", "options", "deck", "actions"):
        broken = dict(data)
        broken.pop(key)
        assert not validator.is_valid(broken)
        with pytest.raises(InvalidRecord):
            read_record(broken)


# --- Issue 14: whatever write_record writes, read_record reads back equal -------------------------


@pytest.mark.parametrize(
    ("build", "kind", "path"),
    [
        (lambda deck: GameRecord(Options(2), deck, [Play(True)]), InvalidAction, None),
        (lambda deck: GameRecord(Options(2), deck, [RankClue(True, 1)]), InvalidAction, None),
        (lambda deck: GameRecord(Options(2), deck, [RankClue(1, True)]), InvalidAction, None),
        (lambda deck: [Card("red", True)], InvalidDeck, None),
        (lambda deck: [Card("red", 1.0)], InvalidDeck, None),
        (
            lambda deck: GameRecord(Options(2), deck, players=["x" * 201, "b"]),
            InvalidRecord,
            "$.players[0]",
        ),
        (
            lambda deck: GameRecord(Options(2), deck, players=["a", "b\udcff"]),
            InvalidRecord,
            "$.players[1]",
        ),
        (lambda deck: GameRecord(Options(2), deck, players="AB"), InvalidRecord, "$.players"),
        (lambda deck: Options(2, max_notes=1001), InvalidOptions, None),
        (lambda deck: Options(2, max_storms=1001), InvalidOptions, None),
        (
            lambda _: GameRecord(Options(6), VARIANTS["base"].deck, edition="cocktail"),
            InvalidRecord,
            "$.edition",
        ),
        (
            lambda deck: GameRecord(Options(2), deck, abandoned=Abandonment("server", 2)),
            InvalidRecord,
            "$.abandoned.seat",
        ),
        (
            lambda deck: GameRecord(Options(2), deck, abandoned=Abandonment("server", True)),
            InvalidRecord,
            "$.abandoned.seat",
        ),
        (
            lambda deck: GameRecord(Options(2), deck, abandoned=Abandonment("server", 0, -4)),
            InvalidRecord,
            "$.abandoned.code",
        ),
        (
            lambda deck: GameRecord(Options(2), deck, abandoned=Abandonment("cat")),
            InvalidRecord,
            "$.abandoned.by",
        ),  # type: ignore[arg-type]
    ],
)
def test_what_the_format_cannot_hold_is_refused_when_built(
    build: Any, kind: type[Exception], path: str | None
) -> None:
    deck = tuple(c.card for c in new_game(Options(2), seed=3).dealt)
    with pytest.raises(kind) as caught:
        built = build(deck)
        if isinstance(built, GameRecord):
            write_record(built)
    if path is not None:
        assert caught.value.path == path  # type: ignore[attr-defined]


def test_a_custom_variant_is_refused_by_write_record() -> None:
    custom = Variant("base", "Not the base game", (Suit("red"), Suit("blue")), ("red", "blue"))
    state = new_game(Options(2, variant=custom), seed=1)
    record = GameRecord.from_state(state)
    for kind in ("hanabi-core", "hanab-live"):
        with pytest.raises(InvalidRecord) as caught:
            write_record(record, format=kind)  # type: ignore[arg-type]
        assert caught.value.path == "$.options.variant"


@pytest.mark.parametrize(("seat", "code", "path"), [(7, 4, "target"), (0, -3, "value")])
def test_r7_5_an_abandonment_our_records_cannot_hold_is_refused_from_hanab_live(
    seat: int, code: int, path: str
) -> None:
    data = json.loads(write_record(played(2, turns=4), format="hanab-live"))
    data["actions"].append({"type": 4, "target": seat, "value": code})
    with pytest.raises(InvalidRecord) as caught:
        parse_record(data)
    assert caught.value.path == f"$.actions[4].{path}"


def test_long_names_and_many_notes_within_the_bounds_round_trip(tmp_path: Path) -> None:
    state = new_game(Options(2, max_notes=1000, max_storms=1000), seed=2)
    for _ in range(30):
        state = apply(state, legal_actions(state)[-1])
    names = ["x" * 200, "Zoë \x1b[31m\nScore 25/25"]
    record = GameRecord.from_state(state, players=names, edition="hle")
    text = write_record(record)
    assert parse_record(text) == record
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    assert read_record(path) == record


# --- Issue 14: duplicate keys, and read_record's API ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"format": "hanabi-core", "format": "hanabi-core"}', "$.format"),
        ('{"a": {"b": 1, "c": 2, "b": 3}}', "$.a.b"),
        ('{"a": [0, {"x\\u001b[31m": 1, "x\\u001b[31m": 2}]}', '$.a[1]["x\\u001b[31m"]'),
        ('[{"k": 1, "k": 1}]', "$[0].k"),
    ],
)
def test_duplicate_keys_are_refused_with_their_path(text: str, path: str) -> None:
    with pytest.raises(InvalidRecord) as caught:
        parse_record(text)
    assert caught.value.path == path and "twice" in str(caught.value)


def test_a_duplicate_key_in_a_real_record_is_refused() -> None:
    text = write_record(played())
    doubled = text.replace('"version": 1,', '"version": 1,\n  "version": 1,')
    with pytest.raises(InvalidRecord) as caught:
        read_record(doubled)
    assert caught.value.path == "$.version"
    nested = text.replace('"players": 3,', '"players": 3, "players": 2,')
    with pytest.raises(InvalidRecord) as caught:
        parse_record(nested)
    assert caught.value.path == "$.options.players"


def test_read_record_reads_files_and_parse_record_reads_text(tmp_path: Path) -> None:
    record = played()
    text = write_record(record)
    assert parse_record(text) == parse_record(text.encode()) == parse_record(json.loads(text))
    assert parse_record("\ufeff" + text) == record
    assert parse_record(b"\xef\xbb\xbf" + text.encode()) == record
    assert read_record(text) == read_record("\ufeff  " + text) == record  # kept for compatibility
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert read_record(path) == read_record(str(path)) == record


@pytest.mark.parametrize("source", ["", "   ", b"{}", 42, None, ["a"]])
def test_read_record_refuses_what_is_not_a_path(source: Any) -> None:
    # Before: read_record("") raised IsADirectoryError.
    with pytest.raises(InvalidRecord) as caught:
        read_record(source)
    assert caught.value.path == "$"


@pytest.mark.parametrize("text", ["42", "null", '"x"', "true", "[1]", "\ufeff7", b"3"])
def test_parse_record_refuses_json_that_is_not_an_object(text: Any) -> None:
    with pytest.raises(InvalidRecord) as caught:
        parse_record(text)
    assert caught.value.path == "$" and "JSON object" in str(caught.value)


def test_read_record_of_a_folder_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_record(tmp_path)
    with pytest.raises(InvalidRecord):
        parse_record(5)  # type: ignore[arg-type]
