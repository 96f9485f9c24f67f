"""Reading a file the user names (a setup.json, a board of digits): regular files only, at most
1 MB, text in UTF-8; and JSON within limits a setup never comes near (32 levels deep, numbers
of at most 20 digits), each key of an object given once. A pipe or a device is refused before
it is opened for reading, so it can neither hang a command (a FIFO with no writer) nor fill its
memory (/dev/zero).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any, Literal

MAX_BYTES = 1_000_000  # 1 MB: the largest setup.json pnp writes (500 sheets of 20x20) is ~0.3 MB
MAX_DEPTH = 32  # objects and lists inside each other; a setup.json nests 4 deep
MAX_DIGITS = 20  # a seed (at most 2**63 - 1, pnp/games/base.py MAX_SEED) has 19

Problem = Literal["missing", "folder", "special", "large", "unreadable"]


class FileProblem(Exception):
    """Why a named file cannot be read; `kind` for the caller to word, `detail` the reason."""

    def __init__(self, kind: Problem, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """The text of the regular file at `path`, or FileProblem saying why it cannot be read."""
    try:
        if stat.S_ISDIR(os.stat(path).st_mode):
            raise FileProblem("folder", "is a folder")
        # O_NONBLOCK: a FIFO swapped in after the check still opens without waiting for a writer
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (FileNotFoundError, NotADirectoryError):
        raise FileProblem("missing", "no such file") from None
    except OSError as exc:
        raise FileProblem("unreadable", f"cannot read it ({exc.__class__.__name__})") from None
    with os.fdopen(handle, "rb") as stream:
        mode = os.fstat(stream.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem("special", f"is {_special(mode)}, not a regular file")
        try:
            data = stream.read(limit + 1)
        except OSError as exc:
            raise FileProblem("unreadable", f"cannot read it ({exc.__class__.__name__})") from None
    if len(data) > limit:
        raise FileProblem("large", f"is larger than {limit // 1_000_000} MB, the limit")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("unreadable", "cannot read it (UnicodeDecodeError)") from None


def _special(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


class JsonLimit(ValueError):
    """A JSON text beyond what pnp reads: too deep, a number too long, NaN or Infinity."""


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JsonLimit(f"a number with {digits} digits; numbers may have at most {MAX_DIGITS}")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if len(text) > 2 * MAX_DIGITS or not math.isfinite(value):
        raise JsonLimit(f"the number {text[:24]} is not one pnp reads (too long or too large)")
    return value


def _constant(text: str) -> float:
    raise JsonLimit(f"{text} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: a key given twice would keep its last
    value without a word."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise JsonLimit(f"the key '{key}' is given twice")
        found[key] = value
    return found


def load_json(text: str) -> Any:
    """The JSON value of `text`, within MAX_DEPTH and MAX_DIGITS, each object's keys given
    once; JsonLimit or json.JSONDecodeError otherwise."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_number, parse_constant=_constant,
                           object_pairs_hook=_object)  # fmt: skip
    except RecursionError:
        raise JsonLimit(f"nested more than {MAX_DEPTH} levels deep") from None
    if depth(value) > MAX_DEPTH:
        raise JsonLimit(f"nested more than {MAX_DEPTH} levels deep")
    return value


def depth(value: Any) -> int:
    """How many objects and lists are nested in `value` at most (0 for a number or a string)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, level + 1) for child in children)
    return deepest
