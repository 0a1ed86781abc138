"""The rules as `LiveGame` applies them to a tracked game (sections 3 to 7 and the variants').

[`LiveGame`][hanabi_core.hanablive.LiveGame] reads each hanab.live message, checks it and hands
what it says to these functions, which hold no message: what a play or a discard does
(sections 5 and 6), the turn order and the end of the game after a turn (rule 3.2, section 7,
rule 7.4c and ruling 13.9) or by the server's ``gameOver`` (rules 7.5 and 9.33), the type of the
last clue (rule 9.26) and why the seat may not take an action (rules 3 to 5, in `rules.check`'s
order). Legality itself is stated once, in `rules.legal_actions_from` and
`rules.outcome_after_turn`, which these call or mirror.

It imports nothing of `live.py` (imports go downward only).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import DealtCard
from ..options import Options
from ..rules.effects import firework_after as extend_firework
from ..rules.effects import outcome_after_turn
from ..rules.legality import last_clue
from ..rules.tables import note_cap
from ..scoring import max_points
from ..spec import Rule
from ..state import EndReason, Outcome
from ..views import HiddenClue, HiddenPlay
from ._track import _hole_score, _newest_first, _Track, _with_fits
from .protocol import ALL_OR_NOTHING_FAIL, END_CONDITION, NORMAL, STOPPED, Desync


def _card_outcome(  # noqa: PLR0917
    options: Options,
    track: _Track,
    card: DealtCard,
    suit: int,
    rank: int,
    is_play: bool,
    failed: bool,
    index: int,
) -> tuple[
    tuple[int, ...], tuple[DealtCard, ...], int, int, tuple[int, ...], tuple[int, ...], bool
]:
    """What a ``play`` or a ``discard`` (``failed``: a misplay) of `card` does to the fireworks,
    the discard pile, the Notes and the Storms (sections 5 and 6, with the variants' rules), as
    `(built, discards, notes, storms, directions, starts, note_gained)`.

    Raises:
        Desync: the message's outcome is not the rules' (message `index`).
    """
    built = track.built
    discards = track.discards
    notes = track.notes
    storms = track.storms
    variant = options.variant
    cap = note_cap(options)  # rule 9.25: in half Notes in Clue Starved
    # Rules 6.2, 6.4, 9.7, 9.29 and 9.32, as `apply` has them.
    fits, complete, built_directions, built_starts = extend_firework(
        options, built, track.directions, track.starts, suit, rank
    )
    directions, starts = track.directions, track.starts
    note_gained = False
    if is_play:
        if not fits:
            raise Desync(
                index,
                "rank",
                f"{card.card} does not extend its firework; hanab.live sends a misplay as a "
                "discard with failed true",
            )
        # Rules 6.2 and 6.4: the card is built; the firework's last card brings a Note back
        # (half a Note in Clue Starved, rule 9.25).
        built = (*built[:suit], built[suit] + 1, *built[suit + 1 :])
        directions, starts = built_directions, built_starts
        note_gained = complete and notes < cap
        notes += note_gained
    elif failed:
        if fits:
            raise Desync(index, "failed", f"{card.card} would have extended its firework")
        discards = (*discards, card)  # rule 6.3: a misplay is discarded and costs a Storm
        storms += 1
    else:
        if notes >= cap and not variant.discards_at_note_cap:
            raise Desync(
                index, "type", "a discard needs a spent Note (rule 5.2), and none is spent"
            )
        discards = (*discards, card)  # rule 5.3
        # A Note back, none at the cap (which only a variant with an inverted suit allows,
        # rule 9.13).
        note_gained = notes < cap
        notes += note_gained
    return built, discards, notes, storms, directions, starts, note_gained


def _end_of_turn(  # noqa: PLR0917
    options: Options,
    track: _Track,
    player: int,
    draws: bool,
    deck: int,
    hands: tuple[tuple[int, ...], ...],
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    notes: int,
    storms: int,
    card: DealtCard | None,
    directions: tuple[int, ...],
    starts: tuple[int, ...],
) -> tuple[int | None, Outcome | None, int]:
    """The turn order (rule 3.2) and the end of the game (section 7) after `player`'s turn, as
    `rules.apply` has them, with the draw that is still to come (rule 6.5) counted in advance:
    `(turns_left, outcome, the seat to move next)`. `deck` is the deck's size."""
    players = options.players
    turns_left = track.turns_left
    if turns_left is not None:
        turns_left -= 1
    if draws and track.drawn + 1 == deck and options.last_round:
        turns_left = players  # rule 7.3: the last card is drawn
    if track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat knows the score (the fits),
        # not the fireworks: rules 7.1 to 7.3 need only the score (no Throw It in a Hole
        # variant reverses a suit); the server's gameOver says when rule 7.6 ends it.
        scored = _with_fits(built, track.hole_fits)
        outcome = outcome_after_turn(options, scored, storms, turns_left, discards, None)
    else:
        outcome = outcome_after_turn(
            options, built, storms, turns_left, discards, card, directions, starts
        )
    after = (track.current_player + 1) % players
    if outcome is None and not options.last_round:
        # Rule 7.4c, as `rules.apply` decides it: a player with no card may have nothing legal
        # to do.
        sizes = [len(h) for h in hands]
        if draws:
            sizes[player] += 1
        if not _can_act(options, sizes, notes, after):
            # Ruling 13.9: with no_legal_action="pass" the turn goes to the next seat that
            # can act; otherwise (or if none can) the game is lost.
            seats = [(after + step) % players for step in range(1, players)]
            able = [s for s in seats if _can_act(options, sizes, notes, s)]
            if options.no_legal_action == "pass" and able:
                after = able[0]
            else:
                outcome = Outcome(
                    EndReason.NO_LEGAL_ACTION, 0, max_points(options), Rule.NO_LAST_ROUND
                )
    return turns_left, outcome, after


def _ending(options: Options, track: _Track, condition: int, index: int) -> Outcome:
    """How the game ended, by hanab.live's ``gameOver`` end `condition` and by the rules (rule 7.5
    for a game stopped from outside; rule 9.33 where the seat cannot tell the end itself).

    Raises:
        Desync: the rules and the server disagree (message `index`).
    """
    outcome = track.outcome
    if outcome is not None:
        expected = END_CONDITION.get(outcome.reason)
        if condition != expected:
            raise Desync(
                index,
                "endCondition",
                f"the game ended by {outcome.reason.value} (hanab.live's {expected}), "
                f"not {condition}",
            )
    elif condition in STOPPED:
        # Rule 7.5: stopped from outside (a timeout, a termination, a vote), scored 0.
        outcome = Outcome(EndReason.ABANDONED, 0, max_points(options), Rule.ABANDONED)
    elif condition in (NORMAL, ALL_OR_NOTHING_FAIL) and track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat cannot tell when nothing is
        # left to build (rule 7.6) or, without a last round, when the maximum is out of reach
        # (rule 7.4b, scored 0); the server can, and says so.
        if condition == NORMAL:
            score = _hole_score(track.built, track.hole_fits)
            reason, rule = EndReason.NOTHING_LEFT_TO_BUILD, Rule.NOTHING_LEFT_TO_BUILD
        else:
            score, reason, rule = 0, EndReason.MAX_SCORE_UNREACHABLE, Rule.NO_LAST_ROUND
        outcome = Outcome(reason, score, max_points(options), rule)
    elif condition == NORMAL:
        # The rules end every game hanab.live ends normally (rule 7.6 included), so the view's
        # outcome always agrees with the server's ending.
        why = "the game ended normally, but by the rules it goes on"
        if not options.end_at_max_reachable:
            why += (
                " under these options; hanab.live ends a game once nothing is left to build "
                "(rule 7.6: end_at_max_reachable=True, as in the hanab-live preset)"
            )
        raise Desync(index, "endCondition", why)
    else:
        raise Desync(index, "endCondition", f"end condition {condition}, but the game goes on")
    return outcome


def _can_act(options: Options, sizes: list[int], notes: int, seat: int) -> bool:
    """Whether `seat` has a legal action, given the hands' sizes and the Notes available.

    A card in hand can be played (rule 6.1). A clue needs a Note (rule 4.1; two half Notes in
    Clue Starved, 9.25) and a card it touches (rule 4.5): a card is touched by its rank's clue
    (rule 4.7), so another hand with a card will do, or any hand with clues that touch nothing
    (rule 4.5a, or blind clues, 9.17). The tracker does not see the seat's own cards, so this
    does not follow the hanab.live variants where some card no clue touches (rules 9.10, 9.18)
    or where clues alternate (9.26); those variants are played with a last round (rule 7.3),
    where this check is not made.
    """
    if sizes[seat]:
        return True
    variant = options.variant
    if notes < variant.note_units:
        return False
    if (
        options.negative_clues
        or (variant.colour_clues_touch_nothing and variant.clue_colours)
        or (variant.rank_clues_touch_nothing and variant.clue_ranks)
    ):
        return True
    return any(n for s, n in enumerate(sizes) if s != seat)


def _logged_actions(track: _Track) -> Iterator[Action]:
    """The game's actions, the latest first (the pending entry, if any, is a play or a
    discard, so no clue is missed)."""
    for entry in _newest_first(track.log):
        # Read only under Alternating Clues (rule 9.26), never combined with a hidden clue.
        if not isinstance(entry[2], (HiddenClue, HiddenPlay)):
            yield entry[2]


def _last_clue_type(options: Options, track: _Track) -> type[ColourClue] | type[RankClue] | None:
    """Under Alternating Clues (rule 9.26), the type of the game's last clue; else `None`."""
    if not options.variant.alternating_clues:
        return None
    return last_clue(_logged_actions(track))  # as the engine reads its own log


def _refusal(  # noqa: PLR0917
    options: Options, seat: int, track: _Track, over: bool, my_turn: bool, action: object
) -> tuple[Rule, str]:
    """The first rule `action` breaks, in rule order as `rules.check` finds it, and why (for
    `LiveGame.action_message`; `over` and `my_turn` are the game's `is_over` and `is_my_turn`)."""
    if over:
        return Rule.NO_ACTION_AFTER_THE_END, "the game is over"
    if not my_turn:
        return Rule.TURN_ORDER, f"it is not seat {seat}'s turn"
    if isinstance(action, (Play, Discard)):
        size = len(track.hands[seat])
        if not 0 <= action.slot < size:
            rule = (
                Rule.PLAY_FROM_OWN_HAND if isinstance(action, Play) else Rule.DISCARD_FROM_OWN_HAND
            )
            return rule, f"your hand has slots 0 to {size - 1}"
        return Rule.DISCARD_NEEDS_A_SPENT_NOTE, f"all {options.max_notes} Notes are available"
    if isinstance(action, (ColourClue, RankClue)):
        variant = options.variant
        if track.notes < variant.note_units:
            half = "only half a Note is" if track.notes else "no Note tokens are"
            return Rule.CLUE_COSTS_A_NOTE, f"{half} available"
        if action.target == seat or not 0 <= action.target < options.players:
            return Rule.CLUE_TARGETS_ANOTHER_PLAYER, "a clue goes to another player"
        if isinstance(action, ColourClue) and action.colour not in variant.clue_colours:
            return Rule.CLUE_NAMES_ONE_VALUE, "this variant has no such clue colour"
        if isinstance(action, RankClue) and action.rank not in variant.clue_ranks:
            return Rule.CLUE_NAMES_ONE_VALUE, "this variant's clues cannot name that rank"
        if _last_clue_type(options, track) is type(action):
            return Rule.ALTERNATING_CLUES, "a clue cannot be of the type of the one before it"
        return Rule.CLUE_MUST_TOUCH, f"it touches none of seat {action.target}'s cards"
    return Rule.KNOWN_ACTIONS_ONLY, "a turn is a Play, Discard, ColourClue or RankClue"
