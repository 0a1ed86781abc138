"""Every Spanish and Portuguese quote of the spec has an English gloss beside it.

The spec quotes its four primary texts verbatim, between guillemets, in their own language
(``scripts/check_quotes.py`` checks the words); right after each quote comes its English gloss in
single quotes and parentheses: «No se puede pasar.» (‘You cannot pass.’). The few quotes the
sentence itself translates, or that are names, are listed here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(
    [*ROOT.joinpath("src/hanabi_core/rulebook").glob("*.md"), ROOT / "docs/spec/sources.md"]
)
QUOTE = re.compile(r"«(.+?)»", re.DOTALL)
GLOSS = re.compile(r"\s+\(‘[^’]+’\)")
# Glossed by the sentence around them, or names.
GLOSSED_IN_THE_TEXT = {"(pérdida)", "No se puede pasar.", "Abacusspiele / Cocktail Games / Asmodee"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_quote_has_an_english_gloss(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for match in QUOTE.finditer(text):
        quote = " ".join(match[1].split())
        if quote in GLOSSED_IN_THE_TEXT:
            continue
        line = text.count("\n", 0, match.start()) + 1
        assert GLOSS.match(text, match.end()), f"{page.name}:{line}: «{quote[:40]}…» has no gloss"


def test_the_glosses_are_english_not_a_copy() -> None:
    text = ROOT.joinpath("src/hanabi_core/rulebook/05-discarding.md").read_text(encoding="utf-8")
    assert "(‘If no token is left black side up, this action is not\n  available.’)" in text
