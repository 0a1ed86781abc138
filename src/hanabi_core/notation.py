"""The action notation: `str(action)` writes an action, [`parse_action`][hanabi_core.parse_action]
reads it back.

| action | written |
|---|---|
| `Play(2)` | ``play slot 2`` |
| `Discard(0)` | ``discard slot 0`` |
| `ColourClue(1, "red")` | ``clue red to seat 1`` |
| `RankClue(1, 3)` | ``clue 3s to seat 1`` |

Slots count from 0, the oldest card (rule 2.4); seats are absolute. A colour is written as the
variant names it (``clue Red to seat 1`` on hanab.live); one that would not read back bare (a
colour that looks like a number, holds a quote, a line break or runs of spaces) is written as a
JSON string: ``clue "3s" to seat 1``. Error messages (``Cannot clue blue to seat 1: …``), the
table of `str(state)` and the CLI speak the same notation.

`parse_action` is lenient where a person would be: the words are case-insensitive, ``slot`` may
be left out (``play 2``), a rank may lose its ``s`` (``clue 3 to seat 1``), and a colour is
matched to the variant's spelling (``clue red to seat 1`` is ``ColourClue(1, "Red")`` on
hanab.live). It parses; it does not judge: whether the action is legal is for
[`apply`][hanabi_core.apply] and [`check`][hanabi_core.check] to say, with the rule.

```python
from hanabi_core import ColourClue, Options, Play, legal_actions, new_game, parse_action

state = new_game(Options(3), seed=1)
assert parse_action("play slot 2", state) == Play(2) == parse_action("Play 2", state)
assert parse_action("clue RED to seat 1", state) == ColourClue(1, "red")
assert all(parse_action(str(a), state) == a for a in legal_actions(state))
```
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from .actions import Action, ColourClue, Discard, Play, RankClue
from .errors import InvalidAction, brief
from .options import Options
from .variants import Variant

if TYPE_CHECKING:
    from .state import GameState
    from .views import PlayerView

__all__ = ["parse_action"]

_SLOT = re.compile(r"\s*(play|discard)\s+(?:slot\s+)?([+-]?\d+)\s*", re.IGNORECASE)
_CLUE = re.compile(r"\s*clue\s+(.+)\s+to\s+seat\s+([+-]?\d+)\s*", re.IGNORECASE | re.DOTALL)
_RANK = re.compile(r"([+-]?\d+)s?", re.IGNORECASE)

#: The forms `parse_action` reads, for its error message.
_FORMS = "'play slot N', 'discard slot N', 'clue COLOUR to seat N' or 'clue Ns to seat N'"


def parse_action(text: str, game: GameState | PlayerView | Options | Variant) -> Action:
    """The action `text` writes in the action notation (the inverse of `str(action)`).

    Args:
        text: e.g. ``"play slot 0"``, ``"discard 3"``, ``"clue red to seat 1"``,
            ``"clue 5s to seat 2"``.
        game: the state or view the action is for (or its `Options` or `Variant`): its variant
            says how its colours are spelt.

    Raises:
        InvalidAction: `text` is not an action in the notation (``field`` is ``"text"``), or a
            number in it is out of range.

    ```python
    from hanabi_core import Options, RankClue, new_game, parse_action
    from hanabi_core.hanablive import variant

    state = new_game(Options(2, variant=variant("Pink (6 Suits)")), seed=1)
    assert parse_action("clue purple to seat 1", state).colour == "Purple"
    assert parse_action("clue 4 to seat 0", state) == RankClue(0, 4)
    ```
    """
    if not isinstance(text, str):
        raise InvalidAction("text", f"an action is written as a string, got {brief(text)}")
    variant = _variant_of(game)
    slot = _SLOT.fullmatch(text)
    if slot is not None:
        kind = Play if slot.group(1).lower() == "play" else Discard
        return kind(_number(slot.group(2), text))
    clue = _CLUE.fullmatch(text)
    if clue is None:
        raise InvalidAction("text", f"{brief(text)} is not an action: write {_FORMS}")
    told, target = clue.group(1).strip(), _number(clue.group(2), text)
    rank = _RANK.fullmatch(told)
    if rank is not None:
        return RankClue(target, _number(rank.group(1), text))
    if told.startswith('"'):
        try:
            colour = json.loads(told)
        except ValueError:
            colour = None
        if not isinstance(colour, str):
            raise InvalidAction(
                "text", f'{brief(text)}: a quoted colour must be one JSON string, like "Red"'
            )
        return ColourClue(target, _spelling(colour, variant))
    return ColourClue(target, _spelling(" ".join(told.split()), variant))


def _variant_of(game: object) -> Variant:
    if isinstance(game, Variant):
        return game
    if isinstance(game, Options):
        return game.variant
    options = getattr(game, "options", None)
    if not isinstance(options, Options):
        raise InvalidAction(
            "game", f"parse_action needs a state, a view, Options or a Variant, got {brief(game)}"
        )
    return options.variant


def _number(digits: str, text: str) -> int:
    try:
        return int(digits)
    except ValueError:  # beyond Python's limit on the digits of an int
        raise InvalidAction("text", f"{brief(text)}: a number is out of range") from None


def _spelling(colour: str, variant: Variant) -> str:
    """`colour` as `variant` spells it: its clue colour (or else suit) of that name whatever the
    case; as written when it names none, so that the rules refuse it with their rule (4.3)."""
    for names in (variant.clue_colours, variant.suit_names):
        if colour in names:
            return colour
        folded = [name for name in names if name.casefold() == colour.casefold()]
        if len(folded) == 1:
            return folded[0]
    return colour
