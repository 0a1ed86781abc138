"""`simulate`: its arguments checked, the batches played here or on the pool, the results kept."""

from __future__ import annotations

import multiprocessing
import os
import re
import secrets
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from pathlib import Path

from ..bots import BOTS, BotFactory
from ..deal import MAX_SEED
from ..errors import HanabiError, InvalidOptions, brief
from ..options import EDITIONS, Options
from ._games import GameResults
from ._play import _deck, _quux_deck, play_game
from ._pool import _ctrl_c_flag, _run_pool, default_workers, executor_width, run_executor
from ._results import Simulation, SimulationError
from ._work import TaskSizer, _Batch, _batches, _Done, _Job, _run_batch, local_size, pack

DEALS: tuple[str, ...] = ("seeded", "quux", "hanab-live")
"""The deal sources of `simulate`: ``"seeded"`` (game *i* dealt from seed ``seed + i``, rule 2.5),
``"quux"`` (game *i* is the *i*-th deck of Quuxplusone/Hanabi's stream for ``seed``) and
``"hanab-live"`` (game *i* is the deck hanab.live's server deals for its seed
``p<players>v<variant id>s<seed + i>``)."""


def _bots(
    bots: str | BotFactory | Iterable[str | BotFactory],
) -> list[tuple[str, BotFactory | None]]:
    if isinstance(bots, str) or callable(bots):
        given: list[str | BotFactory] = [bots]
    else:
        try:
            given = list(bots)
        except TypeError:
            raise ValueError(
                f"bots are a bot name ({', '.join(BOTS)}), a factory or several of them, "
                f"got {brief(bots)}"
            ) from None
    if not given:
        raise ValueError("give at least one bot")
    out: list[tuple[str, BotFactory | None]] = []
    for bot in given:
        if isinstance(bot, str):
            if bot not in BOTS:
                raise ValueError(f"unknown bot {brief(bot)}; the bots are {', '.join(BOTS)}")
            out.append((bot, None))
        elif callable(bot):
            out.append((getattr(bot, "__name__", type(bot).__name__), bot))
        else:
            raise ValueError(f"a bot is a name ({', '.join(BOTS)}) or a factory, got {brief(bot)}")
    names = [name for name, _ in out]
    if len(set(names)) != len(names):
        raise ValueError(f"each bot may be given once, got {', '.join(names)}")
    return out


def simulate(
    bots: str | BotFactory | Iterable[str | BotFactory] = "simple",
    *,
    players: int = 2,
    variant: str | None = None,
    edition: str | None = None,
    options: Options | None = None,
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | bool | None = None,
    deals: str = "seeded",
    bot_seed: int | None = None,
    executor: Executor | None = None,
) -> Simulation:
    """Play `games` games with each bot, game *i* dealt from seed ``seed + i``, and score them.

    With ``deals="quux"``, game *i* is the *i*-th deck of Quuxplusone/Hanabi's stream for
    `seed` instead (its server's decks, [`hanabi_core.quux.decks`][hanabi_core.quux.decks]),
    and the edition defaults to ``"quux"``; the decks' suits are the variant's by position.

    Args:
        bots: a bot name of [`BOTS`][hanabi_core.bots.BOTS], a bot factory (a callable taking a
            `random.Random`, e.g. a bot class), or several of them: each plays the same seeds.
            On worker processes a factory travels by value with cloudpickle when it is installed
            (the ``notebook`` and ``dask`` extras): one defined in a notebook or a script plays
            there too; without it, by reference (pickle), so defined in a module.
        players: seats, when `options` is not given.
        variant: a variant id of [`VARIANTS`][hanabi_core.VARIANTS], when `options` is not given
            (default: the edition's, else ``"base"``).
        edition: an edition id of [`EDITIONS`][hanabi_core.EDITIONS] whose options to play by
            (recorded in the records).
        options: the games' options, instead of `players`, `variant` and `edition`.
        games: games per bot.
        seed: the first game's seed; ``seed + games - 1`` must be at most 2**64 - 1.
        workers: processes to play on (default: every core this process may use); 1 plays in
            this process. With `executor`: the tasks it plays at once (default: what it says,
            e.g. a Dask cluster's threads), two each kept under way. The results do not depend
            on it.
        records: a folder to write every game into, as ``<bot>-<seed>.json`` records (the bot's
            name made a safe file name: letters, digits and ``.,+=@_-``, the rest ``_``; written
            by this process as each batch comes back: after Ctrl-C it holds exactly the games
            counted).
        progress: ``True`` for a progress bar (`tqdm.auto`: a widget in a notebook, a line in
            a terminal; the ``notebook`` extra), or a callable, called in this process as
            ``progress(done, total)`` (games, over every bot) after each batch; it may raise
            `KeyboardInterrupt` to stop the run.
        deals: one of `DEALS`: ``"seeded"`` (rule 2.5), ``"quux"`` (Quux's stream; `seed` is
            then a seed of ``std::mt19937``, from 0 to 2**32 - 1) or ``"hanab-live"`` (game *i*
            dealt as hanab.live deals ``p<players>v<variant id>s<seed + i>``; the variant must be
            one of hanab.live's).
        bot_seed: the key of the bots' generators, 0 to 2**64 - 1 (default: drawn from the
            operating system; the result keeps it, to repeat the run).
        executor: a `concurrent.futures.Executor` to play the batches on instead of this
            machine's processes: a Dask cluster's (``Client(address).get_executor()``), loky's,
            an MPI pool's. It stays the caller's (not shut down). Its tasks are about a second
            each, kept to two per worker under way; the records and `progress` are handled
            here, as each task comes back. Every worker needs the same hanabi_core (checked),
            and the modules of factories that do not travel by value (see
            ``cloudpickle.register_pickle_by_value``). See
            [Scaling out](../guides/scaling-out.md).

    Returns:
        The results, by bot and by seed; `interrupted` is set when Ctrl-C stopped the run, and
        the results hold the games finished.

    Raises:
        ValueError: an unknown bot, edition, variant or deal source, or a bad count, seed or
            worker number; Quux deals with a variant that is not five suits of ten cards.
        InvalidOptions: options the rules do not allow.
        IllegalAction: a bot chose an illegal action (the message names the seed).
        InvalidArgument: a bot that cannot be sent to the worker processes (the message says
            why and how to fix it).
        SimulationError: a worker process died, or a bot raised what is not an error
            (`SystemExit`, its own `KeyboardInterrupt`, a bare `BaseException`); a worker could
            not load a bot, or runs another hanabi_core; the executor failed a task.
    """
    chosen = _bots(bots)
    if deals not in DEALS:
        raise ValueError(f"unknown deals {deals!r}; the deal sources are {', '.join(DEALS)}")
    if deals == "quux" and options is None and edition is None:
        edition = "quux"
    if options is None:
        if edition is not None:
            if not isinstance(edition, str) or edition not in EDITIONS:
                raise ValueError(
                    f"unknown edition {brief(edition)}; the editions are {', '.join(EDITIONS)}"
                )
            extra = {} if variant is None else {"variant": variant}
            options = EDITIONS[edition].options(players, **extra)
        else:
            options = Options(players, variant="base" if variant is None else variant)
    elif not isinstance(options, Options):
        raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
    if type(games) is not int or games < 0:
        raise ValueError(f"games must be a whole number of at least 0, got {brief(games)}")
    if deals == "quux":
        if type(seed) is not int or not 0 <= seed < 1 << 32:
            raise ValueError(
                f"a Quux seed is a whole number from 0 to 2**32 - 1, got {brief(seed)}"
            )
        if sorted(options.variant.deck) != sorted(_quux_deck(options.variant.suit_names)):
            raise ValueError(
                f"Quux deals need five suits of ten cards, got the {options.variant.name} variant"
            )
    elif type(seed) is not int or seed < 0 or seed + max(games, 1) - 1 > MAX_SEED:
        raise ValueError(f"seed + games - 1 must be from 0 to 2**64 - 1, got seed {brief(seed)}")
    if deals == "hanab-live":
        from ..hanablive.decks import seed_name  # noqa: PLC0415 (the adapter, on first use)

        try:
            seed_name(options.players, options.variant, 1)
        except HanabiError:
            raise ValueError(
                f"hanab.live deals need one of its variants, got {options.variant.name}"
            ) from None
    if executor is not None and not isinstance(executor, Executor):
        raise ValueError(f"executor must be a concurrent.futures.Executor, got {brief(executor)}")
    if workers is None:
        workers = default_workers() if executor is None else executor_width(executor)
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, got {brief(workers)}")
    if bot_seed is None:
        bot_seed = secrets.randbits(64)
    elif type(bot_seed) is not int or not 0 <= bot_seed <= MAX_SEED:
        raise ValueError(f"bot_seed must be from 0 to 2**64 - 1, got {brief(bot_seed)}")
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise ValueError(f"progress must be True, a callable or None, got {brief(progress)}")
    folder = None
    if records is not None:
        try:
            name = os.fspath(records)
        except TypeError:
            raise ValueError(f"records must be a folder's path, got {brief(records)}") from None
        if not isinstance(name, str) or not name:
            # "" would be the current folder: almost surely a mistake, never what was meant.
            raise ValueError(f"records must name a folder, got {brief(records)}")
        Path(name).mkdir(parents=True, exist_ok=True)
        folder = name
    job = _Job(options, edition, tuple(chosen), folder, deals, bot_seed)
    total = games * len(chosen)
    files = _file_names([name for name, _ in chosen])
    local = executor is None and (workers == 1 or total <= 1)
    context = multiprocessing.get_context()
    # Checked before the first game: a bot that cannot travel is told now, with its cause.
    # (An executor's workers may be forks: one that cannot load a bot says so itself.)
    packed = None if local else pack(job, spawned=executor is None and _spawns(context))
    bar = _Bar(total) if progress is True else None
    report = bar if bar is not None else (progress if callable(progress) else None)
    decks: dict[int, bytes] = {}

    def remember(batches: Iterator[_Batch]) -> Iterator[_Batch]:
        # The parent keeps each batch's decks until it is done, to play a failed game again.
        for batch in batches:
            if batch[3] is not None:
                decks[batch[0] * (1 << 40) + batch[1]] = batch[3]
            yield batch

    # Each bot's results as columns, in the order they come back, and where each batch went:
    # (first seed, offset, count), to put them in seed order at the end.
    found = [GameResults() for _ in chosen]
    spans: list[list[tuple[int, int, int]]] = [[] for _ in chosen]
    done = 0
    interrupted = False
    sizer = TaskSizer(min(workers, max(total, 1)))

    def collect(outcome: _Done) -> None:
        nonlocal done
        index, results, texts, failed, kind, first, refused, seconds = outcome
        name = chosen[index][0]
        codes = decks.pop(index * (1 << 40) + first, None)
        if refused is not None:
            raise SimulationError(f"seed {first} and after", refused)
        sizer.learn(len(results), seconds)
        if folder is not None:
            for row, text in zip(results, texts, strict=True):
                (Path(folder) / f"{files[index]}-{row[0]}.json").write_text(text, encoding="utf-8")
        spans[index].append((first, len(found[index]), len(results)))
        found[index]._extend(results)
        done += len(results)
        if failed is not None:
            if kind is not None:
                raise SimulationError(
                    f"seed {failed}", f"the bot {name} raised {kind}, which is not an error"
                )
            # Play the game that failed again, here, so that its own exception is raised.
            deck = _deck(options, deals, failed, first, codes)
            play_game(options, chosen[index][1] or BOTS[name], failed, deck, bot_seed=bot_seed)
            raise RuntimeError(f"the game dealt from seed {failed} failed in a worker only")
        if report is not None:
            report(done, total)

    try:
        if executor is not None:
            assert packed is not None
            pending = remember(_batches(len(chosen), games, seed, sizer, deals))
            run_executor(executor, packed, pending, sizer.width, collect)
        else:
            pending = remember(_batches(len(chosen), games, seed, local_size(workers), deals))
            if local:
                with _ctrl_c_flag() as pressed:
                    for batch in pending:
                        collect(_run_batch(job, batch, pressed))
            else:
                assert packed is not None
                _run_pool(packed, pending, min(workers, total), collect, context)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
    return Simulation(
        options=options,
        edition=edition,
        seed=seed,
        requested=games,
        bots=tuple(name for name, _ in chosen),
        games=tuple(results._reordered(span) for results, span in zip(found, spans, strict=True)),
        interrupted=interrupted,
        deals=deals,
        bot_seed=bot_seed,
    )


def _spawns(context: multiprocessing.context.BaseContext) -> bool:
    """Whether `context`'s workers start afresh (spawn, forkserver), not as copies of this
    process (fork): they then know only what importing the modules gives them."""
    return context.get_start_method() != "fork"


#: What a record's file name keeps of a bot's name: letters, digits and ``. , + = @ _ -``
#: (no folder separator, no drive colon, nothing a shell or another system reads otherwise).
_UNSAFE = re.compile(r"[^\w.,+=@-]+", re.ASCII)


def _file_names(names: list[str]) -> list[str]:
    """Each bot's records' file stem: its name as a safe file name (issue 30, L5: a name such as
    ``"../x"`` or ``"/tmp/x"`` must not write outside the records folder), at most 100
    characters; two bots whose names become one are told apart by their place."""
    stems = []
    for name in names:
        stem = _UNSAFE.sub("_", name).strip(".")[:100] or "bot"
        stems.append(stem)
    if len(set(stems)) != len(stems):
        stems = [f"{stem}-{i}" for i, stem in enumerate(stems)]
    return stems


class _Bar:
    """`progress=True`: a `tqdm.auto` bar (a widget in a notebook, a line in a terminal)."""

    def __init__(self, total: int) -> None:
        try:
            from tqdm.auto import tqdm  # noqa: PLC0415  (an optional extra)
        except ImportError:
            from .._support.extras import missing_extra  # noqa: PLC0415

            raise missing_extra("progress=True", "tqdm", "notebook") from None
        self._bar = tqdm(total=total, unit="game", smoothing=0.1)
        self._shown = 0

    def __call__(self, done: int, total: int) -> None:
        self._bar.update(done - self._shown)
        self._shown = done

    def close(self) -> None:
        self._bar.close()
