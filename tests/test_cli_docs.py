"""The pages of docs/cli/ show real output: every console block is rerun and compared.

In a ```console block (````console when the output holds fences), a line ``$ hanabi-core ...`` is
a command and the lines up to the next ``$`` are its output (standard output, then standard error).
A ```json title="NAME"``` (or ```python title="NAME"```) block writes the file NAME first. The
commands of a page run in order, in one temporary folder.

After changing the command's output, rewrite the pages with ``python tests/test_cli_docs.py``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

import pytest

from hanabi_core.cli import main

PAGES = sorted((Path(__file__).resolve().parent.parent / "docs" / "cli").glob("*.md"))
_BLOCK = re.compile(
    r'^(?P<fence>```+)(?P<info>console|(?:json|python) title="(?P<name>[^"]+)")\n(?P<body>.*?)'
    r"^(?P=fence)$",
    re.M | re.S,
)


def _run(command: str) -> str:
    argv = shlex.split(command)
    assert argv[0] == "hanabi-core", f"only hanabi-core commands run here: {command!r}"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(["--colour", "never", *argv[1:]])
    return out.getvalue() + err.getvalue()


def _console(body: str) -> str:
    lines: list[str] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            lines.append(line)
            lines.extend(_run(line[2:]).splitlines())
    return "\n".join(lines) + "\n"


def render(text: str) -> str:
    """The page with every console block's output regenerated."""
    previous = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:

            def block(match: re.Match[str]) -> str:
                if match["name"]:
                    Path(match["name"]).write_text(match["body"], encoding="utf-8")
                    return match[0]
                fence = match["fence"]
                return f"{fence}console\n{_console(match['body'])}{fence}"

            return _BLOCK.sub(block, text)
        finally:
            os.chdir(previous)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_cli_page_shows_real_output(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert render(text) == text, f"rerun `python tests/test_cli_docs.py` to refresh {page.name}"


if __name__ == "__main__":
    for page in PAGES:
        page.write_text(render(page.read_text(encoding="utf-8")), encoding="utf-8")
        print("rendered", page.name, file=sys.stderr)
