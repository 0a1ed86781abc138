"""The API page of `hanabi_core` documents every public name, the functions people call first."""

from __future__ import annotations

import re
from pathlib import Path

import hanabi_core

PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "hanabi_core.md"
DIRECTIVE = re.compile(r"^::: hanabi_core\.(\w+)$", re.MULTILINE)
# Documented on the Errors page and in hanabi_core.spec.
ELSEWHERE = {
    "HanabiError",
    "IllegalAction",
    "InvalidAction",
    "InvalidArgument",
    "InvalidDeck",
    "InvalidOptions",
    "InvalidRecord",
    "Rule",
}


def documented() -> list[str]:
    return DIRECTIVE.findall(PAGE.read_text(encoding="utf-8"))


def test_every_public_name_is_on_the_page_once() -> None:
    names = [name for name in documented() if name != "rules"]
    assert len(names) == len(set(names))
    assert set(names) == set(hanabi_core.__all__) - ELSEWHERE


def test_the_page_leads_with_the_functions_people_call() -> None:
    names = documented()
    assert names[:3] == ["new_game", "legal_actions", "apply"]
    constants = [name for name in hanabi_core.__all__ if name.isupper()]
    first_constant = min(names.index(name) for name in constants)
    assert first_constant > names.index("view") and first_constant > names.index("GameRecord")
    assert all(names.index(name) >= first_constant for name in constants)
