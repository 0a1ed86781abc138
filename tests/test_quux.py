"""Quuxplusone/Hanabi: its deck stream, its edition, and its bots replayed move by move.

`tests/data/quux-games/` holds the first 500 games of each Quux bot at 2 to 5 players, made by
Quux's own server (MIT; see the NOTICE there). `QUUX_BOTS` says which of our bots plays which file:
a bot added to `hanabi_core.bots.BOTS` plugs in with one line here and its files beside the others.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import EDITIONS, VARIANTS, Options, new_game
from hanabi_core.bots import BOTS, QuuxCheatBot, decide
from hanabi_core.errors import InvalidArgument, InvalidOptions
from hanabi_core.quux import (
    Mt19937,
    action_move,
    deck,
    deck_at,
    deck_text,
    decks,
    move_action,
    replay_line,
    unshuffled,
)
from hanabi_core.records import read_record
from hanabi_core.simulate import simulate
from hanabi_core.views import view

DATA = Path(__file__).resolve().parent / "data" / "quux-games"

#: Our bot → Quux's bot whose games it must reproduce (files games-<Bot>-<P>p.jsonl.gz).
QUUX_BOTS: dict[str, str] = {
    "quux-simple": "SimpleBot",
    "quux-cheat": "CheatBot",
    "quux-smart": "SmartBot",
    "quux-info": "InfoBot",
}

PLAYERS = (2, 3, 4, 5)
#: Games replayed per file in the default run; the `slow` test replays all 500.
QUICK = 50
#: Fewer for the bots that cost more a game (SmartBot's and InfoBot's inferences).
QUICK_FOR = {"quux-smart": 20, "quux-info": 20}


@cache
def games(quux_bot: str, players: int) -> tuple[dict[str, Any], ...]:
    path = DATA / f"games-{quux_bot}-{players}p.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return tuple(json.loads(line) for line in lines)


def cells() -> list[tuple[str, int]]:
    return [(bot, p) for bot in QUUX_BOTS for p in PLAYERS]


def replay_all(bot: str, players: int, count: int | None) -> None:
    for line in islice(games(QUUX_BOTS[bot], players), count):
        result = replay_line(line, bot)
        assert result.matches, f"{bot}, {players}p, game {line['game']}: {result.first_difference}"


# --- The deck stream ---------------------------------------------------------------------------


def test_mt19937_is_the_standard_generator() -> None:
    rng = Mt19937(5489)  # std::mt19937's default seed; the standard pins the 10000th output
    outputs = [rng.next() for _ in range(10000)]
    assert outputs[0] == 3499211612 and outputs[-1] == 4123659995
    assert Mt19937(1).next() == 1791095845  # init_genrand(1), as quux.md records


def test_the_unshuffled_deck_is_quux_order() -> None:
    cards = unshuffled()
    assert deck_text(cards[:11]) == "r1 r1 r1 r2 r2 r3 r3 r4 r4 r5 o1"
    assert sorted(cards) == sorted(VARIANTS["quux"].deck)


@pytest.mark.parametrize("quux_bot", sorted(set(QUUX_BOTS.values())))
@pytest.mark.parametrize("players", PLAYERS)
def test_r11_7_every_logged_deck_is_the_streams(quux_bot: str, players: int) -> None:
    stream = [deck_text(d) for d in islice(decks(1), 500)]
    logged = games(quux_bot, players)
    assert len(logged) == 500
    for line in logged:
        assert line["deck"] == stream[line["game"]], f"game {line['game']}"


def test_deck_at_and_the_notation_round_trip() -> None:
    assert deck_at(1, 3) == next(islice(decks(1), 3, None))
    text = games("SimpleBot", 2)[7]["deck"]
    assert deck_text(deck(text)) == text
    for move in ("P2", "D0", "C1y", "V03"):
        assert action_move(move_action(move)) == move


@pytest.mark.parametrize("bad", ["x1", "r6", "r", "r11"])
def test_a_bad_card_is_refused(bad: str) -> None:
    with pytest.raises(InvalidArgument):
        deck(bad)


@pytest.mark.parametrize("bad", ["", "P", "X1", "C1x", "V16", "Pa"])
def test_a_bad_move_is_refused(bad: str) -> None:
    with pytest.raises(InvalidArgument):
        move_action(bad)


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(InvalidArgument):
        next(decks(-1))
    with pytest.raises(InvalidArgument):
        next(decks(1 << 32))


# --- The edition -------------------------------------------------------------------------------


def test_r11_7_the_quux_edition() -> None:
    options = EDITIONS["quux"].options(4)
    assert options.variant is VARIANTS["quux"]
    assert options.variant.suit_names == ("red", "orange", "yellow", "green", "blue")
    assert options.storm_out_score == "fireworks" and options.hand_size == 4
    assert EDITIONS["quux"].sources == ("QUUX",)


@pytest.mark.parametrize("quux_bot", sorted(set(QUUX_BOTS.values())))
@pytest.mark.parametrize("players", PLAYERS)
def test_r11_7_the_logged_moves_replay_under_the_edition(quux_bot: str, players: int) -> None:
    # The file's own moves, applied as they stand: the same scores, Storms and game lengths.
    for line in games(quux_bot, players):
        result = replay_line(line)
        assert result.matches, f"game {line['game']}: {result.first_difference}"


def test_a_changed_move_is_reported_as_the_first_difference() -> None:
    line = dict(games("SimpleBot", 2)[0])
    moves = line["moves"].split()
    moves[5] = "D1" if moves[5] != "D1" else "D2"
    line["moves"] = " ".join(moves)
    result = replay_line(line, "quux-simple")
    assert not result.matches
    assert result.first_difference is not None
    assert result.first_difference.startswith("move 5 (seat 1): the file has")


# --- The bots ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("bot", "players"), cells())
def test_the_bot_plays_quuxs_moves(bot: str, players: int) -> None:
    replay_all(bot, players, QUICK_FOR.get(bot, QUICK))


@pytest.mark.slow
@pytest.mark.parametrize(("bot", "players"), cells())
def test_the_bot_plays_quuxs_moves_in_all_500_games(bot: str, players: int) -> None:
    replay_all(bot, players, None)


def test_the_cheat_declares_that_it_sees_its_cards() -> None:
    assert QuuxCheatBot.sees_own_cards is True
    assert getattr(BOTS["quux-simple"](None), "sees_own_cards", False) is False  # type: ignore[arg-type]


def test_the_quux_bots_refuse_a_variant_they_do_not_model() -> None:
    state = new_game(Options(2, variant="multicolour"), seed=1)
    for name in QUUX_BOTS:
        with pytest.raises(InvalidOptions):
            decide(BOTS[name](None), view(state, 0), state.hands[0])  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", ["quux-simple", "quux-cheat", "quux-smart", "quux-info"])
def test_the_quux_bots_play_the_base_game_too(bot: str) -> None:
    result = simulate(bot, players=3, games=3, seed=4, workers=1)
    assert result.summaries[0].games == 3


# --- simulate with Quux's deals ----------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_with_quux_deals_plays_the_logged_games(workers: int) -> None:
    result = simulate(list(QUUX_BOTS), players=3, games=30, seed=1, deals="quux", workers=workers)
    assert result.edition == "quux" and result.deals == "quux"
    for bot, quux_bot in QUUX_BOTS.items():
        logged = games(quux_bot, 3)[:30]
        assert result.scores(bot) == tuple(line["score"] for line in logged)
        assert [r.turns for r in result.games[result.bots.index(bot)]] == [
            line["turns"] for line in logged
        ]
    assert result.to_json()["deals"] == "quux"


def test_simulate_refuses_quux_deals_for_another_deck() -> None:
    with pytest.raises(ValueError, match="five suits"):
        simulate("quux-simple", variant="multicolour", edition="hle", deals="quux", games=1)
    with pytest.raises(ValueError, match="deals"):
        simulate("simple", deals="hanab", games=1)


def test_the_summary_gives_both_storm_out_scorings() -> None:
    kept = simulate("random", players=2, games=30, seed=2, edition="quux", workers=1, bot_seed=1)
    zero = simulate("random", players=2, games=30, seed=2, workers=1, variant="quux", bot_seed=1)
    k, z = kept.summaries[0], zero.summaries[0]
    assert k.storm_outs == z.storm_outs == 30
    # The same games, each run scoring by its own options, both scorings in each summary.
    assert k.mean == k.kept_mean == z.kept_mean > 0
    assert z.mean == z.zero_mean == k.zero_mean == 0
    assert k.perfect == z.perfect == 0
    data = k.to_json()
    assert data["storm_out_kept"]["mean"] == round(k.kept_mean, 4)
    assert data["storm_out_zero"] == {"mean": 0.0, "stderr": 0.0}


def test_r11_7_records_of_quux_deals_read_back(tmp_path: Path) -> None:
    result = simulate(
        "quux-cheat", players=4, games=3, deals="quux", seed=1, workers=1, records=tmp_path
    )
    for game in result.games[0]:
        record = read_record(tmp_path / f"quux-cheat-{game.seed}.json")
        assert record.edition == "quux" and record.final().score == game.score
        assert deck_text(record.deck) == games("CheatBot", 4)[game.seed]["deck"]


def test_a_bad_line_and_a_changed_ending_are_reported() -> None:
    with pytest.raises(InvalidArgument):
        replay_line("{not json")
    with pytest.raises(InvalidArgument):
        replay_line({"players": 2})
    line = dict(games("CheatBot", 2)[0])
    line["end"] = "strikes"
    result = replay_line(line, "quux-cheat")
    assert result.first_difference is not None and "the file has strikes" in result.first_difference
    line = dict(games("CheatBot", 2)[0])
    line["moves"] = " ".join(line["moves"].split()[:-1])
    result = replay_line(line, "quux-cheat")
    assert result.first_difference is not None
    assert result.first_difference.startswith("the file's moves ran out at move")
