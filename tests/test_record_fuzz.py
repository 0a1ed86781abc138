"""Fuzzing read_record: mutated records (the real hanab.live games and our own) never crash.

Whatever the mutation, reading either succeeds or raises `InvalidRecord` (with a JSON path) or
`IllegalAction` (with a turn): never KeyError, TypeError, IndexError, RecursionError or anything
else. A record of our format that is accepted also satisfies the shipped JSON Schema.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    GameRecord,
    HanabiError,
    IllegalAction,
    InvalidRecord,
    Options,
    apply,
    legal_actions,
    new_game,
    parse_record,
    read_record,
    write_record,
)
from hanabi_core.records import Abandonment, schema

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


# --- Issue 14: duplicate keys anywhere, and write -> read round trips ----------------------------


def _dump_with_duplicate(node: Any, target: tuple[Any, ...], here: tuple[Any, ...] = ()) -> str:
    """`json.dumps(node)`, except that the object at `target` repeats its first key at its end."""
    if isinstance(node, dict):
        items = [
            f"{json.dumps(k)}: {_dump_with_duplicate(v, target, (*here, k))}"
            for k, v in node.items()
        ]
        if here == target and node:
            key, value = next(iter(node.items()))
            items.append(f"{json.dumps(key)}: {json.dumps(value)}")
        return "{" + ", ".join(items) + "}"
    if isinstance(node, list):
        return (
            "["
            + ", ".join(_dump_with_duplicate(v, target, (*here, i)) for i, v in enumerate(node))
            + "]"
        )
    return json.dumps(node)


def _spelt(path: tuple[Any, ...]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


@given(st.sampled_from(SEEDS), st.data())
def test_a_key_repeated_in_any_object_is_refused_with_its_path(
    data: dict[str, Any], draw: st.DataObject
) -> None:
    objects = [p for p in _paths(data) if _at(data, p) and isinstance(_at(data, p), dict)]
    target = draw.draw(st.sampled_from(objects))
    text = _dump_with_duplicate(data, target)
    first = next(iter(_at(data, target)))
    for source in (text, "\ufeff" + text, text.encode()):
        try:
            parse_record(source)
        except InvalidRecord as error:
            assert error.path == _spelt((*target, first))
        else:
            raise AssertionError("a repeated key was accepted")


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


name = st.one_of(
    st.text(max_size=8),
    st.text(min_size=195, max_size=205),
    st.sampled_from(["\x1b[31mred", "a\nScore 25/25", "\udcff", "Zoë", ""]),
)


@st.composite
def built_records(draw: st.DrawFn) -> GameRecord | None:
    """A record built from values a careless or hostile caller might pass (or None if the library
    refused to build it, which it may do with its own errors only)."""
    players = draw(st.integers(2, 6))
    settings: dict[str, Any] = {
        "variant": draw(st.sampled_from(sorted(VARIANTS))),
        "max_notes": draw(st.sampled_from([1, 8, 999, 1000, 1001, True])),
        "max_storms": draw(st.sampled_from([1, 3, 1000, 1001])),
        "negative_clues": draw(st.booleans()),
        "storm_out_score": draw(st.sampled_from(["zero", "fireworks"])),
        "last_round": draw(st.booleans()),
    }
    edition = draw(st.sampled_from([None, *EDITIONS]))
    try:
        options = Options(players, **settings)
        state = new_game(options, seed=draw(st.integers(0, 2**64 - 1)))
        for _ in range(draw(st.integers(0, 60))):
            if state.is_over:
                break
            actions = legal_actions(state)
            state = apply(state, actions[draw(st.integers(0, len(actions) - 1))])
        abandoned = None
        if not state.is_over and draw(st.booleans()):
            abandoned = Abandonment(
                draw(st.sampled_from(["server", "vote", "cat"])),  # type: ignore[arg-type]
                draw(st.sampled_from([None, -1, 0, players - 1, players, True])),
                draw(st.sampled_from([None, -1, 0, 4, 2**31])),
            )
        record = GameRecord(
            options,
            [c.card for c in state.dealt],
            [t.action for t in state.turns],
            players=draw(
                st.none()
                | st.lists(name, min_size=players, max_size=players)
                | st.lists(name, max_size=7)
                | st.text(min_size=players, max_size=players)
            ),
            edition=edition,
            abandoned=abandoned,
        )
    except HanabiError:
        return None
    return record


@given(built_records())
def test_whatever_write_record_writes_read_record_reads_back_equal(
    record: GameRecord | None,
) -> None:
    if record is None:
        return
    text = write_record(record)
    assert parse_record(text) == record
    assert parse_record(text).final() == record.final()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(text, encoding="utf-8")
        assert read_record(path) == record
    try:
        theirs = write_record(record, format="hanab-live")
    except InvalidRecord as error:
        assert error.path.startswith("$.options")  # what hanab.live cannot express
        return
    again = parse_record(theirs)
    # hanab.live always ends a game once nothing left can raise the score (rule 7.6), and its
    # All or Nothing waits when a player cannot act (rule 7.4c, "wait"): a game written in its
    # format is read back under those rules (the hanab-live preset's), and replays to the same
    # states.
    assert (again.options, again.deck, again.actions) == (
        record.options.replace(end_at_max_reachable=True, no_legal_action="wait"),
        record.deck,
        record.actions,
    )
    assert again.final().outcome == record.final().outcome
    assert again.final().hands == record.final().hands
    assert again.abandoned == record.abandoned or record.abandoned is not None
