"""The four actions of a turn (spec section 3, rule 3.1).

Actions are frozen values. They say what the acting player *chooses*, never what follows from it:
a clue names its target and its colour or rank, and the rules compute which cards it touches, so
a partial clue cannot even be expressed (rule 4.4). `slot` indexes the acting player's own hand,
oldest card first; `target` is an absolute seat.
"""

from __future__ import annotations

from typing import Union

from attrs import field, frozen
from attrs.validators import instance_of

__all__ = ["Action", "ColourClue", "Discard", "Play", "RankClue"]

_int = instance_of(int)


@frozen
class Play:
    """Play the card in `slot` of your own hand (section 6)."""

    slot: int = field(validator=_int)

    def __str__(self) -> str:
        return f"play slot {self.slot}"


@frozen
class Discard:
    """Discard the card in `slot` of your own hand (section 5)."""

    slot: int = field(validator=_int)

    def __str__(self) -> str:
        return f"discard slot {self.slot}"


@frozen
class ColourClue:
    """Tell the player in seat `target` which of their cards are `colour` (rules 4.1–4.6)."""

    target: int = field(validator=_int)
    colour: str = field(validator=instance_of(str))

    def __str__(self) -> str:
        return f"clue {self.colour} to seat {self.target}"


@frozen
class RankClue:
    """Tell the player in seat `target` which of their cards are `rank`s (rules 4.1–4.5, 4.7)."""

    target: int = field(validator=_int)
    rank: int = field(validator=_int)

    def __str__(self) -> str:
        return f"clue {self.rank}s to seat {self.target}"


#: Any action.
Action = Union[Play, Discard, ColourClue, RankClue]  # noqa: UP007  (a runtime alias on 3.10)
