"""The invariants of the game, as plain checks that raise `AssertionError`.

Each check names the spec rules it covers. They use only the public API of hanabi_core, so they
read as a second, independent statement of the rules: `check_state` for what holds in every state,
`check_transition` for what holds between a state and the next, `check_legal_actions` for the
agreement of `legal_actions`, `is_legal`, `check` and `apply` over the whole action space (absurd
actions included).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import RANKS, START, Card, DealtCard, Suit
from ..errors import IllegalAction
from ..options import Options
from ..rules import apply, check, is_legal, legal_actions
from ..spec import Rule
from ..state import Direction, EndReason, GameState, Turn
from ..variants import VARIANTS, Variant

__all__ = [
    "absurd_actions",
    "action_space",
    "check_card_conservation",
    "check_end",
    "check_fireworks",
    "check_hands",
    "check_hands_transition",
    "check_legal_actions",
    "check_no_mutation",
    "check_refusal",
    "check_score",
    "check_seat",
    "check_state",
    "check_tokens",
    "check_transition",
    "check_turn_order",
    "documented_order",
    "snapshot",
    "turn_bound",
]

#: Colour names no variant's clue may use, or that only some variants know.
_ODD_COLOURS: tuple[str, ...] = ("purple", "", "Red", "RED", " red", "rainbow")
#: Objects that are not actions at all.
_NON_ACTIONS: tuple[object, ...] = (
    None,
    0,
    "play 0",
    (0,),
    [0],
    {"type": "play", "slot": 0},
    Card("red", 1),
    Play,
    RankClue,
)
_HUGE = 2**63 - 1  # the largest number an action holds (a larger one is refused when built)


def turn_bound(options: Options) -> int:
    """The most turns a game under `options` can last.

    Every turn is a clue, which spends a Note (rule 4.1), or a play or discard (a *card action*),
    which takes a card out of the hands and gives back at most one Note (rules 5.3 and 6.4). Notes
    start at the cap and never go below zero, so after any number of turns
    ``clues <= max_notes + card actions``.

    - With a last round (rule 7.3): while the deck lasts, every card action draws, so exactly
      ``k = deck size - players * hand size`` card actions happen up to the last draw, and before
      the k-th of them at most ``k - 1`` Notes came back: at most ``max_notes + (k - 1)`` clues,
      hence ``max_notes + 2k - 1`` turns up to the last draw; the final round then adds
      ``players`` turns. If the deal takes every card (``k = 0``) the game is the final round.
    - Without (rule 7.4): every card action removes one of the deck's ``D`` cards for good, so at
      most ``D`` card actions and ``max_notes + D`` clues: ``max_notes + 2D`` turns.
    """
    deck = options.deck_size
    if options.last_round:
        draws = deck - options.players * options.hand_size
        return options.players + (options.max_notes + 2 * draws - 1 if draws else 0)
    return options.max_notes + 2 * deck


def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything public about `state`, as plain nested tuples (to detect any mutation)."""

    def cards(seq: Sequence[Any]) -> tuple[tuple[int, str, int], ...]:
        return tuple((c.order, c.suit, c.rank) for c in seq)

    return (
        repr(state.options),
        tuple(cards(hand) for hand in state.hands),
        cards(state.deck),
        tuple(sorted(state.fireworks.items())),
        cards(state.discards),
        state.notes,
        state.storms,
        state.current_player,
        state.turn,
        state.turns_left,
        repr(state.outcome),
        state.turns,
        state.score,
        state.is_over,
    )


# --- The action space ---------------------------------------------------------------------------


def documented_order(state: GameState) -> tuple[Action, ...]:
    """Every well-formed action of the player to move, in the order `legal_actions` documents.

    Plays of each slot, discards of each slot, then for each other seat in turn order (starting
    after the player to move): a colour clue per clue colour of the variant, then rank clues 1 to
    5. `legal_actions` must be exactly the accepted ones among these, in this order.
    """
    options = state.options
    p = state.current_player
    size = len(state.hands[p])
    result: list[Action] = [Play(i) for i in range(size)]
    result += [Discard(i) for i in range(size)]
    for k in range(1, options.players):
        target = (p + k) % options.players
        result += [ColourClue(target, c) for c in options.variant.clue_colours]
        result += [RankClue(target, r) for r in RANKS]
    return tuple(result)


def absurd_actions(state: GameState) -> tuple[object, ...]:
    """Actions no rule can accept here: slots and seats out of range, self-clues, colours and
    ranks that do not exist, and objects that are not actions."""
    options = state.options
    p = state.current_player
    size = len(state.hands[p])
    slots = sorted(
        {-1, -2, size, size + 1, options.hand_size, options.hand_size + 1, _HUGE, -_HUGE}
    )
    bad_slots = [s for s in slots if not 0 <= s < size]
    result: list[object] = [Play(s) for s in bad_slots] + [Discard(s) for s in bad_slots]
    targets = [-1, p, options.players, options.players + 1, _HUGE, -_HUGE]
    result += [ColourClue(t, c) for t in targets for c in (*options.variant.clue_colours[:1],)]
    result += [RankClue(t, r) for t in targets for r in (1, 5)]
    known = {s.name for v in VARIANTS.values() for s in v.suits}
    unknown = [c for c in (*sorted(known), *_ODD_COLOURS) if c not in options.variant.clue_colours]
    for k in range(1, options.players):
        target = (p + k) % options.players
        result += [ColourClue(target, c) for c in unknown]
        result += [RankClue(target, r) for r in (0, 6, -1, 10**9)]
    result += list(_NON_ACTIONS)
    return tuple(result)


def action_space(state: GameState) -> tuple[object, ...]:
    """`documented_order(state)` followed by `absurd_actions(state)`."""
    return (*documented_order(state), *absurd_actions(state))


def _oracle(state: GameState, action: object) -> bool:
    """Whether the rules allow `action`, restated from the spec without the engine's code."""
    if state.is_over:
        return False  # rule 3.3
    options = state.options
    p = state.current_player
    hand = state.hands[p]
    if type(action) not in (Play, Discard, ColourClue, RankClue):
        return False  # rule 3.4
    if isinstance(action, Play):
        return 0 <= action.slot < len(hand)  # rule 6.1
    variant = options.variant
    units = variant.note_units  # rule 9.25: Notes counted in halves in Clue Starved
    if isinstance(action, Discard):
        # Rules 5.1 and 5.2 (and 9.13: at the cap too with an inverted suit).
        return 0 <= action.slot < len(hand) and (
            state.notes < options.max_notes * units or variant.discards_at_note_cap
        )
    assert isinstance(action, (ColourClue, RankClue))
    target = action.target
    if state.notes < units or target == p or not 0 <= target < options.players:
        return False  # rules 4.1 and 4.2
    if isinstance(action, ColourClue):
        if action.colour not in variant.clue_colours:
            return False  # rule 4.3
        touches = [variant.touches(action.colour, c.suit, c.rank) for c in state.hands[target]]
        blind = variant.colour_clues_touch_nothing  # rule 9.17
    else:
        if action.rank not in variant.clue_ranks:
            return False  # rule 4.3
        touches = [variant.rank_touches(action.rank, c.suit, c.rank) for c in state.hands[target]]
        blind = variant.rank_clues_touch_nothing
    if not (options.negative_clues or blind or any(touches)):
        return False  # rule 4.5
    if variant.alternating_clues:  # rule 9.26
        clues = [t.action for t in state.turns if isinstance(t.action, (ColourClue, RankClue))]
        return not clues or type(clues[-1]) is not type(action)
    return True


def _accepted(state: GameState, action: object) -> bool:
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalAction:
        return False
    except Exception as error:  # pragma: no cover - reported as a failure
        raise AssertionError(
            f"apply({action!r}) raised {type(error).__name__}, not IllegalAction: {error}"
        ) from error
    return True


def check_legal_actions(state: GameState) -> None:
    """Rules 3.1–3.4, 4.1–4.5, 5.1–5.2, 6.1: `legal_actions` lists, without duplicates and in its
    documented order, exactly the actions that `is_legal`, `check` and `apply` accept, over the
    whole action space (absurd actions included), and exactly those the rules allow."""
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal), f"duplicates in legal_actions: {legal}"
    ordered = documented_order(state)
    accepted: list[object] = []
    for action in action_space(state):
        by_apply = _accepted(state, action)
        assert is_legal(state, action) is by_apply, f"is_legal and apply disagree on {action!r}"
        assert (check(state, action) is None) is by_apply, f"check and apply disagree: {action!r}"
        assert _oracle(state, action) is by_apply, (
            f"{action!r}: apply {'accepts' if by_apply else 'refuses'} it, the rules say otherwise"
        )
        if by_apply:
            accepted.append(action)
    expected = tuple(a for a in ordered if a in accepted)
    assert len(accepted) == len(expected), f"an absurd action was accepted: {accepted}"
    assert legal == expected, f"legal_actions {legal} is not {expected}"
    if state.is_over:
        assert legal == ()


def check_refusal(state: GameState, action: object) -> IllegalAction:
    """Rule 3.3 and every refusal: `apply` raises `IllegalAction` (never another exception), whose
    `.rule` is a spec rule, `check` names the same rule, and the state is unchanged."""
    before = snapshot(state)
    key = hash(state)
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as error:
        assert isinstance(error.rule, Rule), f"rule {error.rule!r} is not a Rule"
        assert error.state is state
        found = check(state, action)
        assert found is not None and found.rule == error.rule
        assert str(error.rule.value) in str(error)
        assert snapshot(state) == before and hash(state) == key, "a refused action changed state"
        return error
    except Exception as error:
        raise AssertionError(
            f"apply({action!r}) raised {type(error).__name__}, not IllegalAction: {error}"
        ) from error
    raise AssertionError(f"apply accepted {action!r}, expected a refusal")


def check_no_mutation(state: GameState, action: object) -> GameState | None:
    """`apply` never changes its input, accepted or refused: equality, hash and every public
    part (deeply) are the same before and after. Returns the next state, or `None` if refused."""
    before = snapshot(state)
    key = hash(state)
    twin = copy.copy(state)
    try:
        after: GameState | None = apply(state, action)  # type: ignore[arg-type]
    except IllegalAction:
        after = None
    assert snapshot(state) == before, "apply changed its input"
    assert hash(state) == key, "apply changed the hash of its input"
    assert state == twin, "apply changed its input (equality with a copy)"
    return after


# --- Invariants of one state ----------------------------------------------------------------------


def _firework_faces(state: GameState) -> list[tuple[str, int]]:
    variant = state.options.variant
    built = state.fireworks
    if variant.up_or_down:
        return _up_or_down_faces(state)
    assert state.directions == (), "a firework direction outside Up or Down"
    if variant.sudoku:
        return _sudoku_faces(state)
    assert state.starts == (), "a firework start outside Sudoku"
    return [(s.name, r) for s in variant.suits for r in s.build_order[: built[s.name]]]


def _built(t: Turn) -> DealtCard | None:
    """The turn's card if it extended its firework: a play, or a discard of an inverted suit's
    card (rule 9.13), that did not misplay. Stated here afresh, not read from `Turn.fate`: this
    module is an independent second statement of the rules."""
    if t.card is not None and (type(t.action) is Play) != t.card.inverted and not t.misplay:
        return t.card
    return None


def _up_or_down_faces(state: GameState) -> list[tuple[str, int]]:
    """Rule 9.29, computed afresh from the turns: each firework's cards in the order played fit
    (nothing, then 1, 5 or START; after START, 2 or 4; then on in the chosen direction), and give
    the state's counts and directions."""
    variant = state.options.variant
    stacks: dict[str, list[int]] = {name: [] for name in variant.suit_names}
    for t in state.turns:
        if (card := _built(t)) is not None:
            stacks[card.suit].append(card.rank)
    directions = []
    for name, ranks in stacks.items():
        assert len(ranks) == state.fireworks[name], "an Up or Down firework lost count"
        plain = [r for r in ranks if r != START]
        assert ranks[1:].count(START) == 0, "a START card above a firework's first card"
        # START stands for the 1 going up, the 5 going down.
        started = ranks[:1] == [START]
        up = [2, 3, 4, 5] if started else [1, 2, 3, 4, 5]
        down = [4, 3, 2, 1] if started else [5, 4, 3, 2, 1]
        if not plain:
            directions.append(Direction.UNDECIDED)
        elif plain == up[: len(plain)]:
            directions.append(Direction.UP)
        elif plain == down[: len(plain)]:
            directions.append(Direction.DOWN)
        else:
            raise AssertionError(f"the {name} firework is built out of order: {ranks}")
    assert tuple(directions) == state.directions, "an Up or Down firework has the wrong direction"
    return [(name, r) for name, ranks in stacks.items() for r in ranks]


def _sudoku_faces(state: GameState) -> list[tuple[str, int]]:
    """Rule 9.32, computed afresh from the turns: each firework's cards in the order played run
    up from its first, wrapping around after the stack size; no two fireworks start at one rank;
    the state's counts and starts follow."""
    variant = state.options.variant
    size = variant.stack_size
    stacks: dict[str, list[int]] = {name: [] for name in variant.suit_names}
    for t in state.turns:
        if (card := _built(t)) is not None:
            stacks[card.suit].append(card.rank)
    for name, ranks in stacks.items():
        assert len(ranks) == state.fireworks[name] <= size, "a Sudoku firework lost count"
        expected = [(ranks[0] - 1 + k) % size + 1 for k in range(len(ranks))] if ranks else []
        assert ranks == expected, f"the {name} firework is built out of order: {ranks}"
    firsts = [ranks[0] for ranks in stacks.values() if ranks]
    assert len(set(firsts)) == len(firsts), "two Sudoku fireworks started at one rank"
    starts = tuple(ranks[0] if ranks else 0 for ranks in stacks.values())
    assert starts == state.starts, "a Sudoku firework has the wrong start"
    return [(name, r) for name, ranks in stacks.items() for r in ranks]


_DECK_FACES: dict[Variant, Counter[tuple[str, int]]] = {}


def _deck_faces(variant: Variant) -> Counter[tuple[str, int]]:
    faces = _DECK_FACES.get(variant)
    if faces is None:
        faces = Counter((c.suit, c.rank) for c in variant.deck)
        if len(_DECK_FACES) < 256:
            _DECK_FACES[variant] = faces
    return faces


def check_card_conservation(state: GameState) -> None:
    """Rules 1.4 and 6.5: every card of the deck is exactly once among the hands, the deck, the
    fireworks and the discards; orders are unique; the cards on the fireworks are the ones played
    successfully."""
    options = state.options
    located = [c for hand in state.hands for c in hand]
    located += state.deck
    located += state.discards
    orders = {c.order for c in located}
    assert len(orders) == len(located), "a card is in two places"
    assert all(0 <= o < options.deck_size for o in orders)
    faces = Counter((c.suit, c.rank) for c in located)
    faces.update(_firework_faces(state))
    assert faces == _deck_faces(options.variant), "the cards are not the variant's deck"
    assert len(located) + sum(state.fireworks.values()) == options.deck_size
    played = {card.order for t in state.turns if (card := _built(t)) is not None}
    assert played == set(range(options.deck_size)) - orders, "fireworks hold unplayed cards"


def check_tokens(state: GameState) -> None:
    """Rules 1.2, 1.3, 10.3, 10.4 and 7.1: 0 <= Notes <= cap; 0 <= Storms <= max; the last Storm
    ends the game."""
    options = state.options
    cap = options.max_notes * options.variant.note_units  # rule 9.25
    assert 0 <= state.notes <= cap, f"notes {state.notes}"
    assert 0 <= state.storms <= options.max_storms, f"storms {state.storms}"
    if state.storms == options.max_storms:
        assert state.is_over and state.outcome is not None
        assert state.outcome.reason is EndReason.STORM_OUT


def check_score(state: GameState) -> None:
    """Rules 8.1, 8.2, 8.4: the score never exceeds the maximum; without a Storm-out (and with a
    last round) it is what the fireworks hold; after a Storm-out it follows `storm_out_score`;
    without a last round a finished game scores all or nothing."""
    options = state.options
    suits = options.variant.suits
    built = [state.fireworks[suit.name] for suit in suits]
    cards = sum(built)
    total = _points(options.descending_score, suits, built)
    size = options.variant.stack_size  # rule 9.32: 4 in four-suit Sudoku, else 5
    max_score = _points(options.descending_score, suits, [size] * len(suits))
    assert options.variant.max_score == size * len(suits)
    lowest = _points(options.descending_score, suits, [0] * len(suits))
    assert min(lowest, 0) <= state.score <= max_score
    assert all(0 <= n <= 5 for n in built), "a firework has more than five"
    outcome = state.outcome
    if outcome is None:
        assert state.score == total
        return
    assert outcome.max_score == max_score and outcome.score == state.score
    if outcome.reason is EndReason.STORM_OUT:
        zero = options.storm_out_score == "zero" or not options.last_round
        assert state.score == (0 if zero else total)
    elif options.last_round:
        assert state.score == total
    else:
        assert state.score in (0, max_score)
        assert (state.score == max_score) is (cards == options.variant.max_score)
    if outcome.reason is EndReason.ALL_FIREWORKS:
        assert cards == options.variant.max_score


def _points(reading: str, suits: Sequence[Suit], built: Sequence[int]) -> int:
    """Rule 8.1 and ruling 13.7, computed afresh: the points of fireworks holding `built` cards."""
    if reading == "cards":
        return sum(built)
    if reading == "highest":
        return sum(max(s.build_order[:n]) if n else 0 for s, n in zip(suits, built, strict=True))
    return sum(n - 5 if s.descending else n for s, n in zip(suits, built, strict=True))


def check_end(state: GameState) -> None:
    """Rules 3.1, 3.3 and 7.1–7.4: before the end there is always a legal action, after it none;
    no game lasts more than `turn_bound` turns."""
    legal = legal_actions(state)
    assert state.is_over is (state.outcome is not None)
    if state.is_over:
        assert legal == (), "actions are legal after the end"
    elif not legal:
        # Rule 7.4c under no_legal_action="wait": a player with no card and no clue to give, a
        # Note left, waits until the game is stopped (rule 7.5).
        options = state.options
        waiting = options.no_legal_action == "wait" and not options.last_round
        assert waiting and not state.hands[state.current_player], (
            "no legal action, but the game is not over"
        )
        assert state.notes >= options.variant.note_units
    assert state.turn <= turn_bound(state.options), f"turn {state.turn} exceeds the bound"
    if state.options.last_round and state.turns_left is not None:
        assert state.deck == ()
        assert 0 <= state.turns_left <= state.options.players


def check_hands(state: GameState) -> None:
    """Rules 2.2 and 2.4: no hand exceeds the hand size; before the first turn every hand is
    full and seat p holds deck positions p*H to p*H+H-1."""
    size = state.options.hand_size
    assert all(len(hand) <= size for hand in state.hands)
    assert len(state.hands) == state.options.players
    if state.turn == 0:
        for p, hand in enumerate(state.hands):
            assert [c.order for c in hand] == list(range(p * size, (p + 1) * size))


def check_seat(state: GameState) -> None:
    """Rules 2.6 and 3.2: the seat to move is one of the game's; the turn counts the history."""
    assert 0 <= state.current_player < state.options.players, f"seat {state.current_player}"
    assert state.turn == len(state.turns), f"turn {state.turn}"


def check_state(state: GameState) -> None:
    """Every invariant of a single state.

    The engine trusts the states it makes (`new_game`, `apply`, `abandon`) and does not validate
    one built by hand; this tells whether such a state is one the rules can reach.
    """
    check_seat(state)
    check_card_conservation(state)
    check_tokens(state)
    check_score(state)
    check_hands(state)
    check_end(state)


# --- Invariants of one transition -----------------------------------------------------------------


def check_turn_order(before: GameState, after: GameState) -> None:
    """Rules 3.1 and 3.2: one action per turn; the turn goes up by one and the seat rotates."""
    assert after.turn == before.turn + 1
    options = before.options
    if (
        options.no_legal_action == "pass"
        and not options.last_round
        and after.current_player != (before.current_player + 1) % options.players
    ):
        # Ruling 13.9: a seat with nothing legal to do was passed over; it had an empty hand.
        assert not after.hands[(before.current_player + 1) % options.players]
    else:
        assert after.current_player == (before.current_player + 1) % options.players
    last = after.last_turn
    assert last is not None and last.number == before.turn
    assert last.player == before.current_player
    assert len(after.turns) == after.turn


def check_fireworks(before: GameState, action: Action, after: GameState) -> None:
    """Rules 6.2–6.4 and 9.7: fireworks never shrink and never exceed five; only a play adds a
    card, to one firework; Notes and Storms move as the action says."""
    grown = {s: after.fireworks[s] - n for s, n in before.fireworks.items()}
    assert all(d >= 0 for d in grown.values()), "a firework shrank"
    assert all(n <= 5 for n in after.fireworks.values())
    variant = before.options.variant
    units = variant.note_units  # rule 9.25
    cap = before.options.max_notes * units
    plays = type(action) is Play
    if type(action) in (Play, Discard):
        card = before.hands[before.current_player][action.slot]  # type: ignore[union-attr]
        plays = plays != card.inverted  # rule 9.13
    assert sum(grown.values()) <= (1 if plays else 0)
    extended = sum(grown.values()) == 1
    if type(action) in (ColourClue, RankClue):
        assert after.notes == before.notes - units and after.storms == before.storms
    elif not plays:
        gained = before.notes < cap  # a discard at the cap gains nothing (rule 9.13)
        assert after.notes == before.notes + gained and after.storms == before.storms
    else:
        assert after.storms == before.storms + (not extended)
        size = variant.stack_size  # rule 9.32: a Sudoku firework's last card, any rank
        complete = extended and size in {after.fireworks[s] for s, d in grown.items() if d}
        # Ruling 13.8: a 5 brings the Note (not in Up or Down, where completing does, rule 9.29).
        five = before.options.descending_bonus == "five"
        if five and not (variant.up_or_down or variant.sudoku):
            played = after.last_turn.card if after.last_turn is not None else None
            complete = extended and played is not None and played.rank == 5
        # Rule 9.33: no Note for a completed firework in Throw It in a Hole.
        bonus = complete and before.notes < cap and not variant.hidden_plays
        assert after.notes == before.notes + bonus


def check_hands_transition(before: GameState, action: Action, after: GameState) -> None:
    """Rules 2.2, 6.5: hands never exceed the hand size; a hand shrinks only when the deck is
    empty; the drawn card is the top of the deck and becomes the newest; other hands are kept."""
    p = before.current_player
    for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        assert len(new) <= before.options.hand_size
        if seat != p or type(action) not in (Play, Discard):
            assert old == new, f"seat {seat}'s hand changed"
    if type(action) in (Play, Discard):
        slot = action.slot  # type: ignore[union-attr]
        rest = before.hands[p][:slot] + before.hands[p][slot + 1 :]
        if before.deck:
            assert after.hands[p] == (*rest, before.deck[0]), "the draw is not the top card"
            assert after.deck == before.deck[1:]
        else:
            assert after.hands[p] == rest and after.deck == ()


def check_transition(before: GameState, action: Action, after: GameState) -> None:
    """Every invariant of a transition (plus `check_state` of the state reached)."""
    check_turn_order(before, after)
    check_fireworks(before, action, after)
    check_hands_transition(before, action, after)
    check_state(after)
