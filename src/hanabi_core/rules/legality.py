"""The legality core under `rules`: the legal actions from the mover's facts (rules 4.1 to
4.7, 5.2, 9.13, 9.17, 9.25, 9.26, 10.2), what a clue touches (4.4 to 4.7), and why an action is
refused, in rule-number order.

Nothing here builds a state. `rules` imports these helpers into its own namespace, so
`legal_actions`, `check` and `apply` call them directly (no extra indirection on the hot path).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import RANKS, DealtCard
from ..errors import InvalidArgument, InvalidOptions, brief
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


#: Every seat's cards, oldest first, as legality reads them; `None` for a hand not seen.
Hands = Sequence[Sequence[DealtCard] | None]


class Refusal(NamedTuple):
    """Why an action is refused, from facts: `refusal`'s answer, which `check` wraps in an
    [`IllegalAction`][hanabi_core.errors.IllegalAction] with the same rule and sentence."""

    #: The rule the action breaks (the first, in rule-number order).
    rule: Rule
    #: The action's field at fault (`"slot"`, `"target"`, `"colour"` or `"rank"`), or `None`
    #: when the action as a whole is refused (no Note, a clue that touches nothing, ...).
    field: str | None
    #: Why, in plain words (the sentence `check` gives).
    reason: str


#: `refusal`'s answer for a clue to a hand given as unseen (`None`) whose only open question is
#: rule 4.5 (does it touch a card?): the facts cannot tell, the caller settles it elsewhere.
CANNOT_TELL = Refusal(
    Rule.CLUE_MUST_TOUCH, None, "Cannot tell whether the clue touches a card: the hand is unseen"
)


def refusal(  # noqa: PLR0917  (the facts legality reads, one by one, as `legal_actions_from`)
    options: Options,
    mover: int,
    hand_size: int,
    hands: Hands,
    notes: int,
    newest_first: Iterable[Action],
    action: object,
) -> Refusal | None:
    """Why `action` by seat `mover` is refused, from the facts `legal_actions_from` reads, or
    `None` when it is legal: the one statement of the refusals of rules 3.4, 4.1 to 4.5, 5.1,
    5.2, 6.1, 9.13, 9.17, 9.18, 9.25 and 9.26, in rule-number order. Rule 3.3 (after the end) is
    the driver's, which knows whether the game is over.

    A hand given as `None` is unseen: a clue to it that every other rule allows answers
    `CANNOT_TELL`, since whether it touches a card (rule 4.5) is not known; its other checks
    still run.

    Args:
        options: the game's options.
        mover: the seat to move.
        hand_size: how many cards the mover holds (rules 5.1 and 6.1).
        hands: every seat's cards, oldest first, `None` for a hand the driver does not see.
        notes: the Notes available, in units (half Notes in Clue Starved, rule 9.25).
        newest_first: the game's actions so far, the latest first; read only for a clue under
            Alternating Clues (rule 9.26).
        action: what the mover would do.

    ```python
    from hanabi_core import ColourClue, Discard, Options, Rule, new_game
    from hanabi_core.rules.legality import CANNOT_TELL, refusal

    state = new_game(Options(2), seed=1)
    refused = refusal(state.options, 0, 5, state.hands, 8, (), Discard(0))
    assert refused is not None and refused.rule is Rule.DISCARD_NEEDS_A_SPENT_NOTE
    assert refusal(state.options, 0, 5, (None, None), 8, (), ColourClue(1, "red")) is CANNOT_TELL
    ```

    Raises:
        InvalidOptions: `options` is not an `Options`.
        InvalidArgument: a seat, a hand size or a Note count out of range, or `hands` not one
            sequence of `DealtCard` (or `None`) for each seat.
    """
    check_facts(options, mover, hand_size, hands, notes, unseen=True)
    if isinstance(action, (Play, Discard)):
        return _card_refusal(options, hand_size, notes, action)
    if not isinstance(action, (ColourClue, RankClue)):
        # Rule 3.4: a turn is one of the four actions, nothing else (no passing, rule 3.1).
        return Refusal(
            Rule.KNOWN_ACTIONS_ONLY,
            None,
            f"Cannot take {brief(action)} as a turn: "
            "a turn is a Play, Discard, ColourClue or RankClue",
        )
    target = action.target
    variant = options.variant
    if notes < variant.note_units:
        # Rule 4.1: a clue costs a Note (two half Notes in Clue Starved, rule 9.25).
        return Refusal(
            Rule.CLUE_COSTS_A_NOTE,
            None,
            "Cannot give a clue: "
            + ("only half a Note is" if notes else "no Note tokens are")
            + " available (discard or play instead)",
        )
    if target == mover:
        # Rule 4.2: never to yourself.
        return Refusal(
            Rule.CLUE_TARGETS_ANOTHER_PLAYER,
            "target",
            f"Cannot give a clue to yourself (seat {target}): a clue goes to another player",
        )
    if not 0 <= target < options.players:
        return Refusal(
            Rule.CLUE_TARGETS_ANOTHER_PLAYER,
            "target",
            f"Cannot give a clue to seat {target}: the seats are 0 to {options.players - 1}",
        )
    hand = hands[target]
    # An unseen hand: what the clue names is still judged (rule 4.3), from an empty hand.
    touched = _touched(options, () if hand is None else hand, action)
    if touched is None:
        # Rule 4.3: only the variant's clue colours and the ranks 1 to 5 may be named.
        if isinstance(action, ColourClue):
            return Refusal(
                Rule.CLUE_NAMES_ONE_VALUE,
                "colour",
                f"Cannot clue {brief(action.colour)}: in the {variant.name} variant a "
                f"clue may name {', '.join(variant.clue_colours)}",
            )
        ranks = variant.clue_ranks
        if ranks == RANKS:
            named = "a clue may name a rank from 1 to 5"
        else:  # rules 9.18, 9.19, and the special ranks of 9.15
            named = f"in the {variant.name} variant a clue may name " + (
                f"a rank of {', '.join(map(str, ranks))}" if ranks else "no rank"
            )
        return Refusal(Rule.CLUE_NAMES_ONE_VALUE, "rank", f"Cannot clue {action.rank}s: {named}")
    untold = False
    if not touched and not _may_touch_nothing(options, action):
        if hand is None:
            untold = True  # rule 4.5 on cards the driver cannot see
        else:
            # Rule 4.5: a clue points at cards; "you have no blue" needs the negative-clue
            # option (or a variant whose clues of this type touch nothing, rule 9.17).
            return Refusal(
                Rule.CLUE_MUST_TOUCH,
                None,
                f"Cannot {action}: it touches none of seat {target}'s cards, and this game does "
                "not allow clues that touch nothing",
            )
    if variant.alternating_clues and last_clue(newest_first) is type(action):
        # Rule 9.26: clue types alternate.
        kind = "colour" if isinstance(action, ColourClue) else "rank"
        return Refusal(
            Rule.ALTERNATING_CLUES,
            None,
            f"Cannot {action}: in the {variant.name} variant a {kind} clue cannot follow "
            f"a {kind} clue",
        )
    return CANNOT_TELL if untold else None


def check_facts(
    options: Options, mover: int, hand_size: int, hands: Hands, notes: int, *, unseen: bool
) -> None:
    """Raise `InvalidOptions` or `InvalidArgument` for facts legality cannot read: the checks of
    `legal_actions_from` and `refusal`. `unseen`: any hand may be `None`; otherwise only the
    mover's may be, and is not read."""
    if not isinstance(options, Options):
        raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
    players = options.players
    if type(mover) is not int or not 0 <= mover < players:
        raise InvalidArgument("mover", f"must be a seat from 0 to {players - 1}, got {mover!r}")
    if type(hand_size) is not int or not 0 <= hand_size <= options.hand_size:
        raise InvalidArgument(
            "hand_size", f"must be from 0 to {options.hand_size} cards, got {hand_size!r}"
        )
    if type(notes) is not int or notes < 0:
        raise InvalidArgument("notes", f"must be a count of Notes (0 or more), got {notes!r}")
    if (
        not isinstance(hands, Sequence)
        or len(hands) != players
        or not _hands_ok(hands, mover, unseen)
    ):
        kind = "a sequence of DealtCard or None" if unseen else "a sequence of DealtCard"
        raise InvalidArgument("hands", f"must hold {players} hands, each other seat's {kind}")


def _hands_ok(hands: Sequence[object], mover: int, unseen: bool) -> bool:
    """Whether every hand but the mover's is a sequence of `DealtCard` (or `None`, if
    `unseen`): a loop rather than nested generators, since drivers ask on every message."""
    for seat, hand in enumerate(hands):
        if seat == mover or (hand is None and unseen):
            continue
        if type(hand) is not tuple and not isinstance(hand, Sequence):
            return False
        for card in hand:
            if type(card) is not DealtCard and not isinstance(card, DealtCard):
                return False
    return True


def _card_refusal(
    options: Options, hand_size: int, notes: int, action: Play | Discard
) -> Refusal | None:
    slot = action.slot
    discard = isinstance(action, Discard)
    if not 0 <= slot < hand_size:
        # Rules 5.1 and 6.1: the card must be one of your own.
        rule = Rule.DISCARD_FROM_OWN_HAND if discard else Rule.PLAY_FROM_OWN_HAND
        holding = (
            "your hand is empty" if not hand_size else f"your hand has slots 0 to {hand_size - 1}"
        )
        verb = "discard" if discard else "play"
        return Refusal(rule, "slot", f"Cannot {verb} slot {slot}: {holding}")
    if discard and notes >= note_cap(options) and not options.variant.discards_at_note_cap:
        # Rule 5.2: a discard earns a Note back, so it needs a spent one (not so with an inverted
        # suit, rule 9.13).
        return Refusal(
            Rule.DISCARD_NEEDS_A_SPENT_NOTE,
            None,
            f"Cannot discard: all {options.max_notes} Notes are available",
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


def _touched(
    options: Options, hand: Sequence[DealtCard], action: ColourClue | RankClue
) -> tuple[int, ...] | None:
    """The orders of the cards of `hand` the clue touches (rule 4.4: all of them), or `None` if
    the clue names what cannot be named (rule 4.3)."""
    if isinstance(action, ColourClue):
        index = variant_tables(options.variant).colour_index.get(action.colour)
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
    if not touched and rank not in variant_tables(options.variant).clue_ranks:
        return None  # rule 4.3: a rank this variant's clues cannot name (rule 9.18)
    return touched
