"""A game in the browser: a record as one self-contained HTML page, stepped through turn by turn.

[`replay_html`][hanabi_core.viewer.replay_html] draws every state of a
[`GameRecord`][hanabi_core.GameRecord] with [`render.svg`][hanabi_core.render.svg] (the same
table a notebook shows) and wraps them in one HTML file: a slider, buttons, the arrow keys (and
Home, End) to step, and each turn's action in the [action notation][hanabi_core.notation]. With
``seat=N`` every turn is drawn as seat N sees it ([`view`][hanabi_core.view]): its own cards grey,
what the variant hides from it hidden. [`index_html`][hanabi_core.viewer.index_html] lists many
games with their scores, each linking to its page; [`write_pages`][hanabi_core.viewer.write_pages]
writes both into a folder.

Any record the library reads can be shown: its own, hanab.live's
([`read_record`][hanabi_core.read_record]), and the public collections'
([`hanabi_core.datasets`][hanabi_core.datasets]: JaxMARL's corpus of HLE games, AH2AC2's).

The page needs no server and reaches nothing: its script, styles and pictures are inline, and its
``Content-Security-Policy`` lets it load nothing else. The tables of consecutive turns share most
of their drawing, so the page keeps each distinct piece of SVG once (a base game of 64 turns is
about 150 kB, not the 640 kB of its 65 pictures written whole).

```python
from hanabi_core import GameRecord, Options, new_game
from hanabi_core.bots import BOTS
from hanabi_core.simulate import play_game
from hanabi_core.viewer import replay_html

record = GameRecord.from_state(play_game(Options(2), BOTS["simple"], 3))
page = replay_html(record)
assert page.startswith("<!DOCTYPE html>") and "<svg" not in page.split("<script")[0]
assert f"of {len(record.actions)}" in page
mine = replay_html(record, seat=0)        # as seat 0 sees each turn
assert mine != page
```
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from . import render
from .actions import Action
from .errors import InvalidArgument, brief
from .options import EDITIONS
from .records import GameRecord
from .scoring import max_points
from .state import EndReason, GameState
from .views import view

__all__ = ["index_html", "replay_html", "turn_labels", "write_pages"]

#: Where the drawing of a table is cut into pieces (before each element the renderer writes at
#: its top level or in a card's group), so that the pieces the turns share are kept once.
_PIECE = re.compile(r"(?=<(?:g|text|circle|rect|defs)\b)")
_ID = re.compile(r' id="([^"]+)"')


def _plain_ids(drawing: str) -> str:
    """`drawing` with its element ids renamed ``t0``, ``t1``, … in order. `render.svg` makes its
    ids (a rainbow's gradient) unique to the turn, so that many tables can share a notebook; the
    page shows one table at a time, and with the same ids, the turns share their cards' pieces."""
    if ' id="' not in drawing:  # no gradient: nothing to rename (most variants)
        return drawing
    for n, name in enumerate(dict.fromkeys(_ID.findall(drawing))):
        drawing = drawing.replace(f'id="{name}"', f'id="t{n}"').replace(
            f"url(#{name})", f"url(#t{n})"
        )
    return drawing


def _names(record: GameRecord) -> list[str]:
    if record.players is not None:
        return list(record.players)
    return [f"seat {seat}" for seat in range(record.options.players)]


def _action_words(names: Sequence[str], player: int, action: Action) -> str:
    return f"{names[player]}: {action}"


def _why(record: GameRecord, state: GameState) -> str:
    """How the game of `state` ended, with the rule: ``final round, rule 7.3``."""
    outcome = state.outcome
    if outcome is None:
        return "not over"
    if outcome.reason is EndReason.ABANDONED and record.abandoned is not None:
        why = "abandoned by " + ("a vote" if record.abandoned.by == "vote" else "the server")
    else:
        why = outcome.reason.value.replace("-", " ")
    return f"{why}, rule {outcome.rule.value}"


def _ending(record: GameRecord, state: GameState) -> str:
    outcome = state.outcome
    if outcome is None:
        return f"the record stops here; the game is not over (score so far {state.score})"
    return f"game over ({_why(record, state)}): score {outcome.score}/{outcome.max_score}"


def turn_labels(record: GameRecord) -> list[tuple[str, str]]:
    """Each state's heading and action line on the page, the deal first: ``("Turn 3 of 57",
    "Ben: clue red to seat 2")``. The action is the one that led to the state, in the action
    notation (`str(action)`, which [`parse_action`][hanabi_core.parse_action] reads back), after
    the name of the seat that took it; the last state's line also says how the game ended.

    ```python
    from hanabi_core import GameRecord, Options, parse_action
    from hanabi_core.bots import BOTS
    from hanabi_core.simulate import play_game
    from hanabi_core.viewer import turn_labels

    state = play_game(Options(2), BOTS["simple"], 3)
    record = GameRecord.from_state(state, players=["Ann", "Bob"])
    labels = turn_labels(record)
    assert labels[0] == (f"Turn 0 of {len(record.actions)}", "the deal")
    heading, line = labels[1]
    assert line.startswith("Ann: ")
    assert parse_action(line.removeprefix("Ann: "), record.options) == record.actions[0]
    ```

    Raises:
        IllegalAction: the record's actions break the rules.
    """
    names = _names(record)
    states = list(record.states())
    total = len(record.actions)
    labels = []
    for n, state in enumerate(states):
        turn = state.last_turn
        if n == 0:
            words = "the deal"
        elif n > total:  # the abandonment after the last action (rule 7.5)
            words = "stopped from outside"
        else:
            assert turn is not None
            words = _action_words(names, turn.player, turn.action)
        if n == len(states) - 1:
            words += f"; {_ending(record, state)}"
        labels.append((f"Turn {min(n, total)} of {total}", words))
    return labels


def _describe(record: GameRecord) -> str:
    options = record.options
    who = ", ".join(_names(record))
    edition = f", {EDITIONS[record.edition].name} edition" if record.edition else ""
    return f"{options.variant.name}, {options.players} players ({who}){edition}"


def _json_for_script(data: object) -> str:
    """`data` as JSON that may sit inside a ``<script>`` element: no ``<``, ``>`` or ``&``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _script_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _page(title: str, body: str, script: str) -> str:
    # The policy allows the one inline script (by its hash), inline styles and nothing else: no
    # request leaves the page, even for a name or a variant that tries to make one.
    policy = (
        f"default-src 'none'; script-src {_script_hash(script)}; style-src 'unsafe-inline'; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy)}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"{body}\n<script>{script}</script>\n</body>\n</html>\n"
    )


def replay_html(
    record: GameRecord,
    *,
    seat: int | None = None,
    title: str | None = None,
    index: str | None = None,
) -> str:
    """The game of `record` as one self-contained HTML page (a string) to step through.

    The page shows the table after each action, drawn by [`render.svg`][hanabi_core.render.svg],
    with a slider and buttons; ←/→ step one turn, Home and End go to the deal and the end, and
    ``#N`` at the end of the page's address opens it at turn N. Each turn's heading (``Turn 3 of
    57``) and action (``Ben: clue red to seat 2``, in the action notation) sit above the table,
    and every action is listed beside it (click one to go there). Nothing is loaded from
    anywhere: the page works from a file, offline.

    Args:
        record: the game, any record the library reads.
        seat: draw every turn as this seat sees it ([`view`][hanabi_core.view]: its own cards
            hidden, rule 12.1); `None` (the default) shows every card.
        title: the page's title (default: the variant, the players and the score).
        index: the address of a page listing more games (``index.html``), linked from the top.

    Raises:
        InvalidArgument: `record` is not a `GameRecord`, or `seat` is not one of its seats.
        IllegalAction: the record's actions break the rules.
    """
    if not isinstance(record, GameRecord):
        raise InvalidArgument("record", f"must be a GameRecord, got {brief(record)}")
    players = record.options.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise InvalidArgument("seat", f"must be a seat from 0 to {players - 1}, got {brief(seat)}")
    names = _names(record)
    pieces: dict[str, int] = {}
    turns = []
    for state in record.states():
        drawing = _plain_ids(render.svg(state if seat is None else view(state, seat), names=names))
        turns.append([pieces.setdefault(p, len(pieces)) for p in _PIECE.split(drawing) if p])
    labels = turn_labels(record)
    final = record.final()
    score = final.outcome.score if final.outcome is not None else final.score
    heading = _describe(record)
    if title is None:
        title = f"{heading}: score {score}/{max_points(record.options)}"
    who = ""
    if seat is not None:
        who = f" As {names[seat]} (seat {seat}) sees it: their own cards are hidden."
    back = f'<a href="{html.escape(index)}">All games</a> · ' if index is not None else ""
    log = "".join(
        f'<li value="{n}"><a href="#{n}" data-turn="{n}">{html.escape(words)}</a></li>'
        for n, (_, words) in enumerate(labels)
        if n > 0
    )
    data = {"pieces": list(pieces), "turns": turns, "labels": labels}
    body = (
        f'<header><p class="crumbs">{back}{html.escape(heading)}.{html.escape(who)}</p>\n'
        f'<h1 id="turn">{html.escape(labels[0][0])}</h1>\n'
        f'<p id="action" aria-live="polite">{html.escape(labels[0][1])}</p>\n'
        '<nav><button id="first" title="the deal (Home)">|◀</button>'
        '<button id="back" title="one turn back (←)">◀</button>'
        f'<input id="slider" type="range" min="0" max="{len(turns) - 1}" value="0" '
        'aria-label="turn">'
        '<button id="next" title="one turn on (→)">▶</button>'
        '<button id="last" title="the end (End)">▶|</button>'
        '<span class="keys">← → Home End</span></nav></header>\n'
        '<main><div id="table"><noscript>This page draws the table with JavaScript: allow it '
        "to see the game.</noscript></div>"
        f'<ol id="log" start="1">{log}</ol></main>\n'
        f'<script type="application/json" id="game">{_json_for_script(data)}</script>'
    )
    return _page(title, body, _REPLAY_SCRIPT)


def _score(record: GameRecord) -> tuple[int, int, str]:
    final = record.final()
    if final.outcome is None:
        return final.score, max_points(record.options), "not over"
    outcome = final.outcome
    return outcome.score, outcome.max_score, _why(record, final)


def _summary(scores: Sequence[tuple[int, int]]) -> str:
    count = f"{len(scores)} game{'' if len(scores) == 1 else 's'}"
    if not scores:
        return count
    mean = sum(score for score, _ in scores) / len(scores)
    perfect = sum(score == most for score, most in scores)
    return f"{count}, mean score {mean:.2f}, {perfect} perfect"


def index_html(games: Iterable[tuple[str, GameRecord]], *, title: str = "Games") -> str:
    """A self-contained HTML page listing `games`, each a link to its page with its score.

    The table shows each game's players, variant, score, turns and ending, in the order given,
    under a line with the number of games, their mean score and how many are perfect; a click on
    a column's heading sorts by it.

    Args:
        games: each game's page address (relative to the index: ``simple-7.html``) and record.
        title: the page's title and heading.

    ```python
    from hanabi_core import GameRecord, Options
    from hanabi_core.bots import BOTS
    from hanabi_core.simulate import play_game
    from hanabi_core.viewer import index_html

    states = [play_game(Options(2), BOTS["simple"], seed) for seed in range(3)]
    games = [(f"simple-{n}.html", GameRecord.from_state(s)) for n, s in enumerate(states)]
    page = index_html(games, title="simple, 3 games")
    assert page.count('href="simple-') == 3
    ```

    Raises:
        IllegalAction: a record's actions break the rules.
    """
    return _index_page([_row(link, record) for link, record in games], title)


#: One row of the index: its HTML, the game's score and the most it could have scored.
_Row = tuple[str, int, int]


def _row(link: str, record: GameRecord) -> _Row:
    score, most, ending = _score(record)
    name = link.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    row = (
        f'<tr data-score="{score}"><td><a href="{html.escape(link)}">{html.escape(name)}</a>'
        f"</td><td>{html.escape(', '.join(_names(record)))}</td>"
        f"<td>{html.escape(record.options.variant.name)}</td>"
        f'<td data-sort="{score}">{score}/{most}</td>'
        f"<td>{len(record.actions)}</td><td>{html.escape(ending)}</td></tr>"
    )
    return row, score, most


def _index_page(rows: Sequence[_Row], title: str) -> str:
    scores = [(score, most) for _, score, most in rows]
    body = (
        f"<h1>{html.escape(title)}</h1>\n<p>{_summary(scores)}; click a heading to sort.</p>\n"
        '<table id="games"><thead><tr><th>game</th><th>players</th><th>variant</th>'
        '<th data-numeric="1">score</th><th data-numeric="1">turns</th><th>ending</th>'
        f"</tr></thead><tbody>{''.join(row for row, _, _ in rows)}</tbody></table>"
    )
    return _page(title, body, _INDEX_SCRIPT)


def write_pages(
    games: Iterable[tuple[str, GameRecord]],
    folder: str | os.PathLike[str],
    *,
    seat: int | None = None,
    title: str = "Games",
) -> Path:
    """Write each game's page (`replay_html`) as ``<name>.html`` into `folder`, and an
    ``index.html`` listing them all (`index_html`); return the index's path.

    Args:
        games: each game's name (a file name without a suffix, e.g. ``simple-7``) and record.
        folder: where to write (made if missing).
        seat: as `replay_html`'s.
        title: the index's title.

    Raises:
        InvalidArgument: a name that is not a plain file name, or a bad `seat`.
        IllegalAction: a record's actions break the rules.
        OSError: a page cannot be written.
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    # One game at a time: only its row of the index is kept, not the record and its states, so
    # that a folder of many games is written in little memory.
    for name, record in games:
        if not isinstance(name, str) or not name or Path(name).name != name or name[0] == ".":
            raise InvalidArgument("games", f"a game's name must be a file name, got {brief(name)}")
        page = f"{name}.html"
        out.joinpath(page).write_text(
            replay_html(record, seat=seat, index="index.html"), encoding="utf-8"
        )
        rows.append(_row(page, record))
    index = out / "index.html"
    index.write_text(_index_page(rows, title), encoding="utf-8")
    return index


_STYLE = """
body { font-family: sans-serif; margin: 1em; background: #fbfaf7; color: #222; }
h1 { font-size: 1.3em; margin: 0.2em 0; }
.crumbs { color: #555; margin: 0; }
#action { font-family: monospace; font-size: 1.1em; margin: 0.3em 0; min-height: 1.3em; }
nav { display: flex; gap: 0.4em; align-items: center; margin: 0.4em 0 0.8em; }
nav button { font-size: 1.1em; min-width: 2.4em; }
#slider { flex: 1; max-width: 640px; }
.keys { color: #777; font-size: 0.85em; }
main { display: flex; gap: 1em; align-items: flex-start; }
#table svg { max-width: 100%; height: auto; }
#log { font-family: monospace; font-size: 0.85em; max-height: 80vh; overflow-y: auto;
  margin: 0; padding-left: 3.5em; min-width: 18em; }
#log a { color: #224; text-decoration: none; }
#log li.now { background: #ffe2a8; }
table { border-collapse: collapse; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.7em; text-align: left; }
th { cursor: pointer; background: #eee; }
"""

# The page's one script: it reads the turns from the JSON element and draws the chosen one.
_REPLAY_SCRIPT = """
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("game").textContent);
  const last = game.turns.length - 1;
  const table = document.getElementById("table");
  const slider = document.getElementById("slider");
  const heading = document.getElementById("turn");
  const action = document.getElementById("action");
  const items = document.querySelectorAll("#log li");
  let now = -1;
  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    if (n === now) return;
    now = n;
    table.innerHTML = game.turns[n].map(function (i) { return game.pieces[i]; }).join("");
    heading.textContent = game.labels[n][0];
    action.textContent = game.labels[n][1];
    slider.value = String(n);
    items.forEach(function (item, i) { item.classList.toggle("now", i + 1 === n); });
    if (n > 0) items[n - 1].scrollIntoView({block: "nearest"});
    try { history.replaceState(null, "", "#" + n); } catch (e) { /* a sandboxed page */ }
  }
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("back").addEventListener("click", function () { show(now - 1); });
  document.getElementById("next").addEventListener("click", function () { show(now + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  document.getElementById("log").addEventListener("click", function (event) {
    const link = event.target.closest("a[data-turn]");
    if (link) { event.preventDefault(); show(Number(link.dataset.turn)); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1}[event.key];
    if (step !== undefined) show(now + step);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last);
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", function () { show(Number(location.hash.slice(1))); });
  const asked = Number(location.hash.slice(1));
  show(Number.isFinite(asked) ? asked : 0);
})();
"""

# The index's script: a click on a column's heading sorts the rows by it (again: the other way).
_INDEX_SCRIPT = """
"use strict";
(function () {
  const body = document.querySelector("#games tbody");
  document.querySelectorAll("#games th").forEach(function (th, column) {
    let up = true;
    th.addEventListener("click", function () {
      const numeric = th.dataset.numeric === "1";
      const key = function (row) {
        const cell = row.children[column];
        return numeric ? Number(cell.dataset.sort || cell.textContent) : cell.textContent;
      };
      const rows = Array.from(body.rows).sort(function (a, b) {
        const x = key(a), y = key(b);
        const order = numeric ? x - y : String(x).localeCompare(String(y), undefined,
          {numeric: true});
        return up ? order : -order;
      });
      up = !up;
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
})();
"""
