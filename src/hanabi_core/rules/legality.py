"""The legality core under `rules`: the legal actions from the mover's facts (rules 4.1 to
4.7, 5.2, 9.13, 9.17, 9.25, 9.26, 10.2), what a clue touches (4.4 to 4.7), and why an action is
refused, in rule-number order.

Nothing here builds a state. `rules` imports these helpers into its own namespace, so
`legal_actions`, `check` and `apply` call them directly (no extra indirection on the hot path).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import RANKS, DealtCard
from ..errors import IllegalAction, brief
from ..options import Options
from ..spec import Rule
from ..state import GameState, Log
from .tables import filter_bits, note_cap, option_tables, variant_tables


def _legal_actions(  # noqa: PLR0917  (positional on the hot path: keywords cost a dict per call)
    options: Options,
    mover: int,
    hand_size: int,
    hands: Sequence[Sequence[DealtCard] | None],
    notes: int,
    newest_first: Iterable[Action],
) -> tuple[Action, ...]:
    """`legal_actions_from` on arguments known to be good (the game's own, or checked)."""
    tables = option_tables(options)
    # Rules 5.1 and 6.1: a play of any slot; rule 5.2: a discard too, unless every Note is
    # available (the cap in half Notes in Clue Starved, rule 9.25; at it all the same, rule 9.13).
    if notes < tables.note_cap or tables.discard_at_cap:
        actions: list[Action] = list(tables.slot_moves[hand_size])
    else:
        actions = list(tables.plays[hand_size])
    if notes >= tables.clue_cost:  # rules 4.1 and 9.25
        if options.negative_clues:  # rule 10.2: every clue, touching or not
            for target in tables.others[mover]:  # rule 4.2: another seat, in turn order
                actions += tables.all_clues[target]
        else:
            colour_clues = tables.colour_clues
            rank_clues = tables.rank_clues
            for target in tables.others[mover]:  # rule 4.2: another seat, in turn order
                # Rules 4.5 to 4.7 and 9.27: what a clue touches, from each card's clue bits.
                colours = ranks = 0
                for card in hands[target]:  # type: ignore[union-attr]  # only the mover's is None
                    colours |= card.colour_bits
                    ranks |= card.rank_bits
                if colour_clues is not None:
                    actions += colour_clues[target][colours]
                else:  # more colours than the tables cover (rule 9.17: blind clues are legal)
                    blind = options.variant.colour_clues_touch_nothing
                    actions += filter_bits(tables.colour_actions[target], -1 if blind else colours)
                actions += rank_clues[target][ranks]  # rule 4.3: the variant's ranks (9.17, 9.18)
        if tables.alternating:
            # Rule 9.26: no clue of the type of the game's latest clue.
            last = last_clue(newest_first)
            if last is not None:
                return tuple(a for a in actions if type(a) is not last)
    return tuple(actions)


def last_clue(newest_first: Iterable[Action]) -> type[ColourClue] | type[RankClue] | None:
    """The type of the game's latest clue, or `None` before the first (rule 9.26)."""
    return next((type(a) for a in newest_first if isinstance(a, (ColourClue, RankClue))), None)


def _logged_actions(log: Log | None) -> Iterator[Action]:
    """The actions of a state's log, the latest first (lazily: rule 9.26 reads only a few)."""
    while log is not None:
        yield log.entry[1]
        log = log.previous


def _check_card_action(state: GameState, action: Play | Discard) -> IllegalAction | None:
    hand = state.hands[state.current_player]
    slot = action.slot
    discard = isinstance(action, Discard)
    if not 0 <= slot < len(hand):
        # Rules 5.1 and 6.1: the card must be one of your own.
        rule = Rule.DISCARD_FROM_OWN_HAND if discard else Rule.PLAY_FROM_OWN_HAND
        holding = "your hand is empty" if not hand else f"your hand has slots 0 to {len(hand) - 1}"
        verb = "discard" if discard else "play"
        return _refuse(state, action, rule, f"Cannot {verb} slot {slot}: {holding}")
    options = state.options
    if discard and state.notes >= note_cap(options) and not options.variant.discards_at_note_cap:
        # Rule 5.2: a discard earns a Note back, so it needs a spent one (not so with an inverted
        # suit, rule 9.13).
        return _refuse(
            state,
            action,
            Rule.DISCARD_NEEDS_A_SPENT_NOTE,
            f"Cannot discard: all {options.max_notes} Notes are available",
        )
    return None


def _check_clue(state: GameState, action: ColourClue | RankClue) -> IllegalAction | None:
    options = state.options
    target = action.target
    if state.notes < options.variant.note_units:
        # Rule 4.1: a clue costs a Note (two half Notes in Clue Starved, rule 9.25).
        return _refuse(
            state,
            action,
            Rule.CLUE_COSTS_A_NOTE,
            "Cannot give a clue: "
            + ("only half a Note is" if state.notes else "no Note tokens are")
            + " available (discard or play instead)",
        )
    if target == state.current_player:
        # Rule 4.2: never to yourself.
        return _refuse(
            state,
            action,
            Rule.CLUE_TARGETS_ANOTHER_PLAYER,
            f"Cannot give a clue to yourself (seat {target}): a clue goes to another player",
        )
    if not 0 <= target < options.players:
        return _refuse(
            state,
            action,
            Rule.CLUE_TARGETS_ANOTHER_PLAYER,
            f"Cannot give a clue to seat {target}: the seats are 0 to {options.players - 1}",
        )
    touched = _touched(state, action)
    if touched is None:
        # Rule 4.3: only the variant's clue colours and the ranks 1 to 5 may be named.
        if isinstance(action, ColourClue):
            return _refuse(
                state,
                action,
                Rule.CLUE_NAMES_ONE_VALUE,
                f"Cannot clue {brief(action.colour)}: in the {options.variant.name} variant a "
                f"clue may name {', '.join(options.variant.clue_colours)}",
            )
        ranks = options.variant.clue_ranks
        if ranks == RANKS:
            named = "a clue may name a rank from 1 to 5"
        else:  # rules 9.18, 9.19, and the special ranks of 9.15
            named = f"in the {options.variant.name} variant a clue may name " + (
                f"a rank of {', '.join(map(str, ranks))}" if ranks else "no rank"
            )
        return _refuse(
            state, action, Rule.CLUE_NAMES_ONE_VALUE, f"Cannot clue {action.rank}s: {named}"
        )
    if not touched and not _may_touch_nothing(options, action):
        # Rule 4.5: a clue points at cards; "you have no blue" needs the negative-clue option
        # (or a variant whose clues of this type touch nothing, rule 9.17).
        return _refuse(
            state,
            action,
            Rule.CLUE_MUST_TOUCH,
            f"Cannot {action}: it touches none of seat {target}'s cards, and this game does not "
            "allow clues that touch nothing",
        )
    if options.variant.alternating_clues and _last_clue_type(state) is type(action):
        # Rule 9.26: clue types alternate.
        kind = "colour" if isinstance(action, ColourClue) else "rank"
        return _refuse(
            state,
            action,
            Rule.ALTERNATING_CLUES,
            f"Cannot {action}: in the {options.variant.name} variant a {kind} clue cannot follow "
            f"a {kind} clue",
        )
    return None


def _may_touch_nothing(options: Options, action: ColourClue | RankClue) -> bool:
    """Whether a clue that touches no card is legal: the negative-clue option (rule 10.2), or a
    variant whose clues of this type touch nothing (rule 9.17)."""
    variant = options.variant
    if isinstance(action, ColourClue):
        return options.negative_clues or variant.colour_clues_touch_nothing
    return options.negative_clues or variant.rank_clues_touch_nothing


def _last_clue_type(state: GameState) -> type[ColourClue] | type[RankClue] | None:
    """The type of the last clue given in the game, or `None` before the first (rule 9.26)."""
    return last_clue(_logged_actions(state.log))


def _verb(action: object) -> str:
    return str(action) if isinstance(action, (Play, Discard, ColourClue, RankClue)) else "act"


def _refuse(state: GameState, action: object, rule: Rule, reason: str) -> IllegalAction:
    return IllegalAction(rule, reason, action=action, state=state)


def _touched(state: GameState, action: ColourClue | RankClue) -> tuple[int, ...] | None:
    """The orders of the cards the clue touches (rule 4.4: all of them), or `None` if the clue
    names what cannot be named (rule 4.3)."""
    hand = state.hands[action.target]
    if isinstance(action, ColourClue):
        index = variant_tables(state.options.variant).colour_index.get(action.colour)
        if index is None:
            return None
        # Rule 4.6 (and 9.27), through each card's precomputed colour bits.
        bit = 1 << index
        return tuple(card.order for card in hand if card.colour_bits & bit)
    rank = action.rank
    if rank not in RANKS:
        return None
    # Rule 4.7 (and 9.27), through each card's precomputed rank bits, set for clue ranks only.
    bit = 1 << rank
    touched = tuple(card.order for card in hand if card.rank_bits & bit)
    if not touched and rank not in variant_tables(state.options.variant).clue_ranks:
        return None  # rule 4.3: a rank this variant's clues cannot name (rule 9.18)
    return touched
