"""Bots: players that decide from their seat's view, and three of them to measure others by.

A bot is a callable that gets the seat's [`PlayerView`][hanabi_core.PlayerView] and returns an
action (the [`Bot`][hanabi_core.bots.Bot] protocol). It sees what a player at the table sees and
nothing more (section 12): the other hands, the table, the history, and what the clues told each
player. The actions it may take follow from the view alone:
[`legal_actions_in_view`][hanabi_core.bots.legal_actions_in_view] lists them, in the order
[`legal_actions`][hanabi_core.legal_actions] gives for the state.

A *bot factory* makes one seat's bot for one game from a seeded `random.Random`, so that every
decision a bot draws at random is reproducible; [`BOTS`][hanabi_core.bots.BOTS] holds the
factories by name:

- ``random``: a legal action drawn uniformly ([`RandomBot`][hanabi_core.bots.RandomBot]);
- ``simple``: plays a card it knows is playable, else clues a playable card it sees, else
  discards its oldest unclued card ([`SimpleBot`][hanabi_core.bots.SimpleBot]);
- ``open``: **cheats**: it sees its own cards (never the deck), plays one that fits, else clues or
  discards at random ([`OpenBot`][hanabi_core.bots.OpenBot]). A yardstick, not a player.

```python
import random

from hanabi_core import Options, apply, new_game, view
from hanabi_core.bots import SimpleBot

state = new_game(Options(3), seed=11)
players = [SimpleBot(random.Random(seat)) for seat in range(3)]
while not state.is_over:
    seat = state.current_player
    state = apply(state, players[seat](view(state, seat)))
assert state.outcome is not None and state.storms == 0  # it only plays what it knows fits
```

[`hanabi_core.simulate`][hanabi_core.simulate] plays thousands of such games and scores them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, Protocol, Union

from .._support.readonly import ReadOnlyMap
from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import Card, DealtCard
from ..knowledge import CardKnowledge
from ..rules import legal_actions_from, sudoku_next, up_or_down_next
from ..rules.tables import variant_tables
from ..state import card_action
from ..variants import Variant
from ..views import HiddenClue, HiddenPlay, PlayerView

__all__ = [
    "BOTS",
    "AnyBot",
    "Bot",
    "BotFactory",
    "CheatingBot",
    "OpenBot",
    "QuuxCheatBot",
    "QuuxInfoBot",
    "QuuxSimpleBot",
    "QuuxSmartBot",
    "RandomBot",
    "SimpleBot",
    "believed_built",
    "decide",
    "legal_actions_in_view",
    "next_ranks",
]


class Bot(Protocol):
    """A player: called with its seat's view when it is its turn, it returns its action."""

    def __call__(self, view: PlayerView, /) -> Action:
        """The action to take; it must be one of `legal_actions_in_view(view)`."""
        ...


class CheatingBot(Protocol):
    """A player that also sees its own cards (never the deck): for yardsticks such as `open`.

    The harness tells it apart by `sees_own_cards` and passes the seat's hand, oldest first.
    """

    sees_own_cards: Literal[True]

    def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
        """The action to take; it must be one of `legal_actions_in_view(view)`."""
        ...


AnyBot = Union[Bot, CheatingBot]  # noqa: UP007  (a runtime alias on 3.10)
"""Either kind of bot."""

BotFactory = Callable[[random.Random], AnyBot]
"""Makes one seat's bot for one game, from the random source it must draw from (and nothing else);
a bot class whose constructor takes the random source is one."""


def decide(bot: AnyBot, view: PlayerView, own_cards: Sequence[DealtCard]) -> Action:
    """Ask `bot` for its action: with the view alone, or with its own cards too if it cheats.

    `own_cards` is the seat's hand; a bot that does not declare `sees_own_cards` never gets it.
    """
    if getattr(bot, "sees_own_cards", False) is True:
        return bot(view, own_cards)  # type: ignore[call-arg]
    return bot(view)  # type: ignore[call-arg]


# --- What the view allows ----------------------------------------------------------------------


def legal_actions_in_view(view: PlayerView) -> tuple[Action, ...]:
    """Every legal action of the viewer, computed from the view alone, in the order of
    [`legal_actions`][hanabi_core.legal_actions]: plays, then discards, then clues by seat in
    turn order after the viewer, colours (the variant's clue-colour order) before ranks.

    Everything legality needs is public or seen by the mover: the size of its own hand (rules 5.1
    and 6.1), the Notes (rules 4.1 and 5.2), and the other hands, which decide what a clue touches
    (rules 4.5 to 4.7). Empty once the game is over.

    Raises:
        ValueError: it is not the viewer's turn (the mover's clues depend on the viewer's own
            hand, which the view hides).

    ```python
    from hanabi_core import Options, legal_actions, new_game, view
    from hanabi_core.bots import legal_actions_in_view

    state = new_game(Options(3), seed=5)
    assert legal_actions_in_view(view(state, 0)) == legal_actions(state)
    ```
    """
    if view.outcome is None and view.current_player != view.seat:
        raise ValueError(
            f"seat {view.seat} cannot list seat {view.current_player}'s actions: "
            "it is not the viewer's turn"
        )
    # The rules are stated once, in rules.legal_actions_from; this reads the view into it.
    return legal_actions_from(
        view.options,
        view.seat,
        view.hand_size(view.seat),
        view.hands,
        view.notes,
        # Read only under Alternating Clues (rule 9.26), which hanab.live never combines with a
        # hidden clue (rules 9.30 and 9.31), so a `HiddenClue` can be left out.
        # A `HiddenPlay` (rule 9.33) is no clue either.
        (
            turn.action
            for turn in reversed(view.history)
            if not isinstance(turn.action, (HiddenClue, HiddenPlay))
        ),
        view.outcome is not None,
    )


def next_ranks(view: PlayerView) -> dict[str, int]:
    """Suit name → the rank that extends its firework now (rules 6.2 and 9.7); complete
    fireworks are left out. In Up or Down (rule 9.29), where an undecided firework takes several
    ranks, the first of `rules.up_or_down_next` (a 1, or a 2 on START): the bots build up. In
    Sudoku (rule 9.32), an empty firework's lowest free start rank.

    While a Throw It in a Hole game hides the fireworks (rule 9.33), `believed_built` stands for
    them: a belief from what the viewer saw, never a peek.
    """
    wanted = {}
    variant = view.options.variant
    fireworks = view.built if view.built is not None else believed_built(view)
    if variant.sudoku:
        starts = view.starts
        for name, built, start in zip(variant.suit_names, fireworks, starts, strict=True):
            fits = sudoku_next(built, start, starts, variant.stack_size)
            if fits:
                wanted[name] = fits[0]
        return wanted
    if variant.up_or_down:
        for name, built, direction in zip(
            variant.suit_names, fireworks, view.directions, strict=True
        ):
            fits = up_or_down_next(built, direction)
            if fits:
                wanted[name] = fits[0]
        return wanted
    # Rules 6.2 and 9.7: the next rank of each build order (0 once complete).
    for name, after, built in zip(
        variant.suit_names, variant_tables(variant).next_rank, fireworks, strict=True
    ):
        if after[built]:
            wanted[name] = after[built]
    return wanted


def believed_built(view: PlayerView) -> tuple[int, ...]:
    """The fireworks as `view`'s seat can believe them when they are hidden (Throw It in a Hole,
    rule 9.33): the cards it saw go into the hole, in turn order, each counted as built when it
    extends its believed firework; its own cards put into the hole (faces unknown) build nothing.
    `view.built` itself when it is shown. It follows the suits' build orders alone (rules 6.2 and
    9.7), as Throw It in a Hole is never combined with Up or Down or Sudoku (rule 9.33a).

    ```python
    from hanabi_core import Options, Play, apply, new_game, view
    from hanabi_core.bots import believed_built
    from hanabi_core.hanablive import variant

    state = new_game(Options(2, variant=variant("Throw It in a Hole (5 Suits)")), seed=3)
    state = apply(state, Play(0))
    assert sum(believed_built(view(state, 0))) == 0      # seat 0 did not see its card
    assert sum(believed_built(view(state, 1))) == (not state.turns[0].misplay)
    ```
    """
    if view.built is not None:
        return view.built
    variant = view.options.variant
    # Rule 9.33a: Throw It in a Hole is never Up or Down nor Sudoku, so a firework grows along its
    # suit's build order alone (rules 6.2 and 9.7): `next_rank` says what extends it.
    next_rank = variant_tables(variant).next_rank
    built = [0] * len(variant.suits)
    for turn in view.history:
        card = turn.card
        if type(turn.action) is not HiddenPlay or card is None:
            continue
        if next_rank[card.suit_index][built[card.suit_index]] == card.rank:
            built[card.suit_index] += 1
    return tuple(built)


def _surely_playable(knowledge: CardKnowledge, wanted: Mapping[str, int]) -> bool:
    """Every identity the card may still be extends its firework (empathy, rule 12.4)."""
    return bool(knowledge.counts) and all(
        wanted.get(card.suit) == card.rank for card, _ in knowledge.counts
    )


def _surely_useless(knowledge: CardKnowledge, wanted: Mapping[str, int], view: PlayerView) -> bool:
    """Every identity the card may still be is already on its firework (or the firework is
    complete): it can never score."""
    variant = view.options.variant

    def built(card: Card) -> bool:
        suit = variant.suit(card.suit)
        if card.suit not in wanted:
            return True
        if variant.sudoku:  # rule 9.32: the ranks from its start up to the last one built
            i = variant.suit_index(card.suit)
            assert i is not None  # `wanted` names only the variant's suits
            start = view.starts[i]
            fireworks = view.built
            # Sudoku is never combined with hidden plays (rule 9.33a): its fireworks are shown.
            assert fireworks is not None
            return bool(start) and (card.rank - start) % variant.stack_size < fireworks[i]
        if variant.up_or_down:
            return False  # rule 9.29: which cards are still needed depends on the direction
        order = suit.build_order
        return order.index(card.rank) < order.index(wanted[card.suit])

    return bool(knowledge.counts) and all(built(card) for card, _ in knowledge.counts)


# --- The bots ----------------------------------------------------------------------------------


class RandomBot:
    """Draws its action uniformly from the legal ones, with its own random source.

    Args:
        rng: the random source every choice is drawn from.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, view: PlayerView, /) -> Action:
        """A legal action drawn uniformly."""
        return self.rng.choice(legal_actions_in_view(view))


class SimpleBot:
    """Plays what it knows fits; else clues a playable card it sees; else discards.

    In order:

    1. play a card every identity of which, as far as its knowledge goes, is playable (so it never
       misplays);
    2. with a Note to spend, clue a card that another player holds and could play now but does
       not know it: the clue (colour or rank) that tells its holder the most, preferring one that
       makes the card surely playable, the nearest player first; a card whose twin is already
       clued elsewhere is left alone;
    3. with a Note spent, discard: a card it knows can never score, else its oldest unclued card,
       else its oldest card;
    4. otherwise (every Note available and nothing worth a clue) a legal clue at random.

    Args:
        rng: the random source for step 4.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, view: PlayerView, /) -> Action:
        """The action the steps above choose."""
        wanted = next_ranks(view)
        own = view.own
        variant = view.options.variant
        for slot, knowledge in enumerate(own):
            if _surely_playable(knowledge, wanted):
                # Rule 9.13: a card of an inverted suit is played by discarding it.
                inverted = {variant.suit(s).inverted for s in knowledge.suits}
                if inverted == {False}:
                    return Play(slot)
                if inverted == {True}:
                    return Discard(slot)
        legal = legal_actions_in_view(view)
        clue = self._clue(view, wanted, legal)
        if clue is not None:
            return clue
        if own and Discard(0) in legal:
            for slot, knowledge in enumerate(own):
                if _surely_useless(knowledge, wanted, view):
                    return Discard(slot)
            for slot, knowledge in enumerate(own):
                if not knowledge.clued:
                    return Discard(slot)
            return Discard(0)
        clues = [a for a in legal if isinstance(a, (ColourClue, RankClue))]
        return self.rng.choice(clues or list(legal))

    def _clue(
        self, view: PlayerView, wanted: Mapping[str, int], legal: tuple[Action, ...]
    ) -> Action | None:
        """The best legal clue about a playable card its holder does not know is playable."""
        options = view.options
        variant = options.variant
        players = options.players
        clued_faces = {
            card.card
            for seat, hand in enumerate(view.hands)
            if hand is not None
            for card, knowledge in zip(hand, view.knowledge[seat], strict=True)
            if knowledge.clued
        }
        best: tuple[tuple[int, int, int], Action] | None = None
        for step in range(1, players):
            target = (view.seat + step) % players
            hand = view.hands[target]
            assert hand is not None
            for card, knowledge in zip(hand, view.knowledge[target], strict=True):
                if wanted.get(card.suit) != card.rank or _surely_playable(knowledge, wanted):
                    continue
                if not knowledge.clued and card.card in clued_faces:
                    continue  # its twin is already being clued: leave this one
                before = len(knowledge.counts)
                # The clues that touch it (rules 4.6, 4.7 and 9.27) and may be given now.
                clues: list[Action] = [
                    ColourClue(target, c)
                    for c in variant.clue_colours
                    if variant.touches(c, card.suit, card.rank)
                ]
                clues += [
                    RankClue(target, v)
                    for v in variant.clue_ranks
                    if variant.rank_touches(v, card.suit, card.rank)
                ]
                for clue in clues:
                    if clue not in legal:
                        continue
                    left = [c for c, _ in knowledge.counts if _agrees(variant, clue, c)]
                    if len(left) == before:
                        continue  # tells the holder nothing new about this card
                    sure = all(wanted.get(c.suit) == c.rank for c in left)
                    key = (0 if sure else 1, step, len(left))
                    if best is None or key < best[0]:
                        best = (key, clue)
        return best[1] if best is not None else None


def _agrees(variant: Variant, clue: Action, card: Card) -> bool:
    """Whether `card` is among the cards `clue` touches (rules 4.6, 4.7 and 9.27)."""
    if isinstance(clue, RankClue):
        return variant.rank_touches(clue.rank, card.suit, card.rank)
    assert isinstance(clue, ColourClue)
    return variant.touches(clue.colour, card.suit, card.rank)


class OpenBot:
    """**Cheating**: sees its own cards (never the deck order). Plays the first card that fits;
    otherwise clues or discards at random (a play only when nothing else is legal).

    A yardstick of what seeing one's own hand is worth, not a player; the
    `hanabi-core new --play open` demonstration plays with it.

    Args:
        rng: the random source for the clues and discards.
    """

    sees_own_cards: Literal[True] = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
        """Play a card that fits, else a random legal clue or discard."""
        wanted = next_ranks(view)
        for slot, card in enumerate(own_cards):
            if wanted.get(card.suit) == card.rank:
                return card_action(card, slot, play=True)  # rule 9.13
        legal = legal_actions_in_view(view)
        others = [a for a in legal if not isinstance(a, Play)]
        return self.rng.choice(others or list(legal))


# The Quux bots live in `hanabi_core.quux` with its decks; they import nothing of this package.
from ..quux.cheat import QuuxCheatBot  # noqa: E402
from ..quux.info import QuuxInfoBot  # noqa: E402
from ..quux.simple import QuuxSimpleBot  # noqa: E402
from ..quux.smart import QuuxSmartBot  # noqa: E402

BOTS: Mapping[str, BotFactory] = ReadOnlyMap(
    {
        "random": RandomBot,
        "simple": SimpleBot,
        "open": OpenBot,
        "quux-simple": QuuxSimpleBot,
        "quux-smart": QuuxSmartBot,
        "quux-info": QuuxInfoBot,
        "quux-cheat": QuuxCheatBot,
    }
)
"""The bot factories by name: ``"random"``, ``"simple"``, ``"open"`` (cheats), and
Quuxplusone/Hanabi's ``"quux-simple"``, ``"quux-smart"``, ``"quux-info"`` and ``"quux-cheat"``
(cheats). Read-only."""
