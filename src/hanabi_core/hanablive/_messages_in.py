"""`LiveGame`'s handlers of hanab.live's game actions (``draw``, ``play``, ``discard``,
``clue``, ``status``, ``turn``, ``strike``): each parses its message, checks it against the game
and the rules, and returns the tracker's next `Track` (`LiveGame.receive` wraps it in the next
game value).

The handlers read the game's tracker (``game._t``) and its variant tables (``game._v``) as the
class's own methods would; they are kept apart from the class so that `live.py` holds the public
API and this module the per-message checks. What each message must say is listed in
[`hanablive.protocol`][hanabi_core.hanablive.protocol]; every refusal is a `Desync` naming the
message's index and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ..actions import Action, ColourClue, RankClue
from ..cards import DealtCard
from ..errors import brief
from ..knowledge import learn
from ..rules.effects import (  # the one statement of a turn's effects (sections 5 to 7)
    Table,
    card_effect,
    firework_after,
)
from ..rules.tables import FACES_PER_SUIT, face_index, note_cap
from ..state import card_action
from ..variants import ClueShown
from ..views import HiddenPlay, seen_turn
from ._checks import left_mask
from ._turn_end import end_turn
from .protocol import (
    HIDDEN,
    STOPPED,
    Desync,
    field_int,
)
from .track import (
    LoggedTurn,
    Track,
    hole_score,
    last_clue_type,
    logged_turn,
    order_of,
    push_turn,
    touches,
    with_draw,
)

if TYPE_CHECKING:
    from .live import LiveGame


__all__ = [
    "check_can_act",
    "face_of",
    "into_hole",
    "on_card",
    "on_clue",
    "on_draw",
    "on_status",
    "on_strike",
    "on_turn",
]


def on_draw(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    options = game.options
    player = field_int(m, "playerIndex", index)
    order = field_int(m, "order", index)
    suit = field_int(m, "suitIndex", index)
    rank = field_int(m, "rank", index)
    drawn = game._t.drawn
    if order != drawn:
        why = "was already drawn" if 0 <= order < drawn else "is not the top card"
        raise Desync(index, "order", f"card {order} {why}; the next card to draw is {drawn}")
    if drawn >= len(game._t.faces):
        raise Desync(index, "order", "the deck is empty")
    pending = game._t.pending
    if game.dealing:
        due = drawn // options.hand_size  # rule 2.4: the deal goes in blocks, seat 0 first
        if player != due:
            raise Desync(index, "playerIndex", f"card {order} is dealt to seat {due}")
    elif pending is None or pending.player != player:
        who = "nobody is due to draw" if pending is None else f"seat {pending.player} draws next"
        raise Desync(index, "playerIndex", who)
    card = None
    face = -1
    if player == game.seat:
        # Rule 12.1: a seat never sees its own cards, and hanab.live hides them.
        if suit != HIDDEN or rank != HIDDEN:
            raise Desync(index, "suitIndex", "the seat's own draw must be hidden (-1, -1)")
    else:
        card, face = face_of(game, suit, rank, order, index)
        if game._t.seen[face] >= game._v.copies[face]:
            raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
    hands = list(game._t.hands)
    marks = list(game._t.marks)
    hands[player] = (*hands[player], order)
    marks[player] = (*marks[player], (game._v.all_faces, False))
    faces = game._t.faces
    seen = game._t.seen
    if card is not None:
        faces = (*faces[:order], card, *faces[order + 1 :])
        seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
    log = game._t.log
    if pending is not None:
        log = push_turn(log, with_draw(pending, order, card))
    return game._t._replace(
        hands=tuple(hands),
        marks=tuple(marks),
        faces=faces,
        seen=seen,
        drawn=drawn + 1,
        log=log,
        pending=None,
    )


def on_card(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    """A ``play`` or a ``discard`` (a misplay is a discard with ``failed`` true)."""
    is_play = m["type"] == "play"
    player = field_int(m, "playerIndex", index)
    order = field_int(m, "order", index)
    suit = field_int(m, "suitIndex", index)
    rank = field_int(m, "rank", index)
    failed = False
    if not is_play and "failed" in m:
        failed = m["failed"]
        if type(failed) is not bool:
            raise Desync(index, "failed", f"must be true or false, got {brief(failed)}")
    check_can_act(game, index, player, "playerIndex")
    hand = game._t.hands[player]
    if order not in hand:
        raise Desync(index, "order", f"card {order} is not in seat {player}'s hand")
    slot = hand.index(order)
    if game.options.variant.hidden_plays and (is_play or failed):
        # Rule 9.33: hanab.live sends every player a card put into the hole face down.
        if suit != HIDDEN or rank != HIDDEN:
            raise Desync(index, "suitIndex", "a card put into the hole is sent hidden (-1, -1)")
        return into_hole(game, player, order, slot, is_play, index)
    card, face = face_of(game, suit, rank, order, index)
    known = game._t.faces[order]
    options = game.options
    tables = game._v
    seen = game._t.seen
    if known is not None:
        if known != card:
            raise Desync(index, "suitIndex", f"card {order} is {known.card}, not {card.card}")
        card = known
    else:
        # The seat's own card, revealed: it must fit what clues said and the copies left.
        mask, _ = game._t.marks[player][slot]
        if not mask >> face & 1:
            suit_possible = mask >> (suit * FACES_PER_SUIT) & ((1 << FACES_PER_SUIT) - 1)
            field = "rank" if suit_possible else "suitIndex"
            raise Desync(index, field, f"clues said card {order} cannot be {card.card}")
        if seen[face] >= tables.copies[face]:
            raise Desync(index, "rank", f"every copy of {card.card} has been seen already")
        seen = (*seen[:face], seen[face] + 1, *seen[face + 1 :])
    t = game._t
    played = is_play or failed
    table, misplay, note_gained = card_effect(
        options, Table(t.built, t.discards, t.notes, t.storms, t.directions, t.starts), card, played
    )
    built, discards, notes, storms, directions, starts = table
    if is_play and misplay:
        raise Desync(
            index,
            "rank",
            f"{card.card} does not extend its firework; hanab.live sends a misplay as a "
            "discard with failed true",
        )
    if failed and not misplay:
        raise Desync(index, "failed", f"{card.card} would have extended its firework")
    if not played and t.notes >= note_cap(options) and not options.variant.discards_at_note_cap:
        raise Desync(index, "type", "a discard needs a spent Note (rule 5.2), and none is spent")
    # hanab.live's message says what befell the card; the player pressed the other button for
    # a card of an inverted suit (rule 9.13), as its records store it.
    action: Action = card_action(card, slot, play=is_play or failed)
    hands = list(game._t.hands)
    marks = list(game._t.marks)
    hands[player] = hand[:slot] + hand[slot + 1 :]
    marks[player] = marks[player][:slot] + marks[player][slot + 1 :]
    faces = game._t.faces
    if known is None:
        faces = (*faces[:order], card, *faces[order + 1 :])
    # Rule 6.5: the player draws when cards are left; the draw arrives as its own message.
    draws = game._t.drawn < len(faces)
    # What the seat sees of the turn (rules 12.2 and 9.13), as `view` has it; the draw follows.
    entry = seen_turn(
        game.seat, options.variant.clue_shown, False, game._t.turn, player, action, (), (), card,
        failed, note_gained, None, None,
    )  # fmt: skip
    return end_turn(
        game, game._t, entry, draws, tuple(hands), tuple(marks), faces, seen, built,
        discards, notes, storms, card, directions, starts,
    )  # fmt: skip


def into_hole(  # noqa: PLR0917
    game: LiveGame, player: int, order: int, slot: int, fits: bool, index: int
) -> Track:
    """A card put face down into the hole of Throw It in a Hole (rule 9.33): a ``play`` (it
    fitted) or a ``discard`` with ``failed`` true (a misplay), its face sent as −1."""
    t = game._t
    card = t.faces[order]  # known when another seat held it
    built, discards, storms = t.built, t.discards, t.storms
    unknown, hole_fits = t.hole_unknown, t.hole_fits
    if card is None:
        unknown += 1
        hole_fits += fits
    else:
        suit = card.suit_index
        # Rules 6.2 and 6.3, as `rules.effects.firework_after` states them.
        extends = firework_after(game.options, built, t.directions, t.starts, suit, card.rank)[0]
        # The fireworks are exactly known while no card of the seat's own is in the hole;
        # once one is, a known card's firework may hold more than `built` says, so only a
        # complete firework refuses it (rule 6.2: a complete firework has nothing to extend).
        if not unknown and extends != fits:
            why = "would have extended" if extends else "does not extend"
            raise Desync(index, "type", f"{card.card} {why} its firework")
        if fits:
            if built[suit] >= len(game.options.variant.suits[suit].build_order):
                raise Desync(index, "type", f"the {card.suit} firework is complete")
            built = (*built[:suit], built[suit] + 1, *built[suit + 1 :])
        else:
            discards = (*discards, card)  # rule 6.3, face down in the hole until the end
    storms += not fits
    hands = list(t.hands)
    marks = list(t.marks)
    hands[player] = t.hands[player][:slot] + t.hands[player][slot + 1 :]
    marks[player] = t.marks[player][:slot] + t.marks[player][slot + 1 :]
    # The tracker's own record of the turn, not yet what the seat sees of it (that changes once
    # the game is over: `track.seen_turns` asks `views.seen_turn` at each view). It keeps the
    # card's order in its `touched` place (a play touches nothing) and whether it missed, for
    # `view` and `reveal`; the view never shows them.
    entry = logged_turn(
        t.turn, player, HiddenPlay(slot), (order,), (), card, not fits, False, None, None
    )
    return end_turn(
        game, t._replace(hole_unknown=unknown, hole_fits=hole_fits), entry,
        t.drawn < len(t.faces), tuple(hands), tuple(marks), t.faces, t.seen, built, discards,
        t.notes, storms, card, t.directions, t.starts,
    )  # fmt: skip


def on_clue(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    options = game.options
    variant = options.variant
    giver = field_int(m, "giver", index)
    target = field_int(m, "target", index)
    clue = m.get("clue")
    if not isinstance(clue, Mapping):
        raise Desync(index, "clue", f"must be an object {{type, value}}, got {brief(clue)}")
    kind = field_int(clue, "type", index, "clue.")
    value = field_int(clue, "value", index, "clue.")
    touched = m.get("list")
    if not isinstance(touched, list) or any(type(o) is not int for o in touched):
        raise Desync(index, "list", f"must be a list of card orders, got {brief(touched)}")
    check_can_act(game, index, giver, "giver")
    if "turn" in m and field_int(m, "turn", index) != game._t.turn:
        raise Desync(index, "turn", f"turn {m['turn']}, but this is turn {game._t.turn}")
    cost = variant.note_units  # rule 9.25: two half Notes in Clue Starved
    if game._t.notes < cost:
        raise Desync(index, "type", "a clue costs a Note (rule 4.1), and none is left")
    if not 0 <= target < options.players or target == giver:
        raise Desync(index, "target", f"seat {giver} cannot give a clue to seat {target}")
    action: ColourClue | RankClue
    if kind == 0:
        if not 0 <= value < len(variant.clue_colours):
            raise Desync(index, "clue.value", f"no clue colour {value} in this variant")
        action = ColourClue(target, variant.clue_colours[value])
    elif kind == 1:
        if value not in variant.clue_ranks:  # rule 4.3 (9.18: fewer clue ranks, or none)
            raise Desync(index, "clue.value", f"no rank {value} clue in this variant")
        action = RankClue(target, value)
    else:
        raise Desync(index, "clue.type", f"must be 0 (colour) or 1 (rank), got {kind}")
    if last_clue_type(variant, game._t) is type(action):
        raise Desync(index, "clue.type", "clue types alternate in this variant (rule 9.26)")
    hand = game._t.hands[target]
    hit = set(touched)
    if len(hit) != len(touched) or not hit <= set(hand):
        raise Desync(index, "list", f"{brief(touched)} are not distinct cards of seat {target}")
    if kind == 0:
        hit_faces = game._v.colour_faces[value]
        blind = variant.colour_clues_touch_nothing
    else:
        hit_faces = game._v.rank_faces[value]
        blind = variant.rank_clues_touch_nothing
    if not hit and not (options.negative_clues or blind):
        raise Desync(index, "list", "a clue must touch a card (rule 4.5)")
    if target != game.seat:
        # Rules 4.4, 4.6, 4.7 and 9.27: the clue touches exactly the cards the variant says.
        expected = [o for o in hand if touches(game._t.faces[o], hit_faces)]
        if set(expected) != hit:
            raise Desync(index, "list", f"the clue touches {expected}, not {sorted(hit)}")
    marks = list(game._t.marks)
    learnt = []
    # Rules 9.30 and 9.31: the server sends every seat the clue's value (actions_scrub.go
    # scrubs no clue), but where the variant hides it the seat is shown only what was
    # touched, and its client applies nothing of the faces (shouldApplyClue in
    # packages/game/src/rules/clues.ts).
    shown = variant.clue_shown
    hidden = shown is not ClueShown.VALUE
    # Rule 12.4: a card of the seat's own must keep a face with a copy it has not seen.
    left = left_mask(game._v.copies, game._t.seen) if target == game.seat else -1
    for order, (was, clued) in zip(hand, marks[target], strict=True):
        is_hit = order in hit
        faces = was if hidden else learn(hit_faces, was, is_hit)
        if not faces & left:
            raise Desync(index, "list", f"card {order} cannot be what this clue says")
        learnt.append((faces, clued or is_hit))
    marks[target] = tuple(learnt)
    order_touched = tuple(o for o in hand if o in hit)
    slots = tuple(i for i, o in enumerate(hand) if o in hit)
    # What the seat sees of the clue (rules 9.30 and 9.31), as `view` has it.
    entry = seen_turn(
        game.seat, shown, False, game._t.turn, giver, action, order_touched, slots, None, False,
        False, None, None,
    )  # fmt: skip
    t = game._t
    return end_turn(
        game, t, entry, False, t.hands, tuple(marks), t.faces, t.seen, t.built, t.discards,
        t.notes - cost, t.storms, None, t.directions, t.starts,
    )  # fmt: skip


def on_status(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    clues = field_int(m, "clues", index)
    score = field_int(m, "score", index)
    field_int(m, "maxScore", index)  # hanab.live's count of reachable points: no rule of ours
    if clues != game._t.notes:
        raise Desync(index, "clues", f"{clues} clues, but {game._t.notes} Notes are available")
    built = hole_score(game._t.built, game._t.hole_fits)  # rule 9.33: the unknown fits too
    if score != built:
        raise Desync(index, "score", f"score {score}, but {built} cards are built")
    return game._t


def on_turn(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    num = field_int(m, "num", index)
    current = field_int(m, "currentPlayerIndex", index)
    turns = {game._t.turn}
    if game.ended is not None and game.ended[0] in STOPPED:
        turns.add(game._t.turn + 1)  # the server counts its own stopping action as a turn
    if num not in turns:
        raise Desync(index, "num", f"turn {num}, but {game._t.turn} actions have been taken")
    expected = -1 if game.is_over else game._t.current_player
    # Rule 7.4c undecided (see `_turn_end.can_act`): the server's turn may already say the game
    # ended.
    if current != expected and not (game._t.undecided and current == -1):
        raise Desync(index, "currentPlayerIndex", f"seat {current} to move, but it is {expected}")
    return game._t


def on_strike(game: LiveGame, m: Mapping[str, Any], index: int) -> Track:
    num = field_int(m, "num", index)
    order = field_int(m, "order", index)
    turn = field_int(m, "turn", index)
    last = game._t.pending
    if last is None and game._t.log is not None:
        last = cast(LoggedTurn, game._t.log.entry)
    if last is not None and last.misplay and order_of(last) == order:
        # After its discard (hanab.live sends it before; either is accepted).
        storms, number = game._t.storms, last.number
    elif not game.dealing and not game.is_over and game._t.pending is None:
        if order not in game._t.hands[game._t.current_player]:
            raise Desync(index, "order", f"card {order} was not misplayed")
        storms, number = game._t.storms + 1, game._t.turn
    else:
        raise Desync(index, "order", f"card {order} was not misplayed")
    if num != storms:
        raise Desync(index, "num", f"strike {num}, but this misplay is Storm {storms}")
    if turn != number:
        raise Desync(index, "turn", f"turn {turn}, but the misplay is turn {number}")
    return game._t


def check_can_act(game: LiveGame, index: int, player: int, field: str) -> None:
    """Rules 3.2 and 3.3: the seat to move acts, once the deal is done and before the end."""
    if game.dealing:
        raise Desync(index, "type", "the deal is not complete")
    if game._t.pending is not None:
        raise Desync(index, "type", f"seat {game._t.pending.player} has not drawn yet")
    if game.is_over:
        raise Desync(index, "type", "the game is over (rule 3.3)")
    if player != game._t.current_player:
        raise Desync(
            index, field, f"it is seat {game._t.current_player}'s turn, not seat {player}'s"
        )


def face_of(game: LiveGame, suit: int, rank: int, order: int, index: int) -> tuple[DealtCard, int]:
    tables = game._v
    if not 0 <= suit < len(tables.names):
        raise Desync(index, "suitIndex", f"no suit {suit} in this variant")
    if rank not in game.options.variant.ranks:  # 1 to 5, and START in Up or Down (9.29)
        raise Desync(index, "rank", f"no rank {rank}")
    face = face_index(suit, rank)
    card = DealtCard(
        order,
        tables.names[suit],
        rank,
        suit,
        tables.colour_bits[face],
        tables.rank_bits[face],
        tables.inverted[suit],
    )
    return card, face
