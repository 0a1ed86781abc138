"""Deals consistent with what a seat knows: [`sample_state`][hanabi_core.sample_state].

A search bot that holds a [`PlayerView`][hanabi_core.PlayerView] cannot call `apply`: it lacks
its own cards and the deck. `sample_state` draws a complete [`GameState`][hanabi_core.GameState]
from all the deals that fit the view, each equally likely, so that the bot can search in it
(determinization).

## What "consistent" means

A deal is the whole deck as a sequence of faces, one per order (two red 1s swapped give the same
deal). A deal is consistent with a view when replaying the view's history from it gives back the
view: `view(sample_state(v, rng), v.seat) == v`. The view fixes the face of every order it shows
(the other hands, the cards played and discarded); what it leaves open is

- the face of each card of the seat's own hand, known only through its clue knowledge: the faces
  it may be (rule 12.4). Every clue to the seat touched the card or missed it, and a clue touches a
  set of faces (rules 4.6, 4.7 and 9.27), so the faces that agree with all of them are those its
  knowledge lists (`CardKnowledge.counts`); any such face makes every clue touch the same cards;
- the order of the deck, of which the view shows only the size (rule 12.3).

Where the variant hides a clue's value from its target (rules 9.30 and 9.31), the clue narrows no
face, yet some clue of the type shown must touch exactly the cards it touched. The sampler draws
exactly among the assignments every hidden clue fits (`_exact.UnionDraw`: the union over
what each hidden clue may have been, each part counted, a draw kept with the inverse of the number
of parts that hold it, which makes it uniform), and replays each hidden clue as the first clue
that touches the same cards. A hidden clue that would take that draw past its bounds (20,000
search steps, 512 distinct parts) is left out of it and checked by rejection instead (uniform
too), at most 2,000 tries.

Where the variant puts played cards face down into a hole (Throw It in a Hole, rule 9.33), the
seat's own cards in the hole are open too: each may be any face its clues allowed while it was
held, provided the game goes on as the view shows it (no third Storm, the fireworks not all
built). The sampler draws them with the own hand, as below, and keeps a deal only if replaying it
gives back the view (rejection again). With more than three such cards, or after twenty failed
tries, uniform proposals rarely keep the game going, and the sampler searches instead (a
randomised depth-first search over the hole's cards in turn order, pruned where the misplays
would reach the last Storm) for faces that keep it going: the deal still fits the view exactly,
but is then not drawn exactly uniformly.

Nothing else a view holds depends on those faces: the seat's own empathy counts every other hand,
and the other holders' counts leave the seat's hand out. So the consistent deals are: the faces
fixed by the view, any assignment of faces to the own hand allowed by the clues, and any order of
the remaining faces in the deck.

## The algorithm

Give every remaining physical card a label (the pool: the variant's copies minus every card the
view shows; it holds the own hand and the deck, `k + D` cards).

1. Order the `k` own cards by how many pool cards their clues allow, fewest first (any fixed order
   will do; this one wastes fewest tries).
2. For each own card in turn, count the pool cards not yet taken that its clues allow, `a_i`, and
   take one of them uniformly. If some `a_i` is 0, start again.
3. Accept the assignment with probability `∏ a_i / ∏ A_i`, where `A_i` is the count of step 2
   before anything was taken (so `a_i ≤ A_i`; an exact integer draw); otherwise start again. After
   four rejected tries, draw the assignment instead by counts of completions
   (`_exact.Completions`), which never rejects: at the end of the deck a long hand is
   accepted with probability about `k!/k**k`, which no number of tries would overcome.
4. Shuffle the rest of the pool (Fisher–Yates, `random.Random.shuffle`) into the deck.
5. Build the deck in order, start the game with it, and replay the view's actions with `apply`.

## Why it is uniform

Call an *assignment* `x` a choice of distinct labelled pool cards for the own hand, each allowed by
its card's clues. One try of steps 2–3 proposes `x` with probability `∏ 1/a_i(x)` and accepts it
with probability `∏ a_i(x) / ∏ A_i`: together `1 / ∏ A_i`, the same for every assignment. So an
accepted assignment is uniform over all assignments, and step 4 makes the deck a uniform
permutation of the other labelled cards. The result is uniform over the labelled deals that fit
the view; a deal of faces with `m_f` unseen copies of face `f` is the image of exactly `∏ m_f!`
labelled deals whatever the deal, so the deals of faces are uniform too.

Each accepted try is uniform and so is the exact draw, so whichever gives the assignment, it is
uniform (a mixture of uniform draws over one set).

The labels are what makes identical copies count: a card allowed to be a red 1 (three copies left)
or a blue 5 (one left) is the red 1 three times as often, as it is in a shuffled deck. A try
succeeds with probability (number of assignments) / `∏ A_i`, close to 1 unless clues pin several
cards to the same few copies; before the first try the sampler checks that at least one assignment
exists (a matching in the bipartite graph of own cards and faces).

## Its bounds

`sample_state` always returns or raises, in bounded time:

- the exact count memoises at most 200,000 states (`_exact.STATES`), and the hidden-clue
  draw at most 512 parts after 20,000 search steps; a view that needs more (none a real game gives
  in the benchmark `benchmarks/sampling.py`) is refused with `SamplingError`;
- a generator whose `getrandbits` gives 64 numbers out of range in a row (an honest one, with
  probability under 2**-64) is refused with `SamplingError("rng")`;
- Throw It in a Hole tries at most 300 deals, each replayed;
- every world is checked: `view(world, seat) == view`, or `SamplingError`.

```python
import random
from hanabi_core import Options, new_game, apply, RankClue, view, sample_state

state = new_game(Options(2), seed=3)
state = apply(state, RankClue(1, state.hands[1][0].rank))
seen = view(state, 1)
world = sample_state(seen, random.Random(7))
assert view(world, 1) == seen                      # the same view...
assert world.hands[0] == state.hands[0]            # ...the hands seat 1 sees...
assert world.hands[1][0].rank == state.hands[1][0].rank  # ...and what the clue told it
```
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..actions import ColourClue, Discard, Play, RankClue
from ..cards import RANKS, START, Card
from ..errors import HanabiError, IllegalAction, InvalidDeck, brief
from ..knowledge import CardKnowledge, all_faces, clue_faces, learn
from ..records import abandon
from ..rules import apply, dealt_orders, new_game
from ..rules.hands import replace_card
from ..rules.tables import FACES_PER_SUIT, face_index, variant_tables
from ..state import EndReason, GameState, card_action
from ..variants import Variant
from ..views import HiddenClue, HiddenPlay, PlayerView, SeenTurn
from ..views import view as _view_of
from ._exact import Completions, Option, UnionDraw, below, shuffle

#: A clue to the seat whose value its view hides (rules 9.30 and 9.31): the orders in the seat's
#: hand then, those it touched, and the face masks of the clues it may have been.
_Hidden = tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]
#: How many assignments `sample_state` tries against hidden clues before it gives up (each try
#: is an exact uniform draw, so this bounds the work, not the uniformity).
_TRIES = 2_000
#: Cheap rejection proposals (steps 2 and 3) before the exact draw of `_exact`.
_REJECTION_TRIES = 4
#: Rule 9.33: uniform tries before the sampler proposes own cards in the hole that fit, and the
#: tries it allows in all (each try replays the game).
_UNIFORM_HOLE_TRIES = 20
#: Rule 9.33: beyond this many own cards in the hole, uniform proposals are not tried at all.
_UNIFORM_HOLE_CARDS = 3
_HOLE_TRIES = 300
#: Rule 9.33: the steps the search for hole faces that keep the game going may take per try.
_HOLE_NODES = 5_000

__all__ = ["SamplingError", "sample_state"]


class SamplingError(HanabiError, ValueError):
    """`sample_state` was given something it cannot sample from.

    Attributes:
        field: ``"view"`` (no deal of the variant fits it) or ``"rng"``.
        reason: the plain-words sentence.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        # What it was built from: HanabiError pickles, copies and compares errors by it.
        self._init_args = (field, reason)
        super().__init__(f"Cannot sample from this {field}: {reason}")


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A complete state drawn uniformly from all the deals consistent with `view`.

    Consistent means that `view(result, view.seat) == view`: the same hands seen, discards,
    fireworks, history, and own cards that fit every clue the seat was given (positive and
    negative). The module's documentation states the algorithm and proves it uniform.

    Args:
        view: what the seat knows, e.g. from [`view`][hanabi_core.view] or
            [`LiveGame.view`][hanabi_core.hanablive.live.LiveGame.view].
        rng: a `random.Random` the caller seeded (the only source of randomness).

    Always returns or raises in bounded time (the module's "Its bounds").

    Raises:
        SamplingError: `rng` is not a `random.Random` or never draws in range (``"rng"``), no
            deal fits `view` (a view made or changed by hand, a tracker's view between messages
            of one turn), or the view needs more work than the documented bounds (``"view"``).
    """
    if not isinstance(rng, random.Random):
        raise SamplingError("rng", f"must be a random.Random seeded by you, got {rng!r}")
    if not isinstance(view, PlayerView):
        raise SamplingError("view", f"must be a PlayerView, got {type(view).__name__}")
    options = view.options
    variant = options.variant
    total = len(variant.deck)
    faces = _faces(variant)  # face index (suit index · 6 + rank slot, rule 9.29) → Card
    # Every face the view shows, by order; then the pool of the rest, as counts per face index.
    index = {name: i for i, name in enumerate(variant.suit_names)}

    def face_of(suit: str, rank: int) -> int:
        # A view made by hand may show a face the variant has not (its suit, or a rank past the
        # variant's, rule 1.1): refused here rather than failing on a lookup below.
        at = index.get(suit) if isinstance(suit, str) else None
        number = -1 if at is None or type(rank) is not int else _face(at, rank)
        if not 0 <= number < len(faces) or faces[number].rank != rank:
            raise SamplingError(
                "view", f"it shows a card the variant has not, {brief(suit)} {brief(rank)}"
            )
        return number

    known: dict[int, int] = {}
    for seen in view.hands:
        for held in seen or ():
            known[held.order] = face_of(held.suit, held.rank)
    for turn in view.history:
        if turn.card is not None:
            known[turn.card.order] = face_of(turn.card.suit, turn.card.rank)
    pool = [0] * len(faces)
    for card in variant.deck:
        pool[_face(variant.suit_names.index(card.suit), card.rank)] += 1
    for face in known.values():
        pool[face] -= 1
    own = view.own
    # Rule 9.33: the seat's own cards put into the hole, face down, with what clues told of them.
    holed = _own_hole(view)
    if variant.hidden_plays and view.outcome is not None and view.built is None:
        # Rule 9.33: the end of the game turns the hole's cards face up, and every view of an
        # ended game shows them; a tracker's view that has not had them revealed is not one.
        raise SamplingError(
            "view",
            "the game is over but the hole's cards are not revealed (rule 9.33); "
            "LiveGame.reveal gives them",
        )
    drawn = total - view.deck_size
    if min(pool) < 0 or sum(pool) != len(own) + len(holed) + view.deck_size:
        raise SamplingError("view", "the cards it shows are not the variant's")
    unseen = {k.order for k in own} | {order for order, _ in holed}
    if set(known) != set(range(drawn)) - unseen:
        raise SamplingError("view", "it does not show every card drawn outside the seat's hand")
    # The faces a card's clues allow, per face (rule 9.27: not always suits × ranks), that have a
    # copy left: its own knowledge counts them against the same pool.
    allowed = [
        [f for f in (face_of(c.suit, c.rank) for c, _ in k.counts) if pool[f] > 0] for k in own
    ]
    hidden = _hidden_clues(view)
    if hidden:
        allowed = _narrowed(allowed, own, hidden, known)
    allowed += [
        [f for f in range(len(faces)) if mask >> f & 1 and pool[f] > 0] for _, mask in holed
    ]
    orders = [k.order for k in own] + [order for order, _ in holed]
    if not _matchable(allowed, pool):
        raise SamplingError("view", "no deal gives the seat's cards the faces its clues allow")
    exact: list[Completions] = []  # built on first use, memoised across the tries
    # Rules 9.30 and 9.31: draw exactly among the assignments some clue fits for every hidden clue
    # (`_exact.UnionDraw`), rather than reject the many that do not.
    # The hidden clues its bounds leave out are rejected below (`_fits`), uniform too; should a
    # part's count pass its bound, every hidden clue is (exact proposals, bounded by `_TRIES`).
    union = None
    if hidden and not holed:
        try:
            union = UnionDraw(
                allowed, pool, _clauses(hidden, known, allowed, orders), SamplingError
            )
        except SamplingError:
            union = None
    for attempt in range(_HOLE_TRIES if holed else _TRIES):
        if holed and (attempt >= _UNIFORM_HOLE_TRIES or len(holed) > _UNIFORM_HOLE_CARDS):
            # Rule 9.33: with many of the seat's cards in the hole, uniform faces rarely keep the
            # game going (a third Storm ends it); propose faces that fit where they can.
            fitting = _assign_fitting(view, allowed, pool, len(own), rng)
            if fitting is None:
                continue
            mine = fitting
        elif union is not None:
            fitting = union.draw(rng)
            if fitting is None:
                if union.complete:
                    raise SamplingError("view", "no deal gives its hidden clues a clue that fits")
                break
            mine = fitting
        else:
            mine = _assign(allowed, pool, rng, exact)
        # Rules 9.30 and 9.31: a clue whose value is hidden must have been some clue that touches
        # exactly the cards it touched. Rule 9.33: the hole's cards must leave the game going as
        # the view shows it (no third Storm, fireworks not all built). Rejecting the assignments
        # that fail keeps the draw uniform over the deals that fit (the proof above, restricted
        # to those).
        if hidden and not _fits(hidden, known, dict(zip(orders, mine, strict=True))):
            continue
        try:
            state = _dealt(view, rng, known=known, pool=pool, orders=orders, mine=mine)
        except SamplingError:
            if not holed:
                raise
            continue  # rule 9.33: the hole's cards ended the game early (a third Storm)
        # The world must give back the very view (rule 12): a view made or changed by hand may
        # hold what no game shows (knowledge its clues do not give, a tracker's view mid-deal);
        # such a view is refused, never answered with a world of another view.
        world = _view_of(state, view.seat)
        if world == view:
            return state
        if not holed or (
            world.outcome == view.outcome
            and any(getattr(world, f) != getattr(view, f) for f in _FIXED_BY_THE_DEAL)
        ):
            # Rule 9.33: other faces for the seat's cards in the hole change what the game made
            # of them (Notes, the end, what the end reveals), never these while the game goes on
            # as the view shows: no other try can give them back.
            raise SamplingError("view", "no game gives this view (it is not one `view` makes)")
    raise SamplingError("view", "no deal found that fits its hidden clues or hidden plays")


#: What a view shows that no face of the seat's own cards in the hole can change (rule 9.33).
_FIXED_BY_THE_DEAL = ("hands", "discards", "deck_size", "turn", "current_player")


def _dealt(
    view: PlayerView,
    rng: random.Random,
    *,
    known: dict[int, int],
    pool: list[int],
    orders: list[int],
    mine: list[int],
) -> GameState:
    """The game of the view replayed from the deal: the faces shown, `mine` for the seat's own
    unseen cards (by `orders`), the rest of the pool shuffled into the deck (steps 4 and 5)."""
    options = view.options
    faces = _faces(options.variant)
    left = list(pool)
    for face in mine:
        left[face] -= 1
    rest = [faces[face] for face, count in enumerate(left) for _ in range(count)]
    shuffle(rng, rest, SamplingError)  # step 4
    drawn = len(options.variant.deck) - view.deck_size
    deck = [faces[known[order]] if order in known else None for order in range(drawn)]
    for order, face in zip(orders, mine, strict=True):
        deck[order] = faces[face]
    cards = [*deck, *rest]
    try:
        state = new_game(options, deck=cards)  # type: ignore[arg-type]  # every order is filled
        for turn in view.history:
            action = turn.action
            if isinstance(action, HiddenClue):
                state = _replay_hidden(state, action, turn.touched)
            elif isinstance(action, HiddenPlay):
                # Rule 9.33 (and 9.13): into the hole went a card played, or an inverted suit's
                # card discarded.
                state = apply(
                    state,
                    card_action(state.hands[turn.player][action.slot], action.slot, play=True),
                )
            else:
                state = apply(state, action)
        if view.outcome is not None and view.outcome.reason is EndReason.ABANDONED:
            state = abandon(state)
    except (IllegalAction, InvalidDeck) as error:
        raise SamplingError("view", f"its history cannot be replayed: {error}") from None
    return state


def _assign_fitting(
    view: PlayerView, allowed: list[list[int]], pool: list[int], mine: int, rng: random.Random
) -> list[int] | None:
    """Faces for the seat's own cards (hand first, then the hole's, as `allowed` lists them) under
    which the game goes on as the view shows it (Throw It in a Hole, rule 9.33): a randomised
    depth-first search over the hole's cards in turn order, each own card taking a face its clues
    and the copies left allow, pruned as soon as the misplays reach the last Storm (rule 7.1);
    then the hand, uniformly, from what is left. Not uniform: used only when uniform proposals
    keep failing. `None` if the search finds nothing within `_HOLE_NODES` steps."""
    variant = view.options.variant
    faces = _faces(variant)
    # Rule 9.33a: Throw It in a Hole is never Up or Down nor Sudoku, so a firework grows along
    # its suit's build order alone (rules 6.2 and 9.7): `next_rank` says what extends it.
    next_rank = variant_tables(variant).next_rank
    max_storms = view.options.max_storms
    holed = [t for t in view.history if type(t.action) is HiddenPlay]
    left = list(pool)
    chosen: list[int] = []
    nodes = 0

    def search(at: int, built: tuple[int, ...], storms: int) -> bool:
        nonlocal nodes
        if at == len(holed):
            return _matchable(allowed[:mine], left)
        turn = holed[at]
        if turn.card is not None:
            options = [_face(turn.card.suit_index, turn.card.rank)]
        else:
            # A random order, each face as likely first as its copies left (labelled cards).
            labelled = [f for f in allowed[mine + len(chosen)] for _ in range(left[f])]
            shuffle(rng, labelled, SamplingError)
            options = list(dict.fromkeys(labelled))
        for face in options:
            nodes += 1
            if nodes > _HOLE_NODES:
                return False
            suit = face // FACES_PER_SUIT
            fits = next_rank[suit][built[suit]] == faces[face].rank
            after = storms + (not fits)
            if after >= max_storms:
                continue  # rule 7.1: the game would have ended here
            own = turn.card is None
            if own:
                left[face] -= 1
                chosen.append(face)
            grown = (*built[:suit], built[suit] + 1, *built[suit + 1 :]) if fits else built
            if search(at + 1, grown, after):
                return True
            if own:
                left[face] += 1
                chosen.pop()
        return False

    if not search(0, (0,) * len(variant.suits), 0):
        return None
    return [*_assign(allowed[:mine], left, rng, []), *chosen]


def _own_hole(view: PlayerView) -> list[tuple[int, int]]:
    """The seat's own cards in the hole of Throw It in a Hole (rule 9.33), each as (order, face
    mask its clues allow), followed from the deal of rule 2.4 as `views.view` follows it."""
    variant = view.options.variant
    if not variant.hidden_plays or view.built is not None:
        return []
    seat = view.seat
    hands = [list(block) for block in dealt_orders(view.options)]
    hand = hands[seat]
    fresh = all_faces(variant)
    masks = dict.fromkeys(hand, fresh)
    found = []
    for turn in view.history:
        action = turn.action
        if isinstance(action, (ColourClue, RankClue)):
            if action.target == seat:
                hit = clue_faces(variant, action)
                for order in hand:
                    masks[order] = learn(hit, masks[order], order in turn.touched)
        elif isinstance(action, (Play, Discard, HiddenPlay)) and turn.player == seat:
            order = _replayed(hands, turn, action.slot)
            if isinstance(action, HiddenPlay):
                found.append((order, masks[order]))
            if turn.drawn_order is not None:
                masks[turn.drawn_order] = fresh
    return found


def _replayed(hands: list[list[int]], turn: SeenTurn, slot: int) -> int:
    """Rule 6.5 on the hands (by order) of a history handed in: the card that leaves `slot` of the
    turn's player (returned) and the card drawn. A view built or changed by hand may name a seat
    or slot its hands never had; it is refused as a view.

    Raises:
        SamplingError: the turn's player has no such slot.
    """
    if not 0 <= turn.player < len(hands) or not 0 <= slot < len(hands[turn.player]):
        raise SamplingError(
            "view", f"turn {turn.number} takes slot {slot} of seat {turn.player}, which it lacks"
        )
    return replace_card(hands[turn.player], slot, turn.drawn_order)


def _candidates(variant: Variant, clue: HiddenClue) -> tuple[ColourClue | RankClue, ...]:
    """The clues `clue` may have been: of its type when the view shows it (rule 9.30)."""
    colours = tuple(ColourClue(clue.target, c) for c in variant.clue_colours)
    ranks = tuple(RankClue(clue.target, v) for v in variant.clue_ranks)
    if clue.kind == "colour":
        return colours
    if clue.kind == "rank":
        return ranks
    return colours + ranks


def _hidden_clues(view: PlayerView) -> list[_Hidden]:
    """The clues to the seat whose value the view hides, with the seat's hand when each was given
    (the deal of rule 2.4, then the history, as `views.view` follows it)."""
    options = view.options
    variant = options.variant
    hands = [list(block) for block in dealt_orders(options)]
    found: list[_Hidden] = []
    for turn in view.history:
        action = turn.action
        if isinstance(action, (Play, Discard, HiddenPlay)):
            _replayed(hands, turn, action.slot)
        elif isinstance(action, HiddenClue) and action.target == view.seat:
            masks = tuple(clue_faces(variant, c) for c in _candidates(variant, action))
            found.append((tuple(hands[view.seat]), frozenset(turn.touched), masks))
    return found


def _agrees(
    mask: int, hand: tuple[int, ...], touched: frozenset[int], face: dict[int, int]
) -> bool:
    """Whether the clue of face mask `mask` touches exactly `touched` among the faces given."""
    return all(bool(mask >> face[o] & 1) == (o in touched) for o in hand if o in face)


def _narrowed(
    allowed: list[list[int]],
    own: tuple[CardKnowledge, ...],
    hidden: list[_Hidden],
    known: dict[int, int],
) -> list[list[int]]:
    """Each own card's faces, less those no clue it may have been allows (card by card: a face
    that survives may still fail jointly with the others, which `_fits` rejects)."""
    narrowed = []
    for faces, knowledge in zip(allowed, own, strict=True):
        order = knowledge.order
        keep = set(faces)
        for hand, touched, masks in hidden:
            if order not in hand:
                continue
            possible = [m for m in masks if _agrees(m, hand, touched, known)]
            keep = {
                f for f in keep if any(bool(m >> f & 1) == (order in touched) for m in possible)
            }
        narrowed.append([f for f in faces if f in keep])
    return narrowed


def _clauses(
    hidden: list[_Hidden], known: dict[int, int], allowed: list[list[int]], orders: list[int]
) -> list[list[Option]]:
    """Per hidden clue, the distinct ways it may have been (`_exact.Option`): for each
    clue it may have been that agrees with the cards the view shows, the faces it allows each own
    card in the target's hand then."""
    index = {order: i for i, order in enumerate(orders)}
    clauses = []
    for hand, touched, masks in hidden:
        mine = [(index[o], o in touched) for o in hand if o in index]
        options = {
            tuple(
                (i, frozenset(f for f in allowed[i] if bool(mask >> f & 1) == hit))
                for i, hit in mine
            )
            for mask in masks
            if _agrees(mask, hand, touched, known)
        }
        clauses.append(sorted(options, key=lambda o: [(i, sorted(fs)) for i, fs in o]))
    return clauses


def _fits(hidden: list[_Hidden], known: dict[int, int], mine: dict[int, int]) -> bool:
    """Whether, with the own cards' faces `mine`, every hidden clue may have been some clue."""
    face = {**known, **mine}
    return all(
        any(_agrees(m, hand, touched, face) for m in masks) for hand, touched, masks in hidden
    )


def _replay_hidden(state: GameState, clue: HiddenClue, touched: tuple[int, ...]) -> GameState:
    """`state` after the first clue `clue` may have been that touches exactly `touched`."""
    for action in _candidates(state.options.variant, clue):
        try:
            after = apply(state, action)
        except IllegalAction:
            continue
        turn = after.last_turn
        if turn is not None and turn.touched == touched:
            return after
    raise SamplingError("view", f"no clue fits its hidden clue of turn {state.turn}")


@lru_cache(maxsize=64)
def _faces(variant: Variant) -> tuple[Card, ...]:
    """Every face of the variant by face index (`_face`); a START card's slot, rank 7, in every
    variant (only Up or Down deals one, rule 9.29)."""
    return tuple(Card(suit.name, rank) for suit in variant.suits for rank in (*RANKS, START))


def _face(suit_index: int, rank: int) -> int:
    """The face index of a card: suit index · 6 + its rank's slot (0 to 4, 5 for START)."""
    return face_index(suit_index, rank)


def _assign(
    allowed: list[list[int]], pool: list[int], rng: random.Random, exact: list[Completions]
) -> list[int]:
    """A uniform assignment of labelled pool cards to the own cards (steps 1 to 3 of the module's
    algorithm, at most `_REJECTION_TRIES` times; then the exact draw of `_exact`, made
    once into `exact` and kept there for the next call); returns the faces, slot by slot. The
    caller has checked that an assignment exists (`_matchable`)."""
    k = len(allowed)
    first = [sum(pool[c] for c in faces) for faces in allowed]
    order = sorted(range(k), key=first.__getitem__)  # fewest allowed first (step 1)
    bound = 1
    for count in first:
        bound *= count
    for _ in range(_REJECTION_TRIES):
        left = list(pool)
        chosen = [0] * k
        weight = 1
        for i in order:
            faces = allowed[i]
            available = sum(left[c] for c in faces)
            if available == 0:
                break
            weight *= available
            # One labelled card among those left (step 2).
            pick = below(rng, available, SamplingError)
            for face in faces:
                pick -= left[face]
                if pick < 0:
                    break
            left[face] -= 1
            chosen[i] = face
        else:
            # Step 3: accept with probability weight / bound.
            if below(rng, bound, SamplingError) < weight:
                return chosen
    # Rejection keeps failing (clues pin several cards to few copies, or a long hand at the end
    # of the deck): draw exactly by counts of completions instead. Each accepted proposal above is
    # uniform, and so is this draw, so their mixture is too (`_exact`).
    if not exact:
        exact.append(Completions(allowed, pool, SamplingError))
    drawn = exact[0].draw(rng)
    if drawn is None:  # pragma: no cover - the caller checked `_matchable`
        raise SamplingError("view", "no deal gives the seat's cards the faces its clues allow")
    return drawn


def _matchable(allowed: list[list[int]], pool: list[int]) -> bool:
    """Whether the own cards can take distinct pool cards their clues allow (a bipartite matching
    with the face counts as capacities, by augmenting paths)."""
    holder: dict[int, list[int]] = {}

    def place(i: int, visited: set[int]) -> bool:
        for card in allowed[i]:
            if card in visited:
                continue
            visited.add(card)
            taken = holder.setdefault(card, [])
            if len(taken) < pool[card]:
                taken.append(i)
                return True
            for j, other in enumerate(taken):
                if place(other, visited):
                    taken[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(allowed)))
