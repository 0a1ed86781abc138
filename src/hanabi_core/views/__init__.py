"""Player views: what one seat may know of a game, and nothing more (spec section 12).

A server sends each player [`view(state, seat)`][hanabi_core.view] instead of the state; a bot
decides from it alone. A [`PlayerView`][hanabi_core.PlayerView] holds everything public
(rule 12.2) and everything the seat sees, but none of the seat's own faces (rule 12.1) and nothing
of the deck's order (rule 12.3): it is built from the state's public parts and keeps no reference
to the state or to its deck. What clues told each player about each of their cards is in
[`CardKnowledge`][hanabi_core.CardKnowledge] (rule 12.4).

```python
from hanabi_core import Options, new_game, apply, ColourClue, view

state = new_game(Options(2), seed=1)
state = apply(state, ColourClue(1, state.hands[1][0].suit))
mine = view(state, 1)
assert mine.hands[1] is None                    # your own faces are not in your view
assert mine.own[0].clued and len(mine.own[0].suits) == 1
assert view(state, 0).hands[1] == state.hands[1]  # seat 0 sees seat 1's cards
```
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Literal, TypedDict, cast

from attrs import field, frozen

from .._support.fast import frozen_builder
from .._support.hashing import none_items_key, none_key
from ..actions import Action, ColourClue, Discard, Play, RankClue, whole_number
from ..cards import DealtCard
from ..errors import InvalidArgument, brief
from ..knowledge import (
    CardKnowledge,
    all_faces,
    clue_faces,
    counting,
    learn,
    unaccounted,
    unseen_by_holder,
)
from ..options import Options
from ..rules.hands import dealt_orders, replace_card
from ..scoring import points
from ..state import Fate, GameState, Outcome, Shown, card_action, card_fate, not_a_state
from ..variants import ClueShown, Variant

__all__ = ["HiddenClue", "HiddenPlay", "PlayerView", "SeenTurn", "view"]


def _kind(instance: object, attribute: object, value: object) -> None:
    if value not in ("colour", "rank", None):
        raise InvalidArgument("kind", f"must be 'colour', 'rank' or None, got {brief(value)}")


@frozen
class HiddenClue:
    """A clue as a player who did not give it sees it where its value is hidden (rules 9.30 and
    9.31): its target and, in Cow & Pig, its type.

    Attributes:
        target: the seat it was given to.
        kind: ``"colour"`` or ``"rank"`` when the variant shows the clue's type (Cow & Pig,
            rule 9.30); `None` when it shows neither (Duck, rule 9.31).

    ```python
    from hanabi_core import ColourClue, Options, apply, new_game, view
    from hanabi_core.hanablive import variant
    from hanabi_core.views import HiddenClue

    state = new_game(Options(2, variant=variant("Cow & Pig (5 Suits)")), seed=1)
    state = apply(state, ColourClue(1, state.hands[1][0].suit))
    assert view(state, 1).history[0].action == HiddenClue(1, "colour")  # "Moo"
    assert view(state, 0).history[0].action == state.turns[0].action  # the giver knows
    ```
    """

    target: int = field(validator=whole_number)
    kind: Literal["colour", "rank"] | None = field(validator=_kind, eq=none_key)

    def __str__(self) -> str:
        return f"clue ({self.kind or 'hidden'}) to seat {self.target}"


@frozen
class HiddenPlay:
    """A card put face down into the hole, as every player sees it while a Throw It in a Hole game
    goes on (rule 9.33): from which slot, and nothing of whether it fitted.

    hanab.live's log says "plays a card" for it. It stands for a play, a misplay, or the discard
    of an inverted suit's card (which plays it, rule 9.13); a play of an inverted suit's card is
    a discard, shown face up as always. Once the game is over the view shows the action taken.

    Attributes:
        slot: the slot the card left (slot 0 is the oldest card).

    ```python
    from hanabi_core import Options, Play, apply, new_game, view
    from hanabi_core.hanablive import variant
    from hanabi_core.views import HiddenPlay

    state = new_game(Options(2, variant=variant("Throw It in a Hole (5 Suits)")), seed=1)
    state = apply(state, Play(0))
    mine, theirs = view(state, 0).history[0], view(state, 1).history[0]
    assert mine.action == theirs.action == HiddenPlay(0) and mine.misplay is None
    assert mine.card is None and theirs.card == state.turns[0].card  # seat 1 saw it in the hand
    assert view(state, 1).built is None and view(state, 1).score is None
    ```
    """

    slot: int = field(validator=whole_number)

    def __str__(self) -> str:
        return f"play into the hole from slot {self.slot}"


def hole_action(hidden: HiddenPlay, card: DealtCard) -> Play | Discard:
    """The action that put `card` into the hole from `hidden`'s slot (rule 9.33): a play, or,
    for an inverted suit's card, a discard, which plays it (rule 9.13)."""
    return card_action(card, hidden.slot, play=True)


def seen_clue(
    shown: ClueShown, action: ColourClue | RankClue
) -> ColourClue | RankClue | HiddenClue:
    """What the players other than its giver are shown of clue `action` (rules 9.30 and 9.31)."""
    if shown is ClueShown.VALUE:
        return action
    if shown is ClueShown.TYPE:
        return HiddenClue(action.target, "colour" if isinstance(action, ColourClue) else "rank")
    return HiddenClue(action.target, None)


@frozen
class SeenTurn:
    """One turn of the history as the viewing seat saw it.

    Attributes:
        number: the turn's index, 0 for the first action of the game.
        player: the seat that acted.
        action: the action taken (a clue names its target and its colour or rank; a play or a
            discard names the slot it took the card from). Where the variant hides a clue's
            value from those who did not give it (rules 9.30 and 9.31), their views hold a
            `HiddenClue` instead; a card put into the hole of Throw It in a Hole (rule 9.33) is
            a `HiddenPlay` while the game goes on.
        touched: for a clue, the orders of the cards it touched, oldest first (empty for a
            negative clue, rule 10.2); empty otherwise.
        slots: for a clue, the slots of the touched cards in the target's hand as it was when the
            clue was given (slot 0 is the oldest card); empty otherwise.
        card: the card played or discarded, face up for everybody (rule 12.2); `None` for a clue
            and, while a Throw It in a Hole game goes on, for the viewer's own card put into the
            hole (the others saw it in the viewer's hand, rule 9.33).
        misplay: the play did not fit and cost a Storm (rule 6.3); `None` for a `HiddenPlay`,
            whose fit is hidden (rule 9.33).
        note_gained: a Note came back (rules 5.3 and 6.4).
        drawn_order: the order of the card the player drew afterwards, if any (rule 6.5).
        drawn: the face of that card when the viewing seat can see it: when another player drew
            it. `None` for the viewer's own draws (rule 12.1) and when nothing was drawn.
    """

    number: int
    player: int
    action: Action | HiddenClue | HiddenPlay
    touched: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    card: DealtCard | None = field(default=None, eq=none_key)
    misplay: bool | None = field(default=False, eq=none_key)
    note_gained: bool = False
    drawn_order: int | None = field(default=None, eq=none_key)
    drawn: DealtCard | None = field(default=None, eq=none_key)


def seen_turn(  # noqa: PLR0917
    seat: int,
    shown: ClueShown,
    hole: bool,
    number: int,
    actor: int,
    action: Action | HiddenPlay,
    touched: tuple[int, ...],
    slots: tuple[int, ...],
    card: DealtCard | None,
    misplay: bool | None,
    note_gained: bool,
    drawn_order: int | None,
    drawn: DealtCard | None,
) -> SeenTurn:
    """What `seat` sees of one turn: the one statement of rules 12.1, 12.2, 9.30, 9.31 and 9.33
    for a turn, called by `view`'s loop, by `LiveGame` (which logs what it returns) and by
    `simulate`'s incremental views.

    The arguments are the turn as it happened (the fields of `SeenTurn`, all faces known to the
    driver that has them), with `shown` the variant's `clue_shown` and `hole` whether Throw It in
    a Hole's hole is face down (rule 9.33: while the game goes on). A driver that cannot see the
    card put into the hole (its own) passes a `HiddenPlay` as `action` and `None` as `card`.

    ```python
    from hanabi_core import ColourClue
    from hanabi_core.variants import ClueShown
    from hanabi_core.views import HiddenClue, seen_turn

    clue = ColourClue(1, "red")
    args = (0, 0, clue, (3,), (1,), None, False, False, None, None)
    assert seen_turn(0, ClueShown.VALUE, False, *args).action == clue  # rule 12.2
    assert seen_turn(1, ClueShown.NOTHING, False, *args).action == HiddenClue(1, None)  # 9.31
    assert seen_turn(0, ClueShown.NOTHING, False, *args).action == clue  # the giver knows it
    ```
    """
    if isinstance(action, (ColourClue, RankClue)):
        # Rules 9.30 and 9.31: where the variant hides a clue's value, only its giver knows it.
        if actor == seat or shown is _VALUE:
            return _seen_turn(number, actor, action, touched, slots, None, False, False, None, None)
        seen = seen_clue(shown, action)
        return _seen_turn(number, actor, seen, touched, slots, None, False, False, None, None)
    if actor == seat:
        drawn = None  # rule 12.1: you see the cards others draw, never your own
    if isinstance(action, HiddenPlay) or (
        hole and card_fate(action, card, misplay) is not Fate.DISCARDED  # type: ignore[arg-type]
    ):
        # Rule 9.33 (and 9.13: an inverted card discarded is played): into the hole, face down,
        # its fit hidden. The viewer saw the card if another seat held it.
        hidden = action if isinstance(action, HiddenPlay) else HiddenPlay(action.slot)
        if actor == seat:
            card = None
        return _seen_turn(
            number, actor, hidden, (), (), card, None, note_gained, drawn_order, drawn
        )
    # Rule 12.2: the card played or discarded is face up for everybody.
    return _seen_turn(number, actor, action, (), (), card, misplay, note_gained, drawn_order, drawn)


@frozen(cache_hash=True, repr=False)
class PlayerView(Shown):
    """Everything one seat may know of a game (section 12): frozen, hashable, comparable.

    Build one with [`view`][hanabi_core.view]. Two states that differ only in what the seat cannot
    see (its own faces, the order of the deck) give equal views.

    Attributes:
        seat: the viewing seat.
        options: the game's options (its variant included).
        hands: one entry per seat, oldest card first: the other seats' cards with their faces, and
            `None` for the viewer's own hand (rule 12.1); see `own` for it.
        knowledge: one tuple per seat, slot by slot, of what the holder knows of each card
            (rule 12.4). The suits and ranks (clue knowledge) are the same in every seat's view;
            the counts are the holder's as far as the viewer can tell: for the viewer's own cards,
            copies minus the fireworks, the discard pile and every other hand; for another seat's
            cards, copies minus the fireworks, the discard pile and the hands of the seats other
            than the viewer and the holder (the holder also sees the viewer's hand, which the
            viewer cannot).
        built: the number of cards built on each firework, in the variant's suit order; `None`
            while a Throw It in a Hole game goes on (rule 9.33).
        discards: the discard pile, oldest first, misplays included (rule 12.2); while a Throw
            It in a Hole game goes on, misplays are in the hole instead (rule 9.33).
        notes: Note tokens available; half Notes in Clue Starved (rule 9.25).
        storms: Storm tokens turned; `None` while a Throw It in a Hole game goes on
            (rule 9.33).
        deck_size: how many cards are left to draw (their faces and order are hidden, rule 12.3).
        turn: actions taken so far.
        current_player: the seat to move.
        turns_left: `None` until the last card is drawn, then the turns left in the final round.
        outcome: how the game ended, `None` while it goes on.
        history: every turn so far as the viewer saw it, first turn first.
        directions: in Up or Down, each firework's direction (public, rule 9.29); empty in every
            other variant.
        starts: in Sudoku, each firework's start rank, 0 while it is empty (public, rule 9.32);
            empty in every other variant.
    """

    seat: int
    options: Options
    hands: tuple[tuple[DealtCard, ...] | None, ...] = field(eq=none_items_key)
    knowledge: tuple[tuple[CardKnowledge, ...], ...]
    built: tuple[int, ...] | None = field(eq=none_key)
    discards: tuple[DealtCard, ...]
    notes: int
    storms: int | None = field(eq=none_key)
    deck_size: int
    turn: int
    current_player: int
    turns_left: int | None = field(eq=none_key)
    outcome: Outcome | None = field(eq=none_key)
    history: tuple[SeenTurn, ...]
    directions: tuple[int, ...] = ()
    starts: tuple[int, ...] = ()

    @property
    def own(self) -> tuple[CardKnowledge, ...]:
        """What the viewer knows of each card of their own hand, slot 0 (oldest) first."""
        return self.knowledge[self.seat]

    @property
    def fireworks(self) -> Mapping[str, int] | None:
        """Suit name → number of cards built on its firework (read-only); `None` while hidden
        (Throw It in a Hole, rule 9.33)."""
        return None if self.built is None else self.options.variant.fireworks(self.built)

    @property
    def score(self) -> int | None:
        """The score the rules give if the game ended now (section 8); `None` while hidden
        (Throw It in a Hole, rule 9.33)."""
        if self.outcome is not None:
            return self.outcome.score
        return None if self.built is None else points(self.options, self.built)

    @property
    def hole(self) -> int:
        """How many cards went into the hole while the game goes on (hanab.live's "Plays" in
        Throw It in a Hole, rule 9.33); 0 in every other variant and once the game is over."""
        return sum(type(turn.action) is HiddenPlay for turn in self.history)

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.outcome is not None

    @property
    def is_my_turn(self) -> bool:
        """The viewer is the seat to move (and the game is not over)."""
        return self.outcome is None and self.current_player == self.seat

    def hand_size(self, seat: int) -> int:
        """How many cards `seat` holds (the viewer's own included)."""
        return len(self.knowledge[seat])

    def __repr__(self) -> str:
        from ..render import view_repr  # noqa: PLC0415 (render imports this module)

        return view_repr(self)


def view(state: GameState, player: int) -> PlayerView:
    """The view of seat `player`: everything that seat may know of `state`, and nothing more.

    Only the public parts of the state are read (`hands`, `discards`, `fireworks`, `turns`, the
    counters); the view keeps no reference to the state or to its deck.

    Raises:
        InvalidArgument: `state` is not a `GameState`, or `player` is not a seat of the game (a
            `ValueError`).

    ```python
    from hanabi_core import Options, new_game, apply, RankClue, view

    state = new_game(Options(3), seed=7)
    rank = state.hands[2][0].rank
    state = apply(state, RankClue(2, rank))
    seen = view(state, 2)
    assert seen.history[0].slots[0] == 0             # the clue touched slot 0, among others
    assert seen.own[0].ranks == (rank,)              # so seat 2 knows that card's rank
    assert all(k.ranks != (rank,) for k in seen.own if not k.clued)  # and what others are not
    ```
    """
    if not isinstance(state, GameState):  # issue 25: name the argument (a view is not hot)
        raise not_a_state(state)
    options = state.options
    players = options.players
    if type(player) is not int or not 0 <= player < players:
        raise InvalidArgument(
            "player", f"must be a seat from 0 to {players - 1}, got {brief(player)}"
        )
    variant = options.variant
    shown = variant.clue_shown
    # Rule 9.33: while a Throw It in a Hole game goes on, the cards put into the hole are hidden.
    hole = variant.hidden_plays and state.outcome is None
    # The hole's cards the viewer saw in another's hand, with the seat that held each.
    holed: list[tuple[int, DealtCard]] = []
    fresh = (all_faces(variant), False)
    # The deal of rule 2.4, the same function new_game uses; the history says what happened since.
    hands = [list(block) for block in dealt_orders(options)]
    clues: dict[int, tuple[int, bool]] = {o: fresh for hand in hands for o in hand}
    history: list[SeenTurn] = []
    # Rules 9.30 and 9.31: a clue whose value is hidden tells which cards it touched and nothing
    # of their faces (clue knowledge is common knowledge; hanab.live's client does not apply such
    # a clue either).
    hidden = shown is not ClueShown.VALUE
    misplayed: set[int] = set()
    # The log's entries as they are (the fields of `Turn` after its number): a view reads every
    # turn of the history at every call, and building a `Turn` of each would cost more than
    # reading it.
    # The raw entries, walked as `rules.hands.hands_through` walks turns, inline: a view replays
    # the whole history at every call. The loop keeps the hands and what clues told (rule 12.4);
    # what the seat sees of each turn is `seen_turn`'s (rules 12.1, 12.2, 9.30, 9.31, 9.33).
    entries = () if state.log is None else state.log.entries()
    for number, (actor, action, touched, card, misplay, note_gained, drawn) in enumerate(entries):
        if isinstance(action, (ColourClue, RankClue)):
            # Rule 12.4: a clue tells its target which cards it touched and, so, which it missed.
            hand = hands[action.target]
            slots = tuple(i for i, order in enumerate(hand) if order in touched)
            hit_faces = None if hidden else clue_faces(variant, action)
            for order in hand:
                possible, clued = clues[order]
                hit = order in touched
                clues[order] = (
                    possible if hit_faces is None else learn(hit_faces, possible, hit),
                    clued or hit,
                )
            history.append(
                seen_turn(
                    player, shown, hole, number, actor, action, touched, slots, None, False,
                    False, None, None,
                )
            )  # fmt: skip
            continue
        drawn_order = None
        if drawn is not None:
            drawn_order = drawn.order
            clues[drawn_order] = fresh
        # Rule 6.5: the card leaves its slot, the card drawn comes in as the newest.
        left = replace_card(hands[actor], action.slot, drawn_order)
        assert card is not None and left == card.order
        del clues[left]
        if hole and misplay:  # read only under rule 9.33
            misplayed.add(left)
        turn = seen_turn(
            player, shown, hole, number, actor, action, (), (), card, misplay, note_gained,
            drawn_order, drawn,
        )  # fmt: skip
        if hole and actor != player and type(turn.action) is HiddenPlay:
            holed.append((actor, card))  # rule 9.33: the viewer saw it in another's hand
        history.append(turn)

    return seat_view(
        options,
        player,
        orders=[[card.order for card in hand] for hand in state.hands],
        cards=state.hands,
        marks=[[clues[card.order] for card in hand] for hand in state.hands],
        drawn_cards=state.dealt[: state.drawn],
        discards=state.discards,
        hole=hole,
        into_hole=misplayed,
        holed=holed,
        built=state.built,
        history=tuple(history),
        **_counters(state),
    )


class _Counters(TypedDict):
    """A view's fields that are the state's public counters as they stand (rules 12.1, 12.2)."""

    notes: int
    storms: int
    deck_size: int
    turn: int
    current_player: int
    turns_left: int | None
    outcome: Outcome | None
    directions: tuple[int, ...]
    starts: tuple[int, ...]


def _counters(state: GameState) -> _Counters:
    """The public counters of `state`, for `view` and `IncrementalViews`."""
    return {
        "notes": state.notes,
        "storms": state.storms,
        "deck_size": state.deck_size,
        "turn": state.turn,
        "current_player": state.current_player,
        "turns_left": state.turns_left,
        "outcome": state.outcome,
        "directions": state.directions,
        "starts": state.starts,
    }


def seat_view(
    options: Options,
    seat: int,
    *,
    orders: Sequence[Sequence[int]],
    cards: Sequence[tuple[DealtCard | None, ...]],
    marks: Sequence[Sequence[tuple[int, bool]]],
    drawn_cards: Sequence[DealtCard | None],
    discards: tuple[DealtCard, ...],
    hole: bool,
    into_hole: Collection[int],
    holed: Sequence[tuple[int, DealtCard]],
    built: tuple[int, ...],
    notes: int,
    storms: int,
    deck_size: int,
    turn: int,
    current_player: int,
    turns_left: int | None,
    outcome: Outcome | None,
    history: tuple[SeenTurn, ...],
    directions: tuple[int, ...],
    starts: tuple[int, ...],
) -> PlayerView:
    """The `PlayerView` of `seat` from the facts it knows: the one producer of a view, for `view`
    (which replays a state's log) and `LiveGame.view` (which tracks the server's messages).

    Args:
        orders, cards, marks: by seat, the orders of the cards held (oldest first), their faces
            (the seat's own are not read) and what clues told of each (face mask, clued).
        drawn_cards: by order, the cards drawn so far (`None` for one not seen).
        discards: the discard pile, misplays into the hole included (rule 9.33).
        hole: Throw It in a Hole's hole is face down (rule 9.33): the fireworks and Storms are
            hidden, `into_hole` (the orders of the misplays put into it) leave the discard pile,
            and `holed` (seat, card) are the hole's cards the viewer saw in another's hand.
    """
    variant = options.variant
    players = options.players
    shown = discards
    if hole:
        # Rule 9.33: misplays went into the hole, not onto the discard pile.
        shown = tuple(card for card in discards if card.order not in into_hole)
    # Empathy (rule 12.4): count out the cards each holder sees, as far as `seat` can tell.
    public = [(card.suit_index, card.rank) for card in shown]
    if not hole:  # rule 9.33: the fireworks are hidden, the hole counted per holder instead
        away = {o for hand in orders for o in hand} | {c.order for c in discards}
        public += firework_faces(variant, built, drawn_cards, away)
    faces = [
        [] if s == seat else [(c.suit_index, c.rank) for c in cards[s]]  # type: ignore[union-attr]
        for s in range(players)
    ]
    knowledge = [
        tuple(map(know, orders[holder], marks[holder]))
        for holder, know in enumerate(empathy(variant, seat, public, faces, holed))
    ]
    return PlayerView(
        seat=seat,
        options=options,
        # Rule 12.2: every other hand is face up to this seat; rule 12.1: its own is not.
        hands=tuple(
            None if s == seat else cast("tuple[DealtCard, ...]", hand)
            for s, hand in enumerate(cards)
        ),
        knowledge=tuple(knowledge),
        built=None if hole else built,
        discards=shown,
        notes=notes,
        storms=None if hole else storms,
        # Rule 12.3: the number of cards left is public, their faces and order are not.
        deck_size=deck_size,
        turn=turn,
        current_player=current_player,
        turns_left=turns_left,
        outcome=outcome,
        history=history,
        directions=directions,
        starts=starts,
    )


#: `SeenTurn(...)` with the same fields, in their order, for `view`, which builds one per turn of
#: the history at every call (`_support.fast.frozen_builder`: about half the cost of `__init__`).
_seen_turn: Callable[..., SeenTurn] = frozen_builder(SeenTurn)
_VALUE = ClueShown.VALUE  # a global read is cheaper than an attribute lookup per turn


_Face = tuple[int, int]  # (suit index, rank)


def firework_faces(
    variant: Variant,
    built: tuple[int, ...],
    drawn: Sequence[DealtCard | None],
    away: set[int],
) -> list[_Face]:
    """The faces on the fireworks (rule 12.4 counts them out): each firework's first `built`
    cards of its build order; in Up or Down and Sudoku (rules 9.29, 9.32), where they depend on
    how the firework started, the cards drawn (`drawn`, by order; `None` for one not seen) that
    are in no hand and not discarded (`away`). Shared by `view` and `LiveGame.view`."""
    if variant.up_or_down or variant.sudoku:
        return [
            (c.suit_index, c.rank)
            for order, c in enumerate(drawn)
            if order not in away and c is not None
        ]
    return [
        (i, rank) for i, suit in enumerate(variant.suits) for rank in suit.build_order[: built[i]]
    ]


def empathy(
    variant: Variant,
    viewer: int,
    public: list[_Face],
    faces: Sequence[Sequence[_Face]],
    holed: Sequence[tuple[int, DealtCard]],
) -> list[Callable[[int, tuple[int, bool]], CardKnowledge]]:
    """Per holder, what the viewer can tell that holder knows of each held card (rule 12.4): the
    copies left once the `public` faces, the hands the holder sees (`faces`, by seat; the
    viewer's own is not read) and the hole's cards the viewer saw with another seat than the
    holder (`holed`, rule 9.33) are counted out. Shared by `view` and `LiveGame.view`."""
    # The copies left once the public faces are counted out, the same for every holder.
    left = unaccounted(variant, public)
    counters = []
    for holder, unseen in enumerate(unseen_by_holder(left, faces, viewer)):
        # Rule 9.33: a card in the hole is known to those who saw it in its holder's hand.
        for seat, card in holed:
            if seat != holder:
                unseen[card.suit_index, card.rank] -= 1
        counters.append(counting(variant, unseen))
    return counters
