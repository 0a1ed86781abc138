"""Bots in the field (issue 33): the local server (`hanablive.server`, ``hanabi-core serve``), the
guide's bot as separate OS processes, a server that misbehaves on purpose, bots that fail, and
the games kept as records.

Every server listens on 127.0.0.1 only; every wait is bounded (`LIMIT`).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import Play, parse_record, read_record, view
from hanabi_core.bots import SimpleBot
from hanabi_core.hanablive import wire as w
from hanabi_core.hanablive.client import BotFailed, Client
from hanabi_core.hanablive.seat import Seat
from hanabi_core.hanablive.server import Faults, Server

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 30.0
NAMES = ("alice", "bob", "cathy")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HANABI_LIVE_PASSWORD": "pw"}


def _serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """`hanabi-core serve --port 0 ARGS` and its URL (from its first line)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "hanabi_core", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "serving" in line, line + (server.stderr.read() if server.stderr else "")
    return server, line.split(" at ")[1].split()[0]


def _guide_bots(url: str, games: int) -> list[subprocess.CompletedProcess[str]]:
    """The guide's script as three processes: alice opens the tables, bob and cathy join."""
    script = str(ROOT / "examples/hanab_live_bot.py")
    roles = [["--players", "3"], ["--join", "alice"], ["--join", "alice"]]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                script,
                name,
                *role,
                "--url",
                url,
                "--games",
                str(games),
                "--seed",
                str(seat),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        for seat, (name, role) in enumerate(zip(NAMES, roles, strict=True))
    ]
    out = []
    deadline = time.monotonic() + LIMIT + 3 * games
    for proc in procs:
        try:
            stdout, stderr = proc.communicate(timeout=max(deadline - time.monotonic(), 1))
        except subprocess.TimeoutExpired:
            for other in procs:
                other.kill()
            raise
        out.append(subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr))
    return out


def _export(url: str, database_id: int) -> Any:
    with urllib.request.urlopen(f"{url}/export/{database_id}", timeout=10) as answer:
        return parse_record(answer.read())


def _check_guide_games(games: int, seed: int) -> None:
    server, url = _serve("--seed", str(seed))
    try:
        bots = _guide_bots(url, games)
        for bot in bots:
            assert bot.returncode == 0, bot.stderr
            assert "Traceback" not in bot.stderr
        scores = [[line.rsplit(" ", 1)[1] for line in b.stdout.splitlines()] for b in bots]
        assert all(len(s) == games for s in scores)
        for number in range(games):
            record = _export(url, number + 1)
            assert sorted(record.players) == sorted(NAMES)
            expected = str(record.final().outcome.score)
            assert [s[number] for s in scores] == [expected] * 3
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
    finally:
        server.kill()
        server.communicate()


def test_the_guides_bot_plays_as_three_processes_against_serve() -> None:
    _check_guide_games(games=3, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [100, 200])
def test_the_guides_bot_plays_many_seeded_games_against_serve(seed: int) -> None:
    _check_guide_games(games=15, seed=seed)


# --- The catch-up, frame by frame -------------------------------------------------------------


def _frames(seat: int) -> tuple[w.Init, tuple[w.GameActionItem, ...]]:
    from hanabi_core import EDITIONS, GameRecord, apply, legal_actions, new_game
    from hanabi_core.hanablive import messages

    rng = random.Random(4)
    state = new_game(EDITIONS["hanab-live"].options(2), seed=4)
    for _ in range(6):
        state = apply(state, rng.choice(legal_actions(state)))
    options = {"numPlayers": 2, "variantName": "No Variant"}
    init = w.Init(7, ("a", "b"), seat, options)
    actions = messages(GameRecord.from_state(state), seat)
    return init, actions


def test_a_game_action_before_the_list_is_never_applied_twice() -> None:
    init, actions = _frames(0)
    seat = Seat(7)
    assert seat.feed(w.TableStart(7)) == [w.GetGameInfo1(7)]
    assert seat.feed(w.TableStart(7)) == []  # one catch-up at a time
    assert seat.feed(w.GameAction(7, actions[0])) == []  # before the init: in the list
    assert seat.feed(init) == [w.GetGameInfo2(7)]
    assert seat.feed(init) == []  # a duplicate init is not an answer
    assert seat.feed(w.GameAction(7, actions[len(actions) - 2])) == []  # in the list too
    head = w.GameActionList(7, actions[:-3])
    assert seat.feed(head) == [w.Loaded(7)]
    assert seat.feed(head) == []  # a second list is never applied
    for action in actions[-3:]:
        assert seat.feed(w.GameAction(7, action)) == []
    assert seat.game is not None and seat.game.received == len(actions)
    assert seat.dropped == 2 and seat.catch_ups == 1


def test_a_desync_asks_again_once_and_a_lying_list_raises() -> None:
    init, actions = _frames(1)
    seat = Seat(7)
    seat.feed(w.TableStart(7))
    seat.feed(init)
    seat.feed(w.GameActionList(7, actions[:-1]))
    stray = w.GameAction(7, actions[0])  # the first draw again: card 0 was already drawn
    assert seat.feed(stray) == [w.GetGameInfo1(7)]
    assert seat.feed(stray) == []  # dropped: the list under way holds everything sent so far
    assert seat.feed(init) == [w.GetGameInfo2(7)]
    assert seat.feed(w.GameActionList(7, actions)) == [w.Loaded(7)]
    assert seat.game is not None and seat.game.received == len(actions)
    # A list that contradicts the rules, right after a desync: the server is wrong; raise.
    seat.feed(stray)
    seat.feed(init)
    from hanabi_core.hanablive import Desync

    with pytest.raises(Desync):
        seat.feed(w.GameActionList(7, (*actions, actions[0])))


def test_a_new_socket_forgets_the_request_under_way_and_reattends() -> None:
    init, actions = _frames(0)
    seat = Seat(7)
    seat.feed(w.TableStart(7))
    seat.feed(init)  # getGameInfo2 sent: then the socket drops
    assert seat.feed(w.Welcome(1, "a", (7,))) == [w.TableReattend(7)]
    assert seat.feed(w.TableStart(7)) == [w.GetGameInfo1(7)]  # a fresh catch-up
    assert seat.feed(init) == [w.GetGameInfo2(7)]
    assert seat.feed(w.GameActionList(7, actions)) == [w.Loaded(7)]
    assert seat.game is not None and seat.game.received == len(actions)
    # A silence: ours on our turn; else a game action may have been lost, so ask again.
    expected = [] if seat.game.is_my_turn else [w.GetGameInfo1(7)]
    assert seat.on_idle() == expected


# --- Through sockets --------------------------------------------------------------------------


async def _table(server: Server, size: int = 3) -> int:
    return server.create_table("alice", size)


async def _seat(url: str, name: str, table: int, bot: Any = "simple", **play: Any) -> Any:
    async with Client(url, name, "pw", reconnect_delay=0.05) as client:
        await client.play(bot, table, seed=NAMES.index(name), **play)
        return client.last_game


async def _misbehaving(seed: int) -> None:
    faults = Faults(seed=seed, duplicate=0.08, swap=0.08, delay=0.002, drop=0.3)
    server = Server(faults=faults, first_seed=seed)
    url = await server.start()
    try:
        table = await _table(server)
        played = await asyncio.wait_for(
            asyncio.gather(*(_seat(url, n, table, idle=0.5) for n in NAMES)), LIMIT
        )
        state = server.tables[table].state
        assert state is not None and state.is_over and not server.errors
        for seat, game in enumerate(played):
            assert game.game.view == view(state, seat)
        assert sum(server._drops.values()) >= 1  # the faults did happen
        assert sum(f.startswith("getGameInfo1") for _, f in server.frames) >= 4
    finally:
        await server.stop()


def test_the_client_survives_a_server_that_misbehaves_on_purpose() -> None:
    asyncio.run(_misbehaving(0))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 11))
def test_the_client_survives_many_misbehaving_games(seed: int) -> None:
    asyncio.run(_misbehaving(seed))


def _raising(rng: random.Random) -> Any:
    def bot(view: Any) -> Any:
        if view.turn >= 4:
            raise RuntimeError("the bot's own bug")
        return SimpleBot(rng)(view)

    return bot


def _illegal(rng: random.Random) -> Any:
    return lambda view: Play(17)  # no such slot


def _sleepy(rng: random.Random) -> Any:
    def bot(view: Any) -> Any:
        time.sleep(30)
        return SimpleBot(rng)(view)

    return bot


@pytest.mark.parametrize("bad", [_raising, _illegal, _sleepy], ids=["raises", "illegal", "sleeps"])
def test_a_failing_bot_ends_the_game_for_every_seat_within_seconds(
    bad: Any, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        server = Server()
        url = await server.start()
        try:
            table = await _table(server)
            start = time.monotonic()
            others = [asyncio.ensure_future(_seat(url, n, table)) for n in ("alice", "cathy")]
            with pytest.raises(BotFailed):
                await asyncio.wait_for(_seat(url, "bob", table, bad, time_limit=0.5), LIMIT)
            played = await asyncio.wait_for(asyncio.gather(*others), LIMIT)
            await asyncio.wait_for(server.done[table].wait(), LIMIT)
            assert time.monotonic() - start < 10
            bob = server.tables[table].seats.index("bob")
            for game in played:
                assert game.game.ended == (4, bob)  # terminated by a player
                assert game.game.view.outcome.score == 0  # rule 7.5: abandoned
            assert server.games[1].abandoned is not None
        finally:
            await server.stop()

    asyncio.run(main())
    logged = "\n".join(r.getMessage() + str(r.exc_info) for r in caplog.records)
    assert "answering" in logged and "tableID" in logged  # the frame, with the traceback


def test_the_leave_policy_goes_back_to_the_lobby() -> None:
    async def main() -> None:
        server = Server()
        url = await server.start()
        try:
            table = await _table(server, 2)
            other = asyncio.ensure_future(_seat(url, "alice", table))
            with pytest.raises(BotFailed):
                await asyncio.wait_for(
                    _seat(url, "bob", table, _illegal, on_bot_error="leave"), LIMIT
                )
            assert ("bob", f'tableUnattend {{"tableID":{table}}}') in server.frames
            assert not server.tables[table].over  # the game waits for a person to take over
            other.cancel()
        finally:
            await server.stop()

    asyncio.run(main())


def test_the_recorded_game_equals_the_servers() -> None:
    async def main() -> None:
        server = Server()
        url = await server.start()
        try:
            table = await _table(server)
            played = await asyncio.wait_for(
                asyncio.gather(*(_seat(url, n, table) for n in NAMES)), LIMIT
            )
            for game in played:
                assert game.database_id == 1
                assert game.players == NAMES
                assert game.game.record(game.players) == server.games[1]
        finally:
            await server.stop()

    asyncio.run(main())


def test_the_live_command_takes_any_bot_and_keeps_each_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.cli import main as cli

    bots = tmp_path / "mybots.py"
    bots.write_text(
        "from hanabi_core.bots import SimpleBot\n"
        "def careful(rng):\n    return SimpleBot(rng)\n"
        "def broken(rng):\n    return lambda view: 1 / 0\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("HANABI_LIVE_PASSWORD", "pw")

    async def main(bot: str, games: int) -> int:
        server = Server(first_seed=5)
        url = await server.start()
        try:
            tables = [await _table(server, 2) for _ in range(games)]

            async def alice() -> None:
                for table in tables:
                    await _seat(url, "alice", table)

            other = asyncio.ensure_future(alice())
            code = -1
            for table in tables:
                folder = str(tmp_path / "games") + os.sep
                argv = ["live", "--bot", f"{bots}:{bot}", "--table", str(table), "--url", url,
                        "--username", "bob", "--record", folder]  # fmt: skip
                code = await asyncio.wait_for(asyncio.to_thread(cli, argv), LIMIT)
                if code:
                    break
            await asyncio.wait_for(other, LIMIT)
            for database_id, record in server.games.items():
                if code == 0:
                    kept = read_record(tmp_path / "games" / f"{database_id}.json")
                    assert kept == record
            return code
        finally:
            await server.stop()

    assert asyncio.run(main("careful", 2)) == 0
    out = capsys.readouterr().out
    assert "replay: http://127.0.0.1:" in out and "/replay/2" in out
    assert (
        asyncio.run(main("broken", 1)) == 3
    )  # the bot failed (exit 3, as for new --play and simulate)
    assert "the bot broken raised ZeroDivisionError" in capsys.readouterr().err


def test_live_commands_play_at_the_open_tables_of_serve(tmp_path: Path) -> None:
    variant = "Rainbow (6 Suits)"
    server, url = _serve("--players", "2", "--variant", variant, "--seed", "3", "--games", "2")
    try:
        argv = ["live", "--table", "any", "--games", "2", "--url", url, "--record"]
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "hanabi_core", *argv, str(tmp_path / name) + os.sep,
                 "--username", name, "--seed", "1"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
            )
            for name in NAMES[:2]
        ]  # fmt: skip
        for proc in procs:
            out, err = proc.communicate(timeout=LIMIT)
            assert proc.returncode == 0, err
            assert out.count("replay: ") == 2
        # --games 2: the server stops by itself once both games have ended.
        served, _ = server.communicate(timeout=10)
        assert server.returncode == 0
        for database_id in (1, 2):
            kept = [read_record(tmp_path / name / f"{database_id}.json") for name in NAMES[:2]]
            assert kept[0] == kept[1]  # both seats kept the same whole game
            assert len(kept[0].options.variant.suits) == 6  # the variant played
            score = kept[0].final().outcome.score
            assert f"game {database_id}: score {score} ({url}/export/{database_id})" in served
    finally:
        server.kill()
        server.communicate()


def test_tables_are_made_by_table_create_and_started_by_their_owner_and_only_present_seats_hear(
) -> None:  # fmt: skip
    import aiohttp

    async def connect(http: aiohttp.ClientSession, url: str, name: str) -> Any:
        form = {"username": name, "password": "pw", "version": "bot"}
        async with http.post(f"{url}/login", data=form) as answer:
            assert answer.status == 200
        return await http.ws_connect("ws" + url.removeprefix("http") + "/ws")

    async def until(ws: Any, kind: type) -> Any:
        while True:
            message = w.parse((await ws.receive(timeout=5)).data)
            if isinstance(message, kind):
                return message

    async def main() -> None:
        server = Server()
        url = await server.start()
        try:
            async with (
                aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as h1,
                aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as h2,
            ):
                alice, bob = await connect(h1, url, "alice"), await connect(h2, url, "bob")
                options = {"variantName": "No Variant"}
                await alice.send_str(w.encode(w.TableCreate("t", options, max_players=3)))
                table = (await until(alice, w.Joined)).table_id
                await bob.send_str(w.encode(w.TableJoin(table)))
                await until(bob, w.Joined)
                await bob.send_str(w.encode(w.TableStartCommand(table)))  # not the owner
                assert "cannot start" in (await until(bob, w.Warning)).warning
                await alice.send_str(w.encode(w.TableStartCommand(table)))
                for ws in (alice, bob):
                    await until(ws, w.TableStart)
                # Alice catches up and says loaded; bob does not: he is absent.
                for command in (w.GetGameInfo1(table), w.GetGameInfo2(table), w.Loaded(table)):
                    await alice.send_str(w.encode(command))
                init = await until(alice, w.Init)
                assert init.player_names == ("alice", "bob") and init.our_player_index == 0
                dealt = await until(alice, w.GameActionList)
                await asyncio.sleep(0.1)  # the loaded is handled
                hand = [a.order for a in dealt.list if isinstance(a, w.Draw)][:5]
                await alice.send_str(w.encode(w.Action(table, 0, hand[0])))  # a play
                heard = await until(alice, w.GameAction)
                assert isinstance(heard.action, w.Play | w.Strike)  # it fitted, or not
                await asyncio.sleep(0.2)
                assert server.tables[table].state.turn == 1  # type: ignore[union-attr]
                # Bob heard no game action; his list holds alice's.
                await bob.send_str(w.encode(w.GetGameInfo1(table)))
                await bob.send_str(w.encode(w.GetGameInfo2(table)))
                frames = []
                while True:
                    message = w.parse((await bob.receive(timeout=5)).data)
                    frames.append(message)
                    if isinstance(message, w.GameActionList):
                        break
                assert not any(isinstance(f, w.GameAction) for f in frames)
                assert any(isinstance(a, w.Play | w.Strike) for a in message.list)
                await alice.close()
                await bob.close()
        finally:
            await server.stop()

    asyncio.run(main())
