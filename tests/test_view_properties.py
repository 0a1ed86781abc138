"""Properties of player views under every variant (spec section 12).

- A view does not change when the viewer's own never-clued cards swap faces with undrawn cards
  (rule 12.1), nor when two undrawn cards swap (rule 12.3); every other seat's view does change
  when it can see the swapped card (rule 12.2). Nothing reachable from a view, private fields and
  `repr` included, differs between the two games.
- The true card is always among its possible identities, in every seat's view (rule 12.4).
- Knowledge never grows: clue knowledge changes only when a clue reaches the holder, and a clue to
  someone else changes nothing the viewer knows of their own cards (rule 12.4).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from hanabi_core import (
    VARIANTS,
    Action,
    Card,
    ColourClue,
    DealtCard,
    GameState,
    IllegalAction,
    Options,
    Play,
    PlayerView,
    RankClue,
    Variant,
    apply,
    hanablive,
    legal_actions,
    new_game,
    view,
)

#: The built-in variants, and hanab.live's that hide a clue's value (rules 9.30 and 9.31).
HIDDEN_CLUES = ("Cow & Pig (5 Suits)", "Duck (4 Suits)")
#: A firework's cards depend on its start (rule 9.32): four-card Sudoku, an inverted suit.
SUDOKU = ("Sudoku & Orange (4 Suits)",)
#: hanab.live's variants where every card played goes face down into a hole (rule 9.33).
HIDDEN_PLAYS = ("Throw It in a Hole & Rainbow (5 Suits)", "Throw It in a Hole & Orange (4 Suits)")
VARIANT_IDS = sorted(VARIANTS) + list(HIDDEN_CLUES) + list(SUDOKU) + list(HIDDEN_PLAYS)


def variant_of(variant_id: str) -> Variant:
    return VARIANTS[variant_id] if variant_id in VARIANTS else hanablive.variant(variant_id)


@st.composite
def games(draw: st.DrawFn, variant: Variant, max_turns: int = 40) -> tuple[GameState, list[Any]]:
    """A game of `variant` after a random legal prefix; returns the state and (deck, actions)."""
    players = draw(st.integers(2, 5))
    options = Options(players, variant=variant, negative_clues=draw(st.booleans()))
    deck = draw(st.permutations(variant.deck))
    choices = draw(st.lists(st.integers(0, 1 << 16), max_size=max_turns))
    state = new_game(options, deck=deck)
    actions: list[Action] = []
    for choice in choices:
        if state.is_over:
            break
        legal = legal_actions(state)
        action = legal[choice % len(legal)]
        actions.append(action)
        state = apply(state, action)
    return state, [list(deck), actions]


def replay(options: Options, deck: list[Card], actions: list[Action]) -> GameState | None:
    """The game played on `deck` with `actions`, or `None` if an action becomes illegal."""
    state = new_game(options, deck=deck)
    try:
        for action in actions:
            state = apply(state, action)
    except IllegalAction:
        return None
    return state


_LEAVES = (str, bytes, int, float, Enum, type(None))


def reachable(value: Any, path: str = "view") -> list[tuple[str, Any]]:
    """Every value reachable from `value`: attrs fields (private and eq=False ones included),
    tuples, sets and mappings, walked depth first, as (path, value) pairs, objects and leaves.

    An object reached a second time is listed as ``"same as <its first path>"``, not walked again.
    """
    found: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = [(path, value)]
    first: dict[int, str] = {}  # an object met again is recorded as a reference to its first path
    while stack:
        where, item = stack.pop()
        if isinstance(item, _LEAVES):
            found.append((where, item))
            continue
        if id(item) in first:
            found.append((where, f"same as {first[id(item)]}"))
            continue
        first[id(item)] = where
        found.append((where, item))
        if attrs.has(type(item)):
            children = [
                (f"{where}.{f.name}", getattr(item, f.name)) for f in attrs.fields(type(item))
            ]
        elif isinstance(item, (tuple, list)):
            children = [(f"{where}[{i}]", x) for i, x in enumerate(item)]
        elif isinstance(item, (set, frozenset)):
            children = [(f"{where}{{}}", x) for x in sorted(item, key=repr)]
        elif isinstance(item, dict) or hasattr(item, "items"):
            children = []
            for key, x in sorted(item.items(), key=repr):
                children += [(f"{where}<key>", key), (f"{where}[{key!r}]", x)]
        else:
            raise AssertionError(f"{where}: unexpected {type(item).__name__} reachable from a view")
        stack.extend(reversed(children))
    return found


def leaves(seen: PlayerView) -> list[tuple[str, Any]]:
    """Everything reachable from a view (leaves by value, objects by type), hidden fields
    included, for comparing two views. The options are left out: the caller's own object, the
    same in both games (walked by `check_no_hidden_card`)."""
    return [
        (path, item if isinstance(item, _LEAVES) else type(item))
        for field in attrs.fields(PlayerView)
        if field.name != "options"
        for path, item in reachable(getattr(seen, field.name), f"view.{field.name}")
    ]


def face(card: DealtCard | Card) -> Card:
    return Card(card.suit, card.rank)


def clues_while_held(state: GameState, seat: int, order: int) -> list[ColourClue | RankClue]:
    """The clues given to `seat` since it got the card `order`."""
    turns = state.turns
    start = next((i + 1 for i, t in enumerate(turns) if t.drawn and t.drawn.order == order), 0)
    return [
        t.action
        for t in turns[start:]
        if isinstance(t.action, (ColourClue, RankClue)) and t.action.target == seat
    ]


def would_touch(variant: Variant, clue: ColourClue | RankClue, card: Card) -> bool:
    if isinstance(clue, ColourClue):
        return variant.touches(clue.colour, card.suit)
    return card.rank == clue.rank


_WALKED: set[Options] = set()


def check_no_hidden_card(state: GameState, seat: int) -> None:
    """Nothing reachable from the seat's view, nor the state, tells the face of a card of its
    hand or of the deck: such an order appears with no face, or with every face of the variant
    (as in a lookup table of the options that lists every card a game could hold).

    The options (with their private caches) are walked once per distinct value, for speed."""
    hidden = {card.order for card in state.hands[seat]} | {card.order for card in state.deck}
    if state.options.variant.hidden_plays and state.outcome is None:
        # Rule 9.33: the seat's own cards put into the hole stay hidden from it.
        hidden |= {
            t.card.order
            for t in state.turns
            if t.player == seat
            and t.card is not None
            and (type(t.action) is Play) != t.card.inverted
        }
    every = set(state.options.variant.deck)
    seen = view(state, seat)
    assert seen.options is state.options
    walked = [
        pair
        for field in attrs.fields(PlayerView)
        if field.name != "options" or state.options not in _WALKED
        for pair in reachable(getattr(seen, field.name), f"view.{field.name}")
    ]
    _WALKED.add(state.options)
    shown: dict[int, set[Card]] = {}
    for path, item in walked:
        assert not isinstance(item, GameState), path
        if isinstance(item, DealtCard) and item.order in hidden:
            shown.setdefault(item.order, set()).add(face(item))
    for order, faces in shown.items():
        assert faces == every, f"the view tells something of hidden card #{order}: {faces}"


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@given(data=st.data())
def test_r12_1_r12_2_r12_3_view_unchanged_when_hidden_cards_swap(
    variant_id: str, data: st.DataObject
) -> None:
    variant = variant_of(variant_id)
    state, (deck, actions) = data.draw(games(variant))
    options = state.options
    seat = data.draw(st.integers(0, options.players - 1), label="seat")
    check_no_hidden_card(state, seat)
    undrawn = [card.order for card in state.deck]
    assume(undrawn)

    # Rule 12.3: two undrawn cards of different faces swap; nobody's view changes.
    first = data.draw(st.sampled_from(undrawn), label="undrawn")
    others = [o for o in undrawn if deck[o] != deck[first]]
    if others:
        second = data.draw(st.sampled_from(others), label="other undrawn")
        swapped = list(deck)
        swapped[first], swapped[second] = deck[second], deck[first]
        twin = replay(options, swapped, actions)
        assert twin is not None
        for p in range(options.players):
            assert view(twin, p) == view(state, p)
        assert leaves(view(twin, seat)) == leaves(view(state, seat))

    # Rule 12.1: one of the seat's never-clued cards swaps with an undrawn card of another face
    # that no clue to the seat would have touched either.
    touched = {order for turn in state.turns for order in turn.touched}
    pairs = [
        (card.order, other)
        for card in state.hands[seat]
        if card.order not in touched
        for other in undrawn
        if deck[other] != face(card)
        and not any(
            would_touch(variant, clue, deck[other])
            for clue in clues_while_held(state, seat, card.order)
        )
    ]
    assume(pairs)
    mine, other = data.draw(st.sampled_from(pairs), label="swap")
    swapped = list(deck)
    swapped[mine], swapped[other] = deck[other], deck[mine]
    twin = replay(options, swapped, actions)
    assert twin is not None
    assert [t.touched for t in twin.turns] == [t.touched for t in state.turns]
    before, after = view(state, seat), view(twin, seat)
    assert after == before
    assert hash(after) == hash(before)
    assert repr(after) == repr(before)
    assert leaves(after) == leaves(before)
    # Rule 12.2: everybody else sees the card, so their views do change.
    for p in range(options.players):
        if p != seat:
            assert view(twin, p) != view(state, p)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
@given(data=st.data())
def test_r12_4_true_card_possible_and_knowledge_never_grows(
    variant_id: str, data: st.DataObject
) -> None:
    variant = variant_of(variant_id)
    state, (deck, actions) = data.draw(games(variant, max_turns=30))
    options = state.options
    seat = data.draw(st.integers(0, options.players - 1), label="seat")
    game = new_game(options, deck=deck)
    before = view(game, seat)
    for action in actions:
        game = apply(game, action)
        after = view(game, seat)
        turn = game.turns[-1]
        clue_to = action.target if isinstance(action, (ColourClue, RankClue)) else None
        old = {k.order: k for hand in before.knowledge for k in hand}
        for holder, hand in enumerate(after.knowledge):
            assert [k.order for k in hand] == [c.order for c in game.hands[holder]]
            for k, card in zip(hand, game.hands[holder], strict=True):
                # The true card is possible, by clues and by counts.
                assert card.suit in k.suits and card.rank in k.ranks
                assert k.may_be(face(card)) and k.identities[face(card)] >= 1
                assert all(n >= 1 for _, n in k.counts) and 0 < k.probability(face(card)) <= 1
                was = old.get(k.order)
                if was is None:
                    # A new card: drawn this turn, nothing known but the counts.
                    assert turn.drawn is not None and turn.drawn.order == k.order
                    assert len(k.suits) == len(variant.suits) and k.ranks == variant.ranks
                    assert not k.clued
                    continue
                # Never grows: suits, ranks and identities only shrink, counts never rise.
                assert set(k.suits) <= set(was.suits) and set(k.ranks) <= set(was.ranks)
                assert was.clued <= k.clued
                grown = [c for c, n in k.counts if n > was.identities.get(c, 0)]
                assert not grown, grown
                # Only a card this turn revealed (played, discarded, or drawn by another seat)
                # may lose copies.
                revealed = set()
                if turn.card is not None:
                    revealed.add(face(turn.card))
                if turn.drawn is not None and turn.player != seat:
                    revealed.add(face(turn.drawn))
                if variant.hidden_plays and game.is_over:
                    # Rule 9.33: the end of the game shows every card of the hole.
                    revealed |= {face(t.card) for t in game.turns if t.card is not None}
                shrunk = {c for c, n in was.counts if k.identities.get(c, 0) < n}
                gone = {c for c in shrunk if c.suit not in k.suits or c.rank not in k.ranks}
                assert shrunk - gone <= revealed, (shrunk, revealed)
                if clue_to != holder:
                    # No clue to the holder: clue knowledge is unchanged.
                    assert (k.suits, k.ranks, k.clued) == (was.suits, was.ranks, was.clued)
                if clue_to is not None:
                    # A clue moves no card: every remaining identity keeps its count, and a
                    # holder the clue did not reach keeps exactly what they had.
                    assert all(was.identities[c] == n for c, n in k.counts)
                    if clue_to != holder:
                        assert k == was
        before = after


@pytest.mark.parametrize("name", HIDDEN_CLUES)
@given(data=st.data())
def test_r9_30_r9_31_view_unchanged_when_a_clued_card_swaps_and_every_clue_touches_alike(
    name: str, data: st.DataObject
) -> None:
    # Where a clue's value is hidden from its target, a card of the seat's hand, clued or not,
    # may swap with an undrawn card of another face: as long as every clue still touches the same
    # cards, the seat's view cannot change (it never learns which value touched them).
    variant = hanablive.variant(name)
    state, (deck, _) = data.draw(games(variant))
    options = state.options
    seat = data.draw(st.integers(0, options.players - 1), label="seat")
    undrawn = [card.order for card in state.deck]
    mine = [card.order for card in state.hands[seat]]
    assume(undrawn and mine)
    first = data.draw(st.sampled_from(mine), label="own card")
    second = data.draw(st.sampled_from(undrawn), label="undrawn")
    assume(deck[first] != deck[second])
    swapped = list(deck)
    swapped[first], swapped[second] = deck[second], deck[first]
    # Each clue may have been given with another value in the twin game: replay the first of
    # the clue's type (rule 9.30) or of either type (rule 9.31) that touches the same cards.
    twin = new_game(options, deck=swapped)
    for turn in state.turns:
        action = turn.action
        if isinstance(action, (ColourClue, RankClue)) and action.target == seat:
            kinds = (type(action),) if name.startswith("Cow") else (ColourClue, RankClue)
            clues: list[Action] = [
                a for a in legal_actions(twin) if isinstance(a, kinds) and a.target == seat
            ]
            fits = [a for a in clues if apply(twin, a).turns[-1].touched == turn.touched]
            assume(fits)
            action = fits[0]
        try:
            twin = apply(twin, action)
        except IllegalAction:
            assume(False)
    assert view(twin, seat) == view(state, seat)
    assert leaves(view(twin, seat)) == leaves(view(state, seat))


@pytest.mark.parametrize("name", HIDDEN_PLAYS)
@given(data=st.data())
def test_r9_33_view_unchanged_when_an_own_card_in_the_hole_swaps(
    name: str, data: st.DataObject
) -> None:
    # While a Throw It in a Hole game goes on, a card the seat put into the hole may swap with an
    # undrawn card of another face: if every clue still touches the same cards and the game still
    # goes on, the seat's view cannot change (fitted or misplayed, it never saw it).
    variant = hanablive.variant(name)
    # Seat 0 puts its slot-0 card into the hole; then clues and discards, some plays.
    options = Options(data.draw(st.integers(2, 5)), variant=variant)
    deck = data.draw(st.permutations(variant.deck))
    state = apply(new_game(options, deck=deck), Play(0))
    actions: list[Action] = [Play(0)]
    for choice in data.draw(st.lists(st.integers(0, 1 << 16), max_size=20)):
        legal = [a for a in legal_actions(state) if type(a) is not Play or choice % 4 == 0]
        if state.is_over or not legal:
            break
        actions.append(legal[choice % len(legal)])
        state = apply(state, actions[-1])
    assume(state.outcome is None)
    seat = 0
    holed = [
        t.card.order
        for t in state.turns
        if t.player == seat and t.card is not None and (type(t.action) is Play) != t.card.inverted
    ]
    undrawn = [card.order for card in state.deck]
    assume(holed and undrawn)
    first = data.draw(st.sampled_from(holed), label="own card in the hole")
    second = data.draw(st.sampled_from(undrawn), label="undrawn")
    assume(deck[first] != deck[second])
    # An inverted suit's card played is discarded face up (rule 9.13): keep the card's fate.
    inverted = {s.name for s in variant.suits if s.inverted}
    assume((deck[first].suit in inverted) == (deck[second].suit in inverted))
    swapped = list(deck)
    swapped[first], swapped[second] = deck[second], deck[first]
    twin = replay(state.options, swapped, actions)
    assume(twin is not None and twin.outcome is None)
    assert twin is not None
    assume([t.touched for t in twin.turns] == [t.touched for t in state.turns])
    assert view(twin, seat) == view(state, seat)
    assert leaves(view(twin, seat)) == leaves(view(state, seat))
