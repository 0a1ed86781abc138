"""The four actions of a turn (spec section 3, rule 3.1).

Actions are frozen values. They say what the acting player *chooses*, never what follows from it:
a clue names its target and its colour or rank, and the rules compute which cards it touches, so
a partial clue cannot even be expressed (rule 4.4). `slot` indexes the acting player's own hand,
oldest card first; `target` is an absolute seat.

A field of the wrong kind is refused when the action is built, with
[`InvalidAction`][hanabi_core.InvalidAction] (as [`Options`][hanabi_core.Options] refuses bad
settings): slots, targets and ranks are whole numbers that fit in 64 bits (a bool is not a number
here), colours are strings. Whether the action is *legal* is for the rules to say.
"""

from __future__ import annotations

from typing import Any, Union

from attrs import Attribute, field, frozen

from .errors import InvalidAction, brief

__all__ = ["Action", "ColourClue", "Discard", "Play", "RankClue"]

#: The range of a slot, a target or a rank: beyond it no number can name a card or a seat, and a
#: number of thousands of digits cannot even be printed in a message.
_LOW, _HIGH = -(2**63), 2**63 - 1


def whole_number(instance: object, attribute: Attribute[Any], value: object) -> None:
    """The attrs validator of an action's slot, seat or rank (and of the views' hidden actions):
    a whole number within 64 bits, never a bool, else `InvalidAction` naming the field."""
    # `type() is int`: True and False are ints to Python, never a slot or a seat here.
    if type(value) is not int:
        raise InvalidAction(attribute.name, f"must be a whole number, got {brief(value)}")
    if not _LOW <= value <= _HIGH:
        raise InvalidAction(attribute.name, "must be a whole number within 64 bits")


class _Final:
    """Refuses subclasses: `apply` would take a subclass's instance, but it would never equal the
    action `legal_actions` lists (attrs compares classes exactly), so one action would be two."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if any(base is not _Final and _Final in base.__bases__ for base in cls.__bases__):
            raise InvalidAction(
                "class", f"the action classes cannot be subclassed ({cls.__name__})"
            )
        super().__init_subclass__(**kwargs)


def _str(instance: object, attribute: Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise InvalidAction(attribute.name, f"must be a string, got {brief(value)}")


@frozen
class Play(_Final):
    """Play the card in `slot` of your own hand (section 6)."""

    slot: int = field(validator=whole_number)

    def __str__(self) -> str:
        return f"play slot {self.slot}"


@frozen
class Discard(_Final):
    """Discard the card in `slot` of your own hand (section 5)."""

    slot: int = field(validator=whole_number)

    def __str__(self) -> str:
        return f"discard slot {self.slot}"


@frozen
class ColourClue(_Final):
    """Tell the player in seat `target` which of their cards are `colour` (rules 4.1–4.6)."""

    target: int = field(validator=whole_number)
    colour: str = field(validator=_str)

    def __str__(self) -> str:
        return f"clue {self.colour} to seat {self.target}"


@frozen
class RankClue(_Final):
    """Tell the player in seat `target` which of their cards are `rank`s (rules 4.1–4.5, 4.7)."""

    target: int = field(validator=whole_number)
    rank: int = field(validator=whole_number)

    def __str__(self) -> str:
        return f"clue {self.rank}s to seat {self.target}"


#: Any action.
Action = Union[Play, Discard, ColourClue, RankClue]  # noqa: UP007  (a runtime alias on 3.10)
