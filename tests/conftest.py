"""Test configuration: Hypothesis profiles and the path to ../shared.

Profiles (choose with the HYPOTHESIS_PROFILE environment variable):

- ``dev`` (default): a quick local run.
- ``ci``: what `.ci/run` uses; few examples, no deadline, so the whole run stays within minutes.
- ``thorough``: many more examples, for a long run before a release (`-m slow` adds the slow tests).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

#: Where the shared project material lives: beside the repository, as for every developer and CI.
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture
def shared() -> Path:
    """The ../shared folder; skips the test when it is absent."""
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    return SHARED
