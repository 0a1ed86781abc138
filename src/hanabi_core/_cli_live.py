"""`hanabi-core live`: a bot of `hanabi_core.bots` plays at a hanab.live table.

Kept apart from `cli.py`, which only registers the command and dispatches to `run`; the client
(`hanablive/client.py`, the ``live`` extra) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from typing import Any

from .bots import BOTS

__all__ = ["add_parser", "run"]

#: The environment variables the command reads its account from.
USERNAME_VARIABLE, PASSWORD_VARIABLE = "HANABI_LIVE_USERNAME", "HANABI_LIVE_PASSWORD"
#: The environment variable of the table's password (a command line is visible to every user of
#: the machine, ``ps``).
TABLE_PASSWORD_VARIABLE = "HANABI_LIVE_TABLE_PASSWORD"
OK, DESYNC, BAD_INPUT = 0, 1, 2


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the `live` command and its options."""
    live = commands.add_parser(
        "live",
        help="play at a hanab.live table with a bot (the password from $HANABI_LIVE_PASSWORD)",
    )
    names = [name for name, factory in BOTS.items() if not getattr(factory, "sees_own_cards", 0)]
    live.add_argument("--bot", choices=names, default="simple", help="the bot (default simple)")
    live.add_argument(
        "--table", type=int, default=None, help="the table's id (default: wait for a /join PM)"
    )
    live.add_argument("--url", default="https://hanab.live", help="the server (default hanab.live)")
    live.add_argument(
        "--username", default=None, help=f"the bot's account (default ${USERNAME_VARIABLE})"
    )
    # The table's password comes from the environment; the old option is refused with a hint.
    live.add_argument("--table-password", default=None, help=argparse.SUPPRESS)
    live.add_argument(
        "--allow-http",
        action="store_true",
        help="log in over http:// to another machine (the password crosses the network "
        "unencrypted; http:// to this machine is always allowed)",
    )
    live.add_argument("--games", type=int, default=1, help="games to play in turn (default 1)")
    live.add_argument("--seed", type=int, default=None, help="the bot's random seed")
    live.add_argument("-v", "--verbose", action="store_true", help="log every frame's handling")


def run(args: argparse.Namespace) -> int:
    """Play the games; print one line per game; return the exit code."""
    try:
        from .hanablive.client import Client  # noqa: PLC0415  (the live extra, on demand)
    except ImportError as error:
        print(f"hanabi-core: {error}", file=sys.stderr)
        return BAD_INPUT
    if args.table_password is not None:
        print(
            f"hanabi-core: --table-password is gone (a command line is visible to others): "
            f"set {TABLE_PASSWORD_VARIABLE} instead",
            file=sys.stderr,
        )
        return BAD_INPUT
    table_password = os.environ.get(TABLE_PASSWORD_VARIABLE, "")
    username = args.username or os.environ.get(USERNAME_VARIABLE)
    password = os.environ.get(PASSWORD_VARIABLE)
    if not username or not password:
        print(
            f"hanabi-core: set {PASSWORD_VARIABLE} (and {USERNAME_VARIABLE} or --username) "
            "to the bot's hanab.live account",
            file=sys.stderr,
        )
        return BAD_INPUT
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    async def play() -> int:
        async with Client(args.url, username, password, allow_http=args.allow_http) as client:
            for number in range(args.games):
                seed = None if args.seed is None else args.seed + number
                game = await client.play(args.bot, args.table, password=table_password, seed=seed)
                outcome = game.view.outcome
                score = "?" if outcome is None else outcome.score
                reason = "?" if outcome is None else outcome.reason.value
                print(f"game {number + 1}: score {score} ({reason})", flush=True)
        return OK

    return asyncio.run(play())
