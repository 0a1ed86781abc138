"""hanab.live as a thin driver (issue 29, step 2): `LiveGame.receive` reads `wire`'s typed game
actions as they are and parses a mapping once; its reducer reads the rules room's tables."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from hanabi_core import (
    VARIANTS,
    ColourClue,
    GameRecord,
    Options,
    RankClue,
    apply,
    hanablive,
    legal_actions,
    new_game,
)
from hanabi_core.hanablive import Desync, LiveGame, messages, variant, variant_names, wire
from hanabi_core.knowledge import all_faces, clue_faces
from hanabi_core.rules.tables import variant_tables


def _record(seed: int) -> GameRecord:
    rng = random.Random(seed)
    state = new_game(Options(3), seed=seed)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    return GameRecord.from_state(state)


def test_typed_and_dict_messages_make_the_same_game() -> None:
    record = _record(4)
    for seat in range(3):
        typed = messages(record, seat)
        kinds = (wire.Draw, wire.Clue, wire.Play, wire.Discard, wire.Strike, wire.Status)
        assert all(isinstance(m, (*kinds, wire.Turn, wire.GameOver)) for m in typed)
        start = LiveGame.from_options(record.options, seat)
        by_type = start.receive_all(typed)
        by_dict = start.receive_all(m.raw() for m in typed)
        parsed = start.receive_all(wire.parse_action(m.raw()) for m in typed)
        assert by_type == by_dict == parsed and by_type.view == by_dict.view


def test_a_typed_action_of_the_wrong_kind_is_refused_where_it_is_built() -> None:
    with pytest.raises(wire.ProtocolError) as caught:
        wire.Draw(0, 3.0, -1, -1)  # type: ignore[arg-type]
    assert caught.value.field == "order"
    with pytest.raises(wire.ProtocolError) as caught:
        wire.Clue(0, 1, 1, 3, [4, "5"])  # type: ignore[list-item]
    assert caught.value.field == "list[1]"
    assert wire.Clue(0, 1, 1, 3, [4, 5]) == wire.Clue(0, 1, 1, 3, (4, 5))  # kept as a tuple


def test_other_typed_actions_are_ignored_or_refused_as_their_mappings_are() -> None:
    game = LiveGame.start(players=2, seat=0)
    assert game.receive(wire.PlayerTimes((1, 2), 3)).received == 1  # ignored, as its dict
    assert game.receive(wire.UnknownAction("editNote")).received == 1
    for other in (wire.CardIdentity(0, 1, 2, 3), wire.UnknownAction("deckPlay"), 7):
        with pytest.raises(Desync) as caught:
            game.receive(other)  # type: ignore[arg-type]
        assert caught.value.index == 0 and caught.value.field in ("type", "$")


def test_a_clue_refusal_keeps_its_field_and_says_the_rule() -> None:
    """Rule 4.2 through `rules.legality.refusal`: the Desync names hanab.live's field."""
    record = _record(2)
    sent = messages(record, 0)
    game = LiveGame.from_options(record.options, 0).receive_all(sent[:15])  # the deal
    clue = wire.Clue(0, 0, 1, 1, (), 0)
    with pytest.raises(Desync) as caught:
        game.receive(clue)
    assert caught.value.field == "target" and "4.2" in caught.value.reason
    with pytest.raises(Desync) as caught:
        game.receive(wire.Clue(0, 1, 0, 9, (), 0))
    assert caught.value.field == "clue.value"


def test_the_rules_room_face_tables_equal_knowledge_over_a_sample_of_the_catalogue() -> None:
    names = random.Random(29).sample(list(variant_names()), 150)
    for v in [*VARIANTS.values(), *(variant(name) for name in names)]:
        tables = variant_tables(v)
        assert tables.all_faces == all_faces(v)
        assert tables.colour_faces == tuple(clue_faces(v, ColourClue(0, c)) for c in v.clue_colours)
        assert dict(tables.rank_faces) == {r: clue_faces(v, RankClue(0, r)) for r in v.clue_ranks}


def _imports_within_hanablive() -> dict[str, set[str]]:
    """Each hanablive module's imports of its siblings, lazy ones included."""
    base = Path(hanablive.__file__).parent
    names = {path.stem for path in base.glob("*.py")}
    graph = {}
    for path in base.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= (
                    {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
                )
        graph[path.stem] = found & names
    return graph


def test_the_driver_has_no_import_circle_and_the_reducer_never_sees_live_game() -> None:
    graph = _imports_within_hanablive()
    assert graph["wire"] == set()  # the protocol alone
    assert "live" not in graph["reducer"] and "live" not in graph["track"]

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(d == goal or (d not in seen and reaches(d, goal, seen | {d}))
                   for d in graph[start])  # fmt: skip

    assert not [name for name in graph if reaches(name, name)]
