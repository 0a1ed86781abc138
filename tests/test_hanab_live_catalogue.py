"""Every hanab.live variant against the facts of its catalogue (rules 9.8 to 9.28).

The oracle below reads the raw facts (hanab.live's JSON fields, as shipped in
``hanabi_core/hanablive/data``) and decides touches in the order of rule 9.27 on its own, without
`Variant`: deck sizes by hanab.live's client formula (``getTotalCardsInSuit``; Up or Down's START
cards by rule 9.29), maximum scores,
clue colours and ranks, and, on random deals, what every clue touches and which clues are legal,
compared with `legal_actions`, `apply` and `check`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from hanabi_core import (
    VARIANTS,
    ColourClue,
    GameState,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    check,
    legal_actions,
    new_game,
    view,
)
from hanabi_core.hanablive import variants as hanablive_variants
from hanabi_core.hanablive.variants import (
    HANAB_LIVE_VARIANTS,
    _data,
    mechanics,
    variant,
    variant_names,
)
from hanabi_core.views import HiddenClue, HiddenPlay

REFUSED_FLAGS: tuple[str, ...] = ()


def expected_shown(v: Mapping[str, Any], clue: ColourClue | RankClue) -> object:
    """What a seat other than the giver is shown of `clue` (rules 9.30 and 9.31): in hanab.live's
    client, "Quack" for Duck, "Moo" (colour) or "Oink" (rank) for Cow & Pig."""
    if v.get("duck"):
        return HiddenClue(clue.target, None)
    if v.get("cowAndPig"):
        return HiddenClue(clue.target, "colour" if isinstance(clue, ColourClue) else "rank")
    return clue


def facts() -> tuple[Mapping[str, Any], Mapping[str, Any], frozenset[str]]:
    return _data()


def suit_facts(name: str) -> Mapping[str, Any]:
    return facts()[1][name.removesuffix(" Reversed")]


def suit_colours(name: str) -> list[str]:
    s = suit_facts(name)
    if "clueColors" in s:
        return list(s["clueColors"])
    if s.get("allClueColors") or s.get("noClueColors") or s.get("prism"):
        return []
    return [s["name"]] if s["name"] in facts()[2] else []


def expected_colours(v: Mapping[str, Any]) -> tuple[str, ...]:
    if "clueColors" in v:
        return tuple(v["clueColors"])
    out: list[str] = []
    for name in v["suits"]:
        if suit_facts(name).get("allClueColors"):
            continue
        out += [c for c in suit_colours(name) if c not in out]
    return tuple(out)


def expected_deck_size(v: Mapping[str, Any]) -> int:
    # hanab.live packages/game/src/rules/deck.ts, getTotalCardsInSuit and server/src/variant.go,
    # GetDeckSize: a one-of-each suit one card a rank, Sudoku two (rule 9.32), up to stackSize.
    size = v.get("stackSize", 5)
    total = 0
    for name in v["suits"]:
        if v.get("sudoku"):
            total += size if suit_facts(name).get("oneOfEach") else 2 * size
            continue
        # Up or Down (rule 9.29): one START card more, two 1s fewer (getTotalCardsInSuit).
        if suit_facts(name).get("oneOfEach"):
            total += 6 if v.get("upOrDown") else 5
        elif "criticalRank" in v or v.get("scarceOnes") or v.get("upOrDown"):
            total += 9
        else:
            total += 10
    return total


def oracle_touch(v: Mapping[str, Any], colours: tuple[str, ...], clue: object, i: int, rank: int):  # type: ignore[no-untyped-def]
    """Rule 9.27's order, on the raw facts."""
    s = suit_facts(v["suits"][i])
    special = v.get("specialRank") == rank
    if isinstance(clue, ColourClue):
        c = colours.index(clue.colour)
        if v.get("colorCluesTouchNothing"):
            return False
        if s.get("allClueColors"):
            return True
        if s.get("noClueColors"):
            return False
        if v.get("synesthesia") and not s.get("noClueRanks") and c == (rank - 1) % len(colours):
            return True
        if special and v.get("specialRankAllClueColors"):
            return True
        if special and v.get("specialRankNoClueColors"):
            return False
        if s.get("prism"):
            if rank == 7:  # rule 9.29: a START card counts as rank 0, the last colour's
                return c == len(colours) - 1
            return c == (rank - 1) % len(colours)
        return clue.colour in suit_colours(v["suits"][i])
    assert isinstance(clue, RankClue)
    value = clue.rank
    if v.get("rankCluesTouchNothing"):
        return False
    if s.get("allClueRanks"):
        return True
    if s.get("noClueRanks"):
        return False
    if special:
        if v.get("specialRankAllClueRanks"):
            return True
        if v.get("specialRankNoClueRanks"):
            return False
        if v.get("specialRankDeceptive"):
            ranks = v["clueRanks"]
            return value == ranks[i % len(ranks)]
    if v.get("oddsAndEvens"):
        return rank in ((1, 3, 5) if value == 1 else (2, 4))
    if v.get("funnels"):
        return rank <= value
    if v.get("chimneys"):
        return rank >= value
    return value == rank


def check_variant(name: str, seeds: range, players: int) -> None:
    v = facts()[0][name]
    if any(v.get(flag) for flag in REFUSED_FLAGS):
        assert mechanics(name)
        with pytest.raises(InvalidOptions):
            variant(name)
        return
    built = variant(name)
    if name in HANAB_LIVE_VARIANTS:
        # One of the six names the library shares: `variant` gives the built-in variant (suits
        # red to white); check hanab.live's facts against the catalogue's build, and that the
        # built-in one plays alike, suit for suit and colour for colour (rule 9.8).
        theirs = hanablive_variants._build(name)
        assert built == VARIANTS[HANAB_LIVE_VARIANTS[name]]
        assert [s.copies for s in built.suits] == [s.copies for s in theirs.suits]
        assert [s.descending for s in built.suits] == [s.descending for s in theirs.suits]
        assert len(built.clue_colours) == len(theirs.clue_colours)
        assert built.clue_ranks == theirs.clue_ranks
        for i, (ours, hers) in enumerate(zip(built.suits, theirs.suits, strict=True)):
            for rank in built.ranks:
                assert built.colour_bits(ours, rank) == theirs.colour_bits(hers, rank), (i, rank)
                assert built.rank_bits(ours, rank) == theirs.rank_bits(hers, rank), (i, rank)
        built = theirs
    colours = expected_colours(v)
    ranks = tuple(v.get("clueRanks", (1, 2, 3, 4, 5)))
    assert built.suit_names == tuple(v["suits"])
    assert built.clue_colours == colours and built.clue_ranks == ranks
    assert len(built.deck) == expected_deck_size(v)
    starts = [c for c in built.deck if c.rank == 7]  # rule 9.29: one START card a suit
    assert len(starts) == (len(v["suits"]) if v.get("upOrDown") else 0)
    assert built.up_or_down == bool(v.get("upOrDown"))
    # Rule 9.32: stackSize (4 in four-suit Sudoku, only there) cards a firework.
    size = v.get("stackSize", 5)
    assert size == 5 or v.get("sudoku")
    assert built.max_score == size * len(v["suits"]) and built.stack_size == size
    assert built.sudoku == bool(v.get("sudoku"))
    assert {c.rank for c in built.deck} <= set(range(1, size + 1)) | {7}
    # Rule 9.33 (server/src/actions_scrub.go): every play reaches every seat face down.
    assert built.hidden_plays == bool(v.get("throwItInAHole"))
    options = Options(players, variant=built)
    shown_checked = False
    for seed in seeds:
        state = new_game(options, seed=seed)
        if seed == seeds[0]:
            check_play_shown(v, state)
        legal = set(legal_actions(state))
        for target in range(1, players):
            hand = state.hands[target]
            clues: list[ColourClue | RankClue] = [ColourClue(target, c) for c in colours]
            clues += [RankClue(target, r) for r in ranks]
            for clue in clues:
                want = tuple(
                    card.order
                    for card in hand
                    if oracle_touch(v, colours, clue, card.suit_index, card.rank)
                )
                blind = v.get(
                    "colorCluesTouchNothing"
                    if isinstance(clue, ColourClue)
                    else "rankCluesTouchNothing"
                )
                if want or blind:
                    assert clue in legal, (name, clue)
                    after = apply(state, clue)
                    assert after.last_turn is not None and after.last_turn.touched == want
                    if not shown_checked:  # once per variant: a view costs more than a clue
                        shown_checked = True
                        assert view(after, target).history[-1].action == expected_shown(v, clue)
                        assert view(after, 0).history[-1].action == clue  # the giver's
                else:
                    assert clue not in legal, (name, clue)
                    error = check(state, clue)
                    assert error is not None and error.rule == Rule.CLUE_MUST_TOUCH
        named = {(type(a), getattr(a, "colour", None), getattr(a, "rank", None)) for a in legal}
        assert all(
            (kind is ColourClue and colour in colours) or (kind is RankClue and rank in ranks)
            for kind, colour, rank in named
            if kind in (ColourClue, RankClue)
        )


def check_play_shown(v: Mapping[str, Any], state: GameState) -> None:
    """What each seat is shown of a play of slot 0 (rule 9.33): in Throw It in a Hole, hanab.live's
    server sends it with suit and rank -1 to every player and the client hides the fireworks, the
    score and the strikes; elsewhere the card is face up and the fireworks public."""
    card = state.hands[0][0]
    after = apply(state, Play(0))
    inverted = suit_facts(v["suits"][card.suit_index]).get("inverted", False)
    hole = bool(v.get("throwItInAHole")) and not inverted  # an inverted card played is discarded
    for seat in range(state.options.players):
        seen = view(after, seat)
        turn = seen.history[-1]
        if hole:
            assert turn.action == HiddenPlay(0) and turn.misplay is None
            assert turn.card == (None if seat == 0 else card)
        else:
            assert turn.action == Play(0) and turn.card == card
        hidden = bool(v.get("throwItInAHole"))
        assert (seen.built is None, seen.storms is None, seen.score is None) == (hidden,) * 3


def test_r9_8_the_catalogue_has_every_variant_once() -> None:
    names = variant_names()
    by_id = sorted(facts()[0][n]["id"] for n in names)
    assert by_id == list(range(2426))
    refused = [n for n in names if mechanics(n)]
    assert len(refused) == sum(1 for n in names if any(facts()[0][n].get(f) for f in REFUSED_FLAGS))


def test_r9_27_every_variant_against_the_facts() -> None:
    """All 2,426 variants: one deal each, two players (a few seconds)."""
    names = variant_names()
    for k, name in enumerate(names):
        check_variant(name, range(k, k + 1), 2)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_r9_27_every_variant_against_the_facts_slow(players: int) -> None:
    rng = random.Random(players)
    for name in variant_names():
        start = rng.randrange(10**6)
        check_variant(name, range(start, start + 4), players)
