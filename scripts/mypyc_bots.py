"""Build a copy of hanabi_core with the Quux bots and the incremental views compiled by mypyc.

    python scripts/mypyc_bots.py build/compiled
    PYTHONPATH=build/compiled hanabi-core simulate --bot quux-info --players 3 \
        --deals quux --seed 1 --games 200000 --workers 2 --json

The package as installed is pure Python; this is a way to play the long runs of the "Published
baselines" page (docs/guides/baselines.md) about twice as fast, from the same source. It copies
`src/hanabi_core` into the output folder and compiles the modules below in place there, so that
a `PYTHONPATH` naming that folder imports the compiled ones first; the source tree is not
touched. It needs mypy (the `dev` extra: mypyc comes with it) and a C compiler.

`quux/common.py` stays interpreted: compiled, its `QuuxObserver` crashed the interpreter
(mypyc 1.x) when the bots that subclass it ran. Check a build before trusting its means: the
replay of all 8,000 logged games must pass with it,

    PYTHONPATH=build/compiled python -m pytest -m slow -k quuxs_moves tests/test_quux.py
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

#: The modules compiled, relative to the package's parent folder: where the time of a game goes.
MODULES = (
    "hanabi_core/views/_incremental.py",
    "hanabi_core/quux/_table.py",
    "hanabi_core/quux/cheat.py",
    "hanabi_core/quux/info.py",
    "hanabi_core/quux/simple.py",
    "hanabi_core/quux/smart.py",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to build in (replaced)")
    args = parser.parse_args()
    source = Path(__file__).resolve().parent.parent / "src" / "hanabi_core"
    out: Path = args.out.resolve()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(source, out / "hanabi_core", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=out, check=False)
    shutil.rmtree(out / "build", ignore_errors=True)
    if done.returncode != 0:
        print(f"mypyc failed (exit {done.returncode}); see its output above", file=sys.stderr)
        return done.returncode
    built = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.so"))
    print(f"compiled {len(built)} extension modules under {out}")
    print(f"use it with: PYTHONPATH={out} hanabi-core simulate ...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
