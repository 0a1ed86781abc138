"""Every ```python block of the documentation runs, against the real API.

Blocks are collected from ``docs/**/*.md``, the spec text in ``src/hanabi_core/rulebook/*.md``,
the README, and the docstrings of ``src/hanabi_core/**/*.py`` (which the API reference shows).
Each block runs alone, in a fresh namespace, as a reader who copies it into a new file would run
it: a block carries its own imports and set-up. A block fenced as
```` ```python skip ```` or whose first line is ``# doc: no-run`` is shown but not run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(
    [
        ROOT / "README.md",
        *ROOT.joinpath("docs").rglob("*.md"),
        *ROOT.joinpath("src/hanabi_core/rulebook").glob("*.md"),
        *ROOT.joinpath("src/hanabi_core").rglob("*.py"),
    ]
)

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)\s*(?P<info>[^\n]*)$")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The runnable ```python blocks of a Markdown text, with the line each starts on."""
    blocks: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        fence, indent = match["fence"], match["indent"]
        words = match["info"].replace("{", " ").replace("}", " ").replace(".", " ").split()
        start = i + 1
        i += 1
        body: list[str] = []
        while i < len(lines) and not lines[i].strip().startswith(fence[0] * len(fence)):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
            i += 1
        i += 1
        if not words or words[0] not in ("python", "py"):
            continue
        if "skip" in words[1:]:
            continue
        if body and body[0].strip() == "# doc: no-run":
            continue
        blocks.append((start + 1, "\n".join(body)))
    return blocks


def _page_id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


RUNNABLE = [page for page in PAGES if python_blocks(page.read_text(encoding="utf-8"))]


def test_pages_with_examples_are_found() -> None:
    names = {_page_id(page) for page in RUNNABLE}
    assert "src/hanabi_core/rulebook/04-clues.md" in names


@pytest.mark.parametrize("page", RUNNABLE, ids=_page_id)
def test_examples_run(page: Path) -> None:
    """Every block of the page runs on its own, in a namespace of its own."""
    for line, source in python_blocks(page.read_text(encoding="utf-8")):
        namespace: dict[str, object] = {"__name__": f"docs_example_{page.stem.replace('-', '_')}"}
        # Pad with blank lines so that a traceback's line numbers are the page's.
        code = compile("\n" * (line - 1) + source, str(page), "exec")
        exec(code, namespace)


def test_a_block_runs_alone() -> None:
    """A name one block defines is not seen by the next block of the same page."""
    page = "```python\nshared = 1\n```\n\ntext\n\n```python\nshared\n```\n"
    (first_line, first), (second_line, second) = python_blocks(page)
    namespace: dict[str, object] = {}
    exec(first, namespace)
    with pytest.raises(NameError):
        exec(second, {})
    assert (first_line, second_line) == (2, 8)
