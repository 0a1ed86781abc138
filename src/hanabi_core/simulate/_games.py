"""One game's result, and one bot's results kept as columns (a few bytes a game)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from attrs import frozen

from ..state import EndReason

#: The columns of `GameResults`, in `GameResult`'s order, and their array type codes: the seed
#: (0 to 2**64 - 1), then plain counts (a C int each), the reason as an index into `_reasons`.
_COLUMNS = (
    ("seed", "Q"), ("score", "i"), ("max_score", "i"), ("turns", "i"), ("storms", "i"),
    ("reason", "B"), ("fireworks", "i"),
)  # fmt: skip
_STORM_OUT = EndReason.STORM_OUT.value


@frozen
class GameResult:
    """How one game went.

    Attributes:
        seed: the deal's seed (rule 2.5); with Quux deals, the game's index in the stream.
        score: the final score (section 8), under the game's options.
        max_score: the variant's highest score.
        turns: actions taken.
        storms: Storm tokens turned.
        reason: why the game ended (an `EndReason` value, e.g. ``"storm-out"``).
        fireworks: the points on the fireworks at the end (rule 8.1): the score kept on a
            storm-out (rule 10.5); the score itself in any other game.
    """

    seed: int
    score: int
    max_score: int
    turns: int
    storms: int
    reason: str
    fireworks: int = -1

    def __attrs_post_init__(self) -> None:
        if self.fireworks == -1:  # made without it: the score is what the fireworks show
            object.__setattr__(self, "fireworks", self.score)

    @property
    def storm_out(self) -> bool:
        """The last Storm ended the game (rule 7.1)."""
        return self.reason == EndReason.STORM_OUT.value

    @property
    def kept_score(self) -> int:
        """The score with the fireworks kept on a storm-out (Quux's and hanabi.rs's scoring)."""
        return self.fireworks if self.storm_out else self.score

    @property
    def zero_score(self) -> int:
        """The score with zero on a storm-out (HLE's and the HLE paper's scoring)."""
        return 0 if self.storm_out else self.score

    @property
    def perfect(self) -> bool:
        """The score is the maximum."""
        return self.score == self.max_score


class GameResults(Sequence[GameResult]):
    """One bot's game results, by seed, kept as columns (`array`s: about 30 bytes a game, where a
    tuple of `GameResult` objects takes about 110), so that a run of ten million games fits; a
    sequence of [`GameResult`][hanabi_core.simulate.GameResult], each made when read. It equals
    any sequence of the same results, and is immutable.

    ```python
    from hanabi_core.simulate import GameResult, GameResults

    one = GameResult(seed=3, score=20, max_score=25, turns=60, storms=1, reason="deck-exhausted")
    results = GameResults([one])
    assert results[0] == one and results == (one,) and len(results) == 1
    assert results.column("score") == [20]
    ```
    """

    __slots__ = ("_columns", "_reasons")

    def __init__(self, results: Iterable[GameResult] = ()) -> None:
        self._columns = tuple(array(code) for _, code in _COLUMNS)
        self._reasons: list[str] = []
        self._extend(
            (r.seed, r.score, r.max_score, r.turns, r.storms, r.reason, r.fireworks)
            for r in results
        )

    def _extend(self, rows: Iterable[tuple[int, int, int, int, int, str, int]]) -> None:
        """Append rows in `GameResult`'s field order (while `simulate` builds it only)."""
        reasons = self._reasons
        for seed, score, max_score, turns, storms, reason, fireworks in rows:
            if reason not in reasons:
                reasons.append(reason)
            values = (seed, score, max_score, turns, storms, reasons.index(reason), fireworks)
            try:
                for column, value in zip(self._columns, values, strict=True):
                    column.append(value)
            except (OverflowError, TypeError):
                complete = len(self._columns[-1])  # the last column is written last
                for column in self._columns:
                    del column[complete:]  # the refused row's first cells
                raise ValueError(
                    "a game result's seed is a whole number from 0 to 2**64 - 1 and its counts "
                    f"whole numbers below 2**31, got {values}"
                ) from None

    def _reordered(self, spans: list[tuple[int, int, int]]) -> GameResults:
        """The results with the (first seed, offset, count) spans put in seed order (itself when
        they came in order, as on one worker: no second copy)."""
        if spans == sorted(spans):
            return self
        out = GameResults()
        out._reasons = list(self._reasons)
        for _, offset, count in sorted(spans):
            for mine, theirs in zip(out._columns, self._columns, strict=True):
                mine.extend(theirs[offset : offset + count])
        return out

    def column(self, name: str) -> list[int]:
        """One whole-number field of every result, by seed, as a fresh list (``"seed"``,
        ``"score"``, ``"max_score"``, ``"turns"``, ``"storms"``, ``"fireworks"``).

        Raises:
            ValueError: no such field (the reasons are `reasons()`).
        """
        for (field, _), column in zip(_COLUMNS, self._columns, strict=True):
            if field == name and field != "reason":
                return column.tolist()
        numbers = ", ".join(f for f, _ in _COLUMNS if f != "reason")
        raise ValueError(f"no column {name!r}; the columns are {numbers} (and reasons())")

    def reasons(self) -> list[str]:
        """Why each game ended (an `EndReason` value), by seed."""
        return [self._reasons[i] for i in self._columns[5]]

    def storm_outs(self) -> list[bool]:
        """Whether each game ended by the last Storm (rule 7.1), by seed."""
        if _STORM_OUT not in self._reasons:
            return [False] * len(self)
        index = self._reasons.index(_STORM_OUT)
        return [i == index for i in self._columns[5]]

    def __len__(self) -> int:
        return len(self._columns[0])

    @overload
    def __getitem__(self, index: int) -> GameResult: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[GameResult, ...]: ...

    def __getitem__(self, index: int | slice) -> GameResult | tuple[GameResult, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("GameResults index out of range")
        seed, score, max_score, turns, storms, reason, fireworks = (c[index] for c in self._columns)
        return GameResult(seed, score, max_score, turns, storms, self._reasons[reason], fireworks)

    def __iter__(self) -> Iterator[GameResult]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameResults):
            if self._reasons == other._reasons:
                return self._columns == other._columns
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((len(self), self._columns[0].tobytes(), self._columns[1].tobytes()))

    def __repr__(self) -> str:
        return f"GameResults({len(self)} games)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._columns, self._reasons))


def _rebuild(columns: tuple[array[int], ...], reasons: list[str]) -> GameResults:
    results = GameResults()
    results._columns = columns
    results._reasons = reasons
    return results
