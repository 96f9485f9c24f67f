"""Game options: typed, validated settings with defaults that the CLI and setup files share.

Every option parses from the command line text and validates a value read back from a setup file,
with an error that names the accepted values.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnp.errors import PnpError, one_of

Options = Mapping[str, Any]


@dataclass(frozen=True)
class Option(ABC):
    """One setting of a game; `name` is both the CLI flag (`--name`) and the setup file key."""

    name: str
    help: str

    #: Whether the value is part of a setup's identity and is written to setup.json.
    stored = True

    @abstractmethod
    def parse(self, text: str) -> Any:
        """The value of a command line argument, or PnpError naming the accepted values."""

    @abstractmethod
    def accepted(self) -> str:
        """The accepted values, as the error messages state them."""

    @abstractmethod
    def default_value(self) -> Any:
        """The value used when the option is not given."""

    def check(self, value: Any) -> Any:
        """A value read from a setup file, checked; JSON holds the same text the CLI accepts."""
        return self.parse(str(value))

    def error(self, text: object) -> PnpError:
        return PnpError(f"--{self.name} {text!s} is not valid: expected {self.accepted()}")


@dataclass(frozen=True)
class IntOption(Option):
    default: int
    minimum: int
    maximum: int
    choices: tuple[int, ...] = ()

    def parse(self, text: str) -> int:
        try:
            value = int(str(text).strip())
        except ValueError:
            raise self.error(text) from None
        if self.choices and value not in self.choices:
            raise self.error(text)
        if not self.minimum <= value <= self.maximum:
            raise self.error(text)
        return value

    def accepted(self) -> str:
        if self.choices:
            return one_of(self.choices)
        return f"a whole number from {self.minimum} to {self.maximum}"

    def default_value(self) -> int:
        return self.default


@dataclass(frozen=True)
class ChoiceOption(Option):
    default: str
    choices: tuple[str, ...]

    def parse(self, text: str) -> str:
        value = str(text).strip().lower()
        if value not in self.choices:
            raise self.error(text)
        return value

    def accepted(self) -> str:
        return one_of(self.choices)

    def default_value(self) -> str:
        return self.default


_GRID_SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


@dataclass(frozen=True)
class GridSizeOption(Option):
    """A rectangle `ROWSxCOLS`, stored as that text (e.g. `8x8`)."""

    default: str
    min_side: int
    max_side: int

    def parse(self, text: str) -> str:
        match = _GRID_SIZE.match(str(text))
        if not match:
            raise self.error(text)
        rows, cols = int(match[1]), int(match[2])
        if not (self.min_side <= rows <= self.max_side and self.min_side <= cols <= self.max_side):
            raise self.error(text)
        return f"{rows}x{cols}"

    def accepted(self) -> str:
        return f"ROWSxCOLS with sides from {self.min_side} to {self.max_side} (e.g. {self.default})"

    def default_value(self) -> str:
        return self.default


def grid_size(text: str) -> tuple[int, int]:
    """(rows, cols) of a size already checked by GridSizeOption."""
    rows, cols = text.split("x")
    return int(rows), int(cols)


@dataclass(frozen=True)
class FileOption(Option):
    """A path to a file the game reads; the value is the file's text, read and checked at once.

    Not stored: the game copies what it read into the setup's own data.
    """

    stored = False

    def parse(self, text: str) -> str:
        from pathlib import Path

        path = Path(text)
        if not path.is_file():
            what = "a folder" if path.is_dir() else "no such file"
            raise PnpError(f"--{self.name} {text}: {what} (expected {self.accepted()})")
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PnpError(
                f"--{self.name} {text}: cannot read it ({exc.__class__.__name__})"
            ) from None

    def check(self, value: Any) -> Any:
        return value

    def accepted(self) -> str:
        return self.help

    def default_value(self) -> None:
        return None
