"""`hanabi-core rules --search` and `rulebook.search`: whole words, the glossary's synonyms,
snippets."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanabi_core.cli import main
from hanabi_core.rulebook import rule_text, search, snippet
from hanabi_core.rulebook._search import SYNONYMS, parse_query

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "spec" / "glossary.md"


def ids(text: str) -> list[str]:
    return [rule.id for rule in search(text)]


def test_search_matches_whole_words_only() -> None:
    # "refused" holds "fuse", "misplay" holds "play": neither is the word searched for.
    assert "2.1" in ids("refused") and "2.1" not in ids("fuse")
    assert not parse_query("fuse").matches("Any other number of players is refused.")
    assert not parse_query("play").matches("A misplay turns a Storm token.")
    assert parse_query("clue").matches("Note tokens pay for clues")  # a plural is the same word
    assert parse_query("FUSE").matches("Four fuse tiles")


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("strike", "1.3"),  # hanab.live's strike: the Storm token
        ("fuse", "1.3"),  # R&R Games' fuse tiles
        ("lives", "1.3"),  # HLE's life tokens
        ("bomb", "6.3"),  # hanab.live's bomb: a misplay
        ("clue token", "1.2"),  # the Note token
        ("hint token", "1.2"),
        ("hint", "4.1"),  # a clue
        ("blind play", "6.1"),  # a play like any other
        ("strikeout", "7.1"),  # the last Storm
        ("empty clue", "10.2"),
    ],
)
def test_search_knows_the_glossarys_synonyms(words: str, expected: str) -> None:
    assert expected in ids(words)


def test_every_synonym_is_in_the_glossary() -> None:
    glossary = GLOSSARY.read_text(encoding="utf-8").casefold()
    for word in SYNONYMS:
        singular = "life" if word == "lives" else word.removesuffix("s")
        assert singular.split()[0] in glossary, word


def test_a_phrase_is_one_term_and_every_term_must_match() -> None:
    assert parse_query("clue token bomb").terms[0][0] == "clue token"
    assert set(ids("clue token bomb")) <= set(ids("bomb"))
    assert ids("precedence") == ["7.7"]
    assert search("") == () and search("   ") == ()
    assert search("no such words anywhere") == ()


def test_snippet_shows_the_words_around_the_hit() -> None:
    line = snippet(rule_text("1.3"), "strike")
    assert line.startswith("Storm tokens count misplays") and len(line) <= 96
    line = snippet(rule_text("13.5"), "fuse")  # the first hit: "Storm", the library's word
    assert line.startswith("…") and "Storm" in line and len(line) <= 96
    assert len(snippet(rule_text("4.5"), "negative", width=40)) <= 40


def test_cli_search_prints_each_hit_with_a_snippet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--search", "bomb"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["1.3", "Storm", "tokens"]
    assert lines[1].startswith("        ") and "Storm" in lines[1]
    assert len(lines) == 2 * len(search("bomb"))
    assert all(len(line) <= 100 for line in lines)


def test_cli_search_takes_several_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--search", "empty", "clue"]) == 0
    out = capsys.readouterr().out
    assert "10.2" in out and "4.5" in out
    assert main(["rules", "--search", "fuse", "xyzzy"]) == 2
    assert "no rule or ruling mentions 'fuse xyzzy'" in capsys.readouterr().err
