"""`hanabi-core view`: a record, a folder of records or a public collection as HTML pages to step
through in a browser (see `viewer.py`).

Kept apart from `cli/__init__`, which only registers the command and dispatches to `run`.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InvalidRecord
from ..records import GameRecord, read_record
from ..viewer import replay_html, write_pages
from . import _input

__all__ = ["add_parser", "run"]

#: The files of JaxMARL's corpus, each possibly compressed (``decks.json.xz``).
_CORPUS = ("decks.json", "actions.json", "scores.txt")
_COMPRESSED = ("", ".xz", ".gz", ".bz2")


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the `view` command and its options."""
    view = commands.add_parser(
        "view", help="write a record (or a folder of them) as HTML pages to step through"
    )
    view.add_argument(
        "source",
        metavar="SOURCE",
        help="a record (hanabi-core or hanab.live JSON; - for stdin), a folder of records (as "
        "simulate --records writes), a folder holding JaxMARL's corpus (decks.json, actions.json, "
        "scores.txt, maybe .xz), or an AH2AC2 .safetensors file",
    )
    view.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="the page to write for a record (default: the record's name with .html, game.html "
        "for stdin); the folder to write a collection's pages and index.html into (default: "
        "the records' folder; NAME-pages beside a .safetensors file)",
    )
    view.add_argument(
        "--seat",
        type=int,
        default=None,
        help="draw every turn as this seat sees it: its own cards hidden (default: every card)",
    )
    view.add_argument(
        "--game",
        type=int,
        default=None,
        metavar="N",
        help="of a collection, write only game N's page (0 is the first; by file name order in "
        "a folder of records)",
    )
    view.add_argument(
        "--limit",
        type=int,
        default=None,
        metavar="N",
        help="of a collection, write only the first N games (default: all)",
    )


def _natural(name: str) -> list[Any]:
    """A sort key putting ``simple-10`` after ``simple-9``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _find(folder: Path, name: str) -> Path | None:
    for suffix in _COMPRESSED:
        path = folder / (name + suffix)
        if path.is_file():
            return path
    return None


def _collection(source: Path) -> tuple[Iterator[tuple[str, GameRecord]], Path, str]:
    """The games of a folder or a dataset file: (name, record) pairs, the default output
    folder, and the index's title."""
    if source.is_dir():
        decks, actions = _find(source, "decks.json"), _find(source, "actions.json")
        if decks is not None and actions is not None:
            from ..datasets import read_jaxmarl_corpus  # noqa: PLC0415 (an adapter, on use)

            games = read_jaxmarl_corpus(decks, actions, _find(source, "scores.txt"))
            named = ((f"game-{n}", record) for n, (record, _) in enumerate(games))
            return named, source, f"JaxMARL's corpus ({source.name})"
        files = sorted(
            (path for path in source.glob("*.json") if path.is_file()),
            key=lambda path: _natural(path.name),
        )
        if not files:
            raise ValueError(f"{source} holds no records (.json files)")
        return ((path.stem, _read(path)) for path in files), source, source.name
    from ..datasets import read_ah2ac2  # noqa: PLC0415 (an adapter, on use)

    records = read_ah2ac2(source)
    out = source.with_name(source.stem + "-pages")
    return _handed_out(records), out, f"AH2AC2 games ({source.name})"


def _handed_out(records: list[GameRecord]) -> Iterator[tuple[str, GameRecord]]:
    """Each record of the list, named by its place, let go of once handed out (a written page's
    record keeps its replayed states: kept in the list, every game's would stay in memory)."""
    records.reverse()
    n = 0
    while records:
        yield f"game-{n}", records.pop()
        n += 1


def _read(path: Path) -> GameRecord:
    try:
        return read_record(path)
    except InvalidRecord as error:
        raise ValueError(f"{path.name}: {error}") from None


def _pick(
    games: Iterator[tuple[str, GameRecord]], game: int | None, limit: int | None
) -> list[tuple[str, GameRecord]]:
    if game is not None and game < 0:
        raise ValueError(f"--game must be 0 or more, got {game}")
    if limit is not None and limit < 1:
        raise ValueError(f"--limit must be 1 or more, got {limit}")
    chosen = []
    seen = 0
    for item in games:
        seen += 1
        if game is not None and seen - 1 != game:
            continue
        chosen.append(item)
        if game is not None or (limit is not None and len(chosen) == limit):
            break
    if not chosen:
        raise ValueError(f"--game {game}: the collection holds {seen} games (0 to {seen - 1})")
    return chosen


def run(args: argparse.Namespace) -> int:
    """Write the pages `args` asks for; print what was written."""
    source = args.source
    path = Path(source)
    if source != "-" and (path.is_dir() or path.suffix == ".safetensors"):
        games, out, title = _collection(path)
        chosen = _pick(games, args.game, args.limit)
        folder = Path(args.output) if args.output is not None else out
        if args.game is not None:
            name, record = chosen[0]
            page = folder / f"{name}.html"
            folder.mkdir(parents=True, exist_ok=True)
            page.write_text(replay_html(record, seat=args.seat), encoding="utf-8")
            print(f"wrote {page} ({len(record.actions)} actions)")
            return 0
        index = write_pages(chosen, folder, seat=args.seat, title=title)
        print(f"wrote {index} and {len(chosen)} game page{'' if len(chosen) == 1 else 's'}")
        return 0
    if args.game is not None or args.limit is not None:
        raise ValueError("--game and --limit choose from a folder or a .safetensors file")
    record = _input.record(source)
    if args.output is not None:
        page = Path(args.output)
    else:
        page = Path("game.html") if source == "-" else path.with_suffix(".html")
        if page == path:
            raise ValueError(f"{source} ends in .html: name the page to write with -o")
    page.write_text(replay_html(record, seat=args.seat), encoding="utf-8")
    print(f"wrote {page} ({len(record.actions)} actions)")
    return 0
