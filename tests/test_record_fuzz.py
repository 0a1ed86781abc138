"""Fuzzing read_record: mutated records (the real hanab.live games and our own) never crash.

Whatever the mutation, reading either succeeds or raises `InvalidRecord` (with a JSON path) or
`IllegalAction` (with a turn): never KeyError, TypeError, IndexError, RecursionError or anything
else. A record of our format that is accepted also satisfies the shipped JSON Schema.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import (
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
from hanabi_core.records import schema

REAL_GAMES = Path(__file__).resolve().parent / "data" / "hanab-live"


def _ours(players: int, variant: str, seed: int) -> dict[str, Any]:
    state = new_game(Options(players, variant=variant), seed=seed)
    while not state.is_over and state.turn < 40:
        actions = legal_actions(state)
        state = apply(state, actions[(seed * 7 + state.turn) % len(actions)])
    data: dict[str, Any] = json.loads(write_record(GameRecord.from_state(state)))
    return data


def _seeds() -> list[dict[str, Any]]:
    records = [_ours(3, "base", 1), _ours(2, "black-powder", 2), _ours(5, "multicolour-wild", 3)]
    records.append(json.loads(write_record(read_record(records[0]), format="hanab-live")))
    for path in sorted(REAL_GAMES.glob("*.json")):
        records.append(json.loads(path.read_text(encoding="utf-8")))
    assert len(records) == 6, "the two real games of tests/data/hanab-live are missing"
    return records


SEEDS = _seeds()

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 5, 6, 49, 50, 2**31, 10**400]),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["red", "play", "colour-clue", "No Variant", "hanabi-core", "{", ""]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if len(prefix) > 6:
        return found
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(node, list):
        for i, child in enumerate(node):
            found += _paths(child, (*prefix, i))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        how = draw(st.sampled_from(["replace", "delete", "extra", "nest"]))
        if how == "replace":
            parent[last] = draw(values)
        elif how == "delete":
            del parent[last]
        elif how == "extra" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(values)
        elif how == "extra":
            parent.append(draw(values))
        else:
            deep: Any = parent[last]
            for _ in range(draw(st.sampled_from([2, 50, 5000]))):
                deep = [deep]
            parent[last] = deep
    return data


def _read(source: Any) -> GameRecord | None:
    try:
        return read_record(source)
    except InvalidRecord as error:
        assert error.path.startswith("$")
    except IllegalAction as error:
        assert error.turn is not None
    return None


@given(mutated())
def test_mutated_records_are_read_or_refused_cleanly(data: Any) -> None:
    record = _read(data)
    try:
        text = json.dumps(data)
    except (RecursionError, ValueError):
        return
    again = _read(text)
    assert (record is None) == (again is None)
    if record is not None and isinstance(data, dict) and data.get("format") == "hanabi-core":
        _check_schema(data)


@given(st.sampled_from(SEEDS), st.data())
def test_truncated_text_is_refused(data: dict[str, Any], draw: st.DataObject) -> None:
    text = json.dumps(data)
    cut = draw.draw(st.integers(1, len(text) - 1))
    _read(text[:cut])


@given(st.sampled_from(SEEDS), st.integers(0, 200), st.text(max_size=3))
def test_spliced_text_is_refused(data: dict[str, Any], at: int, junk: str) -> None:
    text = json.dumps(data)
    _read(text[: at + 1] + junk + text[at + 1 :])


def _check_schema(data: dict[str, Any]) -> None:
    try:
        import jsonschema
    except ImportError:  # the dev extra installs it; the check is skipped without it
        return
    jsonschema.Draft202012Validator(schema()).validate(data)
