"""hanab.live, the largest online Hanabi site: its variants, its game records and its live game
messages.

This package is the room where hanab.live's world is translated at the edge (rule 11.4):

- its variants by name, [`variant`][hanabi_core.hanablive.variant] (rule 9.8), built on first use
  from its catalogue (`hanabi_core/hanablive/data/`);
- its JSON game records, read and written through [`read_record`][hanabi_core.read_record] and
  [`write_record`][hanabi_core.write_record] (the mapping is in `hanabi_core.hanablive.records`);
- one seat's game as the server sends it, [`LiveGame`][hanabi_core.hanablive.LiveGame]
  (`hanablive/live.py`), the messages themselves (`hanablive/protocol.py`), and the messages a
  seat received in a recorded game, [`messages`][hanabi_core.hanablive.messages]
  (`hanablive/recorded.py`);
- the websocket frames typed, `hanablive.wire` (imported on demand), one seat's game over any
  connection, `hanablive.seat` (the catch-up and the bot's turns), a bot client,
  `hanablive.client`, and a local server, `hanablive.server` (both the ``live`` extra; never
  imported by this package);
- the deck its server deals for a seed, [`deck`][hanabi_core.hanablive.deck]
  (`hanablive/decks.py`).
"""

from __future__ import annotations

from .decks import deck, seed_name
from .live import LiveGame
from .protocol import Desync
from .recorded import messages
from .records import *  # noqa: F403  (the record mapping's public names, whatever they become)
from .records import (
    HANAB_LIVE_VARIANTS,
    TERMINATED,
    TERMINATED_BY_VOTE,
    Decoded,
    decode,
    encode,
    is_hanab_live,
)
from .variants import find_variant_name, variant, variant_names

__all__ = [
    "HANAB_LIVE_VARIANTS",
    "TERMINATED",
    "TERMINATED_BY_VOTE",
    "Decoded",
    "Desync",
    "LiveGame",
    "deck",
    "decode",
    "encode",
    "find_variant_name",
    "is_hanab_live",
    "messages",
    "seed_name",
    "variant",
    "variant_names",
]
