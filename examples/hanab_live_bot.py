"""A hanab.live bot: log in, sit at a table, play its games with SimpleBot, go back to the lobby.

Against a local server (``hanabi-core serve``), as three processes:

    hanabi-core serve &
    python hanab_live_bot.py alice --players 3 & python hanab_live_bot.py bob --join alice &
    python hanab_live_bot.py cathy --join alice; wait

``--players N`` opens a table for N players (the game starts when it is full); ``--join NAME``
sits at NAME's open table. The password is read from ``HANABI_LIVE_PASSWORD`` (the local server
makes an account at a name's first login, so any password does there).
"""

import argparse
import asyncio
import os
import random

import aiohttp

from hanabi_core.bots import SimpleBot
from hanabi_core.hanablive import wire
from hanabi_core.hanablive.seat import play_table


async def play(url, username, password, *, players=0, join="", games=1, seed=None):
    """Play `games` games: at tables of our own for `players` (if given), else at `join`'s.
    Returns the scores."""
    bot = SimpleBot(random.Random(seed))  # any bot called with the seat's PlayerView
    jar = aiohttp.CookieJar(unsafe=True)  # keep the session cookie of a server named by IP too
    async with aiohttp.ClientSession(cookie_jar=jar) as http:
        # 1. Log in: the answer sets the session cookie the websocket needs.
        form = {"username": username, "password": password, "version": "bot"}
        # No redirect is followed: the password goes to `url` and nowhere else.
        async with http.post(f"{url}/login", data=form, allow_redirects=False) as answer:
            if answer.status != 200:  # 401: a wrong password
                raise ConnectionError(f"the login was refused: HTTP {answer.status}")
        # Bounded reads: frames of 1 MiB at most, no compression, and a ping every 20 s (a
        # socket that answers none is closed, so a silent server cannot hang the bot).
        ws_url = "ws" + url.removeprefix("http") + "/ws"  # http:// → ws://, https:// → wss://
        async with http.ws_connect(ws_url, max_msg_size=1 << 20, compress=0, heartbeat=20) as ws:

            async def send(command):
                await ws.send_str(wire.encode(command))

            lobby = {}  # the open tables by id, kept up to date whoever reads the frames

            async def receive():  # the next frame, parsed; None once the socket closes
                while True:
                    frame = await ws.receive()
                    if frame.type is not aiohttp.WSMsgType.TEXT:
                        return None
                    try:
                        message = wire.parse(frame.data)
                    except wire.ProtocolError as error:
                        print("skipped a frame:", error)
                        continue
                    if isinstance(message, wire.TableList):
                        lobby.update((table.id, table) for table in message.tables)
                    elif isinstance(message, wire.Table):
                        lobby[message.id] = message
                    elif isinstance(message, wire.TableGone):
                        lobby.pop(message.table_id, None)
                    return message

            def open_table_of(name):
                for table in lobby.values():
                    if name in table.players and not table.running and table.id not in played:
                        return table.id
                return None

            scores, played = [], set()
            for _ in range(games):
                # 2. Find the table: open one (we sit at it), or wait for `join`'s.
                if players:
                    options = {"variantName": "No Variant"}
                    name = f"{username}'s table"
                    await send(wire.TableCreate(name, options, max_players=players))
                table_id = None if players else open_table_of(join)
                while table_id is None:
                    message = await receive()
                    if message is None:
                        raise ConnectionError("the server closed the connection")
                    if players and isinstance(message, wire.Joined):
                        table_id = message.table_id
                    elif join:
                        table_id = open_table_of(join)
                played.add(table_id)
                # 3. Play the game: the catch-up, the turns, the bot's errors and the end are
                # play_table's (hanabi_core.hanablive.seat); it returns once the game is over.
                game = await play_table(send, receive, table_id, bot, join=not players)
                outcome = game.game.view.outcome
                scores.append(outcome.score)
                print(f"{username}: table {table_id}, score {outcome.score}", flush=True)
    return scores


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("username")
    parser.add_argument("--players", type=int, default=0, help="open a table for N players")
    parser.add_argument("--join", default="", help="sit at this player's open table")
    parser.add_argument("--games", type=int, default=1, help="games to play in turn")
    parser.add_argument("--seed", type=int, default=None, help="the bot's random seed")
    parser.add_argument("--url", default=os.environ.get("HANABI_LIVE_URL", "http://127.0.0.1:8080"))
    args = parser.parse_args()
    if not args.players and not args.join:
        parser.error("give --players N or --join NAME")
    password = os.environ.get("HANABI_LIVE_PASSWORD", "local")
    asyncio.run(
        play(args.url, args.username, password, players=args.players, join=args.join,
             games=args.games, seed=args.seed)
    )  # fmt: skip
