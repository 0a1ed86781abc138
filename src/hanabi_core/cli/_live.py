"""`hanabi-core live`: a bot (by name, or ``module:factory`` as `simulate` takes it) plays at a
hanab.live table; each game can be kept as a record.

Kept apart from `cli/__init__`, which only registers the command and dispatches to `run`; the client
(`hanablive/client.py`, the ``live`` extra) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import HanabiError
from ..seating import load_bot
from ._online import log, refuse

if TYPE_CHECKING:
    from ..hanablive.seat import Played

__all__ = ["add_parser", "run"]

#: The environment variables the command reads its account from.
USERNAME_VARIABLE, PASSWORD_VARIABLE = "HANABI_LIVE_USERNAME", "HANABI_LIVE_PASSWORD"
#: The environment variable of the table's password (a command line is visible to every user of
#: the machine, ``ps``).
TABLE_PASSWORD_VARIABLE = "HANABI_LIVE_TABLE_PASSWORD"
OK, DESYNC, BOT_FAILED = 0, 1, 3


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the `live` command and its options."""
    live = commands.add_parser(
        "live",
        help="play at a hanab.live table with a bot (the password from $HANABI_LIVE_PASSWORD)",
    )
    live.add_argument(
        "--bot",
        default="simple",
        help="the bot: a name (random, simple, quux-...) or module:factory / path/to/file.py:"
        "factory for your own, as simulate takes it (default simple)",
    )
    live.add_argument(
        "--table",
        type=_table,
        default=None,
        help="the table's id, or 'any': the first open table with a free seat (default: wait "
        "for a /join PM)",
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
    live.add_argument(
        "--record",
        metavar="PATH",
        default=None,
        help="keep each game as a record: a folder (one <database id>.json a game) or a file "
        "(game i after the first as NAME-i.json)",
    )
    live.add_argument(
        "--format",
        choices=("hanabi-core", "hanab-live"),
        default="hanab-live",
        help="the records' format (default hanab-live)",
    )
    live.add_argument(
        "--on-bot-error",
        choices=("terminate", "leave"),
        default="terminate",
        help="when the bot raises, returns an illegal action or runs past --time-limit: end the "
        "game for everybody (default) or leave it; either way the command exits with 1",
    )
    live.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        help="seconds the bot may think per turn (default 60; 0: no limit)",
    )
    live.add_argument("-v", "--verbose", action="store_true", help="log every frame's handling")


def _table(text: str) -> int | str:
    if text == "any":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a table id or 'any', got {text!r}") from None


def run(args: argparse.Namespace) -> int:
    """Play the games; print one line per game; return the exit code."""
    try:
        from ..hanablive import Desync  # noqa: PLC0415
        from ..hanablive.client import BotFailed, Client  # noqa: PLC0415  (the live extra)
    except ImportError as error:
        return refuse(str(error))
    if args.table_password is not None:
        return refuse(
            f"--table-password is gone (a command line is visible to others): "
            f"set {TABLE_PASSWORD_VARIABLE} instead"
        )
    table_password = os.environ.get(TABLE_PASSWORD_VARIABLE, "")
    try:
        factory = load_bot(args.bot)
    except HanabiError as error:
        return refuse(str(error))
    if getattr(factory, "sees_own_cards", False):
        return refuse("a bot that sees its own cards cannot play online")
    limit = args.time_limit if args.time_limit > 0 else None
    username = args.username or os.environ.get(USERNAME_VARIABLE)
    password = os.environ.get(PASSWORD_VARIABLE)
    if not username or not password:
        return refuse(
            f"set {PASSWORD_VARIABLE} (and {USERNAME_VARIABLE} or --username) "
            "to the bot's hanab.live account"
        )
    log(args.verbose)

    async def play() -> int:
        async with Client(args.url, username, password, allow_http=args.allow_http) as client:
            for number in range(args.games):
                seed = None if args.seed is None else args.seed + number
                try:
                    game = await client.play(
                        factory,
                        args.table,
                        password=table_password,
                        seed=seed,
                        on_bot_error=args.on_bot_error,
                        time_limit=limit,
                    )
                except BotFailed as error:
                    print(f"hanabi-core: game {number + 1}: {error}", file=sys.stderr)
                    return BOT_FAILED
                except Desync as error:
                    print(f"hanabi-core: game {number + 1}: {error}", file=sys.stderr)
                    return DESYNC
                outcome = game.view.outcome
                score = "?" if outcome is None else outcome.score
                reason = "?" if outcome is None else outcome.reason.value
                print(f"game {number + 1}: score {score} ({reason})", flush=True)
                played = client.last_game
                if played is not None and played.database_id is not None:
                    print(f"  replay: {args.url}/replay/{played.database_id}", flush=True)
                if args.record is not None and played is not None:
                    _keep(played, args.record, number, args.format)
        return OK

    return asyncio.run(play())


def _keep(played: Played, where: str, number: int, format: Any) -> None:
    """Write the game's record to `where` (a folder, or a name ending in a slash: one file per
    game, named by its database id)."""
    from ..records import write_record  # noqa: PLC0415

    try:
        record = played.game.record(played.players or None)
    except HanabiError as error:
        print(f"hanabi-core: the game cannot be recorded: {error}", file=sys.stderr)
        return
    path = Path(where)
    if path.is_dir() or where.endswith(("/", os.sep)):
        name = played.database_id if played.database_id is not None else number + 1
        target = path / f"{name}.json"
    elif number:
        target = path.with_name(f"{path.stem}-{number + 1}{path.suffix or '.json'}")
    else:
        target = path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(write_record(record, format), encoding="utf-8")
    print(f"  record: {target}", flush=True)
