"""Bots (hanabi_core.bots): legal over every variant and edition, from their view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Action,
    Card,
    ColourClue,
    DealtCard,
    Discard,
    GameState,
    Options,
    Play,
    PlayerView,
    RankClue,
    apply,
    hanablive,
    legal_actions,
    new_game,
    view,
)
from hanabi_core.bots import (
    BOTS,
    AnyBot,
    BotFactory,
    OpenBot,
    RandomBot,
    SimpleBot,
    decide,
    legal_actions_in_view,
    next_ranks,
)
from hanabi_core.errors import InvalidOptions
from hanabi_core.testing import states
from helpers import deck_with
from test_hanab_live_machine import SAMPLE

_TABLES = (("abacus", 2), ("rr-deluxe", 3), ("cocktail", 4), ("hanab-live", 6), ("hle", 5))


def _settings(full: bool) -> list[object]:
    """Every variant with two editions (every edition at least twice), and without a last round;
    `full`: every variant with every edition."""
    out = []
    for i, v in enumerate(VARIANTS):
        tables = _TABLES if full else (_TABLES[i % 5], _TABLES[(i + 2) % 5])
        out += [
            pytest.param(EDITIONS[e].options(p, variant=v), id=f"{v}-{e}-{p}p") for e, p in tables
        ]
        if full or i % 2 == 0:
            out.append(
                pytest.param(Options(3, variant=v, last_round=False), id=f"{v}-no-last-round")
            )
    return out


def play_checked(options: Options, factory: BotFactory, seed: int) -> GameState:
    """A game in which every action the bots choose is checked against `legal_actions`."""
    state = new_game(options, seed=seed)
    seats = [factory(random.Random(seed * 8 + s)) for s in range(options.players)]
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        legal = legal_actions(state)
        assert legal_actions_in_view(seen) == legal
        action = decide(seats[seat], seen, state.hands[seat])
        assert action in legal, f"{factory.__name__} chose {action} at turn {state.turn}"
        state = apply(state, action)
    return state


def play_or_refuse(name: str, options: Options, seed: int) -> None:
    """`play_checked` for a bot that plays `options`; a bot that declares, through `plays`, that
    it does not play them (the Quux bots: their variants, hands of 2 or more, the last round)
    must refuse them with `InvalidOptions` naming the option."""
    plays = getattr(BOTS[name], "plays", None)
    if plays is not None and not plays(options):
        with pytest.raises(InvalidOptions) as refused:
            play_checked(options, BOTS[name], seed)
        assert f"option {refused.value.field!r}" in str(refused.value)
        return
    final = play_checked(options, BOTS[name], seed)
    assert final.outcome is not None


@pytest.mark.parametrize("options", _settings(full=False))
@pytest.mark.parametrize("name", list(BOTS))
def test_r3_1_every_bot_takes_only_legal_actions(name: str, options: Options) -> None:
    play_or_refuse(name, options, 1)


@pytest.mark.slow
@pytest.mark.parametrize("options", _settings(full=True))
@pytest.mark.parametrize("name", list(BOTS))
def test_r3_1_every_bot_takes_only_legal_actions_everywhere(name: str, options: Options) -> None:
    for seed in range(5):
        play_or_refuse(name, options, seed)


@pytest.mark.parametrize("variant_name", SAMPLE)
@pytest.mark.parametrize("name", list(BOTS))
def test_r9_8_every_bot_plays_hanab_live_variants_legally(name: str, variant_name: str) -> None:
    # The view's legal actions follow issue 11's mechanics: clue ranks, blind clues, half Notes,
    # discards at the cap with an inverted suit, Alternating Clues.
    for options in (
        EDITIONS["hanab-live"].options(3, variant=hanablive.variant(variant_name)),
        Options(2, variant=hanablive.variant(variant_name), negative_clues=True),
    ):
        play_or_refuse(name, options, 3)


def test_r9_13_the_open_bot_plays_an_inverted_card_by_discarding_it() -> None:
    v = hanablive.variant("Orange (5 Suits)")
    options = Options(2, variant=v)
    # The first deal in which seat 0's first 1 is an Orange 1 (the bot plays its first fit).
    for seed in range(1000):
        state = new_game(options, seed=seed)
        ones = [i for i, c in enumerate(state.hands[0]) if c.rank == 1]
        if ones and state.hands[0][ones[0]].card == Card("Orange", 1):
            slot = ones[0]
            break
    action = decide(OpenBot(random.Random(1)), view(state, 0), state.hands[0])
    assert action == Discard(slot)
    assert apply(state, action).fireworks["Orange"] == 1


@given(states())
def test_r12_1_legal_actions_follow_from_the_movers_view(state: GameState) -> None:
    seen = view(state, state.current_player)
    assert legal_actions_in_view(seen) == legal_actions(state)


def test_r12_1_only_the_mover_can_list_its_actions() -> None:
    state = new_game(Options(3), seed=4)
    with pytest.raises(ValueError, match="not the viewer's turn"):
        legal_actions_in_view(view(state, 1))


def test_r3_3_no_action_once_the_game_is_over() -> None:
    final = play_checked(Options(2), BOTS["random"], 3)
    assert legal_actions_in_view(view(final, final.current_player)) == ()


def test_r10_2_negative_clues_are_in_the_view_actions() -> None:
    state = new_game(Options(2, negative_clues=True), seed=9)
    state = apply(state, Discard(0)) if state.notes < 8 else apply(state, RankClue(1, 1))
    actions = legal_actions_in_view(view(state, state.current_player))
    assert sum(isinstance(a, (ColourClue, RankClue)) for a in actions) == 10


class Recorder:
    """A bot that remembers what it was given, and plays slot 0."""

    def __init__(self, rng: random.Random) -> None:
        self.calls: list[tuple[object, ...]] = []

    def __call__(self, *given: object) -> Action:
        self.calls.append(given)
        return Play(0)


def test_r12_1_an_honest_bot_gets_the_view_alone() -> None:
    state = new_game(Options(2), seed=5)
    bot = Recorder(random.Random(0))
    decide(bot, view(state, 0), state.hands[0])
    assert bot.calls == [(view(state, 0),)]


def test_r12_1_only_a_declared_cheat_gets_its_own_cards() -> None:
    state = new_game(Options(2), seed=5)
    seen = view(state, 0)
    assert OpenBot.sees_own_cards is True
    assert not hasattr(SimpleBot, "sees_own_cards") and not hasattr(RandomBot, "sees_own_cards")
    given: list[Sequence[DealtCard]] = []

    class Peek(OpenBot):
        def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
            given.append(own_cards)
            return super().__call__(view, own_cards)

    decide(Peek(random.Random(0)), seen, state.hands[0])
    assert given == [state.hands[0]]


def test_r12_1_the_simple_bot_decides_the_same_on_equal_views() -> None:
    # Two deals that differ only in seat 0's own cards (and the deck) give seat 0 equal views,
    # so the same choices: nothing else reaches the bot.
    deck = list(VARIANTS["base"].deck)
    one = new_game(Options(2), deck=deck)
    two = new_game(Options(2), deck=[*deck[10:15], *deck[5:10], *deck[0:5], *deck[15:]])
    assert one.hands[0] != two.hands[0] and view(one, 0) == view(two, 0)
    for seed in range(5):
        a = SimpleBot(random.Random(seed))(view(one, 0))
        b = SimpleBot(random.Random(seed))(view(two, 0))
        assert a == b


def test_r6_2_next_ranks_follow_the_build_order() -> None:
    state = new_game(Options(2, variant="black-powder"), seed=1)
    wanted = next_ranks(view(state, 0))
    assert wanted["red"] == 1 and wanted["black"] == 5


R, Y, G, B, W = "red", "yellow", "green", "blue", "white"


def test_r6_2_the_simple_bot_plays_a_card_it_knows_fits() -> None:
    mine = [Card(R, 3), Card(Y, 1), Card(G, 2), Card(B, 4), Card(W, 5)]
    theirs = [Card(R, 2), Card(Y, 4), Card(W, 1), Card(Y, 5), Card(B, 3)]
    state = new_game(Options(2), deck=deck_with("base", [*mine, *theirs]))
    state = apply(state, RankClue(1, 1))  # seat 1 learns its white 1 is a 1: every 1 fits now
    assert SimpleBot(random.Random(0))(view(state, 1)) == Play(2)


def test_r4_1_the_simple_bot_clues_a_playable_card_it_sees() -> None:
    mine = [Card(R, 3), Card(Y, 2), Card(G, 2), Card(B, 4), Card(W, 5)]
    theirs = [Card(R, 2), Card(Y, 4), Card(W, 1), Card(Y, 5), Card(B, 3)]
    state = new_game(Options(2), deck=deck_with("base", [*mine, *theirs]))
    # A "1" clue tells seat 1 its card is a 1, and every 1 fits: the clue that makes it sure.
    assert SimpleBot(random.Random(0))(view(state, 0)) == RankClue(1, 1)


def test_r5_1_the_simple_bot_discards_its_oldest_unclued_card() -> None:
    mine = [Card(R, 3), Card(Y, 2), Card(G, 2), Card(B, 4), Card(W, 5)]
    theirs = [Card(R, 2), Card(Y, 4), Card(W, 2), Card(Y, 5), Card(B, 3)]
    state = new_game(Options(2), deck=deck_with("base", [*mine, *theirs]))
    state = apply(state, RankClue(1, 5))  # seat 0 spends a Note; nothing of seat 0 is playable
    state = apply(state, RankClue(0, 3))  # seat 1 clues seat 0's red 3: slot 0 is clued
    # Seat 0 sees nothing playable in seat 1's hand: it discards slot 1, its oldest unclued card.
    assert SimpleBot(random.Random(0))(view(state, 0)) == Discard(1)


def test_r12_4_the_simple_bot_never_misplays() -> None:
    for players in (2, 5):
        for seed in range(2):
            final = play_checked(Options(players), SimpleBot, seed)
            assert final.storms == 0


def test_r6_2_the_open_bot_plays_a_card_that_fits() -> None:
    mine = [Card(R, 3), Card(Y, 2), Card(G, 1), Card(B, 4), Card(W, 5)]
    state = new_game(Options(2), deck=deck_with("base", [*mine]))
    assert decide(OpenBot(random.Random(0)), view(state, 0), state.hands[0]) == Play(2)


def test_the_bots_draw_from_their_own_random_source() -> None:
    state = new_game(Options(3), seed=8)
    seen = view(state, 0)
    bots: list[AnyBot] = [RandomBot(random.Random(42)) for _ in range(2)]
    first = [decide(bots[0], seen, state.hands[0]) for _ in range(20)]
    second = [decide(bots[1], seen, state.hands[0]) for _ in range(20)]
    assert first == second and len(set(first)) > 1
