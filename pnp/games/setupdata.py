"""Setup data as typed records: a game's part of `setup.json` is a frozen dataclass (`SetupData`),
and both its JSON form and its JSON Schema are derived from the record's fields.

Types map to JSON: `str`, `int` and `bool` as they are; `tuple[X, ...]` a list; a nested record an
object of its fields; `Mapping[str, X]` an object (its keys named by `Keys`); `X | None` a key the
file may leave out (None is never written). `Annotated[T, Schema(...)]` adds the JSON Schema
keywords a type cannot say (digit patterns, lengths, the words an error quotes). A field with a
default need not be in the file. What depends on the options (a board's rows for these players)
is the game's written schema fragment; what no schema can say (tile counts) its `check_data`.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from typing import Annotated, Any, Self, TypeVar, Union, get_args, get_origin, get_type_hints

# A JSON document as `json.loads` gives it: its shape is what the schema checked.
JsonObject = dict[str, Any]


@dataclass(frozen=True)
class SetupData:
    """A game's setup data; a game without random data (Amazons) has this empty record."""

    @classmethod
    def of(cls, data: SetupData) -> Self:
        """`data` as this record: TypeError when a setup of another game is passed."""
        if not isinstance(data, cls):
            raise TypeError(f"expected {cls.__name__} data, got {type(data).__name__}")
        return data


DataT = TypeVar("DataT", bound=SetupData)


class Schema:
    """JSON Schema keywords that a field adds to what its type says, e.g.
    `Annotated[str, Schema(pattern="^[1-3]*$", description="digits 1-3")]`."""

    def __init__(self, **keywords: Any) -> None:
        self.keywords: JsonObject = keywords


@dataclass(frozen=True)
class Keys:
    """The keys of a `Mapping[str, X]` field, in the order the file writes them: all required,
    no others."""

    names: tuple[str, ...]


def to_json(record: SetupData) -> JsonObject:
    """The record as setup.json writes it: fields in order, None fields left out."""
    return {
        f.name: _value_json(value)
        for f in fields(record)
        if (value := getattr(record, f.name)) is not None
    }


def _value_json(value: object) -> Any:
    if isinstance(value, SetupData):
        return to_json(value)
    if isinstance(value, tuple):
        return [_value_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _value_json(item) for key, item in value.items()}
    return value


def from_json(kind: type[DataT], document: Mapping[str, Any]) -> DataT:
    """The record of a JSON object that `kind`'s schema accepted; left-out keys take defaults."""
    hints = get_type_hints(kind, include_extras=True)
    given = {
        f.name: _value_of(hints[f.name], document[f.name])
        for f in fields(kind)
        if f.name in document
    }
    return kind(**given)


def _value_of(hint: Any, value: Any) -> Any:
    hint = _bare(hint)
    origin = get_origin(hint)
    if isinstance(hint, type) and issubclass(hint, SetupData):
        return from_json(hint, value)
    if origin is tuple:
        items = get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple(_value_of(items[0], item) for item in value)
        return tuple(_value_of(h, item) for h, item in zip(items, value, strict=True))
    if origin is Mapping:
        return {key: _value_of(get_args(hint)[1], item) for key, item in value.items()}
    return value


def _bare(hint: Any) -> Any:
    """The type without Annotated and without `| None`."""
    if get_origin(hint) is Annotated:
        return _bare(get_args(hint)[0])
    if get_origin(hint) in (Union, types.UnionType):
        (kept,) = (arg for arg in get_args(hint) if arg is not type(None))
        return _bare(kept)
    return hint


def record_schema(kind: type[SetupData]) -> JsonObject:
    """The JSON Schema of the record: an object of its fields, the ones without a default
    required, no other keys."""
    hints = get_type_hints(kind, include_extras=True)
    schema: JsonObject = {
        "type": "object",
        "properties": {f.name: type_schema(hints[f.name]) for f in fields(kind)},
    }
    required = [f.name for f in fields(kind) if _required(f.default, f.default_factory)]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def players_rule(players: int, default: int, then: JsonObject) -> JsonObject:
    """A rule of a game's written schema fragment: a file for `players` players (a file that
    names no player count is for `default`) matches `then` too."""
    given: JsonObject = {"properties": {"players": {"const": players}}}
    if players != default:  # a left-out player count is the default
        given["required"] = ["players"]
    return {"if": {"properties": {"options": given}}, "then": then}


def _required(default: object, factory: object) -> bool:
    return default is MISSING and factory is MISSING


def type_schema(hint: Any) -> JsonObject:
    """The JSON Schema of one type (see the module docstring for the types that map to JSON)."""
    origin = get_origin(hint)
    if origin is Annotated:
        inner, *notes = get_args(hint)
        schema = type_schema(inner)
        for note in notes:
            if isinstance(note, Keys):
                values = schema.pop("additionalProperties")
                schema["properties"] = {name: values for name in note.names}
                schema["required"] = list(note.names)
                schema["additionalProperties"] = False
            elif isinstance(note, Schema):
                schema.update(note.keywords)
        return schema
    if origin in (Union, types.UnionType):
        return type_schema(_bare(hint))
    if isinstance(hint, type) and is_dataclass(hint) and issubclass(hint, SetupData):
        return record_schema(hint)
    if origin is tuple:
        items = get_args(hint)
        if len(items) == 2 and items[1] is Ellipsis:
            return {"type": "array", "items": type_schema(items[0])}
        return {
            "type": "array",
            "prefixItems": [type_schema(item) for item in items],
            "minItems": len(items),
            "maxItems": len(items),
        }
    if origin is Mapping:
        return {"type": "object", "additionalProperties": type_schema(get_args(hint)[1])}
    words = {str: "string", bool: "boolean", int: "integer", float: "number"}
    if hint in words:
        return {"type": words[hint]}
    raise TypeError(f"no JSON form for the type {hint!r}")
