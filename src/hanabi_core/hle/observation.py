"""One player's observation in [`rl_env`][hanabi_core.rl_env]: a read-only mapping with HLE's keys,
each entry built from the position's snapshot the first time it is read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .. import hle
from ..views import view
from .knowledge import HINTED_COLOUR_SHIFT, HINTED_RANK_SHIFT
from .snapshot import _Snapshot
from .text import hle_text

__all__ = ["PlayerObservation"]


class PlayerObservation(Mapping[str, Any]):
    """One player's observation, as HLE's ``rl_env`` gives it, built entry by entry when read.

    It is a read-only mapping with HLE's keys (``current_player``, ``current_player_offset``,
    ``life_tokens``, ``information_tokens``, ``num_players``, ``deck_size``, ``fireworks``,
    ``legal_moves``, ``legal_moves_as_int``, ``observed_hands``, ``discard_pile``,
    ``card_knowledge``, ``vectorized``, ``pyhanabi``), equal to the dict HLE would give; the
    values are fresh lists and dicts, yours to change. ``dict(observation)`` makes a plain dict.
    Players are relative to the observer (0 is the observer) except ``current_player``.
    """

    __slots__ = ("_values",)

    def __init__(self, snapshot: _Snapshot, seat: int) -> None:
        # The snapshot holds the whole game (every hand, the deck): it is kept out of the
        # observation's reach, in `_POSITIONS` by the observation's identity, so that an agent
        # handed its observation reaches no more than HLE's dict would (neither by attribute nor
        # through `gc.get_referents`), and cannot point it at another seat (issue 25, H4).
        _POSITIONS[id(self)] = (snapshot, seat)
        self._values: dict[str, Any] = {}

    def __del__(self) -> None:
        _POSITIONS.pop(id(self), None)

    @property
    def _snapshot(self) -> _Snapshot:
        return _POSITIONS[id(self)][0]

    @property
    def _seat(self) -> int:
        """hanabi_core's seat (HLE's player, less the start player)."""
        return _POSITIONS[id(self)][1]

    def __getitem__(self, key: str) -> Any:
        values = self._values
        value = values.get(key, _UNSET)
        if value is _UNSET:
            getter = _GETTERS.get(key)
            if getter is None:
                raise KeyError(key)
            value = values[key] = getter(self)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)

    def __contains__(self, key: object) -> bool:
        return key in _GETTERS

    def __repr__(self) -> str:
        snapshot = self._snapshot
        player = (self._seat + snapshot.start) % snapshot.config.players
        return f"PlayerObservation(player={player})"

    def __str__(self) -> str:
        """The observation as HLE prints it (`hanabi_core.hle.hle_text`)."""
        snapshot = self._snapshot
        packed = snapshot.knowledge  # None for HLE's MINIMAL type, which hides every clue
        players = snapshot.config.players
        return hle_text(
            self,
            knowledge=None
            if packed is None
            else [packed[(self._seat + offset) % players] for offset in range(players)],
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickles (and copies) as the plain dict HLE would have given, not as the environment.
        return (dict, (dict(self),))

    # The entries, one function each.

    def _current_player(self) -> int:
        snapshot = self._snapshot
        return (snapshot.state.current_player + snapshot.start) % snapshot.config.players

    def _current_player_offset(self) -> int:
        return (self._snapshot.state.current_player - self._seat) % self._snapshot.config.players

    def _life_tokens(self) -> int:
        state = self._snapshot.state
        return state.options.max_storms - state.storms

    def _information_tokens(self) -> int:
        return self._snapshot.state.notes

    def _num_players(self) -> int:
        return self._snapshot.config.players

    def _deck_size(self) -> int:
        return self._snapshot.state.deck_size

    def _fireworks(self) -> dict[str, int]:
        built = self._snapshot.state.built
        layout = self._snapshot.config.layout
        return {hle.COLOUR_CHARS[layout.colour_of_suit[s]]: built[s] for s in layout.suit_order}

    def _legal(self) -> tuple[int, ...]:
        snapshot = self._snapshot
        if snapshot.state.current_player != self._seat:
            return ()
        return snapshot.legal_uids()

    def _legal_moves(self) -> list[dict[str, Any]]:
        dicts = self._snapshot.config.move_dicts
        return [dict(dicts[uid]) for uid in self._legal()]

    def _legal_moves_as_int(self) -> list[int]:
        return list(self._legal())

    def _observed_hands(self) -> list[list[dict[str, Any]]]:
        snapshot = self._snapshot
        hands = snapshot.state.hands
        players = snapshot.config.players
        seer = snapshot.config.seer
        seen = []
        for offset in range(players):
            hand = hands[(self._seat + offset) % players]
            if offset == 0 and not seer:
                seen.append([hle.card_to_dict(None) for _ in hand])
            else:
                seen.append([hle.card_to_dict(card) for card in hand])
        return seen

    def _discard_pile(self) -> list[dict[str, Any]]:
        return [hle.card_to_dict(card) for card in self._snapshot.state.discards]

    def _card_knowledge(self) -> list[list[dict[str, Any]]]:
        snapshot = self._snapshot
        players = snapshot.config.players
        knowledge = snapshot.knowledge
        hands = snapshot.state.hands
        result: list[list[dict[str, Any]]] = []
        for offset in range(players):
            p = (self._seat + offset) % players
            if knowledge is None:  # MINIMAL: HLE hides every clue
                result.append([{"color": None, "rank": None} for _ in hands[p]])
                continue
            cards: list[dict[str, Any]] = []
            for k in knowledge[p]:
                colour = k >> HINTED_COLOUR_SHIFT & 7
                rank = k >> HINTED_RANK_SHIFT & 7
                cards.append(
                    {
                        "color": hle.COLOUR_CHARS[colour - 1] if colour else None,
                        "rank": rank - 1 if rank else None,
                    }
                )
            result.append(cards)
        return result

    def _vectorized(self) -> list[int]:
        return self._snapshot.vector(self._seat)

    def _pyhanabi(self) -> Any:
        return view(self._snapshot.state, self._seat)


_GETTERS = {
    "current_player": PlayerObservation._current_player,
    "current_player_offset": PlayerObservation._current_player_offset,
    "life_tokens": PlayerObservation._life_tokens,
    "information_tokens": PlayerObservation._information_tokens,
    "num_players": PlayerObservation._num_players,
    "deck_size": PlayerObservation._deck_size,
    "fireworks": PlayerObservation._fireworks,
    "legal_moves": PlayerObservation._legal_moves,
    "legal_moves_as_int": PlayerObservation._legal_moves_as_int,
    "observed_hands": PlayerObservation._observed_hands,
    "discard_pile": PlayerObservation._discard_pile,
    "card_knowledge": PlayerObservation._card_knowledge,
    "vectorized": PlayerObservation._vectorized,
    "pyhanabi": PlayerObservation._pyhanabi,
}

#: HLE's observation keys, in HLE's order (a `PlayerObservation` iterates them).
_KEYS = tuple(_GETTERS)

#: Each live observation's position and seat, by the observation's `id` (removed when it goes):
#: what it is built from, out of its reach (see `PlayerObservation.__init__`).
_POSITIONS: dict[int, tuple[_Snapshot, int]] = {}

_UNSET = object()  # an entry not yet built (None is a value: a card knowledge's colour)
