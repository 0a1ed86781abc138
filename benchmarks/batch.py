"""The batch engine against HLE's rl_env and JaxMARL's Hanabi, side by side in one run.

    python benchmarks/batch.py                                  # NumPy, JAX (if installed), HLE
    python benchmarks/batch.py --jaxmarl /tmp/jaxmarl-venv/bin/python   # and JaxMARL, on CPU
    python benchmarks/batch.py --players 2 --batch 2048 --seconds 1
    taskset -c 0 python benchmarks/batch.py --players 2 --batch 1024 --rows api jaxmarl \
        --jaxmarl /work/venv-jaxmarl/bin/python                 # JaxMARL's path, one core

The workload is an RL actor loop: B games at once, every seat's observation materialised at
every step, a uniformly random legal move per game, finished games dealt anew. A step of one
game counts as one env step (so a batched step of B games counts B). Time is the process's CPU
time (``time.process_time``: all threads of this process, none of the other programs on a shared
machine); each figure is the best of ``--repeat`` runs of at least ``--seconds``.

- ``numpy``: `hanabi_core.batch.Engine` (``observe``, ``random_legal``, ``step`` with
  ``auto_reset``), card-knowledge observations (B, P, L) uint8.
- ``jax``: `hanabi_core.batch.jax.JaxEngine` under ``jax.jit`` and ``lax.scan`` (``--scan``
  steps a call) on CPU; the observations are carried from step to step, so each is built. The
  compile time is reported apart.
- ``api``: `hanabi_core.batch.jaxmarl.make("hanabi")`, JaxMARL's path as its scripts run it:
  ``jax.jit`` of ``lax.scan`` (``--scan`` steps a call) of ``jax.vmap(env.get_legal_moves)``,
  a random legal action per agent (a dict), ``jax.vmap(env.step)`` (JaxMARL's auto-reset, every
  agent's float32 observation in JaxMARL's layout carried); compile time apart. It runs in a
  child process, the very loop the ``jaxmarl`` row runs, only the ``make`` line differs.
- ``jaxmarl``: JaxMARL's ``hanabi`` in its own Python (``--jaxmarl``, a venv with ``jaxmarl``
  installed), the same loop. Skipped without ``--jaxmarl``.
- ``hle``: DeepMind HLE's ``rl_env`` (PyPI ``hanabi-learning-environment``), one game at a time,
  every seat's ``vectorized`` read at every step; B does not apply.

Memory per game: the bytes of a game's arrays in a `BatchState` plus its observation.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from typing import Any

import numpy as np

from hanabi_core.batch import Engine
from hanabi_core.hle import options_from_config


def numpy_rate(players: int, batch: int, seconds: float) -> float:
    engine = Engine(options_from_config({"players": players}))
    rng = np.random.default_rng(0)
    state = engine.reset(batch, seed=1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        engine.observe(state)
        state, _, _ = engine.step(state, engine.random_legal(state, rng), auto_reset=rng)
        steps += batch
    return steps / (time.process_time() - start)


def memory_per_game(players: int) -> tuple[int, int]:
    engine = Engine(options_from_config({"players": players}))
    state = engine.reset(64, seed=1)
    return sum(a.nbytes for a in state) // 64, engine.observe(state).nbytes // 64


def jax_rate(players: int, batch: int, seconds: float, scan: int) -> tuple[float, float]:
    import jax

    from hanabi_core.batch.jax import JaxEngine

    env = JaxEngine(options_from_config({"players": players}))

    def one(carry: Any, key: Any) -> tuple[Any, None]:
        state, _ = carry
        pick, deal = jax.random.split(key)
        weights = jax.random.uniform(pick, state.legal.shape) * state.legal
        state, _ = env.advance(state, weights.argmax(axis=1))
        state = env.reset_done(deal, state)
        return (state, env.observe(state, 1)), None

    @jax.jit
    def run(state: Any, obs: Any, key: Any) -> Any:
        (state, obs), _ = jax.lax.scan(one, (state, obs), jax.random.split(key, scan))
        return state, obs

    state = env.init(jax.vmap(env.deal)(jax.random.split(jax.random.PRNGKey(0), batch)))
    obs = env.observe(state, 1)
    # The first calls compile (twice when the first state's types are weak); then steady state.
    begin = time.process_time()
    for n in range(2):
        state, obs = jax.block_until_ready(run(state, obs, jax.random.PRNGKey(n)))
    first = time.process_time() - begin
    key = jax.random.PRNGKey(2)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        key, sub = jax.random.split(key)
        state, obs = jax.block_until_ready(run(state, obs, sub))
        steps += batch * scan
    elapsed = time.process_time() - start
    rate = steps / elapsed
    return rate, max(0.0, first - 2 * batch * scan / rate)


# JaxMARL's loop; {make} imports and makes the env (JaxMARL's own, or hanabi_core's).
LOOP = r"""
import json, sys, time
import jax, jax.numpy as jnp
players, batch, seconds, scan = map(float, sys.argv[1:5])
players, batch, scan = int(players), int(batch), int(scan)
{make}
agents = env.agents
def one(carry, key):
    state, obs = carry
    keys = jax.random.split(key, batch + 1)
    legal = jax.vmap(env.get_legal_moves)(state)
    actions = {}
    for n, agent in enumerate(agents):
        w = jax.random.uniform(jax.random.fold_in(keys[-1], n), legal[agent].shape) * legal[agent]
        actions[agent] = w.argmax(axis=1)
    obs, state, _, _, _ = jax.vmap(env.step)(keys[:batch], state, actions)
    return (state, obs), None
@jax.jit
def run(state, obs, key):
    (state, obs), _ = jax.lax.scan(one, (state, obs), jax.random.split(key, scan))
    return state, obs
obs, state = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(0), batch))
begin = time.process_time()
for n in range(2):
    state, obs = jax.block_until_ready(run(state, obs, jax.random.PRNGKey(n)))
first = time.process_time() - begin
key = jax.random.PRNGKey(2); steps = 0; start = time.process_time()
while time.process_time() - start < seconds:
    key, sub = jax.random.split(key)
    state, obs = jax.block_until_ready(run(state, obs, sub)); steps += batch * scan
rate = steps / (time.process_time() - start)
print(json.dumps([rate, max(0.0, first - 2 * batch * scan / rate), jax.__version__]))
"""
JAXMARL = LOOP.replace("{make}", 'import jaxmarl\nenv = jaxmarl.make("hanabi", num_agents=players)')
API = LOOP.replace(
    "{make}",
    'from hanabi_core.batch import jaxmarl\nenv = jaxmarl.make("hanabi", num_agents=players)',
)


def loop_rate(  # noqa: PLR0917
    python: str, script: str, players: int, batch: int, seconds: float, scan: int
) -> tuple[float, float]:
    """JaxMARL's loop in a child process of `python` (the CPU affinity is inherited)."""
    args = [python, "-c", script, str(players), str(batch), str(seconds), str(scan)]
    out = subprocess.run(
        args, capture_output=True, text=True, check=True, env={**os.environ, "JAX_PLATFORMS": "cpu"}
    )
    rate, compile_s, _ = json.loads(out.stdout.strip().splitlines()[-1])
    return rate, compile_s


def hle_rate(players: int, seconds: float) -> float | None:
    try:
        from hanabi_learning_environment import rl_env
    except ImportError:
        return None
    rng = random.Random(0)
    env = rl_env.make("Hanabi-Full", num_players=players)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs = env.reset()
        done = False
        while not done:
            seats = obs["player_observations"]
            for seat in seats:
                seat["vectorized"]
            obs, _, done, _ = env.step(
                rng.choice(seats[obs["current_player"]]["legal_moves_as_int"])
            )
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--batch", type=int, nargs="+", default=[1, 64, 2048, 8192])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--scan", type=int, default=20, help="JAX steps per jitted call")
    parser.add_argument(
        "--rows",
        nargs="+",
        default=["numpy", "jax", "api", "jaxmarl", "hle"],
        choices=["numpy", "jax", "api", "jaxmarl", "hle"],
        help="which rows to run (jaxmarl needs --jaxmarl)",
    )
    parser.add_argument("--no-jax", action="store_true", help="no jax or api rows")
    parser.add_argument("--jaxmarl", metavar="PYTHON", help="a Python with jaxmarl installed")
    args = parser.parse_args()
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, NumPy {np.__version__}"
    )
    for players in args.players:
        state_bytes, obs_bytes = memory_per_game(players)
        print(
            f"# {players} players: {state_bytes} bytes of state + {obs_bytes} of observation a game"
        )
        hle = None
        if "hle" in args.rows:
            hle = max(hle_rate(players, args.seconds) or 0 for _ in range(args.repeat)) or None
            print(f"hle      P={players}            {hle or float('nan'):>12,.0f} steps/s")
        sys.stdout.flush()
        for batch in args.batch:
            row = {}
            if "numpy" in args.rows:
                runs_np = [numpy_rate(players, batch, args.seconds) for _ in range(args.repeat)]
                row["numpy"] = max(runs_np)
            compiles = {}
            if not args.no_jax and "jax" in args.rows:
                runs = [
                    jax_rate(players, batch, args.seconds, args.scan) for _ in range(args.repeat)
                ]
                row["jax"] = max(r for r, _ in runs)
                compiles["jax"] = runs[0][1]
            # The two JaxMARL-shaped rows alternate, so both see the same load.
            for _ in range(args.repeat):
                if not args.no_jax and "api" in args.rows:
                    got = loop_rate(sys.executable, API, players, batch, args.seconds, args.scan)
                    row["api"] = max(row.get("api", 0.0), got[0])
                    compiles.setdefault("api", got[1])
                if args.jaxmarl and "jaxmarl" in args.rows:
                    got = loop_rate(args.jaxmarl, JAXMARL, players, batch, args.seconds, args.scan)
                    row["jaxmarl"] = max(row.get("jaxmarl", 0.0), got[0])
                    compiles.setdefault("jaxmarl", got[1])
            for name, rate in row.items():
                extra = f"  compile {compiles[name]:5.1f} s" if name in compiles else ""
                print(f"{name:<8} P={players} B={batch:<6} {rate:>12,.0f} steps/s{extra}")
            if "jaxmarl" in row:
                ratios = [
                    f"{n}/jaxmarl {row[n] / row['jaxmarl']:.1f}x" for n in row if n != "jaxmarl"
                ]
                print("  " + "  ".join(ratios))
            if hle and "numpy" in row:
                print(f"  numpy/hle {row['numpy'] / hle:.0f}x")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
