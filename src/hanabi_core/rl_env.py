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

import operator
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from . import hle
from .actions import ColourClue, RankClue
from .cards import Card
from .errors import IllegalAction, InvalidAction, InvalidDeck, InvalidOptions, _brief
from .hle.config import _COLOUR_OF_NAME, _int_option
from .hle.encoding import _layout
from .hle.knowledge import (
    _COLOUR_FIELD,
    _HINTED_COLOUR_SHIFT,
    _HINTED_RANK_SHIFT,
    _RANK_FIELD,
    _RANK_SHIFT,
    Knowledge,
    _fresh,
    _initial_knowledge,
    _seer,
)
from .hle.moves import _uid_table
from .rules import apply, check, new_game
from .spec import Rule
from .state import Entry, GameState, Turn
from .views import view

__all__ = ["PRESETS", "HanabiEnv", "PlayerObservation", "make"]

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
    preset = PRESETS.get(environment_name)
    if preset is None:
        raise InvalidOptions(
            "environment_name",
            f"unknown environment {_brief(environment_name)}; one of {list(PRESETS)}",
        )
    return HanabiEnv({**preset, "players": num_players})


class _Snapshot:
    """One position as the environment shows it: the state, HLE's card knowledge, and the parts
    of the canonical vector, each built once on first use and shared with the next snapshot when
    the turn did not change it. Never changed after it is built (its caches only fill in).

    A seat's vector is a handful of list extensions of these parts: its section 1 (the other
    hands and the short hands), sections 2 and 3 (shared by every seat), its section 4, and
    each player's section 5, so that a step copies pointers rather than computing bits.
    """

    __slots__ = (
        "board",
        "clue_keys",
        "discards",
        "entry",
        "env",
        "fireworks",
        "hand_parts",
        "hands_sections",
        "knowledge",
        "knowledge_parts",
        "last_key",
        "lasts",
        "legal",
        "score",
        "state",
    )

    def __init__(  # noqa: PLR0917  (built once a step: keywords would cost a dict)
        self,
        env: HanabiEnv,
        state: GameState,
        knowledge: Knowledge | None,
        previous: _Snapshot | None,
        entry: Entry | None = None,
        last_key: int = 0,
    ) -> None:
        self.env = env
        self.last_key = last_key  # the key of section 4 in env._lasts (see `step`)
        self.state = state
        self.entry = entry  # the turn that led here from `previous` (state.log.entry)
        self.knowledge = knowledge
        self.legal: tuple[int, ...] | None = None
        self.board: list[int] | None = None
        self.lasts: list[list[int]] | None = None
        if previous is None:
            self.score = state.score  # the reward of the next step is measured from it
            players = env.players
            self.hand_parts: list[list[int] | None] = [None] * players
            self.clue_keys = [-1] * players
            self.hands_sections: list[list[int] | None] = [None] * players
            self.knowledge_parts: list[list[int] | None] = [None] * players
            self.discards: list[int] | None = None
            self.fireworks: list[int] | None = None
            return
        # Carry over what the turn did not touch: a clue changes the target's knowledge; a play
        # or a discard the actor's hand and knowledge, a discard or misplay the pile, a play the
        # fireworks, and a play or discard with no card to draw the hand sizes (rule 6.5).
        assert entry is not None, "a snapshot after a turn is built with that turn"
        player, action, _, card, _, _, drawn = entry
        previous_state = previous.state
        # The score changes only with the fireworks or at the end (rules 8.1 to 8.4).
        if state.built is previous_state.built and state.outcome is None:
            self.score = previous.score
        else:
            self.score = state.score
        self.knowledge_parts = knowledge_parts = previous.knowledge_parts.copy()
        self.discards = previous.discards
        if card is None:  # a clue
            self.hand_parts = previous.hand_parts
            self.clue_keys = previous.clue_keys
            self.hands_sections = previous.hands_sections
            self.fireworks = previous.fireworks
            knowledge_parts[action.target] = None  # type: ignore[union-attr]
            return
        self.hand_parts = hand_parts = previous.hand_parts.copy()
        hand_parts[player] = None
        self.clue_keys = clue_keys = previous.clue_keys.copy()
        clue_keys[player] = -1
        knowledge_parts[player] = None
        # The actor's own section 1 shows only the others' hands: it stands while no hand is
        # left short of a card.
        sections: list[list[int] | None] = [None] * env.players
        if drawn is not None:
            sections[player] = previous.hands_sections[player]
        self.hands_sections = sections
        self.fireworks = previous.fireworks if state.built is previous_state.built else None
        if state.discards is not previous_state.discards:
            before = self.discards
            if before is not None:
                self.discards = env._layout.discards_after(before, card)

    def legal_uids(self) -> tuple[int, ...]:
        legal = self.legal
        if legal is None:
            legal = self.legal = self.env._uid_table.legal(self.state, self.clue_keys)
        return legal

    def _hands_section(self, seat: int) -> list[int]:
        """Section 1 for `seat`: the other hands, then which hands are short, from `seat` on."""
        layout = self.env._layout
        hands = self.state.hands
        hand_parts = self.hand_parts
        bits: list[int] = []
        for other in self.env._others[seat]:
            part = hand_parts[other]
            if part is None:
                part = hand_parts[other] = layout.hand(hands[other])
            bits += part
        if self.state.deck_size:  # rule 6.5: every hand is full while the deck lasts
            bits += layout.no_target
        else:
            size = layout.hand_size
            bits += [1 if len(hands[other]) < size else 0 for other in self.env._ring[seat]]
        self.hands_sections[seat] = bits
        return bits

    def _board(self) -> list[int]:
        """Sections 2 and 3, the same for every seat."""
        layout = self.env._layout
        state = self.state
        fireworks = self.fireworks
        if fireworks is None:
            fireworks = self.fireworks = layout.fireworks(state.built)
        discards = self.discards
        if discards is None:
            discards = self.discards = layout.discards(state.discards)
        board = self.board = [
            *layout.deck_thermo[state.deck_size],
            *fireworks,
            *layout.note_thermo[state.notes],
            *layout.life_thermo[layout.max_storms - state.storms],
            *discards,
        ]
        return board

    def _lasts(self) -> list[list[int]]:
        """Section 4 for every seat."""
        layout = self.env._layout
        entry = self.entry
        if entry is None:
            return layout.no_lasts
        cache = self.env._lasts
        lasts = cache.get(self.last_key)
        if lasts is None:
            turn = Turn(self.state.turn - 1, *entry)
            head = layout.last_action_head(self.state.hands, turn)
            lasts = cache[self.last_key] = [
                layout.last_action(seat, head) for seat in range(layout.players)
            ]
        return lasts

    def vector(self, seat: int) -> list[int]:
        # Parts are shared lists (never changed); joining lists copies pointers.
        hands = self.hands_sections[seat]
        if hands is None:
            hands = self._hands_section(seat)
        board = self.board
        if board is None:
            board = self._board()
        lasts = self.lasts
        if lasts is None:
            lasts = self.lasts = self._lasts()
        bits = [*hands, *board, *lasts[seat]]
        knowledge = self.knowledge
        if knowledge is not None:
            knowledge_parts = self.knowledge_parts
            for other in self.env._ring[seat]:
                part = knowledge_parts[other]
                if part is None:
                    part = knowledge_parts[other] = self.env._layout.knowledge(knowledge[other])
                bits += part
        return bits


class PlayerObservation(Mapping[str, Any]):
    """One player's observation, as HLE's ``rl_env`` gives it, built entry by entry when read.

    It is a read-only mapping with HLE's keys (``current_player``, ``current_player_offset``,
    ``life_tokens``, ``information_tokens``, ``num_players``, ``deck_size``, ``fireworks``,
    ``legal_moves``, ``legal_moves_as_int``, ``observed_hands``, ``discard_pile``,
    ``card_knowledge``, ``vectorized``, ``pyhanabi``), equal to the dict HLE would give; the
    values are fresh lists and dicts, yours to change. ``dict(observation)`` makes a plain dict.
    Players are relative to the observer (0 is the observer) except ``current_player``.
    """

    __slots__ = ("_seat", "_snapshot", "_values")

    def __init__(self, snapshot: _Snapshot, seat: int) -> None:
        self._snapshot = snapshot
        self._seat = seat  # hanabi_core's seat (HLE's player, less the start player)
        self._values: dict[str, Any] = {}

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
        env = self._snapshot.env
        return f"PlayerObservation(player={(self._seat + env._start) % env.players})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickles (and copies) as the plain dict HLE would have given, not as the environment.
        return (dict, (dict(self),))

    # The entries, one function each.

    def _current_player(self) -> int:
        env = self._snapshot.env
        return (self._snapshot.state.current_player + env._start) % env.players

    def _current_player_offset(self) -> int:
        return (self._snapshot.state.current_player - self._seat) % self._snapshot.env.players

    def _life_tokens(self) -> int:
        state = self._snapshot.state
        return state.options.max_storms - state.storms

    def _information_tokens(self) -> int:
        return self._snapshot.state.notes

    def _num_players(self) -> int:
        return self._snapshot.env.players

    def _deck_size(self) -> int:
        return self._snapshot.state.deck_size

    def _fireworks(self) -> dict[str, int]:
        built = self._snapshot.state.built
        layout = self._snapshot.env._layout
        return {hle.COLOUR_CHARS[layout.colour_of_suit[s]]: built[s] for s in layout.suit_order}

    def _legal(self) -> tuple[int, ...]:
        snapshot = self._snapshot
        if snapshot.state.current_player != self._seat:
            return ()
        return snapshot.legal_uids()

    def _legal_moves(self) -> list[dict[str, Any]]:
        dicts = self._snapshot.env._move_dicts
        return [dict(dicts[uid]) for uid in self._legal()]

    def _legal_moves_as_int(self) -> list[int]:
        return list(self._legal())

    def _observed_hands(self) -> list[list[dict[str, Any]]]:
        snapshot = self._snapshot
        hands = snapshot.state.hands
        players = snapshot.env.players
        seer = snapshot.env._observation_type == hle.SEER
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
        players = snapshot.env.players
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
                colour = k >> _HINTED_COLOUR_SHIFT & 7
                rank = k >> _HINTED_RANK_SHIFT & 7
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

_UNSET = object()  # an entry not yet built (None is a value: a card knowledge's colour)

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
                "deck", f"card {i} must be a Card or a string such as 'R1', got {_brief(card)}"
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
            raise InvalidAction(name, f"must be a colour letter such as 'R', got {_brief(value)}")
        return value
    if isinstance(value, bool):
        raise InvalidAction(name, f"must be a whole number, got {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidAction(name, f"must be a whole number, got {_brief(value)}") from None
    if not -(2**63) <= number < 2**63:
        raise InvalidAction(name, "must be a whole number within 64 bits")
    return number


class HanabiEnv:
    """HLE's ``rl_env.HanabiEnv`` over hanabi_core.

    Args:
        config: HLE's keys: ``players`` (2–5), ``colors`` (1–5), ``ranks`` (5 only),
            ``hand_size``, ``max_information_tokens``, ``max_life_tokens``, ``observation_type``
            (0 minimal, 1 card knowledge, 2 seer), ``seed`` (−1, the default, draws one from the
            operating system), ``random_start_player``. Values may be strings, as in HLE.

    Attributes:
        players: the number of players.
        options: the game's [`Options`][hanabi_core.Options].

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
                "random_start_player", f"must be True or False, got {_brief(start)}"
            )
        self._random_start = bool(start)
        self._layout = _layout(self.options, self._observation_type)
        self._uid_table = _uid_table(self.options)
        players = self.players
        # _ring[seat]: every seat from `seat` on, in turn order; _others[seat]: the same less seat.
        self._ring = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        self._others = [ring[1:] for ring in self._ring]
        self._fresh = _fresh(len(self.options.variant.suits))
        self._seer = self._observation_type == hle.SEER  # every card known from the deal
        self._start = 0
        self._seats = self._ring[0]  # HLE's players in order, as hanabi_core's seats
        self._snapshot: _Snapshot | None = None
        self._uids = hle.max_moves(self.options)
        probe = new_game(self.options, seed=0)
        self._move_dicts = [hle.move_to_dict(probe, uid) for uid in range(self._uids)]
        self._actions = self._uid_table.actions
        # What a clue uid does to the knowledge of a card it touches (keep `field`, add `value`)
        # and of one it misses (keep `negative`): HLE's ApplyIsColorHint / ApplyIsRankHint.
        self._clue_fields: dict[int, tuple[int, int, int]] = {}
        for uid in range(2 * self.options.hand_size, self._uids):
            clue = self._actions[0][uid]
            if isinstance(clue, ColourClue):
                bit = 1 << _COLOUR_OF_NAME[clue.colour]
                value = bit | (_COLOUR_OF_NAME[clue.colour] + 1) << _HINTED_COLOUR_SHIFT
                field = _COLOUR_FIELD
            else:
                assert isinstance(clue, RankClue)
                bit = 1 << (clue.rank - 1 + _RANK_SHIFT)
                value = bit | clue.rank << _HINTED_RANK_SHIFT
                field = _RANK_FIELD
            self._clue_fields[uid] = (~field, value, ~bit)
        # _faces[suit index][rank]: HLE's index of the face (colour x R + rank index).
        layout = self._layout
        self._faces = [
            [layout.colour_of_suit[suit] * layout.ranks + rank - 1 for rank in range(6)]
            for suit in range(layout.colours)
        ]
        # Section 4 for every seat, by the key `step` computes (bounded: a few thousand keys). The
        # key means the same in every game of these options, so the table is the layout's,
        # shared by every environment of the same game and observation type.
        self._lasts = layout.lasts_cache
        self._no_discards = layout.discards(())
        self._fresh_parts = [
            layout.knowledge((self._fresh,) * size) for size in range(self.options.hand_size + 1)
        ]

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
        return self._uids

    def vectorized_observation_shape(self) -> list[int]:
        """``[L]``, the length of the ``vectorized`` observation."""
        return [self._layout.length]

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
        if start_player is not None and (
            isinstance(start_player, bool) or start_player not in range(players)
        ):
            raise InvalidOptions(
                "start_player", f"must be 0 to {players - 1}, got {_brief(start_player)}"
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
        knowledge = None
        if self._observation_type == hle.CARD_KNOWLEDGE:
            fresh = (self._fresh,)  # nothing is known of a fresh deal
            knowledge = tuple([fresh * len(hand) for hand in state.hands])
        elif self._observation_type == hle.SEER:
            knowledge = _initial_knowledge(state, True)
        self._start = start
        self._seats = self._ring[-start % players]
        self._snapshot = snapshot = _Snapshot(self, state, knowledge, None)
        # The parts every deal starts with: an empty discard section, and (card knowledge) the
        # knowledge section of hands nothing is known of.
        snapshot.discards = self._no_discards
        if self._observation_type == hle.CARD_KNOWLEDGE:
            snapshot.knowledge_parts = [self._fresh_parts[len(hand)] for hand in state.hands]
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
            if not 0 <= uid < self._uids:
                raise self._refuse(state, action, f"the move uids are 0 to {self._uids - 1}")
        if state.outcome is None and uid in snapshot.legal_uids():
            return uid
        error = check(state, self._actions[state.current_player][uid])
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
        for uid, known in enumerate(self._move_dicts):
            if known == move:
                return uid
        raise self._refuse(
            state, action, "it names no slot, seat offset, colour or rank of this game"
        )

    @staticmethod
    def _refuse(state: GameState, action: object, why: str) -> IllegalAction:
        return IllegalAction(
            Rule.KNOWN_ACTIONS_ONLY, f"Cannot take move {_brief(action)}: {why}", action=action,
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
        actor = state.current_player
        after = apply(state, self._actions[actor][uid])
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
                field, value, negative = self._clue_fields[uid]
                mine = knowledge[target]
                held_knowledge = tuple(
                    [
                        k & field | value if mask >> slot & 1 else k & negative
                        for slot, k in enumerate(mine)
                    ]
                )
                knowledge = (*knowledge[:target], held_knowledge, *knowledge[target + 1 :])
        else:
            face = self._faces[card.suit_index][card.rank]
            fate = 2 * (not misplay) + note_gained
            last_key = (((uid * self.players + actor) * self._layout.cr + face) << 2 | fate) << 1
            if knowledge is not None:
                # Rule 6.5: the card leaves its slot; the one drawn is the newest (HLE's
                # knowledge of it is fresh, or the card itself for the seer type).
                slot = move.slot  # type: ignore[union-attr]
                mine = knowledge[actor]
                held_knowledge = mine[:slot] + mine[slot + 1 :]
                if drawn is not None:
                    held_knowledge += (_seer(drawn) if self._seer else self._fresh,)
                knowledge = (*knowledge[:actor], held_knowledge, *knowledge[actor + 1 :])
        self._snapshot = new = _Snapshot(self, after, knowledge, snapshot, entry, last_key)
        observations = {
            "player_observations": [PlayerObservation(new, seat) for seat in self._seats],
            "current_player": (after.current_player + self._start) % self.players,
        }
        return observations, new.score - snapshot.score, after.outcome is not None, {}
