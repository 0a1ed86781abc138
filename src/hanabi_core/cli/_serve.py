"""`hanabi-core serve`: a local hanab.live server (`hanablive/server.py`) for bots to play at.

Kept apart from `cli/__init__`, which only registers the command and dispatches to `run`; the server
(the ``live`` extra) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from typing import Any

from ..errors import HanabiError
from ._online import log, refuse

__all__ = ["add_parser", "run"]

OK = 0


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the `serve` command and its options."""
    serve = commands.add_parser(
        "serve", help="a local hanab.live server, dealt and judged by the engine, for bots"
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=int, default=8080, help="the port (default 8080; 0: any)")
    serve.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the first table's deal is hanab.live's seed p<players>v<variant>s<SEED>; each "
        "table after it takes the next (default 1)",
    )
    serve.add_argument(
        "--players",
        type=int,
        default=0,
        help="keep a table for this many players open, a new one whenever it fills (for "
        "`hanabi-core live --table any`); default 0: tables are made by tableCreate only",
    )
    serve.add_argument(
        "--variant", default="No Variant", help="the open tables' hanab.live variant"
    )
    serve.add_argument(
        "--games",
        type=int,
        default=0,
        help="stop once this many games have ended (default 0: serve until interrupted)",
    )
    serve.add_argument(
        "--misbehave",
        type=int,
        default=None,
        metavar="SEED",
        help="misbehave on purpose, to test clients: game frames duplicated, swapped and "
        "delayed, sockets dropped during catch-up, drawn from SEED",
    )
    serve.add_argument("-v", "--verbose", action="store_true", help="log every frame received")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (or `--games` games have ended); return the exit code."""
    try:
        from ..hanablive.server import Faults, Server  # noqa: PLC0415  (the live extra)
    except ImportError as error:
        return refuse(str(error))
    if not 0 <= args.port <= 65535 or args.games < 0 or args.players not in (0, 2, 3, 4, 5, 6):
        return refuse("--port is 0 to 65535, --games at least 0, --players 2 to 6")
    log(args.verbose)
    faults = None if args.misbehave is None else Faults(seed=args.misbehave)

    async def serve() -> int:
        server = Server(faults=faults, first_seed=args.seed)
        if args.players:
            try:
                server.keep_open(args.players, args.variant)
            except HanabiError as error:
                return refuse(str(error))
        try:
            url = await server.start(args.host, args.port)
        except OSError as error:
            return refuse(f"cannot listen on {args.host}:{args.port}: {error}")
        print(f"serving hanab.live's protocol at {url} (Ctrl-C to stop)", flush=True)
        printed = 0
        try:
            while not args.games or len(server.games) < args.games:
                await server.finished.wait()
                server.finished.clear()
                for database_id in sorted(server.games)[printed:]:
                    printed += 1
                    record = server.games[database_id]
                    outcome = record.final().outcome
                    score = "?" if outcome is None else outcome.score
                    print(f"game {database_id}: score {score} ({url}/export/{database_id})",
                          flush=True)  # fmt: skip
            await asyncio.sleep(0.5)  # let the players go back to the lobby
        finally:
            await server.stop()
        return OK

    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(serve())
    return OK
