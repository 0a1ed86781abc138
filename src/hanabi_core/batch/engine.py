"""The NumPy batch engine: B games of one HLE configuration as arrays, stepped together."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import hle
from ..cards import Card
from ..errors import IllegalAction, InvalidArgument, InvalidDeck, InvalidOptions, brief
from ..hle.moves import uid_of
from ..hle.replay import record_from_uids, replay_uids
from ..options import Options
from ..records import GameRecord
from ..rules import check
from ..spec import Rule
from ..state import GameState, Turn
from . import _core
from ._core import BatchState, Tables

__all__ = ["BatchState", "Engine", "check_options", "tables"]

Array = npt.NDArray[Any]
#: What `reset` takes for its decks' randomness: a seed or NumPy's generator.
Seed = int | np.random.Generator

# Each field's dtype and its shape after the game axis, from the tables (see `_check_state`).
_FIELDS: dict[str, tuple[Any, str]] = {
    "deck": (np.int8, "D"),
    "drawn": (np.int32, ""),
    "hands": (np.int8, "PH"),
    "knowledge": (np.uint16, "PH"),
    "fireworks": (np.int32, "C"),
    "notes": (np.int32, ""),
    "storms": (np.int32, ""),
    "discards": (np.int32, "F"),
    "current": (np.int32, ""),
    "turn": (np.int32, ""),
    "turns_left": (np.int32, ""),
    "score": (np.int32, ""),
    "done": (np.bool_, ""),
    "last_uid": (np.int32, ""),
    "last_actor": (np.int32, ""),
    "last_card": (np.int32, ""),
    "last_mask": (np.int32, ""),
    "last_scored": (np.bool_, ""),
    "last_note": (np.bool_, ""),
    "history": (np.int8, "N"),
    "legal": (np.bool_, "M"),
}

_TABLES: dict[Options, Tables] = {}


def check_options(options: Options) -> None:
    """Refuse a game the batch engine does not play.

    It plays HLE's games: 2 to 5 players, HLE's variants (1 to 5 of the colours R, Y, G, W, B:
    the base game is five), any hand size, Note cap and Storm count, with a last round (rule
    7.3), clues that must touch a card (rule 4.5), and either scoring of the last Storm (rule
    10.5). That is the ``"hle"`` and ``"rr-deluxe"`` editions and `Options(players)` of the
    base game. It refuses the editions with negative clues (``"abacus"``, ``"cocktail"``),
    hanab.live's early end (``"hanab-live"``), the multicolour deck (``"abacus-advanced"``) and
    every hanab.live variant: HLE's uids and observation bits do not express them.

    Raises:
        InvalidOptions: naming the option the engine cannot play.
    """
    if not isinstance(options, Options):
        raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
    hle.require_hle_variant(options)
    if not 2 <= options.players <= 5:
        raise InvalidOptions(
            "players", f"the batch engine plays HLE's 2 to 5 players, got {options.players}"
        )
    for name, wanted in (
        ("last_round", True),
        ("negative_clues", False),
        ("end_at_max_reachable", False),
    ):
        if getattr(options, name) != wanted:
            raise InvalidOptions(
                name, f"the batch engine plays HLE's rules, where {name} is {wanted}"
            )


def tables(options: Options) -> Tables:
    """The lookup tables of `options` (memoised: derived data that never changes a result)."""
    found = _TABLES.get(options)
    if found is None:
        check_options(options)
        if len(_TABLES) > 32:
            _TABLES.clear()
        found = _TABLES[options] = Tables(
            options.players,
            len(options.variant.suits),
            options.hand_size,
            options.max_notes,
            options.max_storms,
            options.storm_out_score == "zero",
        )
    return found


def _face(card: object, where: str) -> int:
    if isinstance(card, str) and len(card) == 2 and card[0] in hle.COLOUR_CHARS:
        if card[1] in "12345":
            return hle.COLOUR_CHARS.index(card[0]) * 5 + int(card[1]) - 1
    elif isinstance(card, Card) and card.suit in hle.HLE_COLOURS and 1 <= card.rank <= 5:
        return hle.colour_index(card.suit) * 5 + card.rank - 1
    raise InvalidDeck(where, f"must be a Card or a string such as 'R1', got {brief(card)}")


class Engine:
    """The batch engine of one game configuration: pure functions over `BatchState`s.

    An `Engine` holds only lookup tables; every method returns new arrays and leaves its
    arguments as they were. Games are in HLE's terms: seat 0 moves first, moves are HLE's uids,
    colours are indexed R, Y, G, W, B.

    Args:
        options: the game's [`Options`][hanabi_core.Options], e.g. from
            [`options_from_config`][hanabi_core.hle.options_from_config]; see
            [`check_options`][hanabi_core.batch.engine.check_options] for what it plays.

    Raises:
        InvalidOptions: a game the engine does not play.

    ```python
    import numpy as np
    from hanabi_core.batch import Engine
    from hanabi_core.hle import options_from_config

    engine = Engine(options_from_config({"players": 2}))
    state = engine.reset(64, seed=1)
    rng = np.random.default_rng(0)
    while not state.done.all():
        uids = engine.random_legal(state, rng)      # one legal uid per game (-1 if over)
        state, reward, done = engine.step(state, uids)
    assert engine.observe(state).shape == (64, 2, 658)
    assert engine.game_state(state, 0).is_over
    ```
    """

    def __init__(self, options: Options) -> None:
        self.options = options
        self.tables = t = tables(options)
        #: Players, hand size, colours.
        self.players, self.hand_size, self.colours = t.players, t.hand_size, t.colours
        #: How many move uids the game has: 2H + (P−1)(C+R).
        self.num_moves: int = t.moves
        #: How many cards the deck has.
        self.deck_size: int = t.deck_size
        # auto_reset's generators by seed (see `step`): the stream of a seed, kept.
        self._streams: dict[int, np.random.Generator] = {}
        sizes = {
            "D": t.deck_size, "P": t.players, "H": t.hand_size, "C": t.colours, "F": t.cr,
            "N": t.max_turns, "M": t.moves,
        }  # fmt: skip
        self._checked: object = None  # the last state checked or handed out
        # Each field's name, dtype and shape after the game axis (see `_check_state`).
        self._fields = [
            (name, np.dtype(dtype), tuple(sizes[a] for a in axes))
            for name, (dtype, axes) in _FIELDS.items()
        ]

    def observation_length(self, observation_type: int = hle.CARD_KNOWLEDGE) -> int:
        """The length of the canonical vector (658 for two players with card knowledge)."""
        _check_type(observation_type)
        t = self.tables
        return t.minimal_length + (0 if observation_type == hle.MINIMAL else t.knowledge_length)

    # --- starting games ---------------------------------------------------------------------

    def decks(self, decks: Any) -> Array:
        """(B, D) faces from decks given as an integer array of faces (colour × 5 + rank
        index) or as sequences of [`Card`][hanabi_core.Card]s or strings such as ``"R1"``, top
        card first in HLE's dealing order (seat 0's hand, seat 1's, …, then the draws).

        Raises:
            InvalidDeck: a deck that is not exactly the game's cards.
        """
        t = self.tables
        if isinstance(decks, np.ndarray) and decks.dtype.kind in "iu":
            faces = decks.astype(np.int64)
        else:
            try:
                rows = [
                    [_face(card, f"decks[{g}][{i}]") for i, card in enumerate(deck)]
                    for g, deck in enumerate(decks)
                ]
            except TypeError:
                raise InvalidDeck("decks", "must be a sequence of decks") from None
            # Ragged decks (M5 of issue 30): named here, before NumPy refuses the shape.
            for g, row in enumerate(rows):
                if len(row) != t.deck_size:
                    raise InvalidDeck(f"decks[{g}]", f"must be {t.deck_size} cards, got {len(row)}")
            faces = np.array(rows, np.int64).reshape(len(rows), t.deck_size)
        if faces.ndim != 2 or faces.shape[1] != t.deck_size or faces.shape[0] == 0:
            raise InvalidDeck(
                "decks",
                f"must be B >= 1 decks of {t.deck_size} cards each, got shape {faces.shape}",
            )
        bad = np.flatnonzero((np.sort(faces, axis=1) != t.base_deck).any(axis=1))
        if bad.size:
            raise InvalidDeck(
                "decks", f"games {_few(bad)} are not exactly the game's {t.deck_size} cards"
            )
        return faces.astype(np.int8)

    def reset(
        self, batch_size: int | None = None, *, seed: Seed | None = None, decks: Any = None
    ) -> BatchState:
        """`batch_size` new games shuffled from `seed` (an int or a NumPy `Generator`), or the
        games of `decks` (see `decks`; HLE's issue #30). Give one of `seed` and `decks`.

        Raises:
            InvalidDeck: neither or both of `seed` and `decks`, or a bad deck.
        """
        if (seed is None) == (decks is None):
            raise InvalidDeck("decks", "give exactly one of seed= and decks=")
        if decks is not None:
            faces = self.decks(decks)
            if batch_size is not None and batch_size != faces.shape[0]:
                raise InvalidDeck("decks", f"{faces.shape[0]} decks for {batch_size} games")
        else:
            faces = self.shuffle(batch_size, seed)  # type: ignore[arg-type]
        return self._out(_core.init(np, self.tables, faces))

    def shuffle(self, batch_size: int, seed: Seed) -> Array:
        """(B, D) shuffled decks drawn from `seed` (NumPy's generator, not hanabi_core's
        seeded shuffle: the same seed deals other cards than `new_game(seed=...)`).

        Raises:
            InvalidOptions: `batch_size` is not a whole number from 1, or `seed` is neither a
                whole number from 0 nor a `Generator`.
        """
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise InvalidOptions(
                "batch_size", f"must be a whole number of games, got {brief(batch_size)}"
            )
        rng = generator(seed)
        return rng.permuted(np.tile(self.tables.base_deck, (batch_size, 1)), axis=1)

    def from_states(self, states: Iterable[GameState]) -> BatchState:
        """A batch holding the games of `states`, any iterable of
        [`GameState`][hanabi_core.GameState]s (each replayed from its deck and history).

        Raises:
            InvalidOptions: no states, or one of other options than the engine's.
        """
        t = self.tables
        try:
            states = list(states)  # once: a generator is read a single time (M5 of issue 30)
        except TypeError:
            raise InvalidOptions(
                "states", f"must be an iterable of GameStates, got {brief(states)}"
            ) from None
        for n, state in enumerate(states):
            if not isinstance(state, GameState) or state.options != self.options:
                raise InvalidOptions("states", f"state {n} is not a game of the engine's options")
        if not states:
            raise InvalidOptions("states", "must hold at least one state")
        decks = np.array(
            [[_face(card.card, "dealt") for card in state.dealt] for state in states], np.int8
        )
        histories = [[self._uid(turn) for turn in state.turns] for state in states]
        batch = _core.init(np, t, decks)
        longest = max(map(len, histories))
        for n in range(longest):
            uids = np.array([h[n] if n < len(h) else 0 for h in histories], np.int32)
            act = np.array([n < len(h) for h in histories])
            batch, _ = _core.advance(np, t, batch, uids, act)
        return self._out(batch)

    def _uid(self, turn: Turn) -> int:
        uid = uid_of(self.options, turn.player, turn.action)  # HLE's one uid layout
        assert uid is not None  # a legal turn of an HLE game
        return uid

    # --- playing ----------------------------------------------------------------------------

    def step(
        self,
        state: BatchState,
        uids: Any,
        *,
        illegal: str = "raise",
        auto_reset: Seed | None = None,
    ) -> tuple[BatchState, Array, Array]:
        """Every unfinished game takes its move `uids[b]` (HLE's uid for the player to move).

        Finished games are left as they are (their uid is not read; reward 0, done).

        Args:
            state: the games.
            uids: (B,) integers.
            illegal: ``"raise"`` (the default): an illegal uid in an unfinished game raises;
                ``"skip"``: a game whose uid is illegal (say -1) is left as it was, reward 0.
            auto_reset: a seed or `Generator`: finished games are replaced by new deals from it
                after the step (the reward and done flag are those of the finished game), as
                JaxMARL's ``step`` does. A whole-number seed becomes one generator the first
                time this engine sees it, which later steps with the same seed go on drawing
                from, so the new games differ from step to step (H4 of issue 30). `None` (the
                default): finished games stay finished.

        Returns:
            ``(state, reward, done)``: the new games, the (B,) change in score (minus the score
            when the last Storm ends a game, rule 8.2), and the (B,) games that are over.

        Raises:
            IllegalAction: with ``illegal="raise"``, naming the games whose uid is illegal and,
                for the first, the rule it breaks; the state is unchanged. Also uids that are
                not B integers.
            InvalidArgument: `state` is not a `BatchState` of this engine's shapes.
            InvalidOptions: a bad `illegal` or `auto_reset`.
        """
        t = self.tables
        self._check_state(state)
        try:
            uids = np.asarray(uids)
        except (ValueError, TypeError):  # ragged: no array at all
            uids = np.asarray(None)
        if uids.shape != state.done.shape or uids.dtype.kind not in "iu":
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"Cannot take the moves: expected {state.done.shape[0]} integer uids, got an "
                f"array of shape {uids.shape} and type {uids.dtype}",
                action=brief(uids),
            )
        rows = np.arange(uids.shape[0])
        inside = (uids >= 0) & (uids < t.moves)
        ok = inside & state.legal[rows, np.where(inside, uids, 0)]
        if illegal == "raise":
            bad = np.flatnonzero(~ok & ~state.done)
            if bad.size:
                raise self._illegal(state, uids, bad)
        elif illegal != "skip":
            raise InvalidOptions("illegal", f"must be 'raise' or 'skip', got {brief(illegal)}")
        rng = None if auto_reset is None else self._stream(auto_reset)
        new, reward = _core.advance(np, t, state, uids.astype(np.int32), ok)
        done = new.done
        if rng is not None and done.any():
            finished = np.flatnonzero(done)
            fresh = _core.init(np, t, self.shuffle(finished.size, rng))
            new = BatchState(
                *(_put(old, finished, part) for old, part in zip(new, fresh, strict=True))
            )
        return self._out(new), reward, _readonly(done)

    def _out(self, state: BatchState) -> BatchState:
        """`state`, read-only, as the engine hands it out (and need not check again)."""
        self._checked = _frozen(state)
        return state

    def _stream(self, seed: Seed) -> np.random.Generator:
        """`seed`'s generator for auto-resets: a Generator as it is; a whole number turned into
        one generator the first time, then kept (H4 of issue 30)."""
        if isinstance(seed, np.random.Generator):
            return seed
        key = _seed(seed)
        found = self._streams.get(key)
        if found is None:
            found = self._streams[key] = np.random.default_rng(key)
        return found

    def _check_state(self, state: object) -> None:
        """Refuse what is not a `BatchState` of this engine's shapes and dtypes (its values are
        not checked: the engine's own states are read-only, so they stay as it made them)."""
        if state is self._checked:
            return  # the state checked last, or handed out last (a tuple of read-only arrays)
        if not isinstance(state, BatchState):
            raise InvalidArgument("state", f"must be a BatchState, got {brief(state)}")
        first = state.deck
        games = first.shape[0] if isinstance(first, np.ndarray) and first.ndim else 0
        for array, (name, dtype, trailing) in zip(state, self._fields, strict=True):
            if (
                type(array) is not np.ndarray
                or array.shape[1:] != trailing
                or array.shape[0] != games
                or array.dtype != dtype
            ):
                want = (games, *trailing)
                raise InvalidArgument(
                    "state",
                    f"{name} must be {np.dtype(dtype).name} of shape {want}, got "
                    f"{brief(array)}: not a batch of this engine",
                )
        if not games:
            raise InvalidArgument("state", "holds no games")
        self._checked = state

    def _game(self, state: BatchState, game: object) -> int:
        """`game` as the index of one of the batch's games."""
        self._check_state(state)
        size = state.done.shape[0]
        if isinstance(game, (bool, np.bool_)) or not isinstance(game, (int, np.integer)):
            raise InvalidArgument("game", f"must be a whole number, got {brief(game)}")
        if not 0 <= game < size:
            raise InvalidArgument("game", f"must be from 0 to {size - 1}, got {game}")
        return int(game)

    def _illegal(self, state: BatchState, uids: Array, bad: Array) -> IllegalAction:
        first = int(bad[0])
        uid = int(uids[first])
        t = self.tables
        rule = Rule.KNOWN_ACTIONS_ONLY
        if not 0 <= uid < t.moves:
            why = f"the moves of this game are 0 to {t.moves - 1}"
        else:
            scalar = self.game_state(state, first)
            error = check(scalar, hle.uid_to_action(scalar, uid))
            assert error is not None, "the legal mask lists every legal uid"
            rule, why = error.rule, error.reason
        return IllegalAction(
            rule,
            f"{bad.size} game(s) of the batch cannot take their move (games {_few(bad)}); "
            f"game {first}, move {uid}: {why}",
            action=tuple((int(g), int(uids[g])) for g in bad[:10]),
        )

    @staticmethod
    def legal_mask(state: BatchState) -> Array:
        """The (B, M) legal uids of each game's player to move (all False once over): a fresh
        copy, the caller's to change."""
        return np.array(state.legal, bool, copy=True)

    @staticmethod
    def random_legal(state: BatchState, rng: np.random.Generator) -> Array:
        """(B,) one legal uid per game, uniformly at random (-1 for a finished game).

        Raises:
            InvalidOptions: `rng` is not a NumPy `Generator`.
        """
        if not isinstance(rng, np.random.Generator):
            raise InvalidOptions("rng", f"must be a numpy.random.Generator, got {brief(rng)}")
        legal = state.legal
        weights = rng.random(legal.shape) * legal
        uids = weights.argmax(axis=1)
        return np.where(legal.any(axis=1), uids, -1)

    # --- observing --------------------------------------------------------------------------

    def observe(self, state: BatchState, observation_type: int = hle.CARD_KNOWLEDGE) -> Array:
        """Every seat's canonical observation, (B, P, L) uint8 with seat s at index s: bit for
        bit [`hle.encode`][hanabi_core.hle.encode] of each game's state for each seat.

        Raises:
            InvalidOptions: an observation type other than 0, 1 and 2.
        """
        _check_type(observation_type)
        self._check_state(state)
        return _core.observe(np, self.tables, state, observation_type)  # type: ignore[no-any-return]

    def observe_v0_belief(self, state: BatchState, dtype: Any = np.float32) -> Array:
        """Every seat's V0-belief observation (SAD, OBL, JaxMARL), (B, P, L) of `dtype`: the
        values of [`hle.encode_v0_belief`][hanabi_core.hle.encode_v0_belief] (exactly, with
        ``dtype=np.float64``).

        Raises:
            InvalidOptions: a `dtype` other than a floating-point one.
        """
        self._check_state(state)
        try:
            kind = np.dtype(dtype).kind
        except TypeError:
            kind = ""
        if kind != "f":
            raise InvalidOptions("dtype", f"must be a floating-point dtype, got {brief(dtype)}")
        return _core.observe_v0_belief(np, self.tables, state, dtype)  # type: ignore[no-any-return]

    # --- back to hanabi_core ----------------------------------------------------------------

    def deck_cards(self, state: BatchState, game: int) -> list[Card]:
        """Game `game`'s deck as [`Card`][hanabi_core.Card]s, top first.

        Raises:
            InvalidArgument: `game` is not the index of one of the batch's games (the methods
                below raise it too).
        """
        game = self._game(state, game)
        return [
            Card(hle.HLE_COLOURS[face // 5], face % 5 + 1) for face in state.deck[game].tolist()
        ]

    def uids(self, state: BatchState, game: int) -> list[int]:
        """Game `game`'s moves so far, as uids."""
        game = self._game(state, game)
        return [int(uid) for uid in state.history[game, : int(state.turn[game])]]

    def game_state(self, state: BatchState, game: int) -> GameState:
        """Game `game` of the batch as a [`GameState`][hanabi_core.GameState] (replayed by the
        scalar engine from its deck and moves)."""
        return replay_uids(self.options, self.deck_cards(state, game), self.uids(state, game))

    def record(self, state: BatchState, game: int) -> GameRecord:
        """Game `game` of the batch as a [`GameRecord`][hanabi_core.GameRecord]."""
        return record_from_uids(self.options, self.deck_cards(state, game), self.uids(state, game))


def _seed(seed: object) -> int:
    """A seed for NumPy's generator: a whole number from 0 (M5 of issue 30: HLE's -1, "draw
    from the operating system", would silently not be reproducible)."""
    if isinstance(seed, (bool, np.bool_)):
        seed = None
    try:
        value = operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        value = -1
    if value < 0:
        raise InvalidOptions(
            "seed", f"must be a whole number from 0 or a numpy.random.Generator, got {brief(seed)}"
        )
    return value


def generator(seed: Seed) -> np.random.Generator:
    """`seed` as NumPy's generator: a `Generator` as it is, a whole number from 0 seeding a new
    one.

    Raises:
        InvalidOptions: anything else (a negative number, a bool, a float, None).
    """
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(_seed(seed))


def _readonly(array: Array) -> Array:
    array.flags.writeable = False
    return array


def _frozen(state: BatchState) -> BatchState:
    """`state` with every array read-only (H2 of issue 30): the states the engine hands out
    cannot be changed in place, so the arrays they share with other states are safe too."""
    for array in state:
        if array.flags.writeable:
            array.flags.writeable = False
    return state


def _put(old: Array, rows: Array, new: Array) -> Array:
    """A copy of `old` with `new` in rows `rows`."""
    out: Array = old.copy()
    out[rows] = new
    return out


def _few(games: Array) -> str:
    shown = ", ".join(str(int(g)) for g in games[:10])
    return shown + (f", … ({games.size} in all)" if games.size > 10 else "")


def _check_type(observation_type: object) -> None:
    if observation_type not in (hle.MINIMAL, hle.CARD_KNOWLEDGE, hle.SEER) or isinstance(
        observation_type, bool
    ):
        raise InvalidOptions(
            "observation_type", f"must be 0, 1 or 2, got {brief(observation_type)}"
        )
