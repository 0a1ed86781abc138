"""hanab.live's websocket protocol, typed: every frame a bot receives or sends, as a frozen value.

hanab.live has no bot API: a bot logs in as a person would (``POST /login`` with ``username``,
``password`` and ``version``, ``server/src/http_login.go``), opens the websocket ``/ws`` with the
session cookie (``server/src/http_ws.go``) and trades text frames ``command {json}``: the command
name, one space, the JSON data (``server/src/websocket_message.go``, which also bans a client that
sends more than 200 frames in 2 seconds, `RATE_LIMIT`).

[`parse`][hanabi_core.hanablive.wire.parse] turns a frame the server sends into one of the
classes below, [`parse_command`][hanabi_core.hanablive.wire.parse_command] a frame a client
sends (what a test server reads), and [`encode`][hanabi_core.hanablive.wire.encode] turns any
of them back into a frame. Field names are the server's, in snake case (``tableID`` →
``table_id``); the wire names are learnt from the server's GPL source, cited by path on each class,
none of it copied. Fields the server adds later land in ``extra`` and are written back as they
came; a command or game action type this module does not know parses as
[`Unknown`][hanabi_core.hanablive.wire.Unknown] (a game action:
[`UnknownAction`][hanabi_core.hanablive.wire.UnknownAction]).
A frame that is not ``command {json}``, or a known field of the wrong type, raises
[`ProtocolError`][hanabi_core.hanablive.wire.ProtocolError].

Game actions (the items of ``gameAction`` and ``gameActionList``) are typed too (`Draw`, `Clue`,
…), and [`LiveGame.receive`][hanabi_core.hanablive.live.LiveGame.receive] takes them as they are
(`action.raw()` is the server's JSON object again).

```python
from hanabi_core.hanablive.wire import GameAction, Draw, TableJoin, encode, parse

frame = (
    'gameAction {"tableID":7,'
    '"action":{"type":"draw","playerIndex":1,"order":5,"suitIndex":-1,"rank":-1}}'
)
message = parse(*frame.split(" ", 1))
assert isinstance(message, GameAction) and message.action == Draw(1, 5, -1, -1)
assert encode(message) == frame
assert encode(TableJoin(7)) == 'tableJoin {"tableID":7,"password":""}'
```

[`LiveGame.from_init`][hanabi_core.hanablive.live.LiveGame.from_init] builds the seat's
game from the server's `Init`. This module knows nothing of `LiveGame`: it is the protocol alone.
"""

# ruff: noqa: RUF009  (attrs fields are declared by calls to _w and _extra, as attrs.field is)
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

import attrs
from attrs import frozen

from ..errors import HanabiError, brief

__all__ = [
    "RATE_LIMIT",
    "Action",
    "CardIdentities",
    "CardIdentity",
    "ChatMessage",
    "ChatPM",
    "Clock",
    "Clue",
    "Command",
    "Connected",
    "Discard",
    "Draw",
    "Error",
    "FinishOngoingGame",
    "GameAction",
    "GameActionItem",
    "GameActionList",
    "GameOver",
    "GetGameInfo1",
    "GetGameInfo2",
    "Init",
    "Joined",
    "Left",
    "Loaded",
    "Message",
    "Note",
    "NoteList",
    "NoteListPlayer",
    "Play",
    "PlayerTimes",
    "ProtocolError",
    "Status",
    "Strike",
    "Table",
    "TableCreate",
    "TableGone",
    "TableJoin",
    "TableLeave",
    "TableList",
    "TableReattend",
    "TableStart",
    "TableStartCommand",
    "TableUnattend",
    "Turn",
    "Unknown",
    "UnknownAction",
    "Warning",
    "Welcome",
    "encode",
    "parse",
    "parse_action",
    "parse_command",
    "read_int",
]

#: The server's rate limit (``server/src/websocket_message.go``): at most this many frames from a
#: client in `RATE_PERIOD` seconds, a token bucket; the client that goes over is banned.
RATE_LIMIT = 200
#: The period of `RATE_LIMIT`, in seconds.
RATE_PERIOD = 2.0
#: The longest frame the parser reads (a whole ``gameActionList`` of a long game is far smaller).
MAX_FRAME = 4_000_000


class _Refusal(HanabiError, ValueError):
    """What `ProtocolError` and `protocol.Desync` share: a hanab.live frame or message refused, by
    the field at fault and the plain-words reason, after where it was (a frame's command, a
    message's index), which with them is what it is built from, for pickling and equality; the
    message is the subclass's wording of the three."""

    def __init__(self, where: object, field: str, reason: str, message: str = "") -> None:
        self.field = field
        self.reason = reason
        self._build(message or f"{where}, field {field!r}: {reason}", (where, field, reason))


class ProtocolError(_Refusal):
    """A frame that is not hanab.live's protocol: not ``command {json}``, or a field of the
    wrong type.

    Attributes:
        command: the frame's command (``""`` when even that could not be read).
        field: the field at fault, e.g. ``"tableID"`` or ``"action.order"`` (``"$"``: the frame).
        reason: the plain-words sentence.
    """

    def __init__(self, command: str, field: str, reason: str) -> None:
        self.command = command
        message = f"hanab.live frame {command!r}, field {field!r}: {reason}"
        super().__init__(command, field, reason, message)


# --- The field machinery ---------------------------------------------------------------------
#
# Each class lists its wire fields through attrs metadata: the wire name (a dotted name reaches
# into a nested object, as a clue's ``clue.type``) and the kind that is checked. A field with an
# attrs default is optional on the wire; one without is required.

_KINDS = {
    "int": "a whole number",
    "str": "a string",
    "bool": "true or false",
    "ints": "a list of whole numbers",
    "ints?": "a list of whole numbers, or null",
    "strs": "a list of strings",
    "bools": "a list of true or false",
    "obj": "an object",
    "objs": "a list of objects",
    "any": "any JSON value",
    "action": "a game action object",
    "actions": "a list of game action objects",
    "tables": "a list of table objects",
}


def _w(wire: str, kind: str, default: Any = attrs.NOTHING, *, required: bool = False) -> Any:
    """A wire field: its name on the wire and its kind. A field with no `default`, or
    `required`, must be on the wire (`required` keeps a default for the Python constructor:
    the server always writes the field, ``server/src/actions.go``; a lenient read,
    `parse_action(..., lenient=True)`, does without it)."""
    metadata = {
        "wire": wire,
        "kind": kind,
        "required": required or default is attrs.NOTHING,
        "needed": default is attrs.NOTHING,
    }
    # A value built in Python is checked as a parsed one is (`parse` builds without `__init__`,
    # its values already checked), so that a reader may trust every instance's fields.
    checks: dict[str, Any] = {"metadata": metadata, "validator": _VALIDATORS.get(kind)}
    if kind in ("ints", "ints?", "strs", "bools", "objs"):
        checks["converter"] = _tuple  # a list given in Python is kept as `parse` keeps it
    if default is attrs.NOTHING:
        return attrs.field(**checks)
    if isinstance(default, (dict, list)):
        return attrs.field(factory=type(default), **checks)
    return attrs.field(default=default, **checks)


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _kind_validator(kind: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """The attrs validator of a field of `kind`: a `ProtocolError` naming the field, as `parse`
    would raise (a list of whole numbers may be a list or a tuple; ``None`` where the kind
    allows it)."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        command: str = getattr(instance, "COMMAND", "") or getattr(instance, "TYPE", "")
        field = attribute.metadata["wire"]
        # `_check` reads a float with no fraction as a whole number and converts it; a value
        # kept as given must be an int already.
        if kind == "int" and type(value) is not int:
            raise ProtocolError(command, field, f"must be a whole number, got {brief(value)}")
        if kind in ("ints", "ints?") and isinstance(value, list | tuple):
            for i, v in enumerate(value):
                if type(v) is not int:
                    raise ProtocolError(
                        command, f"{field}[{i}]", f"must be a whole number, got {brief(v)}"
                    )
        _check(value, kind, command, field)

    return check


_VALIDATORS = {kind: _kind_validator(kind) for kind in ("int", "bool", "ints", "ints?", "str")}


@frozen
class _Wire:
    """Base of every frame and game action: how it was read, so that `encode` writes it back as
    it came. ``_as_read`` holds ``(wire name, present, value)`` for each optional field the frame
    lacked (``present`` false: it is not written back, not even as its default) or wrote as
    ``null`` where the field holds an empty value. It plays no part in equality: a frame read is
    equal to the same frame built in Python."""

    #: The fields the server sent that the class does not know, written back as they came.
    extra: dict[str, Any] = attrs.field(factory=dict, kw_only=True, repr=False)

    def lacked(self, wire: str) -> bool:
        """Whether the frame as read lacked the wire field `wire` (e.g. ``"turn"``), which then
        holds its default; never true of a value built in Python."""
        return any(name == wire and not present for name, present, _ in self._as_read)

    _as_read: tuple[tuple[str, bool, Any], ...] = attrs.field(
        default=(), init=False, eq=False, repr=False
    )


def _is_int(value: object) -> bool:
    return type(value) is int


def _check(value: object, kind: str, command: str, field: str) -> Any:
    """`value` as the field's Python value (lists become tuples), or a `ProtocolError`."""

    def bad() -> ProtocolError:
        return ProtocolError(command, field, f"must be {_KINDS[kind]}, got {brief(value)}")

    if kind == "int":
        # Go writes its integers as JSON numbers; a float with no fraction is the same number.
        if isinstance(value, float) and value.is_integer() and abs(value) < _GO_INT:
            return int(value)
        if not _is_int(value):
            raise bad()
        if not -_GO_INT <= value < _GO_INT:  # type: ignore[operator]  # an int, checked above
            # hanab.live's fields are Go ints (64 bits): a larger one is no message of its
            # server, and one of thousands of digits could not even be written into a message.
            raise ProtocolError(
                command, field, f"must be a 64-bit whole number, got {brief(value)}"
            )
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise bad()
        return value
    if kind == "bool":
        if type(value) is not bool:
            raise bad()
        return value
    if kind == "any":
        return value
    if kind == "obj":
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise bad()
        return dict(value)
    # The lists: Go writes a nil slice as null (kept as None where the server writes it so).
    if value is None:
        return None if kind == "ints?" else ()
    if kind == "ints?":
        kind = "ints"
    if not isinstance(value, list | tuple):
        raise bad()
    if kind == "ints":
        if all(type(v) is int and -_GO_INT <= v < _GO_INT for v in value):
            return tuple(value)  # the common case, checked in one pass
        return tuple(_check(v, "int", command, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "strs":
        return tuple(_check(v, "str", command, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "bools":
        return tuple(_check(v, "bool", command, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "objs":
        return tuple(_check(v, "obj", command, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "actions":
        return tuple(_parse_action(v, command, f"{field}[{i}]") for i, v in enumerate(value))
    if kind == "tables":
        return tuple(_build(Table, v, command, f"{field}[{i}]") for i, v in enumerate(value))
    raise AssertionError(kind)  # pragma: no cover


def read_int(value: object, field: str) -> int:
    """`value` read as a whole-number field is (a Go int: 64 bits; a float with no fraction is
    the same number), for a field outside the classes here (a card identity's ``suitIndex``).

    Raises:
        ProtocolError: `value` is not a whole number of 64 bits (its ``command`` is ``""``).
    """
    result: int = _check(value, "int", "", field)
    return result


#: hanab.live's fields are Go ints: whole numbers of 64 bits.
_GO_INT = 2**63


class _Field(NamedTuple):
    """One wire field of a class, as its reader reads it."""

    name: str
    wire: str
    # The object it sits in (``"clue"`` for ``clue.type``), or "" at the top; and its own name.
    parent: str
    leaf: str
    kind: str
    required: bool
    # Required even by a lenient read: the field has no default.
    needed: bool


class _Reader(NamedTuple):
    """How one class is read from a JSON object, worked out once per class (`_reader`)."""

    fields: tuple[_Field, ...]
    # The known names at the top of the object, and of each nested object.
    top: frozenset[str]
    nested: tuple[tuple[str, frozenset[str]], ...]
    # The instance from its field values in order (``_as_read`` first, ``extra`` last).
    build: Callable[..., Any]


_READERS: dict[type[Any], _Reader] = {}


def _reader(cls: type[Any]) -> _Reader:
    """The reader of `cls`: its wire fields read from the attrs metadata once, not per frame."""
    found = _READERS.get(cls)
    if found is not None:
        return found
    fields = []
    known: dict[str, set[str]] = {"": set()}
    for f in attrs.fields(cls):
        wire = f.metadata.get("wire")
        if wire is None:
            continue
        parent, _, leaf = wire.rpartition(".")
        assert "." not in parent  # one level of nesting at most (a clue's ``clue.type``)
        known[""].add(parent or leaf)
        known.setdefault(parent, set()).add(leaf)
        fields.append(
            _Field(
                f.name,
                wire,
                parent,
                leaf,
                f.metadata["kind"],
                f.metadata["required"],
                f.metadata["needed"],
            )
        )
    if issubclass(cls, _Action):
        known[""].add("type")  # the tag, read by `_parse_action`
    reader = _Reader(
        tuple(fields),
        frozenset(known.pop("")),
        tuple((parent, frozenset(names)) for parent, names in known.items()),
        _builder(cls),
    )
    _READERS[cls] = reader
    return reader


def _builder(cls: type[Any]) -> Callable[..., Any]:
    """A function taking ``_as_read``, ``extra`` and then `cls`'s wire fields in their order,
    that returns the instance without `__init__`: the values are already checked, and the
    instance is just as frozen (the slots are written through their descriptors, as
    `_support.fast.frozen_builder` does; here the slots of the base class too)."""
    names = ["_as_read", "extra"]
    names += [f.name for f in attrs.fields(cls) if f.metadata.get("wire") is not None]
    setters = tuple(getattr(cls, name).__set__ for name in names)
    new = object.__new__

    def build(*values: Any) -> Any:
        obj = new(cls)
        for setter, value in zip(setters, values, strict=True):
            setter(obj, value)
        return obj

    return build


_T = TypeVar("_T")


def _build(
    cls: type[_T], data: object, command: str, prefix: str = "", lenient: bool = False
) -> _T:
    """An instance of `cls` from a JSON object, fields checked, unknown fields kept in
    ``extra``: one pass over the class's `_reader`, whose checks cost a type test each for
    the common whole numbers. `lenient`: a field with a default may be absent."""
    if not isinstance(data, Mapping):
        raise ProtocolError(command, prefix or "$", f"must be an object, got {brief(data)}")
    reader = _reader(cls)
    # ``_as_read`` (filled in below if the frame lacked a field), ``extra``, then the fields.
    values: list[Any] = [(), None]
    as_read: list[tuple[str, bool, Any]] = []
    for _, wire, parent, leaf, kind, required, needed in reader.fields:
        node: Any = data
        if parent:
            node = data.get(parent)
            if not isinstance(node, Mapping):
                node = _EMPTY
        if leaf not in node:
            if needed or (required and not lenient):
                raise ProtocolError(command, f"{prefix}.{wire}" if prefix else wire, "is missing")
            as_read.append((wire, False, None))
            values.append(_DEFAULTS[cls, wire])
            continue
        value = node[leaf]
        if kind == "int" and type(value) is int and -_GO_INT <= value < _GO_INT:
            values.append(value)  # the common case
            continue
        name = f"{prefix}.{wire}" if prefix else wire
        if kind == "action":
            values.append(_parse_action(value, command, name))
            continue
        checked = _check(value, kind, command, name)
        if value is None and checked is not None:
            as_read.append((wire, True, None))  # null read as an empty value
        values.append(checked)
    extra: dict[str, Any] = {}
    if not reader.top.issuperset(data):
        extra = {k: v for k, v in data.items() if k not in reader.top}
    for parent, names in reader.nested:
        # Unknown fields nested in a known object (``clue.extra``) are kept too, under it.
        node = data.get(parent)
        if isinstance(node, Mapping) and not names.issuperset(node):
            _nest(extra, [parent], {k: v for k, v in node.items() if k not in names})
    if as_read:
        values[0] = tuple(as_read)
    values[1] = extra
    result: _T = reader.build(*values)
    return result


_EMPTY: Mapping[str, Any] = MappingProxyType({})


class _Defaults(dict[tuple[type[Any], str], Any]):
    """The Python default of an optional wire field, by class and wire name (a fresh one for a
    field whose default is a factory)."""

    def __missing__(self, key: tuple[type[Any], str]) -> Any:
        cls, wire = key
        field = next(f for f in attrs.fields(cls) if f.metadata.get("wire") == wire)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            return default.factory()
        self[key] = default
        return default


_DEFAULTS = _Defaults()


def _nest(out: dict[str, Any], path: list[str], values: Mapping[str, Any]) -> None:
    """Merge `values` into `out` at `path`, copying the objects it passes through (they may be
    a message's own)."""
    node = out
    for part in path:
        inner = node.get(part)
        node[part] = dict(inner) if isinstance(inner, Mapping) else {}
        node = node[part]
    for key, value in values.items():
        if key in node and isinstance(node[key], Mapping) and isinstance(value, Mapping):
            _nest(node, [key], value)
        else:
            node.setdefault(key, value)


def _dump(message: Any) -> dict[str, Any]:
    """The JSON object of a message or game action, fields in declaration order, then
    ``extra``."""
    out: dict[str, Any] = {}
    as_read = {wire: (present, value) for wire, present, value in message._as_read}
    for f in attrs.fields(type(message)):
        wire = f.metadata.get("wire")
        if wire is None:
            continue
        value = getattr(message, f.name)
        kind = f.metadata["kind"]
        if wire in as_read:
            present, value = as_read[wire]
            if not present:
                continue  # not on the wire as read: no default written as if received
        elif kind == "action":
            value = value.raw()
        elif kind == "actions":
            value = [v.raw() for v in value]
        elif kind == "tables":
            value = [_dump(v) for v in value]
        elif isinstance(value, tuple):
            value = list(value)
        parts = wire.split(".")
        node = out
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    for key, value in message.extra.items():
        if key in out and isinstance(out[key], Mapping) and isinstance(value, Mapping):
            _nest(out, [key], value)
        else:
            out.setdefault(key, value)
    return out


# --- Game actions (server/src/actions.go) ----------------------------------------------------


@frozen
class _Action(_Wire):
    """Base of the game actions: the ``type`` tag and `raw`."""

    TYPE: ClassVar[str] = ""

    def raw(self) -> dict[str, Any]:
        """The action as the server's JSON object (what `LiveGame.receive` takes)."""
        return {"type": self.TYPE, **_dump(self)}


@frozen
class _CardAction(_Action):
    """Base of the game actions about one card: its seat, order and face (−1, −1 hidden)."""

    player_index: int = _w("playerIndex", "int")
    order: int = _w("order", "int")
    suit_index: int = _w("suitIndex", "int")
    rank: int = _w("rank", "int")


@frozen
class Draw(_CardAction):
    """``draw``: a card dealt or drawn; ``suit_index`` and ``rank`` are −1 for the seat's own."""

    TYPE: ClassVar[str] = "draw"


@frozen
class Play(_CardAction):
    """``play``: a card that extended its firework."""

    TYPE: ClassVar[str] = "play"


@frozen
class Discard(_CardAction):
    """``discard``: a discard, or a misplay (``failed`` true, after its `Strike`)."""

    TYPE: ClassVar[str] = "discard"
    failed: bool = _w("failed", "bool", False, required=True)


@frozen
class Clue(_Action):
    """``clue``: ``clue_type`` 0 colour (``clue_value`` indexes the variant's clue colours) or
    1 rank; ``list`` the orders touched."""

    TYPE: ClassVar[str] = "clue"
    giver: int = _w("giver", "int")
    target: int = _w("target", "int")
    clue_type: int = _w("clue.type", "int")
    clue_value: int = _w("clue.value", "int")
    list: tuple[int, ...] = _w("list", "ints")
    turn: int = _w("turn", "int", 0, required=True)


@frozen
class Strike(_Action):
    """``strike``: Storm number ``num`` (1, 2, …), misplayed card ``order`` on ``turn``."""

    TYPE: ClassVar[str] = "strike"
    num: int = _w("num", "int")
    turn: int = _w("turn", "int")
    order: int = _w("order", "int")


@frozen
class Status(_Action):
    """``status``: clue tokens (half Notes in Clue Starved), score, and hanab.live's max score."""

    TYPE: ClassVar[str] = "status"
    clues: int = _w("clues", "int")
    score: int = _w("score", "int")
    max_score: int = _w("maxScore", "int")


@frozen
class Turn(_Action):
    """``turn``: ``num`` actions taken, the seat to move (−1 once the game is over)."""

    TYPE: ClassVar[str] = "turn"
    num: int = _w("num", "int")
    current_player_index: int = _w("currentPlayerIndex", "int")


@frozen
class GameOver(_Action):
    """``gameOver``: hanab.live's end condition (1 normal, 2 strikeout, 4 terminated, …), the
    seat concerned (−1 if none) and the termination votes."""

    TYPE: ClassVar[str] = "gameOver"
    end_condition: int = _w("endCondition", "int")
    player_index: int = _w("playerIndex", "int", -1, required=True)
    votes: tuple[int, ...] | None = _w("votes", "ints?", None, required=True)


@frozen
class CardIdentity(_CardAction):
    """``cardIdentity``: a card's face made known (``server/src/actions.go``,
    ``ActionCardIdentity``)."""

    TYPE: ClassVar[str] = "cardIdentity"


@frozen
class PlayerTimes(_Action):
    """``playerTimes``: each seat's clock in milliseconds and the game's duration, at the end."""

    TYPE: ClassVar[str] = "playerTimes"
    player_times: tuple[int, ...] = _w("playerTimes", "ints", (), required=True)
    duration: int = _w("duration", "int", 0, required=True)


@frozen
class UnknownAction(_Action):
    """A game action of a type this module does not know, kept whole in ``extra`` (with its
    ``type``)."""

    type: str = attrs.field(default="")

    def raw(self) -> dict[str, Any]:
        """The action as it came."""
        return {"type": self.type, **self.extra}


#: A typed game action.
GameActionItem = (
    Draw | Play | Discard | Clue | Strike | Status | Turn | GameOver | CardIdentity | PlayerTimes
    | UnknownAction
)  # fmt: skip

_ACTIONS: dict[str, type[Any]] = {
    cls.TYPE: cls
    for cls in (Draw, Play, Discard, Clue, Strike, Status, Turn, GameOver, CardIdentity,
                PlayerTimes)
}  # fmt: skip


def _parse_action(data: object, command: str, where: str, lenient: bool = False) -> Any:
    if not isinstance(data, Mapping):
        raise ProtocolError(command, where, f"a game action is an object, got {brief(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(command, f"{where}.type", f"must be a string, got {brief(kind)}")
    cls = _ACTIONS.get(kind)
    if cls is None:
        return UnknownAction(kind, extra={k: v for k, v in data.items() if k != "type"})
    return _build(cls, data, command, where, lenient)  # its reader knows the ``type`` tag


def parse_action(data: Mapping[str, Any], *, lenient: bool = False) -> GameActionItem:
    """One game action (an item of ``gameAction``'s ``action`` or ``gameActionList``'s
    ``list``) as its class.

    `lenient`: a field the server always writes but that has a meaning when absent may be left
    out (a discard's ``failed``, a clue's ``turn``: `lacked` says which were), as
    [`LiveGame.receive`][hanabi_core.hanablive.live.LiveGame.receive] has always read a
    mapping.

    Raises:
        ProtocolError: it is not an object with a string ``type``, or a field has the wrong type.
    """
    result: GameActionItem = _parse_action(data, "gameAction", "action", lenient)
    return result


# --- What the server sends -------------------------------------------------------------------


@frozen
class _Message(_Wire):
    """Base of every frame: its command name."""

    COMMAND: ClassVar[str] = ""


@frozen
class _TableMessage(_Message):
    """Base of the frames about one table: its ``tableID`` first."""

    table_id: int = _w("tableID", "int")


@frozen
class Welcome(_Message):
    """``welcome``, the first frame after connecting (``server/src/websocket_connect.go``):
    ``playing_at_tables`` lists the tables whose game we are in (to reattend after a drop)."""

    COMMAND: ClassVar[str] = "welcome"
    user_id: int = _w("userID", "int")
    username: str = _w("username", "str")
    playing_at_tables: tuple[int, ...] = _w("playingAtTables", "ints", ())
    total_games: int = _w("totalGames", "int", 0)
    muted: bool = _w("muted", "bool", False)
    friends: tuple[str, ...] = _w("friends", "strs", ())
    settings: dict[str, Any] = _w("settings", "obj", {})


@frozen
class Table(_Message):
    """``table``: one table of the lobby, new or changed (``server/src/session_notify.go``,
    ``TableMessage``); ``options`` as `Init.options`."""

    COMMAND: ClassVar[str] = "table"
    id: int = _w("id", "int")
    name: str = _w("name", "str", "")
    password_protected: bool = _w("passwordProtected", "bool", False)
    joined: bool = _w("joined", "bool", False)
    num_players: int = _w("numPlayers", "int", 0)
    owner_id: int = _w("ownerID", "int", 0)
    running: bool = _w("running", "bool", False)
    variant: str = _w("variant", "str", "No Variant")
    options: dict[str, Any] = _w("options", "obj", {})
    shared_replay: bool = _w("sharedReplay", "bool", False)
    progress: int = _w("progress", "int", 0)
    players: tuple[str, ...] = _w("players", "strs", ())
    spectators: tuple[dict[str, Any], ...] = _w("spectators", "objs", ())
    max_players: int = _w("maxPlayers", "int", 0)


@frozen
class TableList(_Message):
    """``tableList``: every table of the lobby, once after ``welcome``; on the wire a JSON array
    of `Table` objects."""

    COMMAND: ClassVar[str] = "tableList"
    tables: tuple[Table, ...] = ()


@frozen
class TableGone(_TableMessage):
    """``tableGone``: a table left the lobby."""

    COMMAND: ClassVar[str] = "tableGone"


@frozen
class Joined(_TableMessage):
    """``joined``: we sit at the table (``server/src/session_notify.go``)."""

    COMMAND: ClassVar[str] = "joined"


@frozen
class Left(_Message):
    """``left``: we left the table (the server writes its field ``TableID`` untagged,
    ``server/src/command_table_leave.go``)."""

    COMMAND: ClassVar[str] = "left"
    table_id: int = _w("TableID", "int", 0)


@frozen
class TableStart(_TableMessage):
    """``tableStart``: the game at the table has started (or we reattend it); ask for it with
    `GetGameInfo1`."""

    COMMAND: ClassVar[str] = "tableStart"
    replay: bool = _w("replay", "bool", False)


@frozen
class ChatMessage(_Message):
    """``chat`` (``server/src/chat.go``): a private message has ``recipient`` set to us."""

    COMMAND: ClassVar[str] = "chat"
    msg: str = _w("msg", "str")
    who: str = _w("who", "str", "")
    discord: bool = _w("discord", "bool", False)
    server: bool = _w("server", "bool", False)
    datetime: str = _w("datetime", "str", "")
    room: str = _w("room", "str", "")
    recipient: str = _w("recipient", "str", "")


@frozen
class Warning(_Message):
    """``warning``: the server refused a command, in words (``server/src/session.go``)."""

    COMMAND: ClassVar[str] = "warning"
    warning: str = _w("warning", "str")


@frozen
class Error(_Message):
    """``error``: something went wrong on the server; it usually closes the socket."""

    COMMAND: ClassVar[str] = "error"
    error: str = _w("error", "str")


@frozen
class Init(_TableMessage):
    """``init``, the answer to `GetGameInfo1` (``server/src/command_get_game_info_1.go``).

    ``options`` are the table's as the server spells them (``server/src/options.go``:
    ``numPlayers``, ``variantName``, ``emptyClues``, ``oneExtraCard``, …);
    [`LiveGame.from_init`][hanabi_core.hanablive.live.LiveGame.from_init] reads them.
    """

    COMMAND: ClassVar[str] = "init"
    player_names: tuple[str, ...] = _w("playerNames", "strs")
    our_player_index: int = _w("ourPlayerIndex", "int")
    options: dict[str, Any] = _w("options", "obj")
    spectating: bool = _w("spectating", "bool", False)
    shadowing: bool = _w("shadowing", "bool", False)
    replay: bool = _w("replay", "bool", False)
    database_id: int = _w("databaseID", "int", -1)
    seed: str = _w("seed", "str", "")
    paused: bool = _w("paused", "bool", False)


@frozen
class GameActionList(_TableMessage):
    """``gameActionList``, the answer to `GetGameInfo2`: every game action so far, in order."""

    COMMAND: ClassVar[str] = "gameActionList"
    list: tuple[GameActionItem, ...] = _w("list", "actions")


@frozen
class GameAction(_TableMessage):
    """``gameAction``: the next game action, once the seat has sent `Loaded`."""

    COMMAND: ClassVar[str] = "gameAction"
    action: GameActionItem = _w("action", "action")


@frozen
class Connected(_TableMessage):
    """``connected``: which seats are connected, one flag per seat."""

    COMMAND: ClassVar[str] = "connected"
    list: tuple[bool, ...] = _w("list", "bools")


@frozen
class Clock(_TableMessage):
    """``clock`` in timed games: each seat's time left (ms), the seat to move, its time taken."""

    COMMAND: ClassVar[str] = "clock"
    times: tuple[int, ...] = _w("times", "ints", ())
    active_player_index: int = _w("activePlayerIndex", "int", -1)
    time_taken: int = _w("timeTaken", "int", 0)


@frozen
class CardIdentities(_TableMessage):
    """``cardIdentities`` after the game: every card's ``{suitIndex, rank}`` by order (give them
    to [`LiveGame.reveal`][hanabi_core.hanablive.live.LiveGame.reveal])."""

    COMMAND: ClassVar[str] = "cardIdentities"
    card_identities: tuple[dict[str, Any], ...] = _w("cardIdentities", "objs")


@frozen
class FinishOngoingGame(_TableMessage):
    """``finishOngoingGame``: the game is over and saved as ``database_id``; the table becomes
    a shared replay (``server/src/table_notify.go``)."""

    COMMAND: ClassVar[str] = "finishOngoingGame"
    database_id: int = _w("databaseID", "int", -1)
    shared_replay_leader: str = _w("sharedReplayLeader", "str", "")


@frozen
class NoteList(_TableMessage):
    """``noteList``: every player's notes, as spectators and the end of a game see them."""

    COMMAND: ClassVar[str] = "noteList"
    notes: tuple[dict[str, Any], ...] = _w("notes", "objs", ())


@frozen
class NoteListPlayer(_TableMessage):
    """``noteListPlayer``: the seat's own notes, one per card order, on catching up."""

    COMMAND: ClassVar[str] = "noteListPlayer"
    notes: tuple[str, ...] = _w("notes", "strs", ())


@frozen
class Unknown(_Message):
    """A frame whose command this module does not know: its command and data, as they came."""

    command: str = ""
    data: Any = None


# --- What a client sends (server/src/command.go's CommandData, command_*.go) ----------------


@frozen
class TableJoin(_TableMessage):
    """``tableJoin``: sit at a table (``server/src/command_table_join.go``)."""

    COMMAND: ClassVar[str] = "tableJoin"
    password: str = _w("password", "str", "")


@frozen
class TableReattend(_TableMessage):
    """``tableReattend``: come back to a game we are playing, after a dropped connection
    (``server/src/command_table_reattend.go``); the server answers `TableStart`."""

    COMMAND: ClassVar[str] = "tableReattend"


@frozen
class TableUnattend(_TableMessage):
    """``tableUnattend``: go back to the lobby from a game (or its replay) without leaving the
    seat (``server/src/command_table_unattend.go``): what a bot sends once its game is over."""

    COMMAND: ClassVar[str] = "tableUnattend"


@frozen
class GetGameInfo1(_TableMessage):
    """``getGameInfo1``: ask for the game's `Init`."""

    COMMAND: ClassVar[str] = "getGameInfo1"


@frozen
class GetGameInfo2(_TableMessage):
    """``getGameInfo2``: ask for the `GameActionList` (the game so far)."""

    COMMAND: ClassVar[str] = "getGameInfo2"


@frozen
class Loaded(_TableMessage):
    """``loaded``: the seat has caught up; the server sends each `GameAction` from now on
    (``server/src/command_loaded.go``)."""

    COMMAND: ClassVar[str] = "loaded"


@frozen
class Action(_TableMessage):
    """``action``: our move (``server/src/command_action.go``): ``type`` 0 play, 1 discard
    (``target`` the card's order), 2 colour clue, 3 rank clue (``target`` the seat); 4 ends the
    game (``value`` the end condition).
    [`LiveGame.action_message`][hanabi_core.hanablive.live.LiveGame.action_message] gives ``type``,
    ``target`` and ``value``."""

    COMMAND: ClassVar[str] = "action"
    type: int = _w("type", "int")
    target: int = _w("target", "int")
    value: int = _w("value", "int", 0)


@frozen
class Note(_TableMessage):
    """``note``: our note on card ``order`` (``server/src/command_note.go``)."""

    COMMAND: ClassVar[str] = "note"
    order: int = _w("order", "int")
    note: str = _w("note", "str")


@frozen
class TableCreate(_Message):
    """``tableCreate``: open a table (``server/src/command_table_create.go``); ``options`` as
    the server spells them (``variantName``, ``emptyClues``, …)."""

    COMMAND: ClassVar[str] = "tableCreate"
    name: str = _w("name", "str")
    options: dict[str, Any] = _w("options", "obj", {})
    password: str = _w("password", "str", "")
    max_players: int = _w("maxPlayers", "int", 5)


@frozen
class TableStartCommand(_TableMessage):
    """``tableStart`` as a client sends it: start the game at our table (its owner only)."""

    COMMAND: ClassVar[str] = "tableStart"


@frozen
class TableLeave(_TableMessage):
    """``tableLeave``: stand up from a table whose game has not started, or has ended."""

    COMMAND: ClassVar[str] = "tableLeave"


@frozen
class ChatPM(_Message):
    """``chatPM``: a private message (``server/src/command_chat_pm.go``)."""

    COMMAND: ClassVar[str] = "chatPM"
    msg: str = _w("msg", "str")
    recipient: str = _w("recipient", "str")
    room: str = _w("room", "str", "lobby")


#: A frame the server sends.
Message = (
    Welcome | TableList | Table | TableGone | Joined | Left | TableStart | ChatMessage | Warning
    | Error | Init | GameActionList | GameAction | Connected | Clock | CardIdentities
    | FinishOngoingGame | NoteList | NoteListPlayer | Unknown
)  # fmt: skip
#: A frame a client sends.
Command = (
    TableJoin | TableReattend | GetGameInfo1 | GetGameInfo2 | Loaded | Action | Note
    | TableCreate | TableStartCommand | TableLeave | TableUnattend | ChatPM | Unknown
)  # fmt: skip

_SERVER: dict[str, type[Any]] = {
    cls.COMMAND: cls
    for cls in (Welcome, TableList, Table, TableGone, Joined, Left, TableStart, ChatMessage,
                Warning, Error, Init, GameActionList, GameAction, Connected, Clock,
                CardIdentities, FinishOngoingGame, NoteList, NoteListPlayer)
}  # fmt: skip
_CLIENT: dict[str, type[Any]] = {
    cls.COMMAND: cls
    for cls in (TableJoin, TableReattend, GetGameInfo1, GetGameInfo2, Loaded, Action, Note,
                TableCreate, TableStartCommand, TableLeave, TableUnattend, ChatPM)
}  # fmt: skip


def _split(command: str, data: Any) -> tuple[str, Any]:
    """`command` and its parsed data; a whole frame may be given as `command` alone."""
    if not isinstance(command, str):
        raise ProtocolError("", "$", f"a command is a string, got {brief(command)}")
    if data is None:
        if len(command) > MAX_FRAME:
            raise ProtocolError("", "$", f"the frame is over {MAX_FRAME} characters")
        name, sep, text = command.partition(" ")
        if not sep or not name:
            raise ProtocolError(name, "$", "a frame is 'command {json}'")
        command, data = name, text
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:
            raise ProtocolError(command, "$", f"the data is not JSON ({error})") from None
    return command, data


def _parse(registry: Mapping[str, type[Any]], command: str, data: Any) -> Any:
    command, data = _split(command, data)
    cls = registry.get(command)
    if cls is None:
        return Unknown(command, data)
    if cls is TableList:
        return TableList(_check(data, "tables", command, "$"))
    return _build(cls, data, command)


def parse(command: str, data: Any = None) -> Message:
    """A frame the server sent, as its class.

    Args:
        command: the frame's command (``"init"``), or the whole frame (``'init {...}'``) with
            `data` left out.
        data: the frame's data: its JSON text, or the value already parsed.

    Raises:
        ProtocolError: the frame is not ``command {json}``, or a known field has the wrong type
            or is missing.
    """
    result: Message = _parse(_SERVER, command, data)
    return result


def parse_command(command: str, data: Any = None) -> Command:
    """A frame a client sent (what a server reads), as its class; see `parse`.

    Raises:
        ProtocolError: as `parse`.
    """
    result: Command = _parse(_CLIENT, command, data)
    return result


def encode(message: Message | Command) -> str:
    """The frame of `message`: ``command {json}``, compact, unknown fields written back."""
    if isinstance(message, Unknown):
        return f"{message.command} {json.dumps(message.data, separators=(',', ':'))}"
    data: Any = [_dump(t) for t in message.tables] if isinstance(message, TableList) else (
        _dump(message)
    )  # fmt: skip
    return f"{message.COMMAND} {json.dumps(data, separators=(',', ':'))}"
