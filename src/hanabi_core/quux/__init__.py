"""Quuxplusone/Hanabi's rules and decks: the ``quux`` edition's deal source (rule 11.7).

Quuxplusone/Hanabi (github.com/Quuxplusone/Hanabi, MIT licence, (c) Arthur O'Dwyer) is the C++
server whose README publishes the most cited table of bot scores. Its decks come from one seeded
stream, and its bots use no randomness, so the same games can be played here move for move:

- [`Mt19937`][hanabi_core.quux.Mt19937] is the standard 32-bit Mersenne Twister, seeded as C++'s
  ``std::mt19937(s)`` (``init_genrand``);
- [`decks`][hanabi_core.quux.decks] is its deck stream: for each game, the unshuffled deck (red,
  orange, yellow, green, blue; ranks 1 to 5, three 1s, two 2s, 3s and 4s, one 5) shuffled by the
  server's modulo shuffle (50 draws a game, one stream across games), cards drawn from the back;
- [`QUUX_VARIANT`][hanabi_core.quux.QUUX_VARIANT] is its five suits (``VARIANTS["quux"]``): Quux's
  colour letters ``r o y g b`` are the suits red, orange, yellow, green and blue, in that order.

```python
from hanabi_core import EDITIONS, new_game
from hanabi_core.quux import deck, decks

first = next(decks(1))
assert first[:3] == deck("g1 y3 b1")           # seed 1's first game, top card first
state = new_game(EDITIONS["quux"].options(2), deck=first)
assert state.options.storm_out_score == "fireworks"
```

The game files of ``tests/data/quux-games/`` (made by Quux's own server) hold these decks;
[`replay_line`][hanabi_core.quux.replay_line] plays one of their lines through this library.

Quux's four bots live here too, restated move for move from its program (held to its game files
by `tests/test_quux.py`): [`simple`][hanabi_core.quux.simple], [`smart`][hanabi_core.quux.smart],
[`info`][hanabi_core.quux.info] and [`cheat`][hanabi_core.quux.cheat], over what they share
([`common`][hanabi_core.quux.common]) and the table of quux-smart and quux-info (`_table`).
[`BOTS`][hanabi_core.bots.BOTS] lists them as ``"quux-simple"`` and so on.
"""

from ._decks import (
    COLOUR_LETTERS,
    QUUX_VARIANT,
    Mt19937,
    ReplayResult,
    action_move,
    deck,
    deck_at,
    deck_codes,
    deck_from_codes,
    deck_text,
    decks,
    move_action,
    replay_line,
    unshuffled,
)

__all__ = [
    "COLOUR_LETTERS",
    "QUUX_VARIANT",
    "Mt19937",
    "ReplayResult",
    "action_move",
    "deck",
    "deck_at",
    "deck_codes",
    "deck_from_codes",
    "deck_text",
    "decks",
    "move_action",
    "replay_line",
    "unshuffled",
]
