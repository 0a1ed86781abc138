"""DeepMind's Hanabi Learning Environment (HLE), translated at the edge.

HLE is the engine most reinforcement-learning work on Hanabi runs on. This module speaks its
language over hanabi_core's states, as plain functions:

- [`options_from_config`][hanabi_core.hle.options_from_config]: an HLE config dict (``players``,
  ``colors``, ``hand_size``, …) as [`Options`][hanabi_core.Options]. HLE's colours are indexed
  R, Y, G, W, B (red, yellow, green, white, blue); five colours is the base game, fewer a small
  variant of the first ones.
- move uids: [`uid_to_action`][hanabi_core.hle.uid_to_action],
  [`action_to_uid`][hanabi_core.hle.action_to_uid] and [`legal_uids`][hanabi_core.hle.legal_uids].
  With H cards a hand, P players, C colours and R ranks, discarding slot i is uid i, playing it
  H + i, a colour clue of colour c to the player o seats on is 2H + (o−1)C + c, and a rank clue
  of rank index r (0 for 1s) is 2H + (P−1)C + (o−1)R + r.
- [`encode`][hanabi_core.hle.encode]: HLE's canonical observation vector of one seat, bit for bit
  (658 bits for two players), for the three observation types;
  [`encode_view`][hanabi_core.hle.encode_view], the same bits from a player's
  [`PlayerView`][hanabi_core.PlayerView] alone; and
  [`encode_v0_belief`][hanabi_core.hle.encode_v0_belief], the "V0 belief" variant used by SAD,
  OBL and JaxMARL. The [observation encoding](../guides/hle-encoding.md) page lists every bit.

```python
from hanabi_core import Options, new_game
from hanabi_core.hle import CARD_KNOWLEDGE, encode, legal_uids, options_from_config

options = options_from_config({"players": 2})
state = new_game(options, seed=1)
assert len(encode(state, 0, CARD_KNOWLEDGE)) == 658
assert legal_uids(state)[:5] == (5, 6, 7, 8, 9)   # the five plays (no discard at 8 Notes)
```

Card knowledge in HLE's sense (what the clues told about each held card, with no card counting)
is common knowledge: [`hle_knowledge`][hanabi_core.hle.hle_knowledge] computes it from a state's
history. Colours and ranks are tracked apart, so a card clued red and, later, not 1 is "red,
not 1" even when no red card but a 1 is left.
"""

from __future__ import annotations

from .config import (
    CARD_KNOWLEDGE,
    COLOUR_CHARS,
    HLE_COLOURS,
    MINIMAL,
    OBSERVATION_TYPES,
    SEER,
    card_to_dict,
    colour_index,
    hle_variant,
    options_from_config,
    require_hle_variant,
)
from .encoding import encode, encode_v0_belief, encode_view, observation_length
from .knowledge import hle_knowledge, view_knowledge
from .moves import action_to_uid, legal_uids, max_moves, move_to_dict, uid_to_action
from .text import hle_text

__all__ = [
    "CARD_KNOWLEDGE",
    "COLOUR_CHARS",
    "HLE_COLOURS",
    "MINIMAL",
    "OBSERVATION_TYPES",
    "SEER",
    "action_to_uid",
    "card_to_dict",
    "colour_index",
    "encode",
    "encode_v0_belief",
    "encode_view",
    "hle_knowledge",
    "hle_text",
    "hle_variant",
    "legal_uids",
    "max_moves",
    "move_to_dict",
    "observation_length",
    "options_from_config",
    "require_hle_variant",
    "uid_to_action",
    "view_knowledge",
]
