"""hanab.live records: the real games of tests/data/hanab-live replay, and the mapping both ways."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import (
    EDITIONS,
    EndReason,
    GameRecord,
    IllegalAction,
    InvalidRecord,
    Options,
    apply,
    legal_actions,
    new_game,
    read_record,
    write_record,
)
from hanabi_core.hanablive import HANAB_LIVE_VARIANTS


def real(hanab_live: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((hanab_live / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_r7_2_example_game_replays_to_25(hanab_live: Path) -> None:
    record = read_record(hanab_live / "example_game.json")
    final = record.final()
    assert final.score == 25 and final.outcome is not None
    assert final.outcome.reason is EndReason.ALL_FIREWORKS
    assert record.players == ("Alice", "Bob", "Cathy") and len(record.actions) == 55
    assert record.edition == "hanab-live" and record.options == EDITIONS["hanab-live"].options(3)


def test_r7_3_no_variant_replays_to_23(hanab_live: Path) -> None:
    record = read_record(hanab_live / "no_variant.json")
    final = record.final()
    assert final.score == 23 and final.outcome is not None
    assert final.outcome.reason is EndReason.FINAL_ROUND
    assert len(list(record.states())) == 54


@pytest.mark.parametrize("name", ["example_game", "no_variant"])
def test_round_trips_between_the_formats(hanab_live: Path, name: str) -> None:
    original = real(hanab_live, name)
    record = read_record(original)
    ours = read_record(write_record(record))
    assert ours == record and ours.final() == record.final()
    back = json.loads(write_record(ours, format="hanab-live"))
    for key in ("players", "deck", "actions"):
        assert back[key] == original[key]
    assert "options" not in back  # deckPlays is harmless and not kept
    assert read_record(back) == record


def test_r7_5_server_ended_game_is_abandoned(hanab_live: Path) -> None:
    data = real(hanab_live, "no_variant")
    data["actions"] = [*data["actions"][:20], {"type": 4, "target": 2, "value": 3}]
    record = read_record(data)
    final = record.final()
    assert final.outcome is not None and final.outcome.reason is EndReason.ABANDONED
    assert final.score == 0 and final.outcome.rule == "7.5" and final.turn == 20
    assert record.abandoned is not None and record.abandoned.seat == 2
    again = json.loads(write_record(record, format="hanab-live"))
    assert again["actions"][-1] == {"type": 4, "target": 2, "value": 3}
    assert read_record(write_record(record)) == record


def test_r7_5_vote_ended_game_is_abandoned(hanab_live: Path) -> None:
    data = real(hanab_live, "example_game")
    data["actions"] = [*data["actions"][:3], {"type": 5, "target": -1, "value": 10}]
    record = read_record(data)
    assert record.abandoned is not None and record.abandoned.by == "vote"
    assert record.final().score == 0


def test_server_end_must_be_last(hanab_live: Path) -> None:
    data = real(hanab_live, "example_game")
    data["actions"].insert(3, {"type": 4, "target": -1, "value": 4})
    with pytest.raises(InvalidRecord) as caught:
        read_record(data)
    assert caught.value.path == "$.actions[4]"


def test_r6_1_playing_a_card_not_in_hand_names_the_turn(hanab_live: Path) -> None:
    data = real(hanab_live, "example_game")
    data["actions"][1] = {"type": 0, "target": 49, "value": 0}
    with pytest.raises(IllegalAction) as caught:
        read_record(data)
    assert caught.value.turn == 1 and caught.value.rule == "6.1"


def test_r3_3_action_after_the_end_is_illegal(hanab_live: Path) -> None:
    data = real(hanab_live, "example_game")
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    with pytest.raises(IllegalAction) as caught:
        read_record(data)
    assert caught.value.turn == 55 and caught.value.rule == "3.3"


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"variant": "No Such Variant"}, "$.options.variant"),
        ({"startingPlayer": 3}, "$.options.startingPlayer"),  # three players: seats 0 to 2
        ({"detrimentalCharacters": True}, "$.options.detrimentalCharacters"),
        ({"cardCycle": True}, "$.options.cardCycle"),
        ({"mystery": True}, "$.options.mystery"),
        ({"emptyClues": 1}, "$.options.emptyClues"),
    ],
)
def test_unsupported_options_are_refused_by_name(
    hanab_live: Path, options: dict[str, Any], path: str
) -> None:
    data = real(hanab_live, "example_game")
    data["options"] = options
    with pytest.raises(InvalidRecord) as caught:
        read_record(data)
    assert caught.value.path == path


def test_a_deck_play_that_happens_is_refused(hanab_live: Path) -> None:
    data = real(hanab_live, "no_variant")
    record = read_record(data)
    # Just before the last card is drawn, the player to move "plays" the top of the deck.
    states = list(record.states())
    turn = next(i for i, s in enumerate(states) if len(s.deck) == 1)
    data["actions"] = [*data["actions"][:turn], {"type": 0, "target": 49, "value": 0}]
    data["options"] = {"deckPlays": True}
    with pytest.raises(InvalidRecord) as caught:
        read_record(data)
    assert caught.value.path == f"$.actions[{turn}].target" and "deck play" in str(caught.value)
    data["options"] = {}
    with pytest.raises(IllegalAction):
        read_record(data)


def test_options_map_both_ways() -> None:
    for hand_size in (4, 5, 6):
        options = EDITIONS["hanab-live"].options(
            3, hand_size=hand_size, negative_clues=True, last_round=False
        )
        state = new_game(options, seed=11)
        for _ in range(10):
            state = apply(state, legal_actions(state)[-1])
        record = GameRecord.from_state(state, edition="hanab-live", players=["A", "B", "C"])
        data = json.loads(write_record(record, format="hanab-live"))
        assert data["options"]["emptyClues"] and data["options"]["allOrNothing"]
        assert read_record(data) == record


@pytest.mark.parametrize(("name", "ours"), sorted(HANAB_LIVE_VARIANTS.items()))
def test_every_variant_round_trips(name: str, ours: str) -> None:
    state = new_game(EDITIONS["hanab-live"].options(4, variant=ours), seed=4)
    for _ in range(25):
        if state.is_over:
            break
        state = apply(state, legal_actions(state)[len(legal_actions(state)) // 2])
    record = GameRecord.from_state(state, edition="hanab-live")
    data = json.loads(write_record(record, format="hanab-live"))
    assert data.get("options", {}).get("variant", "No Variant") == name
    assert data["players"] == ["", "", "", ""]  # no names invented: one empty entry per seat
    assert read_record(data) == GameRecord.from_state(state, edition="hanab-live")


def test_black_powder_is_white_reversed() -> None:
    state = new_game(Options(2, variant="black-powder"), seed=2)
    data = json.loads(write_record(GameRecord.from_state(state), format="hanab-live"))
    sixth = sorted(c["rank"] for c in data["deck"] if c["suitIndex"] == 5)
    assert sixth == [1, 2, 2, 3, 3, 4, 4, 5, 5, 5]


@pytest.mark.parametrize(
    ("change", "path"),
    [({"max_notes": 9}, "$.options.max_notes"), ({"hand_size": 2}, "$.options.hand_size")],
)
def test_options_hanab_live_cannot_express_are_named(change: dict[str, Any], path: str) -> None:
    record = GameRecord.from_state(new_game(Options(3, **change), seed=1))
    with pytest.raises(InvalidRecord) as caught:
        write_record(record, format="hanab-live")
    assert caught.value.path == path


@pytest.mark.parametrize("name", sorted(HANAB_LIVE_VARIANTS))
def test_m10_a_catalogue_game_written_as_hanab_live_reads_back_equal(name: str) -> None:
    """Issue 25 M10: a game in `hanablive.variant(name)` of the six names hanab.live and the
    library share, written in hanab.live's format (and in ours), reads back as the same variant
    with the same suits: equal, and clued by the names the records use."""
    from hanabi_core import ColourClue, parse_record
    from hanabi_core.hanablive import LiveGame, variant

    options = EDITIONS["hanab-live"].options(3, variant=variant(name))
    state = new_game(options, seed=5)
    for _ in range(6):
        state = apply(state, legal_actions(state)[-1])
    record = GameRecord.from_state(state, edition="hanab-live")
    for form in ("hanab-live", "hanabi-core"):
        again = parse_record(write_record(record, format=form))
        assert again.options.variant == options.variant and again.deck == record.deck
        assert again.final() == record.final() and again.final() == state
    first = variant(name).clue_colours[0]
    assert first == "red"  # one set of suit names: records, LiveGame and the catalogue agree
    clued = apply(new_game(options, seed=5), ColourClue(1, first))
    assert clued.notes == options.max_notes - 1
    assert LiveGame.start(name, players=3, seat=0).view.options.variant == variant(name)
