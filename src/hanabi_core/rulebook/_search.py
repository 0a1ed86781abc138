"""Searching the spec by the words players use: a small ranked index over the rules, the rulings
and the out-of-scope page.

A text is cut into words (letters and digits; ``_``, ``-`` and punctuation separate them, a rule id
such as ``4.5`` is one word), each word is folded to its stem (``clues``, ``clueing`` → ``clu``;
``discarded`` → ``discard``; ``color`` → ``colour``; ``fives`` → ``5``) and the stop words
(``at``, ``the``, ``how``, ``many``…) are dropped. A query's word that the glossary lists as another
edition's, engine's or table's word for one of the library's (``strike`` for the Storm token,
``hint`` for a clue, ``sort`` for rearranging a hand) brings the library's words in too, at a lower
weight. Every stem of the query need not occur: a rule is scored by BM25F over three fields, its
title above its statement (the plain-words rule, the ruling and the formal block) above the rest of
its body (sources, code names), so the rule whose title or statement answers the query ranks first.
The index is built once, from the Markdown shipped in the package; no dependency but the standard
library.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

__all__ = ["FIELDS", "STOP_WORDS", "SYNONYMS", "Index", "Query", "parse_query", "stem", "stems"]

#: Other editions', engines' and players' words (``docs/spec/glossary.md``) → the library's words
#: for them. A key is matched in any case; "blind play" is the players' name for a play of a card
#: its owner knows nothing of, which the rules treat as any other play (rule 6.1).
SYNONYMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # Storm token: fuse (R&R Games), strike (hanab.live), life token (HLE).
        "fuse": ("Storm",),
        "fuses": ("Storm",),
        "fuse tile": ("Storm token",),
        "red token": ("Storm token",),
        "strike": ("Storm",),
        "strikes": ("Storm",),
        "life": ("Storm",),
        "lives": ("Storm",),
        "life token": ("Storm token",),
        "life tokens": ("Storm tokens",),
        # The last Storm: strikeout (hanab.live), the explosion, out of life tokens (HLE), bomb out.
        "strikeout": ("last Storm", "storm-out"),
        "strike out": ("last Storm", "storm-out"),
        "bomb out": ("last Storm", "storm-out"),
        "explosion": ("last Storm",),
        "lose a life": ("turn a Storm token",),
        "lost a life": ("turn a Storm token",),
        # Note token: clue token (hanab.live), hint token, information token (HLE), blue token.
        "clue token": ("Note token",),
        "clue tokens": ("Note tokens",),
        "hint token": ("Note token",),
        "hint tokens": ("Note tokens",),
        "information token": ("Note token",),
        "information tokens": ("Note tokens",),
        "blue token": ("Note token",),
        "clock tile": ("Note token",),
        "max clues": ("max_notes", "every Note token"),
        "out of clues": ("no Note", "Note token"),
        # A clue: hint, give information (English editions), reveal (HLE).
        "hint": ("clue",),
        "hints": ("clue",),
        "reveal": ("clue",),
        # A misplay: bomb (hanab.live), mistake, failed play (HLE).
        "bomb": ("misplay",),
        "bombs": ("misplay",),
        "failed play": ("misplay",),
        "blind play": ("play",),
        "blind plays": ("play",),
        # A firework: stack, play stack (hanab.live), pile, series.
        "stack": ("firework",),
        "stacks": ("firework",),
        "play stack": ("firework",),
        "pile": ("firework",),
        # A suit's value: number, rank (hanab.live and HLE).
        "number": ("value", "rank"),
        "draw pile": ("deck",),
        "empty clue": ("touch no card", "touches nothing", "negative_clues"),
        "negative clue": ("touch no card", "touches nothing", "negative_clues"),
        "null clue": ("touch no card", "touches nothing", "negative_clues"),
        "zero clue": ("touch no card", "touches nothing", "negative_clues"),
        # Multicolour: rainbow (R&R Games, hanab.live), wild.
        "rainbow": ("multicolour",),
        # The final round: last round, last turn.
        "last turn": ("final round",),
        "last round": ("final round",),
        # Players' words for the score and its end.
        "perfect score": ("maximum score", "25"),
        "max score": ("maximum score", "25"),
        "timeout": ("stopped from outside", "terminated"),
        "timed out": ("stopped from outside", "terminated"),
        "sort": ("rearrange",),
        "reorder": ("rearrange",),
        "yourself": ("another player",),
        "myself": ("another player",),
        "new card": ("draw", "newest card"),
        "runs out": ("last card", "final round"),
        "run out": ("last card", "final round"),
        "empty deck": ("last card", "final round"),
        "8 clues": ("every Note token", "max_notes"),
        "extra": ("spare", "sixth"),
    }
)

#: Words a query skips: they occur in every rule or in no answer ("at", "the", "how many"). Kept
#: as prose (hence the noqa): a list of 160 quoted words is harder to read.
STOP_WORDS: frozenset[str] = frozenset(
    """a about after again all also am an and any are as at be been before being both but by can
    could did do does doing done during each either else for from get gets go goes going gone
    got had has have having he her here his how i if in into is it its itself just let may me
    might more most much must my many neither nor not now of off on once only or other our ought
    over per shall she should so some such than that the their them then there these they this
    those through thus to too under until upon us very was we were what whatever when where
    whether which while who whom whose why will with within would yet you your yours""".split()  # noqa: SIM905
)

#: Irregular forms folded to the word the spec uses.
_IRREGULAR = MappingProxyType(
    {
        "lost": "lose",
        "drew": "draw",
        "drawn": "draw",
        "gave": "give",
        "given": "give",
        "dealt": "deal",
        "told": "tell",
        "chose": "choose",
        "chosen": "choose",
        "built": "build",
        "held": "hold",
        "ran": "run",
        "began": "begin",
        "begun": "begin",
        "saw": "see",
        "seen": "see",
        "won": "win",
        "took": "take",
        "taken": "take",
        "threw": "throw",
        "thrown": "throw",
    }
)
_NUMBERS = MappingProxyType(
    {
        "zero": "0",
        "one": "1",
        "ones": "1",
        "two": "2",
        "twos": "2",
        "three": "3",
        "threes": "3",
        "four": "4",
        "fours": "4",
        "five": "5",
        "fives": "5",
        "six": "6",
        "twice": "2",
        "sixes": "6",
        "seven": "7",
        "eight": "8",
        "nine": "9",
        "ten": "10",
    }
)
_WORD = re.compile(r"\d+\.\d+[a-z]?(?![\w.]*\w)|[^\W_]+")
_VOWEL = re.compile(r"[aeiouy]")


def stem(word: str) -> str:
    """The stem of one word: its plural, ``-ing``, ``-ed``, ``-ly`` and final ``e`` removed,
    American spelling made British, a number word made a digit.

    A light stemmer in the manner of Porter's first steps, enough for the spec's English: both the
    query and the text are folded the same way, so a stem need not be a word.

    ```python
    from hanabi_core.rulebook._search import stem

    assert stem("Clues") == stem("clue") == stem("clueing") == stem("cluing")
    assert stem("discarded") == stem("discarding") == stem("discards") == "discard"
    assert stem("colors") == stem("colour") and stem("fives") == stem("5")
    assert stem("refused") != stem("fuse") and stem("misplay") != stem("play")
    ```
    """
    w = word.casefold()
    if "color" in w and "colour" not in w:
        w = w.replace("color", "colour")
    if w in _NUMBERS:
        return _NUMBERS[w]
    w = _IRREGULAR.get(w, w)
    if len(w) <= 3 or not w.isalpha():
        return w
    if w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("ches", "shes", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        root = w[: -len(suffix)]
        if w.endswith(suffix) and len(root) >= 3 and _VOWEL.search(root):
            w = root
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # stopped → stop
            break
    if w.endswith(("wards", "ward")) and w.startswith(("down", "up")):
        return w[: w.index("ward")]  # downwards → down
    if w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return w


def bigram(first: str, second: str) -> str:
    """The index token of two neighbouring stems (a space cannot occur inside a stem)."""
    return f"{first} {second}"


def words(text: str) -> list[str]:
    """The words of `text`, folded to lower case, in order (a rule id like ``4.5`` is one)."""
    return _WORD.findall(text.casefold())


def stems(text: str, *, keep_stop_words: bool = False) -> list[str]:
    """The stems of the words of `text`, in order, without the stop words (unless kept)."""
    return [stem(w) for w in words(text) if keep_stop_words or w not in STOP_WORDS]


#: The fields of a searched text and the weight of a word found in each: a word of the title counts
#: six times a word of the sources, a word of the statement three times.
FIELDS: Mapping[str, float] = MappingProxyType(
    {"title": 6.0, "section": 1.5, "statement": 3.0, "body": 1.0}
)
_B: Mapping[str, float] = MappingProxyType(
    {"title": 0.3, "section": 0.0, "statement": 0.6, "body": 0.75}
)
_K1 = 2.0
#: The idf is raised to this power: below 1, a rare word of the sources weighs less against a
#: common word of the title.
_IDF_POWER = 0.5
#: The weight of a synonym's stems against the query's own words.
_SYNONYM_WEIGHT = 0.7

_PHRASES = sorted(SYNONYMS, key=lambda key: (-len(key.split()), -len(key)))


class Query:
    """A parsed query: its terms (each a word or a glossary phrase, with the library's words for
    it), read as alternatives to be scored.

    A term's one-word alternatives are one concept: ``hint`` and ``clue`` count as the same word,
    as the glossary says they are. Each many-word alternative (``clue token`` or ``Note token``)
    is scored as the sum of its words; a term scores the best of its alternatives.

    ```python
    from hanabi_core.rulebook._search import parse_query

    query = parse_query("fuse")
    assert query.matches("Turning the last Storm token ends the game")
    assert not query.matches("An action is refused")
    assert parse_query("discard at max clues").terms[-1] == ("discard",)
    ```
    """

    __slots__ = ("alternatives", "terms", "weights")

    def __init__(self, terms: tuple[tuple[str, ...], ...]) -> None:
        self.terms = terms
        alternatives: list[tuple[frozenset[str], tuple[tuple[str, ...], ...]]] = []
        weights: dict[str, float] = {}
        for term in terms:
            group: set[str] = set()
            phrases: list[tuple[str, ...]] = []
            for position, words_ in enumerate(term):
                found = tuple(stems(words_)) or tuple(stems(words_, keep_stop_words=True))
                weight = 1.0 if position == 0 else _SYNONYM_WEIGHT
                for s in found:
                    weights[s] = max(weights.get(s, 0.0), weight)
                if len(found) == 1:
                    group.add(found[0])
                elif found:
                    phrases.append(found)
            alternatives.append((frozenset(group), tuple(phrases)))
        #: For each term: the stems that count as one word, and the many-word alternatives.
        self.alternatives = tuple(alternatives)
        #: Every stem the query looks for, with the weight of its best source (own word 1).
        self.weights: Mapping[str, float] = MappingProxyType(weights)

    def matches(self, text: str) -> bool:
        """Whether every term occurs in `text` (by stem, or as one of its synonyms)."""
        found = set(stems(text, keep_stop_words=True))
        return bool(self.alternatives) and all(
            group & found or any(set(phrase) <= found for phrase in phrases)
            for group, phrases in self.alternatives
        )

    def first_match(self, text: str) -> re.Match[str] | None:
        """The earliest word of `text` that the query's own words hold, else the earliest that a
        synonym holds, or ``None``."""
        found = [m for m in _WORD.finditer(text) if m[0].casefold() not in STOP_WORDS]
        for wanted in (1.0, _SYNONYM_WEIGHT):
            for match in found:
                if self.weights.get(stem(match[0]), 0.0) >= wanted:
                    return match
        return None


def parse_query(text: str) -> Query:
    """Split a query into terms: the glossary's phrases first, then single words without the stop
    words (a query of stop words alone has no term, and finds nothing)."""
    rest = " ".join(words(text))
    terms: list[tuple[str, ...]] = []
    for phrase in _PHRASES:
        pattern = re.compile(r"(?<![\w.])" + re.escape(phrase) + r"(?![\w.])")
        while (match := pattern.search(rest)) is not None:
            terms.append((phrase, *SYNONYMS[phrase]))
            rest = rest[: match.start()] + " " + rest[match.end() :]
    kept = [word for word in rest.split() if word not in STOP_WORDS]
    terms.extend((word, *SYNONYMS.get(word, ())) for word in kept)
    return Query(tuple(terms))


class Index:
    """A BM25F index over searchable texts, each a mapping of field name (`FIELDS`) to text.

    ```python
    from hanabi_core.rulebook._search import Index, parse_query

    index = Index([
        {"title": "Storm tokens", "statement": "Three Storm tokens count misplays.", "body": ""},
        {"title": "Note tokens", "statement": "Eight Note tokens pay for clues.", "body": "Storm"},
    ])
    assert [i for i, _ in index.rank(parse_query("how many fuses"))] == [0, 1]  # title first
    assert [i for i, _ in index.rank(parse_query("eight clues"))] == [1]
    ```
    """

    def __init__(self, documents: Sequence[Mapping[str, str]]) -> None:
        self._tf: list[dict[str, Counter[str]]] = []
        self._lengths: list[dict[str, int]] = []
        postings: dict[str, set[int]] = {}
        for number, document in enumerate(documents):
            fields: dict[str, Counter[str]] = {}
            lengths: dict[str, int] = {}
            for field in FIELDS:
                found = stems(document.get(field, ""))
                # Each pair of neighbouring stems is a token too, so a phrase is found as a phrase.
                tokens = [*found, *(bigram(*pair) for pair in itertools.pairwise(found))]
                fields[field] = Counter(tokens)
                lengths[field] = len(found)
                for token in tokens:
                    postings.setdefault(token, set()).add(number)
            self._tf.append(fields)
            self._lengths.append(lengths)
        count = len(documents)
        self._average = {
            field: max(1.0, sum(lengths[field] for lengths in self._lengths) / max(1, count))
            for field in FIELDS
        }
        self._postings = {s: frozenset(docs) for s, docs in postings.items()}
        self._idf = {
            s: math.log(1.0 + (count - len(docs) + 0.5) / (len(docs) + 0.5)) ** _IDF_POWER
            for s, docs in self._postings.items()
        }

    def _pseudo(self, number: int, group: frozenset[str] | tuple[str, ...]) -> float:
        """The field-weighted, length-normalised count of the stems of `group` in a document."""
        tf, lengths = self._tf[number], self._lengths[number]
        pseudo = 0.0
        for field, boost in FIELDS.items():
            count = sum(tf[field][s] for s in group)
            if count:
                norm = 1.0 - _B[field] + _B[field] * lengths[field] / self._average[field]
                pseudo += boost * count / norm
        return pseudo

    def _group_idf(self, group: frozenset[str]) -> float:
        found: set[int] = set()
        for s in group:
            found |= self._postings.get(s, frozenset())
        count = len(self._tf)
        return float(math.log(1.0 + (count - len(found) + 0.5) / (len(found) + 0.5)) ** _IDF_POWER)

    def score(self, number: int, query: Query) -> float:
        """The BM25F score of document `number` for `query`: for each term, the best of its
        alternatives (its one-word synonyms counted as one word, or a many-word one's sum)."""
        total = 0.0
        matched = 0
        for term, (group, phrases) in zip(query.terms, query.alternatives, strict=True):
            best = 0.0
            if group and (pseudo := self._pseudo(number, group)):
                best = self._group_idf(group) * pseudo / (_K1 + pseudo)
            for phrase in phrases:
                # A glossary phrase's other phrases mean the same: only a phrase offered for a
                # single word ("sort" → "rearrange") weighs less.
                weight = 1.0 if len(term[0].split()) > 1 else _SYNONYM_WEIGHT
                found = 0.0
                for token in (bigram(*pair) for pair in itertools.pairwise(phrase)):
                    if token in self._idf and (pseudo := self._pseudo(number, (token,))):
                        found += self._idf[token] * pseudo / (_K1 + pseudo)
                best = max(best, weight * found)
            total += best
            matched += best > 0
        # Lucene's coordination factor: a text that holds more of the query's terms ranks higher.
        return total * matched / len(query.terms)

    def rank(self, query: Query) -> list[tuple[int, float]]:
        """The documents that hold any word or phrase of `query`, best first, as ``(number,
        score)`` pairs; ties keep the documents' order."""
        candidates: set[int] = set()
        for s in query.weights:
            candidates |= self._postings.get(s, frozenset())
        scored = [(number, self.score(number, query)) for number in sorted(candidates)]
        return sorted((pair for pair in scored if pair[1] > 0), key=lambda pair: -pair[1])
