"""The ``hanabi-core`` command: replay and inspect game records, quote the rules, deal new games.

```text
hanabi-core replay FILE              each turn in words, then the score and its rating
hanabi-core show FILE --turn N       the table after N actions (--seat N: as one seat sees it;
                                     FILE - reads standard input)
hanabi-core rules [ID]               the numbered rules, or one rule with its sources
hanabi-core rules --search WORD...   the rules and rulings that best answer the words, with snippets
hanabi-core --version                the library's version and the spec's version and date
hanabi-core new --players N ...      a fresh deal (optionally played out) as a record
hanabi-core simulate --bot NAME ...  many seeded games played by bots, scored
hanabi-core live --bot NAME ...      a bot plays at a hanab.live table
hanabi-core view FILE [-o PAGE]      the game as one HTML page to step through in a browser
hanabi-core serve [--port N]         a local hanab.live server for bots
```

``--variant`` takes a built-in id or any hanab.live variant name (``'Rainbow (6 Suits)'``); a bot
is a name (``simple``), ``module:factory`` for your own (see
[`hanabi_core.seating`][hanabi_core.seating]), and ``simulate --seats simple,random,simple`` seats
different bots at one table.

Exit codes: 0 fine; 1 an illegal move, the record's or a bot's (the message names the turn and
the rule); 2 bad input (a malformed or unsupported record, an unknown rule, a bad option, a bot
that cannot be loaded); 3 a bot failed (it raised, even `SystemExit`, refused the options, or is
not a bot: the message names it). Errors are one line on stderr, never a traceback. Colour is
used when stdout is a terminal and ``NO_COLOR`` is unset (``--colour always|never`` overrides).
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import stat
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from typing import NoReturn, TextIO

from .. import render
from ..actions import ColourClue, Discard, Play, RankClue
from ..bots import BOTS, BotFactory, OpenBot, decide
from ..cards import DealtCard
from ..errors import HanabiError, IllegalAction, printable
from ..options import EDITIONS
from ..records import GameRecord, write_record
from ..rules import apply, legal_actions, new_game
from ..scoring import rating
from ..seating import BotFailed
from ..spec import SPEC_DATE, SPEC_VERSION
from ..state import Fate, GameState, Turn
from ..views import view
from . import _input, _live, _serve, _simulate, _view

__all__ = ["main"]

PROG = "hanabi-core"
OK, ILLEGAL, BAD_INPUT, BOT_FAILED = 0, 1, 2, 3

_ANSI = {
    "red": "31",
    "yellow": "33",
    "green": "32",
    "blue": "34",
    "white": "37",
    "multicolour": "35",
    "black": "90",
    "bold": "1",
    "dim": "2",
}


class _UsageError(Exception):
    """A command-line mistake; argparse would otherwise print a usage block and exit."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


class _Style:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, style: str) -> str:
        code = _ANSI.get(style, _ANSI.get(style.lower()))
        if not self.enabled or code is None:
            return text
        return f"\033[{code}m{text}\033[0m"

    def card(self, card: DealtCard, shown: str) -> str:
        return self(f"{shown} {card.rank}", card.suit)


def _colour_wanted(choice: str, stream: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Replay and inspect Hanabi game records, quote the rules, deal new games.",
    )
    parser.add_argument(
        "--colour",
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the output (default: when stdout is a terminal and NO_COLOR is unset)",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=_version_text(),
        help="print the library's version and the spec's version and date",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay = commands.add_parser("replay", help="each turn of a record in words, then the score")
    replay.add_argument(
        "file", metavar="FILE", help="a record: hanabi-core or hanab.live JSON; - for stdin"
    )

    show = commands.add_parser("show", help="the table after N actions of a record")
    show.add_argument(
        "file", metavar="FILE", help="a record: hanabi-core or hanab.live JSON; - for stdin"
    )
    show.add_argument(
        "--turn", type=int, default=None, help="how many actions to replay (default: all)"
    )
    show.add_argument(
        "--seat",
        type=int,
        default=None,
        help="show the table as this seat sees it: its own cards hidden (default: every card)",
    )

    rules = commands.add_parser("rules", help="list the numbered rules, or quote one")
    rules.add_argument("id", metavar="ID", nargs="?", help="a rule id, e.g. 5.2, 13.1 or 7.7a")
    rules.add_argument(
        "--search",
        metavar="WORD",
        nargs="+",
        help="the 10 rules, rulings and out-of-scope entries that best answer the words, best "
        "first (stop words skipped, words matched by stem, the glossary's synonyms: strike, fuse, "
        "bomb, clue token, hint, rainbow...), each with a snippet",
    )

    new = commands.add_parser("new", help="deal a new game and write it as a record")
    new.add_argument("--players", type=int, default=2, help="2 to 6 (default 2)")
    new.add_argument("--variant", default=None, help=_input.VARIANT_HELP)
    new.add_argument("--edition", choices=tuple(EDITIONS), default=None)
    new.add_argument("--seed", type=int, default=None, help="0 to 2**64-1 (default: random)")
    new.add_argument(
        "--play",
        default="none",
        metavar="HOW",
        help="fill the game with actions: 'first' (the first legal action each turn), 'random' "
        "(seeded random legal actions), 'open' (a player who sees their own cards plays one that "
        f"fits, else clues or discards at random), any bot ({', '.join(BOTS)}, module:factory), "
        "or one bot per seat (simple,random); bots draw as in simulate, the same seed giving "
        "the same game (default: none, a fresh deal)",
    )
    new.add_argument("--names", nargs="+", metavar="NAME", help="one name per seat")
    new.add_argument("--format", choices=("hanabi-core", "hanab-live"), default="hanabi-core")
    new.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    _simulate.add_parser(commands)
    _live.add_parser(commands)
    _view.add_parser(commands)
    _serve.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with `argv` (default: the process's arguments); return the exit code."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as error:
        print(f"{PROG}: error: {error} (see {PROG} --help)", file=sys.stderr)
        return BAD_INPUT
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else OK
    style = _Style(_colour_wanted(args.colour, sys.stdout))
    for stream in (sys.stdout, sys.stderr):
        # A name the terminal's encoding cannot show is printed escaped, not a codec error.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        if args.command == "replay":
            return _replay(_input.record(args.file), style)
        if args.command == "show":
            return _show(_input.record(args.file), args.turn, style, args.seat)
        if args.command == "rules":
            search = None if args.search is None else " ".join(args.search)
            return _rules(args.id, style, search)
        if args.command == "simulate":
            return _simulate.run(args)
        if args.command == "live":
            return _live.run(args)
        if args.command == "view":
            return _view.run(args)
        if args.command == "serve":
            return _serve.run(args)
        return _new(args)
    except BotFailed as error:
        print(f"{PROG}: {_one_line(str(error))}", file=sys.stderr)
        return BOT_FAILED
    except IllegalAction as error:
        hint = f"; see `{PROG} rules {error.rule.value}`" if error.rule is not None else ""
        print(f"{PROG}: illegal move: {_one_line(str(error))}{hint}", file=sys.stderr)
        return ILLEGAL
    except (HanabiError, ValueError) as error:
        print(f"{PROG}: {_one_line(str(error))}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        # The reader went away (`hanabi-core replay game.json | head`): stop quietly, and keep
        # Python from complaining again when it flushes stdout at exit.
        _silence_stdout()
        return BAD_INPUT
    except OSError as error:
        reason = error.strerror or str(error)
        if error.filename is None:
            message = f"cannot write the output: {reason}"
        else:
            message = f"cannot read or write {_text(os.fsdecode(error.filename), 200)}: {reason}"
        print(f"{PROG}: {_one_line(message)}", file=sys.stderr)
        return BAD_INPUT


#: The most characters of a name, and of an error message, the command prints.
MAX_NAME, MAX_MESSAGE = 40, 400


def _text(text: str, most: int = MAX_NAME) -> str:
    """`text` safe to print: control and formatting characters escaped (a record's names and
    keys may hold terminal escape codes, line breaks or bidirectional overrides that would forge
    output), and cut to `most` characters."""
    return printable(text, most)


def _one_line(text: str) -> str:
    return _text(" ".join(text.split()), MAX_MESSAGE)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (e.g. under a test harness)
        pass


# --- replay -------------------------------------------------------------------------------------


def _name(record: GameRecord, seat: int) -> str:
    return _text(record.players[seat]) if record.players is not None else f"Seat {seat}"


def _describe_game(record: GameRecord) -> str:
    o = record.options
    who = ", ".join(_name(record, s) for s in range(o.players))
    edition = f", {EDITIONS[record.edition].name} edition" if record.edition else ""
    return f"{o.variant.label}, {o.players} players ({who}){edition}, {len(record.deck)} cards"


def _slots(hand: Sequence[DealtCard], orders: Sequence[int]) -> str:
    slots = [str(i) for i, card in enumerate(hand) if card.order in orders]
    if not slots:
        return "no card"
    return ("slot " if len(slots) == 1 else "slots ") + ", ".join(slots)


def _turn_words(record: GameRecord, before: GameState, turn: Turn, style: _Style) -> str:
    actor = style(_name(record, turn.player), "bold")
    action = turn.action
    if isinstance(action, (ColourClue, RankClue)):
        target = _name(record, action.target)
        told = (
            style(record.options.variant.label_of(action.colour), action.colour)
            if isinstance(action, ColourClue)
            else f"{action.rank}s"
        )
        touched = _slots(before.hands[action.target], turn.touched)
        return f"{actor} tells {target} about {told}: {touched}"
    assert turn.card is not None
    card = style.card(turn.card, record.options.variant.label_of(turn.card.suit))
    slot = action.slot if isinstance(action, (Play, Discard)) else 0
    pressed = "plays" if isinstance(action, Play) else "discards"
    words = f"{actor} {pressed} {card} (slot {slot})"
    # What befell the card (rule 9.13: the other button's effect for a card of an inverted suit).
    fate = turn.fate
    if (fate is Fate.DISCARDED) == isinstance(action, Play):
        words += f", which {'discards' if fate is Fate.DISCARDED else 'plays'} it (rule 9.13)"
    if fate is Fate.MISPLAYED:
        words += ": it does not fit, a Storm"
    elif fate is Fate.DISCARDED:
        if turn.note_gained:  # none at the Note cap (rule 9.13)
            words += "; a Note comes back"
    elif turn.note_gained:
        words += ": the firework is complete, a Note comes back"
    if turn.drawn is not None:
        words += "; draws"
    return words


def _tokens(state: GameState) -> str:
    o = state.options
    deck = f"deck {state.deck_size}"
    if state.turns_left is not None and not state.is_over:
        left = state.turns_left
        deck += f", {left} turn{'s' if left != 1 else ''} left"
    # Rule 9.25: Clue Starved counts Notes in halves; show Notes, not the units the state holds.
    notes = state.notes / o.variant.note_units
    return (
        f"Notes {notes:g}/{o.max_notes}, Storms {state.storms}/{o.max_storms}, "
        f"score {sum(state.fireworks.values())}, {deck}"
    )


def _replay(record: GameRecord, style: _Style) -> int:
    print(_describe_game(record))
    states = list(record.states())
    for before, after in itertools.pairwise(states):
        turn = after.last_turn
        if turn is None or after.turn == before.turn:
            continue
        words = _turn_words(record, before, turn, style)
        print(f"{style(f'{turn.number:>3}', 'dim')}  {words}  [{_tokens(after)}]")
    print(_ending(record, states[-1], style))
    return OK


def _ending(record: GameRecord, final: GameState, style: _Style) -> str:
    outcome = final.outcome
    if outcome is None:
        return (
            f"The record stops after {final.turn} actions; the game is not over "
            f"(score so far {final.score})."
        )
    if record.abandoned is not None:
        who = "a vote" if record.abandoned.by == "vote" else "the server"
        why = f"abandoned: stopped by {who}"
    else:
        why = outcome.reason.value.replace("-", " ")
    line = f"Game over ({why}, {outcome.rule}). Score {outcome.score}/{outcome.max_score}."
    band = rating(outcome.score, final.options)
    if band is None:
        return line + " No rating: the no-last-round variant is won or lost (rule 8.4)."
    return f"{style(line, 'bold')}\nRating (rule 8.3), band {band.band} of 6: {band.en}"


# --- show ---------------------------------------------------------------------------------------


def _show(record: GameRecord, turn: int | None, style: _Style, seat: int | None = None) -> int:
    states = list(record.states())
    last = len(states) - 1
    if turn is None:
        turn = last
    if not 0 <= turn <= last:
        raise ValueError(f"--turn must be from 0 to {last} for this record, got {turn}")
    players = record.options.players
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"--seat must be from 0 to {players - 1} for this record, got {seat}")
    state = states[turn]
    print(_describe_game(record))
    print(f"After {state.turn} of {len(record.actions)} actions:")
    names = [_name(record, s) for s in range(players)]
    game = state if seat is None else view(state, seat)
    print(render.text(game, names=names, paint=style))
    if state.outcome is not None:
        print(_ending(record, state, style))
    return OK


# --- rules --------------------------------------------------------------------------------------


def _version_text() -> str:
    from .. import __version__  # noqa: PLC0415 (the package imports this module's neighbours)

    return f"{PROG} {__version__} (spec {SPEC_VERSION}, {SPEC_DATE})"


#: How many results `rules --search` prints, best first.
SEARCH_RESULTS = 10


def _rules(rule_id: str | None, style: _Style, search: str | None = None) -> int:
    from ..rulebook import all_rules, plain_text, rule_text, section_titles, snippet  # noqa: PLC0415
    from ..rulebook import search as search_rules  # noqa: PLC0415 (parsed lazily)

    if search is not None:
        found = search_rules(search)
        if not found:
            print(f"{PROG}: no rule or ruling mentions {search!r}", file=sys.stderr)
            return BAD_INPUT
        for rule in found[:SEARCH_RESULTS]:
            aside = " (out of scope)" if rule.section == 0 else ""
            print(style(f"  {rule.id:<5} {rule.title}{aside}", "bold"))
            print(f"        {snippet(rule, search, width=92)}")
        if len(found) > SEARCH_RESULTS:
            print(f"  ({len(found) - SEARCH_RESULTS} more mention these words less)")
        return OK
    if rule_id is None:
        titles = section_titles()
        section = 0
        for rule in all_rules():
            if rule.section != section:
                section = rule.section
                print(style(f"{section}. {titles.get(section, '')}", "bold"))
            print(f"  {rule.id:<5} {rule.title}")
        return OK
    text = rule_text(rule_id)
    wanted = rule_id.strip().removeprefix("rule ").removeprefix("ruling ").strip()
    if wanted in text.subrules:
        print(
            style(f"{text.kind} {wanted} (of {text.kind.lower()} {text.id}: {text.title})", "bold")
        )
        print()
        print(textwrap.fill(plain_text(text.subrules[wanted]), width=100))
        return OK
    print(style(f"{text.kind} {text.id}: {text.title}", "bold"))
    print()
    print(plain_text(text.body.split("**Example", 1)[0]))
    return OK


# --- new ----------------------------------------------------------------------------------------


def _new(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**64)
    options = _input.options(args.players, args.variant, args.edition)
    state = new_game(options, seed=seed)
    if args.play not in ("none", "first", "random", "open"):
        from ..simulate import play_game  # noqa: PLC0415 (multiprocessing, on use)

        state = play_game(options, _cli_bot(args.play), seed)
    elif args.play != "none":
        chooser = random.Random(seed)
        player = OpenBot(chooser)  # one random source for every seat: the same seed, same game
        while not state.is_over:
            actions = legal_actions(state)
            if args.play == "first":
                action = actions[0]
            elif args.play == "random":
                action = chooser.choice(actions)
            else:
                seat = state.current_player
                action = decide(player, view(state, seat), state.hands[seat])
            state = apply(state, action)
    if args.names is not None and len(args.names) != options.players:
        raise ValueError(f"--names needs {options.players} names, got {len(args.names)}")
    record = GameRecord.from_state(state, players=args.names, edition=args.edition)
    text = write_record(record, format=args.format)
    if args.output is None:
        sys.stdout.write(text)
    else:
        data = text.encode("utf-8")
        try:
            _write_atomically(args.output, data)
        except OSError as error:  # name the file asked for, not the temporary one
            raise OSError(error.errno, error.strerror, args.output) from None
    return OK


def _cli_bot(spec: str) -> BotFactory:
    return _input.bot(spec)


def _write_atomically(path: str, data: bytes) -> None:
    """Write `data` to `path` through a temporary file beside it, renamed over it at the end: an
    existing file is replaced whole or not at all, never left truncated.

    Only a regular file (or a new one) is replaced so; anything else (a device such as
    ``/dev/stdout``, a pipe, a symbolic link) is written to as it is, the data being ready.
    """
    try:
        regular = stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        regular = True
    if not regular:
        with open(path, "wb") as stream:
            stream.write(data)
        return
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".hanabi-core-", suffix=".tmp", dir=folder)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(temporary, 0o666 & ~umask)  # what open() would have given, not mkstemp's 0600
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
