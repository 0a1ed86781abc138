"""The public game collections: JaxMARL's corpus and AH2AC2's .safetensors files.

JaxMARL's 10,000 two-player games (tests/data/jaxmarl, Apache-2.0) must each replay under HLE's
rules to the score JaxMARL recorded, ending exactly on their last move; all of them, every run.
The AH2AC2 reader is tested on files these tests write themselves, in AH2AC2's layout.
"""

from __future__ import annotations

import functools
import json
import lzma
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanabi_core import (
    EDITIONS,
    Card,
    GameRecord,
    IllegalAction,
    InvalidRecord,
    apply,
    new_game,
)
from hanabi_core.datasets import read_ah2ac2, read_jaxmarl_corpus, record_from_uids, replay_uids
from hanabi_core.hle import HLE_COLOURS, colour_index, legal_uids, max_moves, uid_to_action

DATA = Path(__file__).parent / "data" / "jaxmarl"
HLE_2P = EDITIONS["hle"].options(2)


def corpus() -> list[tuple[list[Card], list[int], int]]:
    with lzma.open(DATA / "decks.json.xz", "rt") as file:
        decks = json.load(file)
    with lzma.open(DATA / "actions.json.xz", "rt") as file:
        actions = json.load(file)
    with lzma.open(DATA / "scores.txt.xz", "rt") as file:
        scores = [int(line.split(",")[1]) for line in file if line.strip()]
    faces = {f"{'RYGWB'[c]}{r}": Card(HLE_COLOURS[c], r) for c in range(5) for r in range(1, 6)}
    cards = [[faces[c] for c in entry["deck"]] for entry in decks]
    return list(zip(cards, actions, scores, strict=True))


@pytest.fixture(scope="module")
def games() -> list[tuple[list[Card], list[int], int]]:
    return corpus()


def check_games(games: list[tuple[list[Card], list[int], int]]) -> None:
    for n, (deck, uids, score) in enumerate(games):
        final = replay_uids(HLE_2P, deck, uids)
        assert final.is_over, f"game {n} does not end on its last move"
        assert final.score == score, f"game {n}: score {final.score}, JaxMARL recorded {score}"


def test_r11_5_jaxmarl_corpus_replays_to_its_scores(
    games: list[tuple[list[Card], list[int], int]],
) -> None:
    """Every one of JaxMARL's 10,000 games ends on its last move with the recorded score
    (about 700,000 moves, a few seconds)."""
    assert len(games) == 10_000
    check_games(games)


def test_read_jaxmarl_corpus_gives_records(
    tmp_path: Path, games: list[tuple[list[Card], list[int], int]]
) -> None:
    """The reader (here on the first 20 games, decompressed) gives replayable records."""
    games = games[:20]
    (tmp_path / "decks.json").write_text(
        json.dumps(
            [{"deck": [c.suit[0].upper() + str(c.rank) for c in deck]} for deck, _, _ in games]
        )
    )
    (tmp_path / "actions.json").write_text(json.dumps([uids for _, uids, _ in games]))
    (tmp_path / "scores.txt").write_text("".join(f"{i},{s}\n" for i, (_, _, s) in enumerate(games)))
    read = list(
        read_jaxmarl_corpus(
            tmp_path / "decks.json", tmp_path / "actions.json", tmp_path / "scores.txt"
        )
    )
    assert [score for _, score in read] == [s for _, _, s in games]
    for (record, score), (deck, uids, _) in zip(read, games, strict=True):
        assert isinstance(record, GameRecord) and record.edition == "hle"
        assert list(record.deck) == deck and len(record.actions) == len(uids)
        assert record.final().score == score


def test_read_jaxmarl_corpus_compressed_without_scores() -> None:
    """The .xz files read as they are; scores are optional."""
    first = next(read_jaxmarl_corpus(DATA / "decks.json.xz", DATA / "actions.json.xz"))
    assert first[1] is None and first[0].final().is_over


def test_record_from_uids_refuses_bad_uids() -> None:
    deck = [c.card for c in new_game(HLE_2P, seed=1).dealt]
    with pytest.raises(InvalidRecord) as error:
        record_from_uids(HLE_2P, deck, [5, 99])
    assert error.value.path == "$.actions[1]"
    with pytest.raises(IllegalAction) as illegal:
        record_from_uids(HLE_2P, deck, [0])  # a discard with all 8 Notes
    assert illegal.value.rule == "5.2" and illegal.value.turn == 0
    with pytest.raises(InvalidRecord):
        record_from_uids(HLE_2P, deck[:-1], [])


# --- AH2AC2 ---------------------------------------------------------------------------------


def random_game(players: int, seed: int) -> tuple[list[Card], list[int]]:
    options = EDITIONS["hle"].options(players)
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    deck = [c.card for c in state.dealt]
    uids: list[int] = []
    while not state.is_over:
        uids.append(rng.choice(legal_uids(state)))
        state = apply(state, uid_to_action(state, uids[-1]))
    return deck, uids


def ah2ac2_arrays(players: int, games: list[tuple[list[Card], list[int]]]) -> dict[str, Any]:
    """Arrays in AH2AC2's layout: uids per player, the no-op for the player not to move."""
    import numpy as np

    options = EDITIONS["hle"].options(players)
    noop = max_moves(options)
    turns = 89
    decks = np.zeros((len(games), 50, 2), dtype=np.int32)
    actions = np.full((len(games), turns, players), noop, dtype=np.int32)
    for n, (deck, uids) in enumerate(games):
        decks[n] = [[colour_index(c.suit), c.rank - 1] for c in deck]
        for turn, uid in enumerate(uids):
            actions[n, turn, turn % players] = uid  # seat 0 starts, seats take turns
    return {
        "decks": decks,
        "actions": actions,
        "num_actions": np.array([len(u) for _, u in games], dtype=np.int32),
        "scores": np.array([replay_uids(options, d, u).score for d, u in games], dtype=np.int32),
        "game_ids": np.arange(len(games), dtype=np.int64),
        "num_players": np.array(players, dtype=np.int32),
    }


@pytest.mark.parametrize("players", [2, 3])
def test_read_ah2ac2(tmp_path: Path, players: int) -> None:
    """A file in AH2AC2's layout reads back as the games written into it."""
    pytest.importorskip("safetensors", reason='needs the datasets extra: pip install -e ".[dev]"')
    from safetensors.numpy import save, save_file

    games = [random_game(players, seed) for seed in range(6)]
    arrays = ah2ac2_arrays(players, games)
    path = tmp_path / "games.safetensors"
    save_file(arrays, str(path))
    for records in (read_ah2ac2(path), read_ah2ac2(save(arrays))):
        assert len(records) == len(games)
        for record, (deck, uids), score in zip(records, games, arrays["scores"], strict=True):
            assert list(record.deck) == deck and record.options.players == players
            final = record.final()
            assert final.is_over and final.score == score
            states = list(record.states())
            for state, action, uid in zip(states[:-1], record.actions, uids, strict=True):
                assert uid_to_action(state, uid) == action


def test_read_ah2ac2_refuses_a_move_from_the_wrong_player(tmp_path: Path) -> None:
    pytest.importorskip("safetensors", reason='needs the datasets extra: pip install -e ".[dev]"')
    from safetensors.numpy import save

    arrays = ah2ac2_arrays(2, [random_game(2, 1)])
    arrays["actions"][0, 0, 1] = 5  # seat 1 acts on seat 0's turn
    with pytest.raises(InvalidRecord) as error:
        read_ah2ac2(save(arrays))
    assert error.value.path == "$.actions[0][0]"
    del arrays["decks"]
    with pytest.raises(InvalidRecord):
        read_ah2ac2(save(arrays))


# --- Hardening, round two (issue 25) ------------------------------------------------------------


@functools.cache
def first_games() -> list[tuple[list[Card], list[int], int]]:
    return corpus()[:3]


@functools.cache
def one_ah2ac2_game() -> tuple[list[Card], list[int]]:
    return random_game(2, 1)


def small_corpus(folder: Path, games: int = 3) -> tuple[Path, Path, Path]:
    """The first games of JaxMARL's corpus as plain files in `folder`."""
    chosen = first_games()[:games]
    decks = folder / "decks.json"
    actions = folder / "actions.json"
    scores = folder / "scores.txt"
    faces = {
        card: f"{'RYGWB'[colour_index(card.suit)]}{card.rank}" for d, _, _ in chosen for card in d
    }
    decks.write_text(json.dumps([{"deck": [faces[c] for c in d]} for d, _, _ in chosen]))
    actions.write_text(json.dumps([u for _, u, _ in chosen]))
    scores.write_text("".join(f"{n},{s}\n" for n, (_, _, s) in enumerate(chosen)))
    return decks, actions, scores


def read_corpus_or_refuse(decks: Path, actions: Path, scores: Path | None) -> None:
    try:
        for record, _ in read_jaxmarl_corpus(decks, actions, scores):
            assert isinstance(record, GameRecord)
    except (InvalidRecord, IllegalAction) as error:
        assert len(str(error)) < 400  # a sentence, not the file again
        assert pickle.loads(pickle.dumps(error)) == error


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("decks.json", b"[{"),  # JSONDecodeError
        ("decks.json", b"\xff\xfe\x00"),  # UnicodeDecodeError
        ("decks.json.xz", b"\xfd7zXZ\x00\x00"),  # EOFError / LZMAError
        ("decks.json.xz", b"not xz at all"),  # LZMAError
        ("decks.json.gz", b"not gzip"),  # BadGzipFile
        ("decks.json.bz2", b"not bz2"),  # OSError
        ("scores.txt", b"0\n"),  # IndexError
        ("scores.txt", b"0,x\n"),  # ValueError
        ("scores.txt", b"0,-3\n"),  # a negative score
        ("actions.json", b"7"),  # TypeError
        ("actions.json", b"[[1.5]]"),  # a fractional uid
    ],
)
def test_m7_a_damaged_corpus_file_is_an_invalid_record(
    tmp_path: Path, name: str, content: bytes
) -> None:
    decks, actions, scores = small_corpus(tmp_path, 1)
    target = tmp_path / name
    target.write_bytes(content)
    paths = {"decks": decks, "actions": actions, "scores": scores}
    paths[name.split(".", maxsplit=1)[0]] = target
    with pytest.raises(InvalidRecord):
        list(read_jaxmarl_corpus(paths["decks"], paths["actions"], paths["scores"]))


@pytest.mark.parametrize(
    "change",
    ["fractional lengths", "negative lengths", "long lengths", "fractional players",
     "wrong players", "players array", "float decks", "not safetensors"],
)  # fmt: skip
def test_m7_a_damaged_ah2ac2_file_is_an_invalid_record(change: str) -> None:
    pytest.importorskip("safetensors", reason='needs the datasets extra: pip install -e ".[dev]"')
    import numpy as np
    from safetensors.numpy import save

    arrays = ah2ac2_arrays(2, [one_ah2ac2_game()])
    if change == "fractional lengths":
        arrays["num_actions"] = arrays["num_actions"].astype(np.float32) + 0.5
    elif change == "negative lengths":
        arrays["num_actions"] = -arrays["num_actions"]
    elif change == "long lengths":
        arrays["num_actions"] = arrays["num_actions"] + 1000
    elif change == "fractional players":
        arrays["num_players"] = np.array(2.5, dtype=np.float32)
    elif change == "wrong players":
        arrays["num_players"] = np.array(3, dtype=np.int32)
    elif change == "players array":
        arrays["num_players"] = np.array([2, 2], dtype=np.int32)
    elif change == "float decks":
        arrays["decks"] = arrays["decks"].astype(np.float64) + 0.5
    data = b"\x00" * 12 if change == "not safetensors" else save(arrays)
    with pytest.raises(InvalidRecord):
        read_ah2ac2(data)


def mutated(data: bytes, rng: random.Random) -> bytes:
    """`data` with a few bytes changed, cut, or doubled."""
    out = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(3)
        if kind == 0 and out:
            out[rng.randrange(len(out))] = rng.randrange(256)
        elif kind == 1:
            del out[rng.randrange(len(out) + 1) :]
        else:
            at = rng.randrange(len(out) + 1)
            out[at:at] = out[at : at + rng.randrange(1, 9)]
    return bytes(out)


@given(st.integers(0, 2**32), st.sampled_from(["decks", "actions", "scores"]), st.booleans())
def test_fuzz_dataset_files_never_escape_as_bare_exceptions(
    seed: int, which: str, compressed: bool
) -> None:
    """Damaged corpus files (bytes changed, cut or doubled; plain or xz) read or refuse with the
    library's errors."""
    import tempfile

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        paths = dict(
            zip(["decks", "actions", "scores"], small_corpus(Path(folder), 1), strict=True)
        )
        target = paths[which]
        data = mutated(target.read_bytes(), rng)
        if compressed:
            target = target.with_name(target.name + ".xz")
            data = mutated(lzma.compress(data), rng) if rng.random() < 0.5 else lzma.compress(data)
        target.write_bytes(data)
        paths[which] = target
        read_corpus_or_refuse(paths["decks"], paths["actions"], paths["scores"])


@given(st.integers(0, 2**32))
def test_fuzz_ah2ac2_files_never_escape_as_bare_exceptions(seed: int) -> None:
    pytest.importorskip("safetensors", reason='needs the datasets extra: pip install -e ".[dev]"')
    from safetensors.numpy import save

    rng = random.Random(seed)
    data = mutated(save(ah2ac2_arrays(2, [one_ah2ac2_game()])), rng)
    try:
        records = read_ah2ac2(data)
    except (InvalidRecord, IllegalAction) as error:
        assert len(str(error)) < 400
    else:
        assert all(isinstance(r, GameRecord) for r in records)


@pytest.mark.slow
@settings(max_examples=2000)
@given(st.integers(0, 2**32), st.sampled_from(["decks", "actions", "scores"]), st.booleans())
def test_fuzz_dataset_files_slow(seed: int, which: str, compressed: bool) -> None:
    test_fuzz_dataset_files_never_escape_as_bare_exceptions.hypothesis.inner_test(  # type: ignore[attr-defined]
        seed, which, compressed
    )
