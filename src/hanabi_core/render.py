"""Readable values: the table of a game as text and as SVG, like a board in python-chess.

`str()` of a [`GameState`][hanabi_core.GameState] or a [`PlayerView`][hanabi_core.PlayerView]
is [`text`][hanabi_core.render.text]; in a notebook both draw themselves with
[`svg`][hanabi_core.render.svg] (their ``_repr_html_``). Both show the same table: the fireworks,
the tokens, every hand with its clue marks (what each card's holder has been told), the discard
pile, whose turn it is and the last action.

```python
from hanabi_core import Options, apply, legal_actions, new_game, render

state = new_game(Options(3), seed=7)
for _ in range(12):
    state = apply(state, legal_actions(state)[-1])
table = render.text(state)
assert table == str(state) and "Fireworks:" in table and "Notes " in table
assert len(table.splitlines()) <= 25 and max(map(len, table.splitlines())) <= 100
assert repr(state) == "<GameState base 3p turn 12 score 0>"
assert render.svg(state).startswith("<svg")
```

The words are the library's (spec's glossary): **Notes** are the clue tokens (hints) and
**Storms** the strike tokens (fuses; HLE counts the lives left instead); the table says so once.
Slots count from 0, the oldest card, as everywhere in hanabi_core; a card's clue mark reads
``red ?`` (told it is red), ``? 3`` (told it is a 3), ``Red/Rainbow ?`` (either suit), or ``-``
(told nothing).
"""

from __future__ import annotations

import hashlib
import html
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import ColourClue, RankClue
from .cards import START, Card, ClueTouch, DealtCard, Suit
from .errors import InvalidArgument, brief
from .knowledge import CardKnowledge
from .scoring import max_points
from .state import Direction, GameState, Outcome
from .variants import ID_PREFIX, Variant
from .views import HiddenClue, PlayerView, SeenTurn, view

if TYPE_CHECKING:
    from .state import Turn

__all__ = ["WIDTH", "outcome", "state_repr", "suit_fill", "svg", "text", "view_repr"]

#: The widest line `text` writes, in characters.
WIDTH = 100

#: A function that decorates a piece of the table (a card's label, a suit's name) given its text
#: and its suit name, e.g. with ANSI colour codes; the text is already padded to its column.
Paint = Callable[[str, str], str]


# --- the table, read once from a state or a view -------------------------------------------------


class _Slot:
    __slots__ = ("card", "clued", "mark")

    def __init__(self, card: Card | None, mark: str, clued: bool) -> None:
        self.card = card  # None: the viewer's own card, face unknown
        self.mark = mark
        self.clued = clued


class _Table:
    """What both renderers draw, read from a state or a view."""

    def __init__(self, game: GameState | PlayerView, names: Sequence[str] | None) -> None:
        if not isinstance(game, (GameState, PlayerView)):
            raise InvalidArgument("game", f"must be a GameState or a PlayerView, got {brief(game)}")
        options = game.options
        if names is not None and (
            isinstance(names, str)
            or len(names) != options.players
            or not all(isinstance(name, str) for name in names)
        ):
            raise InvalidArgument(
                "names", f"must be {options.players} strings, one per seat, got {brief(names)}"
            )
        variant = options.variant
        self.game = game
        self.variant = variant
        self.players = options.players
        self.names = [_seat_name(names, seat) for seat in range(self.players)]
        self.viewer = game.seat if isinstance(game, PlayerView) else None
        self.outcome = game.outcome
        self.current = None if game.outcome is not None else game.current_player
        self.turn = game.turn
        self.turns_left = game.turns_left
        self.built = game.built
        self.directions = game.directions
        self.starts = game.starts
        # Rule 9.25: Clue Starved counts Notes in halves; the table shows Notes, not units.
        self.notes = game.notes / variant.note_units
        self.max_notes = options.max_notes
        self.storms = game.storms
        self.max_storms = options.max_storms
        self.score = game.score
        self.max_score = max_points(options)
        self.discards = game.discards
        if isinstance(game, PlayerView):
            self.deck_size = game.deck_size
            knowledge = game.knowledge
            hands: Sequence[Sequence[DealtCard] | None] = game.hands
            self.hole = game.hole
            self.last = (
                _seen_turn_words(game.history[-1], self.names, variant) if game.history else None
            )
        else:
            self.deck_size = game.deck_size
            # Clue knowledge is common knowledge (rule 12.4): any seat's view holds every seat's.
            knowledge = view(game, 0).knowledge
            hands = game.hands
            self.hole = 0
            turn = game.last_turn
            self.last = None if turn is None else _turn_words(turn, game, self.names, variant)
        self.hands = [
            [
                _Slot(
                    None if hand is None else Card(hand[i].suit, hand[i].rank),
                    _mark(k, variant),
                    k.clued,
                )
                for i, k in enumerate(knowledge[seat])
            ]
            for seat, hand in enumerate(hands)
        ]

    def title(self) -> str:
        who = f"{self.names[self.viewer]}'s view, " if self.viewer is not None else ""
        head = f"{who}{self.variant.label}, {self.players} players, turn {self.turn}"
        if self.outcome is not None:
            reason = self.outcome.reason.value.replace("-", " ")
            return f"{head}: game over ({reason}, rule {self.outcome.rule.value})"
        assert self.current is not None
        mover = "your" if self.current == self.viewer else f"{self.names[self.current]}'s"
        left = self.turns_left
        final = "" if left is None else f" (final round: {left} turn{_s(left)} left)"
        return f"{head}: {mover} turn{final}"

    def tokens(self) -> str:
        storms = "hidden" if self.storms is None else f"{self.storms}/{self.max_storms}"
        score = (
            f"score {self.score}/{self.max_score}"
            if self.score is not None
            else f"score hidden, {self.hole} in the hole"
        )
        notes = f"{self.notes:g}/{self.max_notes}"
        return f"Notes {notes}, Storms {storms}, {score}, deck {self.deck_size}"

    def fireworks(self) -> list[tuple[Suit, str]]:
        """Each suit with its firework's words: the number of cards built and, where it matters,
        its direction or start (rules 9.7, 9.29, 9.32)."""
        built = self.built
        words = []
        for i, suit in enumerate(self.variant.suits):
            if built is None:
                words.append((suit, f"{suit.label} ?"))
                continue
            word = f"{suit.label} {built[i]}"
            if self.directions:
                direction = self.directions[i]
                if direction == Direction.UP:
                    word += " up"
                elif direction == Direction.DOWN:
                    word += " down"
            elif self.starts and self.starts[i]:
                word += f" from {self.starts[i]}"
            elif suit.descending:
                word += " down"
            words.append((suit, word))
        return words

    def top(self, i: int) -> str:
        """The face on top of firework `i`, as a rank label ("" when empty, "?" when hidden)."""
        if self.built is None:
            return "?"
        n = self.built[i]
        if n == 0:
            return ""
        variant = self.variant
        if self.directions:  # rule 9.29: START stands for the 1 going up or the 5 going down
            direction = self.directions[i]
            if direction == Direction.UNDECIDED:
                return "S"
            return str(n if direction == Direction.UP else 6 - n)
        if self.starts:  # rule 9.32: a Sudoku firework wraps around from stack_size to 1
            return str((self.starts[i] - 1 + n - 1) % variant.stack_size + 1)
        return str(variant.suits[i].build_order[n - 1])


def _s(n: int | float) -> str:
    return "" if n == 1 else "s"


def _seat_name(names: Sequence[str] | None, seat: int) -> str:
    return f"seat {seat}" if names is None else names[seat]


def _rank(rank: int) -> str:
    return "START" if rank == START else str(rank)


def _label(card: Card | None, variant: Variant) -> str:
    """A card as people are shown it: its suit's label (`Variant.label_of`) and its rank."""
    return "?" if card is None else f"{variant.label_of(card.suit)} {_rank(card.rank)}"


def _action_words(action: object, variant: Variant) -> str:
    """An action in the notation, a colour clue naming the colour's label (`Variant.label_of`)."""
    if isinstance(action, ColourClue):
        return str(ColourClue(action.target, variant.label_of(action.colour)))
    return str(action)


def _mark(knowledge: CardKnowledge, variant: Variant) -> str:
    """What the card's holder has been told (rule 12.4): the suit and rank its clues leave, one
    or two of each, "?" for more; "-" when they tell nothing."""
    suits = knowledge.suits
    ranks = knowledge.ranks
    suit = "?"
    if len(suits) <= 2 and len(suits) < len(variant.suits):
        suit = "/".join(variant.label_of(name) for name in suits)
    rank = "?"
    if len(ranks) <= 2 and len(ranks) < len(variant.ranks):
        rank = "/".join(map(_rank, ranks))
    if suit == rank == "?":
        return "-"
    return f"{suit} {rank}"


def _slots_words(slots: Sequence[int]) -> str:
    if not slots:
        return "touches nothing"
    return f"touches slot{_s(len(slots))} {', '.join(map(str, slots))}"


def _card_words(
    card: DealtCard | None, misplay: bool | None, gained: bool, variant: Variant
) -> str:
    words = ""
    if card is not None:
        words = f": {_label(Card(card.suit, card.rank), variant)}"
    if misplay:
        words += ", a misplay (a Storm)"
    if gained:
        words += ", a Note back"
    return words


def _turn_words(turn: Turn, state: GameState, names: Sequence[str], variant: Variant) -> str:
    """The last turn of `state`, in the action notation (see `parse_action`)."""
    action = turn.action
    who = names[turn.player]
    if isinstance(action, (ColourClue, RankClue)):
        # The clue was the last turn, so the target's hand is as it was when it was given.
        hand = state.hands[action.target]
        slots = [i for i, card in enumerate(hand) if card.order in turn.touched]
        return f"{who}: {_action_words(action, variant)}, {_slots_words(slots)}"
    words = _card_words(turn.card, turn.misplay, turn.note_gained, variant)
    return f"{who}: {action}{words}"


def _seen_turn_words(turn: SeenTurn, names: Sequence[str], variant: Variant) -> str:
    action = turn.action
    who = names[turn.player]
    if isinstance(action, (ColourClue, RankClue, HiddenClue)):
        return f"{who}: {_action_words(action, variant)}, {_slots_words(turn.slots)}"
    words = _card_words(turn.card, turn.misplay, turn.note_gained, variant)
    return f"{who}: {action}{words}"


# --- text ----------------------------------------------------------------------------------------


def text(
    game: GameState | PlayerView,
    *,
    names: Sequence[str] | None = None,
    paint: Paint | None = None,
) -> str:
    """The table of `game` (a state or one seat's view) as text, at most `WIDTH` characters wide.

    A state shows every hand; a view shows the viewer's own cards as ``?`` (rule 12.1), and hides
    what the variant hides (the hole of Throw It in a Hole, rule 9.33). Under each hand, a row of
    clue marks says what the holder has been told of each card.

    Args:
        game: a [`GameState`][hanabi_core.GameState] or a [`PlayerView`][hanabi_core.PlayerView].
        names: one name per seat (default ``seat 0``, ``seat 1``, …).
        paint: decorates each card label and suit name, given its text and its suit name (for
            colour in a terminal); `None` for plain text.

    Raises:
        InvalidArgument: `game` is neither a state nor a view, or `names` is not one string per
            seat.

    ```python
    from hanabi_core import Options, new_game, render, view

    state = new_game(Options(2), seed=1)
    mine = render.text(view(state, 0), names=["Ann", "Bob"])
    assert mine.startswith("Ann's view, Base game, 2 players, turn 0: your turn")
    assert "? " in mine.splitlines()[4]   # Ann's own cards are hidden from her
    ```
    """
    table = _Table(game, names)
    keep: Paint = paint if paint is not None else (lambda words, suit: words)
    lines = textwrap.wrap(table.title(), WIDTH, subsequent_indent="  ")
    words = [keep(word, suit.name) for suit, word in table.fireworks()]
    lines += _wrap("Fireworks: ", words, "  ", [len(w) for _, w in table.fireworks()])
    tokens = table.tokens()
    if len(tokens) + len(_LEGEND) <= WIDTH:
        lines.append(tokens + _LEGEND)
    else:
        lines += [tokens, _LEGEND.strip()]
    lines.append("Hands (slot 0 is the oldest card; under each card, what its holder was told):")
    labels = [
        table.names[seat] + (" (you)" if seat == table.viewer else "")
        for seat in range(table.players)
    ]
    width = min(16, max(map(len, labels)))
    for seat, hand in enumerate(table.hands):
        marker = ">" if seat == table.current else " "
        head = f"  {marker} {_cut(labels[seat], width):<{width}}  "
        column, gap = _column(table, len(hand), len(head))
        faces = [
            (_cut(_label(s.card, table.variant), column), "" if s.card is None else s.card.suit)
            for s in hand
        ]
        if not hand:
            lines.append(head + "(no cards)")
            continue
        lines.append((head + gap.join(keep(f.ljust(column), suit) for f, suit in faces)).rstrip())
        marks = gap.join(_cut(s.mark, column).ljust(column) for s in hand)
        lines.append((" " * len(head) + marks).rstrip())
    lines += _discard_lines(table.discards, table.variant, keep)
    if table.last is not None:
        lines += textwrap.wrap(f"Last turn: {table.last}", WIDTH, subsequent_indent="  ")
    return "\n".join(lines)


#: The common names of the tokens, beside the library's once (the spec's glossary).
_LEGEND = "   (Notes: clue tokens/hints; Storms: strikes/fuses)"


def _column(table: _Table, cards: int, indent: int) -> tuple[int, str]:
    """The width of a hand's card columns (as wide as the widest label or mark, within WIDTH)
    and the gap between them."""
    widest = max(
        (
            max(len(_label(s.card, table.variant)), len(s.mark))
            for hand in table.hands
            for s in hand
        ),
        default=1,
    )
    for gap in ("   ", "  ", " "):
        room = (WIDTH - indent + len(gap)) // max(cards, 1) - len(gap)
        if widest <= room:
            return widest, gap
    return max(1, room), " "


def _cut(words: str, most: int) -> str:
    return words if len(words) <= most else words[: max(most - 1, 0)] + "~"


def _wrap(head: str, pieces: list[str], sep: str, lengths: list[int]) -> list[str]:
    """`pieces` after `head`, joined by `sep`, wrapped at WIDTH by their visible `lengths`."""
    lines: list[str] = []
    line, used = head, len(head)
    for piece, length in zip(pieces, lengths, strict=True):
        if used > len(head) and used + len(sep) + length > WIDTH:
            lines.append(line)
            line, used = " " * len(head) + piece, len(head) + length
        else:
            if used > len(head):
                line, used = line + sep, used + len(sep)
            line, used = line + piece, used + length
    lines.append(line if pieces else head + "none")
    return lines


def _discard_lines(discards: Sequence[DealtCard], variant: Variant, keep: Paint) -> list[str]:
    """The discard pile by suit, in the variant's order, ranks ascending: `red 1 1 4`."""
    by_suit: dict[str, list[int]] = {}
    for card in discards:
        by_suit.setdefault(card.suit, []).append(card.rank)
    order = {name: i for i, name in enumerate(variant.suit_names)}
    groups = [
        f"{variant.label_of(suit)} {' '.join(_rank(r) for r in sorted(ranks))}"
        for suit, ranks in sorted(by_suit.items(), key=lambda item: order.get(item[0], 99))
    ]
    suits = sorted(by_suit, key=lambda name: order.get(name, 99))
    painted = [keep(g, s) for g, s in zip(groups, suits, strict=True)]
    return _wrap("Discards: ", painted, ", ", [len(g) for g in groups])


def outcome(result: Outcome) -> str:
    """How a game ended, in words: ``final round (rule 7.3), score 23/25``.

    ```python
    from hanabi_core import Options, apply, legal_actions, new_game

    state = new_game(Options(2), seed=1)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert str(state.outcome).startswith("storm out (rule 7.1), score 0/25")
    ```
    """
    why = result.reason.value.replace("-", " ")
    perfect = ", perfect" if result.perfect else ""
    return f"{why} (rule {result.rule.value}), score {result.score}/{result.max_score}{perfect}"


# --- repr ----------------------------------------------------------------------------------------


def _variant_word(variant: Variant) -> str:
    word = variant.id.removeprefix(ID_PREFIX)
    return word if " " not in word else f"'{word}'"


def state_repr(state: GameState) -> str:
    """A short `repr` of a state: ``<GameState base 3p turn 12 score 7>``."""
    over = " over" if state.outcome is not None else ""
    return (
        f"<GameState {_variant_word(state.options.variant)} {state.options.players}p "
        f"turn {state.turn}{over} score {state.score}>"
    )


def view_repr(seen: PlayerView) -> str:
    """A short `repr` of a view: ``<PlayerView seat 1 base 3p turn 12 score 7>``."""
    over = " over" if seen.outcome is not None else ""
    score = "?" if seen.score is None else seen.score
    return (
        f"<PlayerView seat {seen.seat} {_variant_word(seen.options.variant)} "
        f"{seen.options.players}p turn {seen.turn}{over} score {score}>"
    )


# --- SVG -----------------------------------------------------------------------------------------

#: Suit colours by name (lower case, hanab.live's suffixes " Reversed", " EA", " AD", … removed):
#: the fills of hanab.live's ``packages/game/src/json/colors.json`` and ``suits.json`` (facts,
#: not code), and the built-in suits'. A list of several is drawn as a gradient (a rainbow suit).
_FILLS: Mapping[str, tuple[str, ...]] = {
    "red": ("#e60000",),
    "yellow": ("#e6e600",),
    "green": ("#02ec00",),
    "blue": ("#0037ff",),
    "purple": ("#6600cc",),
    "teal": ("#00cccc",),
    "black": ("#111111",),
    "pink": ("#ff69b4",),
    "brown": ("#654321",),
    "white": ("#d9d9d9",),
    "orange": ("#ff8c00",),
    "gray": ("#555555",),
    "grey": ("#555555",),
    "null": ("#ffffff",),
    "dark null": ("#a6a6a6",),
    "prism": ("#d9d9d9", "#ff0000", "#02ec00", "#0037ff", "#d9d9d9"),
    "dark prism": ("#a6a6a6", "#a00000", "#00a000", "#0000a0", "#a6a6a6"),
    "light pink": ("#ffbbdd",),
    "dark pink": ("#800040",),
    "gray pink": ("#b05080",),
    "dark brown": ("#271a0c",),
    "dark orange": ("#623500",),
    "tomato": ("#e60000",),
    "mahogany": ("#660000",),
    "lime": ("#1aff1a",),
    "forest": ("#008000",),
    "sky": ("#1a66ff",),
    "navy": ("#002b80",),
    "carrot": ("#f96401",),
    "ice": ("#e6eeff",),
    "sapphire": ("#99bbff",),
    "ocean": ("#00091a",),
    "tangerine": ("#ff8800",),
    "tan": ("#999900",),
    "indigo": ("#1a0082",),
    "cardinal": ("#810735",),
    "peach": ("#b35f00",),
    "orchid": ("#8c1aff",),
    "violet": ("#400080",),
    "yam": ("#cc9900",),
    "geas": ("#68b840",),
    "beatnik": ("#3f6fa4",),
    "plum": ("#281a58",),
    "taupe": ("#381c12",),
    "berry": ("#3d2fa4",),
    "aqua": ("#00b3b3",),
    "cobalt": ("#0047ab",),
    "cyan": ("#00e6e6",),
    "emerald": ("#00a65a",),
    "gold": ("#d4a900",),
    "jade": ("#00a86b",),
    "jungle": ("#29ab87",),
    "magenta": ("#e600e6",),
    "maroon": ("#800000",),
    "olive": ("#808000",),
    "ruby": ("#c0114f",),
    "rainbow": ("#ff0000", "#ffff00", "#02ec00", "#0037ff", "#8000ff"),
    "multicolour": ("#ff0000", "#ffff00", "#02ec00", "#0037ff", "#8000ff"),
    "dark rainbow": ("#a00000", "#a0a000", "#00a000", "#0000a0", "#5000a0"),
    "muddy rainbow": ("#bb4321", "#bb8021", "#808000", "#8080ff", "#500030"),
    "cocoa rainbow": ("#662211", "#664011", "#404000", "#404080", "#280018"),
    "omni": ("#ffffff", "#8000ff", "#0037ff", "#02ec00", "#ffff00", "#ff0000", "#ffffff"),
    "dark omni": ("#000000", "#5000a0", "#0000a0", "#00a000", "#a0a000", "#a00000", "#000000"),
}
_SUFFIXES = (" reversed", " ea", " va", " ad", " md", " d2", " d")
#: The grey of a card whose face the viewer cannot see.
_HIDDEN = "#b0b0b0"
#: hanab.live's orange border of a clued card.
_CLUED = "#ff9900"


def suit_fill(variant: Variant, suit: Suit | str) -> tuple[str, ...]:
    """The colour (or the colours of a gradient) `svg` paints the cards of `suit` with.

    hanab.live's suits are painted as its client paints them (``colors.json``, ``suits.json``);
    the built-in ones from the same palette (``multicolour`` as a rainbow). A suit of another
    name takes the colours of the clue colours that touch it, every colour for a suit every
    colour touches, and a grey otherwise.

    ```python
    from hanabi_core import VARIANTS
    from hanabi_core.render import suit_fill

    assert suit_fill(VARIANTS["base"], "red") == ("#e60000",)
    assert len(suit_fill(VARIANTS["multicolour"], "multicolour")) == 5
    ```
    """
    found = variant.suit(suit) if isinstance(suit, str) else suit
    name = found.label.lower()
    for suffix in _SUFFIXES:
        if name not in _FILLS and name.endswith(suffix):
            name = name.removesuffix(suffix)
    if name in _FILLS:
        return _FILLS[name]
    words = name.split()
    for word in reversed(words):  # "Dark Teal" → teal
        if word in _FILLS:
            return _FILLS[word]
    if found.touch is ClueTouch.EVERY_COLOUR:
        return _FILLS["rainbow"]
    fills = tuple(_FILLS[c.lower()][0] for c in found.clue_colours if c.lower() in _FILLS)
    if fills:
        return fills
    # A name the palette does not know: a stable grey-ish tone from its name.
    digest = hashlib.sha256(found.label.encode(errors="surrogatepass")).digest()
    return (f"#{digest[0] // 2 + 64:02x}{digest[1] // 2 + 64:02x}{digest[2] // 2 + 64:02x}",)


def _ink(fills: tuple[str, ...]) -> str:
    """Black or white, whichever reads better on `fills`."""
    lights = [
        0.299 * int(f[1:3], 16) + 0.587 * int(f[3:5], 16) + 0.114 * int(f[5:7], 16) for f in fills
    ]
    return "#000000" if sum(lights) / len(lights) > 140 else "#ffffff"


#: What XML 1.0 does not allow in a document (its `Char` production): the C0 controls but tab,
#: line feed and carriage return, the surrogates (lone ones: Python strings may hold them), and
#: U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(words: str) -> str:
    """`words` as XML character data or an attribute value: escaped, and each character XML
    cannot hold (a control character or lone surrogate in a player's or suit's name) shown as
    U+FFFD, so that the SVG stays well-formed whatever the names."""
    return html.escape(_NOT_XML.sub("\ufffd", words))


class _Svg:
    def __init__(self, prefix: str) -> None:
        self.parts: list[str] = []
        self.defs: dict[str, str] = {}
        self.prefix = prefix

    def paint(self, fills: tuple[str, ...]) -> str:
        if len(fills) == 1:
            return fills[0]
        key = f"{self.prefix}g{len(self.defs)}"
        for known, body in self.defs.items():
            if body.endswith(f"<!--{','.join(fills)}-->"):
                return f"url(#{known})"
        step = 100 / (len(fills) - 1)
        stops = "".join(
            f'<stop offset="{i * step:.0f}%" stop-color="{f}"/>' for i, f in enumerate(fills)
        )
        self.defs[key] = (
            f'<linearGradient id="{key}" x1="0" y1="0" x2="1" y2="1">{stops}</linearGradient>'
            f"<!--{','.join(fills)}-->"
        )
        return f"url(#{key})"

    def text(self, x: float, y: float, words: str, size: int = 13, **attrs: str) -> None:
        extra = "".join(f' {k.replace("_", "-")}="{_xml(v)}"' for k, v in attrs.items())
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{_xml(words)}</text>'
        )

    def card(  # noqa: PLR0917
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fills: tuple[str, ...] | None,
        rank: str,
        clued: bool = False,
        title: str = "",
    ) -> None:
        fill = _HIDDEN if fills is None else self.paint(fills)
        ink = "#000000" if fills is None else _ink(fills)
        stroke = f'stroke="{_CLUED}" stroke-width="3"' if clued else 'stroke="#333333"'
        tip = f"<title>{_xml(title)}</title>" if title else ""
        self.parts.append(
            f'<g class="card"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" '
            f'fill="{fill}" {stroke}/>{tip}'
            f'<text x="{x + w / 2:g}" y="{y + h / 2 + h / 7:g}" font-size="{h * 0.42:.0f}" '
            f'text-anchor="middle" font-weight="bold" fill="{ink}">{_xml(rank)}</text>'
            "</g>"
        )

    def circle(self, x: float, y: float, r: float, fill: str, on: bool) -> None:
        self.parts.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" stroke="{fill}" stroke-width="2" '
            f'fill="{fill if on else "none"}"/>'
        )


def _short_rank(card: Card) -> str:
    return "S" if card.rank == START else str(card.rank)


def svg(game: GameState | PlayerView, *, names: Sequence[str] | None = None) -> str:
    """The table of `game` (a state or one seat's view) as an SVG image (a string), in the
    variant's colours: the fireworks (the card on top of each), the Notes and Storms as tokens,
    each hand with its clue marks under the cards (clued cards framed in orange, as on
    hanab.live), the discard pile by suit, whose turn it is and the last action.

    The viewer's own cards are grey (rule 12.1). Each card has a tooltip naming it. Notebooks show
    it for a state or a view through their ``_repr_html_``.

    ```python
    import xml.etree.ElementTree as ET
    from hanabi_core import Options, new_game, render

    root = ET.fromstring(render.svg(new_game(Options(2), seed=1)))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    ```
    """
    table = _Table(game, names)
    variant = table.variant
    key = f"{variant.id}|{table.turn}|{table.viewer}"
    digest = hashlib.sha256(key.encode(errors="surrogatepass")).hexdigest()
    out = _Svg(f"hc{digest[:8]}")
    hand_size = max((len(hand) for hand in table.hands), default=0)
    cw, ch, gap = 46, 64, 8
    left = 120
    width = max(
        left + hand_size * (cw + gap) + 20,
        20 + len(variant.suits) * (cw + gap) + 330,
        640,
    )
    y = 26.0
    out.text(14, y, table.title(), 15, font_weight="bold")
    y += 16
    # Fireworks, with the tokens to their right.
    for i, suit in enumerate(variant.suits):
        x = 14.0 + i * (cw + gap)
        top = table.top(i)
        fills = suit_fill(variant, suit)
        count = "?" if table.built is None else str(table.built[i])
        tip = f"{suit.label} firework: {count} card{'' if count == '1' else 's'} built"
        if top:
            out.card(x, y, cw, ch, fills, top, title=tip)
        else:
            out.parts.append(
                f'<g class="card"><rect x="{x}" y="{y:g}" width="{cw}" height="{ch}" rx="5" '
                f'fill="none" stroke="{out.paint(fills)}" stroke-width="3" '
                f'stroke-dasharray="4 3"/><title>{_xml(tip)}</title></g>'
            )
        way = table.fireworks()[i][1].rsplit(" ", 1)[-1]
        arrow = {"up": " ↑", "down": " ↓"}.get(way, "")
        out.text(x + cw / 2, y + ch + 13, _cut(suit.label, 9) + arrow, 10, text_anchor="middle")
    tx = 20 + len(variant.suits) * (cw + gap) + 10
    notes = table.notes
    out.text(tx, y + 12, f"Notes {notes:g}/{table.max_notes} (clue tokens)", 12)
    for k in range(table.max_notes):
        out.circle(tx + 8 + k * 19, y + 24, 7, "#1f5fd6", k < notes)
    storms = table.storms
    words = "hidden" if storms is None else f"{storms}/{table.max_storms}"
    out.text(tx, y + 48, f"Storms {words} (strikes)", 12)
    for k in range(table.max_storms):
        colour = "#d62f1f" if storms is not None else "#a0a0a0"  # grey: hidden (rule 9.33)
        out.circle(tx + 8 + k * 19, y + 60, 7, colour, storms is not None and k < storms)
    score = "?" if table.score is None else table.score
    hole = f" · {table.hole} in the hole" if table.score is None else ""
    out.text(tx, y + 86, f"Score {score}/{table.max_score} · Deck {table.deck_size}{hole}", 12)
    y += ch + 34
    # Hands.
    for seat, hand in enumerate(table.hands):
        here = seat == table.current
        name = table.names[seat] + (" (you)" if seat == table.viewer else "")
        out.text(
            14,
            y + ch / 2 + 4,
            ("▶ " if here else "") + _cut(name, 14),
            13,
            font_weight="bold" if here else "normal",
        )
        for slot, s in enumerate(hand):
            x = float(left + slot * (cw + gap))
            paint = None if s.card is None else suit_fill(variant, s.card.suit)
            rank = "?" if s.card is None else _short_rank(s.card)
            tip = f"slot {slot}: {_label(s.card, variant)}; told: {s.mark}"
            out.card(x, y, cw, ch, paint, rank, clued=s.clued, title=tip)
            out.text(x + cw / 2, y + ch + 12, _cut(s.mark, 10), 9, text_anchor="middle")
        y += ch + 26
    # Discards, by suit.
    out.text(14, y + 12, "Discards", 13, font_weight="bold")
    order = {name: i for i, name in enumerate(variant.suit_names)}
    pile = sorted(table.discards, key=lambda c: (order.get(c.suit, 99), c.rank))
    dw, dh = 22, 30
    x, row_y = float(left), y
    suit_before = None
    for card in pile:
        if suit_before is not None and card.suit != suit_before:
            x += 8
        if x + dw > width - 10:
            x, row_y = float(left), row_y + dh + 6
        shown = Card(card.suit, card.rank)
        out.card(
            x,
            row_y,
            dw,
            dh,
            suit_fill(variant, card.suit),
            _short_rank(shown),
            title=_label(shown, variant),
        )
        x += dw + 2
        suit_before = card.suit
    y = row_y + dh + 24
    if table.last is not None:
        out.text(14, y, f"Last turn: {table.last}", 12)
        y += 12
    height = y + 12
    defs = "".join(out.defs.values())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" class="hanabi-table">'
        f'<defs>{defs}</defs><rect width="100%" height="100%" fill="#f4f1ea"/>'
        + "".join(out.parts)
        + "</svg>"
    )


def __getattr__(name: str) -> Any:
    """`render.hle_text`, kept for code written before it moved to
    [`hanabi_core.hle.hle_text`][hanabi_core.hle.hle_text] (HLE's text is the HLE room's; the
    renderer knows no adapter): it warns and hands over the HLE room's function."""
    if name == "hle_text":
        import warnings  # noqa: PLC0415

        warnings.warn(
            "hanabi_core.render.hle_text moved to hanabi_core.hle.hle_text",
            DeprecationWarning,
            stacklevel=2,
        )
        # The one import of an adapter from the renderer, for this deprecated name only.
        from .hle.text import hle_text  # noqa: PLC0415

        return hle_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
