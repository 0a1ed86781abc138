"""Reading untrusted JSON for the record formats: every failure is an `InvalidRecord` with a path.

Private helpers of `records.py` and `hanablive.py`. Nothing here recurses into a value it was not
asked for, and no message repeats a value at length, so absurd input (deep nesting, huge numbers,
megabytes of text) cannot turn into a `RecursionError` or a runaway message.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import InvalidRecord

#: The largest record read from text or a file, in characters (a long game takes a few KiB).
MAX_TEXT = 1 << 20
#: The most actions a record may hold (a long game takes about a hundred).
MAX_ACTIONS = 10_000
#: The most cards a deck may hold (the largest variant has 60).
MAX_CARDS = 1_000


def describe(value: object) -> str:
    """A short description of any value, safe for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(10**12) < value < 10**12 else "a huge number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


class _Duplicates(dict):  # type: ignore[type-arg]
    """A parsed JSON object that held a key twice: `key` is the first repeated one."""

    key: str = ""


def _first_duplicate(data: Any) -> str:
    """The path of the first key repeated in an object of `data` (walked without recursion)."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Duplicates):
            return at(path, value.key)
        if isinstance(value, dict):
            stack.extend((item, at(path, key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, at(path, i)) for i, item in reversed(list(enumerate(value))))
    return "$"


def parse(text: str | bytes) -> Any:
    """The parsed JSON of `text` (a leading byte-order mark is allowed).

    Raises:
        InvalidRecord: at ``"$"`` for text that is not JSON, too large or nested too deeply, and at
            the key's path for an object that holds a key twice (another parser might keep the
            other value, and so read another game from the same file).
    """
    if isinstance(text, bytes):
        text = _decode(text, "the text", "UTF-8")
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_TEXT:
        raise InvalidRecord("$", f"the text is longer than {MAX_TEXT} characters")
    repeated: list[bool] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(items)
        if len(result) == len(items):
            return result
        repeated.append(True)
        flagged = _Duplicates(result)
        seen: set[str] = set()
        for key, _ in items:
            if key in seen:
                flagged.key = key
                break
            seen.add(key)
        return flagged

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except RecursionError:
        raise InvalidRecord("$", "the JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise InvalidRecord(
            "$", f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise InvalidRecord("$", f"not valid JSON: {describe(str(error))}") from None
    if repeated:
        raise InvalidRecord(_first_duplicate(data), "appears twice in its object")
    return data


def read_file(source: str | os.PathLike[str]) -> tuple[Any, str]:
    """The parsed JSON of the file at `source`, and its name.

    Raises:
        InvalidRecord: as `parse`, or at ``"$"`` for an empty path or one that holds a NUL.
        OSError: the file cannot be read (it does not exist, it is a folder, …).
    """
    name = os.fspath(source)
    if not isinstance(name, str) or not name.strip():
        raise InvalidRecord("$", f"not the path of a file: {describe(name)}")
    try:
        with Path(name).open("rb") as handle:
            raw = handle.read(MAX_TEXT + 1)
    except ValueError as error:  # e.g. a NUL character in the path
        raise InvalidRecord("$", f"not a path: {error}") from None
    return parse(_decode(raw, "the file", "UTF-8 text")), name


def _decode(raw: bytes, what: str, kind: str) -> str:
    """`raw` as text (a leading byte-order mark dropped), at most `MAX_TEXT` bytes of UTF-8;
    `what` and `kind` name it in the error (``the file is not UTF-8 text``)."""
    if len(raw) > MAX_TEXT:
        raise InvalidRecord("$", f"{what} is larger than {MAX_TEXT} bytes")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidRecord("$", f"{what} is not {kind} ({error.reason})") from None


def looks_like_json(text: str) -> bool:
    """Whether a string given where a path or JSON text may go is JSON text: its first character
    after a byte-order mark and blanks is ``{`` or ``[``."""
    return text.removeprefix("\ufeff").lstrip().startswith(("{", "["))


def load(source: object) -> tuple[Any, str | None]:
    """The parsed JSON of `source` (a path, JSON text or a parsed mapping) and its file name.

    A `str` is JSON text when `looks_like_json`, otherwise a path; `bytes` are JSON text.

    Raises:
        InvalidRecord: as `parse` and `read_file`, or for a source of another kind.
        OSError: the file cannot be read.
    """
    if isinstance(source, Mapping):
        return source, None
    if isinstance(source, bytes) or (isinstance(source, str) and looks_like_json(source)):
        return parse(source), None
    if isinstance(source, (str, os.PathLike)):
        return read_file(source)
    raise InvalidRecord(
        "$", f"expected a path, JSON text or a parsed object, got {describe(source)}"
    )


def obj(
    value: object, path: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """`value` as an object with exactly the `required` keys and some of the `optional` ones."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(path, f"must be an object, got {describe(value)}")
    for key in value:
        if not isinstance(key, str):
            raise InvalidRecord(path, f"has a key that is not a string: {describe(key)}")
        if key not in required and key not in optional:
            raise InvalidRecord(at(path, key), "is not a field of this format")
    for key in required:
        if key not in value:
            raise InvalidRecord(at(path, key), "is missing")
    return value


def array(value: object, path: str, *, most: int, least: int = 0) -> Sequence[Any]:
    """`value` as a list of `least` to `most` items."""
    if not isinstance(value, (list, tuple)):
        raise InvalidRecord(path, f"must be a list, got {describe(value)}")
    if len(value) > most:
        raise InvalidRecord(path, f"has {len(value)} items; at most {most} are allowed")
    if len(value) < least:
        raise InvalidRecord(path, f"has {len(value)} items; at least {least} are needed")
    return value


def integer(value: object, path: str, low: int, high: int) -> int:
    """`value` as a whole number from `low` to `high` (never a bool or a float)."""
    if type(value) is not int:
        raise InvalidRecord(path, f"must be a whole number, got {describe(value)}")
    if not low <= value <= high:
        raise InvalidRecord(path, f"must be from {low} to {high}, got {describe(value)}")
    return value


def boolean(value: object, path: str) -> bool:
    """`value` as `true` or `false`."""
    if type(value) is not bool:
        raise InvalidRecord(path, f"must be true or false, got {describe(value)}")
    return value


def string(
    value: object, path: str, *, choices: Collection[str] | None = None, most: int = 200
) -> str:
    """`value` as a string, one of `choices` when given."""
    if not isinstance(value, str):
        raise InvalidRecord(path, f"must be a string, got {describe(value)}")
    if choices is not None and value not in choices:
        raise InvalidRecord(
            path, f"must be one of {', '.join(map(repr, choices))}, got {describe(value)}"
        )
    if len(value) > most:
        raise InvalidRecord(path, f"is longer than {most} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate (JSON's "\ud800", or a command-line byte that is not UTF-8) cannot be
        # written to a UTF-8 file, so a record holding one could not be saved and read back.
        raise InvalidRecord(path, "is not valid Unicode text (it holds a lone surrogate)") from None
    return value


#: The longest key a path spells out in full.
_MAX_KEY = 40


def at(path: str, key: str | int) -> str:
    """The path of a field (``$.deck``) or an item (``$.deck[3]``) under `path`.

    A key that is not a plain name (a letter or ``_``, then letters, digits and ``_``, at most 40)
    is quoted as a JSON string, cut to 40 characters: a path is printed, and a key read from an
    untrusted record may hold terminal escape codes, line breaks or a megabyte of text.
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    if key.isascii() and key.isidentifier() and len(key) <= _MAX_KEY:
        return f"{path}.{key}"
    shown = key if len(key) <= _MAX_KEY else key[: _MAX_KEY - 3] + "..."
    return f"{path}[{json.dumps(shown)}]"
