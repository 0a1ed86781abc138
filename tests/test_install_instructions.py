"""Every install instruction works from a clone or the repository URL (hanabi_core is not on PyPI).

The missing-extra messages of `src/` share one wording (``hanabi_core._support.extras``): the
install from a clone, from the repository's URL, and what the command will be once the package is
released.
No page, docstring or message offers ``pip install hanabi_core[...]`` alone, which fails today.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from hanabi_core._support.extras import install_command, missing_extra

ROOT = Path(__file__).resolve().parent.parent
TEXTS = sorted(
    [
        ROOT / "README.md",
        *ROOT.joinpath("docs").rglob("*.md"),
        *ROOT.joinpath("src").rglob("*.py"),
        *ROOT.joinpath("src").rglob("*.md"),
    ]
)
# `pip install hanabi_core`, `pip install "hanabi_core[rl]"`: a package name pip cannot find yet
# (allowed only as `hanabi_core[rl] @ git+URL`, or as `hanabi-core` beside "released").
FROM_PYPI = re.compile(r"pip install\s+['\"]?hanabi[-_]core\b(\[[^\]]+\])?")


@pytest.mark.parametrize("extra", ["rl", "datasets", "plot", "testing", "hle", "dev"])
def test_install_command_names_a_clone_the_url_and_the_release(extra: str) -> None:
    text = install_command(extra)
    assert f'pip install -e ".[{extra}]"' in text
    assert f'pip install "hanabi_core[{extra}] @ git+' in text
    assert f'once hanabi-core is released on PyPI, pip install "hanabi-core[{extra}]"' in text


def test_missing_extra_names_what_and_why() -> None:
    error = missing_extra("hanabi_core.pettingzoo", "PettingZoo", "rl")
    assert isinstance(error, ImportError)
    assert str(error).startswith('hanabi_core.pettingzoo needs PettingZoo (the "rl" extra): ')


@pytest.mark.parametrize(
    ("module", "hidden", "extra"),
    [
        ("hanabi_core.pettingzoo", "pettingzoo", "rl"),
        ("hanabi_core.testing", "hypothesis", "testing"),
    ],
)
def test_importing_without_the_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, module: str, hidden: str, extra: str
) -> None:
    for name in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, hidden, None)  # as if it were not installed
    with pytest.raises(ImportError, match=re.escape(install_command(extra))):
        importlib.import_module(module)


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_instruction_installs_from_pypi_alone(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        for match in FROM_PYPI.finditer(line):
            if line[match.end() :].startswith(" @ git+"):
                continue  # from the repository's URL
            context = lines[number - 2] + line if number > 1 else line
            assert "released" in context, f"{path.name}:{number}: {match[0]!r} fails before release"
