"""Quux's decks and its game files: the deck stream, the move notation, the replayer.

The public names are [`hanabi_core.quux`][hanabi_core.quux]'s; see its page."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import islice
from typing import Any

from attrs import frozen

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import Card
from ..errors import HanabiError, InvalidArgument
from ..options import EDITIONS
from ..rules import apply, new_game
from ..state import EndReason, GameState
from ..variants import VARIANTS, Variant
from ..views._incremental import IncrementalViews

#: Quux's colour letters, in its `enum Color` order (RED=0, ORANGE, YELLOW, GREEN, BLUE).
COLOUR_LETTERS = "roygb"

QUUX_VARIANT: Variant = VARIANTS["quux"]
"""Quux's five suits: red, orange, yellow, green and blue (``VARIANTS["quux"]``)."""

_SUIT_OF_LETTER = dict(zip(COLOUR_LETTERS, QUUX_VARIANT.suit_names, strict=True))
_LETTER_OF_SUIT = {suit: letter for letter, suit in _SUIT_OF_LETTER.items()}

_N = 624
_M = 397
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK = 0xFFFFFFFF


class Mt19937:
    """The 32-bit Mersenne Twister MT19937, seeded as ``std::mt19937(seed)`` (``init_genrand``).

    `next()` gives the same outputs, in order, as C++'s ``std::mt19937`` (and the reference
    ``genrand_int32``): the first for seed 5489 (the C++ default) is 3499211612, and the 10000th
    is 4123659995, as the C++ standard requires.

    Args:
        seed: taken modulo 2**32, as ``init_genrand`` does.

    ```python
    from hanabi_core.quux import Mt19937
    assert Mt19937(1).next() == 1791095845
    ```
    """

    __slots__ = ("_index", "_mt")

    def __init__(self, seed: int) -> None:
        if type(seed) is not int or seed < 0:
            raise InvalidArgument("seed", f"must be a whole number of at least 0, got {seed!r}")
        mt = [seed & _MASK]
        for i in range(1, _N):
            prev = mt[-1]
            mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK)
        self._mt = mt
        self._index = _N

    def _twist(self) -> None:
        mt = self._mt
        for i in range(_N):
            y = (mt[i] & _UPPER) | (mt[(i + 1) % _N] & _LOWER)
            mt[i] = mt[(i + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._index = 0

    def next(self) -> int:
        """The next 32-bit output."""
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def unshuffled() -> tuple[Card, ...]:
    """Quux's unshuffled deck: for colour r, o, y, g, b, for rank 1 to 5, its copies (3, 2, 2, 2,
    1): r1 r1 r1 r2 r2 … b5, 50 cards."""
    return tuple(
        Card(suit, rank)
        for suit in QUUX_VARIANT.suit_names
        for rank, copies in zip(range(1, 6), (3, 2, 2, 2, 1), strict=True)
        for _ in range(copies)
    )


_UNSHUFFLED = unshuffled()


def decks(seed: int = 1) -> Iterator[tuple[Card, ...]]:
    """Quux's decks for `seed`, game after game, each top card (first drawn) first.

    Game *k* is what ``run_<Bot> --seed S --games G --every G`` (one server, one stream) deals in
    its *k*-th game: the unshuffled deck shuffled with outputs 50k to 50k + 49 of
    ``std::mt19937(S)`` (``portable_shuffle``: for i from 0 to 49, swap positions i and
    ``x mod (i + 1)``), then drawn from the back.

    Raises:
        InvalidArgument: the seed is not a whole number from 0 to 2**32 - 1.
    """
    for codes in deck_codes(seed):
        yield deck_from_codes(codes)


def deck_codes(seed: int = 1) -> Iterator[bytes]:
    """The decks of [`decks`][hanabi_core.quux.decks], each as 50 bytes: the cards' positions in
    the [`unshuffled`][hanabi_core.quux.unshuffled] deck, top card first (compact to send to a
    worker process; [`deck_from_codes`][hanabi_core.quux.deck_from_codes] reads them).

    Raises:
        InvalidArgument: the seed is not a whole number from 0 to 2**32 - 1.
    """
    if type(seed) is not int or not 0 <= seed <= _MASK:
        raise InvalidArgument("seed", f"must be a whole number from 0 to 2**32 - 1, got {seed!r}")
    return _codes(Mt19937(seed))


def _codes(rng: Mt19937) -> Iterator[bytes]:
    step = rng.next
    size = len(_UNSHUFFLED)
    while True:
        cards = list(range(size))
        for i in range(size):
            j = step() % (i + 1)
            if j != i:
                cards[i], cards[j] = cards[j], cards[i]
        cards.reverse()  # the server pops from the back: the last card is the top one
        yield bytes(cards)


def deck_from_codes(codes: bytes, suits: Sequence[str] | None = None) -> tuple[Card, ...]:
    """The cards of one deck of [`deck_codes`][hanabi_core.quux.deck_codes], top card first;
    with `suits`, Quux's five colours are named by these suits, by position (by default red,
    orange, yellow, green and blue)."""
    if suits is None:
        return tuple(_UNSHUFFLED[code] for code in codes)
    named = _named(tuple(suits))
    return tuple(named[code] for code in codes)


@lru_cache(maxsize=16)
def _named(suits: tuple[str, ...]) -> tuple[Card, ...]:
    # Quux's unshuffled deck is ten cards of each colour in turn: code // 10 is the colour.
    return tuple(Card(suits[code // 10], card.rank) for code, card in enumerate(_UNSHUFFLED))


def deck_at(seed: int, game: int) -> tuple[Card, ...]:
    """Game `game`'s deck (counted from 0) of the stream `decks(seed)`."""
    return next(islice(decks(seed), game, None))


def deck(text: str) -> tuple[Card, ...]:
    """Cards from Quux's colour-and-rank notation, e.g. ``"g1 y3 b1"`` (colour letters
    ``r o y g b``).

    Raises:
        InvalidArgument: a word is not a colour letter followed by a rank from 1 to 5.
    """
    out = []
    for word in text.split():
        if len(word) != 2 or word[0] not in _SUIT_OF_LETTER or word[1] not in "12345":
            raise InvalidArgument("deck", f"{word!r} is not a card such as 'r1' or 'b5'")
        out.append(Card(_SUIT_OF_LETTER[word[0]], int(word[1])))
    return tuple(out)


def deck_text(cards: Sequence[Card]) -> str:
    """The cards in Quux's notation, the inverse of [`deck`][hanabi_core.quux.deck]."""
    return " ".join(f"{_LETTER_OF_SUIT[c.suit]}{c.rank}" for c in cards)


def move_action(move: str) -> Action:
    """One move of a Quux game file as an action: ``P<i>`` plays hand index *i*, ``D<i>`` discards
    it (index 0 is the oldest card, as the library's slot 0), ``C<t><c>`` clues colour letter *c*
    to seat *t*, ``V<t><v>`` clues value *v* to seat *t* (seats are absolute).

    Raises:
        InvalidArgument: the move is not in that notation.
    """
    try:
        kind = move[0]
        if kind == "P" and len(move) == 2:
            return Play(int(move[1]))
        if kind == "D" and len(move) == 2:
            return Discard(int(move[1]))
        if kind == "C" and len(move) == 3:
            return ColourClue(int(move[1]), _SUIT_OF_LETTER[move[2]])
        if kind == "V" and len(move) == 3 and move[2] in "12345":
            return RankClue(int(move[1]), int(move[2]))
    except (IndexError, KeyError, ValueError):
        pass
    raise InvalidArgument("move", f"{move!r} is not a move such as 'P2', 'D0', 'C1y' or 'V11'")


def action_move(action: Action) -> str:
    """An action in Quux's move notation, the inverse of
    [`move_action`][hanabi_core.quux.move_action]."""
    if isinstance(action, Play):
        return f"P{action.slot}"
    if isinstance(action, Discard):
        return f"D{action.slot}"
    if isinstance(action, ColourClue):
        return f"C{action.target}{_LETTER_OF_SUIT[action.colour]}"
    if isinstance(action, RankClue):
        return f"V{action.target}{action.rank}"
    raise InvalidArgument("action", f"{action!r} has no Quux notation")


#: How Quux's files name the way a game ended (rules 7.1, 7.2 and 7.3).
_END = {
    EndReason.STORM_OUT: "strikes",
    EndReason.ALL_FIREWORKS: "perfect",
    EndReason.FINAL_ROUND: "deck",
}


@frozen
class ReplayResult:
    """How a Quux game line went when played again through this library.

    Attributes:
        game: the game's index in the stream.
        players: seats.
        state: the state reached (the final one when every move matched).
        moves: the moves played, in Quux's notation (the bot's, when a bot played).
        first_difference: ``None`` when every move and the final score, Storms and end matched;
            otherwise a sentence naming the first move (its number, seat, the expected and the
            played move) or the final figure that differ.
    """

    game: int
    players: int
    state: GameState
    moves: tuple[str, ...]
    first_difference: str | None

    @property
    def matches(self) -> bool:
        """Every move and the final score, Storms and end matched."""
        return self.first_difference is None


def replay_line(line: str | dict[str, Any], bot: str | None = None) -> ReplayResult:
    """Play one line of a Quux game file (``games-<Bot>-<P>p.jsonl``) through this library under
    the ``quux`` edition.

    With `bot` (a name of [`BOTS`][hanabi_core.bots.BOTS], e.g. ``"quux-simple"``), every seat
    is that bot and its moves are compared with the file's; without it, the file's moves are
    applied as they stand. Either way the deck is the line's, and the final score (kept on the
    last Storm), the Storms and the end are compared too.

    Raises:
        InvalidArgument: the line is not such a game.

    ```python
    from hanabi_core.quux import replay_line

    line = {"game": 0, "players": 2, "deck": "g1 y3 b1 o1 b2 g4 y4 y1 y2 r4 o4 o5 r4 o3 o2 y3 "
            "g3 r3 y5 g5 b1 o4 b4 g4 r5 r1 y2 o1 o3 r2 y1 b2 o1 y4 b3 b5 g2 g3 b3 r1 b4 b1 r1 "
            "r2 o2 g1 y1 g2 r3 g1", "moves": "V11 P2", "score": 0, "strikes": 0, "end": "deck"}
    result = replay_line(line)
    assert result.first_difference == "the file's moves ran out after move 2 with the game on"
    ```
    """
    try:
        data: dict[str, Any] = json.loads(line) if isinstance(line, str) else dict(line)
        players = int(data["players"])
        cards = deck(data["deck"])
        expected = str(data["moves"]).split()
        game = int(data.get("game", 0))
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidArgument("line", f"is not a Quux game line: {error}") from None
    options = EDITIONS["quux"].options(players)
    state = new_game(options, deck=cards)
    views = IncrementalViews(state)  # `views.view`'s views, each turn read once
    seats = None
    if bot is not None:
        # The registry lists these bots too (bots/ imports this package), so it is read on use.
        from ..bots import BOTS, decide  # noqa: PLC0415

        if bot not in BOTS:
            raise InvalidArgument("bot", f"unknown bot {bot!r}; the bots are {', '.join(BOTS)}")
        seats = [BOTS[bot](random.Random(seat)) for seat in range(players)]
    played: list[str] = []
    difference: str | None = None
    while state.outcome is None:
        k = len(played)
        seat = state.current_player
        want = expected[k] if k < len(expected) else None
        if seats is not None:
            action = decide(seats[seat], views.view(state, seat), state.hands[seat])
            move = action_move(action)
        else:
            if want is None:
                difference = f"the file's moves ran out after move {k} with the game on"
                break
            move = want
            action = move_action(move)
        played.append(move)
        if want is None:
            difference = (
                f"the file's moves ran out at move {k} (seat {seat}): the bot played {move}"
            )
            break
        if move != want:
            difference = f"move {k} (seat {seat}): the file has {want}, the bot played {move}"
            break
        try:
            state = apply(state, action)
        except HanabiError as error:
            difference = f"move {k} (seat {seat}) {move} is refused: {error}"
            break
    if difference is None:
        outcome = state.outcome
        assert outcome is not None
        if len(played) != len(expected):
            difference = f"the game ended after {len(played)} moves, the file has {len(expected)}"
        elif outcome.score != data.get("score"):
            difference = f"the score is {outcome.score}, the file has {data.get('score')}"
        elif state.storms != data.get("strikes"):
            difference = f"{state.storms} Storms, the file has {data.get('strikes')}"
        elif "end" in data and _END.get(outcome.reason) != data["end"]:
            end = _END.get(outcome.reason, outcome.reason.value)
            difference = f"the game ended by {end}, the file has {data['end']}"
    return ReplayResult(game, players, state, tuple(played), difference)
