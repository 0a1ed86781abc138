"""Issue 30's findings in `hanablive`'s client and wire, one regression test each (named after
its finding).

M4: bare exceptions: a 401 with a non-UTF-8 body (`UnicodeDecodeError`), `RateLimiter(0)`
(`ZeroDivisionError`), `play(bot=5)` (`TypeError`); each is now a library error that says what
was wrong. The network test talks to a server of its own on 127.0.0.1, bounded in time.

L1: `hanablive.wire` wrote defaults as if received.

A ``clue`` without ``turn`` was read with turn 0 and handed to `LiveGame` as if the server had
said turn 0 (a desync through the client); unknown fields nested in ``clue`` were dropped by
`encode`. Now a field the server always writes (``server/src/actions.go``) is required, and
whatever `wire` reads it writes back equal: absent optional fields stay absent, ``null`` stays
``null``, unknown fields are kept wherever they are.
"""

from __future__ import annotations

import asyncio
import json
import math
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import InvalidArgument
from hanabi_core.hanablive import wire as w
from hanabi_core.hanablive.client import Client, LoginFailed, RateLimiter

CLUE = {
    "type": "clue",
    "clue": {"type": 1, "value": 3},
    "giver": 0,
    "list": [2, 5],
    "target": 1,
    "turn": 4,
}
#: One frame of each kind the server sends, every field written (as the server writes them).
FRAMES: list[tuple[str, Any]] = [
    ("gameAction", {"tableID": 3, "action": CLUE}),
    ("gameAction", {"tableID": 3, "action": {"type": "discard", "playerIndex": 0, "order": 7,
                                             "suitIndex": 1, "rank": 2, "failed": False}}),
    ("gameAction", {"tableID": 3, "action": {"type": "gameOver", "endCondition": 1,
                                             "playerIndex": -1, "votes": None}}),
    ("gameAction", {"tableID": 3, "action": {"type": "playerTimes", "playerTimes": [1, 2],
                                             "duration": 3}}),
    ("welcome", {"userID": 1, "username": "bob", "playingAtTables": [4], "totalGames": 2,
                 "muted": False, "friends": ["a"], "settings": {"volume": 5}}),
    ("table", {"id": 4, "name": "t", "passwordProtected": False, "joined": True,
               "numPlayers": 2, "ownerID": 1, "running": False, "variant": "No Variant",
               "options": {"variantName": "No Variant"}, "sharedReplay": False, "progress": 0,
               "players": ["a", "b"], "spectators": [], "maxPlayers": 5}),
    ("chat", {"msg": "/join", "who": "a", "discord": False, "server": False,
              "datetime": "2026-01-01T00:00:00Z", "room": "", "recipient": "bob"}),
    ("init", {"tableID": 4, "playerNames": ["a", "b"], "ourPlayerIndex": 1,
              "options": {"numPlayers": 2}, "spectating": False, "shadowing": False,
              "replay": False, "databaseID": -1, "seed": "p2v0s1", "paused": False}),
    ("clock", {"tableID": 4, "times": [1, 2], "activePlayerIndex": 0, "timeTaken": 9}),
    ("finishOngoingGame", {"tableID": 4, "databaseID": 12, "sharedReplayLeader": "a"}),
]  # fmt: skip


def _data(frame: str) -> Any:
    return json.loads(frame.split(" ", 1)[1])


def test_l1_a_clue_without_turn_is_refused() -> None:
    lacking = {k: v for k, v in CLUE.items() if k != "turn"}
    with pytest.raises(w.ProtocolError) as caught:
        w.parse("gameAction", {"tableID": 3, "action": lacking})
    assert caught.value.field == "action.turn" and "missing" in caught.value.reason
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value
    # What the client hands to LiveGame is what the server sent, turn included.
    assert w.parse_action(CLUE).raw() == CLUE


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ({"type": "discard", "playerIndex": 0, "order": 7, "suitIndex": 1, "rank": 2}, "failed"),
        ({"type": "gameOver", "endCondition": 1, "votes": None}, "playerIndex"),
        ({"type": "gameOver", "endCondition": 1, "playerIndex": -1}, "votes"),
        ({"type": "playerTimes", "duration": 3}, "playerTimes"),
    ],
)
def test_l1_fields_the_server_always_writes_are_required(
    action: dict[str, Any], field: str
) -> None:
    with pytest.raises(w.ProtocolError) as caught:
        w.parse_action(action)
    assert caught.value.field == f"action.{field}"


def test_l1_unknown_fields_nested_in_clue_are_written_back() -> None:
    odd = {**CLUE, "clue": {"type": 0, "value": 2, "hue": "teal", "deep": {"x": [1]}}, "new": 1}
    typed = w.parse_action(odd)
    assert isinstance(typed, w.Clue) and (typed.clue_type, typed.clue_value) == (0, 2)
    assert typed.raw() == odd
    frame = w.encode(w.GameAction(3, typed))
    assert _data(frame)["action"] == odd
    assert w.parse(frame) == w.GameAction(3, typed)


def test_l1_absent_optional_fields_are_not_written_as_defaults() -> None:
    message = w.parse('welcome {"userID":1,"username":"bob"}')
    assert message == w.Welcome(1, "bob")  # the defaults read, equal to one built in Python
    assert w.encode(message) == 'welcome {"userID":1,"username":"bob"}'
    # null stays null where the value read is empty
    frame = 'connected {"tableID":3,"list":null}'
    assert w.encode(w.parse(frame)) == frame
    assert pickle.loads(pickle.dumps(w.parse(frame))) == w.parse(frame)
    assert w.encode(pickle.loads(pickle.dumps(w.parse(frame)))) == frame
    # a message built in Python writes every field
    assert _data(w.encode(w.Welcome(1, "bob")))["playingAtTables"] == []


def _vary(data: Any, draw: st.DrawFn, required: set[str]) -> Any:
    """`data` with some optional fields dropped, some empty lists/objects made null and unknown
    fields added, at the top and in nested objects."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in required and draw(st.booleans()):
            continue
        if isinstance(value, dict) and key in {"action", "clue"}:
            out[key] = _vary(value, draw, REQUIRED.get(key, set()) | {"type"})
        elif value in ([], {}) and draw(st.booleans()):
            out[key] = None
        else:
            out[key] = value
    extra = draw(st.dictionaries(st.sampled_from(["zz", "new", "x_1"]), st.integers(), max_size=2))
    return {**out, **extra}


#: What each frame must hold (the rest may be absent).
REQUIRED = {
    "gameAction": {"tableID", "action"},
    "action": {"type", "clue", "giver", "list", "target", "turn", "playerIndex", "order",
               "suitIndex", "rank", "failed", "endCondition", "votes", "playerTimes", "duration"},
    "clue": {"type", "value"},
    "welcome": {"userID", "username"},
    "table": {"id"},
    "chat": {"msg"},
    "init": {"tableID", "playerNames", "ourPlayerIndex", "options"},
    "clock": {"tableID"},
    "finishOngoingGame": {"tableID"},
}  # fmt: skip


@given(st.data())
def test_l1_whatever_wire_reads_it_writes_back_equal(data: st.DataObject) -> None:
    command, body = data.draw(st.sampled_from(FRAMES))
    varied = _vary(body, data.draw, REQUIRED[command])
    message = w.parse(command, varied)
    frame = w.encode(message)
    assert frame.split(" ", 1)[0] == command
    assert _data(frame) == varied
    assert w.parse(frame) == message


# --- M4 -----------------------------------------------------------------------------------------


def test_m4_a_401_with_a_non_utf8_body_is_login_failed() -> None:
    from aiohttp import web

    async def login(request: web.Request) -> web.Response:
        return web.Response(status=401, body=b"\xff\xfe wrong \xc3 password \x80")

    async def main() -> None:
        app = web.Application()
        app.router.add_post("/login", login)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        try:
            with pytest.raises(LoginFailed) as caught:
                async with Client(f"http://127.0.0.1:{port}", "bot", "pw", timeout=5):
                    pass
        finally:
            await runner.cleanup()
        assert caught.value.status == 401
        assert caught.value.reason == "\ufffd\ufffd wrong \ufffd password \ufffd"
        assert pickle.loads(pickle.dumps(caught.value)) == caught.value

    asyncio.run(asyncio.wait_for(main(), 10))


@pytest.mark.parametrize(
    ("limit", "period", "field"),
    [(0, 2.0, "limit"), (0.5, 2.0, "limit"), (-3, 2.0, "limit"), (math.inf, 2.0, "limit"),
     (math.nan, 2.0, "limit"), (True, 2.0, "limit"), ("180", 2.0, "limit"), (10, 0, "period"),
     (10, -1.0, "period"), (10, math.inf, "period"), (10, None, "period")],
)  # fmt: skip
def test_m4_rate_limiter_zero_is_invalid_argument(limit: Any, period: Any, field: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        RateLimiter(limit, period)
    assert caught.value.field == field and "must be" in str(caught.value)
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value
    assert RateLimiter(1, 0.5).rate == 2.0  # the least bucket still sends


@pytest.mark.parametrize("bot", [5, None, 2.5, b"simple", "no-such-bot"])
def test_m4_play_bot_5_is_invalid_argument(bot: Any) -> None:
    client = Client("https://hanab.live.invalid", "bot", "pw")  # refused before any network
    with pytest.raises(InvalidArgument) as caught:
        asyncio.run(client.play(bot))
    assert caught.value.field == "bot"
    assert "BOTS" in str(caught.value) or "the bots are" in str(caught.value)
