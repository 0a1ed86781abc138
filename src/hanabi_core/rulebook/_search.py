"""Searching the spec by words, as players say them: whole words, the glossary's synonyms, snippets.

A query is split into terms: a phrase the glossary knows ("clue token", "blind play") is one term,
every other word is one. A rule is found when each term occurs in its title or its text (not its
examples) as a whole word, so ``fuse`` never finds "refused"; a plural ``s`` or ``es`` is allowed
(``clue`` finds "clues"). A term the glossary lists as another edition's or engine's word for one
of the library's (``strike`` for the Storm token, ``hint`` for a clue) finds the library's word too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["SYNONYMS", "Query", "parse_query"]

#: Other editions' and engines' words (``docs/spec/glossary.md``) → the library's words for them.
#: A key is matched in any case; "blind play" is the players' name for a play of a card its owner
#: knows nothing of, which the rules treat as any other play (rule 6.1).
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
        # The last Storm: strikeout (hanab.live), the explosion, out of life tokens (HLE).
        "strikeout": ("last Storm", "storm-out"),
        "strike out": ("last Storm", "storm-out"),
        "explosion": ("last Storm",),
        # Note token: clue token (hanab.live), hint token, information token (HLE), blue token.
        "clue token": ("Note token",),
        "clue tokens": ("Note tokens",),
        "hint token": ("Note token",),
        "hint tokens": ("Note tokens",),
        "information token": ("Note token",),
        "information tokens": ("Note tokens",),
        "blue token": ("Note token",),
        "clock tile": ("Note token",),
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
        # A firework: stack, play stack (hanab.live).
        "stack": ("firework",),
        "play stack": ("firework",),
        # A suit's value: number, rank (hanab.live and HLE).
        "number": ("value", "rank"),
        "draw pile": ("deck",),
        "empty clue": ("touch no card", "touches nothing", "negative_clues"),
        "negative clue": ("touch no card", "touches nothing", "negative_clues"),
    }
)

_PHRASES = sorted((key for key in SYNONYMS if " " in key), key=len, reverse=True)


def _word_pattern(word: str) -> str:
    """A whole word or phrase (letters and digits: `_` and `-` separate words), with an optional
    plural ``s``/``es``; a space matches any spacing."""
    parts = [re.escape(part) for part in word.split()]
    return r"(?<![^\W_])" + r"[\s_-]+".join(parts) + r"(?:e?s)?(?![^\W_])"


class Query:
    """A parsed query: its terms, each a compiled pattern of its alternatives.

    ```python
    from hanabi_core.rulebook._search import parse_query

    query = parse_query("fuse")
    assert query.matches("Turning the last Storm token ends the game")
    assert not query.matches("An action is refused")
    ```
    """

    __slots__ = ("patterns", "terms")

    def __init__(self, terms: tuple[tuple[str, ...], ...]) -> None:
        self.terms = terms
        self.patterns = tuple(
            re.compile("|".join(_word_pattern(word) for word in words), re.IGNORECASE)
            for words in terms
        )

    def matches(self, text: str) -> bool:
        """Whether every term occurs in `text` as a whole word (or one of its synonyms)."""
        return bool(self.patterns) and all(pattern.search(text) for pattern in self.patterns)

    def first_match(self, text: str) -> re.Match[str] | None:
        """The earliest occurrence in `text` of any term, or ``None``."""
        found = [m for pattern in self.patterns if (m := pattern.search(text)) is not None]
        return min(found, key=lambda m: m.start(), default=None)


def parse_query(text: str) -> Query:
    """Split a query into terms: the glossary's phrases first, then single words."""
    rest = " ".join(text.casefold().split())
    terms: list[tuple[str, ...]] = []
    for phrase in _PHRASES:
        pattern = re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])")
        while (match := pattern.search(rest)) is not None:
            terms.append((phrase, *SYNONYMS[phrase]))
            rest = rest[: match.start()] + " " + rest[match.end() :]
    for raw in rest.split():
        word = raw.strip(".,;:!?\"'()")
        if word:
            terms.append((word, *SYNONYMS.get(word, ())))
    return Query(tuple(terms))
