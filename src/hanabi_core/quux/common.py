"""What Quuxplusone/Hanabi's bots share: replaying the public history as its server reports it.

Quux's server calls every bot back on each move *before* the move takes effect (``pleaseObserve
BeforePlay``, ``…BeforeDiscard``, the hint callbacks): the fireworks, the Notes (its "hint
stones") and the deck are still as they were, and the card played or discarded is shown, even to
its owner. A bot here is only asked for its move, with its seat's view; [`QuuxObserver`]
[hanabi_core.quux.common.QuuxObserver] walks the turns of the view's history it has not seen
yet and hands each one to the bot in that form, with the counts as they stood before it. The bots
keep their own memory from these calls, as Quux's do, and never read the state.

The bots use the variant's suit order as Quux's colour order (red, orange, yellow, green, blue in
``VARIANTS["quux"]``) and need a variant whose colour clue *c* touches exactly suit *c*, with ranks
1 to 5 (the ``quux`` and ``base`` variants).

**The options they play.** Quux's server deals 5 or 4 cards, gives 8 hint stones and 3
mulligans, and ends the game one round after the deck runs out; its bots read a card of each
partner's hand (the reclaim clue names the right-hand partner's oldest card) and size their tables
by the hand. Every bot plays any player count from 2 to 6, any Notes and Storms within the limits
below, empty clues allowed or not, and any scoring or ending option, but refuses with
`InvalidOptions` (naming the option) what makes a hand run empty while its holder's partners still
move, which none of them models (`QuuxBot.check`):

| option | every Quux bot | `quux-cheat` |
|---|---|---|
| `variant` | `quux` or `base` (`plays_quux_variant`) | the same |
| `hand_size` | 2 or more: a hand of 1 is empty in the final round (rule 7.4) | the same |
| `last_round` | `True`: without the last round (rule 7.4) hands run empty | the same |
| `max_notes` | any | at most 8: its stalling table is Quux's, one entry per stone 0 to 8 |

```python
from hanabi_core import InvalidOptions, Options
from hanabi_core.quux.cheat import QuuxCheatBot
from hanabi_core.quux.smart import QuuxSmartBot

many = Options(3, max_notes=10)
assert QuuxSmartBot.plays(many) and not QuuxCheatBot.plays(many)
try:
    QuuxSmartBot.check(Options(3, hand_size=1))
except InvalidOptions as error:
    assert error.field == "hand_size"
```
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

from ..actions import ColourClue, Discard, Play, RankClue
from ..cards import DealtCard, Suit
from ..errors import InvalidOptions
from ..options import Options
from ..variants import Variant
from ..views import PlayerView, SeenTurn

__all__ = [
    "QuuxBot",
    "QuuxObserver",
    "check_quux_variant",
    "plays_quux_variant",
    "quux_options_refusal",
]


def check_quux_variant(options: Options) -> None:
    """Refuse a variant the Quux bots do not model (see `plays_quux_variant`).

    Raises:
        InvalidOptions: naming ``"variant"``.
    """
    if not plays_quux_variant(options):
        raise InvalidOptions(
            "variant",
            f"the Quux bots play variants such as 'quux' and 'base' only, "
            f"got {options.variant.id!r}",
        )


def plays_quux_variant(options: Options) -> bool:
    """Whether the Quux bots model the game's variant: five suits of ten cards (three 1s, two 2s,
    3s and 4s, one 5), each clued by its own colour, built upwards from 1 to 5, with the plain
    rank clues and no other rule (the ``quux`` and ``base`` variants)."""
    return _plain_quux_variant(options.variant)


@lru_cache(maxsize=16)
def _plain_quux_variant(variant: Variant) -> bool:
    # Each seat of each game asks; building the plain variant to compare with costs more than a
    # whole turn, so the answer is kept per variant (a pure function of it: equality and hash).
    if len(variant.suits) != 5:
        return False
    # The plain variant of these suit names: own-colour clues, the default copies, built upwards,
    # and no other rule (attrs equality compares every rule field of `Variant` and `Suit`).
    try:
        plain = Variant(
            variant.id,
            variant.name,
            tuple(Suit(name) for name in variant.suit_names),
            variant.suit_names,
        )
    except InvalidOptions:
        return False
    return variant == plain


def quux_options_refusal(options: Options, most_notes: int | None = None) -> InvalidOptions | None:
    """Why a Quux bot does not play `options` (the error it raises), or None when it does: the
    module's table, with `most_notes` the most Notes the bot models (None: any)."""
    if not plays_quux_variant(options):
        return InvalidOptions(
            "variant",
            f"the Quux bots play variants such as 'quux' and 'base' only, "
            f"got {options.variant.id!r}",
        )
    if options.hand_size < 2:
        return InvalidOptions(
            "hand_size",
            f"the Quux bots play hands of 2 cards or more (a hand of 1 is empty in the final "
            f"round, rule 7.4), got {options.hand_size}",
        )
    if not options.last_round:
        return InvalidOptions(
            "last_round",
            "the Quux bots play with the last round only (rule 7.4): without it hands run empty",
        )
    if most_notes is not None and options.max_notes > most_notes:
        return InvalidOptions(
            "max_notes",
            f"this Quux bot plays at most {most_notes} Notes (Quux's hint stones), "
            f"got {options.max_notes}",
        )
    return None


class QuuxBot:
    """What Quux's four bots share: the bot factory's signature (the random source is unused:
    none draws anything at random), the options they play (`plays`, `check`: the module's
    table), and a flag the bot sets once its first view has been checked.

    Args:
        rng: unused (the bot factory's signature).
    """

    #: The most Notes the bot models (None: any); the options' other limits are every bot's.
    most_notes: ClassVar[int | None] = None

    def __init__(self, rng: random.Random | None = None) -> None:
        self._started = False

    @classmethod
    def plays(cls, options: Options) -> bool:
        """Whether the bot plays `options` (the module's table); it refuses any other with
        `InvalidOptions` on its first view."""
        return quux_options_refusal(options, cls.most_notes) is None

    @classmethod
    def check(cls, options: Options) -> None:
        """Refuse options the bot does not play.

        Raises:
            InvalidOptions: naming the option at fault (the module's table).
        """
        refusal = quux_options_refusal(options, cls.most_notes)
        if refusal is not None:
            raise refusal

    def _check_first(self, view: PlayerView) -> None:
        """On the bot's first view: refuse options it does not play (`check`), then remember
        that the game has started."""
        self.check(view.options)
        self._started = True


class QuuxObserver(QuuxBot):
    """The turns of a view's history, handed to the bot one by one as Quux's server reports them.

    A subclass overrides [`start`][hanabi_core.quux.common.QuuxObserver.start] and the
    ``observe_*`` hooks; [`catch_up`][hanabi_core.quux.common.QuuxObserver.catch_up], called
    with each view the bot gets, calls them for the turns it has not seen. While a hook runs,
    `built`, `notes`, `storms`, `deck` and `hand_sizes` are as they were before that turn; they
    are updated after it.

    Attributes:
        me: the bot's seat (set on the first view).
        players: seats.
        hand_size: cards dealt to each seat.
        built: cards on each firework, in suit order.
        notes: Note tokens available (Quux's hint stones).
        storms: Storm tokens turned (Quux's mulligans used).
        deck: cards left to draw.
        hand_sizes: each seat's cards.
        seen: turns of the history handed on so far.
    """

    me: int
    players: int
    hand_size: int
    max_notes: int
    built: list[int]
    notes: int
    storms: int
    deck: int
    hand_sizes: list[int]
    seen: int

    def catch_up(self, view: PlayerView) -> None:
        """Hand the turns of `view.history` not seen yet to the hooks, oldest first."""
        history = view.history
        if not self._started:
            self._begin(view)
        for turn in history[self.seen :]:
            self._observe(turn)
        self.seen = len(history)

    def _begin(self, view: PlayerView) -> None:
        options = view.options
        self._check_first(view)
        self.me = view.seat
        self.players = options.players
        self.hand_size = options.hand_size
        self.max_notes = options.max_notes
        self.built = [0] * len(options.variant.suits)
        self.notes = options.max_notes
        self.storms = 0
        self.deck = options.deck_size - options.players * options.hand_size
        self.hand_sizes = [options.hand_size] * options.players
        self._colour_index = {c: i for i, c in enumerate(options.variant.clue_colours)}
        self.seen = 0
        self.start()

    def _observe(self, turn: SeenTurn) -> None:
        action = turn.action
        seat = turn.player
        if isinstance(action, (Play, Discard)):
            card = turn.card
            assert card is not None  # no hidden plays in the variants the bots accept
            if isinstance(action, Play):
                self.observe_play(seat, action.slot, card, not turn.misplay)
                if turn.misplay:
                    self.storms += 1
                else:
                    self.built[card.suit_index] += 1
            else:
                self.observe_discard(seat, action.slot, card)
            if turn.note_gained:
                self.notes += 1
            if turn.drawn_order is None:
                self.hand_sizes[seat] -= 1
            else:
                self.deck -= 1
        elif isinstance(action, ColourClue):
            self.observe_colour_clue(
                seat, action.target, self._colour_index[action.colour], turn.slots
            )
            self.notes -= 1
        elif isinstance(action, RankClue):
            self.observe_rank_clue(seat, action.target, action.rank, turn.slots)
            self.notes -= 1
        else:  # pragma: no cover - hidden clues are refused by check_quux_variant
            raise AssertionError(f"unexpected turn {turn!r}")

    # --- Hooks --------------------------------------------------------------------------------

    def start(self) -> None:
        """Called once, with the counts of the deal, before any turn is observed."""

    def observe_play(self, seat: int, slot: int, card: DealtCard, fits: bool) -> None:
        """`seat` plays its card at `slot` (`card`; `fits` unless it misplays)."""

    def observe_discard(self, seat: int, slot: int, card: DealtCard) -> None:
        """`seat` discards its card at `slot` (`card`)."""

    def observe_colour_clue(
        self, giver: int, target: int, colour: int, slots: Sequence[int]
    ) -> None:
        """`giver` clues colour number `colour` to `target`, touching `slots` (oldest first)."""

    def observe_rank_clue(self, giver: int, target: int, rank: int, slots: Sequence[int]) -> None:
        """`giver` clues `rank` to `target`, touching `slots` (oldest first)."""
