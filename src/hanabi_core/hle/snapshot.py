"""The positions behind [`rl_env`][hanabi_core.rl_env] (private): what one environment's games
share, and one position as HLE's observations show it.

A `_Snapshot` holds a position and nothing of the environment that made it but the `_Config`
every game of that environment shares, which never changes: an observation keeps its snapshot, so
it reads the same values however many steps and resets (new games, other start players) the
environment takes before the observation is read.
"""

from __future__ import annotations

from ..actions import ColourClue, RankClue
from ..options import Options
from ..state import Entry, GameState, Turn
from .config import CARD_KNOWLEDGE, SEER
from .encoding import _layout
from .knowledge import Knowledge, clue_fields, fresh_knowledge
from .moves import _uid_table, max_moves, move_dicts


class _Config:
    """What every position of one environment's games shares, built from its options and
    observation type and never changed afterwards (its caches only fill in): the encoder's layout,
    the uid table, the seats in turn order, what each uid does to card knowledge, and the parts
    every deal starts with."""

    __slots__ = (
        "actions",
        "clue_fields",
        "faces",
        "fresh",
        "fresh_parts",
        "lasts",
        "layout",
        "move_dicts",
        "no_discards",
        "observation_type",
        "others",
        "players",
        "ring",
        "seer",
        "uid_table",
        "uids",
    )

    def __init__(self, options: Options, observation_type: int) -> None:
        self.players = players = options.players
        self.observation_type = observation_type
        self.layout = layout = _layout(options, observation_type)
        self.uid_table = _uid_table(options)
        # ring[seat]: every seat from `seat` on, in turn order; others[seat]: the same less seat.
        self.ring = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        self.others = [ring[1:] for ring in self.ring]
        self.fresh = fresh = fresh_knowledge(len(options.variant.suits))
        self.seer = observation_type == SEER  # every card known from the deal
        self.uids = uids = max_moves(options)
        self.move_dicts = move_dicts(options)
        self.actions = self.uid_table.actions
        # What a clue uid does to the knowledge of a card it touches (keep `field`, add `value`)
        # and of one it misses (keep `negative`): HLE's ApplyIsColorHint / ApplyIsRankHint.
        self.clue_fields: dict[int, tuple[int, int, int]] = {}
        for uid in range(2 * options.hand_size, uids):
            clue = self.actions[0][uid]
            assert isinstance(clue, (ColourClue, RankClue))
            self.clue_fields[uid] = clue_fields(clue)
        # faces[suit index][rank]: HLE's index of the face (colour x R + rank index).
        self.faces = [
            [layout.colour_of_suit[suit] * layout.ranks + rank - 1 for rank in range(6)]
            for suit in range(layout.colours)
        ]
        # Section 4 for every seat, by the key `HanabiEnv.step` computes (bounded: a few thousand
        # keys). The key means the same in every game of these options, so the table is the
        # layout's, shared by every environment of the same game and observation type.
        self.lasts = layout.lasts_cache
        # The parts every deal starts with: an empty discard section, and the knowledge section
        # of hands nothing is known of (by hand size).
        self.no_discards = layout.discards(())
        self.fresh_parts = [layout.knowledge((fresh,) * n) for n in range(options.hand_size + 1)]


class _Snapshot:
    """One position as the environment shows it: the state, HLE's card knowledge, the start
    player, and the parts
    of the canonical vector, each built once on first use and shared with the next snapshot when
    the turn did not change it. Never changed after it is built (its caches only fill in).

    A seat's vector is a handful of list extensions of these parts: its section 1 (the other
    hands and the short hands), sections 2 and 3 (shared by every seat), its section 4, and
    each player's section 5, so that a step copies pointers rather than computing bits.
    """

    __slots__ = (
        "board",
        "clue_keys",
        "config",
        "discards",
        "entry",
        "fireworks",
        "hand_parts",
        "hands_sections",
        "knowledge",
        "knowledge_parts",
        "last_key",
        "lasts",
        "legal",
        "score",
        "start",
        "state",
    )

    def __init__(  # noqa: PLR0917  (built once a step: keywords would cost a dict)
        self,
        config: _Config,
        state: GameState,
        knowledge: Knowledge | None,
        previous: _Snapshot | None,
        entry: Entry | None = None,
        last_key: int = 0,
        start: int = 0,
    ) -> None:
        self.config = config
        self.last_key = last_key  # the key of section 4 in config.lasts (see `HanabiEnv.step`)
        self.state = state
        self.entry = entry  # the turn that led here from `previous` (state.log.entry)
        self.knowledge = knowledge
        self.legal: tuple[int, ...] | None = None
        self.board: list[int] | None = None
        self.lasts: list[list[int]] | None = None
        if previous is None:
            self.start = start  # HLE's player at hanabi_core's seat 0, for the game's whole length
            self.score = state.score  # the reward of the next step is measured from it
            players = config.players
            self.hand_parts: list[list[int] | None] = [None] * players
            self.clue_keys = [-1] * players
            self.hands_sections: list[list[int] | None] = [None] * players
            self.fireworks: list[int] | None = None
            # The parts every deal starts with: an empty discard section and, for the card
            # knowledge type, the knowledge of hands nothing is known of.
            self.discards: list[int] | None = config.no_discards
            self.knowledge_parts: list[list[int] | None] = (
                [config.fresh_parts[len(hand)] for hand in state.hands]
                if config.observation_type == CARD_KNOWLEDGE
                else [None] * players
            )
            return
        # Carry over what the turn did not touch: a clue changes the target's knowledge; a play
        # or a discard the actor's hand and knowledge, a discard or misplay the pile, a play the
        # fireworks, and a play or discard with no card to draw the hand sizes (rule 6.5).
        assert entry is not None, "a snapshot after a turn is built with that turn"
        self.start = previous.start
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
        sections: list[list[int] | None] = [None] * config.players
        if drawn is not None:
            sections[player] = previous.hands_sections[player]
        self.hands_sections = sections
        self.fireworks = previous.fireworks if state.built is previous_state.built else None
        if state.discards is not previous_state.discards:
            before = self.discards
            if before is not None:
                self.discards = config.layout.discards_after(before, card)

    def legal_uids(self) -> tuple[int, ...]:
        legal = self.legal
        if legal is None:
            legal = self.legal = self.config.uid_table.legal(self.state, self.clue_keys)
        return legal

    def _hands_section(self, seat: int) -> list[int]:
        """Section 1 for `seat`: the other hands, then which hands are short, from `seat` on."""
        layout = self.config.layout
        hands = self.state.hands
        hand_parts = self.hand_parts
        bits: list[int] = []
        for other in self.config.others[seat]:
            part = hand_parts[other]
            if part is None:
                part = hand_parts[other] = layout.hand(hands[other])
            bits += part
        if self.state.deck_size:  # rule 6.5: every hand is full while the deck lasts
            bits += layout.no_target
        else:
            size = layout.hand_size
            bits += [1 if len(hands[other]) < size else 0 for other in self.config.ring[seat]]
        self.hands_sections[seat] = bits
        return bits

    def _board(self) -> list[int]:
        """Sections 2 and 3, the same for every seat."""
        layout = self.config.layout
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
        layout = self.config.layout
        entry = self.entry
        if entry is None:
            return layout.no_lasts
        cache = self.config.lasts
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
            for other in self.config.ring[seat]:
                part = knowledge_parts[other]
                if part is None:
                    part = knowledge_parts[other] = self.config.layout.knowledge(knowledge[other])
                bits += part
        return bits
