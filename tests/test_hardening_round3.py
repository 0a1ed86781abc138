"""Hostile use, round three (issue 30): each finding's regression test is named after it.

M1 the Quux bots refuse what they cannot play; M4/M7 hanab.live seeds are cut and encoded as its
server does; M8 the command line's bot failures; L2 SVGs stay well-formed XML; and the round-two
leftover, `sample_state` on a view whose suit the variant lacks.
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

from hanabi_core import (
    VARIANTS,
    InvalidDeck,
    InvalidOptions,
    Options,
    SamplingError,
    new_game,
    render,
    sample_state,
    view,
)
from hanabi_core.bots import BOTS
from hanabi_core.hanablive import deck
from hanabi_core.hanablive.decks import permutation
from hanabi_core.seating import BotFailed, GuardedFactory
from hanabi_core.simulate import play_game


def test_m4_a_lone_surrogate_seed_is_an_invalid_deck() -> None:
    for seed in ("\ud800", "p2v0s1\udfff", "legacy-1-\ud800"):
        with pytest.raises(InvalidDeck):
            deck(seed)
        with pytest.raises(InvalidDeck):
            permutation(seed, 50)


def test_m7_the_legacy_prefix_is_cut_by_bytes_as_the_server_cuts_it() -> None:
    # server/src/misc.go, setSeed: Go's `seed[len("legacy-x-"):]` slices bytes. "é" is two bytes
    # in UTF-8, so "legacy-é-abc" loses "legacy-é" (9 bytes) and keeps "-abc"; cutting 9
    # characters would keep "abc", another deck.
    assert deck("legacy-é-abc", "No Variant") == deck("-abc", "No Variant")
    assert deck("legacy-é-abc", "No Variant") != deck("abc", "No Variant")
    assert permutation("legacy-éé", 60) == permutation("é", 60)
    # The ASCII case is unchanged.
    assert permutation("legacy-1-p2v0s1", 50) == permutation("p2v0s1", 50)


def test_m7_a_legacy_seed_too_short_for_the_cut_is_refused() -> None:
    # Go panics slicing 9 bytes from an 8-byte string: the server deals no deck for it.
    for seed in ("legacy-", "legacy-1"):
        with pytest.raises(InvalidDeck, match="deals no deck"):
            permutation(seed, 50)
    assert permutation("legacy-1-", 50) == permutation("", 50)


def test_round_two_sample_state_on_a_view_with_a_suit_the_variant_lacks() -> None:
    # A view made by hand whose cards or clue knowledge name a suit its variant has not (here
    # blue renamed purple, in a deal where the other hand shows no blue card, so only the seat's
    # own knowledge names blue): a SamplingError, never a bare KeyError or IndexError.
    base = VARIANTS["base"]
    seen = view(new_game(Options(players=2), seed=0), 0)
    assert "blue" not in {card.suit for hand in seen.hands for card in hand or ()}
    renamed = tuple(attrs.evolve(s, name="purple") if s.name == "blue" else s for s in base.suits)
    other = attrs.evolve(seen.options, variant=attrs.evolve(base, suits=renamed))
    with pytest.raises(SamplingError, match="the variant has not, 'blue'"):
        sample_state(attrs.evolve(seen, options=other), random.Random(1))
    # A shown card of a suit the variant lacks (a Rainbow view read with the base variant).
    rainbow = view(new_game(Options(players=3, variant=VARIANTS["multicolour"]), seed=1), 0)
    with pytest.raises(SamplingError, match="the variant has not"):
        sample_state(attrs.evolve(rainbow, options=Options(players=3)), random.Random(1))


@pytest.mark.parametrize(
    "odd", ["\x00", "\x07bell", "tab\tok", "\x1b[31m", "\ud800", "\udfff!", "\ufffe"]
)
def test_l2_an_svg_with_odd_characters_in_names_is_well_formed_xml(odd: str) -> None:
    # A control character (not allowed in XML 1.0) or a lone surrogate (not encodable) in a
    # player's or a suit's name: the SVG still parses, and still names the others plainly.
    base = VARIANTS["base"]
    suits = tuple(attrs.evolve(s, name=f"red{odd}") if s.name == "red" else s for s in base.suits)
    state = new_game(Options(players=2, variant=attrs.evolve(base, suits=suits)), seed=3)
    for game in (state, view(state, 1)):
        picture = render.svg(game, names=[f"Ann{odd}", "<Bob & co>"])
        picture.encode()  # UTF-8 text, no lone surrogate
        root = ET.fromstring(picture)
        words = "".join(root.itertext())
        assert "<Bob & co>" in words and "Ann" in words
        assert re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]", words) is None


# --- M1: the Quux bots play to the end or refuse with InvalidOptions ---------------------------

_QUUX_BOTS = ("quux-simple", "quux-smart", "quux-info", "quux-cheat")

#: The option space of the hostile sweep (issue 30: 972 option sets), sampled.
_OPTION_SPACE: dict[str, tuple[object, ...]] = {
    "players": (2, 3, 4, 5, 6),
    "hand_size": (None, 1, 2, 3, 4, 5, 6, 8),
    "max_notes": (1, 2, 3, 8, 9, 12),
    "max_storms": (1, 2, 3, 4, 6),
    "negative_clues": (False, True),
    "storm_out_score": ("zero", "fireworks"),
    "last_round": (True, False),
    "end_at_max_reachable": (False, True),
    "no_legal_action": ("loss", "pass", "wait"),
    "variant": ("base", "quux", "multicolour"),
}


def _option_sets(count: int, seed: int) -> list[Options]:
    rng = random.Random(seed)
    found: list[Options] = []
    while len(found) < count:
        chosen = {name: rng.choice(values) for name, values in _OPTION_SPACE.items()}
        try:
            found.append(Options(**chosen))  # type: ignore[arg-type]
        except InvalidOptions:
            continue  # not a game at all (e.g. hands the deck cannot deal)
    return found


def _refuses_or_plays_to_the_end(options: Options, seed: int) -> str:
    """Each Quux bot on `options`: "refused" (InvalidOptions, as its `plays` says) or "played"
    (the game ended); any other exception fails the test."""
    kinds = []
    for name in _QUUX_BOTS:
        factory = BOTS[name]
        try:
            state = play_game(options, factory, seed=seed)
        except InvalidOptions as error:
            assert not factory.plays(options), (name, options, error)  # type: ignore[attr-defined]
            assert error.field in {"variant", "hand_size", "last_round", "max_notes"}
            assert error.field in str(error)
            kinds.append("refused")
            continue
        assert factory.plays(options), (name, options)  # type: ignore[attr-defined]
        assert state.outcome is not None
        kinds.append("played")
    return ",".join(kinds)


@pytest.mark.parametrize(
    ("changes", "refused", "field"),
    [
        ({"hand_size": 1}, _QUUX_BOTS, "hand_size"),
        ({"players": 6, "hand_size": 1}, _QUUX_BOTS, "hand_size"),
        ({"last_round": False}, _QUUX_BOTS, "last_round"),
        ({"max_notes": 9}, ("quux-cheat",), "max_notes"),
        ({"max_notes": 12, "players": 4}, ("quux-cheat",), "max_notes"),
    ],
)
def test_m1_the_quux_bots_refuse_what_crashed_them(
    changes: dict[str, object], refused: tuple[str, ...], field: str
) -> None:
    # The sweep's crashes: hands of 1 (IndexError, ZeroDivisionError in all four), no last round
    # (hands run empty), quux-cheat above 8 Notes (its stalling table ends at 8).
    options = Options(3, variant=VARIANTS["quux"]).replace(**changes)
    for name in _QUUX_BOTS:
        if name in refused:
            with pytest.raises(InvalidOptions, match=field) as caught:
                play_game(options, BOTS[name], seed=5)
            assert caught.value.field == field
        else:
            assert play_game(options, BOTS[name], seed=5).outcome is not None


@pytest.mark.parametrize("seed", range(2))
def test_m1_every_quux_bot_refuses_or_plays_to_the_end_over_option_sets(seed: int) -> None:
    for i, options in enumerate(_option_sets(25, seed)):
        _refuses_or_plays_to_the_end(options, seed * 1000 + i)


@pytest.mark.slow
def test_m1_every_quux_bot_refuses_or_plays_to_the_end_over_many_option_sets() -> None:
    outcomes = [
        _refuses_or_plays_to_the_end(options, i) for i, options in enumerate(_option_sets(1000, 30))
    ]
    assert any("played" in kinds for kinds in outcomes)


# --- M8: the command line's bot failures: one line naming the bot, a documented exit code -----

_BAD_BOTS = """
class Raises:
    def __init__(self, rng):
        pass

    def __call__(self, view):
        raise RuntimeError("boom")


class Exits:
    def __init__(self, rng):
        pass

    def __call__(self, view):
        raise SystemExit(3)


def factory_raises(rng):
    raise KeyError("no factory")
"""

_BIN = Path(sys.executable).with_name("hanabi-core")


@pytest.mark.parametrize(
    ("argv", "code", "line"),
    [
        # A bot that raises while playing: exit 3 (not 1, the illegal-move code), named.
        (
            ["new", "--seed", "1", "--play", "badbots:Raises"],
            3,
            "hanabi-core: the bot badbots:Raises raised RuntimeError: boom (seat 0, turn 0)",
        ),
        (
            ["simulate", "--games", "2", "--workers", "2", "--bot", "simple,badbots:Raises"],
            3,
            "hanabi-core: the bot badbots:Raises raised RuntimeError: boom (seat 0, turn 0)",
        ),
        (
            ["simulate", "--games", "2", "--workers", "1", "--seats", "simple,badbots:Raises"],
            3,
            "hanabi-core: the bot badbots:Raises raised RuntimeError: boom (seat 1, turn 1)",
        ),
        # A bot raising SystemExit(3) no longer ends the command silently.
        (
            ["simulate", "--games", "2", "--workers", "1", "--bot", "badbots:Exits"],
            3,
            "hanabi-core: the bot badbots:Exits raised SystemExit(3) (seat 0, turn 0)",
        ),
        # Values that are not bots: a callable that is no bot factory, a factory that raises.
        (
            ["new", "--seed", "1", "--play", "json:dumps"],
            3,
            "hanabi-core: the bot json:dumps raised TypeError: Object of type Random is not JSON "
            "serializable (making the bot)",
        ),
        (
            ["new", "--seed", "1", "--play", "badbots:factory_raises"],
            3,
            "hanabi-core: the bot badbots:factory_raises raised KeyError: 'no factory' "
            "(making the bot)",
        ),
        # A bot module that exits on import: a bot that cannot be loaded, exit 2.
        (
            ["simulate", "--games", "2", "--bot", "exits_on_import:Bot"],
            2,
            "hanabi-core: Invalid bot: cannot import 'exits_on_import' for bot "
            "'exits_on_import:Bot': it raised SystemExit(3)",
        ),
        # A bot that refuses the game's options, named.
        (
            [
                "simulate",
                "--games",
                "2",
                "--workers",
                "1",
                "--bot",
                "quux-simple",
                "--variant",
                "multicolour",
            ],
            3,
            "hanabi-core: the bot quux-simple refuses the game's options (seat 0, turn 0): "
            "Invalid option 'variant': the Quux bots play variants such as 'quux' and 'base' "
            "only, got 'multicolour'",
        ),
    ],
)
def test_m8_a_failing_bot_is_one_line_naming_it_and_a_documented_exit_code(
    tmp_path: Path, argv: list[str], code: int, line: str
) -> None:
    (tmp_path / "badbots.py").write_text(_BAD_BOTS, encoding="utf-8")
    (tmp_path / "exits_on_import.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    command = [str(_BIN)] if _BIN.exists() else [sys.executable, "-m", "hanabi_core"]
    done = subprocess.run(
        [*command, *argv],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (code, line + "\n")
    assert "Traceback" not in done.stdout


def test_m8_a_guarded_bot_plays_as_its_factory_and_its_failure_pickles() -> None:
    options = Options(3)
    for name in ("simple", "quux-cheat", "quux-smart"):
        guarded = GuardedFactory(BOTS[name], name)
        assert play_game(options, guarded, seed=4) == play_game(options, BOTS[name], seed=4)
    error = BotFailed("mybot:make", "raised RuntimeError: boom (seat 0, turn 0)")
    assert pickle.loads(pickle.dumps(error)) == error
    assert (error.bot, str(error)) == (
        "mybot:make",
        "the bot mybot:make raised RuntimeError: boom (seat 0, turn 0)",
    )
