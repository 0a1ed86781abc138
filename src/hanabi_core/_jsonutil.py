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


def load(source: object) -> tuple[Any, str | None]:
    """The parsed JSON of `source` (a path, JSON text or a parsed mapping) and its file name.

    A `str` is JSON text when its first non-blank character is ``{`` or ``[``, otherwise a path.

    Raises:
        InvalidRecord: at ``"$"``, for text that is not JSON, too large or nested too deeply.
        OSError: the file cannot be read.
    """
    if isinstance(source, Mapping):
        return source, None
    name: str | None = None
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        text = source
    elif isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = str(path)
        try:
            with path.open("rb") as handle:
                raw = handle.read(MAX_TEXT + 1)
        except ValueError as error:  # e.g. a NUL character in the path
            raise InvalidRecord("$", f"not a path: {error}") from None
        if len(raw) > MAX_TEXT:
            raise InvalidRecord("$", f"the file is larger than {MAX_TEXT} bytes")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InvalidRecord("$", f"the file is not UTF-8 text ({error.reason})") from None
    else:
        raise InvalidRecord(
            "$", f"expected a path, JSON text or a parsed object, got {describe(source)}"
        )
    if len(text) > MAX_TEXT:
        raise InvalidRecord("$", f"the text is longer than {MAX_TEXT} characters")
    try:
        return json.loads(text), name
    except RecursionError:
        raise InvalidRecord("$", "the JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise InvalidRecord(
            "$", f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise InvalidRecord("$", f"not valid JSON: {error}") from None


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
    return value


def at(path: str, key: str | int) -> str:
    """The path of a field (``$.deck``) or an item (``$.deck[3]``) under `path`."""
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"
