"""The rest of HLE's ``rl_env`` names: `Agent`, `Environment`, `MOVE_TYPES`, `color_char_to_idx`,
and the ``env.game`` and ``env.observation_encoder`` objects of a
[`HanabiEnv`][hanabi_core.rl_env.HanabiEnv].

[`hanabi_core.rl_env`][hanabi_core.rl_env] re-exports them, so that an agent written for DeepMind's
Hanabi Learning Environment runs after one changed import:

```python
from hanabi_core import rl_env   # was: from hanabi_learning_environment import rl_env

class FirstLegal(rl_env.Agent):
    def __init__(self, config, *args, **kwargs):
        self.config = config

    def act(self, observation):
        if observation["current_player_offset"] != 0:
            return None
        return observation["legal_moves"][0]

env = rl_env.make("Hanabi-Full", num_players=2)
agents = [FirstLegal({"players": 2}) for _ in range(2)]
observations, done = env.reset(), False
while not done:
    seat = observations["current_player"]
    move = agents[seat].act(observations["player_observations"][seat])
    observations, reward, done, info = env.step(move)
assert env.game.num_players() == 2 and env.game.max_moves() == env.num_moves()
assert rl_env.MOVE_TYPES[1] == "PLAY" and rl_env.color_char_to_idx("W") == 3
```

The behaviour is HLE's (``rl_env.py`` and ``pyhanabi.py`` of
https://github.com/deepmind/hanabi-learning-environment, Apache-2.0; the names and signatures are
recorded in ``tests/data/hle_rl_env_names.json``); the code is written here. What HLE's
``HanabiGame`` has and this one lacks: ``c_game`` (its C pointer) and ``new_initial_state`` (a
``pyhanabi.HanabiState``: play a [`GameState`][hanabi_core.GameState] from
[`new_game`][hanabi_core.new_game] instead).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Any

from attrs import frozen

from ..errors import InvalidAction, InvalidOptions, brief
from ..options import Options
from .config import COLOUR_CHARS, HLE_COLOURS
from .moves import move_dicts

__all__ = [
    "MOVE_TYPES",
    "Agent",
    "AgentObservationType",
    "Environment",
    "HanabiGame",
    "HanabiMove",
    "HanabiMoveType",
    "ObservationEncoder",
    "color_char_to_idx",
]


class HanabiMoveType(IntEnum):
    """HLE's ``pyhanabi.HanabiMoveType``: the kinds of move, with HLE's values."""

    INVALID = 0
    PLAY = 1
    DISCARD = 2
    REVEAL_COLOR = 3
    REVEAL_RANK = 4
    DEAL = 5


class AgentObservationType(IntEnum):
    """HLE's ``pyhanabi.AgentObservationType``: what an observation shows of card knowledge."""

    MINIMAL = 0
    CARD_KNOWLEDGE = 1
    SEER = 2


#: The names of HLE's move types in value order, as HLE's ``rl_env.MOVE_TYPES``: ``["INVALID",
#: "PLAY", "DISCARD", "REVEAL_COLOR", "REVEAL_RANK", "DEAL"]``.
MOVE_TYPES: list[str] = [kind.name for kind in HanabiMoveType]


def color_char_to_idx(color_char: str) -> int:
    """HLE's index of a colour letter: ``"R"`` 0, ``"Y"`` 1, ``"G"`` 2, ``"W"`` 3, ``"B"`` 4.

    Raises:
        ValueError: not one of those letters (as HLE: ``Invalid color: X. Should be one of
            ['R', 'Y', 'G', 'W', 'B'].``).
    """
    index = COLOUR_CHARS.find(color_char) if isinstance(color_char, str) else -1
    if index < 0 or len(color_char) != 1:
        raise ValueError(
            f"Invalid color: {brief(color_char)}. Should be one of {list(COLOUR_CHARS)}."
        )
    return index


class Environment:
    """HLE's abstract environment: `reset` and `step`, which a concrete environment overrides.
    [`HanabiEnv`][hanabi_core.rl_env.HanabiEnv] is one.

    Raises:
        NotImplementedError: from each method, as HLE's base class.
    """

    def reset(self, config: Any) -> Any:
        """Start a new game from `config` and return the observation (abstract here)."""
        raise NotImplementedError("Not implemented in Abstract Base class")

    def step(self, action: Any) -> Any:
        """Take one step: ``(observation, reward, done, info)`` (abstract here)."""
        raise NotImplementedError("Not implemented in Abstract Base class")


class Agent:
    """HLE's agent interface: a subclass sets itself up from a config dict in ``__init__`` and
    returns a move (a dict or a uid) from `act` when the observation is its own turn's (``None``
    otherwise). HLE's own agents (``RandomAgent``, ``SimpleAgent``) are such subclasses.

    Raises:
        NotImplementedError: from each method (``__init__`` included), as HLE's base class.
    """

    def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
        """Set the agent up from HLE's config dict (abstract here)."""
        raise NotImplementedError("Not implemeneted in abstract base class.")

    def reset(self, config: Any) -> None:
        """Set the agent up again for a new config (abstract here)."""
        raise NotImplementedError("Not implemeneted in abstract base class.")

    def act(self, observation: Any) -> Any:
        """The move for `observation` (one player's observation dict), or `None` when it is not
        this agent's turn (abstract here)."""
        raise NotImplementedError("Not implemeneted in abstract base class.")


@frozen
class HanabiMove:
    """One of HLE's moves, as ``pyhanabi.HanabiMove`` reads: the fields a move type does not use
    are -1. `color` is HLE's colour index, `rank` is 0-based (0 is a 1).

    ```python
    from hanabi_core.hle.agent import HanabiMove, HanabiMoveType
    move = HanabiMove.get_reveal_color_move(1, 0)
    assert move.type() is HanabiMoveType.REVEAL_COLOR and str(move) == "(Reveal player +1 color R)"
    assert move.to_dict() == {"action_type": "REVEAL_COLOR", "target_offset": 1, "color": "R"}
    ```
    """

    _type: HanabiMoveType
    _card_index: int = -1
    _target_offset: int = -1
    _color: int = -1
    _rank: int = -1

    def type(self) -> HanabiMoveType:
        """The move's type."""
        return self._type

    def card_index(self) -> int:
        """The slot played or discarded, else -1."""
        return self._card_index

    def target_offset(self) -> int:
        """The clued player, counted from the giver (1 is the next), else -1."""
        return self._target_offset

    def color(self) -> int:
        """The colour index of a colour clue, else -1."""
        return self._color

    def rank(self) -> int:
        """The 0-based rank of a rank clue, else -1."""
        return self._rank

    @staticmethod
    def get_play_move(card_index: int) -> HanabiMove:
        """Play the card in slot `card_index`."""
        return HanabiMove(HanabiMoveType.PLAY, card_index)

    @staticmethod
    def get_discard_move(card_index: int) -> HanabiMove:
        """Discard the card in slot `card_index`."""
        return HanabiMove(HanabiMoveType.DISCARD, card_index)

    @staticmethod
    def get_reveal_color_move(target_offset: int, color: int) -> HanabiMove:
        """Clue colour index `color` to the player `target_offset` seats on."""
        return HanabiMove(HanabiMoveType.REVEAL_COLOR, -1, target_offset, color)

    @staticmethod
    def get_reveal_rank_move(target_offset: int, rank: int) -> HanabiMove:
        """Clue the 0-based `rank` to the player `target_offset` seats on."""
        return HanabiMove(HanabiMoveType.REVEAL_RANK, -1, target_offset, -1, rank)

    def to_dict(self) -> dict[str, Any]:
        """The move as HLE's ``to_dict`` writes it (the dicts of ``legal_moves``)."""
        kind = self._type
        if kind in (HanabiMoveType.PLAY, HanabiMoveType.DISCARD):
            return {"action_type": kind.name, "card_index": self._card_index}
        if kind is HanabiMoveType.REVEAL_COLOR:
            return {
                "action_type": kind.name,
                "target_offset": self._target_offset,
                "color": COLOUR_CHARS[self._color],
            }
        if kind is HanabiMoveType.REVEAL_RANK:
            return {
                "action_type": kind.name,
                "target_offset": self._target_offset,
                "rank": self._rank,
            }
        return {"action_type": kind.name}

    @staticmethod
    def from_dict(move: Mapping[str, Any]) -> HanabiMove:
        """The move of an HLE move dict.

        Raises:
            InvalidAction: not a move dict of HLE's four move types.
        """
        kind = move.get("action_type") if isinstance(move, Mapping) else None
        try:
            if kind in ("PLAY", "DISCARD"):
                return HanabiMove(HanabiMoveType[kind], int(move["card_index"]))
            if kind == "REVEAL_COLOR":
                return HanabiMove.get_reveal_color_move(
                    int(move["target_offset"]), color_char_to_idx(move["color"])
                )
            if kind == "REVEAL_RANK":
                return HanabiMove.get_reveal_rank_move(
                    int(move["target_offset"]), int(move["rank"])
                )
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidAction("move", f"not a move of HLE: {brief(move)} ({error})") from None
        raise InvalidAction("action_type", f"must be one of {MOVE_TYPES[1:5]}, got {brief(kind)}")

    def __str__(self) -> str:
        kind = self._type
        if kind is HanabiMoveType.PLAY:
            return f"(Play {self._card_index})"
        if kind is HanabiMoveType.DISCARD:
            return f"(Discard {self._card_index})"
        if kind is HanabiMoveType.REVEAL_COLOR:
            return f"(Reveal player +{self._target_offset} color {COLOUR_CHARS[self._color]})"
        if kind is HanabiMoveType.REVEAL_RANK:
            return f"(Reveal player +{self._target_offset} rank {self._rank + 1})"
        return f"({kind.name.title()})"


class HanabiGame:
    """An environment's game parameters, as HLE's ``env.game`` (a ``pyhanabi.HanabiGame``)
    answers them: counts, token limits, and the move of each uid.

    ```python
    from hanabi_core import rl_env
    game = rl_env.make("Hanabi-Small", num_players=3).game
    assert (game.num_players(), game.num_colors(), game.hand_size()) == (3, 2, 2)
    assert game.num_cards(0, 0) == 3 and game.max_information_tokens() == 3
    move = game.get_move(5)
    assert game.get_move_uid(move) == 5 and game.get_move_uid(move.to_dict()) == 5
    ```
    """

    def __init__(
        self,
        options: Options,
        observation_type: int,
        seed: int = -1,
        moves: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        self._options = options
        self._observation_type = AgentObservationType(observation_type)
        self._seed = seed
        # `moves`: `move_dicts(options)` when the caller has it already (the environment does).
        dicts = move_dicts(options) if moves is None else moves
        self._moves = tuple(HanabiMove.from_dict(move) for move in dicts)
        self._uids = {move: uid for uid, move in enumerate(self._moves)}

    @property
    def options(self) -> Options:
        """The game's [`Options`][hanabi_core.Options]."""
        return self._options

    def num_players(self) -> int:
        """The number of players."""
        return self._options.players

    def num_colors(self) -> int:
        """The number of colours (suits)."""
        return len(self._options.variant.suits)

    def num_ranks(self) -> int:
        """The number of ranks (5)."""
        return len(self._options.variant.ranks)

    def hand_size(self) -> int:
        """Cards in a hand at the deal."""
        return self._options.hand_size

    def max_information_tokens(self) -> int:
        """The Note-token cap (HLE's information tokens)."""
        return self._options.max_notes

    def max_life_tokens(self) -> int:
        """The Storms that end the game (HLE's life tokens)."""
        return self._options.max_storms

    def max_moves(self) -> int:
        """The number of move uids, legal or not."""
        return len(self._moves)

    def max_score(self) -> int:
        """The highest score."""
        return self._options.variant.max_score

    def num_cards(self, color: int, rank: int) -> int:
        """Copies of the card of colour index `color` and 0-based `rank` in the deck (0 for a
        colour or rank the game lacks)."""
        variant = self._options.variant
        if not (0 <= color < len(HLE_COLOURS) and 0 <= rank < len(variant.ranks)):
            return 0
        index = variant.suit_index(HLE_COLOURS[color])
        return 0 if index is None else variant.suits[index].copies[rank]

    def observation_type(self) -> AgentObservationType:
        """What observations show of card knowledge."""
        return self._observation_type

    def parameter_string(self) -> str:
        """The game's parameters, one ``key=value`` a line, as HLE lists them."""
        o = self._options
        values = {
            "random_start_player": "?",
            "seed": self._seed,
            "max_life_tokens": o.max_storms,
            "max_information_tokens": o.max_notes,
            "hand_size": o.hand_size,
            "ranks": self.num_ranks(),
            "colors": self.num_colors(),
            "observation_type": int(self._observation_type),
            "players": o.players,
        }
        return "".join(f"{key}={value}\n" for key, value in values.items() if value != "?")

    def get_move(self, move_uid: int) -> HanabiMove:
        """The move of uid `move_uid` (``0 <= move_uid < max_moves()``).

        Raises:
            InvalidAction: not a uid of this game.
        """
        if isinstance(move_uid, bool) or not isinstance(move_uid, int):
            raise InvalidAction("move_uid", f"must be a whole number, got {brief(move_uid)}")
        if not 0 <= move_uid < len(self._moves):
            raise InvalidAction("move_uid", f"must be 0 to {len(self._moves) - 1}, got {move_uid}")
        return self._moves[move_uid]

    def get_move_uid(self, move: HanabiMove | Mapping[str, Any]) -> int:
        """The uid of `move` (a `HanabiMove` or an HLE move dict); -1 for a move this game does
        not have, as HLE."""
        if not isinstance(move, HanabiMove):
            move = HanabiMove.from_dict(move)
        return self._uids.get(move, -1)


class ObservationEncoder:
    """HLE's ``env.observation_encoder``: the length of the ``vectorized`` observation and the
    bits of an observation (one player's observation dict of this environment's games)."""

    def __init__(self, length: int) -> None:
        self._length = length

    def shape(self) -> list[int]:
        """``[L]``: the length of an encoded observation."""
        return [self._length]

    def encode(self, observation: Mapping[str, Any]) -> list[int]:
        """The observation's bits (its ``vectorized`` entry).

        Raises:
            InvalidOptions: not an observation dict of an environment.
        """
        bits = observation.get("vectorized") if isinstance(observation, Mapping) else None
        if bits is None:
            raise InvalidOptions(
                "observation", f"must be one player's observation dict, got {brief(observation)}"
            )
        return list(bits)
