"""`LiveGame`'s reducer: each of hanab.live's game actions read against the game and the rules.

Every handler is a function ``(track, tables, options, seat, action, index) -> Track``: the
tracker before the message (`track.Track`), the variant's lookups
(`rules.tables.VariantTables`), the game's options, the seat the game is played from, the typed
message (`hanablive.wire`'s `Draw`, `Play`, `Discard`, `Clue`, `Status`, `Turn`, `Strike`,
`GameOver`) and its index, and the tracker after it. A message that contradicts the game raises
[`Desync`][hanabi_core.hanablive.Desync] naming the index and the message's field;
`LiveGame.receive` wraps the answer in the next game value. Nothing here knows `LiveGame`.

The rules are the rules room's, asked from the facts the tracker holds: a clue's and a discard's
refusal (`rules.legality.refusal`, the seat's own hand unseen), a card's effect
(`rules.effects.card_effect`), the end of a turn (`rules.effects.after_turn`, section 7 in rule
7.7's order: it answers "undecided" where the seat's own unseen cards alone could decide rule
7.6a or 7.4c, which the server's next message settles). What the seat sees of a turn is
`views.seen_turn`'s. What is left here is hanab.live's: the messages' fields, the server's order
(rule 12.4: the deal, the draws), its ``gameOver`` end conditions (rule 7.5) and Throw It in a
Hole's face-down cards (rule 9.33). What each message must say is listed in
[`hanablive.protocol`][hanabi_core.hanablive.protocol].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import DealtCard
from ..errors import brief
from ..knowledge import learn
from ..options import Options
from ..rules import legal_actions_from, legality  # the one statement of legality
from ..rules.dead_hands import dead_hands_outcome
from ..rules.effects import (  # the one statement of a turn's effects (sections 5 to 7)
    Table,
    after_turn,
    card_effect,
    firework_after,
    no_legal_action,
)
from ..rules.tables import FACES_PER_SUIT, VariantTables, face_index
from ..scoring import max_points
from ..spec import Rule
from ..state import EndReason, Fate, Outcome, card_action, card_fate
from ..variants import ClueShown
from ..views import HiddenClue, HiddenPlay, seen_turn
from . import wire
from .protocol import (
    ALL_OR_NOTHING_FAIL,
    ALL_OR_NOTHING_SOFTLOCK,
    END_CONDITION,
    HIDDEN,
    NORMAL,
    STOPPED,
    Desync,
)
from .track import (
    LoggedTurn,
    Track,
    hole_score,
    logged_actions,
    logged_turn,
    oldest_first,
    order_of,
    push_turn,
    rebuilt,
    touches,
    with_draw,
    with_fits,
)

# --- Reading the tracker ------------------------------------------------------------------------


def dealing(track: Track, options: Options) -> bool:
    """The deal is not complete yet (rule 2.4: every seat's hand, dealt in blocks)."""
    return track.drawn < options.players * options.hand_size


def is_over(track: Track) -> bool:
    """The game has ended: by the rules, or stopped by the server (rule 7.5)."""
    return track.outcome is not None or track.ended is not None


# --- The messages -------------------------------------------------------------------------------


def on_draw(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.Draw, index: int
) -> Track:
    """A ``draw``: the deal, or the card drawn after a play or a discard (rule 6.5)."""
    player, order = m.player_index, m.order
    drawn = track.drawn
    if order != drawn:
        why = "was already drawn" if 0 <= order < drawn else "is not the top card"
        raise Desync(index, "order", f"card {order} {why}; the next card to draw is {drawn}")
    if drawn >= len(track.faces):
        raise Desync(index, "order", "the deck is empty")
    pending = track.pending
    if dealing(track, options):
        due = drawn // options.hand_size  # rule 2.4: the deal goes in blocks, seat 0 first
        if player != due:
            raise Desync(index, "playerIndex", f"card {order} is dealt to seat {due}")
    elif pending is None or pending.player != player:
        who = "nobody is due to draw" if pending is None else f"seat {pending.player} draws next"
        raise Desync(index, "playerIndex", who)
    card = None
    face = -1
    seen = track.seen
    if player == seat:
        # Rule 12.1: a seat never sees its own cards, and hanab.live hides them.
        if m.suit_index != HIDDEN or m.rank != HIDDEN:
            raise Desync(index, "suitIndex", "the seat's own draw must be hidden (-1, -1)")
    else:
        card, face = face_of(tables, options, m.suit_index, m.rank, order, index)
        if seen[face] >= tables.face_copies[face]:
            raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
    hands = list(track.hands)
    marks = list(track.marks)
    hands[player] = (*hands[player], order)
    marks[player] = (*marks[player], (tables.all_faces, False))
    faces = track.faces
    if card is not None:
        faces = (*faces[:order], card, *faces[order + 1 :])
        seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
    log = track.log
    if pending is not None:
        log = push_turn(log, with_draw(pending, order, card))
    return track._replace(
        hands=tuple(hands),
        marks=tuple(marks),
        faces=faces,
        seen=seen,
        drawn=drawn + 1,
        log=log,
        pending=None,
    )


def on_card(  # noqa: PLR0917  (the reducer's signature)
    track: Track,
    tables: VariantTables,
    options: Options,
    seat: int,
    m: wire.Play | wire.Discard,
    index: int,
) -> Track:
    """A ``play`` or a ``discard`` (a misplay is a discard with ``failed`` true)."""
    is_play = type(m) is wire.Play
    failed = not is_play and cast(wire.Discard, m).failed
    player, order, suit, rank = m.player_index, m.order, m.suit_index, m.rank
    check_can_act(track, options, index, player, "playerIndex")
    hand = track.hands[player]
    if order not in hand:
        raise Desync(index, "order", f"card {order} is not in seat {player}'s hand")
    slot = hand.index(order)
    if options.variant.hidden_plays and (is_play or failed):
        # Rule 9.33: hanab.live sends every player a card put into the hole face down.
        if suit != HIDDEN or rank != HIDDEN:
            raise Desync(index, "suitIndex", "a card put into the hole is sent hidden (-1, -1)")
        return into_hole(track, tables, options, seat, player, order, slot, is_play, index)
    card, face = face_of(tables, options, suit, rank, order, index)
    known = track.faces[order]
    seen = track.seen
    if known is not None:
        if known != card:
            raise Desync(index, "suitIndex", f"card {order} is {known.card}, not {card.card}")
        card = known
    else:
        # The seat's own card, revealed: it must fit what clues said and the copies left.
        mask, _ = track.marks[player][slot]
        if not mask >> face & 1:
            suit_possible = mask >> (suit * FACES_PER_SUIT) & ((1 << FACES_PER_SUIT) - 1)
            field = "rank" if suit_possible else "suitIndex"
            raise Desync(index, field, f"clues said card {order} cannot be {card.card}")
        if seen[face] >= tables.face_copies[face]:
            raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
        seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
    played = is_play or failed
    table, misplay, note_gained = card_effect(options, track.table, card, played)
    if is_play and misplay:
        raise Desync(
            index,
            "rank",
            f"{card.card} does not extend its firework; hanab.live sends a misplay as a "
            "discard with failed true",
        )
    if failed and not misplay:
        raise Desync(index, "failed", f"{card.card} would have extended its firework")
    # hanab.live's message says what befell the card; the player pressed the other button for
    # a card of an inverted suit (rule 9.13), as its records store it.
    action: Action = card_action(card, slot, play=played)
    if not played:
        # Rule 5.2 (and 9.13, 9.25), as the rules room states it.
        refused = legality.refusal(
            options, player, len(hand), (None,) * options.players, track.table.notes, (), action
        )
        if refused is not None:
            raise Desync(index, "type", f"{refused.reason} ({refused.rule})")
    hands = list(track.hands)
    marks = list(track.marks)
    hands[player] = hand[:slot] + hand[slot + 1 :]
    marks[player] = marks[player][:slot] + marks[player][slot + 1 :]
    faces = track.faces
    if known is None:
        faces = (*faces[:order], card, *faces[order + 1 :])
    # What the seat sees of the turn (rules 12.2 and 9.13), as `view` has it; the draw follows.
    entry = seen_turn(
        seat, options.variant.clue_shown, False, track.turn, player, action, (), (), card,
        failed, note_gained, None, None,
    )  # fmt: skip
    # Rule 6.5: the player draws when cards are left; the draw arrives as its own message.
    draws = track.drawn < len(faces)
    return end_turn(
        track, tables, options, seat, entry, table, card, draws,
        hands=tuple(hands), marks=tuple(marks), faces=faces, seen=seen,
    )  # fmt: skip


def into_hole(  # noqa: PLR0917
    track: Track,
    tables: VariantTables,
    options: Options,
    seat: int,
    player: int,
    order: int,
    slot: int,
    fits: bool,
    index: int,
) -> Track:
    """A card put face down into the hole of Throw It in a Hole (rule 9.33): a ``play`` (it
    fitted) or a ``discard`` with ``failed`` true (a misplay), its face sent as −1."""
    card = track.faces[order]  # known when another seat held it
    built, discards, notes, storms, directions, starts = track.table
    unknown, hole_fits = track.hole_unknown, track.hole_fits
    if card is None:
        unknown += 1
        hole_fits += fits
    else:
        suit = card.suit_index
        # Rules 6.2 and 6.3, as `rules.effects.firework_after` states them.
        extends = firework_after(options, built, directions, starts, suit, card.rank)[0]
        # The fireworks are exactly known while no card of the seat's own is in the hole;
        # once one is, a known card's firework may hold more than `built` says, so only a
        # complete firework refuses it (rule 6.2: a complete firework has nothing to extend).
        if not unknown and extends != fits:
            why = "would have extended" if extends else "does not extend"
            raise Desync(index, "type", f"{card.card} {why} its firework")
        if fits:
            if built[suit] >= len(options.variant.suits[suit].build_order):
                raise Desync(index, "type", f"the {card.suit} firework is complete")
            built = (*built[:suit], built[suit] + 1, *built[suit + 1 :])
        else:
            discards = (*discards, card)  # rule 6.3, face down in the hole until the end
    storms += not fits
    hands = list(track.hands)
    marks = list(track.marks)
    hands[player] = track.hands[player][:slot] + track.hands[player][slot + 1 :]
    marks[player] = track.marks[player][:slot] + track.marks[player][slot + 1 :]
    # The tracker's own record of the turn, not yet what the seat sees of it (that changes once
    # the game is over: `track.seen_turns` asks `views.seen_turn` at each view). It keeps the
    # card's order in its `touched` place (a play touches nothing) and whether it missed, for
    # `view` and `reveal`; the view never shows them.
    entry = logged_turn(
        track.turn, player, HiddenPlay(slot), (order,), (), card, not fits, False, None, None
    )
    table = Table(built, discards, notes, storms, directions, starts)
    draws = track.drawn < len(track.faces)  # rule 6.5
    return end_turn(
        track, tables, options, seat, entry, table, card, draws,
        hands=tuple(hands), marks=tuple(marks), hole_unknown=unknown, hole_fits=hole_fits,
    )  # fmt: skip


#: The field of a clue message at fault for each rule `rules.legality.refusal` may answer.
_CLUE_FIELDS = {
    Rule.CLUE_COSTS_A_NOTE: "type",
    Rule.CLUE_TARGETS_ANOTHER_PLAYER: "target",
    Rule.CLUE_NAMES_ONE_VALUE: "clue.value",
    Rule.CLUE_MUST_TOUCH: "list",
    Rule.ALTERNATING_CLUES: "clue.type",
}
#: A clue colour no variant has: the action of a message whose colour index is out of range,
#: which `refusal` refuses by rule 4.3 in its turn.
_NO_COLOUR = "\0"


def on_clue(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.Clue, index: int
) -> Track:
    """A ``clue``: its legality asked of `rules.legality.refusal`, then checked against the
    cards it says it touched (rules 4.4 to 4.7, 9.27) and what the seat saw (rule 12.4)."""
    variant = options.variant
    giver, target, kind, value, touched = m.giver, m.target, m.clue_type, m.clue_value, m.list
    check_can_act(track, options, index, giver, "giver")
    if m.turn != track.turn and not m.lacked("turn"):  # checked when present
        raise Desync(index, "turn", f"turn {m.turn}, but this is turn {track.turn}")
    action: ColourClue | RankClue
    if kind == 1:
        action = RankClue(target, value)
    else:
        colours = variant.clue_colours
        action = ColourClue(
            target, colours[value] if kind == 0 and 0 <= value < len(colours) else _NO_COLOUR
        )
    # The target's cards as this seat sees them; its own unseen (rules 12.1, 4.5: `refusal`
    # cannot tell whether a clue to them touches a card); only the target's hand is read.
    hands: list[tuple[DealtCard, ...] | None] = [None] * options.players
    if 0 <= target < options.players and target != seat:
        faces = track.faces
        hands[target] = tuple(map(faces.__getitem__, track.hands[target]))  # type: ignore[arg-type]
    refused = legality.refusal(
        options, giver, len(track.hands[giver]), hands, track.table.notes,
        logged_actions(track), action,
    )  # fmt: skip
    if refused is not None and refused is not legality.CANNOT_TELL:
        field = _CLUE_FIELDS[refused.rule]
        reason = f"{refused.reason} ({refused.rule})"  # the rules room's sentence, and its rule
        if refused.rule is Rule.CLUE_NAMES_ONE_VALUE:
            if kind not in (0, 1):
                field, reason = "clue.type", f"must be 0 (colour) or 1 (rank), got {kind}"
            elif kind == 0:
                reason = f"no clue colour {value} in this variant"
            else:
                reason = f"no rank {value} clue in this variant"
        raise Desync(index, field, reason)
    hand = track.hands[target]
    hit = set(touched)
    if len(hit) != len(touched) or not hit <= set(hand):
        raise Desync(
            index, "list", f"{brief(list(touched))} are not distinct cards of seat {target}"
        )
    # The faces the clue touches (rules 4.6, 4.7 and 9.27), as the rules room's tables hold them.
    if kind == 0:
        hit_faces = tables.colour_faces[value]
        blind = variant.colour_clues_touch_nothing
    else:
        hit_faces = tables.rank_faces[value]
        blind = variant.rank_clues_touch_nothing
    if not hit and not (options.negative_clues or blind):
        raise Desync(index, "list", "a clue must touch a card (rule 4.5)")
    if target != seat:
        # Rules 4.4, 4.6, 4.7 and 9.27: the clue touches exactly the cards the variant says.
        expected = [o for o in hand if touches(track.faces[o], hit_faces)]
        if set(expected) != hit:
            raise Desync(index, "list", f"the clue touches {expected}, not {sorted(hit)}")
    marks = list(track.marks)
    learnt = []
    # Rules 9.30 and 9.31: the server sends every seat the clue's value (actions_scrub.go
    # scrubs no clue), but where the variant hides it the seat is shown only what was
    # touched, and its client applies nothing of the faces (shouldApplyClue in
    # packages/game/src/rules/clues.ts).
    shown = variant.clue_shown
    hidden = shown is not ClueShown.VALUE
    # Rule 12.4: a card of the seat's own must keep a face with a copy it has not seen.
    left = left_mask(tables.face_copies, track.seen) if target == seat else -1
    for order, (was, clued) in zip(hand, marks[target], strict=True):
        is_hit = order in hit
        faces_left = was if hidden else learn(hit_faces, was, is_hit)
        if not faces_left & left:
            raise Desync(index, "list", f"card {order} cannot be what this clue says")
        learnt.append((faces_left, clued or is_hit))
    marks[target] = tuple(learnt)
    order_touched = tuple(o for o in hand if o in hit)
    slots = tuple(i for i, o in enumerate(hand) if o in hit)
    # What the seat sees of the clue (rules 9.30 and 9.31), as `view` has it.
    entry = seen_turn(
        seat, shown, False, track.turn, giver, action, order_touched, slots, None, False,
        False, None, None,
    )  # fmt: skip
    table = track.table._replace(notes=track.table.notes - variant.note_units)  # rules 4.1, 9.25
    return end_turn(track, tables, options, seat, entry, table, None, False, marks=tuple(marks))


def on_status(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.Status, index: int
) -> Track:
    """A ``status``: the Notes and the score, as the tracker has them (``maxScore`` is
    hanab.live's count of reachable points: no rule of ours)."""
    _agree(index, "clues", m.clues, track.table.notes, "{} clues, but {} Notes are available")
    built = hole_score(track.table.built, track.hole_fits)  # rule 9.33: the unknown fits too
    _agree(index, "score", m.score, built, "score {}, but {} cards are built")
    return track


def on_turn(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.Turn, index: int
) -> Track:
    """A ``turn``: the number of actions taken and the seat to move (−1 once over)."""
    num, current = m.num, m.current_player_index
    turns = {track.turn}
    if track.ended is not None and track.ended[0] in STOPPED:
        turns.add(track.turn + 1)  # the server counts its own stopping action as a turn
    if num not in turns:
        raise Desync(index, "num", f"turn {num}, but {track.turn} actions have been taken")
    expected = -1 if is_over(track) else track.current_player
    # Rule 7.4c undecided (see `can_act`): the server's turn may already say the game ended.
    if current != expected and not (track.undecided and current == -1):
        raise Desync(index, "currentPlayerIndex", f"seat {current} to move, but it is {expected}")
    return track


def on_strike(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.Strike, index: int
) -> Track:
    """A ``strike``: the Storm a misplay turned (before or after its ``discard``)."""
    order = m.order
    last = track.pending
    if last is None and track.log is not None:
        last = cast(LoggedTurn, track.log.entry)
    if last is not None and last.misplay and order_of(last) == order:
        # After its discard (hanab.live sends it before; either is accepted).
        storms, number = track.table.storms, last.number
    elif not dealing(track, options) and not is_over(track) and track.pending is None:
        if order not in track.hands[track.current_player]:
            raise Desync(index, "order", f"card {order} was not misplayed")
        storms, number = track.table.storms + 1, track.turn
    else:
        raise Desync(index, "order", f"card {order} was not misplayed")
    _agree(index, "num", m.num, storms, "strike {}, but this misplay is Storm {}")
    _agree(index, "turn", m.turn, number, "turn {}, but the misplay is turn {}")
    return track


def on_game_over(  # noqa: PLR0917  (the reducer's signature)
    track: Track, tables: VariantTables, options: Options, seat: int, m: wire.GameOver, index: int
) -> Track:
    """A ``gameOver``: how the game ended, as the server says and the rules agree."""
    if track.ended is not None:
        raise Desync(index, "type", "the game is already over")
    if dealing(track, options) or track.pending is not None:
        raise Desync(index, "type", "the game cannot end before the draw due")
    condition = m.end_condition
    outcome = game_over_outcome(options, track, condition, index)
    return track._replace(outcome=outcome, ended=(condition, m.player_index))


def _agree(index: int, field: str, said: int, known: int, reason: str) -> None:
    """A field of a message that only confirms what the tracker knows: a `Desync` unless it
    agrees (`reason` formatted with what it said and what is known)."""
    if said != known:
        raise Desync(index, field, reason.format(said, known))


def check_can_act(track: Track, options: Options, index: int, player: int, field: str) -> None:
    """Rules 3.2 and 3.3: the seat to move acts, once the deal is done and before the end."""
    if dealing(track, options):
        raise Desync(index, "type", "the deal is not complete")
    if track.pending is not None:
        raise Desync(index, "type", f"seat {track.pending.player} has not drawn yet")
    if is_over(track):
        raise Desync(index, "type", "the game is over (rule 3.3)")
    if player != track.current_player:
        raise Desync(index, field, f"it is seat {track.current_player}'s turn, not seat {player}'s")


def face_of(  # noqa: PLR0917
    tables: VariantTables, options: Options, suit: int, rank: int, order: int, index: int
) -> tuple[DealtCard, int]:
    """The card of order `order` with the face a message gave, and its face index."""
    if not 0 <= suit < len(tables.suit_names):
        raise Desync(index, "suitIndex", f"no suit {suit} in this variant")
    if rank not in options.variant.ranks:  # 1 to 5, and START in Up or Down (9.29)
        raise Desync(index, "rank", f"no rank {rank}")
    face = face_index(suit, rank)
    card = DealtCard(
        order,
        tables.suit_names[suit],
        rank,
        suit,
        tables.face_colour_bits[face],
        tables.face_rank_bits[face],
        tables.inverted[suit],
    )
    return card, face


def left_mask(copies: Sequence[int], seen: Sequence[int]) -> int:
    """The face mask (bit `f` for face index `f`) of the faces with a copy the seat has not seen:
    what one of its own unknown cards may still be (rule 12.4)."""
    mask = 0
    for face, (total, shown) in enumerate(zip(copies, seen, strict=True)):
        if total > shown:
            mask |= 1 << face
    return mask


# --- The end of a turn --------------------------------------------------------------------------


def end_turn(  # noqa: PLR0917
    before: Track,
    tables: VariantTables,
    options: Options,
    seat: int,
    entry: LoggedTurn,
    table: Table,
    card: DealtCard | None,
    draws: bool,
    **changes: Any,
) -> Track:
    """The turn order (rule 3.2) and the end of the game (section 7), by
    `rules.effects.after_turn`, with the draw that is still to come (rule 6.5) counted in
    advance. `before` is the tracker before the turn, `changes` what else the turn changed of it
    (its hands, marks, faces, seen copies and hole counters, rule 9.33), `table` the table after
    it; `draws`: the player draws next (rule 6.5)."""
    player = entry.player
    faces = changes.get("faces", before.faces)
    hands = changes.get("hands", before.hands)
    hole_unknown = changes.get("hole_unknown", before.hole_unknown)
    last_draw = draws and before.drawn + 1 == len(faces)
    facts = table
    if hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat knows the score (the fits),
        # not the fireworks: rules 7.1 to 7.3 need only the score (no Throw It in a Hole
        # variant reverses a suit); the server's gameOver says when rule 7.6 or 7.6a ends it
        # (`game_over_outcome`), so they are not asked here.
        fits = changes.get("hole_fits", before.hole_fits)
        facts = Table(with_fits(table.built, fits), table.discards, table.notes, table.storms)
        options, card = options.replace(end_at_max_reachable=False), None
    # The cards held after the turn as the seat sees them: its own unseen, and the draw still to
    # come (rule 6.5) unseen too; where one of them alone could decide rule 7.6a or 7.4c,
    # `after_turn` says undecided and the server's next message settles it. Only those two
    # rules read the hands (7.6a in the final round, 7.4c without a last round): other turns
    # build none.
    seen_hands: tuple[tuple[DealtCard | None, ...], ...] = ()
    if not options.last_round or (
        options.end_at_max_reachable and (before.turns_left is not None or last_draw)
    ):
        seen_hands = tuple(
            (None,) * len(hand) if s == seat else tuple(faces[o] for o in hand)
            for s, hand in enumerate(hands)
        )
        if draws:
            drawer = (*seen_hands[player], None)
            seen_hands = (*seen_hands[:player], drawer, *seen_hands[player + 1 :])
    turns_left, outcome, to_move, undecided = after_turn(
        options, facts, before.turns_left, last_draw, card, seen_hands,
        (player + 1) % options.players,  # rule 3.2
        lambda s: can_act(
            tables, options, seat, s, hands, faces, table.notes,
            (entry.action, *logged_actions(before)),  # read only for rule 7.4c
        ),
    )  # fmt: skip
    log, pending = before.log, None
    if draws:
        pending = entry
    else:
        log = push_turn(log, entry)
    # Built by keyword rather than `_replace` (a Python loop over the fields, on every turn).
    kept = changes.get
    return Track(
        hands=hands,
        marks=kept("marks", before.marks),
        faces=faces,
        seen=kept("seen", before.seen),
        drawn=before.drawn,
        table=table,
        current_player=to_move,
        turn=before.turn + 1,
        turns_left=turns_left,
        outcome=outcome,
        log=log,
        pending=pending,
        hole_unknown=hole_unknown,
        hole_fits=kept("hole_fits", before.hole_fits),
        undecided=undecided,
        deal=before.deal,
        ended=before.ended,
    )


def can_act(  # noqa: PLR0917
    tables: VariantTables,
    options: Options,
    own: int,
    seat: int,
    hands: tuple[tuple[int, ...], ...],
    faces: tuple[DealtCard | None, ...],
    notes: int,
    newest_first: tuple[Action | HiddenClue | HiddenPlay, ...],
) -> bool | None:
    """Whether `seat` has a legal action after the turn (rule 7.4c), decided by
    `rules.legal_actions_from` from the hands seat `own` sees; `None` when only a clue to its own
    unseen cards could be legal, which it cannot tell (the server's next message will: the
    tracker defers to it rather than guess)."""
    if hands[seat]:
        return True  # rule 6.1: a card to play
    seen = tuple(
        () if s == own else tuple(cast(DealtCard, faces[o]) for o in hand)
        for s, hand in enumerate(hands)
    )
    logged = tuple(a for a in newest_first if not isinstance(a, (HiddenClue, HiddenPlay)))
    if legal_actions_from(options, seat, 0, seen, notes, iter(logged)):
        return True  # an action that touches no unseen card
    if seat == own or not hands[own]:
        return False
    # Only a clue to this seat could be legal, if it touches one of its unseen cards: try its
    # hand as cards that every clue touching some card of the variant touches; no such clue
    # legal, then surely none.
    colours = ranks = 0
    for bits in tables.face_colour_bits:
        colours |= bits
    for bits in tables.face_rank_bits:
        ranks |= bits
    wild = (DealtCard(-1, "?", 0, 0, colours, ranks),) * len(hands[own])
    seen = (*seen[:own], wild, *seen[own + 1 :])
    return None if legal_actions_from(options, seat, 0, seen, notes, iter(logged)) else False


# --- The server's ending ------------------------------------------------------------------------


def game_over_outcome(options: Options, track: Track, condition: int, index: int) -> Outcome:
    """How the game ended, by hanab.live's ``gameOver`` end `condition` and by the rules (rule 7.5
    for a game stopped from outside; rules 7.4c, 7.6a and 9.33 where the seat cannot tell the end
    itself, and the server can).

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
    elif condition == NORMAL and track.undecided and options.last_round:
        # Rule 7.6a: no card this seat sees with a player still to move can be played, and the
        # server saw that its own (or the card still to be drawn) cannot either.
        outcome = dead_hands_outcome(options, track.table.built)
    elif condition == ALL_OR_NOTHING_SOFTLOCK and track.undecided:
        # Rule 7.4c: the seat to move had nothing legal to do, which this seat could not see.
        outcome = no_legal_action(options)
    elif condition in (NORMAL, ALL_OR_NOTHING_FAIL) and track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat cannot tell when nothing is
        # left to build (rule 7.6) or, without a last round, when the maximum is out of reach
        # (rule 7.4b, scored 0); the server can, and says so.
        if condition == NORMAL:
            score = hole_score(track.table.built, track.hole_fits)
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


def revealed(  # noqa: PLR0917
    track: Track,
    tables: VariantTables,
    options: Options,
    seat: int,
    identities: Sequence[Mapping[str, object]],
    index: int,
) -> Track:
    """The tracker with every card's face known, from the ``cardIdentities`` the server sends
    once the game is over (see `LiveGame.reveal`; message `index` is the last received).

    Raises:
        Desync: the game is not over, or the identities contradict a card the seat saw.
    """
    if not is_over(track):
        raise Desync(index, "cardIdentities", "the cards are shown once the game is over")
    if not isinstance(identities, Sequence) or len(identities) != len(track.faces):
        raise Desync(index, "cardIdentities", f"must list the {len(track.faces)} cards")
    faces = list(track.faces)
    deal = []
    for order, item in enumerate(identities):
        where = f"cardIdentities[{order}]"
        if not isinstance(item, Mapping):
            raise Desync(index, where, "must be an object")
        suit, rank = _whole(item, "suitIndex", index), _whole(item, "rank", index)
        card, _ = face_of(tables, options, suit, rank, order, index)
        deal.append(card)
        if order >= track.drawn:
            continue  # still in the deck: shown, but no part of the game's tracking
        known = faces[order]
        if known is not None and known != card:
            raise Desync(index, where, f"card {order} is {known.card}")
        if known is None and not any(order in hand for hand in track.hands):
            faces[order] = card  # a card of the seat's own, in the hole
    # Rules 1.1, 6.2 and 9.33: the faces must be the variant's copies and fit the plays.
    check_revealed(tables, options, track, faces, index)
    # The fireworks and the discard pile (misplays in turn order), built again from the log.
    built, discards = rebuilt(track, faces)
    return track._replace(
        faces=tuple(faces),
        table=track.table._replace(built=built, discards=discards),
        hole_unknown=0,
        hole_fits=0,
        deal=tuple(deal),
    )


def _whole(item: Mapping[str, object], name: str, index: int) -> int:
    """Field `name` of a card identity: a whole number of 64 bits (a Go int), as `wire` reads
    the game actions' fields."""
    if name not in item:
        raise Desync(index, name, "is missing")
    try:
        return wire.read_int(item[name], name)
    except wire.ProtocolError as error:
        raise Desync(index, name, error.reason) from None


def check_revealed(
    tables: VariantTables,
    options: Options,
    track: Track,
    faces: Sequence[DealtCard | None],
    index: int,
) -> None:
    """Whether the faces `LiveGame.reveal` was given agree with the game: no more copies of a face
    than the variant has (rule 1.1), and each card that went into the hole (rule 9.33) fitted its
    firework then exactly when the server said it did (``play`` against ``discard`` with
    ``failed``: rule 6.2).

    Raises:
        Desync: the first card at fault, as ``cardIdentities[order]``.
    """
    copies = list(tables.face_copies)
    for given in faces:
        if given is None:
            continue
        face = face_index(given.suit_index, given.rank)
        copies[face] -= 1
        if copies[face] < 0:
            raise Desync(
                index,
                f"cardIdentities[{given.order}]",
                f"the variant has no more copies of {given.card} (rule 1.1)",
            )
    # Rule 9.33a: Throw It in a Hole is never Up or Down nor Sudoku: a firework grows along its
    # suit's build order (rule 6.2), which `next_rank` states.
    built = [0] * len(options.variant.suits)
    for entry in oldest_first(track):
        action = entry.action
        card: DealtCard | None
        if isinstance(action, HiddenPlay):
            card = faces[entry.touched[0]]
        elif isinstance(action, (Play, Discard)):
            card = entry.card
        else:
            continue
        if card is None:
            continue
        suit = card.suit_index
        fits = tables.next_rank[suit][built[suit]] == card.rank
        if isinstance(action, HiddenPlay):
            if fits == bool(entry.misplay):
                said = "missed" if entry.misplay else "fitted"
                raise Desync(
                    index,
                    f"cardIdentities[{card.order}]",
                    f"{card.card} {'fits' if fits else 'does not fit'} its firework then, "
                    f"but the server said it {said} (rules 6.2 and 9.33)",
                )
            if fits:
                built[suit] += 1
        elif card_fate(action, card, bool(entry.misplay)) is Fate.BUILT:  # rule 9.13
            built[suit] += 1


# --- The seat's own move ------------------------------------------------------------------------


def refusal(track: Track, options: Options, seat: int, action: object) -> tuple[Rule, str]:
    """The first rule `action` breaks, in rule order as `rules.check` finds it, and why, in
    `check`'s sentence (for `LiveGame.action_message`): rules 3.3 and 3.2 here, the rest by
    `rules.legality.refusal` from what the seat sees (its own hand unseen, which no clue of its
    own touches)."""
    if is_over(track):
        return Rule.NO_ACTION_AFTER_THE_END, f"Cannot {action}: the game is over"
    if track.current_player != seat or dealing(track, options) or track.pending is not None:
        return Rule.TURN_ORDER, f"Cannot {action}: it is not seat {seat}'s turn"
    faces = track.faces
    hands = tuple(
        None if s == seat else tuple(cast(DealtCard, faces[order]) for order in hand)
        for s, hand in enumerate(track.hands)
    )
    found = legality.refusal(
        options, seat, len(track.hands[seat]), hands, track.table.notes,
        logged_actions(track), action,
    )  # fmt: skip
    assert found is not None  # only an action `legal_actions` leaves out is asked about
    return found.rule, found.reason
