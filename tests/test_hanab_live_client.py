"""hanab.live's protocol typed (`hanablive.wire`) and the bot client (`hanablive.client`), played
through real sockets against the loopback server of `hanablive.server`.

Every network wait is bounded (`LIMIT` seconds per game); the server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from hanabi_core import EDITIONS, GameRecord, InvalidOptions, apply, legal_actions, new_game, view
from hanabi_core.hanablive import Desync, LiveGame, messages
from hanabi_core.hanablive import wire as w
from hanabi_core.hanablive.client import Client, ConnectionLost, LoginFailed, RateLimiter
from hanabi_core.hanablive.server import Server as FakeHanabLive

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 20.0
USERS = {name: f"pw-{name}" for name in ("alice", "bob", "cathy", "donald", "emily")}


def _game(players: int, seed: int, turns: int = 400) -> GameRecord:
    rng = random.Random(seed)
    state = new_game(EDITIONS["hanab-live"].options(players), seed=seed)
    while not state.is_over and state.turn < turns:
        state = apply(state, rng.choice(legal_actions(state)))
    return GameRecord.from_state(state)


def _init(players: int, seat: int, **options: Any) -> dict[str, Any]:
    """An ``init`` as the server writes it (server/src/command_get_game_info_1.go, options.go)."""
    return {
        "tableID": 5,
        "playerNames": [f"p{i}" for i in range(players)],
        "ourPlayerIndex": seat,
        "spectating": False,
        "shadowing": False,
        "replay": False,
        "databaseID": -1,
        "hasCustomSeed": False,
        "seed": f"p{players}v0s1",
        "datetimeStarted": "2026-01-01T00:00:00Z",
        "datetimeFinished": "0001-01-01T00:00:00Z",
        "options": {
            "numPlayers": players,
            "startingPlayer": 0,
            "variantID": 0,
            "variantName": "No Variant",
            "timed": False,
            "timeBase": 0,
            "timePerTurn": 0,
            "speedrun": False,
            "cardCycle": False,
            "deckPlays": False,
            "emptyClues": False,
            "oneExtraCard": False,
            "oneLessCard": False,
            "allOrNothing": False,
            "detrimentalCharacters": False,
            "tableName": "test",
            "maxPlayers": players,
            **options,
        },
        "characterAssignments": [],
        "characterMetadata": [],
        "sharedReplay": False,
        "sharedReplayLeader": "",
        "sharedReplaySegment": 0,
        "sharedReplayEffMod": 0,
        "paused": False,
        "pausePlayerIndex": -1,
        "pauseQueued": False,
    }


# --- The protocol, typed ---------------------------------------------------------------------


def test_every_game_action_of_a_game_parses_and_writes_back_equal() -> None:
    record = _game(4, seed=3)
    typed = messages(record, 2)  # typed, as `wire` reads them
    actions = [a.raw() for a in typed]
    kinds = set()
    for action, built in zip(actions, typed, strict=True):
        parsed = w.parse_action(action)
        assert not isinstance(parsed, w.UnknownAction)
        assert parsed.raw() == action and parsed == built
        kinds.add(type(parsed))
    assert {w.Draw, w.Clue, w.Status, w.Turn, w.GameOver} <= kinds
    frame = w.encode(w.GameActionList(9, typed))
    back = w.parse(frame)
    assert isinstance(back, w.GameActionList) and [a.raw() for a in back.list] == actions
    assert back.list == typed


SAMPLES: list[Any] = [
    w.Welcome(3, "bob", (12,)),
    w.TableList((w.Table(1, name="t", players=("a", "b")), w.Table(2))),
    w.Table(4, running=True, options={"variantName": "No Variant"}),
    w.TableGone(4),
    w.Joined(4),
    w.Left(4),
    w.TableStart(4),
    w.ChatMessage("/join", who="alice", recipient="bob"),
    w.Warning("no"),
    w.Error("broken"),
    w.Init(4, ("a", "b"), 1, {"numPlayers": 2}),
    w.GameAction(4, w.Strike(1, 3, 7)),
    w.GameAction(4, w.Discard(0, 7, 1, 2, failed=True)),
    w.GameAction(4, w.Play(0, 7, 1, 2)),
    w.GameAction(4, w.CardIdentity(0, 7, 1, 2)),
    w.GameAction(4, w.PlayerTimes((100, 200), 300)),
    w.Connected(4, (True, False)),
    w.Clock(4, (1000, 2000), 1, 30),
    w.CardIdentities(4, ({"suitIndex": 0, "rank": 1},)),
    w.FinishOngoingGame(4, 99),
    w.NoteList(4, ({"name": "a", "notes": ["x"], "isSpectator": False},)),
    w.NoteListPlayer(4, ("", "f")),
]
COMMANDS: list[Any] = [
    w.TableJoin(4, "secret"),
    w.TableReattend(4),
    w.GetGameInfo1(4),
    w.GetGameInfo2(4),
    w.Loaded(4),
    w.Action(4, 2, 1, 0),
    w.Note(4, 7, "f"),
    w.TableCreate("my table", {"variantName": "No Variant"}, max_players=3),
    w.TableStartCommand(4),
    w.TableLeave(4),
    w.TableUnattend(4),
    w.ChatPM("/join", "bob"),
]


@pytest.mark.parametrize("message", SAMPLES, ids=lambda m: type(m).__name__)
def test_server_frames_round_trip(message: Any) -> None:
    frame = w.encode(message)
    assert frame.startswith((message.COMMAND + " {", "tableList ["))
    assert w.parse(frame) == message
    assert w.parse(message.COMMAND, json.loads(frame.split(" ", 1)[1])) == message
    assert pickle.loads(pickle.dumps(message)) == message


@pytest.mark.parametrize("command", COMMANDS, ids=lambda m: type(m).__name__)
def test_client_commands_round_trip(command: Any) -> None:
    assert w.parse_command(w.encode(command)) == command


def test_unknown_fields_commands_and_action_types_are_kept() -> None:
    frame = 'joined {"tableID":3,"newField":[1,2]}'
    message = w.parse(frame)
    assert message == w.Joined(3, extra={"newField": [1, 2]})
    assert w.encode(message) == frame
    odd = w.parse('somethingNew {"a":1}')
    assert odd == w.Unknown("somethingNew", {"a": 1}) and w.encode(odd) == 'somethingNew {"a":1}'
    action = w.parse_action({"type": "hypothetical", "x": 1})
    assert isinstance(action, w.UnknownAction) and action.raw() == {"type": "hypothetical", "x": 1}
    # Go writes a nil slice as null; a whole float is the same number.
    assert w.parse('connected {"tableID":3.0,"list":null}') == w.Connected(3, ())


@pytest.mark.parametrize(
    ("frame", "field"),
    [
        ("", "$"),
        ("init", "$"),
        ("init {", "$"),
        ('init {"tableID":"7"}', "tableID"),
        ('init [1]', "$"),
        ('gameAction {"tableID":1,"action":{"type":"draw","order":0}}', "action.playerIndex"),
        ('gameAction {"tableID":1,"action":{"order":0}}', "action.type"),
        ('gameAction {"tableID":1,"action":7}', "action"),
        ('gameActionList {"tableID":1,"list":[{"type":"clue","giver":0,"target":1,'
         '"clue":{"type":"x","value":1},"list":[]}]}', "list[0].clue.type"),
        ('connected {"tableID":1,"list":[1]}', "list[0]"),
        ('tableList {"id":1}', "$"),
        ('welcome {"userID":true,"username":"a"}', "userID"),
    ],
)  # fmt: skip
def test_malformed_frames_raise_protocol_error(frame: str, field: str) -> None:
    with pytest.raises(w.ProtocolError) as caught:
        w.parse(frame)
    assert caught.value.field == field
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value
    with pytest.raises(w.ProtocolError):
        w.parse(None)  # type: ignore[arg-type]


# --- The init ------------------------------------------------------------------------------


def test_from_init_takes_the_servers_init_as_it_comes() -> None:
    record = _game(3, seed=8, turns=20)
    state = list(record.states())[-1]
    for seat in range(3):
        init = _init(3, seat)
        game = LiveGame.from_init(init)
        assert game.options == state.options and game.seat == seat
        parsed = w.parse("init", init)
        assert isinstance(parsed, w.Init) and parsed.extra["characterAssignments"] == []
        assert LiveGame.from_init(parsed) == game
        game = game.receive_all(messages(record, seat))
        assert game.view == view(state, seat)
    variant = LiveGame.from_init(_init(2, 0, variantName="Rainbow (6 Suits)", variantID=3))
    assert variant.options == LiveGame.start("Rainbow (6 Suits)", players=2, seat=0).options
    extra = LiveGame.from_init(_init(4, 0, oneExtraCard=True, emptyClues=True))
    assert extra.options.hand_size == 5 and extra.options.negative_clues


@pytest.mark.parametrize(
    "change",
    [{"spectating": True}, {"ourPlayerIndex": 3}, {"options": {"deckPlays": True}},
     {"options": {"variantName": "No Such Variant"}}, {"options": {"cardCycle": True}}],
)  # fmt: skip
def test_from_init_refuses_what_it_cannot_play(change: dict[str, Any]) -> None:
    init = _init(3, 0)
    for key, value in change.items():
        init[key] = {**init[key], **value} if isinstance(value, dict) else value
    with pytest.raises(InvalidOptions):
        LiveGame.from_init(init)
    assert not hasattr(w, "game_from_init")  # wire knows nothing of LiveGame


def test_the_client_is_not_imported_by_the_package() -> None:
    code = (
        "import sys, hanabi_core, hanabi_core.hanablive, hanabi_core.hanablive.wire, "
        "hanabi_core.cli\n"
        "assert 'aiohttp' not in sys.modules and 'hanabi_core.hanablive.client' not in "
        "sys.modules, sorted(m for m in sys.modules if 'aiohttp' in m or 'client' in m)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": str(ROOT / "src")})


# --- Games through real sockets --------------------------------------------------------------


async def _serve(players: int, **server_args: Any) -> tuple[FakeHanabLive, str, int]:
    server = FakeHanabLive(USERS, **server_args)
    url = await server.start()
    table = server.create_table("alice", players)
    return server, url, table


async def _seat(url: str, user: str, table: int | None, **client_args: Any) -> Any:
    async with Client(url, user, USERS[user], reconnect_delay=0.05, **client_args) as client:
        return await client.play("simple", table, seed=7)


def _check_final(server: FakeHanabLive, table: int, games: list[Any]) -> None:
    state = server.tables[table].state
    assert state is not None and state.is_over
    assert not server.errors and not server.banned
    for seat, game in enumerate(games):
        assert game.ended == (1, -1) or game.ended[0] == 2
        assert game.view == view(state, seat)
        assert game.view.outcome == state.outcome
    assert server.done[table].is_set()  # every seat went back to the lobby


@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_a_whole_game_through_sockets(players: int) -> None:
    async def main() -> None:
        server, url, table = await _serve(players)
        try:
            names = list(USERS)[:players]
            games = await asyncio.wait_for(
                asyncio.gather(*(_seat(url, name, table) for name in names)), LIMIT
            )
            await asyncio.wait_for(server.done[table].wait(), LIMIT)
            _check_final(server, table, games)
            sent = [json.loads(f.split(" ", 1)[1]) for u, f in server.frames if u == "alice"]
            assert sent[0] == {"tableID": table, "password": ""}
        finally:
            await server.stop()

    asyncio.run(main())


def test_a_bot_joins_the_table_of_whoever_sends_it_join() -> None:
    async def main() -> None:
        server, url, table = await _serve(2)
        try:
            alice = asyncio.create_task(_seat(url, "alice", table))
            bob = asyncio.create_task(_seat(url, "bob", None))  # waits for a PM
            for _ in range(200):
                await asyncio.sleep(0.01)
                if "bob" in server.sockets and server.tables[table].seats == ["alice"]:
                    break
            await server.pm("alice", "bob", "/join")
            games = await asyncio.wait_for(asyncio.gather(alice, bob), LIMIT)
            _check_final(server, table, list(games))
        finally:
            await server.stop()

    asyncio.run(main())


def test_a_dropped_socket_reconnects_and_catches_up(caplog: pytest.LogCaptureFixture) -> None:
    dropped: list[int] = []

    async def drop(server: FakeHanabLive, table: Any) -> None:
        # Drop bob's socket twice: once on his turn, once on alice's.
        if table.state.turn in {3, 8} and table.state.turn not in dropped:
            dropped.append(table.state.turn)
            await server.drop("bob")

    async def main() -> None:
        server, url, table = await _serve(2)
        server.after_action = drop
        try:
            games = await asyncio.wait_for(
                asyncio.gather(_seat(url, "alice", table), _seat(url, "bob", table)), LIMIT
            )
            _check_final(server, table, list(games))
            reattends = [f for u, f in server.frames if u == "bob" and f.startswith("tableRe")]
            assert len(reattends) == 2 and server.logins == 4
        finally:
            await server.stop()

    with caplog.at_level(logging.WARNING, "hanabi_core.hanablive.client"):
        asyncio.run(main())
    assert dropped == [3, 8]
    assert sum("socket dropped; reconnecting" in r.message for r in caplog.records) == 2


def test_malformed_frames_are_logged_and_skipped(caplog: pytest.LogCaptureFixture) -> None:
    junk = [
        "garbage",
        "gameAction {not json",
        'gameAction {"tableID":1,"action":{"type":"draw"}}',
        'init {"tableID":"one"}',
        'brandNewCommand {"x":1}',  # unknown: parsed, ignored
    ]

    async def inject(server: FakeHanabLive, table: Any) -> None:
        if table.state.turn == 2:
            for frame in junk:
                await server.send("bob", frame)

    async def main() -> None:
        server, url, table = await _serve(2)
        server.after_action = inject
        try:
            games = await asyncio.wait_for(
                asyncio.gather(_seat(url, "alice", table), _seat(url, "bob", table)), LIMIT
            )
            _check_final(server, table, list(games))
        finally:
            await server.stop()

    with caplog.at_level(logging.WARNING, "hanabi_core.hanablive.client"):
        asyncio.run(main())
    skipped = [r.getMessage() for r in caplog.records if "malformed" in r.getMessage()]
    assert len(skipped) == 4 and "garbage" in skipped[0]


def test_a_desync_is_logged_with_its_frame_and_the_bot_catches_up(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bogus = w.GameAction(1, w.Draw(0, 99, 0, 1))  # a card out of nowhere

    async def inject(server: FakeHanabLive, table: Any) -> None:
        if table.state.turn == 4:
            await server.send("bob", bogus)

    async def main() -> None:
        server, url, table = await _serve(2)
        server.after_action = inject
        try:
            games = await asyncio.wait_for(
                asyncio.gather(_seat(url, "alice", table), _seat(url, "bob", table)), LIMIT
            )
            _check_final(server, table, list(games))
            infos = [f for u, f in server.frames if u == "bob" and f.startswith("getGameInfo1")]
            assert len(infos) == 2  # the start, and the catch-up after the desync
        finally:
            await server.stop()

    with caplog.at_level(logging.ERROR, "hanabi_core.hanablive.client"):
        asyncio.run(main())
    [record] = [r for r in caplog.records if "desync" in r.getMessage()]
    assert w.encode(bogus) in record.getMessage() and "order" in record.getMessage()


def test_a_desync_that_persists_is_raised() -> None:
    async def main() -> None:
        server, url, table = await _serve(2)
        real = server._messages

        def lying(t: Any, seat: int) -> Any:
            out = list(real(t, seat))
            # Tell bob a wrong score after the first action.
            if seat == 1 and len(out) > 12 and isinstance(out[11], w.Status):
                out[11] = attrs.evolve(out[11], score=3)
            return tuple(out)

        server._messages = lying  # type: ignore[method-assign]
        try:
            alice = asyncio.create_task(_seat(url, "alice", table))
            with pytest.raises(Desync):
                await asyncio.wait_for(_seat(url, "bob", table), LIMIT)
            alice.cancel()
        finally:
            await server.stop()

    asyncio.run(main())


def test_the_rate_limit_is_kept_and_the_server_bans_those_who_do_not() -> None:
    async def flood(url: str, user: str, limiter: RateLimiter | None) -> None:
        async with Client(url, user, USERS[user], limiter=limiter) as client:
            for i in range(260):
                await client.send(w.Note(1, i % 10, "x"))
            await asyncio.sleep(0.1)

    async def main() -> None:
        server, url, _ = await _serve(2)
        try:
            await asyncio.wait_for(flood(url, "alice", None), LIMIT)
            assert server.banned == []
            assert sum(u == "alice" for u, _ in server.frames) == 260
            with contextlib.suppress(ConnectionLost):  # the socket may close under the flood
                await asyncio.wait_for(flood(url, "bob", RateLimiter(10**6, 1.0)), LIMIT)
            assert server.banned == ["bob"]
            assert 200 <= sum(u == "bob" for u, _ in server.frames) < 230  # refilled meanwhile
        finally:
            await server.stop()

    asyncio.run(main())


def test_a_wrong_password_is_refused() -> None:
    async def main() -> None:
        server, url, _ = await _serve(2)
        try:
            with pytest.raises(LoginFailed) as caught:
                async with Client(url, "alice", "nope"):
                    pass
            assert caught.value.status == 401 and "password" in caught.value.reason
            assert pickle.loads(pickle.dumps(caught.value)) == caught.value
        finally:
            await server.stop()

    asyncio.run(main())


def test_the_live_command_plays_a_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.cli import main as cli

    async def main() -> None:
        server, url, table = await _serve(2)
        try:
            monkeypatch.setenv("HANABI_LIVE_PASSWORD", USERS["bob"])
            other = asyncio.create_task(_seat(url, "alice", table))
            argv = ["live", "--bot", "simple", "--table", str(table), "--url", url,
                    "--username", "bob", "--seed", "1"]  # fmt: skip
            code = await asyncio.wait_for(asyncio.to_thread(cli, argv), LIMIT)
            await asyncio.wait_for(other, LIMIT)
            assert code == 0
        finally:
            await server.stop()

    asyncio.run(main())
    out = capsys.readouterr().out
    assert re.fullmatch(
        r"game 1: score \d+ \([a-z-]+\)\n  replay: http://127\.0\.0\.1:\d+/replay/1\n", out
    )
    monkeypatch.delenv("HANABI_LIVE_PASSWORD")
    assert cli(["live", "--table", "1", "--username", "x"]) == 2
    assert "HANABI_LIVE_PASSWORD" in capsys.readouterr().err


def test_samples_cover_every_frame_class() -> None:
    classes = {type(m) for m in SAMPLES} | {type(c) for c in COMMANDS}
    declared = {
        getattr(w, name)
        for name in w.__all__
        if isinstance(getattr(w, name), type) and attrs.has(getattr(w, name))
    }
    actions = {w.Draw, w.Play, w.Discard, w.Clue, w.Strike, w.Status, w.Turn, w.GameOver,
               w.CardIdentity, w.PlayerTimes, w.UnknownAction, w.Unknown}  # fmt: skip
    assert declared - actions - {w.GameActionList} <= classes
