"""`quux-info`: Quuxplusone/Hanabi's InfoBot, the hat-guessing "info" strategy, move for move.

A reimplementation in this project's own code of `InfoBot.cc` from github.com/Quuxplusone/Hanabi
(MIT, (c) Arthur O'Dwyer, commit `daef9de`), itself a port of the "info" strategy of
WuTheFWasThat/hanabi.rs; each piece names the C++ class or function it mirrors.

Every seat keeps the *public* knowledge of every hand: per card, a weight table (how many copies
of each identity it may be, `CardPossibilityTable`). A hint is a hat-guessing code: the hinter
asks each partner the same public questions about his hand (`get_questions`: "is card i
playable?", then partitions of a card's possibilities), adds up the answers it sees modulo the
number of hints it may give (`get_hint_sum_info`), and gives the hint that encodes the sum
(`HintStrategy3`, `HintStrategy4`, `HintStrategySetPacking`). Each partner subtracts the answers it
sees from the sum and reads its own (`update_from_hint_sum`). A discard among several publicly
useless cards is a code too.

On its turn it plays a card surely playable, or a safe-enough risky card early on, hints, or
discards (`InfoBotImpl::pleaseMakeMove`). It reads only its seat's
[`PlayerView`][hanabi_core.PlayerView]: the turns since its last move replay Quux's observation
callbacks (`QuuxTable`). Floating-point scores are computed in the same order of operations as the
C++ `double`s, so ties and comparisons come out the same.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..views import PlayerView, SeenTurn
from ._table import Face, QuuxTable
from .common import QuuxBot

__all__ = ["QuuxInfoBot"]

Table = list[int]
"""`CardPossibilityTable`: weight per identity ``5·colour + value − 1``."""
HandInfo = list[Table]
Question = tuple[int, int, int, tuple[int, ...]]
"""(kind, card index, info amount, partition): kind 0 is `IsPlayable`, 1 is
`CardPossibilityPartition` (its partition maps each identity to its block)."""
Strategy = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]
"""(kind, count, card index, colour → block, value → block): kind 3 is `HintStrategy3`, 4 is
`HintStrategy4`, 0 is `HintStrategySetPacking`."""
Hinted = tuple[int, int]
"""(0, colour) or (1, value)."""

_SET_PACKING, _H3, _H4 = 0, 3, 4


def _ratio(numerator: float, denominator: int) -> float:
    """`numerator / denominator` as a C++ `double` division: NaN for 0/0 and infinity for x/0,
    which only a table emptied by a partner who does not play InfoBot's code can give."""
    if denominator == 0:
        return math.nan if numerator == 0 else math.inf
    return numerator / denominator


class _Snapshot:
    """`GameView`: the table before the move (`InfoBotImpl::pleaseObserveBeforeMove` keeps it
    as `last_view`), with the per-identity facts every question reads precomputed."""

    __slots__ = (
        "dead",
        "dead_loop",
        "dead_mask",
        "deck",
        "discard_size",
        "dispensable",
        "hints",
        "kinds",
        "lives",
        "playable",
        "player",
    )

    playable: list[bool]
    dead: list[bool]
    dead_loop: list[bool]
    dead_mask: int
    dispensable: list[bool]
    kinds: list[int]

    def __init__(self, bot: QuuxInfoBot, player: int) -> None:
        table = bot.table
        self.deck = table.deck
        self.discard_size = table.discard_size
        self.hints = table.stones
        self.lives = table.max_strikes - table.strikes
        self.player = player
        # The facts change only with a play or a discard: reuse the last snapshot's.
        key = (table.discard_size, tuple(table.piles))
        last = bot.last_snapshot
        if last is not None and bot.last_key == key:
            self.playable = last.playable
            self.dead = last.dead
            self.dead_loop = last.dead_loop
            self.dead_mask = last.dead_mask
            self.kinds = last.kinds
            self.dispensable = last.dispensable
            bot.last_snapshot = self
            return
        bot.last_key = key
        bot.last_snapshot = self
        total = bot.total
        discarded = table.discarded
        bits = len(total)
        playable = [False] * bits
        dead = [False] * bits
        dead_loop = [False] * bits
        dispensable = [False] * bits
        for c, pile in enumerate(table.piles):
            base = 5 * c
            following = pile + 1
            # CardPossibilityTable::probability_is_dead's scan: built, then a live run while
            # copies remain outside the discard pile, then dead.
            live_run = True
            gone = False  # a rank from `following` up to v - 1 has every copy discarded
            for v in range(1, 6):
                b = base + v - 1
                remaining = total[b] - discarded[b]
                if v == following:
                    playable[b] = True
                # GameView::is_dead: built, or a lower rank with every copy discarded.
                dead[b] = v <= pile or gone
                if v >= following and remaining == 0:
                    gone = True
                if v < following:
                    dead_loop[b] = True
                else:
                    if live_run and remaining == 0:
                        live_run = False
                    dead_loop[b] = not live_run
                # GameView::is_dispensable
                dispensable[b] = remaining != 1 or dead[b]
        self.playable = playable
        self.dead = dead
        self.dead_loop = dead_loop
        self.dead_mask = sum(1 << b for b, d in enumerate(dead_loop) if d)
        # Per identity: 1 playable, 2 dead (`is_dead`), 0 neither (what a question counts).
        self.kinds = [1 if p else 2 if d else 0 for p, d in zip(playable, dead, strict=True)]
        self.dispensable = dispensable


# --- hint strategies: pure functions of which identities each card may be -----------------------


def _colours_values(support: int) -> tuple[int, int]:
    """The colours and the values (bit v − 1) among a card's possible identities."""
    colours = values = 0
    while support:
        low = support & -support
        b = low.bit_length() - 1
        colours |= 1 << (b // 5)
        values |= 1 << (b % 5)
        support ^= low
    return colours, values


def _index_for_hint(supports: tuple[int, ...], dead_mask: int) -> int:
    """`HintStrategyImpl::get_index_for_hint`: the card with the most possible colours plus
    values (0 when determined or surely dead), the first of the best."""
    best = -1
    best_index = 0
    for i, support in enumerate(supports):
        surely_dead = support != 0 and support & ~dead_mask == 0
        if surely_dead or support & (support - 1) == 0:  # `probability_is_dead == 1.0`, determined
            score = 0
        else:
            colours, values = _colours_values(support)
            score = colours.bit_count() + values.bit_count()
        if score > best:
            best = score
            best_index = i
    return best_index


def _largest_disjoint(keys: list[list[int]]) -> int:
    """The row set `HintStrategySetPacking` picks for one kind of hint (`keys[i]`: the colour or
    value of each possibility of card i, in the C++ order).

    The C++ tries the row sets in increasing order and keeps the first of each larger size: the
    smallest set (as a number) of the largest size at least 2, else {0}. A row whose possibilities
    share a key collides with itself there (its own loop meets the key twice), so it never joins a
    set of two or more."""
    rows = len(keys)
    masks: list[int | None] = []
    for row in keys:
        used = 0
        for key in row:
            bit = 1 << key
            if used & bit:
                masks.append(None)
                break
            used |= bit
        else:
            masks.append(used)
    best_set = 1
    best_size = 1
    for rowset in range(3, 1 << rows):
        size = rowset.bit_count()
        if size <= best_size:
            continue
        used = 0
        for i in range(rows):
            if rowset >> i & 1:
                mask = masks[i]
                if mask is None or used & mask:
                    break
                used |= mask
        else:
            best_size = size
            best_set = rowset
    return best_set


def _set_packing(supports: tuple[int, ...], colours: int) -> Strategy:
    """`HintStrategySetPacking`: the largest sets of cards whose possible colours (values) are
    pairwise disjoint each get a hint number; the other colours and values cycle."""
    rows = len(supports)
    possible = [[b for b in range(5 * colours) if support >> b & 1] for support in supports]
    colour_set = _largest_disjoint([[b // 5 for b in row] for row in possible])
    value_set = _largest_disjoint([[b % 5 for b in row] for row in possible])
    colour_to = [-1] * colours
    value_to = [-1] * 6
    count = 0
    for i in range(rows):
        if colour_set >> i & 1:
            for b in possible[i]:
                colour_to[b // 5] = count
            count += 1
        if value_set >> i & 1:
            for b in possible[i]:
                value_to[b % 5 + 1] = count
            count += 1
    block = 0
    for c in range(colours):
        if colour_to[c] == -1:
            colour_to[c] = block
            block = (block + 1) % count
    for v in range(1, 6):
        if value_to[v] == -1:
            value_to[v] = block
            block = (block + 1) % count
    return (_SET_PACKING, count, -1, tuple(colour_to), tuple(value_to))


@lru_cache(maxsize=1 << 14)
def _hint_strategy(supports: tuple[int, ...], dead_mask: int, colours: int) -> Strategy:
    """`InfoBotImpl::get_hint_strategy`: set packing if it gives more than 4 hints, else H4 when
    the hand is publicly neither all one colour nor all one value, else H3.

    It reads only which identities each card may be (`supports`, never the weights) and, for the
    hinted index, which are surely dead (`dead_mask`): a pure function, remembered, since every
    seat of a game works out the same strategies."""
    packing = _set_packing(supports, colours)
    if packing[1] > 4:
        return packing
    # Colours (values) every card may be: a bit set intersected over the hand.
    all_colours = all_values = -1
    for support in supports:
        colour_bits, value_bits = _colours_values(support)
        all_colours &= colour_bits
        all_values &= value_bits
    index = _index_for_hint(supports, dead_mask)
    if all_colours == 0 and all_values == 0:
        return (_H4, 4, index, (), ())
    return (_H3, 3, index, (), ())


class QuuxInfoBot(QuuxBot):
    """Quux's InfoBot (`InfoBot.cc`), playing from its seat's view.

    It plays the options Quux's bots model (the `quux` and `base` variants, hands of 2 or more,
    the last round: see [`quux.common`][hanabi_core.quux.common]); on its first view of
    others it raises `InvalidOptions`.

    Args:
        rng: unused (the bot factory's signature): InfoBot draws nothing at random.
    """

    def _start(self, view: PlayerView) -> None:
        """`InfoBotImpl::InfoBotImpl`: a full table per card of every hand."""
        self._check_first(view)
        copies = tuple(suit.copies for suit in view.options.variant.suits)
        self.colours = len(copies)
        self.total = [copies[b // 5][b % 5] for b in range(5 * self.colours)]
        self.bits = range(len(self.total))
        self.bit_values = [1 << b for b in self.bits]
        self.suit_names = tuple(suit.name for suit in view.options.variant.suits)
        self.table = QuuxTable(view)
        self.me = view.seat
        self.n = view.options.players
        self.hand_size = view.options.hand_size
        self.total_cards = len(view.options.variant.deck)
        # public_info and public_counts (every card seen played or discarded).
        self.public = [[list(self.total) for _ in hand] for hand in self.table.hands]
        self.public_counts = [0] * len(self.total)
        self.last_snapshot: _Snapshot | None = None
        self.last_key: tuple[int, tuple[int, ...]] = (-1, ())

    # --- CardPossibilityTable -------------------------------------------------------------------

    @staticmethod
    def _dead_live(table: Table, snap: _Snapshot) -> tuple[int, int]:
        """The weights of `probability_is_dead`'s numerator and of the live rest."""
        dead = live = 0
        for w, is_dead in zip(table, snap.dead_loop, strict=True):
            if w:
                if is_dead:
                    dead += w
                else:
                    live += w
        return dead, live

    def _surely_dead(self, table: Table, snap: _Snapshot) -> bool:
        """`probability_is_dead(view) == 1.0` (an empty table gives NaN: false)."""
        dead, live = self._dead_live(table, snap)
        return live == 0 and dead > 0

    @staticmethod
    def _determined(table: Table) -> bool:
        """`CardPossibilityTable::is_determined`."""
        count = 0
        for w in table:
            if w:
                count += 1
        return count == 1

    @staticmethod
    def _probability(table: Table, yes: list[bool]) -> float:
        """`probability_of_predicate`: weight of `yes` identities over the total (exact sums)."""
        hit = weight = 0
        for b, w in enumerate(table):
            if w:
                weight += w
                if yes[b]:
                    hit += w
        return _ratio(hit, weight)

    def _mark_colour(self, table: Table, colour: int, yes: bool) -> None:
        """`CardPossibilityTable::mark_color`."""
        for b in self.bits:
            if (b // 5 == colour) != yes:
                table[b] = 0

    def _mark_value(self, table: Table, value: int, yes: bool) -> None:
        """`CardPossibilityTable::mark_value`."""
        for b in self.bits:
            if (b % 5 + 1 == value) != yes:
                table[b] = 0

    # --- questions (get_questions, IsPlayable, CardPossibilityPartition) ------------------------

    def _questions(self, total_info: int, snap: _Snapshot, info: HandInfo) -> list[Question]:
        """`InfoBotImpl::get_questions`: the public questions about a hand, most significant
        first, while the information left (divided down by each question's amount) exceeds 1."""
        questions: list[Question] = []
        remaining = total_info
        kinds = snap.kinds
        augmented = []  # AugmentedCardPossibilities: (p_play, index, determined, surely dead)
        any_known_playable = False
        for i, table in enumerate(info):
            n_play = n_dead = n_unique = n_total = 0
            for w, kind in zip(table, kinds, strict=True):
                if w:
                    n_unique += 1
                    n_total += w
                    if kind == 1:
                        n_play += w
                    elif kind == 2:
                        n_dead += w
            p_play = _ratio(n_play, n_total)
            augmented.append((p_play, i, n_unique == 1, n_dead == n_total))
            if n_play == n_total:
                any_known_playable = True
        if not any_known_playable:
            ask_play = [
                (p_play, i)
                for p_play, i, determined, all_dead in augmented
                if not determined and not all_dead and not (p_play == 1.0 or p_play < 0.2)
            ]
            # Higher probability first, then the lower index (a total order: std::sort agrees).
            ask_play.sort(key=lambda a: (-a[0], a[1]))
            for _, i in ask_play:
                questions.append((0, i, 2, ()))
                remaining //= 2
                if remaining <= 1:
                    return questions
        ask_partition = [
            (p_play, i)
            for p_play, i, determined, all_dead in augmented
            if not (determined or all_dead)
        ]
        ask_partition.sort(key=lambda a: (-a[0], a[1]))
        for _, i in ask_partition:
            question = self._partition(i, remaining, info[i], snap)
            questions.append(question)
            remaining //= question[2]
            if remaining <= 1:
                return questions
        return questions

    def _partition(self, index: int, most: int, table: Table, snap: _Snapshot) -> Question:
        """`CardPossibilityPartition`: the live identities dealt round robin into blocks, the
        dead ones (if any) into one more block."""
        dead_weight, live_weight = self._dead_live(table, snap)
        has_dead = dead_weight > 0 or live_weight == 0  # `probability_is_dead != 0.0`, NaN too
        effective = most - 1 if has_dead else most
        partition = [0] * len(table)
        block = 0
        blocks = 0
        dead = snap.dead
        for b, w in enumerate(table):
            if w and not dead[b]:
                partition[b] = block
                block = (block + 1) % effective
                if blocks < effective:
                    blocks += 1
        if has_dead:
            for b, w in enumerate(table):
                if w and dead[b]:
                    partition[b] = blocks
            blocks += 1
        return (1, index, blocks, tuple(partition))

    @staticmethod
    def _answer(question: Question, hand: list[Face], snap: _Snapshot) -> int:
        """`Question::answer` for the card's true identity."""
        c, v = hand[question[1]]
        b = 5 * c + v - 1
        if question[0] == 0:
            return 1 if snap.playable[b] else 0
        return question[3][b]

    @staticmethod
    def _acknowledge(question: Question, answer: int, info: HandInfo, snap: _Snapshot) -> None:
        """`Question::acknowledge_answer`: keep the identities that give `answer`."""
        table = info[question[1]]
        if question[0] == 0:
            playable = snap.playable
            for b, w in enumerate(table):
                if w and playable[b] != (answer == 1):
                    table[b] = 0
        else:
            partition = question[3]
            for b, w in enumerate(table):
                if w and partition[b] != answer:
                    table[b] = 0

    def _answers(
        self, seat: int, total_info: int, questions: list[Question], snap: _Snapshot
    ) -> int:
        """`get_hint_info_for_player`: the answers combined mixed-radix, first most significant
        (the modulus is then widened to `total_info`)."""
        hand = self.table.hand(seat)
        value = 0
        for question in questions:
            value = value * question[2] + self._answer(question, hand, snap)
        return value

    def _hint_sum(self, total_info: int, snap: _Snapshot) -> int:
        """`InfoBotImpl::get_hint_sum_info`: the partners' answers summed modulo `total_info`."""
        value = 0
        for seat in range(self.n):
            if seat == self.me:
                continue
            questions = self._questions(total_info, snap, self.public[seat])
            value = (value + self._answers(seat, total_info, questions, snap)) % total_info
        return value

    def _update_from_hint_sum(self, modulus: int, value: int, snap: _Snapshot) -> None:
        """`InfoBotImpl::update_from_hint_sum` then `infer_own_from_hint_sum`: every partner but
        the hinter learns its answers; I learn mine from what is left."""
        hinter = snap.player
        for seat in range(self.n):
            if seat in (hinter, self.me):
                continue
            info = self.public[seat]
            questions = self._questions(modulus, snap, info)
            answer = self._answers(seat, modulus, questions, snap)
            value = (modulus + value - answer) % modulus
            hand = self.table.hand(seat)
            for question in questions:
                self._acknowledge(question, self._answer(question, hand, snap), info, snap)
        if self.me == hinter:
            return
        info = self.public[self.me]
        questions = self._questions(modulus, snap, info)
        product = 1
        for question in questions:
            product *= question[2]
        # ModulusInformation::cast_down(product), then split() most significant first.
        for question in questions:
            product //= question[2]
            answer = value // product
            value -= answer * product
            self._acknowledge(question, answer, info, snap)

    # --- hint strategies ------------------------------------------------------------------------

    def _strategy(self, seat: int, snap: _Snapshot) -> Strategy:
        """`InfoBotImpl::get_hint_strategy` for `seat`'s public tables (see `_hint_strategy`)."""
        bits = self.bit_values
        tables = self.public[seat]
        supports = tuple([sum([b for b, w in zip(bits, t, strict=True) if w]) for t in tables])
        return _hint_strategy(supports, snap.dead_mask, self.colours)

    @staticmethod
    def _encode(strategy: Strategy, hand: list[Face], hint_type: int) -> list[Hinted]:
        """`encode_hint`: the concrete hints of one hint type, in the C++ listing order."""
        kind = strategy[0]
        hints: list[Hinted] = []
        if kind == _SET_PACKING:
            colour_to, value_to = strategy[3], strategy[4]
            for c, v in hand:
                if colour_to[c] == hint_type:
                    hints.append((0, c))
                if value_to[v] == hint_type:
                    hints.append((1, v))
            return hints
        hc, hv = hand[strategy[2]]
        if hint_type == 0:
            return [(1, hv)]
        if hint_type == 1:
            return [(0, hc)]
        for c, v in hand:
            if kind == _H3:
                if c != hc:
                    hints.append((0, c))
                if v != hv:
                    hints.append((1, v))
            elif hint_type == 2:
                if v != hv:
                    hints.append((1, v))
            elif c != hc:
                hints.append((0, c))
        return hints

    @staticmethod
    def _decode(strategy: Strategy, hinted: Hinted, touched: set[int]) -> int:
        """`decode_hint`."""
        kind = strategy[0]
        if kind == _SET_PACKING:
            return strategy[3][hinted[1]] if hinted[0] == 0 else strategy[4][hinted[1]]
        if strategy[2] in touched:
            return 0 if hinted[0] == 1 else 1
        if kind == _H3:
            return 2
        return 2 if hinted[0] == 1 else 3

    # --- giving and reading hints ---------------------------------------------------------------

    def _get_hint(self, snap: _Snapshot) -> Action:
        """`InfoBotImpl::get_hint`: encode the sum of the partners' answers; among the hints of
        that type, the one that tells its receiver most."""
        strategies = [self._strategy((self.me + 1 + i) % self.n, snap) for i in range(self.n - 1)]
        total_info = sum(s[1] for s in strategies)
        hint_type = self._hint_sum(total_info, snap)
        amount = 0
        while hint_type >= strategies[amount][1]:
            hint_type -= strategies[amount][1]
            amount += 1
        to = (self.me + 1 + amount) % self.n
        hand = self.table.hand(to)
        # The receiver's tables once it has read its answers, to questions built with
        # 3·(players − 1) hints (not the count above: a quirk of the C++).
        info = [list(table) for table in self.public[to]]
        questions = self._questions(3 * (self.n - 1), snap, info)
        for question in questions:
            self._acknowledge(question, self._answer(question, hand, snap), info, snap)
        best: Hinted = (0, 0)  # Hinted::Dummy(): a red colour hint
        best_goodness = -1.0
        for hinted in self._encode(strategies[amount], hand, hint_type):
            goodness = 1.0
            for i, original in enumerate(info):
                if self._surely_dead(original, snap) or self._determined(original):
                    continue
                table = list(original)
                old_weight = sum(table)
                c, v = hand[i]
                if hinted[0] == 0:
                    self._mark_colour(table, hinted[1], hinted[1] == c)
                else:
                    self._mark_value(table, hinted[1], hinted[1] == v)
                new_weight = sum(table)
                bonus = 2.0 if self._determined(table) or self._surely_dead(table, snap) else 1.0
                goodness *= _ratio(bonus * float(old_weight), new_weight)
            if goodness > best_goodness:
                best_goodness = goodness
                best = hinted
        if best[0] == 0:
            if all(c != best[1] for c, _ in hand):
                # The dummy red hint with no red card: the C++ would make an illegal move (its
                # checked build throws). That never happens among InfoBots (none of Quux's 800,000
                # games); with other partners it can, so name the colour of the oldest card.
                best = (0, hand[0][0])
            return ColourClue(to, self.suit_names[best[1]])
        return RankClue(to, best[1])

    def _infer_from_hint(
        self, hinter: int, to: int, hinted: Hinted, touched: set[int], snap: _Snapshot
    ) -> None:
        """`InfoBotImpl::infer_from_hint`: the hint's number, then the hat update."""
        strategies = [self._strategy((hinter + 1 + i) % self.n, snap) for i in range(self.n - 1)]
        total_info = sum(s[1] for s in strategies)
        amount = (self.n + to - hinter - 1) % self.n
        before = sum(s[1] for s in strategies[:amount])
        value = before + self._decode(strategies[amount], hinted, touched)
        self._update_from_hint_sum(total_info, value, snap)

    def _find_useless(self, info: HandInfo, snap: _Snapshot) -> list[int]:
        """`InfoBotImpl::find_useless_cards`: surely dead cards, and both of two determined
        cards of the same identity; sorted."""
        useless: set[int] = set()
        seen: dict[int, int] = {}
        for i, table in enumerate(info):
            if self._surely_dead(table, snap):
                useless.add(i)
            elif self._determined(table):
                b = next(b for b, w in enumerate(table) if w)
                if b in seen:
                    useless.add(i)
                    useless.add(seen[b])
                else:
                    seen[b] = i
        return sorted(useless)

    def _discard_or_play(self, snap: _Snapshot, seat: int, slot: int, b: int) -> None:
        """`update_public_info_for_discard_or_play`: the card leaves its hand, a fresh table
        comes in if the deck was not empty, and every table loses one weight of the card."""
        info = self.public[seat]
        del info[slot]
        if snap.deck != 0:
            info.append([t - s for t, s in zip(self.total, self.public_counts, strict=True)])
        for hand in self.public:
            for table in hand:
                if table[b]:
                    table[b] -= 1
        self.public_counts[b] += 1

    # --- observing ------------------------------------------------------------------------------

    def _observe(self, turn: SeenTurn) -> None:
        """One turn as Quux's callbacks show it: `pleaseObserveBeforeMove` keeps the table,
        then the play, discard or hint callback."""
        snap = _Snapshot(self, turn.player)
        action = turn.action
        if type(action) is Play or type(action) is Discard:
            card = turn.card
            assert card is not None
            b = 5 * card.suit_index + card.rank - 1
            if type(action) is Discard:
                # pleaseObserveBeforeDiscard: a discard among several publicly useless cards
                # is a hat code over their number.
                useless = self._find_useless(self.public[turn.player], snap)
                if len(useless) > 1:
                    value = useless.index(action.slot) if action.slot in useless else -1
                    self._update_from_hint_sum(len(useless), value, snap)
            self._discard_or_play(snap, turn.player, action.slot, b)
            return
        touched = set(turn.slots)
        if type(action) is ColourClue:
            hinted: Hinted = (0, self.table.colour_of[action.colour])
            target = action.target
        else:
            assert type(action) is RankClue
            hinted = (1, action.rank)
            target = action.target
        self._infer_from_hint(turn.player, target, hinted, touched, snap)
        # update_public_info_for_hint: the hint's literal information.
        for i, table in enumerate(self.public[target]):
            if hinted[0] == 0:
                self._mark_colour(table, hinted[1], i in touched)
            else:
                self._mark_value(table, hinted[1], i in touched)

    # --- the move -------------------------------------------------------------------------------

    def __call__(self, view: PlayerView, /) -> Action:
        """`InfoBotImpl::pleaseMakeMove`, after replaying the turns since the last call."""
        if not self._started:
            self._start(view)
        self.table.catch_up(view, self._observe)
        snap = _Snapshot(self, self.me)
        table = self.table
        others = [table.hand(p) for p in range(self.n) if p != self.me]
        # get_private_info: my tables less the cards I see.
        private = [list(t) for t in self.public[self.me]]
        for hand in others:
            for c, v in hand:
                b = 5 * c + v - 1
                for t in private:
                    if t[b]:
                        t[b] -= 1
        playable = snap.playable
        best_score = -1.0
        best = -1
        for i, t in enumerate(private):
            if self._probability(t, playable) == 1.0:
                score = self._average_play_score(t, snap, others)
                if score > best_score:
                    best_score = score
                    best = i
        if best >= 0:
            return Play(best)
        threshold = self.total_cards - 5 * self.colours - self.n * self.hand_size
        if snap.lives > 1 and snap.discard_size <= threshold:
            # A risky play: a card surely playable or dead, playable with probability > 0.75.
            safe = [p or d for p, d in zip(playable, snap.dead, strict=True)]
            for i, t in enumerate(private):
                if self._probability(t, safe) != 1.0:
                    continue
                p = self._probability(t, playable)
                if p > 0.75 and p > best_score:
                    best_score = p
                    best = i
            if best >= 0:
                return Play(best)
        if table.stones >= table.max_stones:
            return self._get_hint(snap)
        public_useless = self._find_useless(self.public[self.me], snap)
        useless = self._find_useless(private, snap)
        if snap.discard_size <= threshold:
            if len(public_useless) > 1:
                return Discard(public_useless[self._hint_sum(len(public_useless), snap)])
            if useless:
                return Discard(useless[0])
        if snap.hints > 0 and any(playable[5 * c + v - 1] for hand in others for c, v in hand):
            return self._get_hint(snap)
        if len(public_useless) > 1:
            return Discard(public_useless[self._hint_sum(len(public_useless), snap)])
        if useless:
            return Discard(useless[0])
        # The most dispensable card: likely seen elsewhere, dispensable, high.
        seen = [False] * len(self.total)
        for hand in others:
            for c, v in hand:
                seen[5 * c + v - 1] = True
        for i, t in enumerate(private):
            score = (
                20.0 * self._probability(t, seen)
                + 10.0 * self._probability(t, snap.dispensable)
                + self._average_value(t)
            )
            if score > best_score:
                best_score = score
                best = i
        return Discard(best if best >= 0 else 0)

    def _average_play_score(self, table: Table, snap: _Snapshot, others: list[list[Face]]) -> float:
        """`get_average_play_score`: the weighted mean of (10 − value) / (1 + partners holding
        the card, counted while the deck is not empty), summed in the C++ order."""
        total_score = 0.0
        total_weight = 0
        for b, w in enumerate(table):
            if w:
                face = (b // 5, b % 5 + 1)
                holders = 1
                if snap.deck > 0:
                    for hand in others:
                        if face in hand:
                            holders += 1
                total_weight += w
                total_score += w * ((10.0 - face[1]) / holders)
        return _ratio(total_score, total_weight)

    @staticmethod
    def _average_value(table: Table) -> float:
        """`CardPossibilityTable::average_value`."""
        total_score = 0.0
        total_weight = 0
        for b, w in enumerate(table):
            if w:
                total_weight += w
                total_score += w * float(b % 5 + 1)
        return _ratio(total_score, total_weight)
