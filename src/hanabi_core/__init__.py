"""hanabi_core: every rule of the card game Hanabi, with a numbered spec.

Immutable states, pure transitions, and errors that cite the rule they enforce.

```python
from hanabi_core import Options, new_game, legal_actions, apply

state = new_game(Options(players=3), seed=2024)
while not state.is_over:
    state = apply(state, legal_actions(state)[0])
assert state.outcome is not None and 0 <= state.score <= 25
```
"""

from __future__ import annotations

from .actions import Action, ColourClue, Discard, Play, RankClue
from .cards import RANKS, Card, ClueTouch, DealtCard, Suit
from .errors import (
    HanabiError,
    IllegalAction,
    InvalidAction,
    InvalidArgument,
    InvalidDeck,
    InvalidOptions,
    InvalidRecord,
)
from .knowledge import CardKnowledge
from .options import EDITIONS, Edition, Options
from .records import GameRecord, parse_record, read_record, write_record
from .rules import abandon, apply, check, is_legal, legal_actions, new_game, playable
from .sampling import SamplingError, sample_state
from .scoring import RATINGS, Rating, rating
from .spec import Rule
from .state import EndReason, GameState, Outcome, Turn
from .variants import VARIANTS, Variant
from .views import PlayerView, SeenTurn, view

__version__ = "0.1.0.dev0"

__all__ = [
    "EDITIONS",
    "RANKS",
    "RATINGS",
    "VARIANTS",
    "Action",
    "Card",
    "CardKnowledge",
    "ClueTouch",
    "ColourClue",
    "DealtCard",
    "Discard",
    "Edition",
    "EndReason",
    "GameRecord",
    "GameState",
    "HanabiError",
    "IllegalAction",
    "InvalidAction",
    "InvalidArgument",
    "InvalidDeck",
    "InvalidOptions",
    "InvalidRecord",
    "Options",
    "Outcome",
    "Play",
    "PlayerView",
    "RankClue",
    "Rating",
    "Rule",
    "SamplingError",
    "SeenTurn",
    "Suit",
    "Turn",
    "Variant",
    "abandon",
    "apply",
    "check",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_record",
    "playable",
    "rating",
    "read_record",
    "sample_state",
    "view",
    "write_record",
]
