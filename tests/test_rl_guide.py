"""The RL guide's sb3-contrib block (`docs/guides/rl.md`, "sb3-contrib's MaskablePPO"): PettingZoo's
MaskablePPO tutorial on the AEC environment, a few hundred steps. It needs PyTorch and
sb3-contrib, which the `dev` extra leaves out, so it runs under its own marker: `pytest -m sb3`.
The guide's other blocks run in every test run (`tests/test_docs_examples.py`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guides" / "rl.md"


def sb3_block() -> tuple[int, str]:
    """The guide's MaskablePPO block and the line it starts on."""
    text = GUIDE.read_text(encoding="utf-8")
    found = [
        match
        for match in re.finditer(r"^```python\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
        if "MaskablePPO(" in match[1]
    ]
    assert len(found) == 1, "the guide has one MaskablePPO block"
    return text[: found[0].start(1)].count("\n") + 1, found[0][1]


def test_the_block_is_found() -> None:
    line, source = sb3_block()
    assert source.startswith("# doc: no-run\n") and line > 1  # the default run leaves it


@pytest.mark.sb3
def test_maskable_ppo_trains_on_the_aec_env() -> None:
    pytest.importorskip("sb3_contrib")
    line, source = sb3_block()
    namespace: dict[str, object] = {"__name__": "docs_example_rl_sb3"}
    exec(compile("\n" * (line - 1) + source, str(GUIDE), "exec"), namespace)
    model = namespace["model"]
    assert model.num_timesteps >= 512  # type: ignore[attr-defined]
