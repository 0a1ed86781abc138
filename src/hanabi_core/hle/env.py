"""A drop-in for DeepMind HLE's ``rl_env``: the same names, dicts, uids and bits, in pure Python.

Change one import and RL code written for the Hanabi Learning Environment runs on hanabi_core:

```python
from hanabi_core import rl_env          # was: from hanabi_learning_environment import rl_env

env = rl_env.make("Hanabi-Full", num_players=2)
obs = env.reset()
done = False
while not done:
    me = obs["player_observations"][obs["current_player"]]
    obs, reward, done, info = env.step(me["legal_moves_as_int"][0])
assert len(obs["player_observations"][0]["vectorized"]) == env.vectorized_observation_shape()[0]
```

What HLE does, this does: the presets of [`make`][hanabi_core.rl_env.make], the config keys of
[`HanabiEnv`][hanabi_core.rl_env.HanabiEnv], observation dicts with HLE's keys and values, move
uids, a reward that is the change in score (so losing the last life gives minus the score), and
the ``vectorized`` observation bit for bit, including two quirks of HLE's ``rl_env``: after a game
ends with cards left in the deck (the last life lost, or a perfect score), the player who played
draws a replacement card; and the final observation lists legal moves for the next player.

What it does differently: it can deal a chosen deck (``reset(deck=...)``); an illegal move raises
[`IllegalAction`][hanabi_core.IllegalAction] and leaves the environment as it was (HLE aborts the
process on an illegal uid); ``step`` accepts any integer type (NumPy's too) but not True or False
(HLE takes them for uids 1 and 0), and checks the fields of a move dict as the action classes
check theirs ([`InvalidAction`][hanabi_core.InvalidAction]); and the deals come
from hanabi_core's seeded shuffle, so a seed deals other cards than in HLE. The ``pyhanabi`` entry
of an observation is the seat's [`PlayerView`][hanabi_core.PlayerView].

Observations are built lazily: each per-player observation is a read-only mapping that computes an
entry the first time it is read, from an immutable snapshot of the game, and card knowledge is kept
up to date turn by turn. A step costs little more than the entries read.
"""

from __future__ import annotations

import numbers
import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import hle
from ..cards import Card
from ..errors import IllegalAction, InvalidAction, InvalidDeck, InvalidOptions, brief
from ..rules import apply, check, new_game
from ..spec import Rule
from ..state import GameState
from .agent import (
    Environment,
    HanabiGame,
    ObservationEncoder,
)
from .config import _int_option
from .knowledge import _initial_knowledge, _seer, after_clue
from .observation import PlayerObservation
from .snapshot import _Config, _Snapshot

# The public names are `rl_env`'s: its `__all__` lists them, once.

_FULL = {"colors": 5, "ranks": 5, "max_information_tokens": 8, "max_life_tokens": 3}
_SMALL = {"ranks": 5, "hand_size": 2, "max_information_tokens": 3, "max_life_tokens": 1}

#: HLE's named configurations (without ``players``), as ``rl_env.make`` builds them.
PRESETS: Mapping[str, Mapping[str, int]] = {
    "Hanabi-Full": {**_FULL, "observation_type": hle.CARD_KNOWLEDGE},
    "Hanabi-Full-CardKnowledge": {**_FULL, "observation_type": hle.CARD_KNOWLEDGE},
    "Hanabi-Full-Minimal": {**_FULL, "observation_type": hle.MINIMAL},
    "Hanabi-Small": {"colors": 2, **_SMALL, "observation_type": hle.CARD_KNOWLEDGE},
    "Hanabi-Very-Small": {"colors": 1, **_SMALL, "observation_type": hle.CARD_KNOWLEDGE},
}


def make(
    environment_name: str = "Hanabi-Full", num_players: int = 2, pyhanabi_path: str | None = None
) -> HanabiEnv:
    """An environment from one of HLE's presets: ``Hanabi-Full`` (= ``Hanabi-Full-CardKnowledge``),
    ``Hanabi-Full-Minimal``, ``Hanabi-Small`` (2 colours, hands of 2, 3 Notes, 1 life) and
    ``Hanabi-Very-Small`` (1 colour). `pyhanabi_path` is accepted and ignored.

    Raises:
        InvalidOptions: an unknown name, or a player count HLE does not allow.
    """
    del pyhanabi_path  # HLE's path to its C library; there is none here
    preset = PRESETS.get(environment_name) if isinstance(environment_name, str) else None
    if preset is None:
        raise InvalidOptions(
            "environment_name",
            f"unknown environment {brief(environment_name)}; one of {list(PRESETS)}",
        )
    return HanabiEnv({**preset, "players": num_players})


_MOVE_TYPES = ("PLAY", "DISCARD", "REVEAL_COLOR", "REVEAL_RANK")


def _deck_cards(deck: Sequence[Card | str]) -> list[Card]:
    cards = []
    for i, card in enumerate(deck):
        if isinstance(card, Card):
            cards.append(card)
        elif (
            isinstance(card, str)
            and len(card) == 2
            and card[0] in hle.COLOUR_CHARS
            and card[1] in "12345"
        ):
            cards.append(Card(hle.HLE_COLOURS[hle.COLOUR_CHARS.index(card[0])], int(card[1])))
        else:
            raise InvalidDeck(
                "deck", f"card {i} must be a Card or a string such as 'R1', got {brief(card)}"
            )
    return cards


def _move_field(name: str, value: object) -> object:
    """A field of a move dict, checked as the action classes check theirs: ``color`` is a
    string; ``card_index``, ``target_offset`` and ``rank`` are whole numbers (NumPy's too) within
    64 bits, never True or False (which Python counts as 1 and 0: HLE would play slot 1).

    Raises:
        InvalidAction: the value is of the wrong kind.
    """
    if name == "color":
        if not isinstance(value, str):
            raise InvalidAction(name, f"must be a colour letter such as 'R', got {brief(value)}")
        return value
    if isinstance(value, bool):
        raise InvalidAction(name, f"must be a whole number, got {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidAction(name, f"must be a whole number, got {brief(value)}") from None
    if not -(2**63) <= number < 2**63:
        raise InvalidAction(name, "must be a whole number within 64 bits")
    return number


class HanabiEnv(Environment):
    """HLE's ``rl_env.HanabiEnv`` over hanabi_core.

    Args:
        config: HLE's keys: ``players`` (2–5), ``colors`` (1–5), ``ranks`` (5 only),
            ``hand_size``, ``max_information_tokens``, ``max_life_tokens``, ``observation_type``
            (0 minimal, 1 card knowledge, 2 seer), ``seed`` (−1, the default, draws one from the
            operating system), ``random_start_player``. Values may be strings, as in HLE.

    Attributes:
        players: the number of players.
        options: the game's [`Options`][hanabi_core.Options].
        game: HLE's ``env.game``: the game's parameters and its moves by uid
            ([`HanabiGame`][hanabi_core.hle.agent.HanabiGame]).
        observation_encoder: HLE's ``env.observation_encoder``
            ([`ObservationEncoder`][hanabi_core.hle.agent.ObservationEncoder]).

    Raises:
        InvalidOptions: an unknown key or a value HLE or the rules do not allow.
    """

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.options = hle.options_from_config(config)
        self.players: int = self.options.players
        self._observation_type = _int_option(config, "observation_type", hle.CARD_KNOWLEDGE)
        seed = _int_option(config, "seed", -1)
        if seed == -1:
            seed = random.SystemRandom().getrandbits(63)  # HLE: std::random_device
        elif seed < 0:
            raise InvalidOptions("seed", f"must be -1 (random) or a whole number >= 0, got {seed}")
        self._seed = seed
        self._rng = random.Random(seed)
        start = config.get("random_start_player", False)
        if isinstance(start, str) and start.lower() in ("true", "false", "1", "0"):
            start = start.lower() in ("true", "1")
        if start not in (True, False):  # 0 and 1 are accepted, as HLE reads "0" and "1"
            raise InvalidOptions(
                "random_start_player", f"must be True or False, got {brief(start)}"
            )
        self._random_start = bool(start)
        self._config = _Config(self.options, self._observation_type)
        self.game = HanabiGame(self.options, self._observation_type, seed, self._config.move_dicts)
        self.observation_encoder = ObservationEncoder(self._config.layout.length)
        self._start = 0
        self._seats = self._config.ring[0]  # HLE's players in order, as hanabi_core's seats
        self._snapshot: _Snapshot | None = None

    @property
    def state(self) -> GameState:
        """The current [`GameState`][hanabi_core.GameState] (its seat 0 is HLE's start player).

        Raises:
            IllegalAction: before the first `reset`.
        """
        return self._current().state

    def _current(self) -> _Snapshot:
        if self._snapshot is None:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY, "No game yet: call reset() first", action=None
            )
        return self._snapshot

    def num_moves(self) -> int:
        """The number of move uids, legal or not: 2H + (P−1)(C+R)."""
        return self._config.uids

    def vectorized_observation_shape(self) -> list[int]:
        """``[L]``, the length of the ``vectorized`` observation."""
        return [self._config.layout.length]

    def reset(
        self, deck: Sequence[Card | str] | None = None, *, start_player: int | None = None
    ) -> dict[str, Any]:
        """Start a new game and return the observation of every player.

        Args:
            deck: the cards to deal, top first, in HLE's dealing order (player 0's hand first,
                then player 1's, …, then the draws), as [`Card`][hanabi_core.Card]s or HLE's
                strings such as ``"R1"``; by default a shuffle drawn from the seed.
            start_player: the player who moves first; by default player 0, or one drawn from the
                seed when the config sets ``random_start_player``.

        Raises:
            InvalidDeck: the deck is not exactly the game's cards.
            InvalidOptions: `start_player` is not a player.
        """
        players = self.players
        given = start_player
        # Only a true integer (not a bool, nor a float or complex that equals one: `1.0 in range(2)`
        # holds), checked before anything moves: a refused call leaves the environment as it was.
        if start_player is not None:
            if isinstance(start_player, bool) or not isinstance(start_player, numbers.Integral):
                start_player = -1  # refused below
            start_player = int(start_player)  # a numpy integer, say
            if not 0 <= start_player < players:
                raise InvalidOptions(
                    "start_player", f"must be 0 to {players - 1}, got {brief(given)}"
                )
        if deck is None:
            state, start = self._deal(None, start_player)  # a seeded deal cannot be refused
        else:
            # Only a chosen deck can be refused. The generator's state is a 625-word copy (about
            # 20 us, more than a step), so it is kept only then.
            before = self._rng.getstate()
            try:
                state, start = self._deal(deck, start_player)
            except Exception:
                self._rng.setstate(before)  # a refused deck leaves the seed's sequence as it was
                raise
        config = self._config
        knowledge = None
        if self._observation_type == hle.CARD_KNOWLEDGE:
            fresh = (config.fresh,)  # nothing is known of a fresh deal
            knowledge = tuple([fresh * len(hand) for hand in state.hands])
        elif self._observation_type == hle.SEER:
            knowledge = _initial_knowledge(state, True)
        self._start = start
        self._seats = config.ring[-start % players]
        self._snapshot = _Snapshot(config, state, knowledge, None, start=start)
        return self._observations()

    def _deal(
        self, deck: Sequence[Card | str] | None, start_player: int | None
    ) -> tuple[GameState, int]:
        players = self.players
        game_seed = self._rng.getrandbits(64)
        start = self._rng.randrange(players) if self._random_start else 0
        if start_player is not None:
            start = start_player
        if deck is None:
            state = new_game(self.options, seed=game_seed)
        else:
            cards = _deck_cards(deck)
            size = self.options.hand_size
            if len(cards) >= players * size and start:
                # HLE deals player 0's hand first; hanabi_core's seat 0 is HLE's start player.
                blocks = [cards[p * size : (p + 1) * size] for p in range(players)]
                cards = [
                    *(c for k in range(players) for c in blocks[(k + start) % players]),
                    *cards[players * size :],
                ]
            state = new_game(self.options, deck=cards)
        return state, start

    def _observations(self) -> dict[str, Any]:
        snapshot = self._snapshot
        assert snapshot is not None
        start = self._start
        return {
            "player_observations": [PlayerObservation(snapshot, seat) for seat in self._seats],
            "current_player": (snapshot.state.current_player + start) % self.players,
        }

    def _uid(self, snapshot: _Snapshot, action: object) -> int:
        """The uid of `action` (an int or a move dict), or the error that refuses it."""
        state = snapshot.state
        if isinstance(action, Mapping):
            uid = self._uid_of_dict(state, action)
        elif isinstance(action, bool):
            raise self._refuse(state, action, "a move is a uid or a move dict, not True/False")
        else:
            try:
                uid = operator.index(action)  # type: ignore[arg-type]
            except TypeError:
                raise self._refuse(
                    state, action, "a move is a uid (an int) or a move dict"
                ) from None
            uids = self._config.uids
            if not 0 <= uid < uids:
                raise self._refuse(state, action, f"the move uids are 0 to {uids - 1}")
        if state.outcome is None and uid in snapshot.legal_uids():
            return uid
        error = check(state, self._config.actions[state.current_player][uid])
        assert error is not None, "legal_uids lists every legal action"
        raise error

    def _uid_of_dict(self, state: GameState, action: Mapping[str, Any]) -> int:
        kind = action.get("action_type")
        # The fields HLE's _build_move reads for each move type.
        fields = {
            "PLAY": ("card_index",),
            "DISCARD": ("card_index",),
            "REVEAL_COLOR": ("target_offset", "color"),
            "REVEAL_RANK": ("target_offset", "rank"),
        }.get(kind if isinstance(kind, str) else "")
        if fields is None:
            raise self._refuse(
                state, action, f"action_type must be one of {', '.join(_MOVE_TYPES)}"
            )
        missing = [name for name in fields if name not in action]
        if missing:
            raise self._refuse(state, action, f"a {kind} move needs {', '.join(missing)}")
        move: dict[str, Any] = {"action_type": kind}
        for name in fields:
            move[name] = _move_field(name, action[name])
        for uid, known in enumerate(self._config.move_dicts):
            if known == move:
                return uid
        raise self._refuse(
            state, action, "it names no slot, seat offset, colour or rank of this game"
        )

    @staticmethod
    def _refuse(state: GameState, action: object, why: str) -> IllegalAction:
        return IllegalAction(
            Rule.KNOWN_ACTIONS_ONLY, f"Cannot take move {brief(action)}: {why}", action=action,
            state=state,
        )  # fmt: skip

    def step(self, action: int | Mapping[str, Any]) -> tuple[dict[str, Any], int, bool, dict]:  # type: ignore[type-arg]
        """Take the current player's move: a uid (``0 <= uid < num_moves()``) or a move dict
        (``{"action_type": "PLAY", "card_index": 0}``, …, as in ``legal_moves``).

        Returns:
            ``(observations, reward, done, info)``: the observation of every player, the change
            in score, whether the game is over, and ``{}``.

        Raises:
            IllegalAction: the move is not legal now (the game is over, a clue touches nothing,
                …) or is not a move (not a uid of this game, True or False, a float, a string, a
                dict without a move type); the environment is unchanged.
            InvalidAction: a field of a move dict is of the wrong kind, as the action classes
                refuse it (``"card_index": True``, ``"rank": 1.0``, a number beyond 64 bits, a
                ``color`` that is not a string); the environment is unchanged.
        """
        snapshot = self._snapshot
        if snapshot is None:
            snapshot = self._current()  # raises
        state = snapshot.state
        legal = snapshot.legal
        if legal is None:
            legal = snapshot.legal_uids()
        if type(action) is int and state.outcome is None and action in legal:
            uid = action  # the common case, checked in full by _uid otherwise
        else:
            uid = self._uid(snapshot, action)
        config = self._config
        actor = state.current_player
        after = apply(state, config.actions[actor][uid])
        # The turn as the log keeps it (a plain tuple: state.last_turn would build a Turn).
        entry = after.log.entry  # type: ignore[union-attr]
        _, move, touched, card, misplay, note_gained, drawn = entry
        knowledge = snapshot.knowledge
        # Section 4 is looked up by one int: the move (uid and actor) and what it did (the
        # card and its fate, or the slots a clue touched).
        if card is None:  # a clue: HLE's reveal bitmask of the target's touched slots
            target = move.target  # type: ignore[union-attr]
            mask = 0
            bit = 1
            for held in after.hands[target]:
                if held.order in touched:
                    mask |= bit
                bit <<= 1
            last_key = ((uid * self.players + actor) << self.options.hand_size | mask) << 1 | 1
            if knowledge is not None:
                held_knowledge = after_clue(knowledge[target], mask, config.clue_fields[uid])
                knowledge = (*knowledge[:target], held_knowledge, *knowledge[target + 1 :])
        else:
            face = config.faces[card.suit_index][card.rank]
            fate = 2 * (not misplay) + note_gained
            last_key = (((uid * self.players + actor) * config.layout.cr + face) << 2 | fate) << 1
            if knowledge is not None:
                # Rule 6.5: the card leaves its slot; the one drawn is the newest (HLE's
                # knowledge of it is fresh, or the card itself for the seer type).
                slot = move.slot  # type: ignore[union-attr]
                mine = knowledge[actor]
                held_knowledge = mine[:slot] + mine[slot + 1 :]
                if drawn is not None:
                    held_knowledge += (_seer(drawn) if config.seer else config.fresh,)
                knowledge = (*knowledge[:actor], held_knowledge, *knowledge[actor + 1 :])
        self._snapshot = new = _Snapshot(config, after, knowledge, snapshot, entry, last_key)
        observations = {
            "player_observations": [PlayerObservation(new, seat) for seat in self._seats],
            "current_player": (after.current_player + self._start) % self.players,
        }
        return observations, new.score - snapshot.score, after.outcome is not None, {}
