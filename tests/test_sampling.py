"""sample_state: deals consistent with a view (rule 12), drawn uniformly.

Consistency is a property over every variant: `view(sample_state(v, rng), v.seat) == v`.
Uniformity is tested against exact enumeration: on small custom variants, every arrangement of the
unseen cards over the seat's own hand and the deck is replayed and kept when it gives the same view;
the sampler's counts over those deals pass a chi-square test at a fixed seed.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from itertools import permutations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanabi_core import (
    VARIANTS,
    Card,
    CardKnowledge,
    ClueTouch,
    ColourClue,
    Discard,
    GameRecord,
    GameState,
    HanabiError,
    Options,
    Play,
    PlayerView,
    RankClue,
    SamplingError,
    Suit,
    Variant,
    abandon,
    apply,
    hanablive,
    legal_actions,
    new_game,
    playable,
    sample_state,
    view,
)
from hanabi_core.variants import ClueShown
from played_games import game_options, random_game
from test_hanab_live_machine import SAMPLE

# --- Consistency ------------------------------------------------------------------------------


@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    players=st.integers(2, 5),
    flags=st.integers(0, 63),
    seed=st.integers(0, 2**32),
    seat=st.integers(0, 4),
    cut=st.floats(0, 1),
)
def test_r12_consistent_with_the_view_every_variant(
    variant: str, players: int, flags: int, seed: int, seat: int, *, cut: float
) -> None:
    states = random_game(game_options(variant, players, flags), seed)
    state = states[int(cut * (len(states) - 1))]
    seen = view(state, seat % players)
    world = sample_state(seen, random.Random(seed))
    assert view(world, seen.seat) == seen
    assert world.options == state.options and world.deck_size == state.deck_size
    again = sample_state(seen, random.Random(seed))
    assert again == world  # the seed alone decides


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_r12_consistent_at_every_turn_of_a_game(variant: str) -> None:
    states = random_game(game_options(variant, 3), seed=len(variant))
    rng = random.Random(1)
    for state in states:
        for seat in range(3):
            seen = view(state, seat)
            assert view(sample_state(seen, rng), seat) == seen


@pytest.mark.parametrize("name", SAMPLE)
def test_r9_27_consistent_in_hanab_live_variants(name: str) -> None:
    # Per-face clue knowledge (a red clue touching every 1, prism, Synesthesia, …): the own
    # cards are drawn from the faces their clues allow, not from a product of suits and ranks.
    states = random_game(game_options(hanablive.variant(name), 3, 1), seed=len(name))
    rng = random.Random(2)
    for state in states[:: max(1, len(states) // 8)]:
        for seat in range(3):
            seen = view(state, seat)
            assert view(sample_state(seen, rng), seat) == seen


def test_r7_5_an_abandoned_view_samples_an_abandoned_state() -> None:
    state = abandon(random_game(Options(2), seed=2)[10])
    seen = view(state, 0)
    assert view(sample_state(seen, random.Random(0)), 0) == seen


# --- Uniformity by exact enumeration ---------------------------------------------------------

RED_BLUE = Variant(
    "red-blue",
    "Two suits, red with two 1s",
    (Suit("red", copies=(2, 1, 1, 1, 1)), Suit("blue", copies=(1, 1, 1, 1, 1))),
    ("red", "blue"),
)
WILD = Variant(
    "red-wild",
    "Red and a wild suit every colour clue touches; a blue clue touches the wild cards alone",
    (Suit("red", copies=(2, 2, 1, 1, 1)), Suit("wild", ClueTouch.EVERY_COLOUR, (1, 1, 1, 1, 1))),
    ("red", "blue"),
)


def scenario(name: str) -> tuple[GameState, list[object]]:
    """A small game a few turns in, and its actions."""
    if name == "red-blue":
        options = Options(2, variant=RED_BLUE, hand_size=3)
        state = new_game(options, seed=12)
        actions = [
            RankClue(1, state.hands[1][0].rank),
            RankClue(0, state.hands[0][0].rank),  # seat 0 learns one rank, and where it is not
            Discard(2),
            Discard(0),
        ]
    else:
        options = Options(2, variant=WILD, hand_size=3, negative_clues=True)
        state = new_game(options, seed=5)
        actions = [
            RankClue(1, 1),
            ColourClue(0, "blue"),  # seat 0 learns which of its cards are wild, and which not
            Discard(1),
            Discard(2),
            RankClue(1, 2),  # touches nothing: a negative clue
            Discard(0),
        ]
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    return state, actions


def unseen_orders(state: GameState, seat: int) -> list[int]:
    return [c.order for c in state.hands[seat]] + [c.order for c in state.deck]


def faces_at(state: GameState, orders: list[int]) -> tuple[Card, ...]:
    cards = {c.order: c.card for hand in state.hands for c in hand}
    cards.update({c.order: c.card for c in state.deck})
    return tuple(cards[o] for o in orders)


def consistent_deals(state: GameState, actions: list[object], seat: int) -> set[tuple[Card, ...]]:
    """Every arrangement of the unseen cards that replays to the same view, by brute force."""
    seen = view(state, seat)
    orders = unseen_orders(state, seat)
    full = {c.order: c.card for c in state.dealt}
    found = set()
    for faces in set(permutations(faces_at(state, orders))):
        deck = dict(full)
        deck.update(zip(orders, faces, strict=True))
        try:
            replay = new_game(state.options, deck=[deck[o] for o in range(len(deck))])
            for action in actions:
                replay = apply(replay, action)  # type: ignore[arg-type]
        except HanabiError:
            continue  # an arrangement under which some action is illegal is not consistent
        if view(replay, seat) == seen:
            found.add(faces)
    return found


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability about 0.001 (Wilson–Hilferty)."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


@pytest.mark.parametrize("name", ["red-blue", "red-wild"])
def test_r12_uniform_over_consistent_deals_chi_square(name: str) -> None:
    state, actions = scenario(name)
    seat = 0
    deals = consistent_deals(state, actions, seat)
    assert 20 <= len(deals) <= 2000, len(deals)  # a meaningful, affordable test
    seen = view(state, seat)
    orders = unseen_orders(state, seat)
    rng = random.Random(2024)
    samples = 20 * len(deals)
    counts = Counter(faces_at(sample_state(seen, rng), orders) for _ in range(samples))
    assert set(counts) <= deals  # every sample is a consistent deal
    expected = samples / len(deals)
    statistic = sum((counts[d] - expected) ** 2 / expected for d in deals)
    assert statistic < chi_square_limit(len(deals) - 1), (statistic, len(deals))


def test_r12_identical_copies_weigh_as_in_a_shuffled_deck() -> None:
    # Seat 0 knows its card is a 1: red has two 1s, blue one, so red is twice as likely, as it is
    # among the consistent deals (the exact count), not one in two.
    state, actions = scenario("red-blue")
    clued = view(state, 0).own[0]
    assert clued.clued and clued.ranks == (state.hands[0][0].rank,)
    deals = consistent_deals(state, actions, 0)
    exact = Counter(d[0] for d in deals)
    rng = random.Random(7)
    seen = view(state, 0)
    drawn = Counter(sample_state(seen, rng).hands[0][0].card for _ in range(3000))
    for face, count in exact.items():
        share = count / len(deals)
        assert abs(drawn[face] / 3000 - share) < 0.04, (face, drawn[face], share)


# --- Errors -----------------------------------------------------------------------------------


def test_sampling_error_rng_must_be_a_seeded_random() -> None:
    seen = view(new_game(Options(2), seed=1), 0)
    with pytest.raises(SamplingError) as error:
        sample_state(seen, 7)  # type: ignore[arg-type]
    assert error.value.field == "rng"
    with pytest.raises(SamplingError):
        sample_state(object(), random.Random(1))  # type: ignore[arg-type]


def test_sampling_error_for_views_no_deal_fits() -> None:
    state = random_game(Options(2), seed=3)[12]
    seen = view(state, 0)
    with pytest.raises(SamplingError) as error:
        sample_state(attrs.evolve(seen, deck_size=seen.deck_size + 1), random.Random(0))
    assert error.value.field == "view"
    # Two of the seat's cards said to be the same face, of which one copy is unseen: no deal fits.
    single = next(card for k in seen.own for card, n in k.counts if n == 1)
    pinned = tuple(
        CardKnowledge(k.order, (single.suit,), (single.rank,), True, ((single, 1),)) if i < 2 else k
        for i, k in enumerate(seen.own)
    )
    knowledge = (pinned, *seen.knowledge[1:])
    with pytest.raises(SamplingError, match="no deal"):
        sample_state(attrs.evolve(seen, knowledge=knowledge), random.Random(0))


def test_sampling_error_for_a_history_that_takes_a_card_the_hand_never_had() -> None:
    """A view changed by hand so that a turn plays or discards from a slot its player's hand
    does not have is refused as a view, never with a bare IndexError."""
    state = random_game(Options(3), seed=5)[9]
    seen = view(state, 0)
    turn = next(i for i, t in enumerate(seen.history) if isinstance(t.action, (Play, Discard)))
    history = list(seen.history)
    history[turn] = attrs.evolve(history[turn], action=type(history[turn].action)(9))
    with pytest.raises(SamplingError, match="slot 9") as error:
        sample_state(attrs.evolve(seen, history=tuple(history)), random.Random(0))
    assert error.value.field == "view"


def test_sampling_error_pickles() -> None:
    error = SamplingError("view", "no deal fits")
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, HanabiError) and isinstance(again, ValueError)
    assert (again.field, again.reason, str(again)) == (error.field, error.reason, str(error))


def test_sample_is_a_state_the_rules_accept() -> None:
    state = random_game(Options(3), seed=9)[15]
    world = sample_state(view(state, 2), random.Random(3))
    assert isinstance(world, GameState) and isinstance(view(world, 2), PlayerView)
    # It plays on like any state.
    assert world.is_over or apply(world, Play(0)).turn == world.turn + 1


# --- Hardening, round two (issue 25) ------------------------------------------------------------


def end_of_deck_view(options: Options, seed: int) -> PlayerView:
    """The view of the seat to move once the deck is empty, every turn a discard or a clue."""
    state = new_game(options, seed=seed)
    while state.deck_size and not state.is_over:
        state = apply(
            state,
            Discard(0)
            if state.notes < options.max_notes
            else RankClue(
                (state.current_player + 1) % options.players,
                state.hands[(state.current_player + 1) % options.players][0].rank,
            ),
        )
    return view(state, state.current_player)


@pytest.mark.parametrize("hand_size", [16, 18, 25])
def test_h2_sample_state_is_bounded_for_long_hands_at_the_end_of_the_deck(hand_size: int) -> None:
    """Rejection accepts with probability k!/k**k at the end of the deck; the exact draw does
    not reject. (Before: 8 s for 16 cards, no end for 18 and 25.)"""
    seen = end_of_deck_view(Options(2, hand_size=hand_size), seed=4)
    rng = random.Random(1)
    for _ in range(3):
        assert view(sample_state(seen, rng), seen.seat) == seen


class AllOnes(random.Random):
    """A generator whose every draw is out of range (all bits set)."""

    def getrandbits(self, k: int) -> int:
        return (1 << k) - 1


def test_h2_a_generator_that_never_draws_in_range_is_refused() -> None:
    seen = view(random_game(Options(2), seed=3)[12], 0)
    with pytest.raises(SamplingError) as error:
        sample_state(seen, AllOnes(0))
    assert error.value.field == "rng"


@pytest.mark.parametrize("name", ["red-blue", "red-wild"])
def test_h2_the_exact_draw_is_uniform_against_enumeration(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no rejection tries at all, every draw is the exact one (counts of completions): its
    frequencies over the consistent deals pass the same chi-square test."""
    from hanabi_core import sampling

    monkeypatch.setattr(sampling, "_REJECTION_TRIES", 0)
    state, actions = scenario(name)
    deals = consistent_deals(state, actions, 0)
    seen = view(state, 0)
    orders = unseen_orders(state, 0)
    rng = random.Random(99)
    samples = 10 * len(deals)
    counts = Counter(faces_at(sample_state(seen, rng), orders) for _ in range(samples))
    assert set(counts) <= deals
    expected = samples / len(deals)
    statistic = sum((counts[d] - expected) ** 2 / expected for d in deals)
    assert statistic < chi_square_limit(len(deals) - 1), (statistic, len(deals))


def consistent_hidden_hands(
    state: GameState, actions: list[object], seat: int
) -> dict[tuple[Card, ...], int]:
    """The faces of `seat`'s own hand over the consistent deals, each with its number of deals
    (the arrangements of the rest in the deck), by brute force: a clue to `seat` may have been any
    clue touching the same cards (its value is hidden, rule 9.31)."""
    seen = view(state, seat)
    own = [c.order for c in state.hands[seat]]
    deck = [c.order for c in state.deck]
    unseen = Counter(faces_at(state, own + deck))
    full = {c.order: c.card for c in state.dealt}
    variant = state.options.variant
    touched = [turn.touched for turn in state.turns]
    found: dict[tuple[Card, ...], int] = {}
    for hand in set(permutations(list(unseen.elements()), len(own))):
        rest = unseen - Counter(hand)
        cards = dict(full)
        cards.update(zip(own, hand, strict=True))
        cards.update(zip(deck, rest.elements(), strict=True))
        world = new_game(state.options, deck=[cards[o] for o in range(len(cards))])
        for number, action in enumerate(actions):
            if isinstance(action, (ColourClue, RankClue)) and action.target == seat:
                choices: list[object] = [ColourClue(seat, c) for c in variant.clue_colours]
                choices += [RankClue(seat, r) for r in variant.clue_ranks]
            else:
                choices = [action]
            for choice in choices:  # any clue touching the same cards shows the same
                try:
                    after = apply(world, choice)  # type: ignore[arg-type]
                except HanabiError:
                    continue
                if after.last_turn is not None and after.last_turn.touched == touched[number]:
                    world = after
                    break
            else:
                break
        else:
            if view(world, seat) == seen:
                arrangements = math.factorial(len(deck))
                for count in rest.values():
                    arrangements //= math.factorial(count)
                found[hand] = arrangements
    return found


DUCKS = attrs.evolve(RED_BLUE, id="red-blue-duck", clue_shown=ClueShown.NOTHING)


def test_m6_hidden_clues_are_drawn_exactly_against_enumeration() -> None:
    """Rule 9.31: seat 0 sees which cards clues touched, not what they said; the exact draw over
    the union of what each clue may have been matches the consistent deals, counted by brute
    force."""
    options = Options(2, variant=DUCKS, hand_size=3)
    state = new_game(options, seed=12)
    actions: list[object] = [
        RankClue(1, state.hands[1][0].rank),
        RankClue(0, state.hands[0][0].rank),
        Discard(2),
        ColourClue(0, state.hands[0][1].suit),
    ]
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    hands = consistent_hidden_hands(state, actions, 0)
    assert 5 <= len(hands) <= 500, len(hands)
    seen = view(state, 0)
    own = [c.order for c in state.hands[0]]
    rng = random.Random(31)
    samples = 20 * len(hands)
    counts = Counter(faces_at(sample_state(seen, rng), own) for _ in range(samples))
    assert set(counts) <= set(hands)
    weight = sum(hands.values())
    statistic = 0.0
    for hand, deals in hands.items():
        expected = samples * deals / weight
        statistic += (counts[hand] - expected) ** 2 / expected
    assert statistic < chi_square_limit(len(hands) - 1), (statistic, len(hands))


def test_h2_the_exact_count_matches_brute_force() -> None:
    from itertools import product

    from hanabi_core.sampling._exact import Completions

    rng = random.Random(5)
    for _ in range(200):
        faces = rng.randrange(1, 6)
        pool = [rng.randrange(0, 3) for _ in range(faces)]
        allowed = [
            [f for f in range(faces) if rng.random() < 0.6] for _ in range(rng.randrange(0, 4))
        ]
        labels = [f for f in range(faces) for _ in range(pool[f])]
        brute = sum(
            1
            for pick in product(range(len(labels)), repeat=len(allowed))
            if len(set(pick)) == len(pick)
            and all(labels[p] in allowed[i] for i, p in enumerate(pick))
        )
        assert Completions(allowed, pool, SamplingError).total() == brute


def test_h2_the_count_has_a_documented_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    from hanabi_core.sampling import _exact as exact

    monkeypatch.setattr(exact, "STATES", 3)
    allowed = [[0, 1, 2], [1, 2, 3], [0, 3], [2, 3]]
    with pytest.raises(SamplingError, match="limit"):
        exact.Completions(allowed, [2, 2, 2, 2], SamplingError).total()


def test_m1_an_ended_hole_view_without_the_hole_revealed_is_refused_at_once() -> None:
    """Rule 9.33: an ended game shows the hole; a tracker's view that does not is refused with a
    sentence, not after thousands of replays ending in "no deal found"."""
    options = Options(3, variant=hanablive.variant("Throw It in a Hole (5 Suits)"))
    state = random_game(options, seed=2)[-1]
    seen = view(state, 0)
    assert seen.built is not None  # the engine's view of an ended game shows the hole
    world = sample_state(seen, random.Random(0))
    assert view(world, 0) == seen
    hidden = attrs.evolve(seen, built=None, storms=None)
    with pytest.raises(SamplingError, match=r"9\.33"):
        sample_state(hidden, random.Random(0))


def test_m5_a_hand_built_view_is_never_answered_with_another_views_world() -> None:
    state = random_game(Options(2), seed=8)[20]
    seen = view(state, 0)
    # Another seat's empathy changed by hand: no game gives it.
    other = seen.knowledge[1]
    changed = (other[1], other[0], *other[2:])
    bad = attrs.evolve(seen, knowledge=(seen.knowledge[0], changed))
    with pytest.raises(SamplingError):
        sample_state(bad, random.Random(0))


# --- Fuzz: views real, from a tracker, and made by hand -----------------------------------------

FUZZ_VARIANTS = ["base", "multicolour-wild", "Cow & Pig (5 Suits)", "Duck (5 Suits)",
                 "Throw It in a Hole (5 Suits)"]  # fmt: skip


def fuzz_options(name: str, players: int) -> Options:
    return Options(players, variant=VARIANTS[name] if name in VARIANTS else hanablive.variant(name))


def hand_built(seen: PlayerView, rng: random.Random) -> PlayerView:
    """`seen` with one field changed the way a careless or hostile caller would."""
    kind = rng.randrange(8)
    if kind == 0:
        return attrs.evolve(seen, deck_size=max(0, seen.deck_size + rng.choice([-2, -1, 1, 5])))
    if kind == 1 and seen.history:
        history = list(seen.history)
        del history[rng.randrange(len(history))]
        return attrs.evolve(seen, history=tuple(history))
    if kind == 2 and len(seen.own) > 1:
        own = list(seen.own)
        i, j = rng.sample(range(len(own)), 2)
        own[i], own[j] = own[j], own[i]
        knowledge = list(seen.knowledge)
        knowledge[seen.seat] = tuple(own)
        return attrs.evolve(seen, knowledge=tuple(knowledge))
    if kind == 3:
        hands = list(seen.hands)
        other = rng.choice([s for s in range(len(hands)) if s != seen.seat])
        hand = hands[other]
        if hand:
            hands[other] = hand[1:]
        return attrs.evolve(seen, hands=tuple(hands))
    if kind == 4 and seen.discards:
        return attrs.evolve(seen, discards=seen.discards[1:])
    if kind == 5:
        return attrs.evolve(seen, turn=seen.turn + rng.choice([-1, 1]))
    if kind == 6 and seen.history:
        history = list(seen.history)
        at = rng.randrange(len(history))
        history[at] = attrs.evolve(history[at], player=(history[at].player + 1) % 2)
        return attrs.evolve(seen, history=tuple(history))
    return attrs.evolve(seen, notes=seen.notes + rng.choice([-1, 1]))


def sample_or_refuse(seen: PlayerView, rng: random.Random) -> None:
    """A world whose view is `seen`, or `SamplingError`: never another view's world, nor another
    exception."""
    try:
        world = sample_state(seen, rng)
    except SamplingError as error:
        assert len(str(error)) < 400
        return
    assert view(world, seen.seat) == seen


@given(
    name=st.sampled_from(FUZZ_VARIANTS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    cut=st.floats(0, 1),
    by_hand=st.booleans(),
)
def test_fuzz_sample_state_on_real_and_hand_built_views(
    name: str, players: int, seed: int, cut: float, *, by_hand: bool
) -> None:
    rng = random.Random(seed)
    states = random_game(fuzz_options(name, players), seed)
    state = states[int(cut * (len(states) - 1))]
    seen = view(state, rng.randrange(players))
    if by_hand:
        try:
            seen = hand_built(seen, rng)
        except HanabiError:
            return  # the view refused the change itself
    sample_or_refuse(seen, rng)


@given(st.sampled_from(FUZZ_VARIANTS), st.integers(2, 4), st.integers(0, 2**32))
def test_fuzz_sample_state_on_tracker_views_at_every_message(
    name: str, players: int, seed: int
) -> None:
    """A `LiveGame`'s views after every message (mid-deal, a draw due, the end unrevealed)."""
    rng = random.Random(seed)
    options = fuzz_options(name, players)
    final = random_game(options, seed)[-1]
    seat = rng.randrange(players)
    game = hanablive.LiveGame.from_options(options, seat)
    for message in hanablive.messages(GameRecord.from_state(final), seat):
        game = game.receive(message)
        if rng.random() < 0.05:
            sample_or_refuse(game.view, rng)


@pytest.mark.slow
@settings(max_examples=3000)
@given(
    name=st.sampled_from(FUZZ_VARIANTS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    cut=st.floats(0, 1),
    by_hand=st.booleans(),
)
def test_fuzz_sample_state_slow(
    name: str, players: int, seed: int, cut: float, *, by_hand: bool
) -> None:
    test_fuzz_sample_state_on_real_and_hand_built_views.hypothesis.inner_test(  # type: ignore[attr-defined]
        name=name, players=players, seed=seed, cut=cut, by_hand=by_hand
    )


def test_m1_a_real_view_with_five_own_cards_in_the_hole_samples() -> None:
    """Rule 9.33: the seat put five cards into the hole; a greedy guess of their faces failed all
    its tries here (benchmarks/sampling.py found it); the bounded search finds faces that keep
    the game going, and the world gives back the view."""
    options = Options(4, variant=hanablive.variant("Throw It in a Hole (5 Suits)"), hand_size=5)
    rng = random.Random(5000)
    state = new_game(options, seed=5000)
    while state.turn < 59:  # the benchmark's driver: a misplay one time in ten it is drawn
        actions = list(legal_actions(state))
        hand = state.hands[state.current_player]
        while True:
            action = rng.choice(actions)
            if not isinstance(action, Play) or playable(state, hand[action.slot]):
                break
            if rng.random() < 0.1:
                break
        state = apply(state, action)
    seen = view(state, state.current_player)
    own_holed = [
        t for t in seen.history if t.player == seen.seat and type(t.action).__name__ == "HiddenPlay"
    ]
    assert len(own_holed) == 5
    world = sample_state(seen, random.Random(5000 * 1000 + state.turn))
    assert view(world, seen.seat) == seen
