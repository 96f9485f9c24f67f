"""Options as typed, frozen records: each field declares once how it is given and stored.

A field of an options record carries its `Option` (help, parsing of command line text, the
accepted values for messages, the JSON form setup.json holds) in its metadata, declared with the
field by `option(...)`; the command line flags, the defaults and the setup.json `options` object
are derived from the fields. `GameOptions` holds what every game has (players, variant); each game
subclasses it in its own package with its own fields and the rules that span them (checked in
`__post_init__`). A kit's print options (pnp/kits) are records of the same kind.

Errors are `InputError`s naming the option, the value and the accepted values; only the commands
word them as command-line flags.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar

from pnp.errors import InputError, one_of
from pnp.games.userfile import FileProblem, read_text

T = TypeVar("T")
OptionJson = int | str  # an option's value as setup.json holds it
_SPEC = "option"  # the metadata key of a field's Option


@dataclass(frozen=True)
class Option(ABC, Generic[T]):
    """How one option is given: `name` is both the CLI flag (`--name`) and the setup file key."""

    name: str
    help: str

    @abstractmethod
    def parse(self, text: str) -> T:
        """The value of a command line argument, or InputError naming the accepted values."""

    @abstractmethod
    def accepted(self) -> str:
        """The accepted values, as the error messages state them."""

    @abstractmethod
    def default_value(self) -> T:
        """The value used when the option is not given."""

    @abstractmethod
    def to_json(self, value: T) -> OptionJson:
        """The value as setup.json holds it: the same text or number the CLI accepts."""

    def check(self, value: object) -> T:
        """A value read from a setup file, checked."""
        return self.parse(str(value))

    def error(self, text: object) -> InputError:
        return InputError(self.name, text, self.accepted())


def option(spec: Option[T]) -> T:
    """A field of an options record, declared by its Option: the default and the spec."""
    default: T = field(default=spec.default_value(), metadata={_SPEC: spec})
    return default


@dataclass(frozen=True)
class DefaultOption(Option[T]):
    """An option that takes `default` when it is not given."""

    default: T

    def default_value(self) -> T:
        return self.default


@dataclass(frozen=True)
class IntOption(DefaultOption[int]):
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

    def to_json(self, value: int) -> int:
        return value


@dataclass(frozen=True)
class ChoiceOption(DefaultOption[str]):
    choices: tuple[str, ...]

    def parse(self, text: str) -> str:
        value = str(text).strip().lower()
        if value not in self.choices:
            raise self.error(text)
        return value

    def accepted(self) -> str:
        return one_of(self.choices)

    def to_json(self, value: str) -> str:
        return value


@dataclass(frozen=True)
class YesNoOption(DefaultOption[bool]):
    """A switch given and stored as `yes` or `no`."""

    default: bool = False
    choices: ClassVar[tuple[str, str]] = ("no", "yes")

    def parse(self, text: str) -> bool:
        value = str(text).strip().lower()
        if value not in self.choices:
            raise self.error(text)
        return value == "yes"

    def accepted(self) -> str:
        return one_of(self.choices)

    def to_json(self, value: bool) -> str:
        return "yes" if value else "no"


@dataclass(frozen=True, order=True)
class GridSize:
    """A rectangle of `rows` x `cols` cells, written `ROWSxCOLS` (e.g. `8x8`)."""

    rows: int
    cols: int

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols}"


_GRID_SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


@dataclass(frozen=True)
class GridSizeOption(DefaultOption[GridSize]):
    """A rectangle `ROWSxCOLS`, stored as that text (e.g. `8x8`)."""

    min_side: int
    max_side: int

    def parse(self, text: str) -> GridSize:
        match = _GRID_SIZE.match(str(text))
        if not match:
            raise self.error(text)
        size = GridSize(int(match[1]), int(match[2]))
        sides = (size.rows, size.cols)
        if not all(self.min_side <= side <= self.max_side for side in sides):
            raise self.error(text)
        return size

    def accepted(self) -> str:
        return f"ROWSxCOLS with sides from {self.min_side} to {self.max_side} (e.g. {self.default})"

    def to_json(self, value: GridSize) -> str:
        return str(value)


@dataclass(frozen=True)
class FileOption(Option[T | None]):
    """A path to a file the game reads; the value is what `load` makes of the file's text (a
    regular file of at most 1 MB, read as pnp/games/userfile.py reads every file the user names).

    Not given, the value is None, and a record leaves an option without a value out of its JSON.
    A game copies what it read into the setup's own data, so a setup's options never hold it;
    a run's options record the file's path (`to_json`).
    """

    def parse(self, text: str) -> T | None:
        try:
            content = read_text(Path(text))
        except FileProblem as problem:
            if problem.kind in ("missing", "folder"):
                raise InputError(
                    self.name, text, self.accepted(), template="{field} {value}: {what} "
                    "(expected {accepted})", what="a folder" if problem.kind == "folder"
                    else "no such file",
                ) from None  # fmt: skip
            raise InputError(
                self.name, text, template="{field} {value}: {reason}", reason=problem.detail
            ) from None
        try:
            return self.load(text, content)
        except ValueError as exc:
            raise InputError(
                self.name, text, template="{field} {value}: {reason}", reason=str(exc)
            ) from None

    @abstractmethod
    def load(self, path: str, content: str) -> T:
        """The value of the file at `path` holding `content`; ValueError says what is wrong."""

    def accepted(self) -> str:
        return self.help

    def default_value(self) -> T | None:
        return None


@dataclass(frozen=True)
class OptionRecord:
    """Options declared as fields, each with its Option (see `option`)."""

    @classmethod
    def specs(cls) -> tuple[tuple[str, Option[Any]], ...]:
        """(attribute, Option) of each declared option, in declaration order."""
        return tuple((f.name, f.metadata[_SPEC]) for f in fields(cls) if _SPEC in f.metadata)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The options' names, as flags and setup files spell them."""
        return tuple(spec.name for _, spec in cls.specs())

    @classmethod
    def given(cls, given: Mapping[str, str], **fixed: Any) -> Self:
        """The record of command line text: each given option parsed, the rest at defaults."""
        values = {a: spec.parse(given[spec.name]) for a, spec in cls.specs() if spec.name in given}
        return cls.build({**fixed, **values})

    @classmethod
    def from_json(cls, document: Mapping[str, object], **fixed: Any) -> Self:
        """The record of a setup file's options, each present value checked."""
        values = {
            a: spec.check(document[spec.name]) for a, spec in cls.specs() if spec.name in document
        }
        return cls.build({**fixed, **values})

    @classmethod
    def build(cls, values: dict[str, Any]) -> Self:
        """The record of these values, the others at their defaults; records with defaults that
        depend on other options override this."""
        return cls(**values)

    def to_json(self) -> dict[str, OptionJson]:
        """The options as setup.json holds them; an option without a value is left out."""
        document: dict[str, OptionJson] = {}
        for attribute, spec in self.specs():
            value = getattr(self, attribute)
            if value is not None:
                document[spec.name] = spec.to_json(value)
        return document


@dataclass(frozen=True)
class GameOptions(OptionRecord):
    """What every game's options hold; a game subclasses this with its own fields."""

    players: int
    variant: str

    @classmethod
    def of(cls, options: GameOptions) -> Self:
        """`options` as this game's own options; TypeError if they are of another game."""
        if not isinstance(options, cls):
            raise TypeError(f"{type(options).__name__} are not {cls.__name__}")
        return options

    def to_json(self) -> dict[str, OptionJson]:
        return {"players": self.players, "variant": self.variant, **super().to_json()}
