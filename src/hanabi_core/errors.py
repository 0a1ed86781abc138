"""The errors hanabi_core raises on purpose.

```text
HanabiError
├── IllegalAction      (also ValueError)  an action the rules forbid; .rule, .action, .state
├── InvalidOptions     (also ValueError)  Options that are not a game; .field
├── InvalidDeck        (also ValueError)  a deck that is not the variant's cards; .field
└── InvalidRecord      (also ValueError)  a game record that cannot be read; .path
```

Every error carries a message a player understands. Nothing that raises one of these has changed
anything: a refused action leaves the state as it was (states are immutable anyway).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .spec import Rule

__all__ = ["HanabiError", "IllegalAction", "InvalidDeck", "InvalidOptions", "InvalidRecord"]


class HanabiError(Exception):
    """Base of every error the library raises on purpose. Never raised itself."""


class IllegalAction(HanabiError, ValueError):
    """An action the rules forbid in this state.

    Attributes:
        rule: the spec rule that forbids the action (a [`Rule`][hanabi_core.spec.Rule], which
            compares equal to its id, e.g. ``"5.2"``).
        action: the action that was refused.
        state: the state it was refused in (unchanged).
        reason: the plain-words sentence, without the rule reference.
        turn: when the action came from a game record, the index of the refused action in it.
    """

    def __init__(
        self,
        rule: Rule,
        reason: str,
        *,
        action: Any = None,
        state: Any = None,
        turn: int | None = None,
    ) -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        self.state = state
        self.turn = turn
        super().__init__(self._message())

    def _message(self) -> str:
        where = f"Turn {self.turn}: " if self.turn is not None else ""
        return f"{where}{self.reason} ({self.rule})"

    def at_turn(self, turn: int) -> IllegalAction:
        """The same error, naming the turn (the index of the action in a record) it happened at."""
        return IllegalAction(
            self.rule, self.reason, action=self.action, state=self.state, turn=turn
        )


class InvalidOptions(HanabiError, ValueError):
    """Options that do not describe a game the rules allow.

    Attributes:
        field: the name of the option at fault, e.g. ``"players"``.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"Invalid option {field!r}: {message}")


class InvalidDeck(HanabiError, ValueError):
    """A deck that is not exactly the variant's cards.

    Attributes:
        field: what is at fault, e.g. ``"deck"`` or ``"seed"``.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"Invalid {field}: {message}")


class InvalidRecord(HanabiError, ValueError):
    """A game record that cannot be read.

    Attributes:
        path: the JSON path of the field at fault, e.g. ``"$.actions[3].type"``.
    """

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"Invalid record at {path}: {message}")
