"""What the ``hanabi-core`` commands read: a variant by id or hanab.live name, a record from a
path or standard input (``-``), and the bots of ``--bot``, ``--seats`` and ``--play``."""

from __future__ import annotations

import sys

from .. import hanablive
from ..bots import BOTS, BotFactory
from ..errors import InvalidOptions
from ..options import EDITIONS, Options
from ..records import GameRecord, parse_record, read_record
from ..seating import GuardedFactory, Seats, bot_label, load_bot
from ..variants import VARIANTS, Variant

__all__ = ["VARIANT_HELP", "Seats", "bot", "options", "record", "seats", "variant"]

VARIANT_HELP = (
    f"a variant id ({', '.join(VARIANTS)}) or any hanab.live variant name, e.g. "
    "'Rainbow (6 Suits)' (case and spacing do not matter; default: the edition's, else base)"
)


def variant(text: str) -> Variant:
    """The variant `text` names: an id of `VARIANTS`, else a hanab.live name (rule 9.8).

    Raises:
        InvalidOptions: neither; the message suggests the nearest hanab.live names.
    """
    found = VARIANTS.get(text) or VARIANTS.get(text.strip().lower())
    if found is not None:
        return found
    try:
        return hanablive.variant(text)
    except InvalidOptions as error:
        raise InvalidOptions(
            "variant",
            f"{str(error).split(': ', 1)[-1]} (the built-in ids: {', '.join(VARIANTS)})",
        ) from None


def options(players: int, variant_text: str | None, edition: str | None) -> Options:
    """The options of ``--players``, ``--variant`` and ``--edition`` (no ``--variant``: the
    edition's own variant, else the base game)."""
    if variant_text is None:
        return EDITIONS[edition].options(players) if edition is not None else Options(players)
    chosen = variant(variant_text)
    if edition is not None:
        return EDITIONS[edition].options(players, variant=chosen)
    return Options(players, variant=chosen)


def record(path: str) -> GameRecord:
    """The record at `path`; ``-`` reads it from standard input."""
    if path == "-":
        return parse_record(sys.stdin.buffer.read())
    return read_record(path)


def bot(spec: str) -> BotFactory:
    """A ``--bot`` or ``--play`` value: a name of `BOTS`, a table of several seats
    (``simple,random``) as `Seats`, else the factory `load_bot` finds; each guarded
    (`GuardedFactory`: a bot that raises or is not a bot is a `BotFailed` naming it) and named by
    `spec` (`bot_label`), as the summary and the records name it."""
    if spec in BOTS:
        return GuardedFactory(BOTS[spec], spec)
    if "," in spec:
        return seats(spec)
    return GuardedFactory(load_bot(spec), bot_label(spec))


def seats(text: str) -> Seats:
    """A ``--seats`` value (``simple,random,mybot:make``): `Seats.parse`, each seat's factory
    guarded (`GuardedFactory`) under its name."""
    table = Seats.parse(text)
    guarded = (GuardedFactory(f, n) for f, n in zip(table.factories, table.names, strict=True))
    return Seats(*guarded, names=table.names)
