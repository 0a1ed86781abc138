"""Hostile use of the engine's values (issue 14): errors, long histories, caches, validation.

Each test names the rule it protects where one applies; the others protect the library's promises
(every error pickles, a state is an ordinary value, a cache never shows through).
"""

from __future__ import annotations

import concurrent.futures
import copy
import multiprocessing
import os
import pickle
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hanabi_core
from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    GameRecord,
    GameState,
    HanabiError,
    IllegalAction,
    InvalidAction,
    InvalidArgument,
    InvalidDeck,
    InvalidOptions,
    InvalidRecord,
    Options,
    Play,
    RankClue,
    SamplingError,
    Suit,
    Variant,
    abandon,
    apply,
    check,
    hanablive,
    is_legal,
    legal_actions,
    new_game,
    parse_action,
    playable,
    rating,
    view,
)
from hanabi_core.hanablive import Desync
from hanabi_core.hanablive.client import ConnectionLost, LoginFailed
from hanabi_core.hanablive.wire import ProtocolError, _Refusal
from hanabi_core.seating import BotFailed
from hanabi_core.simulate import SimulationError
from hanabi_core.state import Log
from hanabi_core.testing.invariants import check_legal_actions, check_state
from hanabi_core.variants import SpecialRank
from helpers import reachable_values

# --- 1. Every error pickles, copies and comes back equal ------------------------------------------


def _errors() -> list[HanabiError]:
    state = new_game(Options(2), seed=1)
    refused = check(state, Discard(0))
    assert refused is not None
    return [
        refused,
        refused.at_turn(7),
        InvalidOptions("players", "must be a whole number from 2 to 6, got 7"),
        InvalidDeck("seed", "must be a whole number"),
        InvalidRecord("$.actions[3].type", "is missing"),
        InvalidAction("slot", "must be a whole number, got True"),
        InvalidArgument("player", "must be a seat from 0 to 1, got 2"),
        Desync(12, "list", "the clue touches [3], not [4]"),
        SamplingError("view", "no deal fits"),
        ProtocolError("init", "tableID", "must be a whole number, got 'x'"),
        _Refusal("frame 3", "order", "the base of ProtocolError and Desync, never raised itself"),
        LoginFailed(401, "That is not the correct password."),
        ConnectionLost("the socket dropped 6 times in a row"),
        BotFailed("simple", "ran past its time limit", 3),
        SimulationError("seeds 0 to 24", "a worker process died"),
        BotFailed("mybot:make", "raised RuntimeError: boom (seat 0, turn 3)"),
    ]


def _subclasses(cls: type[HanabiError]) -> set[type[HanabiError]]:
    return {c for sub in cls.__subclasses__() for c in (sub, *_subclasses(sub))}


def test_every_library_error_is_in_the_pickling_test() -> None:
    # An error class added anywhere in the package must join `_errors()`, or it may not pickle.
    ours = {c for c in _subclasses(HanabiError) if c.__module__.startswith("hanabi_core")}
    assert ours == {type(e) for e in _errors()}


@pytest.mark.parametrize("error", _errors(), ids=lambda e: type(e).__name__)
def test_every_error_pickles_copies_and_round_trips_equal(error: HanabiError) -> None:
    for again in (
        pickle.loads(pickle.dumps(error)),
        copy.copy(error),
        copy.deepcopy(error),
    ):
        assert type(again) is type(error) and again == error and hash(again) == hash(error)
        assert str(again) == str(error) and again.args == error.args
        assert vars(again).keys() == vars(error).keys()
    if isinstance(error, IllegalAction):
        again = pickle.loads(pickle.dumps(error))
        assert (again.rule, again.reason, again.action, again.turn) == (
            error.rule,
            error.reason,
            error.action,
            error.turn,
        )
        assert again.state == error.state


def test_r3_4_an_error_about_an_object_that_does_not_pickle_still_pickles() -> None:
    state = new_game(Options(2), seed=1)
    odd = types.SimpleNamespace(f=lambda: None)  # a lambda does not pickle
    error = check(state, odd)
    assert error is not None and error.rule == "3.4"
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again.action, str) and "namespace" in again.action
    assert str(again) == str(error)


def _refuse_in_a_worker(seed: int) -> None:
    apply(new_game(Options(2), seed=seed), Discard(0))


def test_r5_2_an_illegal_action_raised_in_a_worker_process_reaches_the_pool() -> None:
    # Before: unpickling the error failed in the pool, which hung (multiprocessing) or broke
    # (concurrent.futures).
    context = multiprocessing.get_context("fork" if hasattr(__import__("os"), "fork") else None)
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        error = pool.submit(_refuse_in_a_worker, 3).exception(timeout=60)
    assert isinstance(error, IllegalAction) and error.rule == "5.2"
    assert error.state == new_game(Options(2), seed=3)


# --- 2. A long game is an ordinary value ----------------------------------------------------------


def _ping_pong(turns: int) -> GameState:
    """A legal game of `turns` clues and discards (negative clues, 1000 Notes)."""
    state = new_game(Options(2, max_notes=1000, negative_clues=True), seed=5)
    for _ in range(turns):
        state = apply(state, RankClue(1 - state.current_player, 1))
    return state


def test_r3_2_a_game_of_a_thousand_clues_copies_pickles_and_compares() -> None:
    # Before: deepcopy failed from about 329 turns, pickle and == from about 990.
    state = _ping_pong(1000)
    assert state.turn == 1000 and len(state.turns) == 1000
    for again in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert again == state and hash(again) == hash(state) and again.turns == state.turns
        assert again.log is not state.log
    assert copy.copy(state) == state
    assert attrs.asdict(state)["turn"] == 1000
    assert state != _ping_pong(999) and apply(_ping_pong(999), RankClue(0, 1)) == state


def test_r3_2_a_history_of_200000_turns_is_an_ordinary_value() -> None:
    # Before: hash(state) crashed the interpreter between 100,000 and 200,000 turns.
    state = new_game(Options(2), seed=1)
    entry = (0, RankClue(1, 1), (), None, False, False, None)
    long = attrs.evolve(state, log=Log.of([entry] * 200_000), turn=200_000)
    other = attrs.evolve(state, log=Log.of([entry] * 200_000), turn=200_000)
    assert long.log is not other.log and long == other and hash(long) == hash(other)
    assert pickle.loads(pickle.dumps(long)) == long
    assert copy.deepcopy(long) == long
    assert long.last_turn is not None and long.last_turn.number == 199_999
    changed = attrs.evolve(long, log=Log(long.log.previous, (1, *entry[1:])))  # type: ignore[union-attr]
    assert changed != long and len(changed.turns) == 200_000


def test_r3_2_a_log_cannot_be_changed() -> None:
    log = _ping_pong(3).log
    assert log is not None and len(log) == 3 and "3 turns" in repr(log)
    with pytest.raises(AttributeError):
        log.entry = log.entry  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del log.previous


# --- 5. and Low: the caches show nothing of a game and cannot be changed --------------------------


@pytest.mark.parametrize(
    "name", [None, "Rainbow-Ones & Pink (5 Suits)", "Clue Starved (5 Suits)", "Orange (5 Suits)"]
)
def test_r12_1_nothing_reachable_from_a_view_depends_on_the_seats_own_cards(
    name: str | None,
) -> None:
    # Two deals that differ only in seat 1's hand (swapped with the bottom of the deck): seat 1's
    # views are equal, and so must be everything reachable from them, caches included. Before, the
    # clue cache of the shared Options was keyed by the colours and ranks of seat 1's hand. The
    # hanab.live variants (issue 11) add per-face clue tables.
    def options() -> Options:
        return Options(2) if name is None else Options(2, variant=hanablive.variant(name))

    base = new_game(options(), seed=11)
    cards = [c.card for c in base.dealt]
    other = cards[:5] + cards[45:50] + cards[10:45] + cards[5:10]
    assert sorted(cards) == sorted(other) and cards[5:10] != other[5:10]
    views = []
    for deck in (cards, other):
        state = new_game(options(), deck=deck)  # options of its own: nothing shared but values
        legal_actions(state)  # seat 0 to move: clues to seat 1 are looked up
        views.append(view(state, 1))
    assert views[0] == views[1]
    assert reachable_values(views[0]) == reachable_values(views[1])


def test_r4_6_the_clue_tables_are_read_only() -> None:
    # Low: the caches behind private attributes could be changed to make illegal clues legal.
    from hanabi_core.rules import tables as rule_tables

    state = new_game(Options(2), seed=2)
    legal_actions(state)
    tables = rule_tables.variant_tables(state.options.variant)
    with pytest.raises(TypeError):
        tables.colour_index["purple"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        tables.copies[0][1] = 9  # type: ignore[index]
    option_tables = rule_tables.option_tables(state.options)
    for table in (option_tables.plays, option_tables.colour_clues, option_tables.rank_clues):
        assert isinstance(table, tuple)
    assert not is_legal(state, ColourClue(1, "purple"))


@pytest.mark.parametrize("name", [None, "Clue Starved (5 Suits)", "Dark Rainbow & Gray (6 Suits)"])
def test_caches_stay_out_of_asdict_equality_pickling_and_copies(name: str | None) -> None:
    # Item 12: attrs.asdict raised TypeError once a game had been dealt in the process.
    variant = "black-powder" if name is None else hanablive.variant(name)
    state = new_game(Options(3, variant=variant), seed=4)
    state = apply(state, legal_actions(state)[-1])
    record = GameRecord.from_state(state)
    record.final()
    for value in (state.options, state.options.variant, state, view(state, 1), record):
        assert isinstance(attrs.asdict(value), dict)
        assert pickle.loads(pickle.dumps(value)) == value == copy.deepcopy(value)
    assert "_cache" not in attrs.asdict(state.options)
    assert "_states" not in attrs.asdict(record)
    assert "_cache" not in str(pickle.dumps(state.options))


# --- 6. and 10. Actions refuse what is not a number, huge numbers included ------------------------


@pytest.mark.parametrize(
    "build",
    [
        lambda: Play(True),
        lambda: Discard(False),
        lambda: Play(1.0),
        lambda: Play("0"),
        lambda: Play(None),
        lambda: RankClue(True, 1),
        lambda: RankClue(1, True),
        lambda: RankClue(1, 3.0),
        lambda: ColourClue(1, 3),
        lambda: ColourClue(1.0, "red"),
        lambda: Play(10**5000),
        lambda: RankClue(1, -(10**5000)),
        lambda: ColourClue(2**63, "red"),
    ],
)
def test_r3_4_actions_refuse_booleans_non_integers_and_huge_numbers(
    build: Callable[[], object],
) -> None:
    with pytest.raises(InvalidAction) as caught:
        build()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)
    assert len(str(caught.value)) < 200


def test_r3_4_an_action_class_cannot_be_subclassed() -> None:
    # Low: a subclass's action was applied but never equalled the one legal_actions lists.
    with pytest.raises(InvalidAction):

        class MyPlay(Play):  # pragma: no cover
            pass


def test_r3_4_messages_never_repeat_a_huge_value() -> None:
    state = new_game(Options(2), seed=1)
    for action in ("x" * 10**6, ColourClue(1, "y" * 10**6), [0] * 10**5, Play(2**63 - 1)):
        error = check(state, action)
        assert error is not None and len(str(error)) < 300
        assert not is_legal(state, action)
        with pytest.raises(IllegalAction):
            apply(state, action)  # type: ignore[arg-type]


# --- 7. Ten clue colours and more -----------------------------------------------------------------


def test_r4_6_a_variant_of_twelve_clue_colours_lists_only_clues_apply_accepts() -> None:
    # Before: past eight colours the colour bits ran into the rank bits of the clue cache.
    names = tuple(f"colour{i}" for i in range(12))
    variant = Variant("twelve", "Twelve colours", tuple(Suit(n) for n in names), names)
    state = new_game(Options(3, variant=variant), seed=6)
    for turn in range(40):
        if state.is_over:
            break
        check_legal_actions(state)
        actions = legal_actions(state)
        state = apply(state, actions[(turn * 7) % len(actions)])
    assert state.turn > 0


# --- 8. Options check the deck's size whatever the hand size --------------------------------------


def test_r2_2_options_refuse_a_deck_too_small_for_the_default_hands() -> None:
    small = Variant("small", "Small", (Suit("red", copies=(1, 1, 1, 1, 1)),), ("red",))
    with pytest.raises(InvalidOptions) as caught:
        Options(2, variant=small)  # 2 hands of 5 from 5 cards: deck_size -5 before
    assert caught.value.field == "hand_size"
    assert Options(2, variant=small, hand_size=2).hand_size == 2
    with pytest.raises(InvalidOptions):
        Variant("empty", "Empty", (), ())  # before: SystemError, or a game that never ends


@pytest.mark.parametrize("field", ["max_notes", "max_storms", "hand_size"])
def test_r10_1_tokens_and_hands_are_bounded(field: str) -> None:
    with pytest.raises(InvalidOptions) as caught:
        Options(2, **{field: 1001})
    assert caught.value.field == field and "1000" in str(caught.value)
    assert getattr(Options(2, **{field: 1000} if field != "hand_size" else {}), field) >= 1


# --- 10. and 11. Constructors raise the library's errors; variants are tuples ---------------------


@pytest.mark.parametrize(
    ("build", "kind"),
    [
        (lambda: Options(2).replace(nope=1), InvalidOptions),
        (lambda: Options(2).replace(max_notes=10**5000), InvalidOptions),
        (lambda: EDITIONS["hle"].options(10**5000), InvalidOptions),
        (lambda: EDITIONS["hle"].options(2, variant=[]), InvalidOptions),
        (lambda: Card("red", True), InvalidDeck),
        (lambda: Card("red", 1.0), InvalidDeck),
        (lambda: Card(3, 1), InvalidDeck),
        (lambda: Suit(3), InvalidOptions),
        (lambda: Suit("red", "own"), InvalidOptions),
        (lambda: Suit("red", copies=[3, 2, 2, 2, 1]), InvalidOptions),
        (lambda: Suit("red", copies=(3, 2, 2, 2, 10**5000)), InvalidOptions),
        (lambda: Suit("red", descending=1), InvalidOptions),
        (lambda: Variant("v", "V", [Suit("red")], ("red",)), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ["red"]), InvalidOptions),
        (lambda: Variant("v", "V", ("red",), ("red",)), InvalidOptions),
        (lambda: Variant(1, "V", (Suit("red"),), ("red",)), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red", copies=(100,) * 5),) * 1, ("red",)), None),
        (
            lambda: Variant(
                "v", "V", tuple(Suit(f"s{i}", copies=(100,) * 5) for i in range(3)), ()
            ),
            InvalidOptions,
        ),
        # Issue 11's suit and variant fields, validated the same way (rule 9.8).
        (lambda: Suit("red", colours=["red"]), InvalidOptions),
        (lambda: Suit("red", colours=("red", 1)), InvalidOptions),
        (lambda: Suit("red", prism=1), InvalidOptions),
        (lambda: Suit("red", inverted="yes"), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), clue_ranks=[1, 2]), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), clue_ranks=(1, 1)), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), clue_ranks=(True,)), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), special_rank=1), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), rank_touch="x"), InvalidOptions),
        (lambda: Variant("v", "V", (Suit("red"),), ("red",), clue_starved=1), InvalidOptions),
        (lambda: SpecialRank(6), InvalidOptions),
        (lambda: SpecialRank(1, deceptive=0), InvalidOptions),
        (
            lambda: Variant(
                "v",
                "V",
                (Suit("red"),),
                ("red",),
                clue_ranks=(),
                special_rank=SpecialRank(1, deceptive=True),
            ),
            InvalidOptions,
        ),
        (lambda: rating(-1), InvalidArgument),
        (lambda: rating(True), InvalidArgument),
        (lambda: rating(20, "base"), InvalidArgument),  # type: ignore[arg-type]
        (lambda: view(new_game(Options(2), seed=1), 10**5000), InvalidArgument),
        (lambda: view(new_game(Options(2), seed=1), True), InvalidArgument),
        (lambda: GameRecord(Options(2), VARIANTS["base"].deck, players="AB"), InvalidRecord),
        (lambda: GameRecord(Options(2), 5), InvalidRecord),
        (lambda: GameRecord(Options(2), VARIANTS["base"].deck, None), InvalidRecord),
        (lambda: GameRecord(Options(2), VARIANTS["base"].deck, edition=[]), InvalidRecord),
        (lambda: new_game(Options(2), seed=10**5000), InvalidDeck),
    ],
)
def test_r10_1_public_constructors_raise_the_librarys_errors(
    build: Callable[[], object], kind: type[HanabiError] | None
) -> None:
    if kind is None:
        assert build() is not None
        return
    with pytest.raises(kind) as caught:
        build()
    assert len(str(caught.value)) < 400


def test_r9_1_a_variant_is_a_hashable_value_that_cannot_change_mid_game() -> None:
    # Before: lists were accepted, so states were unhashable and the suits could be changed.
    variant = Variant("v", "V", (Suit("red"), Suit("blue")), ("red", "blue"))
    state = new_game(Options(2, variant=variant), seed=1)
    assert isinstance(hash(state), int) and isinstance(hash(variant), int)
    assert isinstance(variant.suits, tuple) and isinstance(variant.clue_colours, tuple)


# --- 16. Only new_game, apply and abandon make valid states ---------------------------------------


def test_r2_6_a_state_built_by_hand_is_not_validated_but_check_state_tells() -> None:
    state = new_game(Options(2), seed=1)
    check_state(state)
    assert "Only [`new_game`]" in (GameState.__doc__ or "")
    for bad in (
        attrs.evolve(state, current_player=-1),
        attrs.evolve(state, notes=-1),
        attrs.evolve(state, turn=5),
    ):
        with pytest.raises(AssertionError):
            check_state(bad)


# --- 17. (issue 25, Low) A hash is the same in every process under a fixed PYTHONHASHSEED ---------

# Plays one seeded game per variant and prints the hash of the options, of states along the way and
# of every seat's view of them. `hash(None)` is an address before Python 3.12, so a field holding
# `None` (no outcome yet, a hidden hand, a clue's hidden value, a card not drawn) must not reach a
# hash as itself.
_HASHES_SCRIPT = """
from hanabi_core import Options, apply, legal_actions, new_game, view
from hanabi_core.hanablive import variant

names = [None, "Rainbow (6 Suits)", "Throw It in a Hole (5 Suits)", "Cow & Pig (5 Suits)",
         "Up or Down (5 Suits)", "Duck (5 Suits)", "Clue Starved (5 Suits)"]
for name in names:
    options = Options(3) if name is None else Options(3, variant=variant(name))
    state = new_game(options, seed=11)
    hashes = [hash(options), hash(options.variant)]
    while True:
        if state.turn % 9 == 0 or state.is_over:
            hashes.append(hash(state))
            hashes.extend(hash(view(state, seat)) for seat in range(3))
            hashes.extend(hash(turn) for turn in state.turns[-2:])
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[state.turn * 7 % len(actions)])
    print(name, *hashes)
"""


def test_low_hash_of_a_view_is_stable_across_processes() -> None:
    source = str(Path(hanabi_core.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": source}
    runs = [
        subprocess.run(
            [sys.executable, "-c", _HASHES_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        for _ in range(2)
    ]
    assert runs[0].count("\n") == 7
    assert runs[0] == runs[1]


# --- 18. (issue 25) A function taking a state refuses what is not one, naming the argument --------


def _odd_values() -> list[object]:
    """Values of every kind a caller might pass by mistake, some with a state's field names."""
    state = new_game(Options(2), seed=1)
    over = new_game(Options(2), seed=1)
    while not over.is_over:
        over = apply(over, legal_actions(over)[-1])
    hole = new_game(Options(2, variant=hanablive.variant("Throw It in a Hole (5 Suits)")), seed=1)
    return [
        None, 0, -1, 2**70, 1.5, float("nan"), True, "x", "play 0", b"", [], [0], {}, (), (0, 1),
        object(), GameState, Options(2), VARIANTS["base"], Play(0), Discard(9), RankClue(1, 1),
        Card("red", 1), state.hands[0][0], state.log, over.log, over.outcome,
        view(state, 0), view(over, 1), view(hole, 0),
        types.SimpleNamespace(outcome=None),
        types.SimpleNamespace(outcome=None, current_player=0, hands=((), ()), options=Options(2)),
        types.SimpleNamespace(outcome=over.outcome, options=Options(2)),
        types.SimpleNamespace(outcome=None, current_player=5, hands=None, notes=8),
    ]  # fmt: skip


_ODD = _odd_values()


def _calls(state: GameState, odd: object) -> list[tuple[str, Callable[[], object]]]:
    """Each public function of `hanabi_core.__all__` that takes a state, with `odd` for one
    argument at a time (the state, then the other argument given a real state)."""
    return [
        ("apply(odd, Play(0))", lambda: apply(odd, Play(0))),  # type: ignore[arg-type]
        ("apply(state, odd)", lambda: apply(state, odd)),  # type: ignore[arg-type]
        ("check(odd, Play(0))", lambda: check(odd, Play(0))),  # type: ignore[arg-type]
        ("check(state, odd)", lambda: check(state, odd)),
        ("is_legal(odd, Discard(0))", lambda: is_legal(odd, Discard(0))),  # type: ignore[arg-type]
        ("is_legal(state, odd)", lambda: is_legal(state, odd)),
        ("legal_actions(odd)", lambda: legal_actions(odd)),  # type: ignore[arg-type]
        ("playable(odd, card)", lambda: playable(odd, Card("red", 1))),  # type: ignore[arg-type]
        ("playable(state, odd)", lambda: playable(state, odd)),  # type: ignore[arg-type]
        ("view(odd, 0)", lambda: view(odd, 0)),  # type: ignore[arg-type]
        ("view(state, odd)", lambda: view(state, odd)),  # type: ignore[arg-type]
        ("abandon(odd)", lambda: abandon(odd)),  # type: ignore[arg-type]
        ("parse_action('play 0', odd)", lambda: parse_action("play 0", odd)),  # type: ignore[arg-type]
        ("parse_action(odd, state)", lambda: parse_action(odd, state)),  # type: ignore[arg-type]
    ]


def _assert_only_library_errors(state: GameState, odd: object) -> None:
    for name, call in _calls(state, odd):
        try:
            call()
        except HanabiError:
            pass
        except Exception as error:  # pragma: no cover - the failure being tested for
            raise AssertionError(f"{name} with odd={odd!r} raised {error!r}") from error


@pytest.mark.parametrize("odd", _ODD, ids=lambda odd: type(odd).__name__)
def test_r3_4_functions_taking_a_state_raise_only_the_librarys_errors(odd: object) -> None:
    for state in (new_game(Options(3), seed=5), abandon(new_game(Options(2), seed=5))):
        _assert_only_library_errors(state, odd)


@given(
    odd=st.one_of(
        st.sampled_from(_ODD),
        st.from_type(type).flatmap(st.from_type).filter(lambda v: not isinstance(v, GameState)),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
            lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
            max_leaves=6,
        ),
    )
)
def test_r3_4_arbitrary_values_given_as_a_state_raise_only_the_librarys_errors(
    odd: object,
) -> None:
    _assert_only_library_errors(new_game(Options(2), seed=3), odd)


def test_r3_4_a_value_that_is_not_a_state_is_named_as_the_argument() -> None:
    state = new_game(Options(2), seed=1)
    for call in (
        lambda: apply("x", Play(0)),  # type: ignore[arg-type]
        lambda: view(None, 0),  # type: ignore[arg-type]
        lambda: legal_actions(view(state, 0)),  # type: ignore[arg-type]
        lambda: abandon(view(state, 0)),  # type: ignore[arg-type]
        lambda: check(3, Play(0)),  # type: ignore[arg-type]
        lambda: playable(None, Card("red", 1)),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidArgument, match="must be a GameState") as caught:
            call()
        assert caught.value.field == "state"
        assert pickle.loads(pickle.dumps(caught.value)) == caught.value
    with pytest.raises(InvalidArgument, match="must be a Card") as caught:
        playable(state, "r1")  # type: ignore[arg-type]
    assert caught.value.field == "card"
    # An action that is not an action is a turn the rules refuse (rule 3.4), as before.
    with pytest.raises(IllegalAction) as refused:
        apply(state, "play 0")  # type: ignore[arg-type]
    assert refused.value.rule.name == "KNOWN_ACTIONS_ONLY"
